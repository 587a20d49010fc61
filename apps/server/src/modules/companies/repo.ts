import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies } from './schema';

export type CompanyRow = typeof companies.$inferSelect;
export type CompanyValues = Omit<typeof companies.$inferInsert, 'id' | 'created_at' | 'updated_at'>;

export const listCompanies = (db: DbOrTx) =>
  db.select().from(companies).orderBy(asc(companies.name), asc(companies.id));

export async function findCompany(db: DbOrTx, id: number) {
  return (await db.select().from(companies).where(eq(companies.id, id)).limit(1))[0] ?? null;
}

export async function insertCompany(db: DbOrTx, values: CompanyValues) {
  return (await db.insert(companies).values(values).returning())[0]!;
}

export async function updateCompany(db: DbOrTx, id: number, values: CompanyValues) {
  return (
    (
      await db
        .update(companies)
        .set({ ...values, updated_at: new Date() })
        .where(eq(companies.id, id))
        .returning()
    )[0] ?? null
  );
}

export async function deleteCompany(db: DbOrTx, id: number) {
  await db.delete(companies).where(eq(companies.id, id));
}
