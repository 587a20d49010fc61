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

/** The working-day shift: due date → the day the money moves, in the municipality's calendar. */
async function workingDays(db: DbOrTx) {
  const setting = await holidaySetting(db);
  return (faelligAm: string, ags: string, stored: string | null) => {
    const { bundesland, holidays } = calendarOf(ags, setting, stored);
    return zahltag(faelligAm, bundesland, holidays);
  };
}

/** The 12 months from `from` ("YYYY-MM"), and how far to read lines: a due date shortly before the end can move past it. */
function cashWindow(from: string) {
  const start = `${from}-01`;
  const end = monthsEnd(start, 12);
  return { start, end, until: end.replace(/-01$/, '-20') };
}

/** Open lines with the day the money moves (due date shifted to a working day): the trace. */
export async function cashLines(db: DbOrTx, scope: repo.Scope, from: string) {
  const { start, end, until } = cashWindow(from);
  const [lines, shift] = await Promise.all([repo.openLinesDueBefore(db, scope, until), workingDays(db)]);
  return lines
    .map((l) => ({ ...l, zahltag: shift(l.faellig_am!, l.ags, l.bundesland) }))
    .filter((l) => l.zahltag < end)
    .map((l) => ({ ...l, month: l.zahltag < start ? null : l.zahltag.slice(0, 7) }));
}

const sumsBy = <T>(rows: readonly T[], key: (r: T) => string | null, amount: (r: T) => string) => {
  const sums = new Map<string, string[]>();
  for (const r of rows) {
    const k = key(r);
    if (k === null) continue;
    const list = sums.get(k);
    if (list) list.push(amount(r));
    else sums.set(k, [amount(r)]);
  }
  return (k: string) => sumMoney(sums.get(k) ?? []);
};

/**
 * 3 Cash plan: the open lines by the working day the money moves, per month, quarter and
 * municipality. The distinct due dates are shifted here (the holiday calendar is domain
 * code), the lines are summed in SQL with them.
 */
export async function cashPlanReport(db: DbOrTx, q: CashPlanQuery & Paging): Promise<CashPlanReport> {
  const f = await resolveFilter(db, {
    ...q,
    // The cash plan looks ahead: without a year range every tax year counts.
    year_from: q.year_from ?? 1990,
    year_to: q.year_to ?? 2100,
  });
  const from = q.from ?? currentMonth();
  const months = monthsFrom(`${from}-01`, 12);
  const window = cashWindow(from);
  const [dates, shift] = await Promise.all([repo.openDueDates(db, f.scope, window.until), workingDays(db)]);
  const sums = await repo.cashSums(
    db,
    f.scope,
    dates.map((d) => ({ d: d.d, bl: d.bl, land: d.land, z: shift(d.d, d.ags, d.bl || null) })),
    window,
    { limit: q.per_page, offset: q.per_page === null ? 0 : (q.page - 1) * q.per_page },
  );
  const sumsOf = (inMonth: (month: string) => boolean) => {
    const of = sums.months.filter((r) => inMonth(r.month));
    const group = sumsBy(
      of,
      (r) => cashGroupOf(r.kind),
      (r) => r.betrag,
    );
    return {
      ...(Object.fromEntries(CASH_GROUPS.map((g) => [g, group(g)])) as Record<CashGroup, string>),
      summe: sumMoney(of.map((r) => r.betrag)),
    };
  };
  const quarters = [...new Set(months.map(quarterOfMonth))];
  const perMonth = sumsBy(
    sums.perMonth,
    (r) => `${r.ags}|${r.month}`,
    (r) => r.betrag,
  );
  return {
    filter: { ...publicFilter(f), year_from: q.year_from ?? f.year_from, from, months },
    months: months.map((month) => ({ month, ...sumsOf((m) => m === month) })),
    quarters: quarters.map((quarter) => ({ quarter, ...sumsOf((m) => quarterOfMonth(m) === quarter) })),
    municipalities: sums.municipalities.map((m) => ({
      ags: m.ags,
      gemeinde: m.gemeinde,
      betraege: months.map((month) => perMonth(`${m.ags}|${month}`)),
      summe: m.summe,
    })),
    meta:
      q.per_page === null
        ? pageMeta(1, Math.max(1, sums.total), sums.total)
        : pageMeta(q.page, q.per_page, sums.total),
    ueberfaellig: { anzahl: sums.overdue.anzahl, summe: sums.overdue.summe },
    total: sumsOf(() => true),
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
