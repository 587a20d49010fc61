import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import {
  backupDownloadLinkSchema,
  backupDownloadQuerySchema,
  backupListSchema,
  backupNameParamSchema,
  backupSchema,
  restoreBodySchema,
} from '@gewst/domain';
import { z } from 'zod';
import { AppError } from '../../http/errors';
import { actorOf, type AppInstance } from '../../http/types';
import { presentBackup } from './presenter';
import type { BackupService } from './service';

const tags = ['Admin'];
const started = z.object({ name: z.string() });

/** Admin → Backup; every route needs `change-permissions-of-user` (seed §6: Admin backup). */
export function backupRoutes(app: AppInstance, service: BackupService): void {
  const permission = 'change-permissions-of-user' as const;

  app.get(
    '/backups',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Sicherungen (Größe, Datum, Datenbankstand), laufender Vorgang, Zeitplan',
        response: { 200: backupListSchema },
      },
    },
    async () => service.list(),
  );

  app.post(
    '/backups',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Sicherung erstellen (läuft im Hintergrund; Fortschritt in GET /backups)',
        response: { 202: started },
      },
    },
    async (request, reply) => {
      const { name } = await service.startBackup('manuell', actorOf(request));
      return reply.status(202).send({ name });
    },
  );

  app.get(
    '/backups/:name/download',
    {
      config: { permission },
      schema: { tags, summary: 'Archiv herunterladen (.tar.gz)', params: backupNameParamSchema },
    },
    async (request, reply) => {
      const file = await service.archiveFor(request.params.name, actorOf(request));
      return reply
        .type('application/gzip')
        .header('content-disposition', `attachment; filename="${request.params.name}"`)
        .header('cache-control', 'no-store')
        .send(createReadStream(file));
    },
  );

  app.post(
    '/backups/:name/link',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Download-Link (60 s gültig, ohne Token aufrufbar) für den Browser',
        params: backupNameParamSchema,
        response: { 200: backupDownloadLinkSchema },
      },
    },
    async (request) => service.downloadLink(request.params.name, actorOf(request)),
  );

  app.get(
    '/backups/download',
    {
      // the signed link is the authorisation (it came from POST /backups/{name}/link)
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'Archiv über einen Download-Link herunterladen',
        querystring: backupDownloadQuerySchema,
      },
    },
    async (request, reply) => {
      const { name, file } = await service.archiveForLink(request.query.token);
      return reply
        .type('application/gzip')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(createReadStream(file));
    },
  );

  app.delete(
    '/backups/:name',
    {
      config: { permission },
      schema: { tags, summary: 'Sicherung löschen', params: backupNameParamSchema },
    },
    async (request, reply) => {
      await service.remove(request.params.name, actorOf(request));
      return reply.status(204).send();
    },
  );

  app.post(
    '/backups/:name/restore',
    {
      config: { permission },
      schema: {
        tags,
        summary: `Sicherung wiederherstellen (ersetzt alle Daten; Bestätigung „WIEDERHERSTELLEN“); 409 bei anderem Datenbankstand`,
        params: backupNameParamSchema,
        body: restoreBodySchema,
        response: { 202: started },
      },
    },
    async (request, reply) => {
      await service.startRestore(request.params.name, actorOf(request));
      return reply.status(202).send({ name: request.params.name });
    },
  );

  // Multipart only inside this scope; archives may be large, they go straight to disk.
  app.register(async (scope) => {
    const typed = scope as unknown as AppInstance;
    await typed.register(multipart, { limits: { fileSize: 1024 ** 4, files: 1, fields: 5 } });
    typed.post(
      '/backups/upload',
      {
        config: { permission },
        schema: {
          tags,
          summary: 'Archiv hochladen (multipart, Feld „file“); erscheint danach in der Liste',
          consumes: ['multipart/form-data'],
          response: { 201: backupSchema },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart())
          throw new AppError(
            415,
            'UNSUPPORTED_MEDIA_TYPE',
            'Bitte das Archiv als multipart/form-data hochladen.',
          );
        const tmp = await service.uploadTarget();
        let filename: string | null = null;
        try {
          for await (const part of request.parts()) {
            if (part.type !== 'file') continue;
            if (filename !== null) {
              part.file.resume();
              continue;
            }
            filename = part.filename || 'sicherung.tar.gz';
            await pipeline(part.file, createWriteStream(tmp));
          }
        } catch {
          await rm(tmp, { force: true });
          throw new AppError(400, 'INVALID_UPLOAD', 'Das Archiv konnte nicht gelesen werden.');
        }
        if (filename === null) {
          await rm(tmp, { force: true });
          throw new AppError(400, 'VALIDATION_FAILED', 'Bitte ein Archiv auswählen.', {
            file: ['Datei fehlt.'],
          });
        }
        const info = await service.acceptUpload(tmp, filename, actorOf(request));
        return reply.status(201).send(presentBackup(info));
      },
    );
  });
}

/**
 * While a restore replaces the data, the API answers 503 except for what the backup
 * screen needs to follow it (and health/config for load balancers and the web app's start).
 */
export function registerRestoreGate(app: AppInstance, service: BackupService): void {
  app.addHook('onRequest', async (request) => {
    if (!service.isRestoring()) return;
    const url = (request.raw.url ?? '').split('?')[0] ?? '';
    if (!url.startsWith('/api/')) return;
    if (request.method === 'GET' && ['/api/backups', '/api/health', '/api/config'].includes(url)) return;
    throw new AppError(
      503,
      'RESTORE_RUNNING',
      'Die Daten werden gerade aus einer Sicherung wiederhergestellt. Bitte in einigen Minuten erneut versuchen.',
    );
  });
}
