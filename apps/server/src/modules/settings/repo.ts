import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies } from '../companies';
import { appSettings, appSettingsVersion } from './schema';

export interface StoredSetting {
  key: string;
  company_id: number | null;
  value: unknown;
}

const scopeIs = (companyId: number | null) =>
  companyId === null ? isNull(appSettings.company_id) : eq(appSettings.company_id, companyId);

export async function readVersion(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ version: appSettingsVersion.version }).from(appSettingsVersion).limit(1);
  return row?.version ?? 0;
}

/** The version and every stored value, read in one statement (one snapshot). */
export async function readAll(db: DbOrTx): Promise<{ version: number; rows: StoredSetting[] }> {
  const result = await db.execute(sql`
    select (select version from app_settings_version where id = 1) as version,
           coalesce((select jsonb_agg(jsonb_build_object('key', key, 'company_id', company_id, 'value', value))
                     from app_settings), '[]'::jsonb) as rows`);
  const [row] = (
    result as unknown as { rows: { version: string | number | null; rows: StoredSetting[] | string }[] }
  ).rows;
  if (!row) return { version: 0, rows: [] };
  return {
    version: Number(row.version ?? 0),
    rows: typeof row.rows === 'string' ? (JSON.parse(row.rows) as StoredSetting[]) : row.rows,
  };
}

export async function findSetting(db: DbOrTx, key: string, companyId: number | null) {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(and(eq(appSettings.key, key), scopeIs(companyId)))
    .limit(1);
  return row ?? null;
}

/** Row-locks the stored value (if any) so a concurrent write waits for this transaction. */
export async function findSettingForUpdate(db: DbOrTx, key: string, companyId: number | null) {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(and(eq(appSettings.key, key), scopeIs(companyId)))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function upsertSetting(db: DbOrTx, key: string, companyId: number | null, value: unknown) {
  await db
    .insert(appSettings)
    .values({ key, company_id: companyId, value })
    .onConflictDoUpdate({
      target: [appSettings.key, appSettings.company_id],
      set: { value, updated_at: new Date() },
    });
}

/** Inserts unless a value is already stored; true when this call stored it. */
export async function insertSettingIfAbsent(
  db: DbOrTx,
  key: string,
  companyId: number | null,
  value: unknown,
) {
  const rows = await db
    .insert(appSettings)
    .values({ key, company_id: companyId, value })
    .onConflictDoNothing({ target: [appSettings.key, appSettings.company_id] })
    .returning({ id: appSettings.id });
  return rows.length > 0;
}

export async function deleteSetting(db: DbOrTx, key: string, companyId: number | null) {
  await db.delete(appSettings).where(and(eq(appSettings.key, key), scopeIs(companyId)));
}

/** Whether the company exists (a company's settings are only read and written for one that does). */
export async function companyExists(db: DbOrTx, companyId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row !== undefined;
}
