import multipart from '@fastify/multipart';
import {
  confirmationPreviewSchema,
  confirmationQuerySchema,
  documentConfirmSchema,
  documentDetailSchema,
  documentListQuerySchema,
  documentListSchema,
  documentLockSchema,
  documentReprocessSchema,
  documentStatsQuerySchema,
  documentStatsSchema,
  documentUnconfirmSchema,
  documentUpdateSchema,
  documentUploadFieldsSchema,
  extractionQuerySchema,
  extractionTextSchema,
  getFileQuerySchema,
  idParamSchema,
  pageQuerySchema,
  uploadAuditEntrySchema,
  uploadAuditListSchema,
  uploadResultSchema,
} from '@gewst/domain';
import type { FastifyRequest } from 'fastify';
import { assertCompanyAllowed } from '../../auth/company-scope';
import { settings } from '../settings';
import { AppError, validationFailed } from '../../http/errors';
import { type AppInstance, actorOf } from '../../http/types';
import * as files from './files';
import type { FileStore, StagedFile } from './file-store';
import { type IncomingFile, ingestFiles } from './intake';
import type { DocumentsRuntime } from './runtime';
import { retentionRoutes } from './retention-routes';
import * as service from './service';

const notMultipart = () =>
  new AppError(
    415,
    'UNSUPPORTED_MEDIA_TYPE',
    'Bitte PDF-Dateien als multipart/form-data hochladen (Feld „files“, dazu „company_id“).',
  );

const mb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
const uploadTooLarge = (max: number) =>
  new AppError(
    413,
    'UPLOAD_TOO_LARGE',
    `Der Upload ist zu groß: höchstens ${mb(max)} je Upload. Bitte die Dateien auf mehrere Uploads verteilen.`,
  );
const tooManyFiles = (max: number) =>
  new AppError(
    413,
    'TOO_MANY_FILES',
    `Zu viele Dateien: höchstens ${max} Dateien je Upload. Bitte die Dateien auf mehrere Uploads verteilen.`,
  );

/**
 * Streams the file parts (each up to the size limit) into the file store's temporary area,
 * hashed on the way, and reads the text fields. An upload announced larger than the total
 * limit is refused before any of its body is read; a body without a length stops being read
 * as soon as its files exceed the total. On any failure the temporary files are removed; the
 * caller removes the rest (`discardAll`) once intake has taken what it stores.
 */
async function readParts(
  request: FastifyRequest,
  store: FileStore,
  limits: { totalBytes: number; files: number },
) {
  if (!request.isMultipart()) throw notMultipart();
  // Multipart framing (boundaries, part headers, text fields) on top of the files.
  const announced = Number(request.headers['content-length'] ?? 0);
  if (announced > limits.totalBytes + 1024 * 1024) throw uploadTooLarge(limits.totalBytes);
  const fields: Record<string, string> = {};
  const parts: (IncomingFile & { staged: StagedFile })[] = [];
  let total = 0;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (parts.length >= limits.files) throw tooManyFiles(limits.files);
        const staged = await store.stage(part.file, (n) => {
          total += n;
          if (total > limits.totalBytes) throw uploadTooLarge(limits.totalBytes);
        });
        parts.push({ filename: part.filename || 'dokument.pdf', staged, truncated: part.file.truncated });
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (err) {
    await discardAll(parts);
    if (err instanceof AppError) throw err;
    if ((err as { code?: string })?.code === 'FST_FILES_LIMIT') throw tooManyFiles(limits.files);
    throw new AppError(400, 'INVALID_UPLOAD', 'Die hochgeladenen Dateien konnten nicht gelesen werden.');
  }
  return { fields, files: parts };
}

/** Removes the temporary files that were not taken into the store (no-op for the others). */
const discardAll = (parts: readonly IncomingFile[]) =>
  Promise.all(parts.map((p) => p.staged?.discard().catch(() => {})));

