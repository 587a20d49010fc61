import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../tax/money';
import {
  cashGroupOf,
  explainChange,
  monthsFrom,
  provisionOf,
  quarterOfMonth,
  sumMoney,
  zahltag,
} from './rules';

const cents = fc.integer({ min: 0, max: 10_000_000_00 }).map((c) => (c / 100).toFixed(2));
const wholeEuro = fc.integer({ min: 0, max: 1_000_000 }).map((e) => `${e}.00`);
const rate = fc.integer({ min: 200, max: 900 });

describe('explainChange', () => {
  it('splits a change into Hebesatz effect and share effect (worked example)', () => {
    // Köln: MB 2,000 × 450 % = 9,000 → MB 2,200 × 475 % = 10,450.
    expect(
      explainChange(
        { betrag: '9000.00', messbetrag: '2000.00', hebesatz: 450 },
        { betrag: '10450.00', messbetrag: '2200.00', hebesatz: 475 },
      ),
    ).toEqual({
      differenz: '1450.00',
      hebesatz_effekt: '500.00',
      anteil_effekt: '950.00',
      sonstiges: '0.00',
    });
  });

  it('leaves everything to "sonstiges" when a side lacks Messbetrag or Hebesatz', () => {
    expect(
      explainChange(
        { betrag: '100.00', messbetrag: null, hebesatz: 400 },
        { betrag: '80.00', messbetrag: '20.00', hebesatz: 400 },
      ),
    ).toEqual({ differenz: '-20.00', hebesatz_effekt: null, anteil_effekt: null, sonstiges: '-20.00' });
  });

  it('the parts always add up to the change, to the cent (property)', () => {
    fc.assert(
      fc.property(cents, cents, cents, cents, rate, rate, (b0, b1, mb0, mb1, h0, h1) => {
        const e = explainChange(
          { betrag: b0, messbetrag: mb0, hebesatz: h0 },
          { betrag: b1, messbetrag: mb1, hebesatz: h1 },
        );
        const parts = new Dec(e.hebesatz_effekt!).add(e.anteil_effekt!).add(e.sonstiges);
        expect(parts.eq(e.differenz)).toBe(true);
        expect(new Dec(e.differenz).eq(new Dec(b1).sub(b0))).toBe(true);
      }),
    );
  });

  it('explains a tax of integer MB × Hebesatz completely (property)', () => {
    fc.assert(
      fc.property(wholeEuro, wholeEuro, rate, rate, (mb0, mb1, h0, h1) => {
        const tax = (mb: string, h: number) => new Dec(mb).mul(h).div(100).toFixed(2);
        const e = explainChange(
          { betrag: tax(mb0, h0), messbetrag: mb0, hebesatz: h0 },
          { betrag: tax(mb1, h1), messbetrag: mb1, hebesatz: h1 },
        );
        expect(e.sonstiges).toBe('0.00');
      }),
    );
  });
});

describe('cash plan helpers', () => {
  it('moves due dates to working days of the state', () => {
    expect(zahltag('2026-02-15', 'Nordrhein-Westfalen')).toBe('2026-02-16');
    expect(zahltag('2026-08-15', 'Saarland')).toBe('2026-08-17');
    expect(zahltag('2025-05-15', 'Hamburg')).toBe('2025-05-15');
  });
  it('lists months and quarters across a year end', () => {
    expect(monthsFrom('2024-11-01', 3)).toEqual(['2024-11', '2024-12', '2025-01']);
    expect(monthsFrom('2024-10', 12).at(-1)).toBe('2025-09');
    expect(quarterOfMonth('2025-03')).toBe('2025-Q1');
    expect(quarterOfMonth('2025-10')).toBe('2025-Q4');
    expect(cashGroupOf('korrektur')).toBe('vorauszahlungen');
    expect(cashGroupOf('erstattungszinsen')).toBe('zinsen');
  });
});

describe('money sums', () => {
  it('sums exactly and computes provisions', () => {
    expect(sumMoney(['0.10', '0.20', null, '-0.30'])).toBe('0.00');
    expect(sumMoney(Array.from({ length: 10 }, () => '0.10'))).toBe('1.00');
    expect(provisionOf('5200.00', '6000.00')).toBe('-800.00');
  });
});
