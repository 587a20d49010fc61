import {
  assignRolesSchema,
  currentUserSchema,
  idParamSchema,
  logoutResponseSchema,
  userCompaniesSchema,
  userListItemSchema,
} from '@gewst/domain';
import { z } from 'zod';
import { type AppInstance, actorOf } from '../../http/types';
import { recordAudit } from '../audit/service';
import * as service from './service';

export function userRoutes(app: AppInstance): void {
  const db = () => app.deps.database.db;
  const tags = ['Benutzer und Rollen'];

  app.get(
    '/users',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Angemeldeter Benutzer mit Rollen und Rechten',
        response: { 200: currentUserSchema },
      },
    },
    async (request) => service.getCurrentUser(db(), actorOf(request).userId!),
  );
  app.get(
    '/users/getAll',
    {
      config: { permission: 'change-permissions-of-user' },
      schema: { tags, summary: 'Alle Benutzer', response: { 200: z.array(userListItemSchema) } },
    },
    async () => service.listUsers(db()),
  );
  app.put(
    '/users/:id/roles',
    {
      config: { permission: 'change-permissions-of-user' },
      schema: {
        tags,
        summary: 'Rollen eines Benutzers setzen',
        params: idParamSchema,
        body: assignRolesSchema,
        response: { 200: userListItemSchema },
      },
    },
    async (request) => service.assignRoles(db(), actorOf(request), request.params.id, request.body.role_ids),
  );
  app.put(
    '/users/:id/companies',
    {
      config: { permission: 'change-permissions-of-user' },
      schema: {
        tags,
        summary: 'Firmenzugriff eines Benutzers: alle Firmen (null) oder eine Liste (leer: kein Zugriff)',
        params: idParamSchema,
        body: userCompaniesSchema,
        response: { 200: userListItemSchema },
      },
    },
    async (request) =>
      service.setUserCompanies(db(), actorOf(request), request.params.id, request.body.company_ids),
  );
  app.get(
    '/logout',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Abmelden: protokolliert und nennt die Abmeldeadresse des Identity Providers',
        response: { 200: logoutResponseSchema },
      },
    },
    async (request) => {
      await recordAudit(db(), actorOf(request), {
        action: 'logout',
        entity: 'user',
        entityId: actorOf(request).userId,
      });
      return {
        end_session_url: app.deps.config.oidc.embedded ? `${app.deps.config.oidc.issuer}/session/end` : null,
      };
    },
  );
}
