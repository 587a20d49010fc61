import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { berlinDate, berlinDateTimeParts } from './berlin';

const stamp = (utc: string) => {
  const p = berlinDateTimeParts(new Date(utc));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
};

/** 01:00 UTC on the last Sunday of `month` (1-based): when German summer time begins or ends (since 1996). */
const lastSundayOneUtc = (year: number, month: number) => {
  const last = new Date(Date.UTC(year, month, 0)); // last day of the month
  return Date.UTC(year, month - 1, last.getUTCDate() - last.getUTCDay(), 1);
};

describe('berlinDateTimeParts', () => {
  // [moment in UTC, German local time]
  const cases: Record<string, [string, string][]> = {
    'summer time begins on the last Sunday of March at 01:00 UTC (02:00 CET → 03:00 CEST)': [
      ['2026-03-29T00:00:00Z', '2026-03-29 01:00:00'],
      ['2026-03-29T00:59:59Z', '2026-03-29 01:59:59'],
      ['2026-03-29T01:00:00Z', '2026-03-29 03:00:00'],
      ['2025-03-30T00:59:00Z', '2025-03-30 01:59:00'],
      ['2025-03-30T01:00:00Z', '2025-03-30 03:00:00'],
      ['2026-03-22T01:00:00Z', '2026-03-22 02:00:00'], // the Sunday before: still winter time
    ],
    'summer time ends on the last Sunday of October at 01:00 UTC (03:00 CEST → 02:00 CET)': [
      ['2026-10-25T00:00:00Z', '2026-10-25 02:00:00'],
      ['2026-10-25T00:59:00Z', '2026-10-25 02:59:00'],
      ['2026-10-25T01:00:00Z', '2026-10-25 02:00:00'],
      ['2026-10-25T01:59:59Z', '2026-10-25 02:59:59'],
      ['2026-10-25T02:00:00Z', '2026-10-25 03:00:00'],
      ['2025-10-26T00:59:00Z', '2025-10-26 02:59:00'],
      ['2025-10-26T01:00:00Z', '2025-10-26 02:00:00'],
    ],
    'shows midnight as 00 and carries the German day, month and year': [
      ['2026-07-01T22:00:00Z', '2026-07-02 00:00:00'],
      ['2026-07-01T22:30:00Z', '2026-07-02 00:30:00'],
      ['2026-11-24T23:30:00Z', '2026-11-25 00:30:00'],
      ['2026-12-31T23:00:00Z', '2027-01-01 00:00:00'],
      ['2024-02-28T23:00:00Z', '2024-02-29 00:00:00'],
      ['2026-01-05T13:07:09.999Z', '2026-01-05 14:07:09'],
    ],
  };
  for (const [title, pairs] of Object.entries(cases))
    it(title, () => expect(pairs.map(([utc]) => [utc, stamp(utc)])).toEqual(pairs));

  const agreesWithRule = (ms: number) => {
    const year = new Date(ms).getUTCFullYear();
    const summer = ms >= lastSundayOneUtc(year, 3) && ms < lastSundayOneUtc(year, 10);
    const local = new Date(ms + (summer ? 2 : 1) * 3_600_000).toISOString();
    const p = berlinDateTimeParts(new Date(ms));
    expect(`${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`).toBe(local.slice(0, 19));
  };

  it('agrees with UTC + 1 h, or + 2 h between the two Sundays, for every moment 1996–2099 (seeded)', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1996, 0, 1), max: Date.UTC(2099, 11, 31) }), agreesWithRule),
      { seed: 20261125, numRuns: 2000 },
    );
  });

  it('agrees with the rule within three hours of every change 1996–2099 (seeded)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1996, max: 2099 }),
        fc.constantFrom(3, 10),
        fc.integer({ min: -3 * 3_600_000, max: 3 * 3_600_000 }),
        (year, month, offset) => agreesWithRule(lastSundayOneUtc(year, month) + offset),
      ),
      { seed: 20261125, numRuns: 2000 },
    );
  });
});

describe('berlinDate', () => {
  // [moment in UTC, calendar day in Germany]
  const days: [string, string][] = [
    ['2026-03-28T22:59:59Z', '2026-03-28'], // 23:59:59 CET
    ['2026-03-28T23:00:00Z', '2026-03-29'], // 00:00 CET, the night summer time begins
    ['2026-03-29T00:30:00Z', '2026-03-29'], // 01:30 CET
    ['2026-03-29T01:30:00Z', '2026-03-29'], // 03:30 CEST
    ['2026-03-29T21:59:59Z', '2026-03-29'], // 23:59:59 CEST
    ['2026-03-29T22:00:00Z', '2026-03-30'],
    ['2026-10-24T21:59:59Z', '2026-10-24'], // 23:59:59 CEST
    ['2026-10-24T22:00:00Z', '2026-10-25'], // 00:00 CEST, the night summer time ends
    ['2026-10-25T00:30:00Z', '2026-10-25'], // 02:30 CEST
    ['2026-10-25T01:30:00Z', '2026-10-25'], // 02:30 CET (the hour again)
    ['2026-10-25T22:59:59Z', '2026-10-25'], // 23:59:59 CET
    ['2026-10-25T23:00:00Z', '2026-10-26'],
    ['2026-12-31T22:59:59Z', '2026-12-31'],
    ['2026-12-31T23:00:00Z', '2027-01-01'],
    ['2026-12-31T23:30:00Z', '2027-01-01'], // a new year in Germany while UTC still says 2026
    ['2024-02-28T23:30:00Z', '2024-02-29'],
  ];
  it('is the German calendar day around both changes of summer time and the turn of the year', () =>
    expect(days.map(([utc]) => [utc, berlinDate(new Date(utc))])).toEqual(days));

  it('is the day of UTC + 1 h, or + 2 h in summer time, for every moment 1996–2099 (seeded)', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1996, 0, 1), max: Date.UTC(2099, 11, 31) }), (ms) => {
        const summer =
          ms >= lastSundayOneUtc(new Date(ms).getUTCFullYear(), 3) &&
          ms < lastSundayOneUtc(new Date(ms).getUTCFullYear(), 10);
        expect(berlinDate(new Date(ms))).toBe(
          new Date(ms + (summer ? 2 : 1) * 3_600_000).toISOString().slice(0, 10),
        );
      }),
      { seed: 20261125, numRuns: 2000 },
    );
  });
});
