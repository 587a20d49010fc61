/** Parsing of German numbers, amounts, dates and percentages into canonical values. */

import { formatMoneyPlain } from '@gewst/domain';

export const MONTHS: Record<string, number> = {
  januar: 1,
  jan: 1,
  jänner: 1,
  jän: 1,
  februar: 2,
  feb: 2,
  febr: 2,
  märz: 3,
  maerz: 3,
  mär: 3,
  mrz: 3,
  april: 4,
  apr: 4,
  mai: 5,
  juni: 6,
  jun: 6,
  juli: 7,
  jul: 7,
  august: 8,
  aug: 8,
  september: 9,
  sep: 9,
  sept: 9,
  oktober: 10,
  okt: 10,
  november: 11,
  nov: 11,
  dezember: 12,
  dez: 12,
};

const MONTH_NAMES = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|');

/**
 * An amount in German notation, optionally signed, optionally with a currency: "1.234,56 €",
 * "1 234,56" (space or no-break space between thousands, as careful printers set it),
 * "1.234,-- €" / "1.234,- EUR" (whole euros), "-12,00" / "12,00-" (refund), and whole euros
 * without cents only when a currency follows that does not itself precede an amount ("24.500 €",
 * not the year in "15. Mai 2024 EUR 1.250,00"). OCR may read the decimal comma as a
 * point or a semicolon when a currency follows.
 */
const MONEY_INT = String.raw`(?:\d{1,3}(?:[.'’]\d{3})+|\d{1,3}(?:[ \u00a0\u202f]\d{3})+|\d+)`;
export const MONEY_SOURCE = String.raw`(?<![\d.,])(?:[-−–]\s?)?(?:${MONEY_INT},(?:\d{2}(?!\d)|-{1,2}(?!\d)|–(?!\d))|${MONEY_INT}(?:\.|\s?[,;‚]\s?)\d{2}(?=\s?(?:€|EUR|Euro))|${MONEY_INT}(?=\s?(?:€|EUR|Euro)(?!\s?[-−–]?\d)))(?:[-−](?![\d-]))?(?:[ \u00a0\u202f]?(?:€|EUR|Euro))?`;
/** A date: 25.08.2016, 25.8.16, 25. August 2016, 2016-08-25. */
export const DATE_SOURCE = String.raw`(?:\d{1,2}\.\s?\d{1,2}\.\s?(?:(?:19|20)\d{2}|\d{2})(?!\d|[.,]\d)|\d{1,2}[.,]?\s?(?:${MONTH_NAMES})(?![\p{L}])[.,]?\s?(?:19|20)\d{2}(?!\d|[.,]\d)|\d{4}-\d{2}-\d{2})`;
/** A percentage: 490 v. H., 490 vom Hundert, 490 %, 490,00 %. */
export const PERCENT_SOURCE = String.raw`\d{2,4}(?:,\d{1,2})?\s?(?:%|v\.\s?H\.?|vom\s+H[a-z]*|Prozent)`;

/** Parses "1.234,56 €" / "1234,56 EUR" / "-12,00" / "12,00-" into "1234.56" (null if none). */
export function parseMoney(input: string): string | null {
  const m = new RegExp(MONEY_SOURCE, 'iu').exec(input);
  if (!m) return null;
  const raw = m[0];
  const negative = /^[-−–]/.test(raw) || /,\d{2}[-−]/.test(raw);
  // OCR sometimes reads the decimal comma as a point ("13118.10 €"): then the last point is it.
  const body = raw.replace(/(?:\.|\s?[,;‚]\s?)(\d{2})(?!.*\d)/, ',$1');
  const digits = body.replace(/(?:€|EUR|Euro)/gi, '').replace(/[^\d,]/g, '');
  const [intPart = '0', dec = '00'] = digits.split(',');
  const cents = BigInt(intPart || '0') * 100n + BigInt(dec.padEnd(2, '0').slice(0, 2));
  return formatCents(negative ? -cents : cents);
}

