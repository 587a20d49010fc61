import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { defaultInterestPeriods, interestRates } from './schema';

export type InterestRateRow = typeof interestRates.$inferSelect;
export type DefaultInterestPeriodRow = typeof defaultInterestPeriods.$inferSelect;

// ---------------------------------------------------------------- interest rates

export const listInterestRates = (db: DbOrTx) =>
  db.select().from(interestRates).orderBy(asc(interestRates.valid_from));

export async function findInterestRate(db: DbOrTx, id: number) {
  return (await db.select().from(interestRates).where(eq(interestRates.id, id)).limit(1))[0] ?? null;
}

export async function findInterestRateByValidFrom(db: DbOrTx, validFrom: string) {
  return (
    (await db.select().from(interestRates).where(eq(interestRates.valid_from, validFrom)).limit(1))[0] ?? null
  );
}

export async function insertInterestRate(db: DbOrTx, values: { valid_from: string; rate: string }) {
  return (await db.insert(interestRates).values(values).returning())[0]!;
}

export async function updateInterestRate(
  db: DbOrTx,
  id: number,
  values: { valid_from: string; rate: string },
) {
  return (
    (
      await db
        .update(interestRates)
        .set({ ...values, updated_at: new Date() })
        .where(eq(interestRates.id, id))
        .returning()
    )[0] ?? null
  );
}

export async function deleteInterestRate(db: DbOrTx, id: number) {
  await db.delete(interestRates).where(eq(interestRates.id, id));
}

// ---------------------------------------------------------------- default interest periods

export const listDefaultInterestPeriods = (db: DbOrTx) =>
  db.select().from(defaultInterestPeriods).orderBy(asc(defaultInterestPeriods.year));

export async function findDefaultInterestPeriod(db: DbOrTx, id: number) {
  return (
    (await db.select().from(defaultInterestPeriods).where(eq(defaultInterestPeriods.id, id)).limit(1))[0] ??
    null
  );
}

export async function findDefaultInterestPeriodByYear(db: DbOrTx, year: number) {
  return (
    (
      await db.select().from(defaultInterestPeriods).where(eq(defaultInterestPeriods.year, year)).limit(1)
    )[0] ?? null
  );
}

export async function insertDefaultInterestPeriod(db: DbOrTx, values: { year: number; starts_at: string }) {
  return (await db.insert(defaultInterestPeriods).values(values).returning())[0]!;
}

export async function updateDefaultInterestPeriod(
  db: DbOrTx,
  id: number,
  values: { year: number; starts_at: string },
) {
  return (
    (
      await db
        .update(defaultInterestPeriods)
        .set({ ...values, updated_at: new Date() })
        .where(eq(defaultInterestPeriods.id, id))
        .returning()
    )[0] ?? null
  );
}

export async function deleteDefaultInterestPeriod(db: DbOrTx, id: number) {
  await db.delete(defaultInterestPeriods).where(eq(defaultInterestPeriods.id, id));
}
