import type {
  LegalForm,
  ZerlegungDetail,
  ZerlegungInput,
  ZerlegungPrefill,
  ZerlegungSaveInput,
  ZerlegungSchluessel,
  ZerlegungWageImportResult,
} from '@gewst/domain';

/** One editable line of the Zerlegung form; values as typed. */
export interface LineDraft {
  key: string;
  name: string;
  ags: string;
  geschaeftsleitung: boolean;
  arbeitsloehne: string;
  hebesatz: string;
  /** kW, Sachanlagevermögen or manual ratio, depending on the key. */
  faktor: string;
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
  arbeitsloehne: '',
  hebesatz: '',
  faktor: '',
});

/**
 * "1.234,56" / "1234,56" / "1234.56" / "300.000" → plain decimal. Dots in groups of three
 * without a comma are German thousands separators (money never has three decimals).
 * Anything else stays as typed for the validator.
 */
export function decimal(input: string): string {
  const s = input.replace(/[\s€]/g, '');
  if (s.includes(',')) return s.replaceAll('.', '').replace(',', '.');
  return /^\d{1,3}(\.\d{3})+$/.test(s) ? s.replaceAll('.', '') : s;
}

/** Which input field the "Faktor" column feeds for a key and year. */
export function faktorField(schluessel: ZerlegungSchluessel, year: number) {
  if (schluessel === 'manuell') return 'manueller_anteil' as const;
  if (schluessel === 'wind_solar' && year <= 2020) return 'sachanlagevermoegen' as const;
  if (schluessel === 'wind_solar' || schluessel === 'speicher') return 'installierte_leistung_kw' as const;
  return null;
}

function hebesatzValue(s: string): number | null {
  const t = s.trim().replace(',', '.');
  if (t === '') return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : (t as unknown as number); // the validator reports it
}

function lineInput(l: LineDraft, schluessel: ZerlegungSchluessel, year: number) {
  const field = faktorField(schluessel, year);
  const wages = decimal(l.arbeitsloehne);
  return {
    ags: l.ags.trim(),
    geschaeftsleitung: l.geschaeftsleitung,
    hebesatz: hebesatzValue(l.hebesatz),
    ...(wages !== '' ? { arbeitsloehne: wages } : {}),
    ...(field && l.faktor.trim() !== '' ? { [field]: decimal(l.faktor) } : {}),
  };
}

/** Input of the pure rule for the live preview (same shape the server computes with). */
export function previewInput(draft: ZerlegungDraft, rechtsform: LegalForm): ZerlegungInput {
  const year = Number(draft.year);
  return {
    year,
    messbetrag: decimal(draft.messbetrag),
    schluessel: draft.schluessel,
    rechtsform,
    zeilen: draft.zeilen.map((l) => lineInput(l, draft.schluessel, year)),
  };
}

export function saveInput(draft: ZerlegungDraft): ZerlegungSaveInput {
  const year = Number(draft.year);
  return {
    company_id: draft.company_id ?? 0,
    year: draft.year.trim() === '' ? (draft.year as unknown as number) : year,
    messbetrag: decimal(draft.messbetrag),
    schluessel: draft.schluessel,
    bemerkung: draft.bemerkung.trim() || null,
    zeilen: draft.zeilen.map((l) => ({
      ...lineInput(l, draft.schluessel, year),
      name: l.name.trim() || null,
    })),
  };
}

export function draftFromDetail(d: ZerlegungDetail): ZerlegungDraft {
  const field = faktorField(d.result.schluessel, d.year);
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
      arbeitsloehne: z.arbeitsloehne ?? '',
      hebesatz: z.hebesatz == null ? '' : String(z.hebesatz),
      faktor: field ? String(z[field] ?? '') : '',
    })),
  };
}

export function linesFromPrefill(p: ZerlegungPrefill): LineDraft[] {
  return p.zeilen.map((z) => ({
    key: newKey(),
    name: z.name ?? '',
    ags: z.ags,
    geschaeftsleitung: z.geschaeftsleitung,
    arbeitsloehne: z.arbeitsloehne,
    hebesatz: z.hebesatz == null ? '' : String(z.hebesatz),
    faktor: '',
  }));
}

/**
 * Imported wages replace the wages of lines with the same AGS (the first such line gets
 * the sum, further ones 0); unknown AGS become new lines. Empty starter lines are dropped.
 */
export function mergeImport(lines: LineDraft[], imp: ZerlegungWageImportResult): LineDraft[] {
  const result = lines.filter((l) => l.ags.trim() !== '' || l.arbeitsloehne.trim() !== '');
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
    });
  }
  if (!result.some((l) => l.geschaeftsleitung) && result[0]) result[0].geschaeftsleitung = true;
  return result.map((l) => ({ ...l }));
}
