import {
  type Bundesland,
  computeAbschlusszahlung,
  type HolidayOptions,
  computeBekanntgabe,
  computeInterest,
  type DefaultInterestPeriod,
  defaultInterestStart,
  formatIsoDate,
  type InterestRate,
  isValidIsoDate,
  monatsfrist,
  parseIsoDate,
} from '../tax';
import { formatMoneyDe } from '../money';
import { Dec, formatMoney } from '../tax/money';

/**
 * Which payment lines a confirmed notice produces (issue 6). Pure: the server loads the
 * establishment's existing lines, calls `planNotice` and applies the plan in the confirm
 * transaction.
 *
 * Decisions:
 * - "Credited" (§20 Abs.1 GewStG: entrichtete Vorauszahlungen) are principal lines of the
 *   year with status `bezahlt` or `angewiesen`. An instructed payment cannot be recalled
 *   reliably; crediting it is what keeps money from being paid twice.
 * - An assessment settles the year: the unpaid (`offen`) principal lines of that year —
 *   prepayments and the lines of an earlier assessment — are superseded by the new
 *   Abschlusszahlung/Erstattung; the part equal to those that were due by the Bekanntgabe
 *   is due at once, the rest one month after the Bekanntgabe (computeAbschlusszahlung).
 * - Interest stated on a notice is a line of its own; earlier interest lines stay.
 * - A prepayment schedule (from a Vorauszahlungsbescheid or a Bescheid) never overwrites:
 *   a quarter whose amount changes gets a `korrektur` line with the difference.
 * - A year is "assessed" once a Gewerbesteuerbescheid for it was confirmed — also one that
 *   settles with a difference of exactly zero and so leaves no line behind. The caller
 *   passes these years (`NoticeInput.assessed_years`); lines of an assessment
 *   (Abschlusszahlung/Erstattung) mark a year as assessed as well. A prepayment schedule
 *   for an assessed year is not applied (check `YEAR_ALREADY_ASSESSED`).
 * - The due date a Bescheid prints (`faellig_am`) is compared with ours for the
 *   Abschlusszahlung: one month after our Bekanntgabe (§20 Abs.2 GewStG).
 * - Interest stated on a Bescheid is compared with our §233a calculation on the difference
 *   the notice prints (`abrechnung`, else tax − `bisher_festgesetzt`). When it prints
 *   neither, the difference comes from our payment data (tax − prepayments set, as in
 *   `computeAbschlusszahlung().abrechnung`) — but only when the year has principal lines;
 *   without them we cannot tell "no prepayments" from "prepayments not recorded" and say
 *   so (check `INTEREST_NOT_COMPARED`) instead of guessing.
 * - A notice whose lines already exist (confirmed again) produces nothing, also when its
 *   lines have been superseded since.
 */

export const PAYMENT_LINE_KINDS = [
  'vorauszahlung',
  'abschlusszahlung',
  'erstattung',
  'nachzahlungszinsen',
  'erstattungszinsen',
  'saeumniszuschlag',
  'korrektur',
  'anrechnung',
] as const;
export type PaymentLineKind = (typeof PAYMENT_LINE_KINDS)[number];
export const PAYMENT_LINE_KIND_LABELS: Record<PaymentLineKind, string> = {
  vorauszahlung: 'Vorauszahlung',
  abschlusszahlung: 'Abschlusszahlung',
  erstattung: 'Erstattung',
  nachzahlungszinsen: 'Nachzahlungszinsen',
  erstattungszinsen: 'Erstattungszinsen',
  saeumniszuschlag: 'Säumniszuschlag',
  korrektur: 'Korrektur',
  anrechnung: 'Anrechnung laut Bescheid',
};

export const PAYMENT_LINE_STATUSES = ['offen', 'angewiesen', 'bezahlt', 'storniert'] as const;
export type PaymentLineStatus = (typeof PAYMENT_LINE_STATUSES)[number];
export const PAYMENT_LINE_STATUS_LABELS: Record<PaymentLineStatus, string> = {
  offen: 'offen',
  angewiesen: 'angewiesen',
  bezahlt: 'bezahlt',
  storniert: 'storniert',
};

/** Kinds that settle the tax itself (as opposed to interest and surcharges). */
export const PRINCIPAL_KINDS: readonly PaymentLineKind[] = [
  'vorauszahlung',
  'abschlusszahlung',
  'erstattung',
  'korrektur',
  'anrechnung',
];

