import {
  CASH_GROUPS,
  type CashGroup,
  type CashPlanQuery,
  type CashPlanReport,
  cashGroupOf,
  type ExpenseQuery,
  type ExpenseReport,
  INTEREST_TREATMENT,
  type InterestReport,
  monthsEnd,
  monthsFrom,
  pageMeta,
  quarterOfMonth,
  REPORT_INTEREST_KINDS,
  type ReportBaseQuery,
  type ReportInterestKind,
  subMoney,
  sumMoney,
  zahltag,
} from '@gewst/domain';
import type { DbOrTx } from '../../db/client';
import { calendarOf, holidaySetting } from '../calculations/calendar';
import { pageOf, publicFilter, resolveFilter, today } from './common';
import * as repo from './repo';

export { provisionReport } from './provision';
export { reconciliationReport } from './reconciliation';

/** Rows per page, or null for all rows (exports). */
type Paging = { page: number; per_page: number | null };

// ---------------------------------------------------------------- 1 tax expense

export async function expenseReport(db: DbOrTx, q: ExpenseQuery & Paging): Promise<ExpenseReport> {
  const f = await resolveFilter(db, q);
  const perPage = q.per_page;
  const figures = await repo.expenseFigures(db, f.scope, q.group_by === 'betriebsstaette', {
    limit: perPage,
    offset: perPage === null ? 0 : (q.page - 1) * perPage,
  });
  const years: ExpenseReport['years'] = figures.years.map(({ previous, vorjahr, ...y }) => {
    const { hebesatz_effekt, anteil_effekt } = y;
    // Municipalities new or gone this year change the total without a previous-year pair.
    const differenz = subMoney(y.aufwand, vorjahr);
    return {
      year: y.year,
      festgesetzt: y.festgesetzt,
      vorauszahlungen: y.vorauszahlungen,
      bezahlt: y.bezahlt,
      gebucht: y.gebucht,
      offen: y.offen,
      aufwand: y.aufwand,
      aenderung: previous
        ? {
            differenz,
            hebesatz_effekt,
            anteil_effekt,
            sonstiges: subMoney(subMoney(differenz, hebesatz_effekt), anteil_effekt),
          }
        : null,
    };
  });
  const sum = (k: keyof ExpenseReport['total']) => sumMoney(years.map((y) => y[k]));
  return {
    filter: { ...publicFilter(f), group_by: q.group_by },
    rows: figures.rows,
    meta:
      perPage === null
        ? pageMeta(1, Math.max(1, figures.total), figures.total)
        : pageMeta(q.page, perPage, figures.total),
    years,
    total: {
      festgesetzt: sum('festgesetzt'),
      vorauszahlungen: sum('vorauszahlungen'),
      bezahlt: sum('bezahlt'),
      gebucht: sum('gebucht'),
      offen: sum('offen'),
      aufwand: sum('aufwand'),
    },
    changes: figures.changes,
    top: figures.top,
  };
}

// ---------------------------------------------------------------- 3 cash plan

export const currentMonth = () => today().slice(0, 7);

/** Open lines with the day the money moves (due date shifted to a working day). */
export async function cashLines(db: DbOrTx, scope: repo.Scope, from: string) {
  const start = `${from}-01`;
  const end = monthsEnd(start, 12);
  // A due date shortly before the end can move past it: read a little further, cut after shifting.
  const [lines, setting] = await Promise.all([
    repo.openLinesDueBefore(db, scope, end.replace(/-01$/, '-20')),
    holidaySetting(db),
  ]);
  return lines
    .map((l) => {
      const { bundesland, holidays } = calendarOf(l.ags, setting, l.bundesland);
      return { ...l, zahltag: zahltag(l.faellig_am!, bundesland, holidays) };
    })
    .filter((l) => l.zahltag < end)
    .map((l) => ({ ...l, month: l.zahltag < start ? null : l.zahltag.slice(0, 7) }));
}

const emptySums = () =>
  Object.fromEntries([...CASH_GROUPS, 'summe'].map((k) => [k, [] as string[]])) as Record<
    CashGroup | 'summe',
    string[]
  >;
const closeSums = (s: Record<CashGroup | 'summe', string[]>) =>
  Object.fromEntries(Object.entries(s).map(([k, v]) => [k, sumMoney(v)])) as Record<
    CashGroup | 'summe',
    string
  >;

