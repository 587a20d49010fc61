import { BUNDESLAENDER, type MasterDataListParams, municipalitySearchKey } from '@gewst/domain';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/sql';
import { municipalities } from '../municipalities';
import {
  masterData,
  masterDataRates,
  masterDataReferences,
  masterDataWages,
  rateConflictDecisions,
} from './schema';

export type MasterDataRow = typeof masterData.$inferSelect;
export type MasterDataValues = Omit<typeof masterData.$inferInsert, 'id' | 'created_at' | 'updated_at'>;
export type ReferenceRow = { kind: string; value: string };
export type WagesRow = { year: number; employees: number | null; wages: string };
export type OwnRateRow = { year: number; hebesatz: number; source: string; note: string | null };

export interface ListRow {
  id: number;
  company_id: number;
  ags: string;
  municipality_name: string;
  bundesland: string;
  designation: string;
  city: string | null;
  kassenzeichen: string[] | null;
  valid_from: string | null;
  valid_to: string | null;
  active: boolean;
  geschaeftsleitung: boolean;
  hebesatz: number | null;
  hebesatz_year: number | null;
}

const SORT_SQL = {
  designation: sql`md.designation`,
  ags: sql`md.ags`,
  municipality: sql`m.name`,
  city: sql`md.city`,
  valid_from: sql`md.valid_from`,
  id: sql`md.id`,
} as const;

const activeSql = sql`(md.valid_from is null or md.valid_from <= current_date)
  and (md.valid_to is null or md.valid_to >= current_date)`;

/**
 * The page is chosen on master_data alone (index on company_id); municipality names,
 * Kassenzeichen and rates are joined only for the rows of the page. The Bundesland filter
 * uses the AGS prefix (01 … 16), so only sorting by municipality name needs the join.
 */
export async function listMasterData(db: DbOrTx, companyId: number, q: MasterDataListParams) {
  const conditions = [sql`md.company_id = ${companyId}`];
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const key = municipalitySearchKey(q.search);
    conditions.push(sql`(md.designation ilike ${like} or md.city ilike ${like} or md.ags like ${like}
      or md.cost_center ilike ${like} or md.creditor_number ilike ${like}
      or md.id in (select r.master_data_id from master_data_references r where r.value ilike ${like})
      ${key ? sql`or md.ags in (select ags from municipalities where search_key like ${`%${key}%`})` : sql``})`);
  }
  if (q.active === 'true') conditions.push(activeSql);
  if (q.active === 'false') conditions.push(sql`not (${activeSql})`);
  if (q.bundesland) {
    const index = (BUNDESLAENDER as readonly string[]).indexOf(q.bundesland);
    conditions.push(index < 0 ? sql`false` : sql`md.ags like ${`${String(index + 1).padStart(2, '0')}%`}`);
  }
  const where = sql.join(conditions, sql` and `);
  const direction = q.orderDirection === 'desc' ? sql`desc nulls last` : sql`asc nulls last`;
  const byName = q.orderBy === 'municipality';
  const [countRow] = await rowsOf<{ total: number }>(
    db,
    sql`select count(*)::int as total from master_data md where ${where}`,
  );
  const rows = await rowsOf<ListRow>(
    db,
    sql`
    select p.id, p.company_id, p.ags, m.name as municipality_name, m.bundesland, p.designation, p.city,
      p.valid_from, p.valid_to, p.active, p.geschaeftsleitung,
      array(select value from master_data_references r
            where r.master_data_id = p.id and r.kind = 'kassenzeichen' order by r.id) as kassenzeichen,
      rate.hebesatz, rate.year as hebesatz_year
    from (
      select md.id, md.company_id, md.ags, md.designation, md.city,
        md.valid_from::text as valid_from, md.valid_to::text as valid_to, (${activeSql}) as active,
        md.geschaeftsleitung,
        row_number() over (order by ${SORT_SQL[q.orderBy]} ${direction}, md.id ${direction}) as _n
      from master_data md ${byName ? sql`join municipalities m on m.ags = md.ags` : sql``}
      where ${where}
      order by _n
      limit ${q.per_page} offset ${(q.page - 1) * q.per_page}
    ) p
    join municipalities m on m.ags = p.ags
    left join lateral (
      select hebesatz, year from (
        select hebesatz, year, 0 as prio from master_data_rates where master_data_id = p.id
        union all
        select hebesatz, year, 1 from municipality_rates where ags = p.ags
      ) x order by year desc, prio limit 1
    ) rate on true
    order by p._n`,
  );
  return { rows, total: countRow?.total ?? 0 };
}

