/**
 * The consistency solver: chooses, among the candidates of the assessment figures, the
 * assignment that agrees with the tax arithmetic every notice obeys —
 *   Messbetrag × Hebesatz / 100 = festgesetzte Steuer (to the cent),
 *   festgesetzte Steuer − bisher festgesetzt = Abrechnung (positive: to pay, negative: refund),
 *   Gewerbeertrag rounded down to 100 € − Freibetrag, × 3.5 %, rounded down = Messbetrag.
 * Candidates come with the scores of their context (labels, column headers, sentences); every
 * other amount of the notice may stand in, unlabelled, when only the arithmetic vouches for it.
 * A value the arithmetic confirms gets a high confidence, one that contradicts it a low one
 * and a check.
 */
import { formatMoneyDe } from '@gewst/domain';
import { xOverlap } from './layout.js';
import { toCents } from './normalize.js';
import type { Candidate } from './search.js';
import { type PageIndex, rowOf } from './textindex.js';
import type { Rect } from './types.js';

export interface SolverCheck {
  code:
    | 'steuer_passt_nicht'
    | 'abrechnung_passt_nicht'
    | 'messbetrag_passt_nicht'
    | 'saeumnis_passt_nicht'
    | 'zinsen_passt_nicht';
  message: string;
  fields: string[];
}

export interface Solution {
  chosen: Record<string, Candidate | null>;
  /** Fields whose value the arithmetic confirmed. */
  confirmed: Set<string>;
  checks: SolverCheck[];
}

/** Score of a candidate that no label vouches for (an amount found anywhere on the notice). */
export const UNLABELLED = 0.05;
const AGREE = 1.2;
const TOP = 5;

const money = (c: Candidate | null | undefined) =>
  c && typeof c.value === 'string' ? toCents(c.value) : null;
const pct = (c: Candidate | null | undefined) => (c && typeof c.value === 'number' ? c.value : null);

/** Distinct values, best score first, at most `n`. */
function top(cands: readonly Candidate[], n = TOP): Candidate[] {
  const byValue = new Map<string, Candidate>();
  for (const c of cands) {
    const k = String(c.value);
    const o = byValue.get(k);
    if (!o || c.score > o.score) byValue.set(k, c);
  }
  return [...byValue.values()].sort((a, b) => b.score - a.score).slice(0, n);
}

const taxOf = (mb: bigint, h: number) => {
  // h may carry decimals ("412,5 %"): compute in hundredths of a percent.
  const hh = BigInt(Math.round(h * 100));
  return (mb * hh + 5000n) / 10000n;
};

/**
 * Assessment figures of a Gewerbesteuerbescheid (or of a Vorauszahlungsbescheid, without
 * tax/bisher/abrechnung). `labelled` holds each field's candidates from its context;
 * `amounts` every amount of the notice (unlabelled stand-ins).
 */
