import {
  emptyBodySchema,
  exportDownloadQuerySchema,
  exportQueuesSchema,
  idParamSchema,
  reportDownloadQuerySchema,
} from '@gewst/domain';
import { type AppInstance, actorOf } from '../../http/types';
import type { ExportRuntime } from './runtime';
import * as service from './service';

const CLOSE = 'close-bi-sessions-generate-reports' as const;

/** The export's calls of seed section 7 (Bookings) and the downloads of what was exported. */
export function exportRoutes(app: AppInstance, runtime: ExportRuntime): void {
  const db = () => app.deps.database.db;
  const config = () => app.deps.config;
  const tags = ['Buchungen'];
  const params = idParamSchema;
  const queues = { 200: exportQueuesSchema };

  app.get(
    '/bookings/:id/queues',
    {
      config: { permission: CLOSE },
      schema: {
        tags,
        summary: 'Exportaufträge des Stapels: Status, Versuche, letzter Fehler, geschriebene Dateien je Ziel',
        params,
        response: queues,
      },
    },
    async (request) => service.queuesView(db(), config(), request.params.id),
  );
  app.put(
    '/bookings/:id/retrigger-failed-jobs',
    {
      config: { permission: CLOSE },
      schema: {
        tags,
        summary:
          'Fehlgeschlagenen Export erneut anstoßen (Export fehlgeschlagen → freigegeben, neuer Auftrag)',
        params,
        body: emptyBodySchema,
        response: queues,
      },
    },
    async (request) => {
      await service.retrigger(db(), runtime, actorOf(request), request.params.id);
      return service.queuesView(db(), config(), request.params.id);
    },
  );
  app.get(
    '/bookings/:id/export',
    {
      config: { permission: CLOSE },
      schema: {
        tags,
        summary:
          'Exportierte Datei herunterladen (format=datev|csv, part=N), genau wie an die Ziele übergeben',
        params,
        querystring: exportDownloadQuerySchema,
      },
    },
    async (request, reply) => {
      const f = await service.exportFile(db(), request.params.id, request.query.format, request.query.part);
      return reply
        .type(f.type)
        .header('content-disposition', `attachment; filename="${f.fileName}"`)
        .send(f.bytes);
    },
  );
  app.put(
    '/bookings/:id/generate_report',
    {
      config: { permission: CLOSE },
      schema: {
        tags,
        summary:
          'Buchungsprotokoll (PDF und xlsx) erzeugen und am Stapel speichern (jeder Status außer offen)',
        params,
        body: emptyBodySchema,
        response: queues,
      },
    },
    async (request) => {
      await service.generateReport(db(), actorOf(request), request.params.id);
      return service.queuesView(db(), config(), request.params.id);
    },
  );
  app.get(
    '/bookings/:id/report',
    {
      config: { permission: CLOSE },
      schema: {
        tags,
        summary: 'Gespeichertes Buchungsprotokoll herunterladen (format=pdf|xlsx)',
        params,
        querystring: reportDownloadQuerySchema,
      },
    },
    async (request, reply) => {
      const f = await service.reportFile(db(), request.params.id, request.query.format);
      return reply
        .type(f.type)
        .header('content-disposition', `attachment; filename="${f.fileName}"`)
        .send(f.bytes);
    },
  );
}