export async function findMasterData(db: DbOrTx, id: number) {
  return (await db.select().from(masterData).where(eq(masterData.id, id)).limit(1))[0] ?? null;
}

export async function municipalityOf(db: DbOrTx, ags: string) {
  return (
    (
      await db
        .select({ name: municipalities.name, bundesland: municipalities.bundesland })
        .from(municipalities)
        .where(eq(municipalities.ags, ags))
        .limit(1)
    )[0] ?? null
  );
}

export function referencesOf(db: DbOrTx, id: number): Promise<ReferenceRow[]> {
  return db
    .select({ kind: masterDataReferences.kind, value: masterDataReferences.value })
    .from(masterDataReferences)
    .where(eq(masterDataReferences.master_data_id, id))
    .orderBy(asc(masterDataReferences.id));
}

export function wagesOf(db: DbOrTx, id: number): Promise<WagesRow[]> {
  return db
    .select({
      year: masterDataWages.year,
      employees: masterDataWages.employees,
      wages: masterDataWages.wages,
    })
    .from(masterDataWages)
    .where(eq(masterDataWages.master_data_id, id))
    .orderBy(asc(masterDataWages.year));
}

export function ownRatesOf(db: DbOrTx, id: number): Promise<OwnRateRow[]> {
  return db
    .select({
      year: masterDataRates.year,
      hebesatz: masterDataRates.hebesatz,
      source: masterDataRates.source,
      note: masterDataRates.note,
    })
    .from(masterDataRates)
    .where(eq(masterDataRates.master_data_id, id))
    .orderBy(asc(masterDataRates.year));
}

export function referenceRatesOf(db: DbOrTx, ags: string) {
  return rowsOf<{ year: number; hebesatz: number }>(
    db,
    sql`select year, hebesatz from municipality_rates where ags = ${ags} order by year`,
  );
}

export async function insertMasterData(db: DbOrTx, values: MasterDataValues) {
  return (await db.insert(masterData).values(values).returning())[0]!;
}

export async function updateMasterData(db: DbOrTx, id: number, values: MasterDataValues) {
  return (
    await db
      .update(masterData)
      .set({ ...values, updated_at: new Date() })
      .where(eq(masterData.id, id))
      .returning()
  )[0]!;
}

export async function deleteMasterData(db: DbOrTx, id: number) {
  await db.delete(masterData).where(eq(masterData.id, id));
}

export async function replaceReferences(db: DbOrTx, id: number, refs: ReferenceRow[]) {
  await db.delete(masterDataReferences).where(eq(masterDataReferences.master_data_id, id));
  if (refs.length)
    await db.insert(masterDataReferences).values(refs.map((r) => ({ ...r, master_data_id: id })));
}

export async function replaceWages(db: DbOrTx, id: number, wages: WagesRow[]) {
  await db.delete(masterDataWages).where(eq(masterDataWages.master_data_id, id));
  if (wages.length) await db.insert(masterDataWages).values(wages.map((w) => ({ ...w, master_data_id: id })));
}

export async function replaceRates(db: DbOrTx, id: number, rates: OwnRateRow[]) {
  await db.delete(masterDataRates).where(eq(masterDataRates.master_data_id, id));
  if (rates.length) await db.insert(masterDataRates).values(rates.map((r) => ({ ...r, master_data_id: id })));
}

export async function upsertRate(db: DbOrTx, id: number, rate: OwnRateRow) {
  await db
    .insert(masterDataRates)
    .values({ ...rate, master_data_id: id })
    .onConflictDoUpdate({
      target: [masterDataRates.master_data_id, masterDataRates.year],
      set: { hebesatz: rate.hebesatz, source: rate.source, note: rate.note, updated_at: new Date() },
    });
}

