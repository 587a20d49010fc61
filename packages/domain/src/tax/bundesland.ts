import { getHolidays } from 'feiertagejs';
import { addDays, type CalendarDate, formatIsoDate, isWeekend } from './dates';
import { FRONLEICHNAM_AGS, fronleichnamInGemeinde } from './fronleichnam';

/** Federal states spelled as in the reference data (`gemeinden.csv`). */
export const BUNDESLAENDER = [
  'Schleswig-Holstein',
  'Hamburg',
  'Niedersachsen',
  'Bremen',
  'Nordrhein-Westfalen',
  'Hessen',
  'Rheinland-Pfalz',
  'Baden-Württemberg',
  'Bayern',
  'Saarland',
  'Berlin',
  'Brandenburg',
  'Mecklenburg-Vorpommern',
  'Sachsen',
  'Sachsen-Anhalt',
  'Thüringen',
] as const;
export type Bundesland = (typeof BUNDESLAENDER)[number];

type Region =
  | 'SH'
  | 'HH'
  | 'NI'
  | 'HB'
  | 'NW'
  | 'HE'
  | 'RP'
  | 'BW'
  | 'BY'
  | 'SL'
  | 'BE'
  | 'BB'
  | 'MV'
  | 'SN'
  | 'ST'
  | 'TH';

/** feiertagejs region code per state, in AGS order (01 … 16). */
const REGION: Record<Bundesland, Region> = {
  'Schleswig-Holstein': 'SH',
  Hamburg: 'HH',
  Niedersachsen: 'NI',
  Bremen: 'HB',
  'Nordrhein-Westfalen': 'NW',
  Hessen: 'HE',
  'Rheinland-Pfalz': 'RP',
  'Baden-Württemberg': 'BW',
  Bayern: 'BY',
  Saarland: 'SL',
  Berlin: 'BE',
  Brandenburg: 'BB',
  'Mecklenburg-Vorpommern': 'MV',
  Sachsen: 'SN',
  'Sachsen-Anhalt': 'ST',
  Thüringen: 'TH',
};

export function isBundesland(value: string): value is Bundesland {
  return (BUNDESLAENDER as readonly string[]).includes(value);
}

export function regionCode(bundesland: Bundesland): Region {
  return REGION[bundesland];
}

/**
 * State of a municipality from its AGS (first two digits 01–16); null if the key is
 * not an 8-digit AGS of a German state.
 */
export function bundeslandFromAgs(ags: string): Bundesland | null {
  if (!/^\d{8}$/.test(ags)) return null;
  const index = Number(ags.slice(0, 2));
  return BUNDESLAENDER[index - 1] ?? null;
}

export interface HolidayOptions {
  /**
   * Mariä Himmelfahrt (15 Aug) is a public holiday only in Bavarian municipalities
   * with a mainly Catholic population (about 1,700 of 2,056), which feiertagejs models
   * as all of Bavaria. Policy: by default it is NOT treated as a holiday in Bavaria,
   * the conservative choice — a due date or deadline is never assumed to move later
   * than it may. Set true when the municipality is known to observe it. (Saarland
   * observes it state-wide and always counts.)
   */
  bayernMariaeHimmelfahrt?: boolean;
  /**
   * Fronleichnam in Saxony and Thuringia is a holiday only in the municipalities named by
   * ordinance (`fronleichnam.ts`, by AGS): always where it names the whole municipality;
   * where it names only some Ortsteile, only when this is true (default: not, conservative).
   */
  fronleichnamOrtsteile?: boolean;
  /**
   * AGS of the municipality, for the holidays of single municipalities that the reference
   * data identifies by key: the city of Augsburg (09761000) observes the Hohes
   * Friedensfest (8 August) and Mariä Himmelfahrt regardless of the Bavarian setting; the
   * Saxon and Thuringian municipalities of `fronleichnam.ts` observe Fronleichnam.
   */
  ags?: string | null;
}

/** AGS of the city of Augsburg (Augsburger Hohes Friedensfest, Art. 1 Abs. 2 FTG Bayern). */
export const AGS_AUGSBURG = '09761000';

/**
 * Municipalities (AGS) with holidays of their own, beyond their state's: due dates there
 * shift in a calendar of their own. Whoever groups due dates by calendar (the cash plan's
 * SQL) reads this list, so a municipality added here is handled everywhere.
 */
export const AGS_WITH_OWN_CALENDAR: readonly string[] = [AGS_AUGSBURG, ...FRONLEICHNAM_AGS];