export function solveAssessment(
  labelled: Partial<
    Record<
      'messbetrag' | 'hebesatz' | 'festgesetzte_steuer' | 'bisher_festgesetzt' | 'abrechnung',
      Candidate[]
    >
  >,
  amounts: readonly Candidate[],
  fields: readonly string[],
  percents: readonly Candidate[] = [],
  bareRates: readonly Candidate[] = [],
): Solution {
  const want = (f: string) => fields.includes(f);
  const pool = (f: keyof typeof labelled) => (want(f) ? [null, ...top(labelled[f] ?? [])] : [null]);
  // Rates printed anywhere (a legal Hebesatz is at least 200 %) may stand in when the arithmetic agrees.
  const labelledRates = new Set((labelled.hebesatz ?? []).map((c) => String(c.value)));
  const rateStandIns = top(
    percents.filter(
      (p) =>
        typeof p.value === 'number' &&
        p.value >= 200 &&
        p.value <= 1000 &&
        !labelledRates.has(String(p.value)),
    ),
    6,
  ).map((p) => ({ ...p, score: UNLABELLED }));
  // Numbers printed without a unit (a column "Hebesatz (%)", a factor "4,90") stand in only when
  // Messbetrag × rate / 100 gives the tax to the cent, or the prepayments (checked below).
  const seenRates = new Set([...labelledRates, ...rateStandIns.map((p) => String(p.value))]);
  for (const p of bareRates) {
    if (typeof p.value !== 'number' || seenRates.has(String(p.value))) continue;
    seenRates.add(String(p.value));
    rateStandIns.push({ ...p, score: UNLABELLED });
    if (rateStandIns.length >= 24) break;
  }
  const amountSet = new Map<bigint, Candidate[]>();
  for (const a of amounts) {
    const v = money(a);
    if (v === null) continue;
    const k = v < 0n ? -v : v;
    const list = amountSet.get(k);
    if (list) list.push(a);
    else amountSet.set(k, [a]);
  }
  /** A printed amount of |v| that is none of the figures already placed (`used`). */
  const standIn = (v: bigint, ...used: (Candidate | null)[]): Candidate | null => {
    const spots = new Set(used.filter(Boolean).map((c) => `${c!.page}:${c!.pos}`));
    const hit = amountSet.get(v < 0n ? -v : v)?.find((a) => !spots.has(`${a.page}:${a.pos}`));
    return hit ? { ...hit, value: formatCents(v), score: UNLABELLED } : null;
  };
  const prepaymentPrinted = (annual: bigint) => {
    const q = quarterOf(annual);
    return q > 0n && (amountSet.has(q) || amountSet.has(q * 4n));
  };
  // The prepayment amounts themselves are not the Messbetrag (tax of v at h would be v × h / 100).
  const amountIsPrepayment = (v: bigint, hv: number) => {
    const q = quarterOf(taxOf(v, hv));
    return v === q || v === q * 4n;
  };
  // Amounts in reading order, for the settlement pair below.
  const ordered = amounts.filter((a) => money(a) !== null).sort((x, y) => x.page - y.page || x.pos - y.pos);
  /**
   * Settlement without usable labels: two printed amounts x before y with tax − x = ±y are the
   * amount assessed before and the difference (the earlier one is what is set off, as every
   * settlement reads "Steuer, abzüglich bisher, Unterschied").
   */
  const settlementPair = (t: Candidate): [Candidate, Candidate] | null => {
    const tv = money(t)!;
    for (const [i, x] of ordered.entries()) {
      const xv = money(x)!;
      if (xv < 0n || xv === tv || (x.page === t.page && x.pos === t.pos)) continue;
      for (const y of ordered.slice(i + 1)) {
        if (y.page === t.page && y.pos === t.pos) continue;
        const yv = money(y)!;
        const dv = tv - xv;
        if (yv === dv || (dv < 0n && yv === -dv))
          return [
            { ...x, score: UNLABELLED },
            { ...y, value: formatCents(dv), score: UNLABELLED },
          ];
      }
    }
    return null;
  };
  let best: { s: number; pick: (Candidate | null)[]; agree: [boolean, boolean] } | null = null;
  const sc = (c: Candidate | null) => (c ? c.score : 0);
  for (const m0 of pool('messbetrag'))
    for (const h of [...pool('hebesatz'), ...(want('hebesatz') ? rateStandIns : [])])
      for (const t0 of pool('festgesetzte_steuer'))
        for (const b0 of pool('bisher_festgesetzt'))
          for (const d0 of pool('abrechnung')) {
            let [m, t, b, d] = [m0, t0, b0, d0];
            const hv = pct(h);
            // Fill gaps with amounts the arithmetic determines (stand-ins without a label).
            if (want('festgesetzte_steuer') && !t && m && hv !== null)
              t = standIn(taxOf(money(m)!, hv), m, b, d);
            if (want('messbetrag') && !m && t && hv !== null) {
              const tv = money(t)!;
              const hit = amounts.find((a) => {
                const v = money(a);
                return v !== null && v > 0n && v !== tv && taxOf(v, hv) === tv;
              });
              if (hit) m = { ...hit, score: UNLABELLED };
            }
            // Neither printed under a label we know (a table row under unknown headers, a factor
            // "3,80"): the pair of printed amounts that the rate links, Messbetrag × rate / 100 = Steuer.
            if (want('festgesetzte_steuer') && want('messbetrag') && !m && !t && hv !== null) {
              for (const a of ordered) {
                const v = money(a)!;
                if (v <= 0n || amountIsPrepayment(v, hv)) continue;
                const tax = taxOf(v, hv);
                const hit = tax !== v ? standIn(tax, a, b, d) : null;
                if (hit) {
                  m = { ...a, score: UNLABELLED };
                  t = hit;
                  break;
                }
              }
            }
            if (want('festgesetzte_steuer') && !t && b && d) t = standIn(money(b)! + money(d)!, m, b, d);
            if (want('abrechnung') && !d && t && b) d = standIn(money(t)! - money(b)!, m, t, b);
            if (want('bisher_festgesetzt') && !b && t && d) {
              const bv = money(t)! - money(d)!;
              if (bv > 0n) b = standIn(bv, m, t, d);
              // The difference is the whole tax: nothing was assessed before (a first assessment
              // prints "—", "keine" or nothing at all for it).
              else if (bv === 0n) b = standIn(0n) ?? { ...d, value: '0.00', score: UNLABELLED };
            }
            if (want('bisher_festgesetzt') && want('abrechnung') && !b && !d && t) {
              const pair = settlementPair(t);
              if (pair) [b, d] = pair;
            }
            // A Vorauszahlungsbescheid without a usable Messbetrag label: the amount whose tax at
            // the Hebesatz gives the printed annual or quarterly prepayment (floor(annual / 4)).
            if (want('messbetrag') && !want('festgesetzte_steuer') && !m && hv !== null) {
              const hit = amounts.find((a) => {
                const v = money(a);
                return v !== null && v > 0n && prepaymentPrinted(taxOf(v, hv)) && !amountIsPrepayment(v, hv);
              });
              if (hit) m = { ...hit, score: UNLABELLED };
            }
            // One printed amount is one figure (a zero inferred for bisher stands nowhere).
            const at = (c: Candidate | null) => (c ? `${c.page}:${c.pos}:${c.value}` : null);
            const spots = [m, t, d, b && b.value !== '0.00' ? b : null].map(at).filter(Boolean);
            if (new Set(spots).size < spots.length) continue;
            const mv = money(m);
            const tv = money(t);
            const bv = money(b);
            const dv = money(d);
            const a1 = mv !== null && hv !== null && tv !== null && mv > 0n && taxOf(mv, hv) === tv;
            const a2 = tv !== null && bv !== null && dv !== null && tv - bv === dv;
            // Without a tax field (Vorauszahlungsbescheid): the annual or quarterly prepayment agrees.
            const a3 =
              !want('festgesetzte_steuer') &&
              mv !== null &&
              hv !== null &&
              mv > 0n &&
              prepaymentPrinted(taxOf(mv, hv));
            if (h && h.score === UNLABELLED && !a1 && !a3) continue;
            if (m && m.score === UNLABELLED && !a1 && !a3) continue;
            const s =
              sc(m) + sc(h) + sc(t) + sc(b) + sc(d) + (a1 ? AGREE : 0) + (a2 ? AGREE : 0) + (a3 ? AGREE : 0);
            if (!best || s > best.s + 1e-9) best = { s, pick: [m, h, t, b, d], agree: [a1, a2] };
          }
  const names = ['messbetrag', 'hebesatz', 'festgesetzte_steuer', 'bisher_festgesetzt', 'abrechnung'];
  const chosen: Record<string, Candidate | null> = {};
  const confirmed = new Set<string>();
  const checks: SolverCheck[] = [];
  if (!best) return { chosen, confirmed, checks };
  names.forEach((n, i) => {
    if (want(n)) chosen[n] = best!.pick[i] ?? null;
  });
  const [a1, a2] = best.agree;
  if (a1) for (const n of names.slice(0, 3)) confirmed.add(n);
  if (a2) for (const n of names.slice(2)) confirmed.add(n);
  const [m, h, t, b] = best.pick;
  const mv = money(m);
  const hv = pct(h);
  const tv = money(t);
  if (mv !== null && hv !== null && tv !== null && mv > 0n && taxOf(mv, hv) !== tv) {
    checks.push({
      code: 'steuer_passt_nicht',
      message: `Festgesetzte Steuer laut Bescheid ${fmt(tv)} € weicht von der Berechnung ab (Messbetrag ${fmt(mv)} € × Hebesatz ${fmtNumber(hv)} % / 100 = ${fmt(taxOf(mv, hv))} €).`,
      fields: ['messbetrag', 'hebesatz', 'festgesetzte_steuer'],
    });
  }
  const bv = money(b);
  const dv = money(chosen.abrechnung);
  if (tv !== null && bv !== null && dv !== null && tv - bv !== dv) {
    checks.push({
      code: 'abrechnung_passt_nicht',
      message: `Abrechnung laut Bescheid ${fmt(dv)} € weicht von der Berechnung ab (festgesetzte Steuer ${fmt(tv)} € − bisher festgesetzt ${fmt(bv)} € = ${fmt(tv - bv)} €).`,
      fields: ['festgesetzte_steuer', 'bisher_festgesetzt', 'abrechnung'],
    });
  }
  return { chosen, confirmed, checks };
}

