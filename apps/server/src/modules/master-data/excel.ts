import {
  berlinDateTimeParts,
  type MasterData,
  REFERENCE_KIND_LABELS,
  REFERENCE_KINDS,
  type ReferenceKind,
} from '@gewst/domain';
import ExcelJS from 'exceljs';

/** The fixed columns of the master data workbook (export and import share them). */
export const FIXED_COLUMNS = [
  { key: 'id', header: 'ID', width: 8 },
  { key: 'ags', header: 'AGS', width: 11 },
  { key: 'municipality_name', header: 'Gemeinde', width: 32 },
  { key: 'bundesland', header: 'Bundesland', width: 20 },
  { key: 'designation', header: 'Bezeichnung', width: 32 },
  { key: 'street', header: 'Straße', width: 28 },
  { key: 'zip', header: 'PLZ', width: 8 },
  { key: 'city', header: 'Ort', width: 20 },
  { key: 'kassenzeichen', header: 'Kassenzeichen', width: 22 },
  { key: 'other_references', header: 'Weitere Zeichen', width: 28 },
  { key: 'steuernummer', header: 'Steuernummer', width: 16 },
  { key: 'iban', header: 'IBAN', width: 28 },
  { key: 'bic', header: 'BIC', width: 14 },
  { key: 'bank_name', header: 'Bank', width: 24 },
  { key: 'creditor_number', header: 'Kreditorennummer', width: 16 },
  { key: 'cost_center', header: 'Kostenstelle', width: 14 },
  { key: 'valid_from', header: 'Gültig ab', width: 12 },
  { key: 'valid_to', header: 'Gültig bis', width: 12 },
  { key: 'geschaeftsleitung', header: 'Geschäftsleitung', width: 16 },
  { key: 'remarks', header: 'Bemerkung', width: 32 },
] as const;
export type FixedKey = (typeof FIXED_COLUMNS)[number]['key'];

export const RATE_HEADER = /^Hebesatz (\d{4})$/;
export const EMPLOYEES_HEADER = /^Arbeitnehmer (\d{4})$/;
export const WAGES_HEADER = /^Löhne (\d{4})$/;

const LABEL_TO_KIND = new Map(REFERENCE_KINDS.map((k) => [REFERENCE_KIND_LABELS[k].toLowerCase(), k]));

export function otherReferencesText(refs: { kind: ReferenceKind; value: string }[]) {
  return refs
    .filter((r) => r.kind !== 'kassenzeichen')
    .map((r) => `${REFERENCE_KIND_LABELS[r.kind]}: ${r.value}`)
    .join('; ');
}

/** "Buchungszeichen: 123; Personenkonto: 9" → references; unknown labels are reported. */
export function parseOtherReferences(text: string): {
  refs: { kind: ReferenceKind; value: string }[];
  bad: string[];
} {
  const refs: { kind: ReferenceKind; value: string }[] = [];
  const bad: string[] = [];
  for (const part of text
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const idx = part.indexOf(':');
    const kind = idx > 0 ? LABEL_TO_KIND.get(part.slice(0, idx).trim().toLowerCase()) : undefined;
    if (!kind || kind === 'kassenzeichen') bad.push(part);
    else refs.push({ kind, value: part.slice(idx + 1).trim() });
  }
  return { refs, bad };
}

const isoToDate = (iso: string | null) => (iso ? new Date(`${iso}T00:00:00Z`) : null);

/** One sheet, German headers, typed cells, frozen header row, autofilter. */
export async function buildWorkbook(records: MasterData[]): Promise<Buffer> {
  const rateYears = [...new Set(records.flatMap((r) => r.rates.map((x) => x.year)))].sort();
  const wageYears = [...new Set(records.flatMap((r) => r.wages.map((x) => x.year)))].sort();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'GewSt Desk';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet('Stammdaten', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    ...FIXED_COLUMNS.map((c) => ({ key: c.key, header: c.header, width: c.width })),
    ...rateYears.map((y) => ({
      key: `rate_${y}`,
      header: `Hebesatz ${y}`,
      width: 13,
      style: { numFmt: '0' },
    })),
    ...wageYears.flatMap((y) => [
      { key: `emp_${y}`, header: `Arbeitnehmer ${y}`, width: 15, style: { numFmt: '0' } },
      { key: `wages_${y}`, header: `Löhne ${y}`, width: 16, style: { numFmt: '#,##0.00' } },
    ]),
  ];
  for (const c of ['valid_from', 'valid_to']) sheet.getColumn(c).numFmt = 'dd.mm.yyyy';
  for (const c of ['ags', 'zip', 'kassenzeichen', 'steuernummer', 'creditor_number', 'cost_center'])
    sheet.getColumn(c).numFmt = '@';
  for (const r of records) {
    const row: Record<string, unknown> = {
      id: r.id,
      ags: r.ags,
      municipality_name: r.municipality_name,
      bundesland: r.bundesland,
      designation: r.designation,
      street: r.street,
      zip: r.zip,
      city: r.city,
      kassenzeichen: r.references
        .filter((x) => x.kind === 'kassenzeichen')
        .map((x) => x.value)
        .join('; '),
      other_references: otherReferencesText(r.references),
      steuernummer: r.steuernummer,
      iban: r.iban,
      bic: r.bic,
      bank_name: r.bank_name,
      creditor_number: r.creditor_number,
      cost_center: r.cost_center,
      valid_from: isoToDate(r.valid_from),
      valid_to: isoToDate(r.valid_to),
      geschaeftsleitung: r.geschaeftsleitung ? 'Ja' : 'Nein',
      remarks: r.remarks,
    };
    for (const rate of r.rates) row[`rate_${rate.year}`] = rate.hebesatz;
    for (const w of r.wages) {
      row[`emp_${w.year}`] = w.employees;
      row[`wages_${w.year}`] = Number(w.wages);
    }
    sheet.addRow(row);
  }
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF4' } };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: sheet.columnCount } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * `2026-11-21-14:05-Stammdaten-Export-Südhang Logistik GmbH & Co. KG.xlsx` (seed section 7),
 * local time in Germany; built from the parts so no locale's pattern (or "24:05") leaks in.
 */
export function exportFilename(companyName: string, now = new Date()) {
  const part = berlinDateTimeParts(now);
  const stamp = `${part.year}-${part.month}-${part.day}-${part.hour}:${part.minute}`;
  return `${stamp}-Stammdaten-Export-${companyName.replace(/[\\/:*?"<>|]/g, '_')}.xlsx`;
}

/** RFC 6266/5987: an ASCII fallback plus the exact UTF-8 name. */
export function contentDisposition(filename: string) {
  const ascii = filename
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
