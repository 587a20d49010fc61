import type { MasterData, RateSource, ReferenceKind } from '@gewst/domain';
import type { Db } from '../../db/client';
import { buildWorkbook, exportFilename } from './excel';
import { isActive } from './presenter';
import * as repo from './repo';
import { requireCompany } from './service';

/** All master data of a company as xlsx; children are read in three set queries, not per row. */
export async function exportMasterData(db: Db, companyId: number) {
  const company = await requireCompany(db, companyId);
  const rows = await repo.allOfCompany(db, companyId);
  const { refs, wages, rates } = await repo.childrenOf(db, companyId);
  const names = new Map((await repo.municipalitiesOfCompany(db, companyId)).map((m) => [m.ags, m] as const));
  const group = <T extends { master_data_id: number }>(list: T[]) => {
    const map = new Map<number, T[]>();
    for (const item of list) {
      const id = Number(item.master_data_id);
      map.set(id, [...(map.get(id) ?? []), item]);
    }
    return map;
  };
  const refsBy = group(refs);
  const wagesBy = group(wages);
  const ratesBy = group(rates);
  const records: MasterData[] = rows.map((row) => ({
    ...row,
    municipality_name: names.get(row.ags)?.name ?? '',
    bundesland: names.get(row.ags)?.bundesland ?? '',
    active: isActive(row),
    references: (refsBy.get(row.id) ?? []).map((r) => ({ kind: r.kind as ReferenceKind, value: r.value })),
    wages: (wagesBy.get(row.id) ?? []).map((w) => ({
      year: Number(w.year),
      employees: w.employees == null ? null : Number(w.employees),
      wages: w.wages,
    })),
    rates: (ratesBy.get(row.id) ?? []).map((r) => ({
      year: Number(r.year),
      hebesatz: Number(r.hebesatz),
      source: (r.own ? 'manual' : 'reference') as RateSource,
      note: null,
      reference_hebesatz: null,
    })),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }));
  return { filename: exportFilename(company.name), buffer: await buildWorkbook(records) };
}
