import { type Bundesland, type HolidayOptions, isBundesland, nextWorkingDay } from './bundesland';
import {
  addDays,
  addMonths,
  type CalendarDate,
  compareDates,
  formatIsoDate,
  isValidIsoDate,
  parseIsoDate,
} from './dates';
import { ValidationCollector } from './errors';
import { collectDecimal, Dec, formatMoney } from './money';

export const QUARTALE = [1, 2, 3, 4] as const;
export type Quartal = (typeof QUARTALE)[number];

/** §19 Abs.1 GewStG: 15 Feb, 15 May, 15 Aug, 15 Nov. */
const DUE_MONTH: Record<Quartal, number> = { 1: 2, 2: 5, 3: 8, 4: 11 };

/** §19 Abs.5 GewStG: an instalment is set only if it is at least 50 €. */
export const MINDEST_VORAUSZAHLUNG = 50;

export interface Vorauszahlung {
  quartal: Quartal;
  betrag: string;
  /** Due date after moving past weekends and public holidays of the state. */
  faellig_am: string;
}

export interface VorauszahlungenInput {
  year: number;
  /** Tax of the last assessment, money string. */
  letzte_steuer: string;
  bundesland: Bundesland;
  holidays?: HolidayOptions;
}

function checkBundesland(value: string, v: ValidationCollector, field = 'bundesland') {
  if (!isBundesland(value)) v.add(field, 'Unbekanntes Bundesland.');
}

function checkYear(year: number, v: ValidationCollector, field = 'year') {
  if (!Number.isInteger(year) || year < 1900 || year > 2200)
    v.add(field, 'Bitte ein Jahr zwischen 1900 und 2200 angeben.');
}

/** Nominal due date of a quarter, moved to the next working day (§108 Abs.3 AO). */
export function vorauszahlungFaelligkeit(
  year: number,
  quartal: Quartal,
  bundesland: Bundesland,
  holidays?: HolidayOptions,
): string {
  return formatIsoDate(nextWorkingDay({ year, month: DUE_MONTH[quartal], day: 15 }, bundesland, holidays));
}

/**
 * Quarterly prepayments §19 GewStG: each 1/4 of the last assessed tax, rounded down to
 * full euro; none at all when that is below 50 € (an empty list).
 */
export function computeVorauszahlungen(input: VorauszahlungenInput): { quartale: Vorauszahlung[] } {
  const v = new ValidationCollector();
  checkYear(input.year, v);
  const steuer = collectDecimal(input.letzte_steuer, 'letzte_steuer', v, { money: true });
  checkBundesland(input.bundesland, v);
  v.throwIfAny();

  const rate = steuer!.div(4).floor();
  if (rate.lt(MINDEST_VORAUSZAHLUNG)) return { quartale: [] };
  return {
    quartale: QUARTALE.map((quartal) => ({
      quartal,
      betrag: formatMoney(rate),
      faellig_am: vorauszahlungFaelligkeit(input.year, quartal, input.bundesland, input.holidays),
    })),
  };
}

/** Notices posted from this day on are deemed received on the 4th day (§122 Abs.2 Nr.1 AO n.F.). */
export const VIER_TAGE_FIKTION_AB = '2025-01-01';

function bekanntgabeDate(
  posted: CalendarDate,
  bundesland: Bundesland,
  holidays?: HolidayOptions,
): CalendarDate {
  const days = compareDates(posted, parseIsoDate(VIER_TAGE_FIKTION_AB)) >= 0 ? 4 : 3;
  return nextWorkingDay(addDays(posted, days), bundesland, holidays);
}

/**
 * Bekanntgabe of a posted notice (§122 Abs.2 Nr.1 AO): 4th day after posting for
 * notices posted from 1 Jan 2025, 3rd day before; a weekend or holiday of the state
 * moves it to the next working day (§108 Abs.3 AO).
 */
export function computeBekanntgabe(
  aufgabe_zur_post: string,
  bundesland: Bundesland,
  holidays?: HolidayOptions,
): string {
  const v = new ValidationCollector();
  if (!isValidIsoDate(aufgabe_zur_post)) {
    v.add('aufgabe_zur_post', 'Bitte ein gültiges Datum angeben, z. B. 31.12.2025.');
  }
  checkBundesland(bundesland, v);
  v.throwIfAny();
  return formatIsoDate(bekanntgabeDate(parseIsoDate(aufgabe_zur_post), bundesland, holidays));
}

/**
 * A one-month deadline from `d` (§188 Abs.2, 3 BGB: same day number next month, or
 * its last day), moved to the next working day.
 */
export function monatsfrist(
  d: CalendarDate,
  bundesland: Bundesland,
  holidays?: HolidayOptions,
): CalendarDate {
  return nextWorkingDay(addMonths(d, 1), bundesland, holidays);
}

export interface GeleisteteVorauszahlung {
  quartal: number;
  betrag: string;
  faellig_am: string;
  bezahlt: boolean;
}

