import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRetentionExpired, retentionAnchorYear, retentionEnd } from '.';

const isoDate = fc
  .record({
    y: fc.integer({ min: 1990, max: 2100 }),
    m: fc.integer({ min: 1, max: 12 }),
    d: fc.integer({ min: 1, max: 28 }),
  })
  .map(({ y, m, d }) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
const years = fc.integer({ min: 6, max: 30 });

/** § 147 Abs. 3/4 AO: the period runs from the end of the calendar year of the last event. */
describe('retention expiry rule', () => {
  it('ends on 31 December of the last event year + years, and expires only from the next day', () => {
    fc.assert(
      fc.property(fc.array(isoDate, { minLength: 1, maxLength: 6 }), years, isoDate, (events, n, today) => {
        const anchor = retentionAnchorYear(events)!;
        expect(anchor).toBe(Math.max(...events.map((e) => Number(e.slice(0, 4)))));
        const end = retentionEnd(anchor, n);
        expect(end.endsWith('-12-31')).toBe(true);
        const expired = isRetentionExpired(anchor, n, today);
        expect(expired).toBe(Number(today.slice(0, 4)) > anchor + n);
        // never before `n` full years after every single event
        if (expired)
          for (const e of events)
            expect(Number(today.slice(0, 4)) - Number(e.slice(0, 4))).toBeGreaterThan(n);
      }),
    );
  });

  it('a later event or a longer period never makes a document expire earlier', () => {
    fc.assert(
      fc.property(
        fc.array(isoDate, { minLength: 1 }),
        isoDate,
        years,
        years,
        isoDate,
        (events, extra, a, b, today) => {
          const anchor = retentionAnchorYear(events)!;
          const later = retentionAnchorYear([...events, extra])!;
          expect(later).toBeGreaterThanOrEqual(anchor);
          if (isRetentionExpired(later, a, today)) expect(isRetentionExpired(anchor, a, today)).toBe(true);
          const [short, long] = a <= b ? [a, b] : [b, a];
          if (isRetentionExpired(anchor, long, today))
            expect(isRetentionExpired(anchor, short, today)).toBe(true);
        },
      ),
    );
  });

  it('boundary: a notice of 2014 with 10 years is kept through 31.12.2024 and may go on 1.1.2025', () => {
    const anchor = retentionAnchorYear(['2014-03-10', null, 'kaputt', '2014-12-31T23:00:00Z'])!;
    expect(anchor).toBe(2014);
    expect(retentionEnd(anchor, 10)).toBe('2024-12-31');
    expect(isRetentionExpired(anchor, 10, '2024-12-31')).toBe(false);
    expect(isRetentionExpired(anchor, 10, '2025-01-01')).toBe(true);
    expect(retentionAnchorYear([])).toBeNull();
  });
});
