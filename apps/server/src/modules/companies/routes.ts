import { companyInputSchema, companySchema, idParamSchema } from '@gewst/domain';
import { z } from 'zod';
import { allowedCompanies } from '../../auth/company-scope';
import { type AppInstance, actorOf } from '../../http/types';
import * as service from './service';

export function companyRoutes(app: AppInstance): void {
  const db = () => app.deps.database.db;
  const tags = ['Firmen'];

  app.get(
    '/companies',
    {
      config: { permission: 'read-data' },
      schema: { tags, summary: 'Alle Firmen', response: { 200: z.array(companySchema) } },
    },
    async (request) => service.listCompanies(db(), allowedCompanies(request)),
  );
  app.get(
    '/companies/:id',
    {
      config: { permission: 'read-data' },
      schema: { tags, summary: 'Eine Firma', params: idParamSchema, response: { 200: companySchema } },
    },
    async (request) => service.getCompany(db(), request.params.id),
  );
  app.post(
    '/companies',
    {
      config: { permission: 'create-delete-companies' },
      schema: { tags, summary: 'Firma anlegen', body: companyInputSchema, response: { 201: companySchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createCompany(db(), actorOf(request), request.body)),
  );
  app.put(
    '/companies/:id',
    {
      config: { permission: 'change-companies' },
      schema: {
        tags,
        summary: 'Firma ändern',
        params: idParamSchema,
        body: companyInputSchema,
        response: { 200: companySchema },
      },
    },
    async (request) => service.updateCompany(db(), actorOf(request), request.params.id, request.body),
  );
  app.delete(
    '/companies/:id',
    {
      config: { permission: 'create-delete-companies' },
      schema: { tags, summary: 'Firma löschen (nur ohne Daten)', params: idParamSchema },
    },
    async (request, reply) => {
      await service.deleteCompany(db(), actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
