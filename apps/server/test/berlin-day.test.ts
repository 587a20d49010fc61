import { afterEach, describe, expect, it, vi } from 'vitest';
import { bookingToday } from '../src/modules/bookings/generation';
import { today as checksToday } from '../src/modules/documents/jobs';
import { germanToday } from '../src/modules/documents/retention';
import { isActive } from '../src/modules/master-data/presenter';
import { dueWindow } from '../src/modules/notifications/service';
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

/**
 * The due-date window of the notifications: from today in Germany to N calendar days later.
 * Before, both ends were UTC days of `now` and `now + N × 24 h`.
 */
describe('notifications: the due-date window counts German calendar days', () => {
  // [moment in UTC, days, first day, last day]
  const windows: [string, number, string, string][] = [
    ['2026-12-31T23:30:00Z', 14, '2027-01-01', '2027-01-15'], // 00:30 in Germany, still 2026 in UTC
    ['2026-12-31T22:59:59Z', 14, '2026-12-31', '2027-01-14'],
    ['2026-03-28T23:30:00Z', 14, '2026-03-29', '2026-04-12'], // 00:30 winter time on the change day
    // 23:30 winter time, the next day has 23 hours: 24 h later is already the day after it
    ['2026-03-28T22:30:00Z', 1, '2026-03-28', '2026-03-29'],
    // 00:30 summer time, the day after tomorrow follows a 25-hour day: 48 h later is 23:30 before it
    ['2026-10-23T22:30:00Z', 2, '2026-10-24', '2026-10-26'],
    ['2026-10-24T22:30:00Z', 14, '2026-10-25', '2026-11-08'], // 00:30 summer time on the change day
    ['2026-10-25T23:30:00Z', 1, '2026-10-26', '2026-10-27'], // 00:30 winter time after the change
  ];
  it.each(windows)('at %s with %i days: %s to %s', (utc, days, today, until) =>
    expect(dueWindow(new Date(utc), days)).toEqual({ today, until }),
  );
});