export async function cashPlanReport(db: DbOrTx, q: CashPlanQuery & Paging): Promise<CashPlanReport> {
  const f = await resolveFilter(db, {
    ...q,
    // The cash plan looks ahead: without a year range every tax year counts.
    year_from: q.year_from ?? 1990,
    year_to: q.year_to ?? 2100,
  });
  const from = q.from ?? currentMonth();
  const months = monthsFrom(`${from}-01`, 12);
  const lines = await cashLines(db, f.scope, from);
  const perMonth = new Map(months.map((m) => [m, emptySums()]));
  const perQuarter = new Map<string, ReturnType<typeof emptySums>>();
  for (const m of months)
    if (!perQuarter.has(quarterOfMonth(m))) perQuarter.set(quarterOfMonth(m), emptySums());
  const total = emptySums();
  const byMunicipality = new Map<string, { gemeinde: string; betraege: string[][] }>();
  const overdue: string[] = [];
  for (const l of lines) {
    if (l.month === null) {
      overdue.push(l.betrag);
      continue;
    }
    const g = cashGroupOf(l.kind);
    for (const target of [perMonth.get(l.month)!, perQuarter.get(quarterOfMonth(l.month))!, total]) {
      target[g].push(l.betrag);
      target.summe.push(l.betrag);
    }
    const m = byMunicipality.get(l.ags) ?? { gemeinde: l.gemeinde, betraege: months.map(() => []) };
    m.betraege[months.indexOf(l.month)]!.push(l.betrag);
    byMunicipality.set(l.ags, m);
  }
  const municipalities = [...byMunicipality.entries()]
    .map(([ags, m]) => ({
      ags,
      gemeinde: m.gemeinde,
      betraege: m.betraege.map((b) => sumMoney(b)),
      summe: sumMoney(m.betraege.flat()),
    }))
    .sort((a, b) => Number(b.summe) - Number(a.summe) || a.ags.localeCompare(b.ags));
  const page = pageOf(municipalities, q.page, q.per_page);
  return {
    filter: { ...publicFilter(f), year_from: q.year_from ?? f.year_from, from, months },
    months: months.map((m) => ({ month: m, ...closeSums(perMonth.get(m)!) })),
    quarters: [...perQuarter.entries()].map(([quarter, s]) => ({ quarter, ...closeSums(s) })),
    municipalities: page.rows,
    meta: page.meta,
    ueberfaellig: { anzahl: overdue.length, summe: sumMoney(overdue) },
    total: closeSums(total),
  };
}

// ---------------------------------------------------------------- 4 interest

/** Interest stated on a Bescheid and ours, signed like the lines (refund interest negative). */
const signed = (v: string, refund: boolean) => (refund && Number(v) !== 0 ? `-${v}` : v);

export async function interestReport(db: DbOrTx, q: ReportBaseQuery & Paging): Promise<InterestReport> {
  const f = await resolveFilter(db, q);
  const [sums, comparisons] = await Promise.all([
    repo.interestSums(db, f.scope),
    repo.interestComparisons(db, f.scope),
  ]);
  const compared = comparisons.map((c) => {
    const kind: ReportInterestKind = c.refund ? 'erstattungszinsen' : 'nachzahlungszinsen';
    const bescheid = signed(c.interest.notice, c.refund);
    const eigene = signed(c.interest.ours, c.refund);
    return {
      year: c.year,
      kind,
      master_data_id: c.master_data_id,
      designation: c.designation,
      ags: c.ags,
      gemeinde: c.gemeinde,
      bescheid,
      eigene,
      differenz: subMoney(eigene, bescheid),
      basis: c.interest.base,
      von: c.interest.from,
      bis: c.interest.to,
      monate: c.interest.months,
    };
  });
  const rows: InterestReport['rows'] = [];
  for (let y = f.year_from; y <= f.year_to; y++) {
    for (const kind of REPORT_INTEREST_KINDS) {
      const s = sums.find((r) => r.year === y && r.kind === kind);
      const c = compared.filter((r) => r.year === y && r.kind === kind);
      if (!s && !c.length) continue;
      rows.push({
        year: y,
        kind,
        behandlung: INTEREST_TREATMENT[kind],
        betrag: s ? sumMoney([s.betrag]) : '0.00',
        anzahl: s?.anzahl ?? 0,
        bescheid: c.length ? sumMoney(c.map((r) => r.bescheid)) : null,
        eigene: c.length ? sumMoney(c.map((r) => r.eigene)) : null,
        differenz: c.length ? sumMoney(c.map((r) => r.differenz)) : null,
        abweichungen: c.filter((r) => Number(r.differenz) !== 0).length,
      });
    }
  }
  const years = [...new Set(rows.map((r) => r.year))].map((year) => {
    const of = rows.filter((r) => r.year === year);
    return {
      year,
      nicht_abziehbar: sumMoney(of.filter((r) => r.behandlung === 'nicht_abziehbar').map((r) => r.betrag)),
      steuerpflichtig: sumMoney(of.filter((r) => r.behandlung === 'steuerpflichtig').map((r) => r.betrag)),
      abweichungen: of.reduce((n, r) => n + r.abweichungen, 0),
    };
  });
  const differences = compared.filter((r) => Number(r.differenz) !== 0);
  const page = pageOf(differences, q.page, q.per_page);
  return {
    filter: publicFilter(f),
    rows,
    years,
    total: {
      nicht_abziehbar: sumMoney(years.map((y) => y.nicht_abziehbar)),
      steuerpflichtig: sumMoney(years.map((y) => y.steuerpflichtig)),
    },
    abweichungen: page.rows,
    meta: page.meta,
  };
}
