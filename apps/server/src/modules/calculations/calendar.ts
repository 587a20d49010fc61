import {
  type Bundesland,
  bundeslandFromAgs,
  type HolidayOptions,
  holidayOptionsOf,
  isBundesland,
} from '@gewst/domain';
import type { DbOrTx } from '../../db/client';
import { settings } from '../settings';

/**
 * The working-day calendar of one municipality, as every due-date computation of the
 * server passes it to the domain (`nextWorkingDay` and the rules built on it): the state
 * from the AGS, the regional choices of the setting `calendar.holidays` and the AGS
 * itself for holidays of single municipalities (Augsburg).
 */
export interface DueDateCalendar {
  bundesland: Bundesland;
  holidays: HolidayOptions;
}

/**
 * The stored calendar setting. Read through the settings module's cache on every call, so
 * a change made in Admin → Einstellungen (on any instance) applies to the next calculation.
 */
export async function holidaySetting(db: DbOrTx): Promise<HolidayOptions> {
  return holidayOptionsOf(await settings.get(db, 'calendar.holidays'));
}

/**
 * The calendar of the municipality `ags` under the given setting. The state comes from
 * the AGS (digits 1–2); `stored` (the reference table's state) only when the key is not a
 * German AGS.
 */
export function calendarOf(ags: string, setting: HolidayOptions, stored?: string | null): DueDateCalendar {
  const bundesland =
    bundeslandFromAgs(ags) ?? (stored && isBundesland(stored) ? stored : 'Nordrhein-Westfalen');
  return { bundesland, holidays: { ...setting, ags } };
}

/** `calendarOf` with the setting in force now. */
export async function dueDateCalendar(
  db: DbOrTx,
  ags: string,
  stored?: string | null,
): Promise<DueDateCalendar> {
  return calendarOf(ags, await holidaySetting(db), stored);
}
