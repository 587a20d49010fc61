import { describe, expect, it } from 'vitest';
import { bookingToday } from '../src/modules/bookings/generation';
import { germanToday } from '../src/modules/documents/retention';

/**
 * The booking date and the day a retention period is checked against are the calendar day in
 * Germany (packages/domain berlinDate), also in the hours where UTC shows another day.
 */
describe('today in Germany (booking date, retention day)', () => {
  // [moment in UTC, calendar day in Germany]
  const moments: [string, string][] = [
    ['2026-03-29T01:30:00Z', '2026-03-29'], // 03:30 summer time, just after the change
    ['2026-03-28T23:30:00Z', '2026-03-29'], // 00:30 winter time on the day of the change
    ['2026-10-25T00:30:00Z', '2026-10-25'], // 02:30 summer time, the hour that comes twice
    ['2026-10-24T22:30:00Z', '2026-10-25'], // 00:30 summer time on the day of the change
    ['2026-10-25T23:30:00Z', '2026-10-26'], // 00:30 winter time after the change
    ['2026-12-31T23:30:00Z', '2027-01-01'], // new year in Germany, still 2026 in UTC
    ['2026-12-31T22:59:59Z', '2026-12-31'],
  ];
  it.each(moments)('at %s the booking date is %s', (utc, day) =>
    expect(bookingToday(new Date(utc))).toBe(day),
  );
  it.each(moments)('at %s retention counts from %s', (utc, day) =>
    expect(germanToday(new Date(utc))).toBe(day),
  );
});
