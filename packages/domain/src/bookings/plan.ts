import { PAYMENT_LINE_KIND_LABELS, type PaymentLineKind } from '../payments/rules';
import { Dec, formatMoney } from '../tax/money';
import { type AccountMapping, type AccountPurpose, fiscalYearOf } from './accounts';
import {
  type CostCentreSettings,
  costCentrePurposeOf,
  DEFAULT_COST_CENTRES,
  resolveCostCentres,
} from './cost-centres';
import { belegfeld, bookingText } from './texts';

/**
 * Which bookings payment lines produce (DOMAIN.md §5), pure. The server passes the lines
 * to book (in order), the company's account mapping, the booking date and what is left of
 * each year's provision; it gets the bookings back with the provisions left afterwards.
 *
 * Rules (amounts are signed: positive = we pay; every booking is a positive amount with
 * Soll/Haben relative to `konto`, the tax-side account; `gegenkonto` is the money side):
 * - Interest (§233a) and surcharges use their own accounts: Nachzahlungszinsen on the
 *   interest expense account, Erstattungszinsen on the refund-interest account,
 *   Säumniszuschläge on the surcharge account.
 * - Principal lines (prepayments, corrections, Abschlusszahlung, Erstattung) of the current
 *   fiscal year (or a later one) go to the expense account.
 * - Of an earlier year without a provision: the prior-year account.
 * - Of an earlier year with a provision: a payment is booked against the provision up to
 *   what is left of it ("provision an bank"), the excess on the prior-year account; a
 *   refund on the prior-year account. Once an assessment (Abschlusszahlung/Erstattung) of
 *   that year is booked, the rest of the provision is released ("provision an release").
 * - The money side is the bank/clearing account; a refund from an assessment (Erstattung)
 *   is a receivable until it arrives.
 * - KOST1/KOST2: the establishment's cost centre, else the company's most specific
 *   cost-centre rule, else its default (cost-centres.ts).
 */

export type SollHaben = 'S' | 'H';

export interface LineToBook {
  kind: PaymentLineKind;
  /** Erhebungszeitraum of the line. */
  year: number;
  quartal: number | null;
  /** Signed money string. */
  amount: string;
  gemeinde: string;
  kassenzeichen: string | null;
  /** The establishment's own cost centre (master data): KOST1 before any rule. */
  cost_center: string | null;
  /** Municipality and establishment, for the cost-centre rules. */
  ags?: string | null;
  master_data_id?: number | null;
}

export interface BookingDraft {
  /** Indexes of the input lines this booking books (a release names the assessment's lines). */
  lines: number[];
  purpose: AccountPurpose;
  counter_purpose: AccountPurpose;
  konto: string;
  gegenkonto: string;
  sh: SollHaben;
  /** Positive money string. */
  amount: string;
  text: string;
  belegfeld1: string | null;
  kost1: string | null;
  kost2: string | null;
  tax_year: number;
  quartal: number | null;
  kind: PaymentLineKind | 'aufloesung';
}

export interface PlanInput {
  lines: readonly LineToBook[];
  mapping: AccountMapping;
  /** YYYY-MM-DD: decides which years are earlier fiscal years. */
  bookingDate: string;
  /** What is left of the provision of each year that has one (money strings). */
  provisions: ReadonlyMap<number, string>;
  /** The company's cost-centre rules (KOST1/KOST2, see cost-centres.ts); none when absent. */
  costCentres?: CostCentreSettings;
}

export interface PlanResult {
  drafts: BookingDraft[];
  /** The provisions left after these bookings. */
  provisions: Map<number, string>;
}

const ASSESSMENT: readonly PaymentLineKind[] = ['abschlusszahlung', 'erstattung'];

