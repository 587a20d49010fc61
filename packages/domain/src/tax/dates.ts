import { fail } from './errors';

/**
 * Calendar dates as plain Y/M/D integers. All arithmetic goes through a day number
 * computed with Date.UTC, so the server's time zone can never shift a date.
 */
export interface CalendarDate {
  readonly year: number;
  readonly month: number; // 1–12
  readonly day: number; // 1–31
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

export function isValidIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo);
}

/** Parses "YYYY-MM-DD"; throws a DomainValidationError for `field` otherwise. */
export function parseIsoDate(value: string, field = 'datum'): CalendarDate {
  if (typeof value !== 'string' || !isValidIsoDate(value)) {
    fail(field, 'Bitte ein gültiges Datum angeben, z. B. 31.12.2025.');
  }
  return {
    year: Number(value.slice(0, 4)),
    month: Number(value.slice(5, 7)),
    day: Number(value.slice(8, 10)),
  };
}

export function formatIsoDate(d: CalendarDate): string {
  return `${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}

export function makeDate(year: number, month: number, day: number): CalendarDate {
  return { year, month, day };
}

/** Days since 1970-01-01 (may be negative). */
export function toDayNumber(d: CalendarDate): number {
  return Math.round(Date.UTC(d.year, d.month - 1, d.day) / MS_PER_DAY);
}

export function fromDayNumber(n: number): CalendarDate {
  const dt = new Date(n * MS_PER_DAY);
  return { year: dt.getUTCFullYear(), month: dt.getUTCMonth() + 1, day: dt.getUTCDate() };
}

export function addDays(d: CalendarDate, days: number): CalendarDate {
  return fromDayNumber(toDayNumber(d) + days);
}

/** Signed difference b − a in days. */
export function diffDays(a: CalendarDate, b: CalendarDate): number {
  return toDayNumber(b) - toDayNumber(a);
}

export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return toDayNumber(a) - toDayNumber(b);
}

/** Year and month `n` months after (year, month). */
export function shiftMonth(year: number, month: number, n: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + n;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/**
 * Same day number `n` months later, or the last day of that month if it has no such
 * day (31 Jan + 1 month = 28/29 Feb) — §188 Abs.3 BGB, used for "one month after
 * Bekanntgabe" and for appeal deadlines.
 */
export function addMonths(d: CalendarDate, n: number): CalendarDate {
  const { year, month } = shiftMonth(d.year, d.month, n);
  return { year, month, day: Math.min(d.day, daysInMonth(year, month)) };
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(d: CalendarDate): number {
  return new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay();
}

export function isWeekend(d: CalendarDate): boolean {
  const w = weekday(d);
  return w === 0 || w === 6;
}

/** ISO string helpers for callers that only hold strings. */
export function addDaysIso(iso: string, days: number): string {
  return formatIsoDate(addDays(parseIsoDate(iso), days));
}
export function addMonthsIso(iso: string, n: number): string {
  return formatIsoDate(addMonths(parseIsoDate(iso), n));
}

/**
 * Last day of the k-th month of a period whose first day is `start` (§108 Abs.1 AO
 * with §§187 Abs.2, 188 Abs.2 and 3 BGB): the day before the day with the start's
 * number k months later; if that month has no such day (start 29–31), the month ends
 * on the last day of that month. Start 10 May → 9 Jun; start 1 Apr → 30 Apr;
 * start 31 Jan 2026 → 28 Feb 2026 (29 Feb in 2024), second month → 30 Mar.
 */
export function periodMonthEnd(start: CalendarDate, k: number): CalendarDate {
  const { year, month } = shiftMonth(start.year, start.month, k);
  if (start.day <= daysInMonth(year, month)) return addDays({ year, month, day: start.day }, -1);
  return { year, month, day: daysInMonth(year, month) };
}

/** Number of complete months from `start` (first day) to `end` (last day), both inclusive. */
export function countFullMonths(start: CalendarDate, end: CalendarDate): number {
  if (compareDates(end, start) < 0) return 0;
  // Rough guess from the month difference, then correct: at most a step or two.
  let k = Math.max(0, (end.year - start.year) * 12 + (end.month - start.month) - 1);
  while (k > 0 && compareDates(periodMonthEnd(start, k), end) > 0) k--;
  while (compareDates(periodMonthEnd(start, k + 1), end) <= 0) k++;
  return k;
}