/**
 * Kinds that stand for money already handled outside our payment data (an opening
 * balance taken from a notice): never paid or booked again.
 */
export const OPENING_KINDS: readonly PaymentLineKind[] = ['anrechnung'];

export interface ExistingLine {
  id: number;
  year: number;
  kind: PaymentLineKind;
  quartal: number | null;
  /** Signed money string: positive = we pay, negative = we receive. */
  betrag: string;
  faellig_am: string | null;
  status: PaymentLineStatus;
  document_id: number | null;
  /** Type of the source document, null for manual lines. */
  document_type: string | null;
  /** Superseded lines are history only. */
  superseded: boolean;
}

export interface NoticeInput {
  document_id: number;
  type: string;
  /** Normalised field values (DOMAIN.md), e.g. { festgesetzte_steuer: "2021.60" }. */
  fields: Record<string, unknown>;
  bundesland: Bundesland;
  /**
   * The working-day calendar in force (the stored setting and the municipality's AGS):
   * Bekanntgabe and the due dates one month after it move past the same holidays as
   * everywhere else (`nextWorkingDay`).
   */
  holidays?: HolidayOptions;
  /** AGS of the establishment (to pick its share from a Zerlegungsbescheid). */
  ags?: string | null;
  /** Municipality name of the establishment: picks the share when the notice prints no AGS. */
  gemeinde?: string | null;
  rates?: readonly InterestRate[];
  periods?: readonly DefaultInterestPeriod[];
  /**
   * Years already settled by a confirmed Gewerbesteuerbescheid (e.g. the payment of the year
   * has an assessed tax). Needed because a Bescheid with a difference of zero creates no line.
   */
  assessed_years?: readonly number[];
  /**
   * The user confirmed despite blocking checks (with a reason, recorded by the caller): the
   * plan is made anyway, still never demanding more than the notice does.
   */
  override?: boolean;
}

export interface LineToAdd {
  year: number;
  kind: PaymentLineKind;
  quartal: number | null;
  betrag: string;
  faellig_am: string | null;
  reason: string;
  /** Default `offen`; an `anrechnung` taken from a notice is `bezahlt` (credited). */
  status?: PaymentLineStatus;
}

export interface LineToSupersede {
  id: number;
  reason: string;
}

export interface YearValues {
  year: number;
  festgesetzte_steuer?: string;
  messbetrag?: string;
  hebesatz?: number;
  /** Expected Messbetrag from a Messbescheid. */
  erwarteter_messbetrag?: string;
  /** The establishment's Zerlegungsanteil from a Zerlegungsbescheid. */
  zerlegungsanteil?: string;
}

export interface PlanCheck {
  code: string;
  severity: 'error' | 'warning' | 'info';
  message: string;
  /** The year the check belongs to when it is not the notice's Erhebungszeitraum. */
  year?: number;
  /**
   * Confirmation is refused while such a check stands, unless the user overrides it with a
   * reason (`NoticeInput.override`).
   */
  blocking?: boolean;
}

/** Our Abrechnung of a Gewerbesteuerbescheid beside the one it prints. */
export interface AbrechnungComparison {
  year: number;
  festgesetzte_steuer: string;
  /** What the notice prints (`abrechnung`, else tax − `bisher_festgesetzt`); null if neither. */
  printed: string | null;
  /** The notice's `bisher_festgesetzt` (else tax − `abrechnung`); null if neither. */
  printed_bisher: string | null;
  /** The year's Soll in our payment data before the notice: Σ active principal lines. */
  soll_ours: string;
  /** Tax − Soll of our payment data (with an opening balance taken from the notice, if any). */
  ours: string;
  /** Prepayments taken from the notice as credited (`anrechnung` line), 0.00 when none. */
  credited_from_notice: string;
  /** The change of the year's open principal amount when the plan is applied. */
  open_change: string;
  /** |ours − printed| > 0.01 €. */
  differs: boolean;
}

export interface InterestComparison {
  year: number;
  notice: string;
  ours: string;
  base: string;
  from: string;
  to: string;
  months: number;
}

export interface PaymentPlan {
  add: LineToAdd[];
  supersede: LineToSupersede[];
  years: YearValues[];
  checks: PlanCheck[];
  interest: InterestComparison | null;
  /** Gewerbesteuerbescheid only. */
  abrechnung: AbrechnungComparison | null;
}

const money = (v: unknown): string | null =>
  typeof v === 'string' && /^-?\d+(\.\d{1,2})?$/.test(v.trim()) ? formatMoney(new Dec(v.trim())) : null;
