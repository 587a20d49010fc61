import { afterEach, describe, expect, it, vi } from 'vitest';
import { bookingToday } from '../src/modules/bookings/generation';
import { today as checksToday } from '../src/modules/documents/jobs';
import { germanToday } from '../src/modules/documents/retention';
import { isActive } from '../src/modules/master-data/presenter';
import { today as paymentsToday } from '../src/modules/payments/service';
import { today as reportsToday } from '../src/modules/reports/common';

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

describe("the other modules' today is the German day too", () => {
  afterEach(() => vi.useRealTimers());
  it.each([
    ['2026-12-31T23:30:00Z', '2027-01-01'],
    ['2026-10-24T22:30:00Z', '2026-10-25'],
    ['2026-03-28T23:30:00Z', '2026-03-29'],
  ])('at %s: checks, payments and reports say %s', (utc, day) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(utc));
    expect([checksToday(), paymentsToday(), reportsToday()]).toEqual([day, day, day]);
    // an establishment valid from that German day is active on it
    expect(isActive({ valid_from: day, valid_to: null })).toBe(true);
  });
});
