/** GET /api/config (public, no token): what the browser needs before sign-in (seed §1). */
export interface AppConfig {
  oidc: { authority: string; client_id: string; scope: string; resource: string | null };
  sentry: { dsn: string | null; environment: string };
  version: string;
}
