import { archiveListSchema, archiveQuerySchema, idParamSchema, sessionSchema } from '@gewst/domain';
import { type AppInstance, actorOf } from '../../http/types';
import { restoreSession } from '../bookings';
import { listArchive } from './service';

const tags = ['Archiv'];

export function archiveRoutes(app: AppInstance): void {
  const db = () => app.deps.database.db;

  app.get(
    '/archive',
    {
      config: { permission: 'read-data' },
      schema: {
        tags,
        summary:
          'Archivierte Dokumente und Buchungsstapel einer Firma (Art, Jahr, Gemeinde, Suchtext; seitenweise)',
        querystring: archiveQuerySchema,
        response: { 200: archiveListSchema },
      },
    },
    async (request) => listArchive(db(), request.query),
  );

  app.post(
    '/archive/sessions/:id/restore',
    {
      config: { permission: 'close-bi-sessions-generate-reports' },
      schema: {
        tags,
        summary: 'Buchungsstapel aus dem Archiv wiederherstellen (Stapelprotokoll und Audit-Log)',
        params: idParamSchema,
        response: { 200: sessionSchema },
      },
    },
    async (request) => restoreSession(db(), actorOf(request), request.params.id),
  );
}
