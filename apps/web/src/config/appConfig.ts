import { joinUrl, resolveApiBase } from '../api/url';

/** GET /api/config (public, no token): what the browser needs before sign-in (seed §1). */
export interface AppConfig {
  oidc: { authority: string; client_id: string; scope: string; resource: string | null };
  sentry: { dsn: string | null; environment: string };
  version: string;
}

let current: AppConfig | null = null;

export function getAppConfig(): AppConfig {
  if (!current) throw new Error('Die Konfiguration wurde noch nicht geladen.');
  return current;
}

export async function loadAppConfig(): Promise<AppConfig> {
  const url = joinUrl(resolveApiBase(import.meta.env.VITE_API_BASE_URL), 'config');
  const response = await fetch(url, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET ${url} antwortete mit Status ${response.status}.`);
  current = parseAppConfig(await response.json());
  return current;
}

/** Checks the shape by hand: zod stays out of the initial bundle. */
export function parseAppConfig(raw: unknown): AppConfig {
  const problems: string[] = [];
  const obj = (value: unknown, path: string): Record<string, unknown> => {
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      return value as Record<string, unknown>;
    problems.push(`${path} fehlt`);
    return {};
  };
  const str = (value: unknown, path: string): string => {
    if (typeof value === 'string' && value !== '') return value;
    problems.push(`${path} muss Text sein`);
    return '';
  };
  const optStr = (value: unknown, path: string): string | null => {
    if (value == null || value === '') return null;
    if (typeof value === 'string') return value;
    problems.push(`${path} muss Text oder null sein`);
    return null;
  };
  const root = obj(raw, 'config');
  const oidc = obj(root.oidc, 'oidc');
  const sentry = obj(root.sentry ?? {}, 'sentry');
  const config: AppConfig = {
    oidc: {
      authority: str(oidc.authority, 'oidc.authority'),
      client_id: str(oidc.client_id, 'oidc.client_id'),
      scope: str(oidc.scope, 'oidc.scope'),
      resource: optStr(oidc.resource, 'oidc.resource'),
    },
    sentry: {
      dsn: optStr(sentry.dsn, 'sentry.dsn'),
      environment: optStr(sentry.environment, 'sentry.environment') ?? 'production',
    },
    version: typeof root.version === 'string' ? root.version : '',
  };
  if (problems.length > 0) throw new Error(`Ungültige Konfiguration: ${problems.join(', ')}.`);
  return config;
}
