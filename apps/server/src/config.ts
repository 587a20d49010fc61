import path from 'node:path';
import { z } from 'zod';

/**
 * Configuration is parsed once at start into a frozen object (CONVENTIONS 10).
 * Nothing set → embedded mode: PGlite under ./data, local identity provider, demo data.
 * No other module reads process.env.
 */
const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ error: 'PORT muss eine Zahl zwischen 1 und 65535 sein.' })
    .int('PORT muss eine ganze Zahl sein.')
    .min(1, 'PORT muss zwischen 1 und 65535 liegen.')
    .max(65535, 'PORT muss zwischen 1 und 65535 liegen.')
    .default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url({ error: 'PUBLIC_URL muss eine URL sein, z. B. https://gewst.example.com' }).optional(),
  DATA_DIR: z.string().default('./data'),
  FILES_DIR: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  OIDC_ISSUER: z.url({ error: 'OIDC_ISSUER muss die URL des Identity Providers sein.' }).optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_AUDIENCE: z.string().optional(),
  OIDC_SCOPE: z.string().default('openid profile email'),
  OIDC_RESOURCE: z.string().optional(),
  OIDC_USERNAME_CLAIM: z.string().default('preferred_username'),
  ADMIN_USERNAMES: z.string().default(''),
  DEMO_DATA: z.enum(['auto', 'always', 'never']).default('auto'),
  SENTRY_DSN: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ROLE: z.enum(['api', 'worker', 'all']).default('all'),
  TRUST_PROXY: bool,
  MAX_UPLOAD_MB: z.coerce
    .number({ error: 'MAX_UPLOAD_MB muss eine Zahl (Megabyte) sein.' })
    .positive('MAX_UPLOAD_MB muss größer als 0 sein.')
    .max(2048, 'MAX_UPLOAD_MB darf höchstens 2048 sein.')
    .default(50),
  MAX_UPLOAD_TOTAL_MB: z.coerce
    .number({ error: 'MAX_UPLOAD_TOTAL_MB muss eine Zahl (Megabyte) sein.' })
    .positive('MAX_UPLOAD_TOTAL_MB muss größer als 0 sein.')
    .max(8192, 'MAX_UPLOAD_TOTAL_MB darf höchstens 8192 sein.')
    .default(100),
  MAX_UPLOAD_FILES: z.coerce
    .number({ error: 'MAX_UPLOAD_FILES muss eine Zahl (Dateien) sein.' })
    .int('MAX_UPLOAD_FILES muss eine ganze Zahl sein.')
    .min(1, 'MAX_UPLOAD_FILES muss mindestens 1 sein.')
    .max(1000, 'MAX_UPLOAD_FILES darf höchstens 1000 sein.')
    .default(50),
  IMPORT_DIR: z.string().optional(),
  DOCUMENT_LOCK_SECONDS: z.coerce
    .number({ error: 'DOCUMENT_LOCK_SECONDS muss eine Zahl (Sekunden) sein.' })
    .int('DOCUMENT_LOCK_SECONDS muss eine ganze Zahl sein.')
    .min(1, 'DOCUMENT_LOCK_SECONDS muss mindestens 1 sein.')
    .default(120),
  JOB_TIMEOUT_SECONDS: z.coerce
    .number({ error: 'JOB_TIMEOUT_SECONDS muss eine Zahl (Sekunden) sein.' })
    .int('JOB_TIMEOUT_SECONDS muss eine ganze Zahl sein.')
    .min(1, 'JOB_TIMEOUT_SECONDS muss mindestens 1 sein.')
    .default(600),
  JOB_POLL_SECONDS: z.coerce
    .number({ error: 'JOB_POLL_SECONDS muss eine Zahl (Sekunden) sein.' })
    .min(0.5, 'JOB_POLL_SECONDS muss mindestens 0,5 sein.')
    .default(2),
  MAX_PAGES: z.coerce
    .number({ error: 'MAX_PAGES muss eine Zahl (Seiten) sein.' })
    .int('MAX_PAGES muss eine ganze Zahl sein.')
    .min(1, 'MAX_PAGES muss mindestens 1 sein.')
    .max(10000, 'MAX_PAGES darf höchstens 10000 sein.')
    .default(50),
  SANDBOX_MEMORY_MB: z.coerce
    .number({ error: 'SANDBOX_MEMORY_MB muss eine Zahl (Megabyte) sein.' })
    .int('SANDBOX_MEMORY_MB muss eine ganze Zahl sein.')
    .min(256, 'SANDBOX_MEMORY_MB muss mindestens 256 sein.')
    .default(1024),
  PROCESSING_TIMEOUT_SECONDS: z.coerce
    .number({ error: 'PROCESSING_TIMEOUT_SECONDS muss eine Zahl (Sekunden) sein.' })
    .int('PROCESSING_TIMEOUT_SECONDS muss eine ganze Zahl sein.')
    .min(1, 'PROCESSING_TIMEOUT_SECONDS muss mindestens 1 sein.')
    .default(300),
  PROCESSING_ATTEMPTS: z.coerce
    .number({ error: 'PROCESSING_ATTEMPTS muss eine Zahl sein.' })
    .int('PROCESSING_ATTEMPTS muss eine ganze Zahl sein.')
    .min(1, 'PROCESSING_ATTEMPTS muss mindestens 1 sein.')
    .max(10, 'PROCESSING_ATTEMPTS darf höchstens 10 sein.')
    .default(2),
  PROCESSING_CONCURRENCY: z.coerce
    .number({ error: 'PROCESSING_CONCURRENCY muss eine Zahl sein.' })
    .int('PROCESSING_CONCURRENCY muss eine ganze Zahl sein.')
    .min(1, 'PROCESSING_CONCURRENCY muss mindestens 1 sein.')
    .max(16, 'PROCESSING_CONCURRENCY darf höchstens 16 sein.')
    .default(1),
  EXPORT_DIR: z.string().optional(),
  EXPORT_RETRY_LIMIT: z.coerce
    .number({ error: 'EXPORT_RETRY_LIMIT muss eine Zahl sein.' })
    .int('EXPORT_RETRY_LIMIT muss eine ganze Zahl sein.')
    .min(0, 'EXPORT_RETRY_LIMIT darf nicht negativ sein.')
    .max(20, 'EXPORT_RETRY_LIMIT darf höchstens 20 sein.')
    .default(5),
  EXPORT_RETRY_DELAY_SECONDS: z.coerce
    .number({ error: 'EXPORT_RETRY_DELAY_SECONDS muss eine Zahl (Sekunden) sein.' })
    .int('EXPORT_RETRY_DELAY_SECONDS muss eine ganze Zahl sein.')
    .min(1, 'EXPORT_RETRY_DELAY_SECONDS muss mindestens 1 sein.')
    .default(30),
  BACKUP_DIR: z.string().optional(),
  BACKUP_TIME: z
    .string()
    .trim()
    .regex(
      /^(?:(?:[01]\d|2[0-3]):[0-5]\d|aus|off)$/i,
      'BACKUP_TIME muss eine Uhrzeit (HH:MM, z. B. 02:30) oder „aus“ sein.',
    )
    .default('02:00'),
  BACKUP_KEEP: z.coerce
    .number({ error: 'BACKUP_KEEP muss eine Zahl (Anzahl Sicherungen) sein.' })
    .int('BACKUP_KEEP muss eine ganze Zahl sein.')
    .min(1, 'BACKUP_KEEP muss mindestens 1 sein.')
    .max(365, 'BACKUP_KEEP darf höchstens 365 sein.')
    .default(7),
});

