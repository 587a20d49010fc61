import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
/**
 * The one database type the code is written against: PGlite and node-postgres both
 * satisfy it. Queries name their tables (imported from the owning module), so the
 * connection needs no schema and the database layer depends on no feature module.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or an open transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Db;
  /** Raw SQL with parameters, for the few places that need it (job queue, health). */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** apps/server/drizzle, seen from the source (src/db) or from the bundle (dist). */
export const MIGRATIONS_DIR =
  ['../../drizzle', '../drizzle']
    .map((rel) => path.resolve(path.dirname(fileURLToPath(import.meta.url)), rel))
    .find((dir) => existsSync(path.join(dir, 'meta', '_journal.json'))) ??
  path.resolve('apps/server/drizzle');

export type DatabaseOptions = { kind: 'pglite'; dir: string | null } | { kind: 'postgres'; url: string };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // Dates stay calendar dates (text), never shifted through a JS Date.
    pool.on('error', () => {});
    const db = drizzlePg(pool) as unknown as Db;
    await migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
    return {
      kind: 'postgres',
      db,
      async query<T>(text: string, params: unknown[] = []) {
        return (await pool.query(text, params)).rows as T[];
      },
      close: () => pool.end(),
    };
  }
  if (options.dir) mkdirSync(options.dir, { recursive: true });
  const unlock = options.dir ? lockDataDir(options.dir) : () => {};
  try {
    const client = options.dir ? new PGlite(options.dir) : new PGlite();
    await client.waitReady;
    const db = drizzlePglite(client) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
    return {
      kind: 'pglite',
      db,
      async query<T>(text: string, params: unknown[] = []) {
        return (await client.query(text, params)).rows as T[];
      },
      async close() {
        await client.close();
        unlock();
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}

export class DataDirInUse extends Error {}

/**
 * PGlite opens its directory in one process only; a second one (another server, or
 * `npm run backup` while the server runs) would corrupt it, and PGlite does not stop it.
 * `<dir>.lock` holds the owner's process id; a lock of a process that is gone is taken over.
 */
function lockDataDir(dir: string): () => void {
  const file = `${path.resolve(dir)}.lock`;
  const owner = existsSync(file) ? Number(readFileSync(file, 'utf8').trim()) : NaN;
  if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
    throw new DataDirInUse(
      `Die eingebettete Datenbank in ${dir} wird von Prozess ${owner} benutzt (läuft GewSt Desk?). ` +
        'Eine Sicherung im laufenden Betrieb erstellt Admin → Backup; sonst die Anwendung zuerst beenden.',
    );
  }
  writeFileSync(file, `${process.pid}\n`);
  return () => {
    try {
      if (Number(readFileSync(file, 'utf8').trim()) === process.pid) rmSync(file, { force: true });
    } catch {
      // already gone
    }
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