const date = (v: unknown): string | null => (typeof v === 'string' && isValidIsoDate(v) ? v : null);
const int = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : Number.NaN;
  return Number.isInteger(n) ? n : null;
};
const de = (m: string) => formatMoneyDe(m);
const deDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

const active = (l: ExistingLine) => !l.superseded && l.status !== 'storniert';
const credited = (l: ExistingLine) => l.status === 'bezahlt' || l.status === 'angewiesen';

export interface VzEntry {
  jahr: number;
  quartal: number;
  betrag: string;
  faellig_am: string;
}

function vzEntries(v: unknown): VzEntry[] {
  if (!Array.isArray(v)) return [];
  const out: VzEntry[] = [];
  for (const e of v) {
    if (!e || typeof e !== 'object') continue;
    const o = e as Record<string, unknown>;
    const jahr = int(o.jahr);
    const quartal = int(o.quartal);
    const betrag = money(o.betrag);
    const faellig = date(o.faellig_am);
    if (jahr && quartal && quartal >= 1 && quartal <= 4 && betrag && faellig)
      out.push({ jahr, quartal, betrag, faellig_am: faellig });
  }
  return out;
}

/**
 * Whether a year is settled by an assessment: explicitly (the caller knows a Bescheid was
 * confirmed for it) or because it has active lines of an assessment.
 */
export function isYearAssessed(
  year: number,
  existing: readonly ExistingLine[],
  assessed: ReadonlySet<number> = new Set(),
): boolean {
  return (
    assessed.has(year) ||
    existing.some(
      (l) => active(l) && l.year === year && (l.kind === 'abschlusszahlung' || l.kind === 'erstattung'),
    )
  );
}

/** The check for prepayments of an assessed year that were not applied. */
export function assessedYearCheck(year: number, label: string): PlanCheck {
  return {
    code: 'YEAR_ALREADY_ASSESSED',
    severity: 'info',
    year,
    message: `Das Jahr ${year} ist bereits durch einen Gewerbesteuerbescheid veranlagt; die Vorauszahlungen ${year} laut ${label} wurden nicht übernommen, der Zahlungsplan ${year} bleibt unverändert.`,
  };
}

/**
 * A new prepayment schedule for one year, from its first quarter on: quarters without a
 * line get a `vorauszahlung`, changed quarters a `korrektur` with the difference,
 * quarters of the old schedule the new one drops a `korrektur` to zero. Years already
 * assessed (`assessed`, or lines of an assessment) are left unchanged — prepayments no
 * longer apply there; `skipped` receives them.
 */
export function planSchedule(
  entries: readonly VzEntry[],
  existing: readonly ExistingLine[],
  label: string,
  assessed: ReadonlySet<number> = new Set(),
  skipped: number[] = [],
): LineToAdd[] {
  const add: LineToAdd[] = [];
  const byYear = new Map<number, VzEntry[]>();
  for (const e of entries) byYear.set(e.jahr, [...(byYear.get(e.jahr) ?? []), e]);
  for (const [year, list] of [...byYear.entries()].sort((a, b) => a[0] - b[0])) {
    const first = Math.min(...list.map((e) => e.quartal));
    const lines = existing.filter((l) => active(l) && l.year === year);
    // A year already assessed is settled by its Bescheid: prepayments no longer apply.
    if (isYearAssessed(year, existing, assessed)) {
      skipped.push(year);
      continue;
    }
    for (let q = first; q <= 4; q++) {
      const e = list.find((x) => x.quartal === q);
      const current = lines
        .filter((l) => l.quartal === q && (l.kind === 'vorauszahlung' || l.kind === 'korrektur'))
        .reduce((s, l) => s.add(l.betrag), new Dec(0));
      const hasLine = lines.some((l) => l.quartal === q && l.kind === 'vorauszahlung');
      const target = e ? new Dec(e.betrag) : new Dec(0);
      if (!hasLine && !e) continue;
      if (!hasLine) {
        if (target.isZero()) continue;
        add.push({
          year,
          kind: 'vorauszahlung',
          quartal: q,
          betrag: formatMoney(target),
          faellig_am: e!.faellig_am,
          reason: `Vorauszahlung ${q}. Quartal ${year} laut ${label}.`,
        });
        continue;
      }
      const diff = target.sub(current);
      if (diff.isZero()) continue;
      const due =
        e?.faellig_am ?? lines.find((l) => l.quartal === q && l.kind === 'vorauszahlung')?.faellig_am ?? null;
      add.push({
        year,
        kind: 'korrektur',
        quartal: q,
        betrag: formatMoney(diff),
        faellig_am: due,
        reason: `Vorauszahlung ${q}. Quartal ${year} von ${de(formatMoney(current))} auf ${de(formatMoney(target))} geändert laut ${label}.`,
      });
    }
  }
  return add;
}

