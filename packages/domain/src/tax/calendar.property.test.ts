import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planNotice } from '../payments/rules';
import {
  AGS_AUGSBURG,
  BUNDESLAENDER,
  type Bundesland,
  type HolidayOptions,
  isPublicHoliday,
  nextWorkingDay,
} from './bundesland';
import {
  type CalendarDate,
  diffDays,
  formatIsoDate,
  fromDayNumber,
  parseIsoDate,
  toDayNumber,
} from './dates';
import { computeAbschlusszahlung, computeVorauszahlungen, QUARTALE } from './prepayments';
import { computeSaeumniszuschlag, schonfristEnde } from './saeumnis';

/**
 * The working-day calendar behind every due date (§108 Abs.3 AO): prepayments, the
 * Abschlusszahlung one month after the Bekanntgabe and the Säumnis-Schonfrist all move
 * with `nextWorkingDay` and the same regional options.
 */

/** Weekday from the JavaScript calendar, independent of our own date arithmetic (0 = Sunday). */
const jsWeekday = (d: CalendarDate) => new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay();
const offDay = (d: CalendarDate, land: Bundesland, opts: HolidayOptions) =>
  jsWeekday(d) === 0 || jsWeekday(d) === 6 || isPublicHoliday(d, land, opts);

const region = fc
  .record({
    land: fc.constantFrom(...BUNDESLAENDER),
    bayern: fc.boolean(),
    augsburg: fc.boolean(),
  })
  .map(({ land, bayern, augsburg }) => ({
    land,
    opts: {
      bayernMariaeHimmelfahrt: bayern,
      ags: land === 'Bayern' ? (augsburg ? AGS_AUGSBURG : '09162000') : null,
    } as HolidayOptions,
  }));
const anyDay = fc
  .integer({ min: toDayNumber(parseIsoDate('1995-01-01')), max: toDayNumber(parseIsoDate('2099-12-31')) })
  .map(fromDayNumber);

/** The three properties of a moved date: working day, not earlier, nothing skipped. */
function expectMovedCorrectly(
  legal: CalendarDate,
  moved: CalendarDate,
  land: Bundesland,
  opts: HolidayOptions,
) {
  expect(offDay(moved, land, opts)).toBe(false);
  const gap = diffDays(legal, moved);
  expect(gap).toBeGreaterThanOrEqual(0);
  // At most to the NEXT working day: every day in between is a weekend day or a holiday.
  for (let i = 0; i < gap; i++) {
    const between = fromDayNumber(toDayNumber(legal) + i);
    expect(offDay(between, land, opts), formatIsoDate(between)).toBe(true);
  }
  // The longest run of days off in Germany: Karfreitag to Ostermontag.
  expect(gap).toBeLessThanOrEqual(4);
}