/** Messbescheid: Gewerbeertrag (rounded down to 100 €) − Freibetrag, × 3.5 %, rounded down to full euros. */
export function solveMessbescheid(
  labelled: Partial<Record<'gewerbeertrag' | 'freibetrag' | 'messbetrag', Candidate[]>>,
  amounts: readonly Candidate[],
): Solution {
  const G = [null, ...top(labelled.gewerbeertrag ?? [])];
  const F = [null, ...top(labelled.freibetrag ?? [])];
  const M = [null, ...top(labelled.messbetrag ?? [])];
  // A Freibetrag of 0 is often not printed as a labelled amount at all.
  const labelledF = new Set(F.map((c) => c && String(c.value)));
  for (const a of top(amounts, 60))
    if (!labelledF.has(String(a.value)) && (money(a) ?? -1n) >= 0n) F.push({ ...a, score: UNLABELLED });
  // Every printed amount may stand in for the Gewerbeertrag and the Messbetrag when the
  // arithmetic agrees to the cent: labels may be missing, merged (a form's header row) or misleading.
  const positives = top(amounts, 60).filter((a) => (money(a) ?? -1n) > 0n);
  const labelledG = new Set(G.map((c) => c && String(c.value)));
  const labelledM = new Set(M.map((c) => c && String(c.value)));
  for (const a of positives) {
    if (!labelledG.has(String(a.value))) G.push({ ...a, score: UNLABELLED });
    if (!labelledM.has(String(a.value))) M.push({ ...a, score: UNLABELLED });
  }
  let best: { s: number; pick: (Candidate | null)[]; agree: boolean } | null = null;
  const sc = (c: Candidate | null) => (c ? c.score : 0);
  for (const g of G)
    for (const f of F)
      for (const m of M) {
        const gv = money(g);
        const fv = money(f);
        const mv = money(m);
        const agree = gv !== null && fv !== null && mv !== null && messbetragOf(gv, fv) === mv;
        if ((f?.score === UNLABELLED || g?.score === UNLABELLED || m?.score === UNLABELLED) && !agree)
          continue;
        // A triple the arithmetic confirms beats any that it does not; among those the labels
        // decide, and the unrounded Gewerbeertrag (the larger of two agreeing ones) is preferred.
        const s =
          sc(g) +
          sc(f) +
          sc(m) +
          (agree ? AGREE + 10 : 0) +
          (agree && gv !== null ? Number(gv % 10000n) * 1e-9 : 0);
        if (!best || s > best.s + 1e-12) best = { s, pick: [g, f, m], agree };
      }
  const chosen: Record<string, Candidate | null> = {};
  const confirmed = new Set<string>();
  const checks: SolverCheck[] = [];
  if (!best) return { chosen, confirmed, checks };
  const names = ['gewerbeertrag', 'freibetrag', 'messbetrag'];
  names.forEach((n, i) => {
    chosen[n] = best!.pick[i] ?? null;
    if (best!.agree) confirmed.add(n);
  });
  const [gv, fv, mv] = best.pick.map(money);
  if (!best.agree && gv != null && fv != null && mv != null) {
    const rounded = (gv / 10000n) * 10000n;
    const base = rounded - fv < 0n ? 0n : rounded - fv;
    checks.push({
      code: 'messbetrag_passt_nicht',
      message: `Messbetrag laut Bescheid ${fmt(mv)} € weicht von der Berechnung ab (Gewerbeertrag ${fmt(gv)} €, abgerundet auf volle 100 € ${fmt(rounded)} € − Freibetrag ${fmt(fv)} € = ${fmt(base)} € × 3,5 %, abgerundet = ${fmt(messbetragOf(gv, fv))} €).`,
      fields: names,
    });
  }
  return { chosen, confirmed, checks };
}

