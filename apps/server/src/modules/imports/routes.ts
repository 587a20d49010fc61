import {
  idParamSchema,
  importBatchDetailSchema,
  importBatchListSchema,
  importBatchQuerySchema,
  importFileParamsSchema,
  importReprocessResultSchema,
} from '@gewst/domain';
import { allowedCompanies, assertCompanyAllowed } from '../../auth/company-scope';
import { type AppInstance, actorOf } from '../../http/types';
import type { DocumentsRuntime } from '../documents/runtime';
import { contentDisposition } from '../master-data/excel';
import { getBatch, listBatches, readBatchFile, reprocessFailed } from './service';

const tags = ['Service'];

/** Service → Importe: upload actions, import-folder runs and XML intakes with their files. */
export function importRoutes(app: AppInstance, rt: DocumentsRuntime): void {
  const db = () => app.deps.database.db;

  app.get(
    '/imports',
    {
      config: { permission: 'change-masterdata' },
      schema: {
        tags,
        summary: 'Importvorgänge (Hochladen, Importordner, XML) mit Ergebnissen, neueste zuerst',
        querystring: importBatchQuerySchema,
        response: { 200: importBatchListSchema },
      },
    },
    async (request) => {
      if (request.query.company_id) assertCompanyAllowed(request, request.query.company_id);
      return listBatches(db(), request.query, allowedCompanies(request));
    },
  );
  app.get(
    '/imports/:id',
    {
      config: { permission: 'change-masterdata' },
      schema: {
        tags,
        summary: 'Ein Importvorgang mit jeder Datei: Ergebnis und heutiger Verarbeitungsstand',
        params: idParamSchema,
        response: { 200: importBatchDetailSchema },
      },
    },
    async (request) => getBatch(db(), request.params.id),
  );
  app.post(
    '/imports/:id/reprocess',
    {
      config: { permission: 'change-masterdata' },
      schema: {
        tags,
        summary:
          'Fehlgeschlagene Dateien des Vorgangs erneut verarbeiten (409, wenn keine fehlgeschlagen ist)',
        params: idParamSchema,
        response: { 200: importReprocessResultSchema },
      },
    },
    async (request) => reprocessFailed(rt, actorOf(request), request.params.id),
  );
  app.get(
    '/imports/:id/files/:file_id',
    {
      config: { permission: 'change-masterdata' },
      schema: {
        tags,
        summary:
          'Originaldatei einer Datei des Vorgangs herunterladen (abgelehnte Dateien wurden nicht gespeichert)',
        params: importFileParamsSchema,
      },
    },
    async (request, reply) => {
      const file = await readBatchFile(rt, request.params.id, request.params.file_id);
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(file.filename))
        .header('cache-control', 'private, no-store')
        .send(file.bytes);
    },
  );
}
