import {
  type FieldValueDto,
  formatIban,
  formatMoneyPlain,
  hebesatzProblem,
  moneyToCents,
} from '@gewst/domain';
import { formatDate, formatMoney } from '../../lib/format';

/**
 * How a document field is shown, typed in and read from a picked rectangle. The contract
 * (packages/domain documents.ts) describes the normalised values ("money as decimal string
 * with two places, dates ISO, percent and year as numbers, lists for vorauszahlungen /
 * zerlegungsanteile") but not which field has which kind — this local table fills that gap.
 */
export type FieldKind = 'money' | 'date' | 'percent' | 'year' | 'iban' | 'text' | 'list';

const KINDS: Record<string, FieldKind> = {
  erhebungszeitraum: 'year',
  bescheid_datum: 'date',
  faellig_am: 'date',
  zinsen_von: 'date',
  zinsen_bis: 'date',
  hebesatz: 'percent',
  iban: 'iban',
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
    case 'iban':
      return formatIban(String(value));
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
  if (kind === 'iban') return formatIban(String(value));
  return String(value);
}

/** A refusal may carry the domain's own message (e.g. the Hebesatz rule); else the kind's hint. */
export type ParsedValue = { ok: true; value: string | number | null } | { ok: false; message?: string };

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
      if (t === '' || !Number.isFinite(n)) return { ok: false };
      // percent is the Hebesatz: the same rule the server applies (packages/domain).
      const problem = hebesatzProblem(n);
      return problem ? { ok: false, message: problem } : { ok: true, value: n };
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

// ---------------------------------------------------------------- list fields as rows

export type ListFieldName = 'vorauszahlungen' | 'zerlegungsanteile';
export const isListField = (name: string): name is ListFieldName =>
  name === 'vorauszahlungen' || name === 'zerlegungsanteile';

/** The columns of a list field's rows, each read and checked like a scalar field of its kind. */
export const LIST_COLUMNS: Record<ListFieldName, { key: string; kind: FieldKind | 'quartal' | 'ags' }[]> = {
  vorauszahlungen: [
    { key: 'jahr', kind: 'year' },
    { key: 'quartal', kind: 'quartal' },
    { key: 'betrag', kind: 'money' },
    { key: 'faellig_am', kind: 'date' },
  ],
  zerlegungsanteile: [
    { key: 'gemeinde', kind: 'text' },
    { key: 'ags', kind: 'ags' },
    { key: 'anteil', kind: 'money' },
  ],
};

/** A row as the user edits it: every cell as text. */
export type DraftRow = Record<string, string>;

/** The stored rows as text for the editor (1.250,00 / 15.02.2024). */
export function draftRowsOf(name: ListFieldName, value: FieldValueDto | undefined): DraftRow[] {
  if (!Array.isArray(value)) return [];
  return value.map((item) => {
    const row: DraftRow = {};
    for (const col of LIST_COLUMNS[name]) {
      const v = (item as Record<string, unknown>)[col.key];
      row[col.key] =
        v == null
          ? ''
          : col.kind === 'money'
            ? formatMoney(String(v), { symbol: false })
            : col.kind === 'date'
              ? formatDate(String(v))
              : String(v);
    }
    return row;
  });
}

export const emptyDraftRow = (name: ListFieldName, previous?: DraftRow): DraftRow =>
  Object.fromEntries(
    LIST_COLUMNS[name].map((c) => [
      c.key,
      // A new prepayment row continues the year of the row above and takes the next quarter.
      c.key === 'jahr' && previous
        ? (previous.jahr ?? '')
        : c.key === 'quartal' && previous && /^[1-3]$/.test(previous.quartal ?? '')
          ? String(Number(previous.quartal) + 1)
          : '',
    ]),
  );

/** Text read from a rectangle → the cell's text (normalised when it reads as the column's kind). */
export function cellFromPickedText(kind: FieldKind | 'quartal' | 'ags', text: string): string {
  const s = text.replace(/\s+/g, ' ').trim();
  if (kind === 'quartal')
    return /\b([1-4])\s*\.?\s*(?:Quartal|Q)|(?:Q|Quartal)\s*([1-4])\b/i.exec(s)?.slice(1).find(Boolean) ?? s;
  if (kind === 'ags') return /\b\d{8}\b/.exec(s.replace(/(\d)\s+(?=\d)/g, '$1'))?.[0] ?? s;
  if (kind === 'text' || kind === 'list') return s;
  const parsed = valueFromPickedText(kind, s);
  if (!parsed.ok || parsed.value == null) return s;
  return editableFieldValue(kind, parsed.value);
}

export interface ListValidation {
  /** The normalised rows for PUT /documents/{id}, or null while any cell is wrong. */
  value: Record<string, string | number | null>[] | null;
  /** German message per cell ("0.betrag") and for the whole list ("list"). */
  errors: Record<string, string>;
  /** Sum of the amounts (Betrag / Anteil) as a decimal string, when all are readable. */
  sum: string | null;
}

const CELL_ERRORS: Record<string, string> = {
  year: 'Jahr vierstellig, z. B. 2024.',
  quartal: 'Quartal 1 bis 4.',
  money: 'Betrag wie 1.234,56.',
  date: 'Datum wie 15.02.2024.',
  ags: 'AGS aus 8 Ziffern (oder leer).',
  text: 'Bitte die Gemeinde angeben.',
};

/** Checks the rows of a list field (unique quarters and municipalities, real dates, amounts). */
export function validateListRows(name: ListFieldName, rows: DraftRow[]): ListValidation {
  const errors: Record<string, string> = {};
  const out: Record<string, string | number | null>[] = [];
  let cents: bigint | null = 0n;
  rows.forEach((row, i) => {
    const item: Record<string, string | number | null> = {};
    for (const col of LIST_COLUMNS[name]) {
      const raw = (row[col.key] ?? '').trim();
      let v: string | number | null | undefined;
      if (col.kind === 'quartal') v = /^[1-4]$/.test(raw) ? Number(raw) : undefined;
      else if (col.kind === 'ags') v = raw === '' ? null : /^\d{8}$/.test(raw) ? raw : undefined;
      else if (col.kind === 'text') v = raw === '' ? undefined : raw.replace(/\s+/g, ' ');
      else {
        const parsed = raw === '' ? { ok: false as const } : parseFieldInput(col.kind, raw);
        v = parsed.ok ? parsed.value : undefined;
      }
      if (v === undefined) errors[`${i}.${col.key}`] = CELL_ERRORS[col.kind] ?? 'Ungültiger Wert.';
      else item[col.key] = v;
    }
    const amount = item.betrag ?? item.anteil;
    if (typeof amount === 'string' && cents !== null) cents += moneyToCents(amount);
    else cents = null;
    out.push(item);
  });
  const seen = new Map<string, number>();
  out.forEach((item, i) => {
    const key =
      name === 'vorauszahlungen' ? `${item.jahr}-${item.quartal}` : item.ags ? String(item.ags) : null;
    if (key === null || key.includes('undefined')) return;
    if (seen.has(key))
      errors[`${i}.${name === 'vorauszahlungen' ? 'quartal' : 'ags'}`] =
        name === 'vorauszahlungen'
          ? 'Dieses Quartal steht schon in der Liste.'
          : 'Diese Gemeinde steht schon in der Liste.';
    else seen.set(key, i);
  });
  const sum = cents === null || rows.length === 0 ? null : formatMoneyPlain(cents);
  return { value: Object.keys(errors).length ? null : out, errors, sum };
}