export async function deleteRate(db: DbOrTx, id: number, year: number) {
  return (
    await db
      .delete(masterDataRates)
      .where(and(eq(masterDataRates.master_data_id, id), eq(masterDataRates.year, year)))
      .returning()
  ).length;
}

const GL_LOCK_SPACE = 31_401;

/**
 * Serialises writers that set a Geschäftsleitung for one company (transaction-scoped
 * advisory lock), so two concurrent requests cannot both pass the overlap check.
 */
export async function lockGeschaeftsleitung(db: DbOrTx, companyId: number) {
  await db.execute(sql`select pg_advisory_xact_lock(${GL_LOCK_SPACE}::int, ${companyId}::int)`);
}

/** Other Geschäftsleitung records of the company whose validity overlaps [from, to]. */
export function overlappingGeschaeftsleitung(
  db: DbOrTx,
  companyId: number,
  exceptId: number | null,
  from: string | null,
  to: string | null,
) {
  return rowsOf<{ id: number; designation: string }>(
    db,
    sql`select id, designation from master_data
      where company_id = ${companyId} and geschaeftsleitung and id <> ${exceptId ?? 0}
        and (valid_to is null or ${from}::date is null or valid_to >= ${from}::date)
        and (valid_from is null or ${to}::date is null or valid_from <= ${to}::date)`,
  );
}

/** Kassenzeichen already used in the same municipality by another record (any company). */
export function kassenzeichenTaken(db: DbOrTx, ags: string, values: string[], exceptId: number | null) {
  if (values.length === 0) return Promise.resolve([]);
  return db
    .select({ value: masterDataReferences.value, id: masterData.id, designation: masterData.designation })
    .from(masterDataReferences)
    .innerJoin(masterData, eq(masterData.id, masterDataReferences.master_data_id))
    .where(
      and(
        eq(masterData.ags, ags),
        eq(masterDataReferences.kind, 'kassenzeichen'),
        inArray(masterDataReferences.value, values),
        ne(masterData.id, exceptId ?? 0),
      ),
    );
}

export function allOfCompany(db: DbOrTx, companyId: number) {
  return db
    .select()
    .from(masterData)
    .where(eq(masterData.company_id, companyId))
    .orderBy(asc(masterData.designation), asc(masterData.id));
}

/** Children of many records at once (export/import). */
export async function childrenOf(db: DbOrTx, companyId: number) {
  const refs = await rowsOf<ReferenceRow & { master_data_id: number }>(
    db,
    sql`select r.master_data_id, r.kind, r.value from master_data_references r
        join master_data md on md.id = r.master_data_id where md.company_id = ${companyId} order by r.id`,
  );
  const wages = await rowsOf<WagesRow & { master_data_id: number }>(
    db,
    sql`select w.master_data_id, w.year, w.employees, w.wages::text as wages from master_data_wages w
        join master_data md on md.id = w.master_data_id where md.company_id = ${companyId}`,
  );
  const rates = await rowsOf<{ master_data_id: number; year: number; hebesatz: number; own: boolean }>(
    db,
    sql`select md.id as master_data_id, x.year, x.hebesatz, x.own from master_data md
        cross join lateral (
          select coalesce(r.year, mr.year) as year, coalesce(r.hebesatz, mr.hebesatz) as hebesatz,
                 r.year is not null as own
          from (select * from master_data_rates where master_data_id = md.id) r
          full join (select * from municipality_rates where ags = md.ags) mr on mr.year = r.year
        ) x
        where md.company_id = ${companyId}`,
  );
  return { refs, wages, rates };
}

export interface ConflictRow {
  master_data_id: number;
  designation: string;
  ags: string;
  municipality_name: string;
  year: number;
  hebesatz: number;
  source: string;
  kind: 'reference' | 'notice' | 'group';
  other_hebesatz: number;
  other_master_data_id: number | null;
  other_designation: string | null;
  document_id: number | null;
  document_filename: string | null;
}

