/**
 * Calendar parts of a moment in German local time (Europe/Berlin, CET/CEST), for file names
 * and stamps that must read the same wherever the code runs (server in UTC, any browser).
 */
export type BerlinDateTimeParts = Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;

// en-GB with h23: numeric parts only (no locale pattern is used) and never "24:05" at midnight.
const BERLIN = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/**
 * Year (four digits), month, day, hour (00–23), minute and second (two digits each) of `at` in
 * Germany: `2026-03-29T01:00:00Z` → 2026-03-29 03:00:00 (summer time began), `2026-10-25T00:59Z`
 * → 02:59 summer time, `01:00Z` → 02:00 winter time.
 */
export function berlinDateTimeParts(at: Date): BerlinDateTimeParts {
  const p = Object.fromEntries(BERLIN.formatToParts(at).map((x) => [x.type, x.value]));
  return {
    year: p.year!,
    month: p.month!,
    day: p.day!,
    hour: p.hour!,
    minute: p.minute!,
    second: p.second!,
  };
}

/**
 * The calendar day in Germany, YYYY-MM-DD (today's booking date, the day a retention period
 * is checked against, the day in a file name): `2026-12-31T23:30Z` → 2027-01-01,
 * `2026-10-24T22:30Z` → 2026-10-25 (00:30 summer time).
 */
export function berlinDate(at: Date): string {
  const p = berlinDateTimeParts(at);
  return `${p.year}-${p.month}-${p.day}`;
}