export function planBookings(input: PlanInput): PlanResult {
  const { mapping } = input;
  const acc = mapping.accounts;
  const current = fiscalYearOf(input.bookingDate, mapping.fiscal_year_start);
  const left = new Map<number, Dec>([...input.provisions].map(([y, v]) => [y, new Dec(v)]));
  const drafts: BookingDraft[] = [];
  const assessed = new Map<number, number[]>();

  const push = (
    i: number[],
    line: Pick<
      LineToBook,
      'year' | 'quartal' | 'gemeinde' | 'kassenzeichen' | 'cost_center' | 'ags' | 'master_data_id'
    >,
    kind: BookingDraft['kind'],
    purpose: AccountPurpose,
    counter: AccountPurpose,
    signed: Dec,
  ) => {
    if (signed.isZero()) return;
    const art = kind === 'aufloesung' ? 'Auflösung Rückstellung' : PAYMENT_LINE_KIND_LABELS[kind];
    const kost = resolveCostCentres(input.costCentres ?? DEFAULT_COST_CENTRES, {
      purpose: costCentrePurposeOf({ kind, purpose }),
      ags: line.ags ?? null,
      master_data_id: line.master_data_id ?? null,
      cost_center: line.cost_center,
    });
    drafts.push({
      lines: i,
      purpose,
      counter_purpose: counter,
      konto: acc[purpose],
      gegenkonto: acc[counter],
      sh: signed.isNegative() ? 'H' : 'S',
      amount: formatMoney(signed.abs()),
      text: bookingText({ year: line.year, gemeinde: line.gemeinde, art, quartal: line.quartal }),
      belegfeld1: belegfeld(line.kassenzeichen),
      kost1: kost.kost1,
      kost2: kost.kost2,
      tax_year: line.year,
      quartal: line.quartal,
      kind,
    });
  };

  input.lines.forEach((line, i) => {
    const amount = new Dec(line.amount);
    if (amount.isZero()) return;
    const counter: AccountPurpose = line.kind === 'erstattung' && amount.isNegative() ? 'receivable' : 'bank';
    switch (line.kind) {
      case 'nachzahlungszinsen':
        return push([i], line, line.kind, 'interest_expense', counter, amount);
      case 'erstattungszinsen':
        return push([i], line, line.kind, 'refund_interest', counter, amount);
      case 'saeumniszuschlag':
        return push([i], line, line.kind, 'surcharges', counter, amount);
      default:
        break;
    }
    if (line.year >= current) return push([i], line, line.kind, 'expense', counter, amount);
    if (ASSESSMENT.includes(line.kind)) assessed.set(line.year, [...(assessed.get(line.year) ?? []), i]);
    const provision = left.get(line.year);
    if (provision === undefined || amount.isNegative())
      return push([i], line, line.kind, 'prior_year', counter, amount);
    const covered = Dec.min(amount, Dec.max(provision, 0));
    push([i], line, line.kind, 'provision', counter, covered);
    push([i], line, line.kind, 'prior_year', counter, amount.sub(covered));
    left.set(line.year, provision.sub(covered));
  });

  // An assessment settles the year: what is left of its provision is released.
  for (const [year, indexes] of assessed) {
    const rest = left.get(year);
    if (rest === undefined || !rest.gt(0)) continue;
    const first = input.lines[indexes[0]!]!;
    push(indexes, { ...first, quartal: null }, 'aufloesung', 'provision', 'release', rest);
    left.set(year, new Dec(0));
  }

  return {
    drafts,
    provisions: new Map([...left].map(([y, v]) => [y, formatMoney(v)])),
  };
}

/** The reversing booking of a booking: same accounts and amount, Soll/Haben swapped. */
export function reversalOf<
  T extends { sh: SollHaben; text: string; kind: string; tax_year: number; quartal: number | null },
>(booking: T, gemeinde: string): T {
  const art =
    booking.kind === 'aufloesung'
      ? 'Storno Auflösung Rückstellung'
      : `Storno ${PAYMENT_LINE_KIND_LABELS[booking.kind as PaymentLineKind] ?? booking.kind}`;
  return {
    ...booking,
    sh: booking.sh === 'S' ? 'H' : 'S',
    text: bookingText({ year: booking.tax_year, gemeinde, art, quartal: booking.quartal }),
  };
}

/** Signed amount of a booking seen from its konto: Soll positive, Haben negative. */
export function signedAmount(b: { sh: SollHaben; amount: string }): Dec {
  return b.sh === 'S' ? new Dec(b.amount) : new Dec(b.amount).neg();
}
