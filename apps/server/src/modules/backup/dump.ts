import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type { Database, DbOrTx } from '../../db/client';
import { EXCLUDED_TABLES, type Manifest, ROW_FILTERS } from './manifest';
import * as repo from './repo';

/**
 * The application's logical dump: every table of schema `public` as the text form of its
 * columns. Text is each type's exact input syntax, so numeric, dates, jsonb and floats come
 * back bit for bit, and the same archive loads into PGlite or PostgreSQL.
 */

const line = (values: readonly (string | null)[]) => `${JSON.stringify(values)}\n`;

/** Rows are written in the byte order of these columns' text: identical on every server. */
function orderColumns(t: repo.CatalogTable): string[] {
  return t.primaryKey.length ? t.primaryKey : t.columns.map((c) => c.name);
}

export interface DumpResult<F = undefined> {
  tables: Manifest['tables'];
  sequences: Manifest['sequences'];
  applied: { hash: string; created_at: string }[];
  serverVersion: string;
  documents: number | null;
  /** What `inSnapshot` read from the same snapshot (e.g. the files the rows refer to). */
  extra: F;
}

/**
 * Reads the whole database in one read-only REPEATABLE READ transaction: every table and
 * sequence comes from the same snapshot, whatever uploads or jobs commit meanwhile. On
 * PGlite (one connection) the transaction holds the connection for its duration.
 */
