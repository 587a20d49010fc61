import { z } from 'zod';
import type { AppInstance } from '../../http/types';
import { APP_VERSION } from '../../version';

export function systemRoutes(app: AppInstance): void {
  const tags = ['System'];
  app.get(
    '/health',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'Prüft Server und Datenbank',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.string() }),
          503: z.object({ status: z.literal('error'), database: z.string() }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await app.deps.database.query('select 1');
        return { status: 'ok' as const, database: app.deps.database.kind };
      } catch {
        return reply.status(503).send({ status: 'error' as const, database: 'nicht erreichbar' });
      }
    },
  );
  app.get(
    '/config',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'Öffentliche Einstellungen für die Web-App (Anmeldung, Fehlerberichte)',
        response: {
          200: z.object({
            oidc: z.object({
              authority: z.string(),
              client_id: z.string(),
              scope: z.string(),
              resource: z.string().nullable(),
            }),
            sentry: z.object({ dsn: z.string().nullable(), environment: z.string() }),
            version: z.string(),
          }),
        },
      },
    },
    async () => {
      const { oidc, sentryDsn, env } = app.deps.config;
      return {
        oidc: {
          authority: oidc.issuer,
          client_id: oidc.clientId,
          scope: oidc.scope,
          resource: oidc.resource,
        },
        sentry: { dsn: sentryDsn, environment: env },
        version: APP_VERSION,
      };
    },
  );
}