/** The lines a confirmed notice produces, given the establishment's existing lines (all years). */
export function planNotice(input: NoticeInput, existing: readonly ExistingLine[]): PaymentPlan {
  const plan: PaymentPlan = {
    add: [],
    supersede: [],
    years: [],
    checks: [],
    interest: null,
    abrechnung: null,
  };
  const f = input.fields;
  const year = int(f.erhebungszeitraum);
  const assessed = new Set(input.assessed_years ?? []);
  // Any line ever created from this notice (even one superseded or cancelled since) means it
  // was applied: applying it again would double money or revive an outdated assessment.
  if (existing.some((l) => l.document_id === input.document_id)) {
    plan.checks.push({
      code: 'ALREADY_APPLIED',
      severity: 'info',
      message: 'Die Zahlungszeilen dieses Bescheids sind bereits angelegt; es wurde nichts doppelt erfasst.',
    });
    return plan;
  }
  const need = (ok: unknown, _field: string, label: string) => {
    if (ok === null || ok === undefined)
      plan.checks.push({
        code: 'FIELD_MISSING',
        severity: 'error',
        message: `${label} fehlt; es wurden keine Zahlungszeilen angelegt.`,
      });
    return ok !== null && ok !== undefined;
  };
  switch (input.type) {
    case 'gewst_bescheid':
      planBescheid(input, existing, plan, year, need, assessed);
      break;
    case 'vorauszahlungsbescheid': {
      const entries = vzEntries(f.vorauszahlungen);
      if (!need(entries.length ? entries : null, 'vorauszahlungen', 'Die Liste der Vorauszahlungen')) break;
      const skipped: number[] = [];
      plan.add.push(...planSchedule(entries, existing, 'Vorauszahlungsbescheid', assessed, skipped));
      plan.checks.push(...skipped.map((y) => assessedYearCheck(y, 'Vorauszahlungsbescheid')));
      const mb = money(f.messbetrag);
      const hs = int(f.hebesatz);
      // An assessed year keeps the Messbetrag and Hebesatz of its Bescheid.
      for (const y of new Set(entries.map((e) => e.jahr)))
        if (!skipped.includes(y))
          plan.years.push({ year: y, ...(mb ? { messbetrag: mb } : {}), ...(hs ? { hebesatz: hs } : {}) });
      break;
    }
    case 'zinsbescheid': {
      const z = money(f.zinsen);
      if (!need(year, 'erhebungszeitraum', 'Der Erhebungszeitraum') || !need(z, 'zinsen', 'Der Zinsbetrag'))
        break;
      const neg = new Dec(z!).isNegative();
      plan.add.push({
        year: year!,
        kind: neg ? 'erstattungszinsen' : 'nachzahlungszinsen',
        quartal: null,
        betrag: z!,
        faellig_am: date(f.faellig_am),
        reason: `${neg ? 'Erstattungszinsen' : 'Nachzahlungszinsen'} laut Zinsbescheid${zinsPeriod(f)}.`,
      });
      break;
    }
    case 'mahnung': {
      const s = money(f.saeumniszuschlag);
      if (
        !need(year, 'erhebungszeitraum', 'Der Erhebungszeitraum') ||
        !need(s, 'saeumniszuschlag', 'Der Säumniszuschlag')
      )
        break;
      if (!new Dec(s!).isZero())
        plan.add.push({
          year: year!,
          kind: 'saeumniszuschlag',
          quartal: null,
          betrag: s!,
          faellig_am: date(f.faellig_am),
          reason: 'Säumniszuschlag laut Mahnung.',
        });
      const rueckstand = money(f.rueckstand);
      if (rueckstand) {
        const open = existing
          .filter((l) => active(l) && l.year === year && !credited(l) && PRINCIPAL_KINDS.includes(l.kind))
          .reduce((sum, l) => sum.add(l.betrag), new Dec(0));
        if (!open.eq(rueckstand))
          plan.checks.push({
            code: 'RUECKSTAND_DIFFERS',
            severity: 'warning',
            message: `Die Mahnung nennt einen Rückstand von ${de(rueckstand)}, bei uns sind für ${year} ${de(formatMoney(open))} offen.`,
          });
      }
      break;
    }
    case 'messbescheid': {
      const mb = money(f.messbetrag);
      if (year && mb) plan.years.push({ year, erwarteter_messbetrag: mb });
      break;
    }
    case 'zerlegungsbescheid': {
      const shares = Array.isArray(f.zerlegungsanteile)
        ? (f.zerlegungsanteile as Record<string, unknown>[])
        : [];
      const key = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : '');
      const mine =
        shares.find((s) => input.ags && s && s.ags === input.ags) ??
        shares.find((s) => s && !s.ags && input.gemeinde && key(s.gemeinde) === key(input.gemeinde));
      const anteil = mine ? money(mine.anteil) : null;
      if (year && anteil) plan.years.push({ year, zerlegungsanteil: anteil });
      else
        plan.checks.push({
          code: 'NO_SHARE',
          severity: 'info',
          message: 'Für die Gemeinde dieser Betriebsstätte nennt der Zerlegungsbescheid keinen Anteil.',
        });
      break;
    }
    default:
      break;
  }
  return plan;
}

