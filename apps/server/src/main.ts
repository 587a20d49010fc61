import os from 'node:os';
import * as Sentry from '@sentry/node';
import { buildApp } from './app';
import { type AppConfig, ConfigError, loadConfig } from './config';
import { DEMO_USERS } from './idp/demo-users';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  if (config.env === 'production' && config.sentryDsn) {
    Sentry.init({
      dsn: config.sentryDsn,
      environment: config.env,
      initialScope: { tags: { host: os.hostname() } },
    });
  }

  const started = Date.now();
  const built = await buildApp({ config });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (config.role === 'worker') {
    // A worker instance only processes jobs; API instances answer HTTP.
    console.log(`GewSt Desk Worker läuft (ROLE=worker, gestartet in ${seconds} s).`);
  } else {
    await built.app.listen({ port: config.port, host: config.host });
    console.log(banner(config, seconds));
  }
  watchEventLoop(built.app.log);

  const shutdown = async (signal: string) => {
    built.app.log.info({ signal }, 'shutting down');
    await built.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error('Start fehlgeschlagen:', err);
  process.exit(1);
});

/**
 * Warns when the event loop was blocked for a second or more (a long synchronous step, e.g. a
 * big statement of the embedded database): every request, the sign-in included, waited that long.
 */
function watchEventLoop(log: { warn: (obj: object, msg: string) => void }): void {
  const tick = 250;
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    const late = Math.round(now - last - tick);
    if (late >= 1000) log.warn({ blocked_ms: late }, 'event loop blocked');
    last = now;
  }, tick).unref();
}

function banner(config: AppConfig, seconds: string): string {
  const lines = [
    '',
    `  GewSt Desk läuft: ${config.publicUrl}  (gestartet in ${seconds} s)`,
    `  Datenbank: ${config.database.kind === 'pglite' ? `eingebettet (PGlite) in ${config.database.dir}` : 'PostgreSQL'}`,
  ];
  if (config.oidc.embedded) {
    lines.push(
      `  Anmeldung: eingebauter Identity Provider unter ${config.oidc.issuer}`,
      `  Demo-Benutzer (Passwort = Benutzername): ${DEMO_USERS.map((u) => u.username).join(', ')}`,
    );
  } else {
    lines.push(`  Anmeldung: ${config.oidc.issuer}`);
  }
  lines.push(`  API-Dokumentation: ${config.publicUrl}/api/docs`, '');
  return lines.join('\n');
}
