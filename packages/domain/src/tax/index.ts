export {
  AGS_AUGSBURG,
  AGS_WITH_OWN_CALENDAR,
  BUNDESLAENDER,
  type Bundesland,
  bundeslandFromAgs,
  fronleichnamDate,
  type HolidayOptions,
  isBundesland,
  isPublicHoliday,
  isWorkingDay,
  nextWorkingDay,
  publicHolidays,
} from './bundesland';
export {
  FRONLEICHNAM_AGS,
  FRONLEICHNAM_SACHSEN,
  FRONLEICHNAM_THUERINGEN,
  type FronleichnamGemeinde,
  fronleichnamInGemeinde,
} from './fronleichnam';
export {
  addDays,
  addDaysIso,
  addMonths,
  addMonthsIso,
  type CalendarDate,
  countFullMonths,
  formatIsoDate,
  isValidIsoDate,
  parseIsoDate,
  periodMonthEnd,
  weekday,
} from './dates';
export { DomainValidationError } from './errors';
export * from './interest';
export * from './messbetrag';
export { MONEY_PATTERN } from './money';
export * from './prepayments';
export * from './saeumnis';
export * from './zerlegung';
export {
  type ArbeitnehmerLohnZeile,
  anrechenbareLoehneJeGemeinde,
  anrechenbarerLohnCent,
  LOHN_HOECHSTBETRAG_CENT,
  UNTERNEHMERLOHN_CENT,
  ZERLEGUNG_RUNDUNG,
  ZERLEGUNG_RUNDUNG_LABELS,
  ZERLEGUNG_SCHLUESSEL,
  type ZerlegungArbeitnehmer,
  type ZerlegungInput,
  type ZerlegungRundung,
  type ZerlegungSchluessel,
  type ZerlegungZeileInput,
} from './zerlegung-input';
