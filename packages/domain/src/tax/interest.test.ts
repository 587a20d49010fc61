import { describe, expect, it } from 'vitest';
import { DomainValidationError } from './errors';
import {
  computeInterest,
  defaultInterestStart,
  SEEDED_DEFAULT_INTEREST_PERIODS,
  SEEDED_INTEREST_RATES,
} from './interest';

describe('computeInterest (§§233a, 238, 239 AO)', () => {
  it('worked example 7 (AEAO): 10,000 € from 1 Apr 2018 to 3 Aug 2022 → 52 months, 450 + 645 = 1,095 €', () => {
    const r = computeInterest({ amount: '10000.00', startDate: '2018-04-01', endDate: '2022-08-03' });
    expect(r).toEqual({
      base: '10000.00',
      months: 52,
      interest: '1095.00',
      kind: 'nachzahlung',
      periods: [
        { from: '2018-04-01', to: '2018-12-31', rate: '0.5', days: 270, interest: '450.00' },
        { from: '2019-01-01', to: '2022-07-31', rate: '0.15', days: 1290, interest: '645.00' },
      ],
    });
  });

  it('worked example 8: 2,021.60 → base 2,000, 1 Apr – 25 Jul 2016 → 3 × 0.5 % = 30.00', () => {
    const r = computeInterest({ amount: '2021.60', startDate: '2016-04-01', endDate: '2016-07-25' });
    expect(r).toMatchObject({ base: '2000.00', months: 3, interest: '30.00' });
    expect(r.periods).toEqual([
      { from: '2016-04-01', to: '2016-06-30', rate: '0.5', days: 90, interest: '30.00' },
    ]);
    expect(r.note).toBeUndefined();
  });

  it('runs only over full months: 10 May → 9 Jun counts one month, ending 9 Jun', () => {
    const r = computeInterest({ amount: '100000', startDate: '2025-05-10', endDate: '2025-06-09' });
    expect(r.months).toBe(1);
    expect(r.interest).toBe('150.00');
    expect(r.periods[0]).toMatchObject({ from: '2025-05-10', to: '2025-06-09', days: 30 });
  });

  it('leap year month end: start 31 Jan 2024 → 29 Feb is one month', () => {
    expect(computeInterest({ amount: '100000', startDate: '2024-01-31', endDate: '2024-02-29' }).months).toBe(
      1,
    );
    expect(
      computeInterest({ amount: '100000', startDate: '2024-01-31', endDate: '2024-02-28' }),
    ).toMatchObject({
      months: 0,
      interest: '0.00',
    });
  });

  it('splits a month that straddles the rate change by 30-day calendar days', () => {
    // 10 Dec 2018 – 9 Jan 2019: 21 interest days (10–30 Dec; 31 Dec counts 0) at 0.5 %,
    // 9 days at 0.15 % → 100,000 × (0.5 % × 21 + 0.15 % × 9) / 30 = 350 + 45 = 395
    const r = computeInterest({ amount: '100000', startDate: '2018-12-10', endDate: '2019-01-09' });
    expect(r.months).toBe(1);
    expect(r.periods).toEqual([
      { from: '2018-12-10', to: '2018-12-31', rate: '0.5', days: 21, interest: '350.00' },
      { from: '2019-01-01', to: '2019-01-09', rate: '0.15', days: 9, interest: '45.00' },
    ]);
    expect(r.interest).toBe('395.00');
  });

  it('a period across 2018/2019 starting mid-month totals 30 days per month', () => {
    const r = computeInterest({ amount: '10000', startDate: '2018-05-10', endDate: '2019-03-15' });
    expect(r.months).toBe(10);
    expect(r.periods.map((p) => p.days)).toEqual([231, 69]);
    expect(r.periods[1]).toMatchObject({ from: '2019-01-01', to: '2019-03-09' });
    // 10,000 × (0.5 % × 231 + 0.15 % × 69) / 30 = 385 + 34.50 = 419.50 → 419
    expect(r.interest).toBe('419.00');
  });

  it('rounds the base down to 50 € and uses the absolute value for refunds', () => {
    const r = computeInterest({ amount: '-10049.99', startDate: '2021-04-01', endDate: '2022-04-01' });
    expect(r).toMatchObject({ base: '10000.00', months: 12, kind: 'erstattung', interest: '180.00' });
  });

  it('rounds to full euros in the taxpayer’s favour: down for back payments, up for refunds', () => {
    // 1,050 × 0.15 % × 13 = 20.475
    const nach = computeInterest({ amount: '1050', startDate: '2020-01-01', endDate: '2021-01-31' });
    expect(nach).toMatchObject({ months: 13, interest: '20.00', kind: 'nachzahlung' });
    const erst = computeInterest({
      amount: '1050',
      startDate: '2020-01-01',
      endDate: '2021-01-31',
      kind: 'erstattung',
    });
    expect(erst).toMatchObject({ interest: '21.00', kind: 'erstattung' });
  });

  it('sets no interest below 10 € and says why', () => {
    // 1,000 × 0.15 % × 6 = 9.00
    const r = computeInterest({ amount: '1000', startDate: '2023-04-01', endDate: '2023-09-30' });
    expect(r.months).toBe(6);
    expect(r.interest).toBe('0.00');
    expect(r.note).toMatch(/weniger als 10 Euro/);
    // exactly 10 is set: 1,000 × 0.5 % × 2 = 10
    expect(computeInterest({ amount: '1000', startDate: '2016-04-01', endDate: '2016-05-31' }).interest).toBe(
      '10.00',
    );
  });

  it('no full month → zero with a note', () => {
    const r = computeInterest({ amount: '50000', startDate: '2024-04-01', endDate: '2024-04-20' });
    expect(r).toMatchObject({ months: 0, interest: '0.00', periods: [] });
    expect(r.note).toMatch(/keinen vollen Monat/);
  });

  it('uses the rates it is given, sorted by valid_from', () => {
    const rates = [
      { valid_from: '2030-01-01', rate: '0.25' },
      { valid_from: '2000-01-01', rate: '0.1' },
    ];
    const r = computeInterest({ amount: '12000', startDate: '2029-11-01', endDate: '2030-02-28', rates });
    expect(r.periods.map((p) => [p.rate, p.days])).toEqual([
      ['0.1', 60],
      ['0.25', 60],
    ]);
    // 12,000 × (0.1 % × 2 + 0.25 % × 2) = 24 + 60 = 84
    expect(r.interest).toBe('84.00');
  });

  it('rejects impossible input with German messages per field', () => {
    const call = (over: object) => () =>
      computeInterest({ amount: '1000', startDate: '2020-01-01', endDate: '2021-01-01', ...over });
    expect(call({ amount: '1.000,00' })).toThrow(DomainValidationError);
    expect(call({ startDate: '2020-02-30' })).toThrow(DomainValidationError);
    try {
      call({ endDate: '2019-12-31' })();
      expect.unreachable();
    } catch (e) {
      expect((e as DomainValidationError).errors.endDate?.[0]).toMatch(/vor seinem Beginn/);
    }
    try {
      call({ rates: [{ valid_from: '2021-01-01', rate: '0.15' }] })();
      expect.unreachable();
    } catch (e) {
      expect((e as DomainValidationError).errors.rates?.[0]).toMatch(/kein Zinssatz/);
    }
    expect(call({ rates: [] })).toThrow(DomainValidationError);
  });
});