export async function dumpDatabase<F = undefined>(
  database: Database,
  dir: string,
  onTable: (done: number, total: number) => void = () => {},
  inSnapshot: (tx: DbOrTx) => Promise<F> = async () => undefined as F,
): Promise<DumpResult<F>> {
  await mkdir(path.join(dir, 'db'), { recursive: true });
  return database.db.transaction(
    async (tx) => {
      await repo.setCanonicalOutput(tx);
      const catalog = (await repo.listTables(tx)).filter((t) => !EXCLUDED_TABLES.includes(t.name));
      const tables: Manifest['tables'] = [];
      let documents: number | null = null;
      for (const [i, t] of catalog.entries()) {
        onTable(i, catalog.length);
        const written = await writeTable(tx, t, path.join(dir, 'db', `${t.name}.jsonl`));
        tables.push(written);
        if (t.name === 'documents') documents = written.rows;
      }
      onTable(catalog.length, catalog.length);
      return {
        tables,
        sequences: await repo.listSequences(tx),
        applied: await repo.appliedMigrations(tx),
        serverVersion: await repo.serverVersion(tx),
        documents,
        extra: await inSnapshot(tx),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

async function writeTable(
  tx: DbOrTx,
  t: repo.CatalogTable,
  file: string,
): Promise<Manifest['tables'][number]> {
  const out = createWriteStream(file);
  const hash = createHash('sha256');
  let rows = 0;
  let bytes = 0;
  const order = orderColumns(t);
  try {
    for await (const batch of repo.readTable(
      tx,
      t.name,
      t.columns.map((c) => c.name),
      ROW_FILTERS[t.name] ?? null,
      order,
    )) {
      let chunk = '';
      for (const values of batch) chunk += line(values);
      rows += batch.length;
      const buf = Buffer.from(chunk, 'utf8');
      bytes += buf.length;
      hash.update(buf);
      if (!out.write(buf)) await once(out, 'drain');
    }
  } finally {
    out.end();
    await once(out, 'close');
  }
  return { name: t.name, columns: t.columns, order_by: order, rows, sha256: hash.digest('hex'), bytes };
}

/** Parents before children; a foreign-key cycle between tables is refused (none exists today). */
export function loadOrder(tables: readonly repo.CatalogTable[]): string[] {
  const names = new Set(tables.map((t) => t.name));
  const pending = new Map(tables.map((t) => [t.name, t.references.filter((r) => names.has(r))]));
  const order: string[] = [];
  while (pending.size) {
    const ready = [...pending.entries()]
      .filter(([, refs]) => refs.every((r) => !pending.has(r)))
      .map(([n]) => n);
    if (!ready.length) {
      throw new Error(`Fremdschlüssel-Zyklus zwischen den Tabellen ${[...pending.keys()].join(', ')}.`);
    }
    for (const n of ready.sort()) {
      order.push(n);
      pending.delete(n);
    }
  }
  return order;
}

const BATCH_BYTES = 2 * 1024 * 1024;
const BATCH_ROWS = 1000;

/**
 * Replaces the content of every backed-up table with the archive's, inside the caller's
 * transaction: excluded tables and rows (sign-in secrets and sessions) stay as they are.
 */
export async function loadDatabase(
  tx: DbOrTx,
  dir: string,
  manifest: Manifest,
  catalog: readonly repo.CatalogTable[],
  onTable: (done: number, total: number) => void = () => {},
): Promise<void> {
  await repo.setCanonicalOutput(tx);
  const included = catalog.filter((t) => !EXCLUDED_TABLES.includes(t.name));
  // Rows the archive never carries (this installation's secrets) are set aside and put back
  // after the load, numbered anew so they cannot collide with the archive's ids.
  const setAside: { table: string; columns: repo.CatalogColumn[]; rows: (string | null)[][] }[] = [];
  for (const t of included) {
    const filter = ROW_FILTERS[t.name];
    if (!filter) continue;
    const columns = t.columns.filter((c) => !t.autoColumns.includes(c.name));
    const rows: (string | null)[][] = [];
    for await (const batch of repo.readTable(
      tx,
      t.name,
      columns.map((c) => c.name),
      filter,
      [],
      500,
      true,
    ))
      rows.push(...batch);
    setAside.push({ table: t.name, columns, rows });
  }
  await repo.truncate(
    tx,
    included.map((t) => t.name),
  );
  const byName = new Map(manifest.tables.map((t) => [t.name, t]));
  const order = loadOrder(included);
  for (const [i, name] of order.entries()) {
    onTable(i, order.length);
    const entry = byName.get(name);
    if (!entry) throw new Error(`Tabelle ${name} fehlt im Archiv.`);
    let batch: (string | null)[][] = [];
    let size = 0;
    const input = createInterface({
      input: createReadStream(path.join(dir, 'db', `${name}.jsonl`)),
      crlfDelay: Infinity,
    });
    for await (const text of input) {
      if (!text) continue;
      batch.push(JSON.parse(text) as (string | null)[]);
      size += text.length;
      if (batch.length >= BATCH_ROWS || size >= BATCH_BYTES) {
        await repo.insertRows(tx, name, entry.columns, batch, ROW_FILTERS[name] ?? null);
        batch = [];
        size = 0;
      }
    }
    await repo.insertRows(tx, name, entry.columns, batch, ROW_FILTERS[name] ?? null);
  }
  onTable(order.length, order.length);
  const sequences = new Set((await repo.listSequences(tx)).map((s) => s.name));
  for (const s of manifest.sequences) {
    if (sequences.has(s.name)) await repo.setSequence(tx, s.name, s.last_value, s.is_called);
  }
  for (const a of setAside) await repo.insertRows(tx, a.table, a.columns, a.rows, null);
}

/** Row count and SHA-256 of a table's content, computed the way the dump computes them. */
export async function fingerprintTable(
  tx: DbOrTx,
  table: string,
  columns: readonly string[],
  orderBy: readonly string[],
): Promise<{ rows: number; sha256: string }> {
  const hash = createHash('sha256');
  let rows = 0;
  for await (const batch of repo.readTable(tx, table, columns, ROW_FILTERS[table] ?? null, orderBy)) {
    for (const values of batch) hash.update(line(values), 'utf8');
    rows += batch.length;
  }
  return { rows, sha256: hash.digest('hex') };
}

/** Tables whose content differs from the manifest after loading (empty when identical). */
export async function verifyDatabase(tx: DbOrTx, manifest: Manifest): Promise<string[]> {
  await repo.setCanonicalOutput(tx);
  const wrong: string[] = [];
  for (const t of manifest.tables) {
    const got = await fingerprintTable(
      tx,
      t.name,
      t.columns.map((c) => c.name),
      t.order_by,
    );
    if (got.rows !== t.rows || got.sha256 !== t.sha256)
      wrong.push(`${t.name} (${got.rows} statt ${t.rows} Zeilen)`);
  }
  return wrong;
}