/**
 * Rate conflicts of a company's establishments, one row per disagreeing source:
 *  - reference: the record's own rate for a year ≠ the municipality's reference rate
 *    (not for a rate taken over from a confirmed notice: the municipality's own notice
 *    outranks the published table, and the decision is in the log);
 *  - notice:    the record's rate in effect ≠ the Hebesatz of a confirmed notice, unless
 *    someone decided to keep our rate for exactly these two figures
 *    (rate_conflict_decisions; a later change of either lists the conflict again);
 *  - group:     two establishments of the group (any company) in the same municipality
 *               and year, both valid in that year, have different rates in effect.
 *
 * EXTENSION POINT `confirmed_notice_rates`: wired to the documents module (confirmed notices,
 * not deleted, with a numeric year and Hebesatz). Originally specified as
 *   select d.master_data_id, (d.fields->'erhebungszeitraum'->>'value')::int as year,
 *          (d.fields->'hebesatz'->>'value')::int as hebesatz
 *   from documents d where d.status in ('geprueft', 'gebucht') and d.master_data_id is not null
 * keeping those columns, plus the document's id and file name.
 */
function conflictsSql(companyId: number) {
  return sql`
    with confirmed_notice_rates(document_id, filename, master_data_id, year, hebesatz) as (
      select d.id, d.filename, d.master_data_id, (d.fields->'erhebungszeitraum'->>'value')::int,
        (d.fields->'hebesatz'->>'value')::int
      from documents d
      where d.status in ('geprueft', 'gebucht') and d.master_data_id is not null and d.deleted_at is null
        and (d.fields->'erhebungszeitraum'->>'value') ~ '^[0-9]{4}$'
        and (d.fields->'hebesatz'->>'value') ~ '^[0-9]{1,4}$'
    ),
    years as (
      select distinct md.ags, r.year from master_data_rates r join master_data md on md.id = r.master_data_id
      union
      select distinct md.ags, n.year from confirmed_notice_rates n join master_data md on md.id = n.master_data_id
    ),
    eff as (
      select md.id, md.company_id, md.ags, md.designation, y.year,
        coalesce(r.hebesatz, mr.hebesatz) as hebesatz,
        coalesce(r.source, 'reference') as source, r.hebesatz as own, mr.hebesatz as ref
      from master_data md
      join years y on y.ags = md.ags
      left join master_data_rates r on r.master_data_id = md.id and r.year = y.year
      left join municipality_rates mr on mr.ags = md.ags and mr.year = y.year
      where coalesce(r.hebesatz, mr.hebesatz) is not null
        and (md.valid_from is null or md.valid_from <= make_date(y.year, 12, 31))
        and (md.valid_to is null or md.valid_to >= make_date(y.year, 1, 1))
    ),
    mine as (select * from eff where company_id = ${companyId}),
    conflicts as (
      select e.id as master_data_id, e.designation, e.ags, e.year, e.hebesatz, e.source,
        'reference' as kind, e.ref as other_hebesatz, null::int as other_master_data_id,
        null::text as other_designation, null::int as document_id, null::text as document_filename
      from mine e where e.own is not null and e.ref is not null and e.own <> e.ref and e.source <> 'notice'
      union all
      select e.id, e.designation, e.ags, e.year, e.hebesatz, e.source, 'notice', n.hebesatz, null, null,
        n.document_id, n.filename
      from mine e join confirmed_notice_rates n on n.master_data_id = e.id and n.year = e.year
      where n.hebesatz <> e.hebesatz
        and not exists (
          select 1 from rate_conflict_decisions k
          where k.master_data_id = e.id and k.document_id = n.document_id and k.year = e.year
            and k.notice_hebesatz = n.hebesatz and k.our_hebesatz = e.hebesatz)
      union all
      select * from (
        select distinct on (a.id, a.year, b.hebesatz) a.id, a.designation, a.ags, a.year, a.hebesatz, a.source,
          'group', b.hebesatz, b.id, b.designation, null::int, null::text
        from mine a join eff b on b.ags = a.ags and b.year = a.year and b.id <> a.id and b.hebesatz <> a.hebesatz
        order by a.id, a.year, b.hebesatz, b.id
      ) g
    )
    select c.*, m.name as municipality_name from conflicts c join municipalities m on m.ags = c.ags`;
}

