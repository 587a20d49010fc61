import { describe, expect, it } from 'vitest';
import { BUNDESLAENDER, bundeslandFromAgs, isPublicHoliday, nextWorkingDay } from './bundesland';
import {
  addDaysIso,
  addMonths,
  countFullMonths,
  formatIsoDate,
  isValidIsoDate,
  parseIsoDate,
  periodMonthEnd,
  weekday,
} from './dates';
import { DomainValidationError } from './errors';

const d = parseIsoDate;
const iso = formatIsoDate;

describe('calendar helpers', () => {
  it('validates ISO dates including leap days', () => {
    expect(isValidIsoDate('2024-02-29')).toBe(true);
    expect(isValidIsoDate('2023-02-29')).toBe(false);
    expect(isValidIsoDate('2000-02-29')).toBe(true);
    expect(isValidIsoDate('1900-02-29')).toBe(false);
    expect(isValidIsoDate('2026-13-01')).toBe(false);
    expect(isValidIsoDate('2026-1-01')).toBe(false);
    expect(() => parseIsoDate('01.02.2026', 'faellig_am')).toThrow(DomainValidationError);
  });

  it('adds days across month and year ends without time-zone drift', () => {
    expect(addDaysIso('2025-12-30', 3)).toBe('2026-01-02');
    expect(addDaysIso('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDaysIso('2026-03-29', 1)).toBe('2026-03-30'); // DST change in Germany
  });

  it('adds a month keeping the day or taking the last day of the month', () => {
    expect(iso(addMonths(d('2016-07-25'), 1))).toBe('2016-08-25');
    expect(iso(addMonths(d('2026-01-31'), 1))).toBe('2026-02-28');
    expect(iso(addMonths(d('2024-01-31'), 1))).toBe('2024-02-29');
    expect(iso(addMonths(d('2025-12-15'), 1))).toBe('2026-01-15');
  });

  it('knows weekdays (0 = Sunday)', () => {
    expect(weekday(d('2026-02-15'))).toBe(0);
    expect(weekday(d('2026-08-15'))).toBe(6);
  });
});

describe('full months (§108 AO, §§187, 188 BGB) — worked example 9', () => {
  it('1 Apr → 15 Jul = 3; 10 May → 9 Jun = 1; 31 Jan 2026 → 28 Feb 2026 = 1', () => {
    expect(countFullMonths(d('2026-04-01'), d('2026-07-15'))).toBe(3);
    expect(countFullMonths(d('2026-05-10'), d('2026-06-09'))).toBe(1);
    expect(countFullMonths(d('2026-01-31'), d('2026-02-28'))).toBe(1);
  });

  it('a month is not complete one day earlier', () => {
    expect(countFullMonths(d('2026-05-10'), d('2026-06-08'))).toBe(0);
    expect(countFullMonths(d('2026-04-01'), d('2026-06-29'))).toBe(2);
  });

  it('leap years: start 31 Jan 2024 → 29 Feb completes the month, 28 Feb does not', () => {
    expect(iso(periodMonthEnd(d('2024-01-31'), 1))).toBe('2024-02-29');
    expect(countFullMonths(d('2024-01-31'), d('2024-02-29'))).toBe(1);
    expect(countFullMonths(d('2024-01-31'), d('2024-02-28'))).toBe(0);
  });

  it('month-end starts: the second month of a 31 Jan start ends 30 Mar', () => {
    expect(iso(periodMonthEnd(d('2026-01-31'), 2))).toBe('2026-03-30');
    expect(iso(periodMonthEnd(d('2026-01-30'), 1))).toBe('2026-02-28');
    expect(iso(periodMonthEnd(d('2026-03-31'), 1))).toBe('2026-04-30');
    expect(iso(periodMonthEnd(d('2026-04-30'), 1))).toBe('2026-05-29');
  });

  it('counts long periods and empty ones', () => {
    expect(countFullMonths(d('2018-04-01'), d('2022-08-03'))).toBe(52);
    expect(countFullMonths(d('2026-04-01'), d('2026-03-31'))).toBe(0);
    expect(countFullMonths(d('2026-04-01'), d('2026-04-01'))).toBe(0);
  });
});

describe('Bundesland and public holidays', () => {
  it('maps AGS prefixes 01–16 to the states of the reference data', () => {
    expect(bundeslandFromAgs('01001000')).toBe('Schleswig-Holstein');
    expect(bundeslandFromAgs('05315000')).toBe('Nordrhein-Westfalen');
    expect(bundeslandFromAgs('09162000')).toBe('Bayern');
    expect(bundeslandFromAgs('11000000')).toBe('Berlin');
    expect(bundeslandFromAgs('16051000')).toBe('Thüringen');
    expect(bundeslandFromAgs('17000000')).toBeNull();
    expect(bundeslandFromAgs('00000000')).toBeNull();
    expect(bundeslandFromAgs('0911')).toBeNull();
    expect(BUNDESLAENDER).toHaveLength(16);
  });

  it('Assumption Day (15 Aug) counts in Saarland; in Bavaria only when opted in (conservative default)', () => {
    expect(isPublicHoliday(d('2025-08-15'), 'Saarland')).toBe(true);
    expect(isPublicHoliday(d('2025-08-15'), 'Bayern')).toBe(false);
    expect(isPublicHoliday(d('2025-08-15'), 'Bayern', { bayernMariaeHimmelfahrt: true })).toBe(true);
    expect(isPublicHoliday(d('2025-08-15'), 'Nordrhein-Westfalen')).toBe(false);
  });

  it('Reformationstag 31 Oct in Sachsen and Brandenburg, not in NRW; in Niedersachsen only from 2018', () => {
    expect(isPublicHoliday(d('2025-10-31'), 'Sachsen')).toBe(true);
    expect(isPublicHoliday(d('2025-10-31'), 'Brandenburg')).toBe(true);
    expect(isPublicHoliday(d('2025-10-31'), 'Nordrhein-Westfalen')).toBe(false);
    expect(isPublicHoliday(d('2018-10-31'), 'Niedersachsen')).toBe(true);
    expect(isPublicHoliday(d('2016-10-31'), 'Niedersachsen')).toBe(false);
    expect(isPublicHoliday(d('2017-10-31'), 'Nordrhein-Westfalen')).toBe(true); // 500 years, nationwide
  });

  it('Fronleichnam (4 Jun 2026) in NRW, Hessen, Bayern — not in Niedersachsen', () => {
    expect(isPublicHoliday(d('2026-06-04'), 'Nordrhein-Westfalen')).toBe(true);
    expect(isPublicHoliday(d('2026-06-04'), 'Hessen')).toBe(true);
    expect(isPublicHoliday(d('2026-06-04'), 'Bayern')).toBe(true);
    expect(isPublicHoliday(d('2026-06-04'), 'Niedersachsen')).toBe(false);
  });

  it('Buß- und Bettag only in Sachsen; Weltfrauentag in Berlin; Berlin 8 May 2025', () => {
    expect(isPublicHoliday(d('2025-11-19'), 'Sachsen')).toBe(true);
    expect(isPublicHoliday(d('2025-11-19'), 'Thüringen')).toBe(false);
    expect(isPublicHoliday(d('2026-03-09'), 'Berlin')).toBe(false);
    expect(isPublicHoliday(d('2025-03-08'), 'Berlin')).toBe(true);
    expect(isPublicHoliday(d('2025-05-08'), 'Berlin')).toBe(true);
    expect(isPublicHoliday(d('2025-05-08'), 'Brandenburg')).toBe(false);
  });

  it('moves to the next working day over weekends and holidays', () => {
    expect(iso(nextWorkingDay(d('2026-02-15'), 'Hessen'))).toBe('2026-02-16');
    expect(iso(nextWorkingDay(d('2026-02-16'), 'Hessen'))).toBe('2026-02-16');
    // Good Friday 3 Apr 2026 → Sat, Sun, Easter Monday → Tue 7 Apr
    expect(iso(nextWorkingDay(d('2026-04-03'), 'Hamburg'))).toBe('2026-04-07');
    // Christmas Eve is a working day; 25/26 Dec 2026 Fri/Sat → Mon 28 Dec
    expect(iso(nextWorkingDay(d('2026-12-25'), 'Berlin'))).toBe('2026-12-28');
  });
});