describe('interest seeds and default start', () => {
  it('seeds 0.5 % and 0.15 % from 2019', () => {
    expect(SEEDED_INTEREST_RATES).toEqual([
      { valid_from: '1900-01-01', rate: '0.5' },
      { valid_from: '2019-01-01', rate: '0.15' },
    ]);
  });

  it('starts on 1 April of EZ+2 except the Art. 97 §36 EGAO years', () => {
    expect(defaultInterestStart(2016)).toBe('2018-04-01');
    expect(defaultInterestStart(2018)).toBe('2020-04-01');
    expect(defaultInterestStart(2019)).toBe('2021-10-01');
    expect(defaultInterestStart(2020)).toBe('2022-10-01');
    expect(defaultInterestStart(2021)).toBe('2023-10-01');
    expect(defaultInterestStart(2022)).toBe('2024-09-01');
    expect(defaultInterestStart(2023)).toBe('2025-07-01');
    expect(defaultInterestStart(2024)).toBe('2026-06-01');
    expect(defaultInterestStart(2025)).toBe('2027-04-01');
  });

  it('prefers configured periods', () => {
    expect(defaultInterestStart(2025, [{ year: 2025, starts_at: '2027-05-01' }])).toBe('2027-05-01');
  });

  it('seeds EZ 2010–2030', () => {
    expect(SEEDED_DEFAULT_INTEREST_PERIODS).toHaveLength(21);
    expect(SEEDED_DEFAULT_INTEREST_PERIODS[0]).toEqual({ year: 2010, starts_at: '2012-04-01' });
    expect(SEEDED_DEFAULT_INTEREST_PERIODS.find((p) => p.year === 2022)).toEqual({
      year: 2022,
      starts_at: '2024-09-01',
    });
  });
});
