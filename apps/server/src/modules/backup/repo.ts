import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * All SQL of the backup module. The dump is generic: tables, columns, foreign keys and
 * sequences come from the catalogue of schema `public`, so a table added by any migration
 * is backed up and restored without touching this module.
 */

export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** "name" → "\"name\"" (names come from the catalogue; quoted all the same). */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Rows kept out of a backup (and out of a restore): those whose column has one of the values. */
export interface RowFilter {
  column: string;
  exclude: readonly string[];
}

const literal = (v: string) => `'${v.replace(/'/g, "''")}'`;

/** The SQL condition that keeps the rows a filter lets through (values are constants of the code). */
export function keepCondition(filter: RowFilter, qualifier = ''): string {
  if (!filter.exclude.length) return 'true';
  return `${qualifier}${ident(filter.column)} not in (${filter.exclude.map(literal).join(', ')})`;
}

export interface CatalogColumn {
  name: string;
  /** format_type(): the type as SQL spells it, used to cast text back on restore. */
  type: string;
}

export interface CatalogTable {
  name: string;
  columns: CatalogColumn[];
  primaryKey: string[];
  /** Tables this one references (foreign keys), itself excluded. */
  references: string[];
  /** Columns the database numbers itself (serial, identity). */
  autoColumns: string[];
}

/** Session settings that make every value's text form identical on PGlite and PostgreSQL. */
export async function setCanonicalOutput(tx: DbOrTx): Promise<void> {
  await tx.execute(sql.raw(`set local timezone = 'UTC'`));
  await tx.execute(sql.raw(`set local datestyle = 'ISO, YMD'`));
  await tx.execute(sql.raw(`set local intervalstyle = 'postgres'`));
  await tx.execute(sql.raw(`set local extra_float_digits = 1`));
  await tx.execute(sql.raw(`set local bytea_output = 'hex'`));
}

export async function listTables(db: DbOrTx): Promise<CatalogTable[]> {
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
        order by c.relname`,
  );
  const columns = await rowsOf<{ table: string; name: string; type: string }>(
    db,
    sql`select c.relname as "table", a.attname as name, format_type(a.atttypid, a.atttypmod) as type
        from pg_attribute a
        join pg_class c on c.oid = a.attrelid
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0
          and not a.attisdropped and a.attgenerated = ''
        order by c.relname, a.attnum`,
  );
  const keys = await rowsOf<{ table: string; name: string }>(
    db,
    sql`select c.relname as "table", a.attname as name
        from pg_constraint k
        join pg_class c on c.oid = k.conrelid
        join pg_namespace n on n.oid = c.relnamespace
        join lateral unnest(k.conkey) with ordinality as u(attnum, ord) on true
        join pg_attribute a on a.attrelid = c.oid and a.attnum = u.attnum
        where n.nspname = 'public' and k.contype = 'p'
        order by c.relname, u.ord`,
  );
  const fks = await rowsOf<{ table: string; target: string }>(
    db,
    sql`select distinct c.relname as "table", r.relname as target
        from pg_constraint k
        join pg_class c on c.oid = k.conrelid
        join pg_class r on r.oid = k.confrelid
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and k.contype = 'f'`,
  );
  const autos = await rowsOf<{ table: string; name: string }>(
    db,
    sql`select c.relname as "table", a.attname as name
        from pg_attribute a
        join pg_class c on c.oid = a.attrelid
        join pg_namespace n on n.oid = c.relnamespace
        left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
        where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
          and (a.attidentity <> '' or pg_get_expr(d.adbin, d.adrelid) like 'nextval(%')`,
  );
  return tables.map(({ name }) => ({
    name,
    columns: columns.filter((c) => c.table === name).map((c) => ({ name: c.name, type: c.type })),
    primaryKey: keys.filter((k) => k.table === name).map((k) => k.name),
    references: [...new Set(fks.filter((f) => f.table === name && f.target !== name).map((f) => f.target))],
    autoColumns: autos.filter((a) => a.table === name).map((a) => a.name),
  }));
}

export async function listSequences(
  db: DbOrTx,
): Promise<{ name: string; last_value: string; is_called: boolean }[]> {
  const names = await rowsOf<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'S' order by c.relname`,
  );
  const out: { name: string; last_value: string; is_called: boolean }[] = [];
  for (const { name } of names) {
    const [row] = await rowsOf<{ last_value: string; is_called: boolean }>(
      db,
      sql.raw(`select last_value::text as last_value, is_called from public.${ident(name)}`),
    );
    if (row) out.push({ name, last_value: row.last_value, is_called: row.is_called });
  }
  return out;
}

