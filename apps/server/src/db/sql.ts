import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client';

/** The rows of a raw SQL query, the same on PGlite and node-postgres. */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
