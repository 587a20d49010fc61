import { isPermission, type Permission } from '@gewst/domain';
import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../http/errors';
import type { AppInstance, RoutePermission } from '../http/types';
import { resolveUser } from '../modules/users/service';

const PUBLIC_PREFIXES = ['/api/docs'];

/**
 * Authentication and authorisation, before validation: a caller without the right
 * permission learns nothing about the shape of the input. Routes must declare their
 * permission; a route without one makes start-up fail.
 */
export function registerAuth(app: AppInstance): void {
  app.decorateRequest('actor', null);

  app.addHook('onRoute', (route) => {
    const permission = route.config?.permission;
    // Static files of the web app and the API documentation are public by nature;
    // everything else under /api must say what it needs.
    const isApi = route.url.startsWith('/api') && !PUBLIC_PREFIXES.some((p) => route.url.startsWith(p));
    if (!isApi && !permission) {
      route.config = { ...route.config, permission: permission ?? 'public' };
      return;
    }
    if (!permission)
      throw new Error(`Route ${String(route.method)} ${route.url} deklariert keine Berechtigung.`);
    if (permission !== 'public' && permission !== 'authenticated' && !isPermission(permission)) {
      throw new Error(`Route ${route.url}: unbekannte Berechtigung „${permission}“.`);
    }
    if (permission !== 'public') {
      // documented in the OpenAPI document
      route.schema = route.schema ?? {};
      const schema = route.schema as Record<string, unknown>;
      schema.security = [{ bearerAuth: [] }];
      schema['x-permission'] = permission;
    }
  });

  app.addHook('onRequest', async (request) => {
    const permission = request.routeOptions.config?.permission as RoutePermission | undefined;
    if (!permission || permission === 'public') return;
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const claims = await app.deps.verifier.verify(token);
    const user = await resolveUser(app.deps.database.db, claims, {
      usernameClaim: app.deps.config.oidc.usernameClaim,
      adminUsernames: app.deps.config.adminUsernames,
      requestId: request.id,
    });
    request.actor = {
      userId: user.id,
      username: user.username,
      permissions: new Set<Permission>(user.permissions),
      requestId: request.id,
      companyIds: user.company_ids,
    };
    if (permission !== 'authenticated' && !request.actor.permissions.has(permission)) {
      throw forbidden(`Dafür fehlt Ihnen die Berechtigung „${permission}“.`);
    }
  });
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}
