import {
  agsParamSchema,
  municipalityDetailSchema,
  municipalitySchema,
  municipalitySearchQuerySchema,
  rateImportReportSchema,
} from '@gewst/domain';
import { z } from 'zod';
import { type AppInstance, actorOf } from '../../http/types';
import { readUpload, registerUploads } from '../master-data/upload';
import * as service from './service';

export function municipalityRoutes(app: AppInstance): void {
  const db = () => app.deps.database.db;
  const tags = ['Gemeinden'];

  app.get(
    '/municipalities',
    {
      config: { permission: 'read-data' },
      schema: {
        tags,
        summary: 'Gemeinden suchen (Name ohne Umlaute, AGS oder PLZ)',
        querystring: municipalitySearchQuerySchema,
        response: { 200: z.array(municipalitySchema) },
      },
    },
    async (request) => service.searchMunicipalities(db(), request.query.search, request.query.limit),
  );
  app.get(
    '/municipalities/:ags',
    {
      config: { permission: 'read-data' },
      schema: {
        tags,
        summary: 'Eine Gemeinde mit ihren Hebesätzen',
        params: agsParamSchema,
        response: { 200: municipalityDetailSchema },
      },
    },
    async (request) => service.getMunicipality(db(), request.params.ags),
  );
  app.register(async (scope) => {
    const typed = scope as unknown as AppInstance;
    await registerUploads(typed);
    typed.post(
      '/municipalities/rates/import',
      {
        config: { permission: 'change-customizing-data' },
        schema: {
          tags,
          summary: 'Amtliche Hebesatz-Tabelle importieren (xlsx/csv: AGS, Hebesatz, Jahr)',
          consumes: ['multipart/form-data'],
          response: { 200: rateImportReportSchema },
        },
      },
      async (request) => service.importRates(db(), actorOf(request), await readUpload(request, true)),
    );
  });
}