export function formatCents(cents: bigint): string {
  return formatMoneyPlain(cents);
}

/** Money string ("1234.56") to cents. */
export function toCents(value: string): bigint {
  const neg = value.startsWith('-');
  const [i = '0', d = '00'] = value.replace('-', '').split('.');
  const c = BigInt(i) * 100n + BigInt(d.padEnd(2, '0').slice(0, 2));
  return neg ? -c : c;
}

const pad = (n: number) => String(n).padStart(2, '0');

function iso(y: number, m: number, d: number): string | null {
  if (m < 1 || m > 12 || d < 1 || d > 31) return null;
  const dt = new Date(Date.UTC(y, m - 1, d));
  if (dt.getUTCMonth() !== m - 1) return null;
  return `${y}-${pad(m)}-${pad(d)}`;
}

const expandYear = (y: number) => (y < 100 ? (y < 70 ? 2000 + y : 1900 + y) : y);

/** Parses "25.08.2016", "25. August 2016", "25. Aug. 2016", "2016-08-25" into ISO (null if none). */
export function parseDate(input: string): string | null {
  const m = new RegExp(DATE_SOURCE, 'iu').exec(input);
  if (!m) return null;
  const s = m[0];
  let g = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (g) return iso(Number(g[1]), Number(g[2]), Number(g[3]));
  g = /^(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{2,4})$/.exec(s);
  if (g) return iso(expandYear(Number(g[3])), Number(g[2]), Number(g[1]));
  g = /^(\d{1,2})[.,]?\s?([\p{L}]+)[.,]?\s?(\d{4})$/u.exec(s);
  if (g) {
    const month = MONTHS[(g[2] ?? '').toLowerCase()];
    if (month) return iso(Number(g[3]), month, Number(g[1]));
  }
  return null;
}

/** Parses "490 v. H." / "490 vom Hundert" / "490 %" into 490 (null if none). */
export function parsePercent(input: string): number | null {
  const m = new RegExp(PERCENT_SOURCE, 'iu').exec(input);
  if (!m) return null;
  const n = Number(m[0].replace(/[^\d,]/g, '').replace(',', '.'));
  return Number.isFinite(n) ? n : null;
}

/**
 * A number that may be a Hebesatz printed without its unit: "490" under a column "Hebesatz (%)",
 * "412,5", or the rate as a factor "4,90" (= 490 %). Not part of a longer number or an amount
 * with a unit. Only the tax arithmetic may accept such a value (solver.ts).
 */
export const BARE_RATE_SOURCE = String.raw`(?<![\d.,\-/])(?:\d{3,4}(?:,\d{1,2})?|\d{1,2},\d{2,4})(?![\d.,]?\d)(?!\s?(?:%|v\.\s?H))(?!\s?(?:€|EUR|Euro)(?!\s?-?\d))`;

/** The rate a bare number stands for (parseBareRate("4,90") = 490, ("490") = 490), 200–1000 %, or null. */
export function parseBareRate(input: string): number | null {
  const m = new RegExp(BARE_RATE_SOURCE, 'u').exec(input);
  if (!m) return null;
  const [int = '', frac] = m[0].split(',');
  let n = Number(`${int}.${frac ?? '0'}`);
  // A factor has one or two integer digits: 4,90 → 490 %.
  if (int.length <= 2) n = Math.round(n * 10000) / 100;
  return Number.isFinite(n) && n >= 200 && n <= 1000 ? n : null;
}

/** Parses a plain 4-digit year 1990–2099. */
export function parseYear(input: string): number | null {
  const m = /(?<!\d)(?:19[9]\d|20\d{2})(?!\d)/.exec(input);
  return m ? Number(m[0]) : null;
}

/** IBAN check (ISO 13616 mod 97). */
export function isValidIban(iban: string): boolean {
  const s = iban.replace(/\s/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(s)) return false;
  const moved = s.slice(4) + s.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const v = ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of v) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}
