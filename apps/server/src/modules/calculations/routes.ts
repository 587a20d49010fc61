import {
  abschlusszahlungRequestSchema,
  abschlusszahlungResultSchema,
  messbetragRequestSchema,
  messbetragResultSchema,
  saeumniszuschlagRequestSchema,
  saeumniszuschlagResultSchema,
  vorauszahlungenRequestSchema,
  vorauszahlungenResultSchema,
  zerlegungRequestSchema,
  zerlegungResultSchema,
} from '@gewst/domain';
import type { AppInstance } from '../../http/types';
import * as service from './service';

/** Stateless calculators over the pure rules of packages/domain (JSON in, JSON out). */
export function calculationRoutes(app: AppInstance): void {
  const db = () => app.deps.database.db;
  const tags = ['Berechnungen'];

  app.post(
    '/calculations/messbetrag',
    {
      config: { permission: 'read-data' },
      schema: {
        tags,
        summary: 'Steuermessbetrag (§§ 7–11 GewStG), optional mit Steuer',
        body: messbetragRequestSchema,
        response: { 200: messbetragResultSchema },
      },
    },
    async (request) => service.messbetrag(request.body),
  );
  app.post(
    '/calculations/vorauszahlungen',
    {
      config: { permission: 'read-data' },
      schema: {
        tags,
        summary: 'Vorauszahlungen und Fälligkeiten (§ 19 GewStG)',
        body: vorauszahlungenRequestSchema,
        response: { 200: vorauszahlungenResultSchema },
      },
    },
    async (request) => service.vorauszahlungen(db(), request.body),
  );
  app.post(
    '/calculations/abschlusszahlung',
    {
      config: { permission: 'read-data' },
      schema: {
        tags,
        summary: 'Abschlusszahlung, Bekanntgabe und Rechtsbehelfsfrist (§ 20 GewStG, § 122 AO)',
        body: abschlusszahlungRequestSchema,
        response: { 200: abschlusszahlungResultSchema },
      },
    },
    async (request) => service.abschlusszahlung(db(), request.body),
  );
  app.post(
    '/calculations/saeumniszuschlag',
    {
      config: { permission: 'read-data' },
      schema: {
        tags,
        summary: 'Säumniszuschlag mit Schonfrist (§ 240 AO), Fälligkeit nach dem Arbeitstagekalender',
        body: saeumniszuschlagRequestSchema,
        response: { 200: saeumniszuschlagResultSchema },
      },
    },
    async (request) => service.saeumniszuschlag(db(), request.body),
  );
  app.post(
    '/calculations/zerlegung',
    {
      config: { permission: 'read-data' },
      schema: {
        tags,
        summary: 'Zerlegung des Messbetrags (§§ 28–34 GewStG)',
        body: zerlegungRequestSchema,
        response: { 200: zerlegungResultSchema },
      },
    },
    async (request) => service.zerlegung(db(), request.body),
  );
}
