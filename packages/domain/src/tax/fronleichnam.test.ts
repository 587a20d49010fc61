import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fronleichnamDate, isPublicHoliday, nextWorkingDay, publicHolidays } from './bundesland';
import { addDays, formatIsoDate, parseIsoDate } from './dates';
import { FRONLEICHNAM_AGS } from './fronleichnam';
import { computeAbschlusszahlung } from './prepayments';

const CROSTWITZ = '14625080';
const BAUTZEN = '14625020'; // only Ortsteile Bolbritz and Salzenforst
const DRESDEN = '14612000';
const HEILIGENSTADT = '16061045';
const GEISA = '16063032';
const ERFURT = '16051000';
const d = parseIsoDate;

describe('Fronleichnam in Saxony and Thuringia', () => {
  it('Fronleichnam is Easter Sunday + 60 days (hand-checked years)', () => {
    expect(fronleichnamDate(2024)).toBe('2024-05-30');
    expect(fronleichnamDate(2025)).toBe('2025-06-19');
    expect(fronleichnamDate(2026)).toBe('2026-06-04');
    expect(fronleichnamDate(2027)).toBe('2027-05-27');
    // Easter 2024-03-31, 2025-04-20, 2026-04-05: + 60 days.
    expect(formatIsoDate(addDays(d('2025-04-20'), 60))).toBe('2025-06-19');
  });

  it('holiday in the listed municipalities, not elsewhere in the state; partly listed ones only with the option', () => {
    const day = d('2026-06-04');
    expect(isPublicHoliday(day, 'Sachsen', { ags: CROSTWITZ })).toBe(true);
    expect(isPublicHoliday(day, 'Sachsen', { ags: DRESDEN })).toBe(false);
    expect(isPublicHoliday(day, 'Sachsen')).toBe(false);
    expect(isPublicHoliday(day, 'Sachsen', { ags: BAUTZEN })).toBe(false);
    expect(isPublicHoliday(day, 'Sachsen', { ags: BAUTZEN, fronleichnamOrtsteile: true })).toBe(true);
    expect(isPublicHoliday(day, 'Sachsen', { ags: DRESDEN, fronleichnamOrtsteile: true })).toBe(false);
    expect(isPublicHoliday(day, 'Thüringen', { ags: HEILIGENSTADT })).toBe(true);
    expect(isPublicHoliday(day, 'Thüringen', { ags: GEISA })).toBe(true);
    expect(isPublicHoliday(day, 'Thüringen', { ags: ERFURT })).toBe(false);
    // The day before and after are ordinary working days there.
    expect(isPublicHoliday(d('2026-06-05'), 'Sachsen', { ags: CROSTWITZ })).toBe(false);
    // A Saxon AGS passed with another state's calendar adds nothing beyond that state's own.
    expect(publicHolidays(2026, 'Niedersachsen', { ags: CROSTWITZ }).has('2026-06-04')).toBe(false);
  });

  it('moves a date on Fronleichnam to the Friday in a listed municipality (property, 1990–2100)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1990, max: 2100 }),
        fc.constantFrom(...FRONLEICHNAM_AGS),
        (year: number, ags: string) => {
          const day = d(fronleichnamDate(year));
          const bl = ags.startsWith('14') ? 'Sachsen' : 'Thüringen';
          const moved = formatIsoDate(nextWorkingDay(day, bl, { ags, fronleichnamOrtsteile: true }));
          expect(moved).toBe(formatIsoDate(addDays(day, 1)));
          // Elsewhere in the state it is a working day.
          expect(formatIsoDate(nextWorkingDay(day, bl, { ags: bl === 'Sachsen' ? DRESDEN : ERFURT }))).toBe(
            formatIsoDate(day),
          );
        },
      ),
    );
  });

  it('Abschlusszahlung one month after a Bekanntgabe of Mon 19 May 2025 falls on Fronleichnam, Thu 19 Jun', () => {
    const rest = (ags: string) =>
      computeAbschlusszahlung({
        steuer: '5000.00',
        vorauszahlungen: [],
        aufgabe_zur_post: '2025-05-15',
        bundesland: 'Sachsen',
        holidays: { ags },
      });
    expect(rest(DRESDEN).bekanntgabe).toBe('2025-05-19');
    expect(rest(DRESDEN).rest.faellig_am).toBe('2025-06-19');
    expect(rest(CROSTWITZ).rest.faellig_am).toBe('2025-06-20');
  });
});
