import { processingStatusQuerySchema, processingStatusSchema } from '@gewst/domain';
import { allowedCompanies } from '../../auth/company-scope';
import type { AppInstance } from '../../http/types';
import { contentDisposition } from '../master-data/excel';
import { processingStatusWorkbook } from './export';
import { processingStatus } from './service';

const tags = ['Service'];

export function processingStatusRoutes(app: AppInstance): void {
  const db = () => app.deps.database.db;

  app.get(
    '/service/processing-status',
    {
      config: { permission: 'read-data' },
      schema: {
        tags,
        summary:
          'Stand der Bearbeitung: erwartete Bescheide eines Jahres, eingegangen, geprüft, gebucht, Lücken',
        querystring: processingStatusQuerySchema,
        response: { 200: processingStatusSchema },
      },
    },
    async (request) => processingStatus(db(), request.query, { companyIds: allowedCompanies(request) }),
  );
  app.get(
    '/service/processing-status/export',
    {
      config: { permission: 'read-data' },
      schema: {
        tags,
        summary: 'Stand der Bearbeitung als xlsx (alle Zeilen der Auswahl)',
        querystring: processingStatusQuerySchema,
      },
    },
    async (request, reply) => {
      const status = await processingStatus(db(), request.query, { companyIds: allowedCompanies(request) });
      const body = await processingStatusWorkbook(status);
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', contentDisposition(`Stand-der-Bearbeitung-${status.year}.xlsx`))
        .send(body);
    },
  );
}
