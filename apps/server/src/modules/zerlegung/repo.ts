import { and, asc, desc, eq, gte, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/sql';
import { companies } from '../companies';
import { documents } from '../documents';
import { masterData, masterDataWages } from '../master-data';
import { municipalities } from '../municipalities';
import { zerlegungen, zerlegungInputsVersion, zerlegungVersions } from './schema';

export type ZerlegungRow = typeof zerlegungen.$inferSelect;
export type ZerlegungVersionRow = typeof zerlegungVersions.$inferSelect;

export async function listZerlegungen(db: DbOrTx, filter: { company_id?: number; year?: number }) {
  const where: SQL[] = [];
  if (filter.company_id !== undefined) where.push(eq(zerlegungen.company_id, filter.company_id));
  if (filter.year !== undefined) where.push(eq(zerlegungen.year, filter.year));
  return db
    .select({ zerlegung: zerlegungen, company_name: companies.name, version: zerlegungVersions })
    .from(zerlegungen)
    .innerJoin(companies, eq(companies.id, zerlegungen.company_id))
    .innerJoin(
      zerlegungVersions,
      and(
        eq(zerlegungVersions.zerlegung_id, zerlegungen.id),
        eq(zerlegungVersions.version, zerlegungen.current_version),
      ),
    )
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(desc(zerlegungen.year), asc(companies.name), desc(zerlegungen.id));
}

export async function findZerlegung(db: DbOrTx, id: number) {
  return (
    (
      await db
        .select({ zerlegung: zerlegungen, company: companies })
        .from(zerlegungen)
        .innerJoin(companies, eq(companies.id, zerlegungen.company_id))
        .where(eq(zerlegungen.id, id))
        .limit(1)
    )[0] ?? null
  );
}

export const listVersions = (db: DbOrTx, zerlegungId: number) =>
  db
    .select()
    .from(zerlegungVersions)
    .where(eq(zerlegungVersions.zerlegung_id, zerlegungId))
    .orderBy(desc(zerlegungVersions.version));

export async function insertZerlegung(db: DbOrTx, values: { company_id: number; year: number }) {
  return (
    await db
      .insert(zerlegungen)
      .values({ ...values, current_version: 1 })
      .returning()
  )[0]!;
}

export async function insertVersion(
  db: DbOrTx,
  values: Omit<typeof zerlegungVersions.$inferInsert, 'id' | 'created_at'>,
) {
  return (await db.insert(zerlegungVersions).values(values).returning())[0]!;
}

export async function setCurrentVersion(db: DbOrTx, id: number, version: number) {
  await db
    .update(zerlegungen)
    .set({ current_version: version, updated_at: new Date() })
    .where(eq(zerlegungen.id, id));
}

export async function deleteZerlegung(db: DbOrTx, id: number) {
  await db.delete(zerlegungen).where(eq(zerlegungen.id, id));
}

/**
 * Establishments of the company active in the year (valid_from/valid_to overlap it), with
 * the wages recorded for that year and the municipality's name (master data, issue 3).
 */
export async function establishmentsForYear(db: DbOrTx, companyId: number, year: number) {
  const first = `${year}-01-01`;
  const last = `${year}-12-31`;
  return db
    .select({
      id: masterData.id,
      ags: masterData.ags,
      designation: masterData.designation,
      municipality_name: municipalities.name,
      geschaeftsleitung: masterData.geschaeftsleitung,
      wages: masterDataWages.wages,
    })
    .from(masterData)
    .leftJoin(municipalities, eq(municipalities.ags, masterData.ags))
    .leftJoin(
      masterDataWages,
      and(eq(masterDataWages.master_data_id, masterData.id), eq(masterDataWages.year, year)),
    )
    .where(
      and(
        eq(masterData.company_id, companyId),
        or(isNull(masterData.valid_from), lte(masterData.valid_from, last)),
        or(isNull(masterData.valid_to), gte(masterData.valid_to, first)),
      ),
    )
    .orderBy(asc(masterData.ags), asc(masterData.id));
}

/** The change counter of what a Zerlegung reads besides its input (schema: zerlegungInputsVersion). */
export async function inputsVersion(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ version: zerlegungInputsVersion.version })
    .from(zerlegungInputsVersion)
    .limit(1);
  return row?.version ?? 0;
}

export async function municipalityNames(db: DbOrTx, ags: readonly string[]) {
  if (ags.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ ags: municipalities.ags, name: municipalities.name })
    .from(municipalities)
    .where(inArray(municipalities.ags, [...new Set(ags)]));
  return new Map(rows.map((r) => [r.ags, r.name]));
}

type NoticeFields = Record<string, { value?: unknown } | undefined>;

/** Confirmed, not deleted Zerlegungs- and Gewerbesteuerbescheide of a company and year, oldest first. */
export async function receivedNoticeFields(db: DbOrTx, companyId: number, year: number) {
  const rows = await db
    .select({
      type: documents.type,
      fields: documents.fields,
      master_data_ags: masterData.ags,
      created_at: documents.created_at,
    })
    .from(documents)
    .leftJoin(masterData, eq(masterData.id, documents.master_data_id))
    .where(
      and(
        eq(documents.company_id, companyId),
        isNull(documents.deleted_at),
        inArray(documents.status, ['geprueft', 'gebucht']),
        inArray(documents.type, ['zerlegungsbescheid', 'gewst_bescheid']),
        sql`${documents.fields}->'erhebungszeitraum'->>'value' = ${String(year)}`,
      ),
    )
    .orderBy(asc(documents.created_at), asc(documents.id));
  return rows.map((r) => ({ ...r, fields: r.fields as NoticeFields }));
}

/** The current version of the newest Zerlegung per year of a company (ids only, no JSON). */
export async function currentVersionsOf(db: DbOrTx, companyId: number, yearFrom: number, yearTo: number) {
  return rowsOf<{ id: number; year: number; version: number; version_id: number; stamp: string }>(
    db,
    sql`select distinct on (z.year) z.id, z.year, v.version, v.id as version_id, v.created_at::text as stamp
        from zerlegungen z
        join zerlegung_versions v on v.zerlegung_id = z.id and v.version = z.current_version
        where z.company_id = ${companyId} and z.year between ${yearFrom} and ${yearTo}
        order by z.year, z.id desc`,
  );
}

/** Input and result of saved versions by version id. */
export async function versionBodies(db: DbOrTx, versionIds: readonly number[]) {
  return rowsOf<{ id: number; input: unknown; result: unknown }>(
    db,
    sql`select id, input, result from zerlegung_versions where id in ${versionIds}`,
  );
}
