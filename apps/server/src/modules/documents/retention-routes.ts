import {
  deleteOriginalsBodySchema,
  deleteOriginalsResultSchema,
  expiredDocumentListSchema,
  retentionListQuerySchema,
} from '@gewst/domain';
import { type AppInstance, actorOf } from '../../http/types';
import { deleteOriginals, listExpired } from './retention';
import type { DocumentsRuntime } from './runtime';

const tags = ['Dokumente'];
const permission = 'change-customizing-data' as const;

/** Admin → Einstellungen → Aufbewahrung: the expired list and the explicit deletion of originals. */
export function retentionRoutes(app: AppInstance, rt: DocumentsRuntime): void {
  const db = () => rt.database.db;
  app.get(
    '/documents/retention',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Dokumente einer Firma, deren Aufbewahrungsfrist (§ 147 AO) abgelaufen ist',
        querystring: retentionListQuerySchema,
        response: { 200: expiredDocumentListSchema },
      },
    },
    async (request) => listExpired(db(), request.query),
  );
  app.post(
    '/documents/retention/delete-originals',
    {
      config: { permission },
      schema: {
        tags,
        summary:
          'Originaldateien abgelaufener Dokumente löschen (bestätigt, protokolliert; Daten, Zahlungen und Buchungen bleiben)',
        body: deleteOriginalsBodySchema,
        response: { 200: deleteOriginalsResultSchema },
      },
    },
    async (request) => deleteOriginals(db(), rt.store, actorOf(request), request.body),
  );
}