export interface AbschlusszahlungInput {
  steuer: string;
  vorauszahlungen: readonly GeleisteteVorauszahlung[];
  aufgabe_zur_post: string;
  bundesland: Bundesland;
  holidays?: HolidayOptions;
}

export interface Zahlbetrag {
  betrag: string;
  /** null when nothing is to pay. */
  faellig_am: string | null;
}

export interface AbschlusszahlungResult {
  bekanntgabe: string;
  /** Sum of all assessed prepayments ("bisheriger Sollbetrag"). */
  soll_vorauszahlungen: string;
  /** Tax − all assessed prepayments, as municipal notices print it ("Zu-/Abgang"). */
  abrechnung: string;
  /** Prepayments credited against the tax (§20 Abs.1: those paid). */
  angerechnet: string;
  /** Prepayments assessed but not paid that were due by the Bekanntgabe. */
  faellig_nicht_bezahlt: string;
  /** Tax − credited prepayments; negative = refund. */
  unterschied: string;
  sofort: Zahlbetrag;
  rest: Zahlbetrag;
  erstattung: string;
  rechtsbehelfsfrist_bis: string;
}

/**
 * Abschlusszahlung §20 GewStG.
 *
 * Credited are the prepayments actually paid (§20 Abs.1 "entrichteten"). Of the
 * difference tax − credited, the part equal to prepayments that were due (by the
 * Bekanntgabe) but not paid is due at once — on the Bekanntgabe day — the rest one
 * month after Bekanntgabe (moved to the next working day). This yields the same
 * payments as the municipal view — `abrechnung` = tax − all assessed prepayments due
 * one month later, unpaid arrears at once, a negative `abrechnung` offset against
 * them — but follows the wording of §20 Abs.2.
 * A negative difference is refunded (`erstattung`, positive). The appeal deadline is
 * one month after Bekanntgabe, moved to the next working day.
 */
export function computeAbschlusszahlung(input: AbschlusszahlungInput): AbschlusszahlungResult {
  const v = new ValidationCollector();
  const steuer = collectDecimal(input.steuer, 'steuer', v, { money: true });
  if (!isValidIsoDate(input.aufgabe_zur_post)) {
    v.add('aufgabe_zur_post', 'Bitte ein gültiges Datum angeben, z. B. 31.12.2025.');
  }
  checkBundesland(input.bundesland, v);
  const vz = input.vorauszahlungen.map((p, i) => {
    const betrag = collectDecimal(p.betrag, `vorauszahlungen.${i}.betrag`, v, { money: true });
    const dateOk = isValidIsoDate(p.faellig_am);
    if (!dateOk)
      v.add(`vorauszahlungen.${i}.faellig_am`, 'Bitte ein gültiges Datum angeben, z. B. 31.12.2025.');
    if (typeof p.bezahlt !== 'boolean')
      v.add(`vorauszahlungen.${i}.bezahlt`, 'Bitte angeben, ob bezahlt wurde.');
    return { betrag, faellig: dateOk ? parseIsoDate(p.faellig_am) : null, bezahlt: p.bezahlt };
  });
  v.throwIfAny();

  const bekanntgabe = bekanntgabeDate(parseIsoDate(input.aufgabe_zur_post), input.bundesland, input.holidays);
  const soll = Dec.sum(0, ...vz.map((p) => p.betrag!));
  const angerechnet = Dec.sum(0, ...vz.filter((p) => p.bezahlt).map((p) => p.betrag!));
  const rueckstaendig = Dec.sum(
    0,
    ...vz.filter((p) => !p.bezahlt && compareDates(p.faellig!, bekanntgabe) <= 0).map((p) => p.betrag!),
  );
  const unterschied = steuer!.sub(angerechnet);
  const sofort = Dec.max(0, Dec.min(unterschied, rueckstaendig));
  const rest = Dec.max(0, unterschied.sub(sofort));
  const monatNachBekanntgabe = formatIsoDate(monatsfrist(bekanntgabe, input.bundesland, input.holidays));
  return {
    bekanntgabe: formatIsoDate(bekanntgabe),
    soll_vorauszahlungen: formatMoney(soll),
    abrechnung: formatMoney(steuer!.sub(soll)),
    angerechnet: formatMoney(angerechnet),
    faellig_nicht_bezahlt: formatMoney(rueckstaendig),
    unterschied: formatMoney(unterschied),
    sofort: { betrag: formatMoney(sofort), faellig_am: sofort.isZero() ? null : formatIsoDate(bekanntgabe) },
    rest: { betrag: formatMoney(rest), faellig_am: rest.isZero() ? null : monatNachBekanntgabe },
    erstattung: formatMoney(unterschied.isNegative() ? unterschied.neg() : new Dec(0)),
    rechtsbehelfsfrist_bis: monatNachBekanntgabe,
  };
}
