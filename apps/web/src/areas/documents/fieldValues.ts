import type { FieldValueDto } from '@gewst/domain';
import { formatDate, formatMoney } from '../../lib/format';

/**
 * How a document field is shown, typed in and read from a picked rectangle. The contract
 * (packages/domain documents.ts) describes the normalised values ("money as decimal string
 * with two places, dates ISO, percent and year as numbers, lists for vorauszahlungen /
 * zerlegungsanteile") but not which field has which kind — this local table fills that gap.
 */
export type FieldKind = 'money' | 'date' | 'percent' | 'year' | 'text' | 'list';

const KINDS: Record<string, FieldKind> = {
  erhebungszeitraum: 'year',
  bescheid_datum: 'date',
  faellig_am: 'date',
  zinsen_von: 'date',
  zinsen_bis: 'date',
  hebesatz: 'percent',
  messbetrag: 'money',
  festgesetzte_steuer: 'money',
  bisher_festgesetzt: 'money',
  abrechnung: 'money',
  zinsen: 'money',
  saeumniszuschlag: 'money',
  rueckstand: 'money',
  gewerbeertrag: 'money',
  freibetrag: 'money',
  vorauszahlungen: 'list',
  zerlegungsanteile: 'list',
};

export function fieldKind(name: string): FieldKind {
  return KINDS[name] ?? 'text';
}

const percentFormat = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 3 });

/** A value for display: 1.234,56 €, 31.12.2025, 400 %, 2025, text. */
export function formatFieldValue(kind: FieldKind, value: FieldValueDto | undefined): string {
  if (value == null || value === '') return '';
  if (Array.isArray(value)) return String(value.length);
  switch (kind) {
    case 'money':
      return formatMoney(String(value));
    case 'date':
      return typeof value === 'string' ? formatDate(value) : String(value);
    case 'percent':
      return typeof value === 'number' ? `${percentFormat.format(value)} %` : `${value} %`;
    default:
      return String(value);
  }
}

/** The value as the user edits it: 1.234,56 / 31.12.2025 / 400 / 2025 / text. */
export function editableFieldValue(kind: FieldKind, value: FieldValueDto | undefined): string {
  if (value == null || Array.isArray(value)) return '';
  if (kind === 'money') return formatMoney(String(value), { symbol: false });
  if (kind === 'percent' && typeof value === 'number') return percentFormat.format(value);
  if (kind === 'date' && typeof value === 'string') return formatDate(value);
  return String(value);
}

export type ParsedValue = { ok: true; value: string | number | null } | { ok: false };

const MONEY = /^-?\d+(\.\d{1,2})?$/;

/** "1.234,56" / "1234,56" / "1234.56" / "1.234" / "1.234,56 €" → "1234.56"; null if not money. */
export function parseMoneyInput(input: string): string | null {
  let s = input.replace(/[\s\u00a0€]|EUR/g, '');
  const negative = /^[-−]/.test(s) || /[-−]$/.test(s);
  s = s.replace(/^[-−+]|[-−]$/g, '');
  if (s.includes(',')) s = s.replaceAll('.', '').replace(',', '.');
  else if (/^\d{1,3}(\.\d{3})+$/.test(s)) s = s.replaceAll('.', '');
  if (!MONEY.test(s)) return null;
  const [whole = '0', cents = ''] = s.split('.');
  const normalised = `${BigInt(whole)}.${cents.padEnd(2, '0')}`;
  return negative && /[1-9]/.test(normalised) ? `-${normalised}` : normalised;
}

/** "31.12.2025" / "31.12.25" / "2025-12-31" → "2025-12-31"; null if no real calendar date. */
export function parseDateInput(input: string): string | null {
  const s = input.trim();
  let y: number;
  let m: number;
  let d: number;
  const de = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$/.exec(s);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (de) {
    d = Number(de[1]);
    m = Number(de[2]);
    y = Number(de[3]);
    if (y < 100) y += 2000;
  } else if (iso) {
    y = Number(iso[1]);
    m = Number(iso[2]);
    d = Number(iso[3]);
  } else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** What the user typed → the normalised value for PUT /documents/{id}. Empty removes the field. */
export function parseFieldInput(kind: FieldKind, input: string): ParsedValue {
  const s = input.trim();
  if (s === '') return { ok: true, value: null };
  switch (kind) {
    case 'money': {
      const v = parseMoneyInput(s);
      return v == null ? { ok: false } : { ok: true, value: v };
    }
    case 'date': {
      const v = parseDateInput(s);
      return v == null ? { ok: false } : { ok: true, value: v };
    }
    case 'percent': {
      const t = s
        .replace(/\s*(%|v\.\s*H\.)$/i, '')
        .replace(/\./g, '')
        .replace(',', '.');
      const n = Number(t);
      return t !== '' && Number.isFinite(n) ? { ok: true, value: n } : { ok: false };
    }
    case 'year':
      return /^\d{4}$/.test(s) ? { ok: true, value: Number(s) } : { ok: false };
    case 'list':
      return { ok: false };
    default:
      return { ok: true, value: s.replace(/\s+/g, ' ') };
  }
}

const MONEY_TOKEN = /-?\d{1,3}(?:\.\d{3})+(?:,\d{1,2})?|-?\d+,\d{1,2}|-?\d+(?:\.\d{1,2})?/g;
const DATE_TOKEN = /\d{1,2}\.\d{1,2}\.\d{2,4}|\d{4}-\d{2}-\d{2}/;
const PERCENT_TOKEN = /\d{1,4}(?:,\d{1,3})?(?=\s*(?:%|v\.\s*H\.))|\d{1,4}(?:,\d{1,3})?/;
const YEAR_TOKEN = /\b(19|20)\d{2}\b/;

/**
 * Text read from a drawn rectangle → the field's value. The rectangle often catches the
 * label or the currency too, so the matching part is taken: the last amount, the first date.
 */
export function valueFromPickedText(kind: FieldKind, text: string): ParsedValue {
  const s = text.replace(/\s+/g, ' ').trim();
  if (s === '') return { ok: false };
  switch (kind) {
    case 'money': {
      const tokens = s.match(MONEY_TOKEN);
      const last = tokens?.[tokens.length - 1];
      return last ? parseFieldInput('money', last) : { ok: false };
    }
    case 'date': {
      const token = DATE_TOKEN.exec(s)?.[0];
      return token ? parseFieldInput('date', token) : { ok: false };
    }
    case 'percent': {
      const token = PERCENT_TOKEN.exec(s)?.[0];
      return token ? parseFieldInput('percent', token) : { ok: false };
    }
    case 'year': {
      const token = YEAR_TOKEN.exec(s)?.[0];
      return token ? parseFieldInput('year', token) : { ok: false };
    }
    case 'list':
      return { ok: false };
    default:
      return { ok: true, value: s };
  }
}

/** Confidence mark: green from 90 %, amber from 60 %, red below. */
export function confidenceLevel(confidence: number): 'high' | 'medium' | 'low' {
  if (confidence >= 0.9) return 'high';
  if (confidence >= 0.6) return 'medium';
  return 'low';
}
