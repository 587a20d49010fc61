import { berlinDate, pageMeta, type ReportFilter } from '@gewst/domain';
import type { DbOrTx } from '../../db/client';
import { validationFailed } from '../../http/errors';
import { requireCompany } from '../master-data/service';
import * as repo from './repo';

export const today = () => berlinDate(new Date());

/** How many years a report covers when the caller names none. */
export const DEFAULT_YEARS = 5;

export interface ResolvedFilter extends ReportFilter {
  scope: repo.Scope;
}

/**
 * Company, year range and municipality with their defaults: the range ends with the
 * latest year that has payment data (else the current year) and covers five years.
 */
export async function resolveFilter(
  db: DbOrTx,
  q: { company_id: number; year_from?: number; year_to?: number; ags?: string },
): Promise<ResolvedFilter> {
  const company = await requireCompany(db, q.company_id);
  let yearTo = q.year_to;
  if (yearTo === undefined) {
    const latest = (await repo.yearsWithData(db, company.id))[0] ?? Number(today().slice(0, 4));
    yearTo = q.year_from !== undefined ? Math.max(q.year_from, latest) : latest;
  }
  const yearFrom = q.year_from ?? yearTo - (DEFAULT_YEARS - 1);
  let gemeinde: string | null = null;
  if (q.ags) {
    const m = await repo.municipality(db, q.ags);
    if (!m) throw validationFailed({ ags: ['Diese Gemeinde gibt es nicht.'] });
    gemeinde = m.name;
  }
  return {
    company_id: company.id,
    company_name: company.name,
    year_from: yearFrom,
    year_to: yearTo,
    ags: q.ags ?? null,
    gemeinde,
    stand: today(),
    scope: { companyId: company.id, yearFrom, yearTo, ags: q.ags ?? null },
  };
}

export function publicFilter(f: ResolvedFilter): ReportFilter {
  const { scope: _scope, ...rest } = f;
  return rest;
}

/** One page of `rows` (`perPage` null: all of them, for exports). */
export function pageOf<T>(rows: readonly T[], page: number, perPage: number | null) {
  if (perPage === null) return { rows: [...rows], meta: pageMeta(1, Math.max(1, rows.length), rows.length) };
  return {
    rows: rows.slice((page - 1) * perPage, page * perPage),
    meta: pageMeta(page, perPage, rows.length),
  };
}
