import type {
  LegalForm,
  ZerlegungDetail,
  ZerlegungListItem,
  ZerlegungResponse,
  ZerlegungRundung,
  ZerlegungSaveData,
  ZerlegungVergleichZeile,
} from '@gewst/domain';
import type { CompanyRow } from '../companies/repo';
import type { ZerlegungRow, ZerlegungVersionRow } from './repo';

/** What a version stores as input: the save data without the company (kept on the Zerlegung). */
export type StoredInput = Omit<ZerlegungSaveData, 'company_id'> & { rechtsform: LegalForm };

export function presentListItem(row: {
  zerlegung: ZerlegungRow;
  company_name: string;
  version: ZerlegungVersionRow;
}): ZerlegungListItem {
  const result = row.version.result as ZerlegungResponse;
  return {
    id: row.zerlegung.id,
    company_id: row.zerlegung.company_id,
    company_name: row.company_name,
    year: row.zerlegung.year,
    version: row.version.version,
    schluessel: result.schluessel,
    messbetrag: result.messbetrag,
    gemeinden: result.zeilen.length,
    summe_steuer: result.summe.steuer,
    updated_at: row.version.created_at.toISOString(),
    updated_by: row.version.created_by,
  };
}

export function presentDetail(
  zerlegung: ZerlegungRow,
  company: CompanyRow,
  version: ZerlegungVersionRow,
  versions: ZerlegungVersionRow[],
  vergleich: ZerlegungVergleichZeile[],
  names: Map<string, string> = new Map(),
): ZerlegungDetail {
  const input = version.input as StoredInput;
  const result = version.result as ZerlegungResponse;
  return {
    id: zerlegung.id,
    company_id: zerlegung.company_id,
    company_name: company.name,
    rechtsform: input.rechtsform,
    year: zerlegung.year,
    version: version.version,
    current_version: zerlegung.current_version,
    versions: versions.map((v) => ({
      version: v.version,
      created_at: v.created_at.toISOString(),
      created_by: v.created_by,
      created_by_name: v.created_by ? (names.get(v.created_by) ?? v.created_by) : null,
      bemerkung: v.bemerkung,
      messbetrag: (v.result as ZerlegungResponse).messbetrag,
    })),
    bemerkung: version.bemerkung,
    rundung: (input.rundung ?? 'largest_remainder') as ZerlegungRundung,
    zeilen: input.zeilen.map((z) => ({ ...z, name: z.name ?? null })) as ZerlegungDetail['zeilen'],
    result,
    vergleich,
    created_at: version.created_at.toISOString(),
    created_by: version.created_by,
  };
}
