import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../tax/money';
import { formatMoneyDe, formatMoneyPlain, MoneyFormatError, moneyToCents } from './format';

const LIMIT = 10n ** 14n; // 10^12 € in cents
const cents = fc.bigInt({ min: -LIMIT, max: LIMIT });
/** The same amount written the ways the API and the database write it. */
const spelled = cents.chain((c) => {
  const abs = c < 0n ? -c : c;
  const sign = c < 0n ? '-' : '';
  const euros = (abs / 100n).toString();
  const rest = (abs % 100n).toString().padStart(2, '0');
  return fc.constantFrom(
    `${sign}${euros}.${rest}`,
    `${sign}${euros}.${rest}00`, // numeric(…, 4)
    rest.endsWith('0') ? `${sign}${euros}.${rest[0]}` : `${sign}${euros}.${rest}`,
    rest === '00' ? `${sign}${euros}` : `${sign}${euros}.${rest}`,
    `${sign}00${euros}.${rest}`,
  );
});
/** Amounts with up to six decimal places, for the rounding rule. */
const longer = fc.tuple(cents, fc.integer({ min: 0, max: 9999 })).map(([c, extra]) => {
  const abs = c < 0n ? -c : c;
  const digits = `${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}${String(extra).padStart(4, '0')}`;
  return c < 0n ? `-${digits}` : digits;
});

const intl = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
/** Reads German money text back into a decimal. */
const readDe = (text: string) =>
  new Decimal(text.replace('\u00a0€', '').replaceAll('.', '').replace(',', '.'));

describe('money formatter (properties, amounts up to 10^12 € with cents)', () => {
  it('plain text is the decimal type’s two-place value, exactly', () => {
    fc.assert(
      fc.property(spelled, (s) => {
        const out = formatMoneyPlain(s);
        expect(out).toMatch(/^-?\d+\.\d{2}$/);
        expect(new Dec(out).eq(new Dec(s))).toBe(true);
        expect(out).toBe(new Dec(s).toFixed(2).replace(/^-0\.00$/, '0.00'));
      }),
      { numRuns: 2000 },
    );
  });

  it('German text reads back to the same decimal and matches Intl’s exact decimal formatting', () => {
    fc.assert(
      fc.property(spelled, (s) => {
        const out = formatMoneyDe(s);
        expect(readDe(out).eq(new Dec(s))).toBe(true);
        // Intl.NumberFormat formats decimal *strings* exactly (no float conversion).
        expect(out).toBe(intl.format(s as unknown as number));
        expect(formatMoneyDe(s, { symbol: false })).toBe(out.replace('\u00a0€', ''));
      }),
      { numRuns: 2000 },
    );
  });

  it('rounds more than two places half away from zero, like the decimal type, never to -0', () => {
    fc.assert(
      fc.property(longer, (s) => {
        const expected = new Dec(s).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
        const out = formatMoneyPlain(s);
        expect(new Dec(out).eq(expected)).toBe(true);
        expect(out.startsWith('-')).toBe(expected.isNegative() && !expected.isZero());
      }),
      { numRuns: 2000 },
    );
  });

  it('gives the same text for cents, decimal strings and decimal.js values', () => {
    fc.assert(
      fc.property(cents, (c) => {
        const s = formatMoneyPlain(c);
        expect(moneyToCents(s)).toBe(c);
        expect(formatMoneyPlain(new Dec(s))).toBe(s);
        expect(formatMoneyDe(new Dec(s))).toBe(formatMoneyDe(c));
      }),
      { numRuns: 1000 },
    );
  });

  it('formats the examples of the issue and refuses text that is no amount', () => {
    expect(formatMoneyDe('1234.56')).toBe('1.234,56\u00a0€');
    expect(formatMoneyPlain('1234.56')).toBe('1234.56');
    expect(formatMoneyDe('-0.004')).toBe('0,00\u00a0€');
    expect(formatMoneyDe('999999999999.995')).toBe('1.000.000.000.000,00\u00a0€');
    expect(formatMoneyPlain('0.1')).toBe('0.10');
    for (const bad of ['', '1,5', '1e3', 'abc', '1.2.3', 'NaN', ' - 1']) {
      expect(() => formatMoneyPlain(bad)).toThrow(MoneyFormatError);
    }
  });
});
