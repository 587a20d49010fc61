/** Display formats for the German UI: 31.12.2025, 31.12.2025, 14:03 and 1.234,56 €. */

import { formatMoneyDe, MoneyFormatError } from '@gewst/domain';

const LOCALE = 'de-DE';

const dateFormat = new Intl.DateTimeFormat(LOCALE, {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'UTC',
});
const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const numberFormat = new Intl.NumberFormat(LOCALE);

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar date ('2025-12-31') or a timestamp (its local calendar day) as 31.12.2025.
 * Calendar dates are formatted in UTC so the day never shifts with the browser's time zone.
 */
export function formatDate(value: string | Date | null | undefined): string {
  if (value == null || value === '') return '';
  if (typeof value === 'string') {
    const m = ISO_DATE.exec(value);
    if (m) return dateFormat.format(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
    const parsed = new Date(value);
    return Number.isNaN(parsed.getTime()) ? value : formatLocalDate(parsed);
  }
  return formatLocalDate(value);
}

function formatLocalDate(date: Date): string {
  return dateFormat.format(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()));
}

/** A point in time (ISO timestamp) in the browser's time zone: 31.12.2025, 14:03. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (value == null || value === '') return '';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  return dateTimeFormat.format(date);
}

/**
 * Euro amount from the API's decimal string: '1234.56' → 1.234,56 € (the domain's exact
 * formatter, never through binary floating point). Text that is no amount is shown as is.
 */
export function formatMoney(amount: string | null | undefined, options: { symbol?: boolean } = {}): string {
  if (amount == null || amount === '') return '';
  try {
    return formatMoneyDe(amount, options);
  } catch (err) {
    if (err instanceof MoneyFormatError) return amount;
    throw err;
  }
}

/** Integer cents: 123456 → 1.234,56 €. */
export function formatCents(cents: number | bigint | null | undefined): string {
  if (cents == null) return '';
  return formatMoneyDe(BigInt(cents));
}

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}