/** Bearer tokens for HTTP export targets: EXPORT_TOKEN_<NAME>; a company's setting names one. */
const EXPORT_TOKEN = /^EXPORT_TOKEN_[A-Z0-9_]+$/;

/** Checks across variables, run on the raw input so that all problems are listed at once. */
function crossChecks(source: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  const external = [source.OIDC_ISSUER, source.OIDC_CLIENT_ID, source.OIDC_AUDIENCE];
  if (external.some(Boolean) && !external.every(Boolean)) {
    problems.push(
      'OIDC_ISSUER: OIDC_ISSUER, OIDC_CLIENT_ID und OIDC_AUDIENCE müssen zusammen gesetzt werden (oder keine davon).',
    );
  }
  if (source.NODE_ENV === 'production' && !source.OIDC_ISSUER) {
    problems.push(
      'OIDC_ISSUER: In Produktion muss ein externer Identity Provider (OIDC_ISSUER …) konfiguriert sein.',
    );
  }
  return problems;
}

export type Env = z.input<typeof envSchema>;

export interface AppConfig {
  readonly env: 'development' | 'production' | 'test';
  readonly port: number;
  readonly host: string;
  readonly publicUrl: string;
  readonly dataDir: string;
  readonly filesDir: string;
  readonly database:
    | { readonly kind: 'pglite'; readonly dir: string | null }
    | { readonly kind: 'postgres'; readonly url: string };
  readonly oidc: {
    readonly embedded: boolean;
    readonly issuer: string;
    readonly clientId: string;
    readonly audience: string;
    readonly scope: string;
    readonly resource: string | null;
    readonly usernameClaim: string;
  };
  readonly adminUsernames: readonly string[];
  readonly demoData: 'auto' | 'always' | 'never';
  readonly sentryDsn: string | null;
  readonly logLevel: string;
  readonly role: 'api' | 'worker' | 'all';
  readonly trustProxy: boolean;
  readonly export: {
    /** Root of every company's export directory (EXPORT_DIR, default $DATA_DIR/exports). */
    readonly dir: string;
    readonly retryLimit: number;
    readonly retryDelaySeconds: number;
    /** EXPORT_TOKEN_* variables by name; never stored in the database or logged. */
    readonly tokens: Readonly<Record<string, string>>;
  };
  readonly documents: {
    readonly maxUploadBytes: number;
    /** All files of one upload request together (MAX_UPLOAD_TOTAL_MB). */
    readonly maxUploadTotalBytes: number;
    /** Files per upload request (MAX_UPLOAD_FILES). */
    readonly maxUploadFiles: number;
    readonly importDir: string | null;
    readonly lockSeconds: number;
    readonly jobTimeoutSeconds: number;
    readonly jobPollSeconds: number;
    /** Page limit per file (MAX_PAGES). */
    readonly maxPages: number;
    /** Memory limit of the processing sandbox in MB (SANDBOX_MEMORY_MB). */
    readonly sandboxMemoryMb: number;
    /** Wall-clock limit per file; below the job timeout so the sandbox is killed before a retry. */
    readonly processingTimeoutSeconds: number;
    /** Runs of a file that killed its sandbox (memory, time, crash) before it is marked fehler. */
    readonly processingAttempts: number;
    /** Documents processed side by side, each in its own sandbox (PROCESSING_CONCURRENCY). */
    readonly processingConcurrency: number;
  };
  readonly backup: {
    /** Where archives are kept (default $DATA_DIR/backups). */
    readonly dir: string;
    /** Daily automatic backup at this local time ("HH:MM"), or null when switched off. */
    readonly dailyAt: string | null;
    /** How many automatic backups are kept; older ones are deleted after a new one. */
    readonly keep: number;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Ungültige Konfiguration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export const EMBEDDED_CLIENT_ID = 'gewst-desk-web';

export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  const problems = [
    ...(parsed.success
      ? []
      : parsed.error.issues.map((i) => `${i.path.join('.') || 'Umgebung'}: ${i.message}`)),
    ...crossChecks(source),
  ];
  if (!parsed.success || problems.length) throw new ConfigError(problems);
  const env = parsed.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const dataDir = path.resolve(env.DATA_DIR);
  const embedded = !env.OIDC_ISSUER;
  const audience = env.OIDC_AUDIENCE ?? `${publicUrl}/api`;
  const config: AppConfig = {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    dataDir,
    filesDir: path.resolve(env.FILES_DIR ?? path.join(dataDir, 'files')),
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dir: path.join(dataDir, 'db') },
    oidc: {
      embedded,
      // Kept exactly as given: tokens are checked against it by exact comparison, and some
      // providers' issuers end with a slash (Entra ID v1, Auth0).
      issuer: env.OIDC_ISSUER ?? `${publicUrl}/idp`,
      clientId: env.OIDC_CLIENT_ID ?? EMBEDDED_CLIENT_ID,
      audience,
      scope: env.OIDC_SCOPE,
      resource: env.OIDC_RESOURCE ?? (embedded ? audience : null),
      usernameClaim: env.OIDC_USERNAME_CLAIM,
    },
    adminUsernames: [
      ...new Set([
        ...env.ADMIN_USERNAMES.split(',')
          .map((s) => s.trim())
          .filter(Boolean),
        ...(embedded ? ['admin'] : []),
      ]),
    ],
    demoData: env.DEMO_DATA,
    sentryDsn: env.SENTRY_DSN || null,
    logLevel: env.LOG_LEVEL,
    role: env.ROLE,
    trustProxy: env.TRUST_PROXY,
    export: {
      dir: path.resolve(env.EXPORT_DIR ?? path.join(dataDir, 'exports')),
      retryLimit: env.EXPORT_RETRY_LIMIT,
      retryDelaySeconds: env.EXPORT_RETRY_DELAY_SECONDS,
      tokens: Object.fromEntries(
        Object.entries(source).filter(
          (e): e is [string, string] => EXPORT_TOKEN.test(e[0]) && typeof e[1] === 'string' && e[1] !== '',
        ),
      ),
    },
    documents: {
      maxUploadBytes: Math.round(env.MAX_UPLOAD_MB * 1024 * 1024),
      maxUploadTotalBytes: Math.round(env.MAX_UPLOAD_TOTAL_MB * 1024 * 1024),
      maxUploadFiles: env.MAX_UPLOAD_FILES,
      importDir: env.IMPORT_DIR ? path.resolve(env.IMPORT_DIR) : null,
      lockSeconds: env.DOCUMENT_LOCK_SECONDS,
      jobTimeoutSeconds: env.JOB_TIMEOUT_SECONDS,
      jobPollSeconds: env.JOB_POLL_SECONDS,
      maxPages: env.MAX_PAGES,
      sandboxMemoryMb: env.SANDBOX_MEMORY_MB,
      processingTimeoutSeconds: Math.max(
        1,
        Math.min(
          env.PROCESSING_TIMEOUT_SECONDS,
          env.JOB_TIMEOUT_SECONDS - Math.ceil(env.JOB_TIMEOUT_SECONDS / 10),
        ),
      ),
      processingAttempts: env.PROCESSING_ATTEMPTS,
      processingConcurrency: env.PROCESSING_CONCURRENCY,
    },
    backup: {
      dir: path.resolve(env.BACKUP_DIR ?? path.join(dataDir, 'backups')),
      dailyAt: /^(aus|off)$/i.test(env.BACKUP_TIME) ? null : env.BACKUP_TIME,
      keep: env.BACKUP_KEEP,
    },
  };
  return deepFreeze(config);
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}