describe('working-day calendar properties', () => {
  it('a moved date is a working day of the region, never earlier, and the next one', () => {
    fc.assert(
      fc.property(anyDay, region, (legal, { land, opts }) => {
        expectMovedCorrectly(legal, nextWorkingDay(legal, land, opts), land, opts);
      }),
      { numRuns: 2000 },
    );
  });

  it('prepayment due dates: the 15th of Feb/May/Aug/Nov or the next working day after it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1995, max: 2099 }), region, (year, { land, opts }) => {
        const { quartale } = computeVorauszahlungen({
          year,
          letzte_steuer: '4000.00',
          bundesland: land,
          holidays: opts,
        });
        expect(quartale.map((q) => q.quartal)).toEqual([...QUARTALE]);
        for (const q of quartale) {
          const legal = { year, month: q.quartal * 3 - 1, day: 15 };
          expectMovedCorrectly(legal, parseIsoDate(q.faellig_am), land, opts);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('the Abschlusszahlung is due on a working day, one month after the Bekanntgabe or the next working day', () => {
    fc.assert(
      fc.property(anyDay, region, (posted, { land, opts }) => {
        const r = computeAbschlusszahlung({
          steuer: '1000.00',
          vorauszahlungen: [],
          aufgabe_zur_post: formatIsoDate(posted),
          bundesland: land,
          holidays: opts,
        });
        const bekanntgabe = parseIsoDate(r.bekanntgabe);
        expect(offDay(bekanntgabe, land, opts)).toBe(false);
        const oneMonth = parseIsoDate(r.rest.faellig_am!);
        const legal = {
          ...bekanntgabe,
          month: (bekanntgabe.month % 12) + 1,
          year: bekanntgabe.year + (bekanntgabe.month === 12 ? 1 : 0),
        };
        const lastOfMonth = new Date(Date.UTC(legal.year, legal.month, 0)).getUTCDate();
        expectMovedCorrectly({ ...legal, day: Math.min(legal.day, lastOfMonth) }, oneMonth, land, opts);
      }),
      { numRuns: 1000 },
    );
  });

  it('Säumniszuschlag: runs from the moved due date; the Schonfrist ends on a working day', () => {
    fc.assert(
      fc.property(anyDay, region, fc.integer({ min: 0, max: 120 }), (legal, { land, opts }, late) => {
        const r = computeSaeumniszuschlag({
          rueckstand: '1000.00',
          faellig_am: formatIsoDate(legal),
          gezahlt_am: formatIsoDate(fromDayNumber(toDayNumber(legal) + late)),
          bundesland: land,
          holidays: opts,
        });
        const due = parseIsoDate(r.faellig_am);
        expectMovedCorrectly(legal, due, land, opts);
        const end = parseIsoDate(schonfristEnde(formatIsoDate(legal), land, opts));
        expect(offDay(end, land, opts)).toBe(false);
        expect(diffDays(due, end)).toBeGreaterThanOrEqual(3);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('due dates checked by hand', () => {
  const q = (year: number, bundesland: Bundesland, holidays?: HolidayOptions) =>
    computeVorauszahlungen({ year, letzte_steuer: '4000.00', bundesland, holidays }).quartale.map(
      (x) => x.faellig_am,
    );

  it('15 Feb 2025 is a Saturday: due Monday 17 Feb 2025 in every state', () => {
    expect(jsWeekday(parseIsoDate('2025-02-15'))).toBe(6);
    for (const land of BUNDESLAENDER) expect(q(2025, land)[0]).toBe('2025-02-17');
  });

  it('15 Aug 2024 (Thursday) in a Bavarian Catholic municipality: due Friday 16 Aug 2024', () => {
    expect(q(2024, 'Bayern', { bayernMariaeHimmelfahrt: true })).toEqual([
      '2024-02-15',
      '2024-05-15',
      '2024-08-16',
      '2024-11-15',
    ]);
    // The conservative default (the setting off) keeps the legal date outside Augsburg.
    expect(q(2024, 'Bayern', { ags: '09162000' })[2]).toBe('2024-08-15');
    expect(q(2024, 'Saarland')[2]).toBe('2024-08-16');
    expect(q(2024, 'Nordrhein-Westfalen', { bayernMariaeHimmelfahrt: true })[2]).toBe('2024-08-15');
  });

  it('the city of Augsburg: Mariä Himmelfahrt always, and the Friedensfest on 8 August', () => {
    expect(q(2024, 'Bayern', { ags: AGS_AUGSBURG, bayernMariaeHimmelfahrt: false })[2]).toBe('2024-08-16');
    // Thu 8 Aug 2024 is a holiday in Augsburg only.
    expect(formatIsoDate(nextWorkingDay(parseIsoDate('2024-08-08'), 'Bayern', { ags: AGS_AUGSBURG }))).toBe(
      '2024-08-09',
    );
    expect(formatIsoDate(nextWorkingDay(parseIsoDate('2024-08-08'), 'Bayern', { ags: '09162000' }))).toBe(
      '2024-08-08',
    );
  });

  it('Abschlusszahlung: posted Fri 12 Jul 2024 → Bekanntgabe Mon 15 Jul → due 15 Aug, in Catholic Bavaria 16 Aug', () => {
    const calc = (holidays: HolidayOptions) =>
      computeAbschlusszahlung({
        steuer: '5000.00',
        vorauszahlungen: [],
        aufgabe_zur_post: '2024-07-12',
        bundesland: 'Bayern',
        holidays,
      });
    expect(calc({}).bekanntgabe).toBe('2024-07-15');
    expect(calc({}).rest.faellig_am).toBe('2024-08-15');
    expect(calc({ bayernMariaeHimmelfahrt: true }).rest).toEqual({
      betrag: '5000.00',
      faellig_am: '2024-08-16',
    });
    expect(calc({ bayernMariaeHimmelfahrt: true }).rechtsbehelfsfrist_bis).toBe('2024-08-16');
  });

  it('Säumniszuschlag: due Sat 15 Feb 2025 moves to Mon 17 Feb, so a payment on Thu 20 Feb is within the Schonfrist', () => {
    const base = { rueckstand: '1000.00', faellig_am: '2025-02-15', gezahlt_am: '2025-02-20' };
    expect(computeSaeumniszuschlag({ ...base, bundesland: 'Hessen' })).toMatchObject({
      faellig_am: '2025-02-17',
      schonfrist: true,
      zuschlag: '0.00',
    });
    expect(schonfristEnde('2025-02-15', 'Hessen')).toBe('2025-02-20');
    // Paid Fri 21 Feb: one started month from the moved due date.
    expect(
      computeSaeumniszuschlag({ ...base, gezahlt_am: '2025-02-21', bundesland: 'Hessen' }),
    ).toMatchObject({
      verspaetung_tage: 4,
      monate: 1,
      zuschlag: '10.00',
    });
    // Paid Tue 18 Mar 2025: the first month of delay is 18 Feb – 17 Mar, so two started months.
    expect(
      computeSaeumniszuschlag({ ...base, gezahlt_am: '2025-03-18', bundesland: 'Hessen' }),
    ).toMatchObject({
      monate: 2,
      zuschlag: '20.00',
    });
  });

  it('Säumniszuschlag: due 15 Aug 2024 in Catholic Bavaria runs from Fri 16 Aug; paid Mon 19 Aug is in time', () => {
    const r = computeSaeumniszuschlag({
      rueckstand: '1000.00',
      faellig_am: '2024-08-15',
      gezahlt_am: '2024-08-19',
      bundesland: 'Bayern',
      holidays: { bayernMariaeHimmelfahrt: true },
    });
    expect(r).toMatchObject({ faellig_am: '2024-08-16', schonfrist: true, zuschlag: '0.00' });
    const off = computeSaeumniszuschlag({
      rueckstand: '1000.00',
      faellig_am: '2024-08-15',
      gezahlt_am: '2024-08-19',
      bundesland: 'Bayern',
    });
    // Setting off: due Thu 15 Aug; its Schonfrist ends Sun 18 Aug → Mon 19 Aug, also in time.
    expect(off).toMatchObject({ faellig_am: '2024-08-15', schonfrist: true, zuschlag: '0.00' });
  });

  it('a confirmed Bescheid plans its Abschlusszahlung with the same calendar', () => {
    const plan = (holidays?: HolidayOptions) =>
      planNotice(
        {
          document_id: 1,
          type: 'gewst_bescheid',
          fields: { erhebungszeitraum: 2023, festgesetzte_steuer: '5000.00', bescheid_datum: '2024-07-12' },
          bundesland: 'Bayern',
          holidays,
        },
        [],
      ).add.find((l) => l.kind === 'abschlusszahlung')?.faellig_am;
    expect(plan()).toBe('2024-08-15');
    expect(plan({ bayernMariaeHimmelfahrt: true })).toBe('2024-08-16');
  });
});
