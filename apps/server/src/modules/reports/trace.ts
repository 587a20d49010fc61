import {
  cashGroupOf,
  PAYMENT_LINE_KIND_LABELS,
  pageMeta,
  REPORT_COLUMNS,
  sumMoney,
  type Trace,
  type TraceQuery,
} from '@gewst/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { validationFailed } from '../../http/errors';
import { pageOf, resolveFilter } from './common';
import { bookingsOfLines } from '../bookings';
import * as repo from './repo';
import { cashLines, currentMonth } from './service';

const COLUMN_LABELS: Record<string, string> = {
  festgesetzt: 'Festgesetzt',
  vorauszahlungen: 'Vorauszahlungen',
  bezahlt: 'Bezahlt',
  offen: 'Offen',
  gebucht: 'Gebucht',
  erwartet: 'Erwartet',
  summe: 'Summe',
  ueberfaellig: 'Überfällig',
  abschlusszahlungen: 'Abschlusszahlungen',
  erstattungen: 'Erstattungen',
  zinsen: 'Zinsen',
  zuschlaege: 'Säumniszuschläge',
  betrag: 'Zinsen und Zuschläge',
};

const LINE_FILTERS: Record<string, SQL> = {
  vorauszahlungen: repo.PREPAYMENT,
  bezahlt: sql`${repo.PRINCIPAL} and ${repo.PAID}`,
  offen: sql`${repo.PRINCIPAL} and ${repo.OPEN}`,
  gebucht: sql`${repo.PRINCIPAL} and l.booking_id is not null and ${repo.BOOKED}`,
};

/**
 * The payment lines, notices and bookings behind one figure of a report: the same
 * predicates as the figure, so the listed amounts add up to it.
 */
export async function trace(db: DbOrTx, q: TraceQuery): Promise<Trace> {
  const columns: readonly string[] = REPORT_COLUMNS[q.report];
  if (!columns.includes(q.column))
    throw validationFailed({ column: [`Diese Spalte lässt sich nicht aufschlüsseln: ${q.column}.`] });
  const yearFrom = q.year ?? q.year_from;
  const yearTo = q.year ?? q.year_to;
  const f = await resolveFilter(db, {
    company_id: q.company_id,
    ...(yearFrom !== undefined ? { year_from: yearFrom } : {}),
    ...(yearTo !== undefined ? { year_to: yearTo } : {}),
    ags: q.ags,
  });
  const scope: repo.Scope = { ...f.scope, masterDataId: q.master_data_id ?? null };
  const where = [f.gemeinde, q.master_data_id ? `Betriebsstätte ${q.master_data_id}` : null]
    .filter(Boolean)
    .join(', ');
  const range = yearFrom === yearTo ? `${yearFrom}` : `${f.year_from}–${f.year_to}`;
  let title = `${COLUMN_LABELS[q.column] ?? q.column} ${range}${where ? ` – ${where}` : ''}`;

  const limit = { limit: q.per_page, offset: (q.page - 1) * q.per_page };
  let lines: (repo.LineRow & { zahltag?: string | null })[] = [];
  let documents: repo.TraceDocument[] = [];
  let summe: string;
  let total: number;
  if (q.report === 'cashplan') {
    const from = q.from ?? currentMonth();
    // the tax years of the figure: the range when one is given, else every year (cashPlanReport)
    const years = { yearFrom: yearFrom ?? 1990, yearTo: yearTo ?? 2100 };
    const all = (await cashLines(db, { ...scope, ...years }, from)).filter((l) => {
      if (q.column === 'ueberfaellig') return l.month === null;
      if (l.month === null) return false;
      if (q.month && l.month !== q.month) return false;
      return q.column === 'summe' || cashGroupOf(l.kind) === q.column;
    });
    title = `${COLUMN_LABELS[q.column]} ${q.column === 'ueberfaellig' ? `vor ${from}` : (q.month ?? `ab ${from}`)}${f.gemeinde ? ` – ${f.gemeinde}` : ''}`;
    summe = sumMoney(all.map((l) => l.betrag));
    total = all.length;
    lines = pageOf(all, q.page, q.per_page).rows;
  } else if (q.column === 'festgesetzt' || q.column === 'erwartet') {
    const assessed = await repo.assessingDocuments(db, scope, limit);
    ({ summe, total } = assessed);
    documents = assessed.rows;
  } else {
    let filter = LINE_FILTERS[q.column]!;
    if (q.report === 'interest') {
      const kinds = q.kind ? [q.kind] : ['nachzahlungszinsen', 'erstattungszinsen', 'saeumniszuschlag'];
      filter = sql`l.kind in ${kinds}`;
      if (q.kind) title = `${PAYMENT_LINE_KIND_LABELS[q.kind]} ${range}${where ? ` – ${where}` : ''}`;
    }
    const listed = await repo.lines(db, scope, filter, limit);
    ({ summe, total } = listed);
    lines = listed.rows;
  }
  if (lines.length) {
    const fromLines = await repo.documentsByIds(
      db,
      lines.flatMap((l) => (l.document_id ? [l.document_id] : [])),
    );
    documents = [...documents, ...fromLines];
  }
  return {
    title,
    summe,
    payment_lines: lines.map((l) => ({
      id: l.id,
      master_data_id: l.master_data_id,
      designation: l.designation,
      ags: l.ags,
      gemeinde: l.gemeinde,
      year: l.year,
      kind: l.kind as Trace['payment_lines'][number]['kind'],
      quartal: l.quartal,
      betrag: sumMoney([l.betrag]),
      faellig_am: l.faellig_am,
      zahltag: l.zahltag ?? null,
      status: l.status as Trace['payment_lines'][number]['status'],
      document_id: l.document_id,
      booking_id: l.booking_id,
      reason: l.reason,
    })),
    documents,
    bookings: await bookingsOfLines(
      db,
      lines.flatMap((l) => (l.booking_id ? [l.id] : [])),
    ),
    meta: pageMeta(q.page, q.per_page, total),
  };
}
