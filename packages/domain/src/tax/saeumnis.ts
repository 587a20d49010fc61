import { type Bundesland, type HolidayOptions, nextWorkingDay } from './bundesland';
import {
  addDays,
  compareDates,
  countFullMonths,
  diffDays,
  formatIsoDate,
  isValidIsoDate,
  parseIsoDate,
} from './dates';
import { ValidationCollector } from './errors';
import { collectDecimal, formatMoney } from './money';

export interface SaeumniszuschlagInput {
  /** Arrears, money string. */
  rueckstand: string;
  /**
   * Due date. With a state it is moved past weekends and holidays first (§108 Abs.3 AO,
   * `nextWorkingDay`; a date already moved stays as it is); without one it is taken as given.
   */
  faellig_am: string;
  /** Day the payment was received. */
  gezahlt_am: string;
  /**
   * When given, a Schonfrist ending on a weekend or holiday of this state ends on the
   * next working day (§108 Abs.3 AO); without it the three days are plain calendar days.
   */
  bundesland?: Bundesland;
  holidays?: HolidayOptions;
}

export interface SaeumniszuschlagResult {
  /** The due date the surcharge runs from (moved to a working day when a state is given). */
  faellig_am: string;
  /** Arrears rounded down to a multiple of 50 €. */
  basis: string;
  /** Days between the due date and the payment. */
  verspaetung_tage: number;
  /** Started months of delay charged. */
  monate: number;
  zuschlag: string;
  /** True when the delay stayed within the three-day Schonfrist. */
  schonfrist: boolean;
}

/**
 * Säumniszuschlag §240 AO: 1 % of the arrears rounded down to 50 € for every started
 * month of delay. The delay starts the day after the due date; month m of the delay
 * ends per `periodMonthEnd` (due 15 Feb → first month 16 Feb–15 Mar, payment on 16 Mar
 * starts the second). No surcharge for a delay of up to three days (Abs.3); the
 * Schonfrist does not move the due date (a payment on its 4th day pays from the due date).
 */
export function computeSaeumniszuschlag(input: SaeumniszuschlagInput): SaeumniszuschlagResult {
  const v = new ValidationCollector();
  const rueckstand = collectDecimal(input.rueckstand, 'rueckstand', v, { money: true });
  if (!isValidIsoDate(input.faellig_am))
    v.add('faellig_am', 'Bitte ein gültiges Datum angeben, z. B. 31.12.2025.');
  if (!isValidIsoDate(input.gezahlt_am))
    v.add('gezahlt_am', 'Bitte ein gültiges Datum angeben, z. B. 31.12.2025.');
  v.throwIfAny();

  const legal = parseIsoDate(input.faellig_am);
  const faellig = input.bundesland ? nextWorkingDay(legal, input.bundesland, input.holidays) : legal;
  const gezahlt = parseIsoDate(input.gezahlt_am);
  const basis = rueckstand!.div(50).floor().mul(50);
  const verspaetung = Math.max(0, diffDays(faellig, gezahlt));
  const result: SaeumniszuschlagResult = {
    faellig_am: formatIsoDate(faellig),
    basis: formatMoney(basis),
    verspaetung_tage: verspaetung,
    monate: 0,
    zuschlag: '0.00',
    schonfrist: false,
  };
  if (verspaetung === 0) return result;

  let schonfristLetzterTag = addDays(faellig, 3);
  if (input.bundesland)
    schonfristLetzterTag = nextWorkingDay(schonfristLetzterTag, input.bundesland, input.holidays);
  if (compareDates(gezahlt, schonfristLetzterTag) <= 0) {
    result.schonfrist = true;
    return result;
  }
  const saeumnisBeginn = addDays(faellig, 1);
  // Started months = full months before the payment day + the one the payment falls in.
  const monate = countFullMonths(saeumnisBeginn, addDays(gezahlt, -1)) + 1;
  result.monate = monate;
  result.zuschlag = formatMoney(basis.mul(monate).div(100));
  return result;
}

/** ISO helper kept next to the rule for callers that show the Schonfrist. */
export function schonfristEnde(
  faellig_am: string,
  bundesland?: Bundesland,
  holidays?: HolidayOptions,
): string {
  const legal = parseIsoDate(faellig_am, 'faellig_am');
  if (!bundesland) return formatIsoDate(addDays(legal, 3));
  const faellig = nextWorkingDay(legal, bundesland, holidays);
  return formatIsoDate(nextWorkingDay(addDays(faellig, 3), bundesland, holidays));
}