/**
 * Messbetrag of a Messbescheid (§ 11 GewStG): Gewerbeertrag rounded down to full 100 €, less the
 * Freibetrag (not below 0), × Steuermesszahl 3.5 %, rounded down to full euros. Cents in, cents out.
 */
export function messbetragOf(gewerbeertrag: bigint, freibetrag: bigint): bigint {
  const rounded = (gewerbeertrag / 10000n) * 10000n;
  const base = rounded - freibetrag < 0n ? 0n : rounded - freibetrag;
  return ((base * 35n) / 1000n / 100n) * 100n;
}

/** The quarterly prepayment of an annual tax: a quarter, rounded down to full euros. Cents in, cents out. */
export const quarterOf = (annual: bigint): bigint => (annual / 400n) * 100n;

/** Messbetrag × Hebesatz / 100, to the cent (half up), for the messages and the tests. */
export const taxOfCents = (messbetrag: bigint, hebesatz: number): bigint => taxOf(messbetrag, hebesatz);

/**
 * § 240 AO: one month's Säumniszuschlag, 1 % of the arrears rounded down to 50 €. Cents in, cents out.
 */
export const saeumnisUnit = (rueckstand: bigint): bigint => (rueckstand / 5000n) * 50n;

/**
 * § 233a / § 238 AO: interest on `base` (cents) for `months` full months at `ratePerMille`
 * (hundredths of a per cent per month: 50 = 0.5 %, 15 = 0.15 %); the base rounded down to 50 €,
 * the interest rounded down to full euros. Cents out.
 */
export const interestOf = (base: bigint, months: number, rateHundredths: bigint): bigint =>
  (((base / 5000n) * 5000n * rateHundredths * BigInt(months)) / 1_000_000n) * 100n;

