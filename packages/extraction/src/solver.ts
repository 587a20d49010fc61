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
import { toCents } from './normalize.js';
import type { Candidate } from './search.js';

export interface SolverCheck {
  code: 'steuer_passt_nicht' | 'abrechnung_passt_nicht' | 'messbetrag_passt_nicht';
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
  const amountSet = new Map<bigint, Candidate>();
  for (const a of amounts) {
    const v = money(a);
    if (v !== null && !amountSet.has(v < 0n ? -v : v)) amountSet.set(v < 0n ? -v : v, a);
  }
  const standIn = (v: bigint): Candidate | null => {
    const hit = amountSet.get(v < 0n ? -v : v);
    return hit ? { ...hit, value: formatCents(v), score: UNLABELLED } : null;
  };
  const prepaymentPrinted = (annual: bigint) => {
    const q = (annual / 400n) * 100n;
    return q > 0n && (amountSet.has(q) || amountSet.has(q * 4n));
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
            if (want('festgesetzte_steuer') && !t && m && hv !== null) t = standIn(taxOf(money(m)!, hv));
            if (want('messbetrag') && !m && t && hv !== null) {
              const tv = money(t)!;
              const hit = amounts.find((a) => {
                const v = money(a);
                return v !== null && v > 0n && v !== tv && taxOf(v, hv) === tv;
              });
              if (hit) m = { ...hit, score: UNLABELLED };
            }
            if (want('festgesetzte_steuer') && !t && b && d) t = standIn(money(b)! + money(d)!);
            if (want('abrechnung') && !d && t && b) d = standIn(money(t)! - money(b)!);
            if (want('bisher_festgesetzt') && !b && t && d) {
              const bv = money(t)! - money(d)!;
              if (bv >= 0n) b = standIn(bv);
            }
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
            if (m && m.score === UNLABELLED && !a1) continue;
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
      message: `Messbetrag × Hebesatz / 100 ergibt ${fmt(taxOf(mv, hv))} €, gelesen wurde als festgesetzte Steuer ${fmt(tv)} €.`,
      fields: ['messbetrag', 'hebesatz', 'festgesetzte_steuer'],
    });
  }
  const bv = money(b);
  const dv = money(chosen.abrechnung);
  if (tv !== null && bv !== null && dv !== null && tv - bv !== dv) {
    checks.push({
      code: 'abrechnung_passt_nicht',
      message: `Festgesetzte Steuer − bisher festgesetzt ergibt ${fmt(tv - bv)} €, gelesen wurde als Abrechnung ${fmt(dv)} €.`,
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
  let best: { s: number; pick: (Candidate | null)[]; agree: boolean } | null = null;
  const sc = (c: Candidate | null) => (c ? c.score : 0);
  for (const g of G)
    for (const f of F)
      for (const m of M) {
        const gv = money(g);
        const fv = money(f);
        const mv = money(m);
        let agree = false;
        if (gv !== null && fv !== null && mv !== null) {
          const rounded = (gv / 10000n) * 10000n;
          const base = rounded - fv < 0n ? 0n : rounded - fv;
          agree = ((base * 35n) / 1000n / 100n) * 100n === mv;
        }
        if (f && f.score === UNLABELLED && !agree) continue;
        const s = sc(g) + sc(f) + sc(m) + (agree ? AGREE : 0);
        if (!best || s > best.s + 1e-9) best = { s, pick: [g, f, m], agree };
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
  if (!best.agree && best.pick.every(Boolean)) {
    checks.push({
      code: 'messbetrag_passt_nicht',
      message: 'Gewerbeertrag, Freibetrag und Steuermesszahl 3,5 % ergeben nicht den gelesenen Messbetrag.',
      fields: names,
    });
  }
  return { chosen, confirmed, checks };
}

function formatCents(c: bigint): string {
  const neg = c < 0n;
  const a = neg ? -c : c;
  return `${neg ? '-' : ''}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
}
const fmt = (c: bigint) => {
  const s = formatCents(c);
  const [i = '0', d = '00'] = s.replace('-', '').split('.');
  return `${s.startsWith('-') ? '-' : ''}${i.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${d}`;
};
