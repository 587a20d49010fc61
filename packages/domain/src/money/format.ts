import type Decimal from 'decimal.js';

/**
 * The one money formatter of the product (server messages and exports, web app).
 * Decimal strings (or decimal.js values) in, text out; the digits are handled as text and
 * BigInt, so no amount ever passes through binary floating point.
 */

/** A decimal number as text: optional sign, digits, optional fraction. */
const DECIMAL_TEXT = /^([+-])?(\d+)(?:\.(\d*))?$/;

export type MoneyValue = string | bigint | Decimal;

/** Thrown for text that is not a plain decimal number (never for a valid amount). */
export class MoneyFormatError extends RangeError {
  constructor(readonly value: unknown) {
    super(`Kein Geldbetrag: ${String(value)}`);
  }
}

/**
 * Exact cents of a decimal amount, rounded half away from zero (kaufmännisch) where it
 * has more than two decimal places. A bigint is taken as cents already.
 */
export function moneyToCents(value: MoneyValue): bigint {
  if (typeof value === 'bigint') return value;
  const text = typeof value === 'string' ? value.trim() : value.toFixed();
  const m = DECIMAL_TEXT.exec(text);
  if (!m) throw new MoneyFormatError(value);
  const fraction = m[3] ?? '';
  let cents = BigInt(m[2]!) * 100n + BigInt(fraction.slice(0, 2).padEnd(2, '0'));
  if ((fraction[2] ?? '0') >= '5') cents += 1n;
  return m[1] === '-' ? -cents : cents;
}

function parts(value: MoneyValue): { sign: string; euros: string; cents: string } {
  const cents = moneyToCents(value);
  const abs = cents < 0n ? -cents : cents;
  return {
    // "-0.00" never appears: a value that rounds to zero has no sign.
    sign: cents < 0n ? '-' : '',
    euros: (abs / 100n).toString(),
    cents: (abs % 100n).toString().padStart(2, '0'),
  };
}

/** For files and APIs: `1234.56`, `-0.50` (two places, point, no grouping). */
export function formatMoneyPlain(value: MoneyValue): string {
  const { sign, euros, cents } = parts(value);
  return `${sign}${euros}.${cents}`;
}

/**
 * For people: `1.234,56 €` as `Intl.NumberFormat('de-DE', { style: 'currency' })` writes
 * it (dot grouping, decimal comma, non-breaking space before €); `{ symbol: false }`
 * leaves the currency off (`1.234,56`) for columns headed "in €".
 */
export function formatMoneyDe(value: MoneyValue, options: { symbol?: boolean } = {}): string {
  const { sign, euros, cents } = parts(value);
  const grouped = euros.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}${grouped},${cents}${options.symbol === false ? '' : '\u00a0€'}`;
}