export function documentRoutes(app: AppInstance, rt: DocumentsRuntime): void {
  const db = () => rt.database.db;
  const tags = ['Dokumente'];
  retentionRoutes(app, rt);

  app.get(
    '/documents',
    {
      config: { permission: 'read-data' },
      schema: {
        tags,
        summary: 'Dokumente einer Firma: Typ, Status, Fälligkeit, Suche (deutsch), Sortierung, Seiten',
        querystring: documentListQuerySchema,
        response: { 200: documentListSchema },
      },
    },
    async (request) => service.listDocuments(db(), actorOf(request), request.query),
  );
  app.get(
    '/documents/stats',
    {
      config: { permission: 'read-data' },
      schema: {
        tags,
        summary: 'Anzahl je Typ und Status, überfällige und bald fällige Wiedervorlagen',
        querystring: documentStatsQuerySchema,
        response: { 200: documentStatsSchema },
      },
    },
    async (request) => service.documentStats(db(), request.query.company_id),
  );
  app.get(
    '/documents/getFile',
    {
      config: { permission: 'read-data' },
      schema: {
        tags,
        summary: 'PDF eines gespeicherten Dokuments (download=true: als Anhang)',
        querystring: getFileQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await files.readStoredFile(rt, actorOf(request), request.query.path);
      return reply
        .type('application/pdf')
        .header('content-disposition', files.contentDisposition(file.filename, !!request.query.download))
        .header('cache-control', 'private, max-age=3600')
        .send(file.bytes);
    },
  );
  app.get(
    '/documents/:id',
    {
      config: { permission: 'read-data' },
      schema: {
        tags,
        summary: 'Dokument mit Feldern (Herkunft), Prüfungen, Stammdaten, Sperre und Fassungen',
        params: idParamSchema,
        response: { 200: documentDetailSchema },
      },
    },
    async (request) => service.getDocument(db(), actorOf(request), request.params.id),
  );
  app.put(
    '/documents/:id',
    {
      config: { permission: 'add-payment-data' },
      schema: {
        tags,
        summary: 'Dokument ändern: archived | dueDate+dueText | fields | master_data_id | type',
        params: idParamSchema,
        body: documentUpdateSchema,
        response: { 200: documentDetailSchema },
      },
    },
    async (request) => service.updateDocument(db(), actorOf(request), request.params.id, request.body),
  );
  app.delete(
    '/documents/:id',
    {
      config: { permission: 'add-payment-data' },
      schema: {
        tags,
        summary: 'Dokument löschen (wiederherstellbar; die Datei bleibt)',
        params: idParamSchema,
        response: { 200: documentDetailSchema },
      },
    },
    async (request) => service.deleteDocument(db(), actorOf(request), request.params.id),
  );
  const action = (
    suffix: string,
    permission: 'add-payment-data' | 'change-permissions-of-user',
    summary: string,
    fn: (actor: ReturnType<typeof actorOf>, id: number) => Promise<unknown>,
    response: typeof documentDetailSchema | typeof documentLockSchema = documentDetailSchema,
  ) =>
    app.post(
      `/documents/:id/${suffix}`,
      {
        config: { permission },
        schema: { tags, summary, params: idParamSchema, response: { 200: response } },
      },
      async (request) => fn(actorOf(request), request.params.id) as never,
    );
  action(
    'keepLocking',
    'add-payment-data',
    'Bearbeitungssperre setzen oder verlängern (423, wenn ein anderer sie hält)',
    async (actor, id) =>
      service.keepLocking(
        db(),
        actor,
        id,
        (await settings.get(db(), 'documents.lock_seconds')) ?? rt.config.documents.lockSeconds,
      ),
    documentLockSchema,
  );
  action(
    'releaseLock',
    'add-payment-data',
    'Bearbeitungssperre freigeben',
    (actor, id) => service.releaseLock(db(), actor, id),
    documentLockSchema,
  );
  app.get(
    '/documents/:id/confirmation',
    {
      config: { permission: 'add-payment-data' },
      schema: {
        tags,
        summary:
          'Was „Prüfung abschließen“ anlegen würde: Zahlungszeilen, ersetzte Zeilen, Prüfungen, Abrechnung',
        params: idParamSchema,
        querystring: confirmationQuerySchema,
        response: { 200: confirmationPreviewSchema },
      },
    },
    async (request) =>
      service.confirmationPreview(db(), actorOf(request), request.params.id, request.query.override),
  );
  app.post(
    '/documents/:id/confirm',
    {
      config: { permission: 'add-payment-data' },
      schema: {
        tags,
        summary:
          'Prüfung abschließen (Status geprüft, Zahlungszeilen); 422 bei Abweichung von der Abrechnung des Bescheids, außer mit override_reason',
        params: idParamSchema,
        body: documentConfirmSchema,
        response: { 200: documentDetailSchema },
      },
    },
    async (request) => service.confirmDocument(db(), actorOf(request), request.params.id, request.body),
  );
  app.post(
    '/documents/:id/reprocess',
    {
      config: { permission: 'add-payment-data' },
      schema: {
        tags,
        summary:
          'Dokument erneut verarbeiten (ein vom Benutzer gesetzter Typ bleibt; keep_corrections=false verwirft Korrekturen)',
        params: idParamSchema,
        body: documentReprocessSchema,
        response: { 200: documentDetailSchema },
      },
    },
    async (request) => service.reprocessDocument(rt, actorOf(request), request.params.id, request.body),
  );
  app.post(
    '/documents/:id/unconfirm',
    {
      config: { permission: 'add-payment-data' },
      schema: {
        tags,
        summary:
          'Bestätigung zurücknehmen (zu prüfen; Zahlungszeilen storniert, ersetzte Zeilen wieder aktiv); 409, wenn gebucht',
        params: idParamSchema,
        body: documentUnconfirmSchema,
        response: { 200: documentDetailSchema },
      },
    },
    async (request) => service.unconfirmDocument(db(), actorOf(request), request.params.id, request.body),
  );
  action('restore', 'change-permissions-of-user', 'Gelöschtes Dokument wiederherstellen', (actor, id) =>
    service.restoreDocument(rt, actor, id),
  );

  app.get(
    '/extractions/api',
    {
      config: { permission: 'read-data' },
      schema: {
        tags,
        summary: 'Text in einem Rechteck (PDF-Punkte, Ursprung oben links) aus Textebene oder OCR',
        querystring: extractionQuerySchema,
        response: { 200: extractionTextSchema },
      },
    },
    async (request) => files.textInRectangle(db(), actorOf(request), request.query),
  );
  app.get(
    '/uploadAuditTrail',
    {
      config: { permission: 'change-permissions-of-user' },
      schema: {
        tags,
        summary: 'Protokoll aller Uploads (neueste zuerst)',
        querystring: pageQuerySchema,
        response: { 200: uploadAuditListSchema },
      },
    },
    async (request) => files.listUploadAudit(db(), request.query.page, request.query.per_page),
  );
  app.get(
    '/uploadAuditTrail/:id',
    {
      config: { permission: 'change-permissions-of-user' },
      schema: {
        tags,
        summary: 'Ein Upload mit download_path',
        params: idParamSchema,
        response: { 200: uploadAuditEntrySchema },
      },
    },
    async (request) => files.getUploadAudit(db(), request.params.id),
  );

  // Multipart only inside this scope.
  app.register(async (scope) => {
    const typed = scope as unknown as AppInstance;
    const limits = {
      totalBytes: rt.config.documents.maxUploadTotalBytes,
      files: rt.config.documents.maxUploadFiles,
    };
    await typed.register(multipart, {
      limits: { fileSize: rt.config.documents.maxUploadBytes, files: limits.files + 1, fields: 20 },
      throwFileSizeLimit: false,
    });
    const storeUpload = async (
      request: FastifyRequest,
      fields: Record<string, string>,
      incoming: IncomingFile[],
    ) => {
      const query = request.query as Record<string, string | undefined>;
      const parsed = documentUploadFieldsSchema.safeParse({
        company_id: fields.company_id ?? query.company_id,
      });
      if (!parsed.success)
        throw validationFailed({
          company_id: [parsed.error.issues[0]?.message ?? 'Bitte eine Firma wählen.'],
        });
      assertCompanyAllowed(request, parsed.data.company_id);
      const { results, status } = await ingestFiles(rt.intake, actorOf(request), {
        companyId: parsed.data.company_id,
        files: incoming,
        source: 'upload',
      });
      if (status !== 201) {
        const message =
          status === 413
            ? (results[0]?.reason ?? 'Die Datei ist zu groß.')
            : results.map((r) => r.reason).join(' ') || 'Es werden nur PDF-Dateien angenommen.';
        throw new AppError(
          status,
          status === 413 ? 'PAYLOAD_TOO_LARGE' : 'UNSUPPORTED_MEDIA_TYPE',
          message,
          undefined,
          {
            results,
          },
        );
      }
      return results;
    };
    typed.post(
      '/documents',
      {
        config: { permission: 'add-payment-data' },
        bodyLimit: limits.totalBytes + 1024 * 1024,
        schema: {
          tags,
          summary:
            'PDFs hochladen (multipart: company_id, files); 415 keine PDF, 413 zu groß (Datei, Upload gesamt, Anzahl)',
          consumes: ['multipart/form-data'],
          response: { 201: uploadResultSchema },
        },
      },
      async (request, reply) => {
        const { fields, files: incoming } = await readParts(request, rt.store, limits);
        try {
          return reply.status(201).send({ results: await storeUpload(request, fields, incoming) });
        } finally {
          await discardAll(incoming);
        }
      },
    );
    typed.post(
      '/documents/:id/versions',
      {
        config: { permission: 'add-payment-data' },
        bodyLimit: rt.config.documents.maxUploadBytes * 2 + 1024 * 1024,
        schema: {
          tags,
          summary: 'Annotierte PDF als neue Fassung speichern (das Original bleibt)',
          consumes: ['multipart/form-data'],
          params: idParamSchema,
          response: { 200: documentDetailSchema },
        },
      },
      async (request) => {
        const { files: incoming } = await readParts(request, rt.store, limits);
        try {
          return await files.addVersion(rt, actorOf(request), request.params.id, incoming[0] ?? null);
        } finally {
          await discardAll(incoming);
        }
      },
    );
  });
}
