import {
  addDays,
  type CalendarDate,
  compareDates,
  countFullMonths,
  daysInMonth,
  formatIsoDate,
  isValidIsoDate,
  parseIsoDate,
  periodMonthEnd,
} from './dates';
import { ValidationCollector } from './errors';
import { Fraction } from './fraction';
import { centsToMoney, collectDecimal, formatMoney } from './money';

/** Percent per full month, valid from a date on (§238 Abs.1, 1a AO). */
export interface InterestRate {
  valid_from: string;
  rate: string;
}

/** Seed: 0.5 % per month up to 31 Dec 2018, 0.15 % from 1 Jan 2019 (§238 Abs.1a AO). */
export const SEEDED_INTEREST_RATES: readonly InterestRate[] = [
  { valid_from: '1900-01-01', rate: '0.5' },
  { valid_from: '2019-01-01', rate: '0.15' },
];

export interface DefaultInterestPeriod {
  year: number;
  starts_at: string;
}

/** Art. 97 §36 EGAO: COVID-era extensions of the interest-free period. */
const INTEREST_START_EXCEPTIONS: Readonly<Record<number, string>> = {
  2019: '2021-10-01',
  2020: '2022-10-01',
  2021: '2023-10-01',
  2022: '2024-09-01',
  2023: '2025-07-01',
  2024: '2026-06-01',
};

/**
 * First interest day of §233a AO for a tax year: 15 months after its end (1 April of
 * EZ+2), except the years of Art. 97 §36 EGAO. A configured list (the admin's default
 * interest periods) wins when it has the year.
 */
export function defaultInterestStart(year: number, periods: readonly DefaultInterestPeriod[] = []): string {
  const configured = periods.find((p) => p.year === year);
  if (configured) return configured.starts_at;
  return INTEREST_START_EXCEPTIONS[year] ?? `${year + 2}-04-01`;
}

/** Seed for the default interest periods: EZ 2010–2030. */
export const SEEDED_DEFAULT_INTEREST_PERIODS: readonly DefaultInterestPeriod[] = Array.from(
  { length: 21 },
  (_, i) => ({ year: 2010 + i, starts_at: defaultInterestStart(2010 + i) }),
);

export type InterestKind = 'nachzahlung' | 'erstattung';

export interface InterestInput {
  /** Tax difference, money string; negative amounts are refunds unless `kind` says otherwise. */
  amount: string;
  /** First interest day, inclusive. */
  startDate: string;
  /** Last interest day (Bekanntgabe), inclusive. */
  endDate: string;
  rates?: readonly InterestRate[];
  kind?: InterestKind;
}

export interface InterestPeriod {
  from: string;
  to: string;
  /** Percent per month. */
  rate: string;
  /** Interest days under the 30-day-month convention (30 per full month). */
  days: number;
  /** Exact interest of this part, half-up to the cent (display only; the total is rounded once). */
  interest: string;
}

export interface InterestResult {
  base: string;
  months: number;
  interest: string;
  kind: InterestKind;
  periods: InterestPeriod[];
  note?: string;
}

/** §239 Abs.2 AO: interest below 10 € is not set. */
export const MINIMUM_INTEREST_EUR = 10n;

/**
 * Interest days of one calendar day under §238 Abs.1b AO ("jeder Kalendermonat mit 30
 * Zinstagen"): days 1–30 count one each, the 31st counts nothing, and the last day of
 * February carries the missing days (28 Feb: 3, 29 Feb: 2), so every calendar month
 * has exactly 30.
 */
function interestDayWeight(d: CalendarDate): number {
  if (d.day === 31) return 0;
  if (d.month === 2 && d.day === daysInMonth(d.year, 2)) return 31 - d.day;
  return 1;
}

function weightedDays(from: CalendarDate, to: CalendarDate): number {
  let days = 0;
  for (let d = from; compareDates(d, to) <= 0; d = addDays(d, 1)) days += interestDayWeight(d);
  return days;
}

function validateRates(rates: readonly InterestRate[], v: ValidationCollector) {
  const parsed: { from: CalendarDate; iso: string; rate: Fraction; text: string }[] = [];
  if (rates.length === 0) v.add('rates', 'Es ist kein Zinssatz hinterlegt.');
  rates.forEach((r, i) => {
    const ok = typeof r.valid_from === 'string' && isValidIsoDate(r.valid_from);
    if (!ok) v.add(`rates.${i}.valid_from`, 'Bitte ein gültiges Datum angeben, z. B. 31.12.2025.');
    const rate = collectDecimal(r.rate, `rates.${i}.rate`, v);
    if (ok && rate) {
      parsed.push({
        from: parseIsoDate(r.valid_from),
        iso: r.valid_from,
        rate: Fraction.fromDecimalString(rate.toFixed()),
        text: rate.toFixed(),
      });
    }
  });
  parsed.sort((a, b) => compareDates(a.from, b.from));
  for (let i = 1; i < parsed.length; i++) {
    if (parsed[i]!.iso === parsed[i - 1]!.iso) v.add('rates', `Zwei Zinssätze gelten ab ${parsed[i]!.iso}.`);
  }
  return parsed;
}