export async function setSequence(db: DbOrTx, name: string, lastValue: string, isCalled: boolean) {
  await db.execute(
    sql`select setval(${`public.${ident(name)}`}::regclass, ${lastValue}::bigint, ${isCalled})`,
  );
}

/** The migrations applied to this database, oldest first (drizzle's own bookkeeping). */
export async function appliedMigrations(db: DbOrTx): Promise<{ hash: string; created_at: string }[]> {
  return rowsOf(
    db,
    sql`select hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at, id`,
  );
}

export async function serverVersion(db: DbOrTx): Promise<string> {
  const [row] = await rowsOf<{ v: string }>(db, sql`select current_setting('server_version') as v`);
  return row?.v ?? '';
}

/** Text form of every column, read through a cursor in batches (the snapshot stays open). */
export async function* readTable(
  tx: DbOrTx,
  table: string,
  columns: readonly string[],
  filter: RowFilter | null,
  orderBy: readonly string[],
  batch = 500,
  /** The rows the filter keeps out instead (to set them aside during a restore). */
  inverse = false,
): AsyncGenerator<(string | null)[][]> {
  const where = filter ? (inverse ? `not (${keepCondition(filter)})` : keepCondition(filter)) : null;
  const cols = columns.map((c, i) => `${ident(c)}::text as c${i}`).join(', ');
  // Byte order of the text: the same on every server and collation, so the hash is too.
  const order = orderBy.length
    ? ` order by ${orderBy.map((c) => `${ident(c)}::text collate "C"`).join(', ')}`
    : '';
  const cursor = 'gewst_backup_cursor';
  await tx.execute(
    sql.raw(
      `declare ${cursor} no scroll cursor for select ${cols} from public.${ident(table)}${where ? ` where ${where}` : ''}${order}`,
    ),
  );
  try {
    for (;;) {
      const rows = await rowsOf<Record<string, string | null>>(
        tx,
        sql.raw(`fetch forward ${batch} from ${cursor}`),
      );
      if (!rows.length) break;
      yield rows.map((r) => columns.map((_, i) => r[`c${i}`] ?? null));
      if (rows.length < batch) break;
    }
  } finally {
    await tx.execute(sql.raw(`close ${cursor}`));
  }
}

/**
 * Inserts rows given as text values: one statement per batch, the values travel as one JSON
 * parameter and are cast back with the column's own type (exact for numeric, dates, jsonb …).
 * The dump's filter applies again, so excluded rows stay out even of a crafted archive.
 */
export async function insertRows(
  tx: DbOrTx,
  table: string,
  columns: readonly { name: string; type: string }[],
  rows: readonly (string | null)[][],
  filter: RowFilter | null,
): Promise<void> {
  if (!rows.length) return;
  const where = filter ? ` where ${keepCondition(filter, 'r.')}` : '';
  const names = columns.map((c) => ident(c.name)).join(', ');
  const record = columns.map((c) => `${ident(c.name)} text`).join(', ');
  const casts = columns.map((c) => `r.${ident(c.name)}::${c.type}`).join(', ');
  const json = JSON.stringify(
    rows.map((row) => Object.fromEntries(columns.map((c, i) => [c.name, row[i] ?? null]))),
  );
  await tx.execute(
    sql`${sql.raw(`insert into public.${ident(table)} (${names}) overriding system value select ${casts} from json_to_recordset(`)}${json}${sql.raw(`::json) as r(${record})${where}`)}`,
  );
}

export async function truncate(tx: DbOrTx, tables: readonly string[]): Promise<void> {
  if (!tables.length) return;
  await tx.execute(sql.raw(`truncate table ${tables.map((t) => `public.${ident(t)}`).join(', ')}`));
}

/** Every job of the application's queues (not pg-boss's own): they refer to the data being replaced. */
export async function deleteQueuedJobs(tx: DbOrTx, queueSchema: string): Promise<void> {
  const [exists] = await rowsOf<{ ok: boolean }>(
    tx,
    sql`select to_regclass(${`${queueSchema}.job`}) is not null as ok`,
  );
  if (exists?.ok)
    await tx.execute(sql.raw(`delete from ${ident(queueSchema)}.job where name not like '\\_\\_pgboss%'`));
}

/** A transaction-scoped advisory lock named by a key (serialises instances doing the same thing). */
export async function lockKey(tx: DbOrTx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}
