import { formatMoneyPlain, moneyToCents } from '@gewst/domain';
import type {
  LegalForm,
  ZerlegungArbeitnehmer,
  ZerlegungDetail,
  ZerlegungInput,
  ZerlegungPrefill,
  ZerlegungSaveInput,
  ZerlegungSchluessel,
  ZerlegungWageImportResult,
} from '@gewst/domain';

/** Inputs of a line that feed the key (§29 GewStG), besides AGS, GL and Hebesatz. */
export const KEY_FIELDS = [
  'arbeitsloehne',
  'sachanlagevermoegen',
  'installierte_leistung_kw',
  'solar_neuanlagen_kw',
  'solar_altanlagen_kw',
  'manueller_anteil',
] as const;
export type KeyField = (typeof KEY_FIELDS)[number];

/** One editable line of the Zerlegung form; values as typed. */
export interface LineDraft extends Record<KeyField, string> {
  key: string;
  name: string;
  ags: string;
  /** Name of the municipality picked for the AGS (shown only; stored lines know the AGS alone). */
  gemeinde?: string;
  geschaeftsleitung: boolean;
  hebesatz: string;
  /**
   * Per-employee wages of a stored version (API/xlsx route). Sent as they are while the
   * wage field stays empty; typing a sum replaces them.
   */
  arbeitnehmer?: ZerlegungArbeitnehmer[];
}

export interface ZerlegungDraft {
  company_id: number | null;
  year: string;
  messbetrag: string;
  schluessel: ZerlegungSchluessel;
  bemerkung: string;
  zeilen: LineDraft[];
}

let counter = 0;
export const newKey = () => `z${++counter}`;

export const emptyLine = (gl = false): LineDraft => ({
  key: newKey(),
  name: '',
  ags: '',
  geschaeftsleitung: gl,
  hebesatz: '',
  ...blankKeyFields(),
});

function blankKeyFields(): Record<KeyField, string> {
  return Object.fromEntries(KEY_FIELDS.map((f) => [f, ''])) as Record<KeyField, string>;
}

/**
 * "1.234,56" / "1234,56" / "1234.56" / "300.000" → plain decimal. Dots in groups of three
 * without a comma are German thousands separators (money never has three decimals).
 * Anything else stays as typed for the validator.
 */
export function decimal(input: string): string {
  const s = input.replace(/[\s€]|kW/gi, '');
  if (s.includes(',')) return s.replaceAll('.', '').replace(',', '.');
  return /^\d{1,3}(\.\d{3})+$/.test(s) ? s.replaceAll('.', '') : s;
}

/**
 * The input columns the key of the EZ needs (§29 GewStG, DOMAIN.md §2):
 * - arbeitslohn: wages;
 * - wind_solar EZ ≤ 2020: 3/10 wages + 7/10 Sachanlagevermögen;
 * - wind_solar EZ ≥ 2021: 1/10 wages + 9/10 installed power; in the solar transition EZ
 *   2021–2023 also the solar plants split into new (approved after 30.06.2013, mixed key)
 *   and old ones (by wages);
 * - speicher (EZ ≥ 2025): 1/10 wages + 9/10 installed power;
 * - manuell (§33): the agreed ratio only.
 * A year not (yet) typed counts as a current one.
 */
export function keyFields(schluessel: ZerlegungSchluessel, year: number): KeyField[] {
  const ez = Number.isInteger(year) && year > 0 ? year : Number.POSITIVE_INFINITY;
  switch (schluessel) {
    case 'arbeitslohn':
      return ['arbeitsloehne'];
    case 'manuell':
      return ['manueller_anteil'];
    case 'speicher':
      return ['arbeitsloehne', 'installierte_leistung_kw'];
    case 'wind_solar':
      if (ez <= 2020) return ['arbeitsloehne', 'sachanlagevermoegen'];
      if (ez <= 2023)
        return ['arbeitsloehne', 'installierte_leistung_kw', 'solar_neuanlagen_kw', 'solar_altanlagen_kw'];
      return ['arbeitsloehne', 'installierte_leistung_kw'];
  }
}

const MONEY_FIELDS: readonly KeyField[] = ['arbeitsloehne', 'sachanlagevermoegen'];

/**
 * Message for a key input that is not a usable German number (empty is fine here; the
 * rule reports missing values), else null. Money: at most two decimal places.
 */
export function keyFieldProblem(field: KeyField, input: string): string | null {
  if (input.trim() === '') return null;
  const value = decimal(input);
  if (/^-\d/.test(value)) return 'Der Wert darf nicht negativ sein.';
  if (MONEY_FIELDS.includes(field)) {
    return /^\d+(\.\d{1,2})?$/.test(value)
      ? null
      : 'Betrag mit höchstens zwei Nachkommastellen angeben, z. B. 1.234,56.';
  }
  return /^\d+(\.\d+)?$/.test(value) ? null : 'Bitte eine Zahl angeben, z. B. 1.500,5.';
}