function formatCents(c: bigint): string {
  const neg = c < 0n;
  const a = neg ? -c : c;
  return `${neg ? '-' : ''}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
}
/** Whole euros in German: 9875000n → "98.750". */
const fmtEuro = (c: bigint) => fmt(c).replace(/,00$/, '');
/** German number: 412.5 → "412,5". */
const fmtNumber = (n: number) => String(n).replace('.', ',');
/** German amount without the unit: 123456n → "1.234,56". */
const fmt = (c: bigint) => formatMoneyDe(c, { symbol: false });

/**
 * Mahnung: the Säumniszuschlag is 1 % of the arrears rounded down to 50 € for every month begun
 * since the due date (§ 240 AO). Chooses the (Rückstand, Säumniszuschlag) pair the labels vouch for
 * and the arithmetic confirms; an unlabelled amount stands in only when the arithmetic agrees.
 */
export function solveArrears(
  labelled: Partial<Record<'rueckstand' | 'saeumniszuschlag', Candidate[]>>,
  amounts: readonly Candidate[],
): Solution {
  const positives = top(
    amounts.filter((a) => (money(a) ?? 0n) > 0n),
    80,
  ).map((a) => ({ ...a, score: UNLABELLED }));
  const R = [null, ...top(labelled.rueckstand ?? []), ...positives];
  const S = [null, ...top(labelled.saeumniszuschlag ?? []), ...positives];
  const agrees = (r: bigint, s: bigint) => {
    const unit = saeumnisUnit(r);
    return unit > 0n && s % unit === 0n && s / unit >= 1n && s / unit <= 60n;
  };
  // The letter's own sum: arrears + surcharge (+ one more printed item, the fee) = a printed total.
  // Among the pairs § 240 AO allows (the monthly unit and its multiple both fit), the one the total
  // confirms is the one the letter demands ("1 % …, also 14,50 €; für 3 Monate 43,50 €").
  const printed = new Set(positives.map((a) => money(a)).filter((v): v is bigint => v !== null));
  const summed = (r: bigint, s: bigint) =>
    [...printed].some(
      (t) => t > r && (t === r + s || (t - r - s !== r && t - r - s !== s && printed.has(t - r - s))),
    );
  let best: { s: number; pick: [Candidate | null, Candidate | null]; agree: boolean } | null = null;
  const sc = (c: Candidate | null) => (c ? c.score : 0);
  for (const r of R)
    for (const s of S) {
      const rv = money(r);
      const sv = money(s);
      const agree = rv !== null && sv !== null && rv !== sv && agrees(rv, sv);
      if (((r && r.score === UNLABELLED) || (s && s.score === UNLABELLED)) && !agree) continue;
      // A pair that § 240 AO confirms beats any pair of labels it contradicts (labels may be
      // misleading: "Säumniszuschläge … 43.953,00 €" heads the arrears); among those the labels
      // decide, unless the letter's total confirms one of them.
      const total = sc(r) + sc(s) + (agree ? AGREE + 2 + (summed(rv, sv) ? AGREE : 0) : 0);
      if (!best || total > best.s + 1e-9) best = { s: total, pick: [r, s], agree };
    }
  const chosen: Record<string, Candidate | null> = {
    rueckstand: best?.pick[0] ?? null,
    saeumniszuschlag: best?.pick[1] ?? null,
  };
  const confirmed = new Set<string>(best?.agree ? ['rueckstand', 'saeumniszuschlag'] : []);
  const checks: SolverCheck[] = [];
  const [rv, sv] = [money(best?.pick[0]), money(best?.pick[1])];
  if (best && !best.agree && rv !== null && sv !== null && rv > 0n) {
    checks.push({
      code: 'saeumnis_passt_nicht',
      message: `Säumniszuschlag laut Mahnung ${fmt(sv)} € weicht von der Berechnung ab (Rückstand ${fmt(rv)} €, abgerundet auf volle 50 € = ${fmt((rv / 5000n) * 5000n)} € × 1 % = ${fmt(saeumnisUnit(rv))} € je angefangenen Monat; ${fmt(sv)} € ist kein Vielfaches davon, § 240 AO).`,
      fields: ['rueckstand', 'saeumniszuschlag'],
    });
  }
  return { chosen, confirmed, checks };
}

/**
 * First day of the Zinslauf of § 233a AO for a tax year: 15 months after its end (1 April of
 * year + 2), except the years Art. 97 § 36 EGAO moved (2019 → 1.10.2021, 2020 → 1.10.2022,
 * 2021 → 1.10.2023, 2022 → 1.9.2024, 2023 → 1.7.2025, 2024 → 1.6.2026).
 */
export function zinslaufStart(year: number): string {
  const moved: Record<number, string> = {
    2019: '2021-10-01',
    2020: '2022-10-01',
    2021: '2023-10-01',
    2022: '2024-09-01',
    2023: '2025-07-01',
    2024: '2026-06-01',
  };
  return moved[year] ?? `${year + 2}-04-01`;
}

const DAY = 864e5;
const dayOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY;
/** Full months from `von` to `bis` (calendar months; the day of `bis` before that of `von` loses one). */
export function fullMonths(von: string, bis: string): number {
  const [y1, m1, d1] = von.split('-').map(Number) as [number, number, number];
  const [y2, m2, d2] = bis.split('-').map(Number) as [number, number, number];
  return (y2 - y1) * 12 + (m2 - m1) - (d2 < d1 ? 1 : 0);
}

/**
 * Interest under § 233a AO: the Zinslauf begins 15 months after the end of the year of assessment
 * (1 April of year + 2) and ends with the notice (its date, or the day it counts as delivered);
 * interest = base rounded down to 50 € × full months × 0.5 % (to 2018) or 0.15 % (since 2019),
 * rounded down to full euros (§ 238 AO). Chooses the period and amount that the labels vouch for
 * and the arithmetic confirms; dates and amounts printed without a label may stand in only when
 * the rule agrees.
 */
export function solveInterest(
  labelled: Partial<Record<'zinsen' | 'zinsen_von' | 'zinsen_bis', Candidate[]>>,
  amounts: readonly Candidate[],
  dates: readonly Candidate[],
  context: {
    year?: number | null;
    noticeDate?: string | null;
    months?: readonly number[];
    /** The notice is about interest (a Zinsbescheid): no label needs to vouch for the figures. */
    required?: boolean;
    /**
     * The day the notice takes effect (Bekanntgabe), computed from its date: where the Zinslauf
     * ends (§ 233a Abs. 2 AO). Its candidate stands where the notice prints no such date.
     */
    bekanntgabe?: Candidate | null;
  },
): Solution {
  // The start as the law has it now, and the regular 1 April (notices printed before the
  // EGAO change, and municipal software that was not updated, still print it).
  const starts = new Set(context.year ? [zinslaufStart(context.year), `${context.year + 2}-04-01`] : []);
  const isStart = (v: string | null) => v !== null && starts.has(v);
  const notice = context.noticeDate ?? null;
  const unl = (cs: readonly Candidate[]) => cs.map((c) => ({ ...c, score: UNLABELLED }));
  const V = [
    null,
    ...top(labelled.zinsen_von ?? []),
    ...unl(
      top(
        dates.filter((d) => typeof d.value === 'string' && isStart(d.value)),
        2,
      ),
    ),
  ];
  const nearNotice = (d: Candidate) =>
    notice !== null && typeof d.value === 'string' && Math.abs(dayOf(d.value) - dayOf(notice)) <= 7;
  // The Zinslauf ends when the notice takes effect, after its date: an unlabelled date on or
  // before the letter's (the changed assessment's date, a received letter's) is no stand-in.
  const afterNotice = (d: Candidate) =>
    notice !== null && typeof d.value === 'string' && nearNotice(d) && dayOf(d.value) > dayOf(notice);
  const bek = context.bekanntgabe ?? null;
  const printedEnds = unl(top(dates.filter(afterNotice), 4));
  // The computed day stands in below any printed date after the letter's (a letter may not move
  // the day past a weekend, or post later).
  const computed =
    bek && !printedEnds.some((d) => d.value === bek.value) ? { ...bek, score: UNLABELLED } : null;
  const B = [null, ...top(labelled.zinsen_bis ?? []), ...printedEnds, ...(computed ? [computed] : [])];
  const Z = [null, ...top(labelled.zinsen ?? [])];
  const bases = amounts
    .map((a) => money(a))
    .filter((v): v is bigint => v !== null && v > 0n)
    .map((v) => (v / 5000n) * 5000n)
    .filter((v) => v > 0n);
  const interestAgrees = (z: bigint, months: number) =>
    bases.some((b) => [15n, 50n].some((rate) => interestOf(b, months, rate) === z));
  const zStandIns = top(
    amounts.filter((a) => (money(a) ?? 0n) > 0n),
    60,
  ).map((a) => ({ ...a, score: UNLABELLED }));
  let best: { s: number; pick: (Candidate | null)[]; agree: boolean } | null = null;
  const sc = (c: Candidate | null) => (c ? c.score : 0);
  for (const v of V)
    for (const b of B) {
      const vv = typeof v?.value === 'string' ? v.value : null;
      const bv = typeof b?.value === 'string' ? b.value : null;
      // A period that ends before it begins is unlikely, but what is printed is what counts.
      const reversed = vv !== null && bv !== null && dayOf(bv) <= dayOf(vv);
      // A period that runs backwards has no months of its own: the printed count decides.
      const months =
        vv && bv && !reversed ? fullMonths(vv, bv) : reversed ? (context.months?.[0] ?? null) : null;
      const monthsPrinted = months !== null && (context.months?.includes(months) ?? false);
      const periodPrior =
        (isStart(vv) ? 0.3 : 0) +
        (b && nearNotice(b) ? 0.3 : 0) +
        (b && b !== computed && bek && b.value === bek.value ? 0.1 : 0) -
        (b && b === computed ? 0.05 : 0) +
        (monthsPrinted ? 0.3 : 0);
      for (const z of [...Z, ...(months !== null && !reversed ? zStandIns : [])]) {
        const zv = money(z);
        const agree =
          zv !== null &&
          months !== null &&
          [months, months - 1, months + 1, ...(context.months ?? [])].some(
            (m) => m > 0 && interestAgrees(zv, m),
          );
        const picks = [v, b, z];
        // Stand-ins need their rule: the Zinslauf's legal start, or the arithmetic (or the printed
        // month count); a label must vouch for one of the three unless the notice is about interest.
        const standIn = (c: Candidate | null) => c !== null && c.score === UNLABELLED;
        if (standIn(v) && !isStart(vv) && !agree && !monthsPrinted) continue;
        if ((standIn(b) || standIn(z)) && !agree && !(standIn(b) && monthsPrinted)) continue;
        if (!context.required && picks.some(Boolean) && picks.every((c) => !c || c.score === UNLABELLED))
          continue;
        // An unlabelled date that is the notice's own date is already explained by it.
        const explained = standIn(b) && bv === notice ? 0.1 : 0;
        const total =
          sc(v) + sc(b) + sc(z) + periodPrior + (agree ? AGREE : 0) - (reversed ? 0.5 : 0) - explained;
        if (!best || total > best.s + 1e-9) best = { s: total, pick: picks, agree };
      }
    }
  const chosen: Record<string, Candidate | null> = {
    zinsen_von: best?.pick[0] ?? null,
    zinsen_bis: best?.pick[1] ?? null,
    zinsen: best?.pick[2] ?? null,
  };
  const confirmed = new Set<string>(best?.agree ? ['zinsen_von', 'zinsen_bis', 'zinsen'] : []);
  const check = best && !best.agree ? interestCheck(best.pick, amounts, context.months ?? []) : null;
  return { chosen, confirmed, checks: check ? [check] : [] };
}

/**
 * A printed interest that base × months × rate contradicts (§ 233a, § 238 AO). Only where the
 * figures leave no doubt: the amount under a label, the period's full months known (its dates or
 * one printed count), the rate fixed by the period (0.5 % up to 2018, 0.15 % from 2019; a period
 * across 31.12.2018 is computed per day and left alone), and no printed amount giving the interest
 * for a month more or less, rounded down (back payments) or up (refunds). Interest below 10 € is
 * not set at all (§ 239 Abs. 2 AO), so a printed 10 € or less is not checked. The base named is
 * the printed amount nearest to the interest that exceeds it.
 */
function interestCheck(
  [v, b, z]: (Candidate | null)[],
  amounts: readonly Candidate[],
  printedMonths: readonly number[],
): SolverCheck | null {
  const zv = money(z);
  if (!z || z.score === UNLABELLED || zv === null || zv <= 1000n) return null;
  const von = typeof v?.value === 'string' ? v.value : null;
  const bis = typeof b?.value === 'string' ? b.value : null;
  if (!von || !bis || dayOf(bis) <= dayOf(von)) return null;
  const rate = bis <= '2018-12-31' ? 50n : von >= '2019-01-01' ? 15n : null;
  if (rate === null) return null;
  const fromDates = fullMonths(von, bis);
  const months = printedMonths.length === 1 ? printedMonths[0]! : fromDates;
  if (months <= 0) return null;
  const tries = new Set([fromDates - 1, fromDates, fromDates + 1, ...printedMonths].filter((m) => m > 0));
  const printed = amounts
    .map((a) => ({ a, v: money(a) }))
    .filter((x): x is { a: Candidate; v: bigint } => x.v !== null && x.v > zv);
  for (const { v: base } of printed)
    for (const m of tries)
      for (const r of [15n, 50n]) {
        const exact = ((base / 5000n) * 5000n * r * BigInt(m)) / 10000n; // cents, unrounded
        const down = (exact / 100n) * 100n;
        if (zv === down || zv === down + 100n) return null;
      }
  const distance = (a: Candidate) => (a.page - z.page) * 1e6 + Math.abs(a.pos - z.pos);
  const near = printed.sort((x, y) => distance(x.a) - distance(y.a))[0];
  const pctText = rate === 50n ? '0,5' : '0,15';
  const message = near
    ? `Zinsen laut Bescheid ${fmt(zv)} € weichen von der Berechnung ab (Bemessungsgrundlage ${fmtEuro((near.v / 5000n) * 5000n)} € × ${months} Monate × ${pctText} % = ${fmt(interestOf(near.v, months, rate))} €).`
    : `Zinsen laut Bescheid ${fmt(zv)} € lassen sich aus keinem gedruckten Betrag berechnen (${months} Monate × ${pctText} %).`;
  return { code: 'zinsen_passt_nicht', message, fields: ['zinsen', 'zinsen_von', 'zinsen_bis'] };
}

/*
 * Table context (ninth step): an amount in a table has two contexts, the label of its row and
 * the header of its column, in either orientation. One of them names the figure (Messbetrag,
 * Hebesatz, Steuer), the other its version: the assessment before ("bisher", "alt", "vorher"),
 * the new one ("neu", "geändert"), or the difference ("Unterschied", "mehr", "weniger",
 * "Zu-/Abgang"). The old tax is what was assessed before, the tax's difference the settlement
 * (negative under "weniger", "Erstattung", "Guthaben"); an old or difference Messbetrag, Hebesatz
 * or tax is not the current one.
 */
type Role = 'old' | 'new' | 'diff';
const ROLE_OLD =
  /(?<![\p{L}])(?:bisher\p{L}*|alte?[rsnm]?|vorher\p{L}*|ursprünglich\p{L}*|früher\p{L}*|vorige[rsnm]?|letzte[rsnm]? festsetzung)(?![\p{L}])/iu;
const ROLE_NEW =
  /(?<![\p{L}])(?:neue?[rsnm]?|geändert\p{L}*|nunmehr\p{L}*|jetzt\p{L}*|aktuell\p{L}*|berichtigt\p{L}*)(?![\p{L}])/iu;
const ROLE_DIFF =
  /unterschied|differenz|änderung|abweichung|(?<![\p{L}])(?:mehr|weniger|zu-?\s?\/\s?abgang|saldo|nachzahlung|nachforderung|erstattung|guthaben|minderung|erhöhung)(?![\p{L}])|\+\s?\/\s?[-−–]|[-−–]\s?\/\s?\+/iu;
/** A difference column or row that means the taxpayer gets money back. */
const ROLE_MINUS = /weniger|minder|erstattung|guthaben|überzahl|zu viel|(?<![\p{L}])abgang(?![\p{L}])/iu;
const FIELD_OF: [string, RegExp][] = [
  ['freibetrag', /freibetrag/iu],
  ['gewerbeertrag', /(?<!nach dem )gewerbeertrag|(?<![\p{L}])(?:maßgebender )?ertrag(?![\p{L}])/iu],
  ['messbetrag', /me(?:ss|ß)betr|messbetr|anteil am|zerlegungsanteil/iu],
  ['hebesatz', /hebesatz|hebes\./iu],
  ['festgesetzte_steuer', /steuer|(?<![\p{L}])soll(?![\p{L}])|festsetzung|festgesetzt|jahresbetrag/iu],
];
const NOT_ASSESSMENT = /vorauszahl|zins|säumnis|mahn|quartal|(?<![\p{L}])(?:vj|q[1-4])(?![\p{L}])/iu;
const DATE_LIKE = /\d{1,2}\.\d{1,2}\.\d{2,4}/;
const AMOUNT_LIKE =
  /\d[\d.' ]*,(?:\d{2}|-)|\d{2,4}\s?(?:%|v\.\s?H)|(?<![\d.,])\d{1,3}(?:\.\d{3})+(?![\d,])|(?<![\d.,])\d+(?![\d.,])/u;

const roleOf = (s: string): Role | null =>
  ROLE_DIFF.test(s) ? 'diff' : ROLE_OLD.test(s) ? 'old' : ROLE_NEW.test(s) ? 'new' : null;
const fieldOf = (s: string): string | null => FIELD_OF.find(([, re]) => re.test(s))?.[0] ?? null;

export interface CellContext {
  /** Text of the row left of the value (its label), without amounts. */
  row: string;
  /** Header cell above the value in a table (a row of at least two cells), or ''. */
  header: string;
}

/** The row label and the column header of the value at `pos` (with rectangle `rect`). */
export function cellContext(ix: PageIndex, pos: number, rect: Rect): CellContext {
  const r = rowOf(ix, pos);
  const row = ix.rows[r];
  const label = row
    ? row.lines
        .filter((l) => l.rect[0] + l.rect[2] <= rect[0] + 1)
        .map((l) => l.text)
        .join(' ')
        .replace(/[-−–]?\s?\d[\d.,' ]*(?:€|EUR|Euro|%)?/giu, ' ')
        .replace(/\s+/g, ' ')
        .trim()
    : '';
  let header = '';
  const lineH = Math.max(6, rect[3]);
  for (let rr = r - 1; rr >= 0 && rr >= r - 8; rr--) {
    const above = ix.rows[rr];
    if (!above || rect[1] - (above.rect[1] + above.rect[3]) > lineH * 9) break;
    const mid = rect[0] + rect[2] / 2;
    // The cell above: overlapping the value, or (right-aligned numbers under left-aligned
    // headers) the segment whose span comes nearest.
    const cells = above.lines.filter(
      (l) => xOverlap(l.rect, rect) > 0 || (l.rect[0] <= mid + 30 && l.rect[0] + l.rect[2] >= rect[0] - 30),
    );
    if (cells.length === 0) continue;
    const text = cells.map((l) => l.text).join(' ');
    if (DATE_LIKE.test(text) || AMOUNT_LIKE.test(text.replace(/\(.*?\)|§\s?\d+\w*|\d+\.\s/g, ''))) continue;
    // A header line has at least two cells and short ones; a sentence above is no header.
    if (above.lines.length >= 2 && text.length <= 48) header = text;
    break;
  }
  return { row: label, header };
}

/**
 * Candidates from tables with versions (old / new / difference) and demotion of the values that
 * are not the current figure. Returns the labelled candidates with these added.
 */
export function withTableContext<K extends string>(
  labelled: Partial<Record<K, Candidate[]>>,
  indexes: readonly PageIndex[],
  amounts: readonly Candidate[],
  percents: readonly Candidate[],
): Partial<Record<K, Candidate[]>> {
  const out: Partial<Record<string, Candidate[]>> = {};
  for (const [k, v] of Object.entries(labelled)) out[k] = (v as Candidate[]).map((c) => ({ ...c }));
  const stale = new Set<string>();
  const key = (c: { page: number; pos: number }) => `${c.page}:${c.pos}`;
  const add = (f: string, c: Candidate) => {
    if (out[f]) out[f]!.push(c);
  };
  for (const c of [...amounts, ...percents]) {
    const ix = indexes.find((i) => i.page.page === c.page);
    if (!ix) continue;
    const { row, header } = cellContext(ix, c.pos, c.rect);
    if (!header || NOT_ASSESSMENT.test(row) || NOT_ASSESSMENT.test(header) || DATE_LIKE.test(row)) continue;
    // Which context names the figure, which the version (the other one first, else the same).
    const fRow = fieldOf(row);
    const fHead = fieldOf(header);
    const field = fRow ?? fHead;
    if (!field) continue;
    const other = fRow ? header : row;
    const same = fRow ? row : header;
    const role = roleOf(other) ?? roleOf(same);
    if (!role) continue;
    const roleText = roleOf(other) ? other : same;
    const isMoney = typeof c.value === 'string';
    if (field === 'hebesatz' ? isMoney : !isMoney) continue;
    if (role === 'new') {
      add(field, { ...c, score: 0.98 });
      continue;
    }
    stale.add(key(c));
    if (field !== 'festgesetzte_steuer') continue;
    if (role === 'old') add('bisher_festgesetzt', { ...c, score: 0.95 });
    else {
      const minus = ROLE_MINUS.test(roleText) && !/zu-?\s?\//iu.test(roleText);
      const v = c.value as string;
      add('abrechnung', {
        ...c,
        value: minus && !v.startsWith('-') && v !== '0.00' ? `-${v}` : v,
        score: 0.95,
      });
    }
  }
  if (stale.size)
    for (const f of ['messbetrag', 'hebesatz', 'festgesetzte_steuer', 'gewerbeertrag', 'freibetrag'])
      for (const c of out[f] ?? []) if (stale.has(key(c))) c.score *= 0.3;
  return out as Partial<Record<K, Candidate[]>>;
}

/**
 * Whole euros printed without cents and without a unit after them: "EUR 13.865", "€ 0",
 * "Euro 24.500" (unit first), or a number with thousands points "68.250" (a column "EUR").
 * Never the part of an amount with cents, a date or a longer number. Such values stand in for
 * the solvers only where the arithmetic vouches for them.
 */
export const WHOLE_EURO_SOURCE = String.raw`(?:(?<=(?:€|EUR|Euro)[ \u00a0]?)[-−]?(?:\d{1,3}(?:\.\d{3})+|\d+)|(?<![\d.,/])\d{1,3}(?:\.\d{3})+)(?![\d]|[.,]\d|,[-–]|[ \u00a0\u202f]\d|\.\s?(?:\d|(?:jan|feb|mär|apr|mai|jun|jul|aug|sep|okt|nov|dez)))`;

/** "EUR 13.865" → "13865.00" (null if none). */
export function parseWholeEuro(input: string): string | null {
  // A match of WHOLE_EURO_SOURCE comes without the unit that preceded it.
  const raw = /^\s*[-−]?(?:\d{1,3}(?:\.\d{3})+|\d+)\s*$/u.test(input)
    ? input
    : new RegExp(WHOLE_EURO_SOURCE, 'u').exec(input)?.[0];
  if (!raw) return null;
  const digits = raw.replace(/[^\d]/g, '');
  if (!digits) return null;
  const v = BigInt(digits) * 100n;
  return formatCents(/^\s*[-−]/.test(raw) ? -v : v);
}