function zinsPeriod(f: Record<string, unknown>) {
  const von = date(f.zinsen_von);
  const bis = date(f.zinsen_bis);
  return von && bis ? ` (Zinslauf ${deDate(von)} bis ${deDate(bis)})` : '';
}

function planBescheid(
  input: NoticeInput,
  existing: readonly ExistingLine[],
  plan: PaymentPlan,
  year: number | null,
  need: (v: unknown, field: string, label: string) => boolean,
  assessed: ReadonlySet<number>,
) {
  const f = input.fields;
  const steuer = money(f.festgesetzte_steuer);
  const datum = date(f.bescheid_datum);
  if (
    !need(year, 'erhebungszeitraum', 'Der Erhebungszeitraum') ||
    !need(steuer, 'festgesetzte_steuer', 'Die festgesetzte Steuer') ||
    !need(datum, 'bescheid_datum', 'Das Bescheiddatum')
  )
    return;
  const ez = year!;
  const values: YearValues = { year: ez, festgesetzte_steuer: steuer! };
  const mb = money(f.messbetrag);
  if (mb) values.messbetrag = mb;
  const hs = int(f.hebesatz);
  if (hs) values.hebesatz = hs;
  plan.years.push(values);

  const lines = existing.filter((l) => active(l) && l.year === ez && PRINCIPAL_KINDS.includes(l.kind));
  const label = `Gewerbesteuerbescheid ${ez} vom ${deDate(datum!)}`;
  const settlement = settleAgainstNotice(input, f, ez, steuer!, lines, plan);
  // Positive lines enter the calculation as prepayments (paid or not); refunds already
  // received (negative, credited) raise the tax to settle.
  let toSettle = new Dec(steuer!);
  const items: { quartal: number; betrag: string; faellig_am: string; bezahlt: boolean }[] = [];
  for (const l of lines) {
    const b = new Dec(l.betrag);
    if (b.isNegative()) {
      if (credited(l)) toSettle = toSettle.add(b.neg());
      continue;
    }
    if (b.isZero()) continue;
    items.push({
      quartal: l.quartal ?? 0,
      betrag: formatMoney(b),
      faellig_am: l.faellig_am ?? datum!,
      bezahlt: credited(l),
    });
  }
  // Prepayments the notice credits but our payment data does not know: an opening balance.
  if (settlement.credit.gt(0))
    items.push({ quartal: 0, betrag: formatMoney(settlement.credit), faellig_am: datum!, bezahlt: true });
  // Negative unpaid corrections reduce an unpaid prepayment of the same quarter. Any other
  // unpaid negative line (a refund not yet received, a reduction of a quarter already paid)
  // never moved money: it is superseded below, and tax − credited already contains it.
  for (const l of lines) {
    const b = new Dec(l.betrag);
    if (!b.isNegative() || credited(l)) continue;
    const target = items.find(
      (i) => !i.bezahlt && i.quartal === (l.quartal ?? -1) && new Dec(i.betrag).gte(b.neg()),
    );
    if (target) target.betrag = formatMoney(new Dec(target.betrag).add(b));
  }
  const r = computeAbschlusszahlung({
    steuer: formatMoney(toSettle),
    vorauszahlungen: items,
    aufgabe_zur_post: datum!,
    bundesland: input.bundesland,
    holidays: input.holidays,
  });
  for (const l of lines) {
    if (credited(l)) continue;
    plan.supersede.push({
      id: l.id,
      reason: `Durch den Gewerbesteuerbescheid ${ez} vom ${deDate(datum!)} abgerechnet.`,
    });
  }
  if (r.sofort.faellig_am && !new Dec(r.sofort.betrag).isZero())
    plan.add.push({
      year: ez,
      kind: 'abschlusszahlung',
      quartal: null,
      betrag: r.sofort.betrag,
      faellig_am: r.sofort.faellig_am,
      reason: `Abschlusszahlung laut ${label}: sofort fällig (fällige, nicht entrichtete Vorauszahlungen).`,
    });
  if (r.rest.faellig_am && !new Dec(r.rest.betrag).isZero())
    plan.add.push({
      year: ez,
      kind: 'abschlusszahlung',
      quartal: null,
      betrag: r.rest.betrag,
      faellig_am: r.rest.faellig_am,
      reason: `Abschlusszahlung laut ${label}: fällig einen Monat nach Bekanntgabe (${deDate(r.bekanntgabe)}).`,
    });
  if (!new Dec(r.erstattung).isZero())
    plan.add.push({
      year: ez,
      kind: 'erstattung',
      quartal: null,
      betrag: formatMoney(new Dec(r.erstattung).neg()),
      faellig_am: formatIsoDate(monatsfrist(parseIsoDate(r.bekanntgabe), input.bundesland, input.holidays)),
      reason: `Erstattung laut ${label}.`,
    });
  if (settlement.credit.gt(0))
    plan.add.push({
      year: ez,
      kind: 'anrechnung',
      quartal: null,
      betrag: formatMoney(settlement.credit),
      faellig_am: null,
      status: 'bezahlt',
      reason: settlement.creditReason(label),
    });
  // The due date the notice prints, compared with ours for the Abschlusszahlung (one month
  // after Bekanntgabe, §20 Abs.2 GewStG) — only when there is something to pay.
  const printedDue = date(f.faellig_am);
  const ourDue = r.rechtsbehelfsfrist_bis;
  if (printedDue && new Dec(r.unterschied).gt(0) && printedDue !== ourDue)
    plan.checks.push({
      code: 'FAELLIGKEIT_DIFFERS',
      severity: 'warning',
      message: `Der Bescheid nennt als Fälligkeit den ${deDate(printedDue)}; nach unserer Berechnung ist die Abschlusszahlung am ${deDate(ourDue)} fällig (ein Monat nach Bekanntgabe am ${deDate(r.bekanntgabe)}).`,
    });
  plan.abrechnung = {
    ...settlement.comparison,
    open_change: formatMoney(openChange(plan, lines, ez)),
  };

  // Interest stated on the notice, compared with our §233a calculation.
  const zinsen = money(f.zinsen);
  const stated = zinsen !== null && !new Dec(zinsen).isZero();
  const printedDiff = settlement.comparison.printed;
  // Neither printed: when the notice states interest, take the difference from our payment
  // data (tax − prepayments set) — if the year has any; otherwise say why we cannot compare.
  const ownDiff = printedDiff === null && stated && lines.length > 0 ? r.abrechnung : null;
  const diff = printedDiff ?? ownDiff;
  if (printedDiff === null && stated && ownDiff === null)
    plan.checks.push({
      code: 'INTEREST_NOT_COMPARED',
      severity: 'info',
      message: `Zinsen laut Bescheid ${de(zinsen)}: nicht nachgerechnet, weil der Bescheid weder Abrechnung noch bisher festgesetzte Steuer nennt und für ${ez} keine Vorauszahlungen in den Zahlungsdaten erfasst sind.`,
    });
  if (stated) {
    const refund = diff !== null && new Dec(diff).isNegative();
    plan.add.push({
      year: ez,
      kind: refund ? 'erstattungszinsen' : 'nachzahlungszinsen',
      quartal: null,
      betrag: refund ? formatMoney(new Dec(zinsen).abs().neg()) : formatMoney(new Dec(zinsen).abs()),
      faellig_am:
        r.rest.faellig_am ??
        formatIsoDate(monatsfrist(parseIsoDate(r.bekanntgabe), input.bundesland, input.holidays)),
      reason: `${refund ? 'Erstattungszinsen' : 'Nachzahlungszinsen'} (§ 233a AO) laut ${label}${zinsPeriod(f)}.`,
    });
  }
  if (diff !== null) {
    // Our own §233a calculation: our interest period (default start of the EZ, end on the
    // Bekanntgabe we compute), not the one the notice prints — a different period is
    // exactly what the check is there to find.
    const from = defaultInterestStart(ez, input.periods ?? []);
    const to = computeBekanntgabe(datum!, input.bundesland, input.holidays);
    const noticeFrom = date(f.zinsen_von);
    const noticeTo = date(f.zinsen_bis);
    const otherPeriod =
      (noticeFrom && noticeFrom !== from) || (noticeTo && noticeTo !== to)
        ? ` Der Bescheid verzinst vom ${deDate(noticeFrom ?? from)} bis ${deDate(noticeTo ?? to)}.`
        : '';
    const source =
      ownDiff !== null
        ? ` Unterschiedsbetrag ${de(ownDiff)} aus unseren Zahlungsdaten (festgesetzte Steuer − Vorauszahlungs-Soll), da der Bescheid keinen nennt.`
        : '';
    if (to >= from) {
      const ours = computeInterest({ amount: diff, startDate: from, endDate: to, rates: input.rates });
      plan.interest = {
        year: ez,
        notice: zinsen ? formatMoney(new Dec(zinsen).abs()) : '0.00',
        ours: ours.interest,
        base: ours.base,
        from,
        to,
        months: ours.months,
      };
      if (!new Dec(ours.interest).eq(plan.interest.notice))
        plan.checks.push({
          code: 'INTEREST_DIFFERS',
          severity: 'warning',
          message: `Zinsen laut Bescheid ${de(plan.interest.notice)}, eigene Berechnung nach § 233a AO ${de(ours.interest)} (Basis ${de(ours.base)}, ${ours.months} volle Monate vom ${deDate(from)} bis ${deDate(to)}).${otherPeriod}${source}`,
        });
    }
  }

  // New prepayments for following years replace the schedule from their first quarter on.
  const vz = vzEntries(f.vorauszahlungen).filter((e) => e.jahr !== ez);
  const skipped: number[] = [];
  plan.add.push(...planSchedule(vz, existing, label, assessed, skipped));
  plan.checks.push(...skipped.map((y) => assessedYearCheck(y, label)));
}

