import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type Provider from 'oidc-provider';
import { registerCompanyScope } from './auth/company-scope';
import { registerAuth } from './auth/hook';
import { createTokenVerifier, discoverJwksUri, type TokenVerifier } from './auth/verifier';
import type { AppConfig } from './config';
import { type Database, openDatabase } from './db/client';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './http/error-handler';
import type { AppInstance } from './http/types';
import { loadProviderSecrets, publicJwk } from './idp/keys';
import { createEmbeddedProvider } from './idp/provider';
import { mountEmbeddedProvider } from './idp/routes';
import { auditRoutes } from './modules/audit/routes';
import { bookingRoutes } from './modules/bookings';
import { backupRoutes, registerRestoreGate } from './modules/backup/routes';
import { type BackupService, createBackupService } from './modules/backup/service';
import { archiveRoutes } from './modules/archive/routes';
import { calculationRoutes } from './modules/calculations/routes';
import { companyRoutes } from './modules/companies/routes';
import { documentRoutes } from './modules/documents/routes';
import { exportRoutes, startExport } from './modules/export';
import { type DocumentsRuntime, startDocuments } from './modules/documents/runtime';
import { importRoutes } from './modules/imports/routes';
import { interestRoutes } from './modules/interest/routes';
import { masterDataRoutes } from './modules/master-data/routes';
import { invalidateSearchIndex } from './modules/municipalities/search-index';
import { municipalityRoutes } from './modules/municipalities/routes';
import { notificationRoutes } from './modules/notifications';
import { paymentRoutes } from './modules/payments/routes';
import { processingStatusRoutes } from './modules/processing-status/routes';
import { settingsRoutes } from './modules/settings';
import { reportRoutes } from './modules/reports/routes';
import { roleRoutes } from './modules/roles/routes';
import { systemRoutes } from './modules/system/routes';
import { userRoutes } from './modules/users/routes';
import { zerlegungRoutes } from './modules/zerlegung/routes';
import { seedBaseData } from './seed/base';
import { seedDemoData } from './seed/demo';
import { APP_VERSION } from './version';

export const WEB_DIST_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface BuildOptions {
  config: AppConfig;
  /** An already open database (tests); otherwise opened from the configuration. */
  database?: Database;
  logger?: boolean;
  /** Serve the built web app (default: when it exists). */
  serveWeb?: boolean;
  extraOrigins?: string[];
}

export interface BuiltApp {
  app: AppInstance;
  database: Database;
  provider: Provider | null;
  backups: BackupService;
  documents: DocumentsRuntime;
  close(): Promise<void>;
}

export async function buildApp(options: BuildOptions): Promise<BuiltApp> {
  const { config } = options;
  const database = options.database ?? (await openDatabase(config.database));
  await seedBaseData(database.db);
  if (config.demoData === 'always' || (config.demoData === 'auto' && config.oidc.embedded)) {
    await seedDemoData(database.db);
  }

  let provider: Provider | null = null;
  let verifier: TokenVerifier;
  if (config.oidc.embedded) {
    const secrets = await loadProviderSecrets(database.db);
    provider = createEmbeddedProvider({
      db: database.db,
      issuer: config.oidc.issuer,
      audience: config.oidc.audience,
      publicUrl: config.publicUrl,
      signingKey: secrets.signingKey,
      cookieKeys: secrets.cookieKeys,
      extraOrigins: options.extraOrigins ?? (config.env === 'production' ? [] : ['http://localhost:5173']),
    });
    verifier = createTokenVerifier({
      issuer: config.oidc.issuer,
      audience: config.oidc.audience,
      jwks: { keys: [publicJwk(secrets.signingKey)] },
    });
  } else {
    verifier = createTokenVerifier({
      issuer: config.oidc.issuer,
      audience: config.oidc.audience,
      jwks: () => discoverJwksUri(config.oidc.issuer),
    });
  }

  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    clientErrorHandler,
    frameworkErrors: frameworkErrors as never,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', { config, database, verifier });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandler(app);
  registerAuth(app);
  registerCompanyScope(app);
  const documents: DocumentsRuntime = await startDocuments({ config, database, log: app.log });
  app.addHook('onClose', async () => documents.close());
  // The export's job type runs on the same queue as document processing.
  const exports = await startExport({ config, database, queue: documents.queue, log: app.log });
  const backups = createBackupService({
    config,
    database,
    hooks: { enqueueProcessing: documents.enqueueProcessing },
    pauseWork: async () => {
      await Promise.all([documents.pause(), exports.pause()]);
    },
    resumeWork: async () => {
      await Promise.all([documents.resume(), exports.resume()]);
    },
    afterRestore: () => invalidateSearchIndex(database.db),
    log: app.log,
  });
  registerRestoreGate(app, backups);
  if (config.role !== 'api' && config.backup.dailyAt) {
    const timer = setInterval(() => {
      backups.tick().catch((err: unknown) => app.log.error({ err }, 'automatic backup failed'));
    }, 60_000);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }

  const issuerOrigin = new URL(config.oidc.issuer).origin;
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // pdf.js decodes JPEG 2000 and JBIG2 scans with WebAssembly in its worker
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: [
          "'self'",
          issuerOrigin,
          'https://*.sentry.io',
          'https://*.ingest.sentry.io',
          'https://*.ingest.de.sentry.io',
        ],
        workerSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", issuerOrigin],
        frameAncestors: ["'none'"],
        formAction: ["'self'", issuerOrigin],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'GewSt Desk API',
        version: APP_VERSION,
        description: 'Alle Pfade liegen unter /api. Fehler: { error, code, errors? }.',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  if (provider) mountEmbeddedProvider(app, provider);

  await app.register(
    async (api) => {
      const typed = api.withTypeProvider<ZodTypeProvider>();
      systemRoutes(typed);
      userRoutes(typed);
      roleRoutes(typed);
      companyRoutes(typed);
      auditRoutes(typed);
      interestRoutes(typed);
      municipalityRoutes(typed);
      masterDataRoutes(typed);
      calculationRoutes(typed);
      zerlegungRoutes(typed);
      documentRoutes(typed, documents);
      paymentRoutes(typed);
      reportRoutes(typed);
      processingStatusRoutes(typed);
      importRoutes(typed, documents);
      settingsRoutes(typed);
      bookingRoutes(typed, {
        afterApprove: (tx, id, actor) => exports.enqueue(tx, id, actor).then(() => {}),
      });
      exportRoutes(typed, exports);
      backupRoutes(typed, backups);
      archiveRoutes(typed);
      notificationRoutes(typed);
    },
    { prefix: '/api' },
  );

  const serveWeb = options.serveWeb ?? existsSync(path.join(WEB_DIST_DIR, 'index.html'));
  if (serveWeb) {
    await app.register(fastifyStatic, { root: WEB_DIST_DIR, wildcard: false, index: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.raw.url ?? '';
    if (serveWeb && request.method === 'GET' && !url.startsWith('/api') && !url.startsWith('/idp')) {
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.status(404).send({ error: 'Diese Adresse gibt es nicht.', code: 'NOT_FOUND' });
  });

  await app.ready();
  return {
    app,
    database,
    provider,
    backups,
    documents,
    async close() {
      await app.close();
      if (!options.database) await database.close();
    },
  };
}