function hebesatzValue(s: string): number | null {
  const t = s.trim().replace(',', '.');
  if (t === '') return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : (t as unknown as number); // the validator reports it
}

function lineInput(l: LineDraft, fields: readonly KeyField[]) {
  const values: Partial<Record<KeyField, string>> = {};
  let arbeitnehmer: ZerlegungArbeitnehmer[] | undefined;
  // the per-employee route only while no sum is typed (the API takes one or the other)
  for (const f of fields) {
    if (l[f].trim() !== '') values[f] = decimal(l[f]);
    else if (f === 'arbeitsloehne' && l.arbeitnehmer?.length) arbeitnehmer = l.arbeitnehmer;
  }
  return {
    ags: l.ags.trim(),
    geschaeftsleitung: l.geschaeftsleitung,
    hebesatz: hebesatzValue(l.hebesatz),
    ...(arbeitnehmer ? { arbeitnehmer } : {}),
    ...values,
  };
}

/** Input of the pure rule for the live preview (same shape the server computes with). */
export function previewInput(draft: ZerlegungDraft, rechtsform: LegalForm): ZerlegungInput {
  const year = Number(draft.year);
  const fields = keyFields(draft.schluessel, year);
  return {
    year,
    messbetrag: decimal(draft.messbetrag),
    schluessel: draft.schluessel,
    rechtsform,
    zeilen: draft.zeilen.map((l) => lineInput(l, fields)),
  };
}

export function saveInput(draft: ZerlegungDraft): ZerlegungSaveInput {
  const year = Number(draft.year);
  const fields = keyFields(draft.schluessel, year);
  return {
    company_id: draft.company_id ?? 0,
    year: draft.year.trim() === '' ? (draft.year as unknown as number) : year,
    messbetrag: decimal(draft.messbetrag),
    schluessel: draft.schluessel,
    bemerkung: draft.bemerkung.trim() || null,
    zeilen: draft.zeilen.map((l) => ({
      ...lineInput(l, fields),
      name: l.name.trim() || null,
    })),
  };
}

export function draftFromDetail(d: ZerlegungDetail): ZerlegungDraft {
  return {
    company_id: d.company_id,
    year: String(d.year),
    messbetrag: d.result.messbetrag,
    schluessel: d.result.schluessel,
    bemerkung: '',
    zeilen: d.zeilen.map((z) => ({
      key: newKey(),
      name: z.name ?? '',
      ags: z.ags,
      geschaeftsleitung: z.geschaeftsleitung,
      hebesatz: z.hebesatz == null ? '' : String(z.hebesatz),
      ...(Object.fromEntries(KEY_FIELDS.map((f) => [f, z[f] ?? ''])) as Record<KeyField, string>),
      ...(z.arbeitnehmer?.length
        ? { arbeitnehmer: z.arbeitnehmer as unknown as ZerlegungArbeitnehmer[] }
        : {}),
    })),
  };
}

export function linesFromPrefill(p: ZerlegungPrefill): LineDraft[] {
  return p.zeilen.map((z) => ({
    key: newKey(),
    name: z.name ?? '',
    ags: z.ags,
    geschaeftsleitung: z.geschaeftsleitung,
    hebesatz: z.hebesatz == null ? '' : String(z.hebesatz),
    ...blankKeyFields(),
    arbeitsloehne: z.arbeitsloehne,
  }));
}

/**
 * Imported wages replace the wages of lines with the same AGS (the first such line gets
 * the sum, further ones 0); unknown AGS become new lines. Empty starter lines are dropped.
 */
export function mergeImport(lines: LineDraft[], imp: ZerlegungWageImportResult): LineDraft[] {
  const result = lines
    .filter(
      (l) => l.ags.trim() !== '' || KEY_FIELDS.some((f) => l[f].trim() !== '') || l.arbeitnehmer?.length,
    )
    .map((l) => ({ ...l }));
  for (const z of imp.zeilen) {
    const same = result.filter((l) => l.ags === z.ags);
    if (same.length === 0) {
      result.push({
        ...emptyLine(z.geschaeftsleitung),
        name: z.name ?? '',
        ags: z.ags,
        arbeitsloehne: z.arbeitsloehne,
      });
      continue;
    }
    same.forEach((l, i) => {
      l.arbeitsloehne = i === 0 ? z.arbeitsloehne : '0';
      delete l.arbeitnehmer;
    });
  }
  if (!result.some((l) => l.geschaeftsleitung) && result[0]) result[0].geschaeftsleitung = true;
  return result;
}

/**
 * The sum of the shares against the Messbetrag (exact cents): they match, or the sum lies
 * above (positive) or below (negative) it by `difference` (a rounding rule other than the
 * largest remainders may leave cents over).
 */
export function shareSumCheck(
  summe: string,
  messbetrag: string,
): { matches: true } | { matches: false; difference: string } {
  const diff = moneyToCents(summe) - moneyToCents(messbetrag);
  return diff === 0n ? { matches: true } : { matches: false, difference: formatMoneyPlain(diff) };
}