const CENT = new Dec('0.01');

/**
 * The notice's own Abrechnung against our payment data (issue 11). Decides how much of the
 * prepayments the notice credits is taken over as an opening balance (`anrechnung`, credited),
 * and adds the checks that stop a confirmation:
 *
 * - Our payment data knows nothing of the year (no active principal line): the notice's
 *   figures are used — "bisher festgesetzt" (else tax − Abrechnung) becomes one credited
 *   `anrechnung` line, so exactly the printed Abrechnung becomes due (or refundable). A notice
 *   that prints neither figure blocks: we cannot tell what it credits. A notice whose own
 *   figures disagree blocks; overridden, the larger credit (the smaller demand) is used.
 * - Our payment data knows the year: our Abrechnung is tax − the year's Soll (Σ active
 *   principal lines, paid or not). More than a cent away from the printed one blocks.
 *   Overridden (or within the cent), a demand above the notice's is cut back to it by
 *   crediting the gap from the notice; a demand below it stays as our data says.
 */
function settleAgainstNotice(
  input: NoticeInput,
  f: Record<string, unknown>,
  ez: number,
  steuer: string,
  lines: readonly ExistingLine[],
  plan: PaymentPlan,
) {
  const tax = new Dec(steuer);
  const printedAbr = money(f.abrechnung);
  const printedBisher = money(f.bisher_festgesetzt);
  const printed = printedAbr ?? (printedBisher ? formatMoney(tax.sub(printedBisher)) : null);
  const bisher = printedBisher ?? (printedAbr ? formatMoney(tax.sub(printedAbr)) : null);
  const soll = lines.reduce((sum, l) => sum.add(l.betrag), new Dec(0));
  const block = (code: string, message: string) =>
    plan.checks.push({ code, severity: 'error', blocking: true, message });
  let credit = new Dec(0);
  let blocked = false;
  let creditReason = (label: string) =>
    `Vorauszahlungen ${ez} laut ${label} (bisher festgesetzt ${de(formatMoney(credit))}): in den Zahlungsdaten nicht erfasst, als entrichtet angerechnet.`;

  if (lines.length === 0) {
    if (printed === null) {
      block(
        'ABRECHNUNG_UNBEKANNT',
        `Der Bescheid nennt weder „Bisher festgesetzt“ noch eine Abrechnung, und für ${ez} sind keine Vorauszahlungen erfasst: Die ganze festgesetzte Steuer von ${de(steuer)} würde als fällig geführt. Bitte den Betrag aus dem Bescheid übernehmen (0,00 €, wenn nichts angerechnet wird) oder mit Begründung trotzdem abschließen.`,
      );
    } else {
      const candidates = [
        ...(printedAbr ? [tax.sub(printedAbr)] : []),
        ...(printedBisher ? [new Dec(printedBisher)] : []),
      ];
      credit = Dec.max(0, ...candidates);
      if (printedAbr && printedBisher && tax.sub(printedBisher).sub(printedAbr).abs().gt(CENT)) {
        block(
          'ABRECHNUNG_DIFFERS',
          `Der Bescheid ist in sich nicht stimmig: festgesetzte Steuer ${de(steuer)} − bisher festgesetzt ${de(printedBisher)} = ${de(formatMoney(tax.sub(printedBisher)))}, gedruckt ist eine Abrechnung von ${de(printedAbr)}. Bitte die Felder prüfen oder mit Begründung trotzdem abschließen; dann wird höchstens der niedrigere Betrag fällig.`,
        );
      }
      if (credit.gt(0))
        plan.checks.push({
          code: 'ANRECHNUNG_LAUT_BESCHEID',
          severity: 'info',
          message: `Für ${ez} waren keine Vorauszahlungen erfasst: ${de(formatMoney(credit))} laut Bescheid (bisher festgesetzt) wurden als entrichtet angerechnet; fällig ist die Abrechnung des Bescheids.`,
        });
    }
  } else if (printed !== null) {
    const ours = tax.sub(soll);
    const gap = ours.sub(printed);
    if (gap.abs().gt(CENT)) {
      blocked = true;
      block(
        'ABRECHNUNG_DIFFERS',
        `Die Abrechnung laut Bescheid (${de(printed)}) weicht von unserer Berechnung ab: festgesetzte Steuer ${de(steuer)} − Vorauszahlungs-Soll laut Zahlungsdaten ${de(formatMoney(soll))} = ${de(formatMoney(ours))}${bisher ? ` (der Bescheid rechnet mit bisher festgesetzt ${de(bisher)})` : ''}. Bitte Felder und Zahlungsdaten prüfen oder mit Begründung trotzdem abschließen.${gap.gt(0) ? ` Dann werden die fehlenden ${de(formatMoney(gap))} laut Bescheid angerechnet, damit nicht mehr fällig wird, als der Bescheid verlangt.` : ''}`,
      );
    } else if (!gap.isZero())
      plan.checks.push({
        code: 'ABRECHNUNG_CENT',
        severity: 'info',
        message: `Die Abrechnung laut Bescheid (${de(printed)}) und unsere (${de(formatMoney(ours))}) weichen um ${de(formatMoney(gap.abs()))} ab (Rundung).`,
      });
    // Never more than the notice demands: a higher demand of ours is cut back to the printed
    // one by crediting the gap (within a cent at once, beyond it only when overridden).
    if (gap.gt(0) && (!blocked || input.override)) {
      credit = gap;
      creditReason = (label: string) =>
        `Vorauszahlungen ${ez} laut ${label}: ${de(formatMoney(gap))} mehr angerechnet als in den Zahlungsdaten erfasst (bisher festgesetzt ${de(bisher ?? '0')}, erfasst ${de(formatMoney(soll))}); als entrichtet angerechnet.`;
    }
  }
  const ours = formatMoney(tax.sub(soll).sub(credit));
  return {
    credit,
    creditReason: (label: string) => creditReason(label),
    comparison: {
      year: ez,
      festgesetzte_steuer: steuer,
      printed,
      printed_bisher: bisher,
      soll_ours: formatMoney(soll),
      ours,
      credited_from_notice: formatMoney(credit),
      differs: printed !== null && new Dec(ours).sub(printed).abs().gt(CENT),
    },
  };
}

/** How the year's open principal amount changes when the plan is applied. */
function openChange(plan: PaymentPlan, lines: readonly ExistingLine[], ez: number): Dec {
  const added = plan.add
    .filter((l) => l.year === ez && PRINCIPAL_KINDS.includes(l.kind) && (l.status ?? 'offen') === 'offen')
    .reduce((s, l) => s.add(l.betrag), new Dec(0));
  const ids = new Set(plan.supersede.map((x) => x.id));
  const removed = lines
    .filter((l) => ids.has(l.id) && l.status === 'offen')
    .reduce((s, l) => s.add(l.betrag), new Dec(0));
  return added.sub(removed);
}