/**
 * Interest on tax back payments and refunds, §§233a, 238, 239 AO.
 *
 * - Only full months count (see `periodMonthEnd`); interest runs from the start to the
 *   end of the last full month, not to `endDate`.
 * - Base: |amount| rounded down to a multiple of 50 € (§238 Abs.2).
 * - Rate per month from `rates`, piecewise by `valid_from`. Day-count convention
 *   (§238 Abs.1b): every full interest month has 30 interest days. A month lying
 *   entirely in one rate period contributes its 30 days to that period. A month in
 *   which a rate changes is split: the parts after the change count their calendar
 *   days with 30-day calendar months (`interestDayWeight`), the part before the change
 *   gets the rest of the 30. So the days always total 30 × months, and parts that
 *   begin or end on month boundaries come out exactly as in the AEAO example
 *   (1.4.–31.12.2018 = 270, 1.1.2019–31.7.2022 = 1,290).
 * - Part interest = base × rate % × days / 30, exact (bigint fractions); the total is
 *   rounded once to full euros in the taxpayer's favour — down for back payments, up
 *   for refunds (policy; §239 Abs.2 "zum Vorteil des Steuerpflichtigen") — and set to
 *   0 when below 10 €.
 */
export function computeInterest(input: InterestInput): InterestResult {
  const v = new ValidationCollector();
  const amount = collectDecimal(input.amount, 'amount', v, { money: true, allowNegative: true });
  const startOk = typeof input.startDate === 'string' && isValidIsoDate(input.startDate);
  const endOk = typeof input.endDate === 'string' && isValidIsoDate(input.endDate);
  if (!startOk) v.add('startDate', 'Bitte ein gültiges Datum angeben, z. B. 31.12.2025.');
  if (!endOk) v.add('endDate', 'Bitte ein gültiges Datum angeben, z. B. 31.12.2025.');
  if (input.kind !== undefined && input.kind !== 'nachzahlung' && input.kind !== 'erstattung') {
    v.add('kind', 'Art muss "nachzahlung" oder "erstattung" sein.');
  }
  const rates = validateRates(input.rates ?? SEEDED_INTEREST_RATES, v);
  v.throwIfAny();

  const start = parseIsoDate(input.startDate);
  const end = parseIsoDate(input.endDate);
  if (compareDates(end, start) < 0) v.add('endDate', 'Das Ende des Zinslaufs liegt vor seinem Beginn.');
  const first = rates[0];
  if (first && compareDates(start, first.from) < 0) {
    v.add('rates', `Für den Beginn des Zinslaufs (${input.startDate}) ist kein Zinssatz hinterlegt.`);
  }
  v.throwIfAny();

  const kind: InterestKind = input.kind ?? (amount!.isNegative() ? 'erstattung' : 'nachzahlung');
  const base = amount!.abs().div(50).floor().mul(50);
  const months = countFullMonths(start, end);
  const result: InterestResult = { base: formatMoney(base), months, interest: '0.00', kind, periods: [] };
  if (months === 0) {
    result.note = 'Der Zinslauf umfasst keinen vollen Monat; es fallen keine Zinsen an.';
    return result;
  }

  const rateIndexAt = (d: CalendarDate) => {
    let idx = 0;
    for (let i = 0; i < rates.length; i++) if (compareDates(rates[i]!.from, d) <= 0) idx = i;
    return idx;
  };
  const daysPerRate = new Map<number, number>();
  const addDaysTo = (idx: number, days: number) => daysPerRate.set(idx, (daysPerRate.get(idx) ?? 0) + days);

  let monthStart = start;
  for (let k = 1; k <= months; k++) {
    const monthEnd = periodMonthEnd(start, k);
    const changes = rates
      .map((r, i) => ({ from: r.from, i }))
      .filter((r) => compareDates(r.from, monthStart) > 0 && compareDates(r.from, monthEnd) <= 0);
    if (changes.length === 0) {
      addDaysTo(rateIndexAt(monthStart), 30);
    } else {
      let later = 0;
      changes.forEach((c, j) => {
        const segEnd = j + 1 < changes.length ? addDays(changes[j + 1]!.from, -1) : monthEnd;
        const days = Math.min(30 - later, weightedDays(c.from, segEnd));
        later += days;
        addDaysTo(c.i, days);
      });
      addDaysTo(rateIndexAt(monthStart), 30 - later);
    }
    monthStart = addDays(monthEnd, 1);
  }

  const lastDay = periodMonthEnd(start, months);
  const baseF = Fraction.fromDecimalString(base.toFixed(2));
  let total = Fraction.ZERO;
  for (const [idx, days] of [...daysPerRate.entries()].sort((a, b) => a[0] - b[0])) {
    const rate = rates[idx]!;
    const next = rates[idx + 1];
    const from = compareDates(rate.from, start) > 0 ? rate.from : start;
    const to = next && compareDates(addDays(next.from, -1), lastDay) < 0 ? addDays(next.from, -1) : lastDay;
    const part = baseF.mul(rate.rate).mul(new Fraction(BigInt(days), 3000n));
    total = total.add(part);
    if (days === 0) continue;
    result.periods.push({
      from: formatIsoDate(from),
      to: formatIsoDate(to),
      rate: rate.text,
      days,
      interest: part.toFixed(2),
    });
  }

  // Full euros in the taxpayer's favour.
  const floor = total.floor();
  const euros = kind === 'nachzahlung' || total.cmp(new Fraction(floor)) === 0 ? floor : floor + 1n;
  if (euros < MINIMUM_INTEREST_EUR) {
    result.note = `Zinsen von weniger als 10 Euro werden nicht festgesetzt (§ 239 Abs. 2 AO); berechnet: ${total.toFixed(2)} Euro.`;
    return result;
  }
  result.interest = centsToMoney(euros * 100n);
  return result;
}
