import { type Bundesland, type HolidayOptions, nextWorkingDay } from '../tax/bundesland';
import { formatIsoDate, parseIsoDate, shiftMonth } from '../tax/dates';
import { applyHebesatz, Dec, formatMoney } from '../tax/money';

/**
 * Rules of the reports (issue 15). Pure: the server aggregates, these decide what a figure
 * means. Money in and out as decimal strings, never binary floating point.
 */

/** Sum of money strings (nulls skipped), two places. */
export function sumMoney(values: readonly (string | null | undefined)[]): string {
  let s = new Dec(0);
  for (const v of values) if (v !== null && v !== undefined && v !== '') s = s.add(v);
  return formatMoney(s);
}

export const subMoney = (a: string, b: string) => formatMoney(new Dec(a).sub(b));
export const isZeroMoney = (v: string | null | undefined) => v == null || new Dec(v).isZero();

export interface ChangeSide {
  /** The year's trade tax of the municipality (assessed, else prepayments set). */
  betrag: string;
  /** The municipality's Messbetrag (share), when a notice printed one. */
  messbetrag: string | null;
  hebesatz: number | null;
}

export interface ChangeExplained {
  differenz: string;
  /** Messbetrag of the previous year × Hebesatz change: what the new rate alone costs. */
  hebesatz_effekt: string | null;
  /** Messbetrag change × the new Hebesatz: what the changed share alone costs. */
  anteil_effekt: string | null;
  /** What neither explains (rounding, amended figures, years without Messbetrag). */
  sonstiges: string;
}

/**
 * Explains the change of a municipality's trade tax against the previous year: with
 * tax = Messbetrag × Hebesatz / 100, Δ = MB₀ × (H₁ − H₀)/100 + (MB₁ − MB₀) × H₁/100
 * exactly. Whatever the two effects leave (a tax not equal to MB × H, a side without
 * Messbetrag or Hebesatz) is `sonstiges`, so the three parts always add up to Δ.
 */
export function explainChange(previous: ChangeSide, current: ChangeSide): ChangeExplained {
  const differenz = new Dec(current.betrag).sub(previous.betrag);
  const complete =
    previous.messbetrag !== null &&
    current.messbetrag !== null &&
    previous.hebesatz !== null &&
    current.hebesatz !== null;
  if (!complete)
    return {
      differenz: formatMoney(differenz),
      hebesatz_effekt: null,
      anteil_effekt: null,
      sonstiges: formatMoney(differenz),
    };
  const rate = applyHebesatz(new Dec(previous.messbetrag!), new Dec(current.hebesatz! - previous.hebesatz!));
  const share = applyHebesatz(
    new Dec(current.messbetrag!).sub(previous.messbetrag!),
    new Dec(current.hebesatz!),
  );
  return {
    differenz: formatMoney(differenz),
    hebesatz_effekt: formatMoney(rate),
    anteil_effekt: formatMoney(share),
    sonstiges: formatMoney(differenz.sub(rate).sub(share)),
  };
}

/** The day money actually leaves: the due date, moved past weekends and holidays of the state (§108 Abs.3 AO). */
export function zahltag(faelligAm: string, bundesland: Bundesland, holidays: HolidayOptions = {}): string {
  return formatIsoDate(nextWorkingDay(parseIsoDate(faelligAm), bundesland, holidays));
}

/** `count` months from "YYYY-MM" on. */
export function monthsFrom(start: string, count: number): string[] {
  const year = Number(start.slice(0, 4));
  const month = Number(start.slice(5, 7));
  return Array.from({ length: count }, (_, i) => {
    const m = shiftMonth(year, month, i);
    return `${m.year}-${String(m.month).padStart(2, '0')}`;
  });
}

/** "2026-05" → "2026-Q2". */
export const quarterOfMonth = (month: string) =>
  `${month.slice(0, 4)}-Q${Math.floor((Number(month.slice(5, 7)) - 1) / 3) + 1}`;

/** First day after the last of `count` months from `start` ("YYYY-MM-DD"). */
export function monthsEnd(start: string, count: number): string {
  const m = monthsFrom(start, count + 1).at(-1)!;
  return `${m}-01`;
}

/** Interest and surcharge kinds of the interest report. */
export const REPORT_INTEREST_KINDS = ['nachzahlungszinsen', 'erstattungszinsen', 'saeumniszuschlag'] as const;
export type ReportInterestKind = (typeof REPORT_INTEREST_KINDS)[number];

/**
 * How the income statement treats them (§4 Abs.5b EStG: trade tax and its ancillary
 * payments are not deductible business expenses; refund interest under §233a AO is
 * taxable income).
 */
export const INTEREST_TREATMENT: Record<ReportInterestKind, 'nicht_abziehbar' | 'steuerpflichtig'> = {
  nachzahlungszinsen: 'nicht_abziehbar',
  erstattungszinsen: 'steuerpflichtig',
  saeumniszuschlag: 'nicht_abziehbar',
};

/** Cash plan groups by line kind. */
export const CASH_GROUPS = [
  'vorauszahlungen',
  'abschlusszahlungen',
  'erstattungen',
  'zinsen',
  'zuschlaege',
] as const;
export type CashGroup = (typeof CASH_GROUPS)[number];
export function cashGroupOf(kind: string): CashGroup {
  switch (kind) {
    case 'vorauszahlung':
    case 'korrektur':
      return 'vorauszahlungen';
    case 'abschlusszahlung':
      return 'abschlusszahlungen';
    case 'erstattung':
      return 'erstattungen';
    case 'saeumniszuschlag':
      return 'zuschlaege';
    default:
      return 'zinsen';
  }
}

/**
 * Provision (Rückstellung) of one municipality: the expected tax less the prepayments set
 * for the year. Negative means the prepayments exceed the tax (a refund to expect).
 */
export function provisionOf(erwartet: string, vorauszahlungen: string): string {
  return formatMoney(new Dec(erwartet).sub(vorauszahlungen));
}
