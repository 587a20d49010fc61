import {
  companySettingKeyParamSchema,
  EDITABLE_COMPANY_SETTINGS,
  EDITABLE_GLOBAL_SETTINGS,
  type EditableCompanySettingKey,
  type EditableGlobalSettingKey,
  settingEntrySchema,
  settingKeyParamSchema,
  settingValueBodySchema,
} from '@gewst/domain';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../http/errors';
import { type AppInstance, actorOf } from '../../http/types';
import { companyExists } from './repo';
import { settings } from './service';

const tags = ['Einstellungen'];
const permission = 'change-customizing-data' as const;

async function entry(db: DbOrTx, key: EditableGlobalSettingKey) {
  const def = settings.definitions[key];
  return {
    key,
    group: EDITABLE_GLOBAL_SETTINGS[key],
    label: def.label,
    value: await settings.get(db, key),
    default: def.default,
    stored: await settings.isStored(db, key),
  };
}

async function companyEntry(db: DbOrTx, companyId: number, key: EditableCompanySettingKey) {
  if (!(await companyExists(db, companyId))) throw notFound('Die Firma');
  const def = settings.definitions[key];
  const scope = { companyId };
  return {
    key,
    group: EDITABLE_COMPANY_SETTINGS[key],
    label: def.label,
    value: await settings.get(db, key, scope),
    default: def.default,
    stored: await settings.isStored(db, key, scope),
  };
}

/**
 * Admin → Einstellungen: the installation-wide business settings (per-company ones have the
 * routes of their modules, e.g. the account mapping). Every write is validated by the key's
 * schema and audit-logged with before/after by the settings module; readers see it at once.
 */
export function settingsRoutes(app: AppInstance): void {
  const db = () => app.deps.database.db;
  const keys = Object.keys(EDITABLE_GLOBAL_SETTINGS) as EditableGlobalSettingKey[];

  app.get(
    '/settings',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Einstellungen der Installation',
        response: { 200: z.array(settingEntrySchema) },
      },
    },
    async () => Promise.all(keys.map((key) => entry(db(), key))),
  );
  app.put(
    '/settings/:key',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Einstellung ändern (geprüft und mit Vorher/Nachher protokolliert)',
        params: settingKeyParamSchema,
        body: settingValueBodySchema,
        response: { 200: settingEntrySchema },
      },
    },
    async (request) => {
      const { key } = request.params;
      await settings.set(db(), actorOf(request), key, request.body.value as never);
      return entry(db(), key);
    },
  );
  app.delete(
    '/settings/:key',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Einstellung auf die Vorgabe zurücksetzen (protokolliert)',
        params: settingKeyParamSchema,
        response: { 200: settingEntrySchema },
      },
    },
    async (request) => {
      const { key } = request.params;
      await settings.reset(db(), actorOf(request), key);
      return entry(db(), key);
    },
  );

  const companyKeys = Object.keys(EDITABLE_COMPANY_SETTINGS) as EditableCompanySettingKey[];
  app.get(
    '/companies/:id/settings',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Einstellungen einer Firma (Exportziele, Kostenstellen-Regeln)',
        params: companySettingKeyParamSchema.pick({ id: true }),
        response: { 200: z.array(settingEntrySchema) },
      },
    },
    async (request) => {
      const out = [];
      for (const key of companyKeys) out.push(await companyEntry(db(), request.params.id, key));
      return out;
    },
  );
  app.put(
    '/companies/:id/settings/:key',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Einstellung einer Firma ändern (geprüft und mit Vorher/Nachher protokolliert)',
        params: companySettingKeyParamSchema,
        body: settingValueBodySchema,
        response: { 200: settingEntrySchema },
      },
    },
    async (request) => {
      const { id, key } = request.params;
      if (!(await companyExists(db(), id))) throw notFound('Die Firma');
      await settings.set(db(), actorOf(request), key, request.body.value as never, { companyId: id });
      return companyEntry(db(), id, key);
    },
  );
  app.delete(
    '/companies/:id/settings/:key',
    {
      config: { permission },
      schema: {
        tags,
        summary: 'Einstellung einer Firma auf die Vorgabe zurücksetzen (protokolliert)',
        params: companySettingKeyParamSchema,
        response: { 200: settingEntrySchema },
      },
    },
    async (request) => {
      const { id, key } = request.params;
      if (!(await companyExists(db(), id))) throw notFound('Die Firma');
      await settings.reset(db(), actorOf(request), key, { companyId: id });
      return companyEntry(db(), id, key);
    },
  );
}
