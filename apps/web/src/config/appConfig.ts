import { api } from '../api/client';
import type { AppConfig } from './appConfigShape';

export type { AppConfig } from './appConfigShape';

let current: AppConfig | null = null;

export function getAppConfig(): AppConfig {
  if (!current) throw new Error('Die Konfiguration wurde noch nicht geladen.');
  return current;
}

export async function loadAppConfig(): Promise<AppConfig> {
  // Read before sign-in: without a token, and a refusal does not start a sign-in.
  current = parseAppConfig(await api.get<unknown>('config', undefined, { anonymous: true }));
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
