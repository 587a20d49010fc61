import type { Permission } from '@gewst/domain';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TokenVerifier } from '../auth/verifier';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import type { Actor } from '../modules/audit/service';

/**
 * Every route declares what it needs: 'public' (no token), 'authenticated' (any signed-in
 * user) or a permission name. A route without a declaration fails at start-up.
 */
export type RoutePermission = 'public' | 'authenticated' | Permission;

export interface AppDeps {
  readonly config: AppConfig;
  readonly database: Database;
  readonly verifier: TokenVerifier;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: RoutePermission;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The actor of an authenticated route (the auth hook guarantees it is set). */
export function actorOf(request: { actor: Actor | null }): Actor {
  if (!request.actor) throw new Error('Route ohne Anmeldung fragt nach dem Benutzer.');
  return request.actor;
}
