import { berlinDate, formatMoneyPlain } from '@gewst/domain';
import type {
  MasterData,
  MasterDataListItem,
  MasterDataRate,
  RateConflict,
  RateSource,
  ReferenceKind,
} from '@gewst/domain';
import type { ConflictRow, ListRow, MasterDataRow, OwnRateRow, ReferenceRow, WagesRow } from './repo';

const today = () => berlinDate(new Date());

export function isActive(row: { valid_from: string | null; valid_to: string | null }, on = today()) {
  return (!row.valid_from || row.valid_from <= on) && (!row.valid_to || row.valid_to >= on);
}

/** Rate history: every year with an own entry or a reference rate; own entries win. */
export function mergeRates(
  own: OwnRateRow[],
  reference: { year: number; hebesatz: number }[],
): MasterDataRate[] {
  const refByYear = new Map(reference.map((r) => [Number(r.year), Number(r.hebesatz)]));
  const years = new Set([...own.map((r) => r.year), ...refByYear.keys()]);
  const ownByYear = new Map(own.map((r) => [r.year, r]));
  return [...years]
    .sort((a, b) => b - a)
    .map((year) => {
      const o = ownByYear.get(year);
      const ref = refByYear.get(year) ?? null;
      return o
        ? {
            year,
            hebesatz: o.hebesatz,
            source: o.source as RateSource,
            note: o.note,
            reference_hebesatz: ref,
          }
        : { year, hebesatz: ref ?? 0, source: 'reference' as const, note: null, reference_hebesatz: ref };
    });
}

export function presentMasterData(
  row: MasterDataRow,
  municipality: { name: string; bundesland: string },
  refs: ReferenceRow[],
  wages: WagesRow[],
  rates: MasterDataRate[],
): MasterData {
  return {
    id: row.id,
    company_id: row.company_id,
    ags: row.ags,
    municipality_name: municipality.name,
    bundesland: municipality.bundesland,
    designation: row.designation,
    street: row.street,
    zip: row.zip,
    city: row.city,
    steuernummer: row.steuernummer,
    iban: row.iban,
    bic: row.bic,
    bank_name: row.bank_name,
    creditor_number: row.creditor_number,
    cost_center: row.cost_center,
    valid_from: row.valid_from,
    valid_to: row.valid_to,
    active: isActive(row),
    geschaeftsleitung: row.geschaeftsleitung,
    remarks: row.remarks,
    references: refs.map((r) => ({ kind: r.kind as ReferenceKind, value: r.value })),
    wages: wages.map((w) => ({ year: w.year, employees: w.employees, wages: formatMoneyPlain(w.wages) })),
    rates,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function presentListItem(row: ListRow): MasterDataListItem {
  return {
    id: row.id,
    company_id: row.company_id,
    ags: row.ags,
    municipality_name: row.municipality_name,
    bundesland: row.bundesland,
    designation: row.designation,
    city: row.city,
    kassenzeichen: row.kassenzeichen ?? [],
    valid_from: row.valid_from,
    valid_to: row.valid_to,
    active: Boolean(row.active),
    geschaeftsleitung: Boolean(row.geschaeftsleitung),
    hebesatz: row.hebesatz == null ? null : Number(row.hebesatz),
    hebesatz_year: row.hebesatz_year == null ? null : Number(row.hebesatz_year),
  };
}

export function presentConflict(row: ConflictRow): RateConflict {
  return {
    master_data_id: Number(row.master_data_id),
    designation: row.designation,
    ags: row.ags,
    municipality_name: row.municipality_name,
    year: Number(row.year),
    hebesatz: Number(row.hebesatz),
    source: row.source as RateSource,
    kind: row.kind,
    other_hebesatz: Number(row.other_hebesatz),
    difference: Number(row.hebesatz) - Number(row.other_hebesatz),
    other_master_data_id: row.other_master_data_id == null ? null : Number(row.other_master_data_id),
    other_designation: row.other_designation,
    document_id: row.document_id == null ? null : Number(row.document_id),
    document_filename: row.document_filename ?? null,
  };
}