export async function listConflicts(db: DbOrTx, companyId: number, page: number, perPage: number) {
  const base = conflictsSql(companyId);
  const [countRow] = await rowsOf<{ total: number }>(db, sql`select count(*)::int as total from (${base}) t`);
  const rows = await rowsOf<ConflictRow>(
    db,
    sql`select * from (${base}) t
        order by municipality_name, designation, master_data_id, year desc, kind, other_master_data_id nulls first,
          document_id nulls first
        limit ${perPage} offset ${(page - 1) * perPage}`,
  );
  return { rows, total: countRow?.total ?? 0 };
}

/** The open conflict of kind `notice` raised by one confirmed notice of the company, if any. */
export async function noticeConflict(db: DbOrTx, companyId: number, documentId: number) {
  const [row] = await rowsOf<ConflictRow>(
    db,
    sql`select * from (${conflictsSql(companyId)}) t where kind = 'notice' and document_id = ${documentId}`,
  );
  return row ?? null;
}

/** The company's establishments in a municipality that are valid in a year (their rates of that year). */
export function establishmentsInYear(db: DbOrTx, companyId: number, ags: string, year: number) {
  return rowsOf<{ id: number; designation: string }>(
    db,
    sql`select md.id, md.designation from master_data md
        where md.company_id = ${companyId} and md.ags = ${ags}
          and (md.valid_from is null or md.valid_from <= make_date(${year}::int, 12, 31))
          and (md.valid_to is null or md.valid_to >= make_date(${year}::int, 1, 1))
        order by md.id`,
  );
}

export async function recordKeepDecision(
  db: DbOrTx,
  row: {
    master_data_id: number;
    document_id: number;
    year: number;
    notice_hebesatz: number;
    our_hebesatz: number;
    note: string;
    decided_by: string | null;
  },
) {
  await db
    .insert(rateConflictDecisions)
    .values(row)
    .onConflictDoUpdate({
      target: [
        rateConflictDecisions.master_data_id,
        rateConflictDecisions.document_id,
        rateConflictDecisions.year,
      ],
      set: {
        notice_hebesatz: row.notice_hebesatz,
        our_hebesatz: row.our_hebesatz,
        note: row.note,
        decided_by: row.decided_by,
        decided_at: new Date(),
      },
    });
}

export function municipalitiesOfCompany(db: DbOrTx, companyId: number) {
  return rowsOf<{ ags: string; name: string; bundesland: string }>(
    db,
    sql`select ags, name, bundesland from municipalities
        where ags in (select distinct ags from master_data where company_id = ${companyId})`,
  );
}

/** Child tables of this module: deleted together with the record. */
const OWN_CHILD_TABLES = [
  'master_data_references',
  'master_data_rates',
  'master_data_wages',
  'rate_conflict_decisions',
];

/**
 * Tables of other modules (documents, payments, …) that reference this record, found
 * through the foreign keys in the catalogue, so a table added later is covered without a
 * change here, whatever its ON DELETE rule.
 */
export async function referencingTables(db: DbOrTx, id: number): Promise<string[]> {
  const fks = await rowsOf<{ table_name: string; column_name: string }>(
    db,
    sql`select cl.relname as table_name, a.attname as column_name
        from pg_constraint c
        join pg_class cl on cl.oid = c.conrelid
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
        where c.contype = 'f' and c.confrelid = 'master_data'::regclass and array_length(c.conkey, 1) = 1`,
  );
  const found: string[] = [];
  for (const fk of fks) {
    if (OWN_CHILD_TABLES.includes(fk.table_name)) continue;
    const hit = await rowsOf(
      db,
      sql`select 1 from ${sql.identifier(fk.table_name)} where ${sql.identifier(fk.column_name)} = ${id} limit 1`,
    );
    if (hit.length) found.push(fk.table_name);
  }
  return found;
}
