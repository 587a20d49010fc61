import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUNDESLAENDER } from '../tax';
import { type ExistingLine, PRINCIPAL_KINDS, type PaymentLineStatus, planNotice } from './rules';

/**
 * Issue 11: for any Gewerbesteuerbescheid with consistent figures (tax − bisher festgesetzt =
 * Abrechnung), confirming it changes the open amount of the year by exactly the printed
 * Abrechnung — whether our payment data knows nothing of the year or holds its prepayments
 * (paid, instructed or open) — and never demands more than the notice, even when overridden.
 */
const cents = (c: number) => (c / 100).toFixed(2);
const sumCents = (vs: string[]) => vs.reduce((s, v) => s + Math.round(Number(v) * 100), 0);

const notice = fc.record({
  tax: fc.integer({ min: 0, max: 5_000_000_00 }),
  bisher: fc.integer({ min: 0, max: 5_000_000_00 }),
  print: fc.constantFrom('both', 'bisher', 'abrechnung'),
  year: fc.integer({ min: 2016, max: 2024 }),
  month: fc.integer({ min: 1, max: 12 }),
  day: fc.integer({ min: 1, max: 28 }),
  land: fc.constantFrom(...BUNDESLAENDER),
});
const statuses = fc.constantFrom<PaymentLineStatus>('offen', 'bezahlt', 'angewiesen');

function build(
  n: {
    tax: number;
    bisher: number;
    print: string;
    year: number;
    month: number;
    day: number;
    land: (typeof BUNDESLAENDER)[number];
  },
  override: boolean,
) {
  const fields: Record<string, unknown> = {
    erhebungszeitraum: n.year,
    bescheid_datum: `${n.year + 1}-${String(n.month).padStart(2, '0')}-${String(n.day).padStart(2, '0')}`,
    festgesetzte_steuer: cents(n.tax),
  };
  if (n.print !== 'abrechnung') fields.bisher_festgesetzt = cents(n.bisher);
  if (n.print !== 'bisher') fields.abrechnung = cents(n.tax - n.bisher);
  return { document_id: 1000, type: 'gewst_bescheid', bundesland: n.land, fields, override };
}

/** Open principal of the year after applying the plan, minus before. */
function openChange(plan: ReturnType<typeof planNotice>, existing: ExistingLine[], year: number) {
  const superseded = new Set(plan.supersede.map((s) => s.id));
  const before = existing.filter((l) => l.status === 'offen' && PRINCIPAL_KINDS.includes(l.kind));
  const after = [
    ...before.filter((l) => !superseded.has(l.id)).map((l) => l.betrag),
    ...plan.add
      .filter((l) => l.year === year && (l.status ?? 'offen') === 'offen' && PRINCIPAL_KINDS.includes(l.kind))
      .map((l) => l.betrag),
  ];
  return sumCents(after) - sumCents(before.map((l) => l.betrag));
}

/** A prepayment schedule of the year whose Soll is exactly `total` cents. */
const schedule = (total: number, year: number) =>
  fc
    .tuple(fc.integer({ min: 1, max: 4 }), fc.array(statuses, { minLength: 4, maxLength: 4 }))
    .map(([n, st]): ExistingLine[] => {
      const part = Math.floor(total / n);
      return Array.from({ length: n }, (_, i) => ({
        id: 1 + i,
        year,
        kind: 'vorauszahlung' as const,
        quartal: i + 1,
        betrag: cents(i === n - 1 ? total - part * (n - 1) : part),
        faellig_am: `${year}-${String(2 + 3 * i).padStart(2, '0')}-15`,
        status: st[i]!,
        document_id: 999,
        document_type: 'vorauszahlungsbescheid',
        superseded: false,
      }));
    });

describe('Gewerbesteuerbescheid properties (printed Abrechnung as oracle)', () => {
  it('no payment data for the year: open amount after confirmation = printed Abrechnung', () => {
    fc.assert(
      fc.property(notice, (n) => {
        const plan = planNotice(build(n, false), []);
        expect(plan.checks.filter((c) => c.blocking)).toEqual([]);
        expect(openChange(plan, [], n.year)).toBe(n.tax - n.bisher);
        expect(plan.abrechnung?.open_change).toBe(cents(n.tax - n.bisher));
      }),
      { numRuns: 400 },
    );
  });

  it('our prepayments equal “bisher festgesetzt”: the open amount changes by the printed Abrechnung', () => {
    fc.assert(
      fc.property(
        notice.chain((n) => schedule(n.bisher, n.year).map((s) => [n, s] as const)),
        ([n, existing]) => {
          const plan = planNotice(build(n, false), existing);
          expect(plan.checks.filter((c) => c.blocking)).toEqual([]);
          expect(openChange(plan, existing, n.year)).toBe(n.tax - n.bisher);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('whatever our data holds, an overridden confirmation never demands more than the notice', () => {
    fc.assert(
      fc.property(
        notice.chain((n) =>
          fc
            .integer({ min: 1, max: 5_000_000_00 })
            .chain((soll) => schedule(soll, n.year).map((s) => [n, s] as const)),
        ),
        ([n, existing]) => {
          const plan = planNotice(build(n, true), existing);
          expect(openChange(plan, existing, n.year)).toBeLessThanOrEqual(n.tax - n.bisher);
        },
      ),
      { numRuns: 400 },
    );
  });
});
