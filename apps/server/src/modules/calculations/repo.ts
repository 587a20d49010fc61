import { and, count, desc, eq, inArray, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { masterData, masterDataRates } from '../master-data';
import { municipalities, municipalityRates } from '../municipalities';

/** Number of municipalities in the reference table (0 while it is not loaded). */
export async function countMunicipalities(db: DbOrTx): Promise<number> {
  return (await db.select({ n: count() }).from(municipalities))[0]?.n ?? 0;
}

export async function municipalitiesByAgs(db: DbOrTx, ags: readonly string[]) {
  if (ags.length === 0) return [];
  return db
    .select({ ags: municipalities.ags, name: municipalities.name, bundesland: municipalities.bundesland })
    .from(municipalities)
    .where(inArray(municipalities.ags, [...ags]));
}

/**
 * Official Hebesätze of the reference table: per AGS the rate of the latest year up to
 * `year` (the shipped table has 2021 only; newer years come by import).
 */
export async function referenceHebesaetze(db: DbOrTx, ags: readonly string[], year: number) {
  const result = new Map<string, { hebesatz: number; year: number }>();
  if (ags.length === 0) return result;
  const rows = await db
    .select({
      ags: municipalityRates.ags,
      year: municipalityRates.year,
      hebesatz: municipalityRates.hebesatz,
    })
    .from(municipalityRates)
    .where(and(inArray(municipalityRates.ags, [...ags]), lte(municipalityRates.year, year)))
    .orderBy(desc(municipalityRates.year));
  for (const r of rows) if (!result.has(r.ags)) result.set(r.ags, { hebesatz: r.hebesatz, year: r.year });
  return result;
}

/**
 * Hebesätze from the company's master data: per AGS the rate of the latest year up to
 * `year` and that year (the history holds only years where a rate was set explicitly).
 */
export async function companyHebesaetze(db: DbOrTx, companyId: number, ags: readonly string[], year: number) {
  const result = new Map<string, { hebesatz: number; year: number }>();
  if (ags.length === 0) return result;
  const rows = await db
    .select({ ags: masterData.ags, year: masterDataRates.year, hebesatz: masterDataRates.hebesatz })
    .from(masterDataRates)
    .innerJoin(masterData, eq(masterData.id, masterDataRates.master_data_id))
    .where(
      and(
        eq(masterData.company_id, companyId),
        inArray(masterData.ags, [...ags]),
        lte(masterDataRates.year, year),
      ),
    )
    .orderBy(desc(masterDataRates.year));
  for (const r of rows) if (!result.has(r.ags)) result.set(r.ags, { hebesatz: r.hebesatz, year: r.year });
  return result;
}
