import { describe, expect, it } from 'vitest';
import { isValidIban, parseDate, parseMoney, parsePercent, parseYear } from './normalize.js';

describe('German number and date parsing', () => {
  it.each([
    ['1.234,56 €', '1234.56'],
    ['1.234,56 EUR', '1234.56'],
    ['2.021,60 Euro', '2021.60'],
    ['30,00', '30.00'],
    ['-1.829,90 €', '-1829.90'],
    ['12,00-', '-12.00'],
    ['1.000.000,00 €', '1000000.00'],
    ['Zu-/Abgang: 0,00 €', '0.00'],
    ['2024 505,00 €', '505.00'],
    ['13118.10€', '13118.10'],
    ['160;00 Euro', '160.00'],
    // Whole euros with dashes, thousands by a space or a no-break space, unit before, no cents.
    ['1.234,-- €', '1234.00'],
    ['EUR 1.234,-', '1234.00'],
    ['12.345,–', '12345.00'],
    ['EUR 1 234,00', '1234.00'],
    ['1\u00a0234\u00a0567,89 €', '1234567.89'],
    ['24.500 €', '24500.00'],
    ['Freibetrag 24500 EUR', '24500.00'],
  ])('money %s', (s, v) => expect(parseMoney(s)).toBe(v));

  it('does not take years, dates or integers for amounts', () => {
    expect(parseMoney('Jahr 2021, 15. Februar')).toBeNull();
    expect(parseMoney('15.05.2024')).toBeNull();
    expect(parseMoney('490 v. H.')).toBeNull();
    // The year before an amount whose unit stands first is not an amount of whole euros.
    expect(parseMoney('15. Mai 2024 EUR 1.250,00')).toBe('1250.00');
    expect(parseMoney('2024 EUR')).toBe('2024.00');
  });

  it.each([
    ['25. August 2016', '2016-08-25'],
    ['25.08.2016', '2016-08-25'],
    ['5.8.16', '2016-08-05'],
    ['(Fälligkeit: 15. Nov. 2024)', '2024-11-15'],
    ['1. März 2020', '2020-03-01'],
    ['2016-08-25', '2016-08-25'],
  ])('date %s', (s, v) => expect(parseDate(s)).toBe(v));

  it('rejects impossible dates', () => {
    expect(parseDate('31.02.2020')).toBeNull();
    expect(parseDate('kein Datum')).toBeNull();
  });

  it('does not take the start of an amount for a year', () => {
    // "zum 15.02. 21.078,00 €", "15. Mai 6535,00": day and month, then an amount.
    expect(parseDate('zum 15.02. 21.078,00 €')).toBeNull();
    expect(parseDate('15. Mai 6535,00')).toBeNull();
    expect(parseDate('15. Februar 13119,00 €')).toBeNull();
    expect(parseDate('15.02.2025 1.234,00 €')).toBe('2025-02-15');
    expect(parseDate('15.02.25 250,00 €')).toBe('2025-02-15');
  });

  it.each([
    ['490 v. H.', 490],
    ['380 vom Hundert', 380],
    ['Hebesatz 410 v.H.', 410],
    ['400 %', 400],
    ['Hebesatz: 435%', 435],
  ])('percent %s', (s, v) => expect(parsePercent(s)).toBe(v));

  it('years and IBANs', () => {
    expect(parseYear('für das Jahr 2017')).toBe(2017);
    expect(parseYear('Seite 12345')).toBeNull();
    expect(isValidIban('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(isValidIban('DE89370400440532013001')).toBe(false);
  });
});
