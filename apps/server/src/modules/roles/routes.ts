import { idParamSchema, permissionSchema, roleInputSchema, roleSchema } from '@gewst/domain';
import { z } from 'zod';
import { type AppInstance, actorOf } from '../../http/types';
import { presentPermission } from './presenter';
import * as repo from './repo';
import * as service from './service';

export function roleRoutes(app: AppInstance): void {
  const db = () => app.deps.database.db;
  const tags = ['Benutzer und Rollen'];

  app.get(
    '/permissions',
    {
      config: { permission: 'change-permissions-of-user' },
      schema: { tags, summary: 'Alle Rechte', response: { 200: z.array(permissionSchema) } },
    },
    async () => (await repo.listPermissions(db())).map(presentPermission).filter((p) => p !== null),
  );
  app.get(
    '/roles',
    {
      config: { permission: 'change-permissions-of-user' },
      schema: { tags, summary: 'Rollen mit Rechten', response: { 200: z.array(roleSchema) } },
    },
    async () => service.listRoles(db()),
  );
  app.post(
    '/roles',
    {
      config: { permission: 'change-permissions-of-user' },
      schema: { tags, summary: 'Rolle anlegen', body: roleInputSchema, response: { 201: roleSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createRole(db(), actorOf(request), request.body)),
  );
  app.put(
    '/roles/:id',
    {
      config: { permission: 'change-permissions-of-user' },
      schema: {
        tags,
        summary: 'Rolle ändern',
        params: idParamSchema,
        body: roleInputSchema,
        response: { 200: roleSchema },
      },
    },
    async (request) => service.updateRole(db(), actorOf(request), request.params.id, request.body),
  );
  app.delete(
    '/roles/:id',
    {
      config: { permission: 'change-permissions-of-user' },
      schema: { tags, summary: 'Rolle löschen', params: idParamSchema },
    },
    async (request, reply) => {
      await service.deleteRole(db(), actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
