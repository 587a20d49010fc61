import {
  idParamSchema,
  importPreviewSchema,
  masterDataInputSchema,
  masterDataListQuerySchema,
  masterDataListSchema,
  masterDataRateInputSchema,
  masterDataRateSchema,
  masterDataSchema,
  pageQuerySchema,
  rateConflictListSchema,
  rateConflictResolutionSchema,
  rateConflictResolvedSchema,
  rateYearParamSchema,
} from '@gewst/domain';
import { z } from 'zod';
import { type AppInstance, actorOf } from '../../http/types';
import { contentDisposition } from './excel';
import { exportMasterData } from './export';
import { importMasterData } from './import';
import * as service from './service';
import { readUpload, registerUploads } from './upload';

export function masterDataRoutes(app: AppInstance): void {
  const db = () => app.deps.database.db;
  const tags = ['Stammdaten'];

  app.get(
    '/companies/:id/masterData',
    {
      config: { permission: 'read-data' },
      schema: {
        tags,
        summary: 'Stammdaten (Betriebsstätten) einer Firma: Suche, Filter, Sortierung, Seiten',
        params: idParamSchema,
        querystring: masterDataListQuerySchema,
        response: { 200: masterDataListSchema },
      },
    },
    async (request) => service.listMasterData(db(), request.params.id, request.query),
  );
  app.post(
    '/companies/:id/masterData',
    {
      config: { permission: 'change-masterdata' },
      schema: {
        tags,
        summary: 'Betriebsstätte anlegen',
        params: idParamSchema,
        body: masterDataInputSchema,
        response: { 201: masterDataSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createMasterData(db(), actorOf(request), request.params.id, request.body)),
  );
  app.get(
    '/companies/:id/masterData/conflictingMunicipalityRates',
    {
      config: { permission: 'read-data' },
      schema: {
        tags,
        summary:
          'Hebesatzkonflikte: Stammdaten vs. Referenz, bestätigte Bescheide und andere Betriebsstätten',
        params: idParamSchema,
        querystring: pageQuerySchema,
        response: { 200: rateConflictListSchema },
      },
    },
    async (request) =>
      service.listConflicts(db(), request.params.id, request.query.page, request.query.per_page),
  );
  app.post(
    '/companies/:id/masterData/conflictingMunicipalityRates/resolve',
    {
      config: { permission: 'change-masterdata' },
      schema: {
        tags,
        summary:
          'Hebesatzkonflikt mit einem bestätigten Bescheid lösen: Satz des Bescheids übernehmen oder unseren Satz mit Begründung behalten',
        params: idParamSchema,
        body: rateConflictResolutionSchema,
        response: { 200: rateConflictResolvedSchema },
      },
    },
    async (request) => service.resolveConflict(db(), actorOf(request), request.params.id, request.body),
  );
  app.post(
    '/companies/:id/masterdata/export',
    {
      config: { permission: 'read-data' },
      schema: { tags, summary: 'Stammdaten als Excel-Datei (xlsx) herunterladen', params: idParamSchema },
    },
    async (request, reply) => {
      const { filename, buffer } = await exportMasterData(db(), request.params.id);
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', contentDisposition(filename))
        .send(buffer);
    },
  );
  app.get(
    '/masterData/:id',
    {
      config: { permission: 'read-data' },
      schema: {
        tags,
        summary: 'Eine Betriebsstätte',
        params: idParamSchema,
        response: { 200: masterDataSchema },
      },
    },
    async (request) => service.getMasterData(db(), request.params.id),
  );
  app.put(
    '/masterData/:id',
    {
      config: { permission: 'change-masterdata' },
      schema: {
        tags,
        summary: 'Betriebsstätte ändern',
        params: idParamSchema,
        body: masterDataInputSchema,
        response: { 200: masterDataSchema },
      },
    },
    async (request) => service.updateMasterData(db(), actorOf(request), request.params.id, request.body),
  );
  app.delete(
    '/masterData/:id',
    {
      config: { permission: 'change-masterdata' },
      schema: {
        tags,
        summary: 'Betriebsstätte löschen (nur ohne Dokumente und Zahlungen)',
        params: idParamSchema,
      },
    },
    async (request, reply) => {
      await service.deleteMasterData(db(), actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
  app.get(
    '/masterData/:id/rates',
    {
      config: { permission: 'read-data' },
      schema: {
        tags,
        summary: 'Hebesatz-Historie (eigene Werte und Referenz)',
        params: idParamSchema,
        response: { 200: z.array(masterDataRateSchema) },
      },
    },
    async (request) => service.listRates(db(), request.params.id),
  );
  app.put(
    '/masterData/:id/rates/:year',
    {
      config: { permission: 'change-masterdata' },
      schema: {
        tags,
        summary: 'Hebesatz für ein Jahr setzen (Abweichung von der Referenz mit Notiz)',
        params: rateYearParamSchema,
        body: masterDataRateInputSchema,
        response: { 200: z.array(masterDataRateSchema) },
      },
    },
    async (request) =>
      service.setRate(db(), actorOf(request), request.params.id, request.params.year, request.body),
  );
  app.delete(
    '/masterData/:id/rates/:year',
    {
      config: { permission: 'change-masterdata' },
      schema: {
        tags,
        summary: 'Eigenen Hebesatz eines Jahres entfernen (dann gilt die Referenz)',
        params: rateYearParamSchema,
        response: { 200: z.array(masterDataRateSchema) },
      },
    },
    async (request) => service.deleteRate(db(), actorOf(request), request.params.id, request.params.year),
  );

  app.register(async (scope) => {
    const typed = scope as unknown as AppInstance;
    await registerUploads(typed);
    for (const [suffix, commit, summary] of [
      ['preview', false, 'Stammdaten-Import prüfen: Vorschau je Zeile mit Fehlern'],
      ['commit', true, 'Stammdaten-Import ausführen (alles oder nichts)'],
    ] as const) {
      typed.post(
        `/companies/:id/masterdata/import/${suffix}`,
        {
          config: { permission: 'change-masterdata' },
          schema: {
            tags,
            summary,
            consumes: ['multipart/form-data'],
            params: idParamSchema,
            response: { 200: importPreviewSchema },
          },
        },
        async (request) =>
          importMasterData(
            db(),
            actorOf(request),
            request.params.id,
            await readUpload(request, false),
            commit,
          ),
      );
    }
  });
}
