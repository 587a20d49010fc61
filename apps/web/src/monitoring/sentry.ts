import type { AppConfig } from '../config/appConfigShape';

type SentryModule = typeof import('@sentry/react');

let sentry: SentryModule | null = null;
let username: string | null = null;

/**
 * Error reporting is active only in production builds when the server configures a DSN
 * (seed §1). The SDK is loaded on demand so it never weighs on the initial bundle.
 */
export async function initMonitoring(config: AppConfig): Promise<void> {
  if (!import.meta.env.PROD || !config.sentry.dsn) return;
  try {
    const module = await import('@sentry/react');
    module.init({ dsn: config.sentry.dsn, environment: config.sentry.environment, release: config.version });
    module.setTag('host', window.location.hostname);
    sentry = module;
    applyUser();
  } catch (error) {
    console.error('Fehlerberichte konnten nicht aktiviert werden', error);
  }
}

export function setMonitoringUser(name: string | null): void {
  username = name;
  applyUser();
}

function applyUser(): void {
  if (!sentry) return;
  sentry.setUser(username ? { username } : null);
  sentry.setTag('username', username ?? undefined);
}

export function reportError(error: unknown, extra?: Record<string, unknown>): void {
  sentry?.captureException(error, extra ? { extra } : undefined);
}
