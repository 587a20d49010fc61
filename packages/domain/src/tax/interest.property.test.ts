import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, formatIsoDate, fromDayNumber, toDayNumber } from './dates';
import { computeInterest } from './interest';

const day = (iso: string) =>
  toDayNumber({ year: +iso.slice(0, 4), month: +iso.slice(5, 7), day: +iso.slice(8, 10) });
const isoOf = (n: number) => formatIsoDate(fromDayNumber(n));

describe('interest properties', () => {
  const amount = fc.integer({ min: -5_000_000_00, max: 5_000_000_00 }).map((c) => (c / 100).toFixed(2));
  const start = fc.integer({ min: day('2010-01-01'), max: day('2030-12-31') });

  it('never grows when the end date moves earlier', () => {
    fc.assert(
      fc.property(amount, start, fc.nat(3000), fc.nat(3000), (a, s, x, y) => {
        const [shorter, longer] = x <= y ? [x, y] : [y, x];
        const r1 = computeInterest({ amount: a, startDate: isoOf(s), endDate: isoOf(s + shorter) });
        const r2 = computeInterest({ amount: a, startDate: isoOf(s), endDate: isoOf(s + longer) });
        expect(Number(r1.interest)).toBeLessThanOrEqual(Number(r2.interest));
        expect(r1.months).toBeLessThanOrEqual(r2.months);
      }),
      { numRuns: 300 },
    );
  });

  it('always counts 30 interest days per full month, split parts included', () => {
    fc.assert(
      fc.property(start, fc.nat(2000), (s, len) => {
        const r = computeInterest({ amount: '10000', startDate: isoOf(s), endDate: isoOf(s + len) });
        expect(r.periods.reduce((acc, p) => acc + p.days, 0)).toBe(30 * r.months);
        expect(r.periods.every((p) => p.days > 0 && p.from <= p.to)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('whole euros, never negative, zero or at least 10', () => {
    fc.assert(
      fc.property(amount, start, fc.nat(3000), (a, s, len) => {
        const r = computeInterest({
          amount: a,
          startDate: isoOf(s),
          endDate: formatIsoDate(addDays(fromDayNumber(s), len)),
        });
        expect(r.interest).toMatch(/^\d+\.00$/);
        const v = Number(r.interest);
        expect(v === 0 || v >= 10).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