/** The feiertagejs region of a municipality: Augsburg has a calendar of its own. */
function holidayRegion(bundesland: Bundesland, ags: string | null | undefined): Region | 'AUGSBURG' {
  return bundesland === 'Bayern' && ags === AGS_AUGSBURG ? 'AUGSBURG' : regionCode(bundesland);
}

/**
 * Corrections to feiertagejs, all documented law:
 * - Reformationstag became a permanent holiday in HB, HH, NI and SH only in 2018
 *   (2017 was a nationwide one-off, which feiertagejs already models).
 * - Berlin one-off holidays on 8 May 2020 and 8 May 2025 (Tag der Befreiung).
 * - Fronleichnam in the Saxon and Thuringian municipalities of `fronleichnam.ts`.
 */
const REFORMATION_FROM_2018: ReadonlySet<Region> = new Set(['HB', 'HH', 'NI', 'SH']);
const EXTRA_HOLIDAYS: Partial<Record<Region, readonly string[]>> = { BE: ['2020-05-08', '2025-05-08'] };

const cache = new Map<string, ReadonlySet<string>>();

/** ISO dates of the public holidays of a state in a year. */
export function publicHolidays(
  year: number,
  bundesland: Bundesland,
  opts: HolidayOptions = {},
): ReadonlySet<string> {
  const region = holidayRegion(bundesland, opts.ags);
  const fronleichnam =
    (region === 'SN' || region === 'TH') && fronleichnamInGemeinde(opts.ags, !!opts.fronleichnamOrtsteile);
  const key = `${year}|${region}|${opts.bayernMariaeHimmelfahrt ? 1 : 0}|${fronleichnam ? 1 : 0}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const days = new Set<string>();
  for (const h of getHolidays(year, region)) {
    if (h.name === 'MARIAHIMMELFAHRT' && region === 'BY' && !opts.bayernMariaeHimmelfahrt) continue;
    if (
      h.name === 'REFORMATIONSTAG' &&
      region !== 'AUGSBURG' &&
      REFORMATION_FROM_2018.has(region) &&
      year < 2018 &&
      year !== 2017
    )
      continue;
    // feiertagejs dates are noon UTC, so the UTC calendar day is the German day.
    days.add(
      formatIsoDate({
        year: h.date.getUTCFullYear(),
        month: h.date.getUTCMonth() + 1,
        day: h.date.getUTCDate(),
      }),
    );
  }
  for (const extra of region === 'AUGSBURG' ? [] : (EXTRA_HOLIDAYS[region] ?? []))
    if (extra.startsWith(String(year))) days.add(extra);
  if (fronleichnam) days.add(fronleichnamDate(year));
  cache.set(key, days);
  return days;
}

/** Fronleichnam of a year: Easter Sunday + 60 days (a Thursday, 21 May … 24 June). */
export function fronleichnamDate(year: number): string {
  const h = getHolidays(year, 'BW').find((x) => x.name === 'FRONLEICHNAM')!;
  return formatIsoDate({
    year: h.date.getUTCFullYear(),
    month: h.date.getUTCMonth() + 1,
    day: h.date.getUTCDate(),
  });
}

export function isPublicHoliday(d: CalendarDate, bundesland: Bundesland, opts: HolidayOptions = {}): boolean {
  return publicHolidays(d.year, bundesland, opts).has(formatIsoDate(d));
}

/** Working day in the sense of §108 Abs.3 AO: not Saturday, Sunday or a public holiday of the state. */
export function isWorkingDay(d: CalendarDate, bundesland: Bundesland, opts: HolidayOptions = {}): boolean {
  return !isWeekend(d) && !isPublicHoliday(d, bundesland, opts);
}

/**
 * The date itself if it is a working day, otherwise the next working day (§108 Abs.3 AO).
 * The one rule behind every due date and deadline of the application: prepayments
 * (15 Feb/May/Aug/Nov), the Bekanntgabe, the Abschlusszahlung one month after it, the
 * end of the Säumnis-Schonfrist and the cash plan's payment day. The server passes the
 * municipality's state and AGS and the stored calendar setting (`dueDateCalendar`).
 */
export function nextWorkingDay(
  d: CalendarDate,
  bundesland: Bundesland,
  opts: HolidayOptions = {},
): CalendarDate {
  let current = d;
  while (!isWorkingDay(current, bundesland, opts)) current = addDays(current, 1);
  return current;
}
