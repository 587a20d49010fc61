import {
  EDITABLE_GLOBAL_SETTINGS,
  type EditableGlobalSettingKey,
  settingEntrySchema,
  settingKeyParamSchema,
  settingValueBodySchema,
} from '@gewst/domain';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { type AppInstance, actorOf } from '../../http/types';
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
}
