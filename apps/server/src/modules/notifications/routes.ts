import {
  notificationListSchema,
  notificationReadBodySchema,
  notificationReadResultSchema,
} from '@gewst/domain';
import type { FastifyRequest } from 'fastify';
import { allowedCompanies } from '../../auth/company-scope';
import { forbidden } from '../../http/errors';
import { type AppInstance, actorOf } from '../../http/types';
import { listNotifications, markRead, type NotificationViewer } from './service';

const tags = ['Benachrichtigungen'];

/** Notifications belong to a signed-in user; a system actor without a user gets a 403, not a 500. */
export function viewerOf(request: FastifyRequest): NotificationViewer {
  const actor = actorOf(request);
  if (actor.userId === null) {
    throw forbidden('Benachrichtigungen gibt es nur für angemeldete Benutzerinnen und Benutzer.');
  }
  return { userId: actor.userId, permissions: actor.permissions, companyIds: allowedCompanies(request) };
}

export function notificationRoutes(app: AppInstance): void {
  const db = () => app.deps.database.db;

  app.get(
    '/notifications',
    {
      config: { permission: 'read-data' },
      schema: {
        tags,
        summary:
          'Benachrichtigungen des Benutzers (neueste zuerst, höchstens 100), berechnet aus den Daten der erlaubten Firmen',
        response: { 200: notificationListSchema },
      },
    },
    async (request) => listNotifications(db(), viewerOf(request)),
  );
  app.post(
    '/notifications/read',
    {
      config: { permission: 'read-data' },
      schema: {
        tags,
        summary: 'Benachrichtigungen als gelesen markieren (Schlüssel oder alle)',
        body: notificationReadBodySchema,
        response: { 200: notificationReadResultSchema },
      },
    },
    async (request) => ({ marked: await markRead(db(), viewerOf(request), request.body) }),
  );
}
