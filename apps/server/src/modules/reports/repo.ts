import { AGS_WITH_OWN_CALENDAR } from '@gewst/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { jsonRowsOf, rowsOf } from '../../db/sql';
import { exportedBookingOf } from '../bookings';

/**
 * SQL of the reports. Shared predicates keep a figure and the lines listed behind it
 * (trace) the same set: a line counts when it is active (not superseded, not cancelled).
 */
export const ACTIVE = sql`l.superseded_by is null and l.status <> 'storniert'`;
/** Kinds that settle the tax itself (the domain's PRINCIPAL_KINDS). */
export const PRINCIPAL = sql`l.kind in ('vorauszahlung', 'abschlusszahlung', 'erstattung', 'korrektur', 'anrechnung')`;
/** Prepayments, including those a notice credits as an opening balance (`anrechnung`). */
export const PREPAYMENT = sql`l.kind in ('vorauszahlung', 'korrektur', 'anrechnung')`;
export const PAID = sql`l.status = 'bezahlt'`;
export const OPEN = sql`l.status in ('offen', 'angewiesen')`;
/** In an exported booking that no exported reversal cancels (bookings module). */
export const BOOKED = exportedBookingOf('l');

/** Money as text with two places (JSON built in SQL keeps amounts exact as strings). */
const m2 = (e: SQL) => sql`(${e})::numeric(16,2)::text`;

export interface Scope {
  companyId: number;
  yearFrom: number;
  yearTo: number;
  ags?: string | null;
  masterDataId?: number | null;
}

function scopeOf(alias: 'p' | 'l', s: Scope): SQL {
  const t = sql.raw(alias);
  const parts = [sql`${t}.company_id = ${s.companyId}`, sql`${t}.year between ${s.yearFrom} and ${s.yearTo}`];
  if (s.ags) parts.push(sql`md.ags = ${s.ags}`);
  if (s.masterDataId) parts.push(sql`md.id = ${s.masterDataId}`);
  return sql.join(parts, sql` and `);
}

/** The groups of report_sums (alias rs) in scope; not for one establishment's scope. */
function sumsScope(s: Scope): SQL {
  const parts = [sql`rs.company_id = ${s.companyId}`, sql`rs.year between ${s.yearFrom} and ${s.yearTo}`];
  if (s.ags) parts.push(sql`rs.ags = ${s.ags}`);
  return sql.join(parts, sql` and `);
}

/** The payments in scope with their establishment and municipality (aliases p, md, m). */
const paymentsIn = (s: Scope) => sql`from payments p
  join master_data md on md.id = p.master_data_id
  join municipalities m on m.ags = md.ags
  where ${scopeOf('p', s)}`;

/** Years that have payment data (newest first): for the default year range. */
export async function yearsWithData(db: DbOrTx, companyId: number) {
  const rows = await rowsOf<{ year: number }>(
    db,
    sql`select distinct year from payments where company_id = ${companyId} order by year desc limit 10`,
  );
  return rows.map((r) => r.year);
}

export async function municipality(db: DbOrTx, ags: string) {
  const [row] = await rowsOf<{ name: string; bundesland: string }>(
    db,
    sql`select name, bundesland from municipalities where ags = ${ags}`,
  );
  return row ?? null;
}

export async function municipalitiesOf(db: DbOrTx, ags: readonly string[]) {
  if (!ags.length) return new Map<string, { name: string; bundesland: string }>();
  const rows = await rowsOf<{ ags: string; name: string; bundesland: string }>(
    db,
    sql`select ags, name, bundesland from municipalities where ags in ${[...new Set(ags)]}`,
  );
  return new Map(rows.map((r) => [r.ags, { name: r.name, bundesland: r.bundesland }]));
}

export interface PaymentAggregate {
  year: number;
  ags: string;
  gemeinde: string;
  master_data_id: number | null;
  designation: string | null;
  master_data_ids: number[];
  festgesetzt: string | null;
  vorauszahlungen: string;
  bezahlt: string;
  gebucht: string;
  offen: string;
  aufwand: string;
  messbetrag: string | null;
  /** Establishments with a Messbetrag and with an expense: the MB is complete when equal. */
  n_messbetrag: number;
  n: number;
  hebesatz: number | null;
  zerlegungsanteil: string | null;
}

/**
 * Payment data per year × municipality (or × establishment): the assessed tax of the
 * latest Bescheid and the sums of the active principal lines. Set-based over `payments`
 * alone: refreshSums keeps the line sums there (prepayments set, principal paid and open),
 * so no payment line is read; only the booked sums come from the lines (booked ones).
 */
export async function paymentAggregates(db: DbOrTx, s: Scope, byEstablishment: boolean) {
  const est = byEstablishment
    ? sql`md.id as master_data_id, md.designation`
    : sql`null::int as master_data_id, null::text as designation`;
  const group = byEstablishment ? sql`, md.id, md.designation` : sql``;
  const [rows, booked] = await Promise.all([
    rowsOf<Omit<PaymentAggregate, 'gebucht'>>(
      db,
      sql`select p.year, md.ags, m.name as gemeinde, ${est},
            array_agg(md.id order by md.id) as master_data_ids,
            sum(p.festgesetzte_steuer)::text as festgesetzt,
            sum(p.sum_vorauszahlungen)::text as vorauszahlungen,
            sum(p.sum_steuer_bezahlt)::text as bezahlt,
            sum(p.sum_steuer_offen)::text as offen,
            sum(coalesce(p.festgesetzte_steuer, p.sum_vorauszahlungen))::text as aufwand,
            sum(p.messbetrag)::text as messbetrag,
            count(p.messbetrag)::int as n_messbetrag,
            count(*) filter (where p.festgesetzte_steuer is not null or p.sum_vorauszahlungen <> 0)::int as n,
            max(p.hebesatz)::int as hebesatz,
            sum(p.zerlegungsanteil)::text as zerlegungsanteil
          ${paymentsIn(s)}
          group by p.year, md.ags, m.name${group}`,
    ),
    bookedSums(db, s, byEstablishment),
  ]);
  const key = (r: { year: number; ags: string; master_data_id: number | null }) =>
    `${r.year}|${r.ags}|${r.master_data_id ?? ''}`;
  const bookedByKey = new Map(booked.map((b) => [key(b), b.gebucht]));
  return rows.map((r) => ({ ...r, gebucht: bookedByKey.get(key(r)) ?? '0.00' }));
}

/** Principal lines in exported bookings ("gebucht"), per year × municipality (or × establishment). */
async function bookedSums(db: DbOrTx, s: Scope, byEstablishment: boolean) {
  const est = byEstablishment ? sql`l.master_data_id` : sql`null::int`;
  return rowsOf<{ year: number; ags: string; master_data_id: number | null; gebucht: string }>(
    db,
    sql`select l.year, md.ags, ${est} as master_data_id, sum(l.betrag)::numeric(16,2)::text as gebucht
        from payment_lines l
        join master_data md on md.id = l.master_data_id
        where ${scopeOf('l', s)} and l.booking_id is not null and ${ACTIVE} and ${PRINCIPAL} and ${BOOKED}
        group by l.year, md.ags${byEstablishment ? sql`, l.master_data_id` : sql``}`,
  );
}

export interface LineRow {
  id: number;
  master_data_id: number;
  designation: string;
  ags: string;
  gemeinde: string;
  bundesland: string;
  year: number;
  kind: string;
  quartal: number | null;
  betrag: string;
  faellig_am: string | null;
  status: string;
  document_id: number | null;
  booking_id: number | null;
  reason: string;
}

const LINE_COLUMNS = sql`l.id, l.master_data_id, md.designation, md.ags, m.name as gemeinde, m.bundesland,
  l.year, l.kind, l.quartal, l.betrag::text as betrag, l.faellig_am::text as faellig_am, l.status,
  l.document_id, l.booking_id, l.reason`;

/** One page of a list and what all its rows add up to (trace). */
export interface PageOf<T> {
  rows: T[];
  total: number;
  summe: string;
}
export type Limit = { limit: number | null; offset: number };
const limitOf = (p: Limit) => (p.limit === null ? sql`` : sql`limit ${p.limit} offset ${p.offset}`);

/** Active lines in the scope matching `where` (trace): one page, with the count and sum of all. */
export async function lines(db: DbOrTx, s: Scope, where: SQL, page: Limit): Promise<PageOf<LineRow>> {
  const from = sql`from payment_lines l
        join master_data md on md.id = l.master_data_id
        join municipalities m on m.ags = md.ags
        where ${scopeOf('l', s)} and ${ACTIVE} and ${where}`;
  const [[all], rows] = await Promise.all([
    rowsOf<{ total: number; summe: string }>(
      db,
      sql`select count(*)::int as total, coalesce(sum(l.betrag), 0)::numeric(16,2)::text as summe ${from}`,
    ),
    jsonRowsOf<LineRow>(
      db,
      sql`select ${LINE_COLUMNS} ${from}
          order by l.year, m.name, md.designation, l.faellig_am nulls last, l.id ${limitOf(page)}`,
    ),
  ]);
  return { rows, total: all!.total, summe: all!.summe };
}

/** Open lines due before `until` (cash plan; the working-day shift is applied afterwards). */
export async function openLinesDueBefore(db: DbOrTx, s: Scope, until: string) {
  return jsonRowsOf<LineRow>(
    db,
    sql`select ${LINE_COLUMNS}
        from payment_lines l
        join master_data md on md.id = l.master_data_id
        join municipalities m on m.ags = md.ags
        where ${scopeOf('l', s)} and ${ACTIVE} and ${OPEN}
          and l.faellig_am is not null and l.faellig_am < ${until}::date
        order by l.faellig_am, l.id`,
  );
}

/**
 * The calendar a municipality's due dates shift in (calculations' calendarOf): its state from
 * AGS digits 1–2 (the stored state only for a key that is no German AGS), and the AGS itself
 * for a municipality with holidays of its own (the domain's AGS_WITH_OWN_CALENDAR). Lines
 * with the same calendar key and due date move to the same working day.
 */
const CALENDAR_KEY = sql`case when md.ags in (${sql.join(
  AGS_WITH_OWN_CALENDAR.map((ags) => sql`${ags}`),
  sql`, `,
)}) or md.ags !~ '^[0-9]{8}$' then md.ags
  else left(md.ags, 2) end`;

/**
 * Cash plan, step 1: the distinct due dates of the open lines due before `until` per
 * calendar key, with one AGS and stored state of that key: a few hundred pairs to shift to
 * working days, not one per line.
 */
export async function openDueDates(db: DbOrTx, s: Scope, until: string) {
  return jsonRowsOf<{ d: string; bl: string; land: string; ags: string }>(
    db,
    sql`select l.faellig_am::text as d, coalesce(m.bundesland, '') as bl, ${CALENDAR_KEY} as land,
          min(md.ags) as ags
        from payment_lines l
        join master_data md on md.id = l.master_data_id
        join municipalities m on m.ags = md.ags
        where ${scopeOf('l', s)} and ${ACTIVE} and ${OPEN}
          and l.faellig_am is not null and l.faellig_am < ${until}::date
        group by 1, 2, 3`,
  );
}

export interface CashSums {
  /** Per month of the plan and line kind. */
  months: { month: string; kind: string; betrag: string }[];
  /** Shifted to a day before the first month. */
  overdue: { anzahl: number; summe: string };
  /** Municipalities with a payment in the plan (count), and one page of them, largest first. */
  total: number;
  municipalities: { ags: string; gemeinde: string; summe: string }[];
  /** Per month of the municipalities on the page. */
  perMonth: { ags: string; month: string; betrag: string }[];
}

/**
 * Cash plan, step 2: the open lines with their working day from `shifted` (due date and
 * land → working day), summed in SQL: per month and kind, overdue, and one page of
 * municipalities (largest sum first, then AGS) with their months. Only sums leave the database.
 */
export async function cashSums(
  db: DbOrTx,
  s: Scope,
  shifted: { d: string; bl: string; land: string; z: string }[],
  window: { start: string; end: string; until: string },
  page: Limit,
): Promise<CashSums> {
  const [row] = await rowsOf<{ [K in keyof CashSums]: unknown }>(
    db,
    sql`with x0 as materialized (
          select l.kind, l.betrag, l.faellig_am, md.ags, coalesce(m.bundesland, '') as bl, ${CALENDAR_KEY} as land
          from payment_lines l
          join master_data md on md.id = l.master_data_id
          join municipalities m on m.ags = md.ags
          where ${scopeOf('l', s)} and ${ACTIVE} and ${OPEN}
            and l.faellig_am is not null and l.faellig_am < ${window.until}::date),
        mp as materialized (
          select * from jsonb_to_recordset(${JSON.stringify(shifted)}::jsonb) mp(d date, bl text, land text, z date)),
        x as materialized (
          select x0.kind, x0.betrag, x0.ags, mp.z
          from x0 join mp on mp.d = x0.faellig_am and mp.bl = x0.bl and mp.land = x0.land
          where mp.z < ${window.end}::date),
        w as materialized (
          select ags, kind, betrag, to_char(z, 'YYYY-MM') as month from x where z >= ${window.start}::date),
        pa as materialized (select ags, sum(betrag) as s from w group by ags),
        pg as (select ags, s from pa order by s desc, ags ${limitOf(page)})
        select
          (select coalesce(json_agg(json_build_object('month', t.month, 'kind', t.kind, 'betrag', ${m2(sql`t.s`)})), '[]')
            from (select month, kind, sum(betrag) as s from w group by month, kind) t) as months,
          (select json_build_object('anzahl', count(*), 'summe', ${m2(sql`coalesce(sum(betrag), 0)`)})
            from x where z < ${window.start}::date) as overdue,
          (select count(*)::int from pa) as total,
          (select coalesce(json_agg(json_build_object('ags', pg.ags, 'gemeinde', m.name, 'summe', ${m2(sql`pg.s`)})
              order by pg.s desc, pg.ags), '[]')
            from pg join municipalities m on m.ags = pg.ags) as municipalities,
          (select coalesce(json_agg(json_build_object('ags', t.ags, 'month', t.month, 'betrag', ${m2(sql`t.s`)})), '[]')
            from (select w.ags, w.month, sum(w.betrag) as s from w join pg on pg.ags = w.ags
                  group by w.ags, w.month) t) as "perMonth"`,
  );
  const json = <T>(v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as T;
  return {
    months: json(row!.months),
    overdue: json(row!.overdue),
    total: json(row!.total),
    municipalities: json(row!.municipalities),
    perMonth: json(row!.perMonth),
  };
}

/** Interest and surcharge lines per year and kind. */
export async function interestSums(db: DbOrTx, s: Scope) {
  return rowsOf<{ year: number; kind: string; betrag: string; anzahl: number }>(
    db,
    sql`select l.year, l.kind, sum(l.betrag)::text as betrag, count(*)::int as anzahl
        from payment_lines l
        join master_data md on md.id = l.master_data_id
        where ${scopeOf('l', s)} and ${ACTIVE}
          and l.kind in ('nachzahlungszinsen', 'erstattungszinsen', 'saeumniszuschlag')
        group by l.year, l.kind order by l.year, l.kind`,
  );
}

/** Payments whose last Bescheid stated interest that we recalculated (payments.interest). */
export async function interestComparisons(db: DbOrTx, s: Scope) {
  return rowsOf<{
    year: number;
    master_data_id: number;
    designation: string;
    ags: string;
    gemeinde: string;
    interest: { notice: string; ours: string; base: string; from: string; to: string; months: number };
    refund: boolean;
  }>(
    db,
    sql`select p.year, p.master_data_id, md.designation, md.ags, m.name as gemeinde, p.interest,
          exists (select 1 from payment_lines l where l.payment_id = p.id and ${ACTIVE}
                  and l.kind = 'erstattungszinsen')
          and not exists (select 1 from payment_lines l where l.payment_id = p.id and ${ACTIVE}
                  and l.kind = 'nachzahlungszinsen') as refund
        from payments p
        join master_data md on md.id = p.master_data_id
        join municipalities m on m.ags = md.ags
        where ${scopeOf('p', s)} and p.interest is not null
        order by p.year, m.name, md.designation`,
  );
}

/** Latest Messbetrag of a Messbescheid for the company and year (payments.erwarteter_messbetrag). */
export async function expectedMessbetrag(db: DbOrTx, companyId: number, year: number) {
  const [row] = await rowsOf<{ mb: string }>(
    db,
    sql`select erwarteter_messbetrag::text as mb from payments
        where company_id = ${companyId} and year = ${year} and erwarteter_messbetrag is not null
        order by updated_at desc, id desc limit 1`,
  );
  return row?.mb ?? null;
}

export interface TraceDocument {
  id: number;
  type: string | null;
  filename: string;
  bescheid_datum: string | null;
  year: number | null;
  master_data_id: number | null;
  designation: string | null;
  festgesetzte_steuer: string | null;
}

/**
 * The Bescheide behind assessed figures: per payment in scope, the latest one that set its
 * tax; one page, with the count and the assessed tax of all.
 */
export async function assessingDocuments(db: DbOrTx, s: Scope, page: Limit): Promise<PageOf<TraceDocument>> {
  const assessed = sql`from payments p
        join master_data md on md.id = p.master_data_id
        join lateral (select (h->>'document_id')::int as id from jsonb_array_elements(p.history) h
                      where h->>'type' = 'gewst_bescheid' and h->>'festgesetzte_steuer' is not null
                      order by h->>'at' desc limit 1) last on true
        join documents d on d.id = last.id
        where ${scopeOf('p', s)} and p.festgesetzte_steuer is not null`;
  const [[all], rows] = await Promise.all([
    rowsOf<{ total: number; summe: string }>(
      db,
      sql`select count(*)::int as total, coalesce(sum(p.festgesetzte_steuer), 0)::numeric(16,2)::text as summe
          ${assessed}`,
    ),
    rowsOf<TraceDocument>(
      db,
      sql`select d.id, d.type, d.filename, d.fields->'bescheid_datum'->>'value' as bescheid_datum,
            p.year, p.master_data_id, md.designation, p.festgesetzte_steuer::text as festgesetzte_steuer
          ${assessed}
          order by p.year, md.designation, d.id, p.id ${limitOf(page)}`,
    ),
  ]);
  return { rows, total: all!.total, summe: all!.summe };
}

/** Documents by id (the notices lines came from). */
export async function documentsByIds(db: DbOrTx, ids: readonly number[]) {
  if (!ids.length) return [];
  return rowsOf<TraceDocument>(
    db,
    sql`select d.id, d.type, d.filename, d.fields->'bescheid_datum'->>'value' as bescheid_datum,
          case when d.fields->'erhebungszeitraum'->>'value' ~ '^[0-9]{4}$' then (d.fields->'erhebungszeitraum'->>'value')::int end as year, d.master_data_id,
          md.designation, d.fields->'festgesetzte_steuer'->>'value' as festgesetzte_steuer
        from documents d left join master_data md on md.id = d.master_data_id
        where d.id in ${[...new Set(ids)]} order by d.id`,
  );
}

export interface ExpenseFigures {
  total: number;
  rows: Omit<PaymentAggregate, 'master_data_ids' | 'n_messbetrag' | 'n' | 'zerlegungsanteil'>[];
  years: {
    year: number;
    festgesetzt: string;
    vorauszahlungen: string;
    bezahlt: string;
    gebucht: string;
    offen: string;
    aufwand: string;
    previous: boolean;
    vorjahr: string;
    hebesatz_effekt: string;
    anteil_effekt: string;
  }[];
  changes: {
    ags: string;
    gemeinde: string;
    year: number;
    vorjahr: string;
    aufwand: string;
    differenz: string;
    hebesatz_vorjahr: number | null;
    hebesatz: number | null;
    messbetrag_vorjahr: string | null;
    messbetrag: string | null;
    hebesatz_effekt: string | null;
    anteil_effekt: string | null;
    sonstiges: string;
  }[];
  top: { ags: string; gemeinde: string; aufwand: string }[];
}

/**
 * The tax expense report in one set-based statement: per year × municipality (and the
 * year before the range, which explains the first year's change) the sums kept on
 * `payments` plus the booked principal lines; from them the year sums, the change against
 * the previous year split into Hebesatz and share effect (MB₀ × ΔH / 100 and ΔMB × H₁ / 100,
 * each rounded half away from zero to the cent, as explainChange does), the largest changes,
 * the top municipalities and one page of rows (by municipality or establishment). Only the
 * page, the 100 changes and 10 top rows leave the database.
 */
export async function expenseFigures(
  db: DbOrTx,
  s: Scope,
  byEstablishment: boolean,
  page: { limit: number | null; offset: number },
): Promise<ExpenseFigures> {
  const wide = { ...s, yearFrom: s.yearFrom - 1 };
  const pageRows = byEstablishment
    ? sql`select b.year, b.ags, b.master_data_id, b.designation, b.f, b.v, b.b, coalesce(b.g, 0) as g, b.o, b.a,
             b.mb, b.h from base b where b.year >= ${s.yearFrom}`
    : sql`select year, ags, null::int as master_data_id, null::text as designation, f, v, b, g, o, a, mb, h
          from muni where year >= ${s.yearFrom}`;
  const limit = page.limit === null ? sql`` : sql`limit ${page.limit} offset ${page.offset}`;
  // Per year × municipality: the sums report_sums keeps (one establishment's scope: grouped here).
  const muni = s.masterDataId
    ? sql`select year, ags, sum(f) as f, sum(v) as v, sum(b) as b, coalesce(sum(g), 0) as g, sum(o) as o,
            sum(a) as a, sum(mb) as mb, max(h)::int as h,
            case when count(*) filter (where counted) > 0 and count(mb) = count(*) filter (where counted)
              then sum(mb) end as mb_side
          from base group by year, ags`
    : sql`select rs.year, rs.ags, rs.festgesetzt as f, rs.vorauszahlungen as v, rs.bezahlt as b,
            coalesce(bm.g, 0) as g, rs.offen as o, rs.aufwand as a, rs.messbetrag as mb, rs.hebesatz as h,
            case when rs.counted > 0 and rs.with_messbetrag = rs.counted then rs.messbetrag end as mb_side
          from report_sums rs
          left join (select p.year, md.ags, sum(bk.g) as g
                     from bk join payments p on p.master_data_id = bk.master_data_id and p.year = bk.year
                     join master_data md on md.id = p.master_data_id
                     where ${scopeOf('p', wide)} group by p.year, md.ags) bm
            on bm.year = rs.year and bm.ags = rs.ags
          where ${sumsScope(wide)}`;
  const [row] = await rowsOf<{
    total: number;
    rows: unknown;
    years: unknown;
    changes: unknown;
    top: unknown;
  }>(
    db,
    sql`with bk as (
          select l.master_data_id, l.year, sum(l.betrag) as g
          from payment_lines l join master_data md on md.id = l.master_data_id
          where ${scopeOf('l', wide)} and l.booking_id is not null and ${ACTIVE} and ${PRINCIPAL} and ${BOOKED}
          group by l.master_data_id, l.year),
        base as (
          select p.year, md.ags, md.id as master_data_id, md.designation,
            p.festgesetzte_steuer as f, p.sum_vorauszahlungen as v, p.sum_steuer_bezahlt as b,
            p.sum_steuer_offen as o, coalesce(p.festgesetzte_steuer, p.sum_vorauszahlungen) as a,
            p.messbetrag as mb, p.hebesatz as h, bk.g,
            (p.festgesetzte_steuer is not null or p.sum_vorauszahlungen <> 0) as counted
          from payments p
          join master_data md on md.id = p.master_data_id
          left join bk on bk.master_data_id = p.master_data_id and bk.year = p.year
          where ${scopeOf('p', wide)}),
        muni as materialized (${muni}),
        ch as materialized (
          select c.year, c.ags, c.a0 as vorjahr, c.a, c.a - c.a0 as d, c.h0, c.h as h1, c.mb0, c.mb_side as mb1,
            case when c.mb0 is not null and c.mb_side is not null and c.h0 is not null and c.h is not null
              then round(c.mb0 * (c.h - c.h0) / 100, 2) end as he,
            case when c.mb0 is not null and c.mb_side is not null and c.h0 is not null and c.h is not null
              then round((c.mb_side - c.mb0) * c.h / 100, 2) end as ae
          from (select m.*, lag(year) over w as y0, lag(a) over w as a0, lag(h) over w as h0,
                  lag(mb_side) over w as mb0
                from muni m window w as (partition by ags order by year)) c
          where c.year >= ${s.yearFrom} and c.y0 = c.year - 1),
        ys as (
          select year, sum(f) as f, sum(v) as v, sum(b) as b, sum(g) as g, sum(o) as o, sum(a) as a
          from muni group by year),
        cs as (select year, sum(he) as he, sum(ae) as ae from ch group by year),
        pg as (
          select r.* from (${pageRows}) r
          order by r.year desc, r.a desc, r.ags, r.master_data_id ${limit})
        select
          (select count(*)::int from (${pageRows}) r) as total,
          (select coalesce(json_agg(json_build_object(
              'year', pg.year, 'ags', pg.ags, 'gemeinde', m.name, 'master_data_id', pg.master_data_id,
              'designation', pg.designation, 'festgesetzt', ${m2(sql`pg.f`)}, 'vorauszahlungen', ${m2(sql`pg.v`)},
              'bezahlt', ${m2(sql`pg.b`)}, 'gebucht', ${m2(sql`pg.g`)}, 'offen', ${m2(sql`pg.o`)},
              'aufwand', ${m2(sql`pg.a`)}, 'messbetrag', ${m2(sql`pg.mb`)}, 'hebesatz', pg.h)
              order by pg.year desc, pg.a desc, pg.ags, pg.master_data_id), '[]')
            from pg join municipalities m on m.ags = pg.ags) as rows,
          (select json_agg(json_build_object(
              'year', y, 'festgesetzt', ${m2(sql`coalesce(t.f, 0)`)}, 'vorauszahlungen', ${m2(sql`coalesce(t.v, 0)`)},
              'bezahlt', ${m2(sql`coalesce(t.b, 0)`)}, 'gebucht', ${m2(sql`coalesce(t.g, 0)`)},
              'offen', ${m2(sql`coalesce(t.o, 0)`)}, 'aufwand', ${m2(sql`coalesce(t.a, 0)`)},
              'previous', t0.year is not null, 'vorjahr', ${m2(sql`coalesce(t0.a, 0)`)},
              'hebesatz_effekt', ${m2(sql`coalesce(c.he, 0)`)}, 'anteil_effekt', ${m2(sql`coalesce(c.ae, 0)`)})
              order by y desc)
            from generate_series(${s.yearFrom}::int, ${s.yearTo}::int) y
            left join ys t on t.year = y
            left join ys t0 on t0.year = y - 1
            left join cs c on c.year = y) as years,
          (select coalesce(json_agg(json_build_object(
              'ags', c.ags, 'gemeinde', m.name, 'year', c.year, 'vorjahr', ${m2(sql`c.vorjahr`)},
              'aufwand', ${m2(sql`c.a`)}, 'differenz', ${m2(sql`c.d`)}, 'hebesatz_vorjahr', c.h0, 'hebesatz', c.h1,
              'messbetrag_vorjahr', ${m2(sql`c.mb0`)}, 'messbetrag', ${m2(sql`c.mb1`)},
              'hebesatz_effekt', ${m2(sql`c.he`)}, 'anteil_effekt', ${m2(sql`c.ae`)},
              'sonstiges', ${m2(sql`c.d - coalesce(c.he, 0) - coalesce(c.ae, 0)`)})
              order by c.year desc, abs(c.d) desc, c.ags), '[]')
            from (select * from ch where d <> 0 order by year desc, abs(d) desc, ags limit 100) c
            join municipalities m on m.ags = c.ags) as changes,
          (select coalesce(json_agg(json_build_object('ags', t.ags, 'gemeinde', m.name, 'aufwand', ${m2(sql`t.a`)})
              order by t.a desc, t.ags), '[]')
            from (select ags, sum(a) as a from muni where year >= ${s.yearFrom} group by ags
                  order by sum(a) desc, ags limit 10) t
            join municipalities m on m.ags = t.ags) as top`,
  );
  const json = <T>(v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as T;
  return {
    total: row!.total,
    rows: json(row!.rows),
    years: json(row!.years),
    changes: json(row!.changes),
    top: json(row!.top),
  };
}

/** One row of the reconciliation as the database compares it (page rows only leave it). */
export interface ReconciliationFigure {
  year: number;
  ags: string;
  gemeinde: string;
  /** The saved Zerlegung of the year (null: none saved). */
  zerlegung_id: number | null;
  master_data_ids: number[];
  erwartet_anteil: string | null;
  erwartet_hebesatz: number | null;
  erwartet: string | null;
  festgesetzt_messbetrag: string | null;
  festgesetzt_hebesatz: number | null;
  festgesetzt: string | null;
  bezahlt: string;
  offen: string;
  abweichung_festsetzung: string | null;
  abweichung_zahlung: string | null;
  /** The causes, decided in SQL (see reconciliationFigures). */
  missing_notice: boolean;
  /** Assessed, but our Zerlegung of the year has no line for the municipality. */
  no_share: boolean;
  rate_conflict: boolean;
  share_conflict: boolean;
  assessment_differs: boolean;
  other: boolean;
  /** Establishments with open principal lines, by id. */
  unpaid: { master_data_id: number; designation: string; offen: string }[];
  /** The latest confirmed Gewerbesteuerbescheid that set the assessment (rows with a cause). */
  bescheid_id: number | null;
}

export interface ReconciliationFigures {
  total: number;
  rows: ReconciliationFigure[];
  years: { year: number; erwartet: string; festgesetzt: string; bezahlt: string; abweichungen: number }[];
  zerlegungen: { year: number; id: number; version: number; messbetrag: string }[];
}

/**
 * The reconciliation in one set-based statement: the result lines of the current saved
 * Zerlegung of each year (`jsonb_to_recordset`, our share × Hebesatz) full-joined to the
 * payments' sums per year × municipality (kept by refreshSums), the causes of a difference
 * as boolean columns (missing notice, no share, rate conflict, share conflict, unpaid, other),
 * the year sums and the count; the rows sorted (year, rows with a cause first, municipality
 * name in German order via `order` — every AGS in that order, see municipalityOrder — then
 * AGS) and only one page leaves the database, with its establishments, open establishments
 * and the latest Bescheid. Money is compared and summed in numeric (exact): the payment sums
 * are numeric(14,2) already, the Zerlegung's money texts are rounded to the cent once (as
 * moneyToCents would), so no figure is rounded twice and none per comparison.
 */
export async function reconciliationFigures(
  db: DbOrTx,
  s: Scope,
  order: string,
  page: { limit: number | null; offset: number },
): Promise<ReconciliationFigures> {
  const limit = page.limit === null ? sql`` : sql`limit ${page.limit} offset ${page.offset}`;
  const agsOnly = s.ags ? sql`where x.ags = ${s.ags}` : sql``;
  // The payments of one establishment set of a page row (same company, year, municipality).
  const fromRow = sql`from master_data md join payments p on p.master_data_id = md.id and p.year = pg.year`;
  const ofRow = sql`p.company_id = ${s.companyId} and md.ags = pg.ags`;
  // The payments' sums per year × municipality: kept in report_sums (one establishment's scope: grouped here).
  const sums = s.masterDataId
    ? sql`select p.year, md.ags, sum(p.festgesetzte_steuer) as f, sum(p.sum_steuer_bezahlt) as b,
            sum(p.sum_steuer_offen) as o, coalesce(sum(p.messbetrag), sum(p.zerlegungsanteil)) as mb,
            max(p.hebesatz)::int as h, bool_or(p.sum_steuer_offen <> 0) as unpaid
          from payments p join master_data md on md.id = p.master_data_id
          where ${scopeOf('p', s)}
          group by p.year, md.ags`
    : sql`select rs.year, rs.ags, rs.festgesetzt as f, rs.bezahlt as b, rs.offen as o,
            coalesce(rs.messbetrag, rs.zerlegungsanteil) as mb, rs.hebesatz as h, rs.unpaid > 0 as unpaid
          from report_sums rs where ${sumsScope(s)}`;
  const [row] = await rowsOf<{ total: number; rows: unknown; years: unknown; zerlegungen: unknown }>(
    db,
    sql`with zv as materialized (
          select distinct on (z.year) z.id, z.year, v.version, v.result
          from zerlegungen z
          join zerlegung_versions v on v.zerlegung_id = z.id and v.version = z.current_version
          where z.company_id = ${s.companyId} and z.year between ${s.yearFrom} and ${s.yearTo}
          order by z.year, z.id desc),
        e as (
          select zv.year, x.ags, x.anteil, x.hebesatz, x.steuer,
            round(x.anteil::numeric, 2) as an, round(x.steuer::numeric, 2) as st
          from zv cross join lateral jsonb_to_recordset(zv.result->'zeilen')
            as x(ags text, anteil text, hebesatz numeric, steuer text)
          ${agsOnly}),
        a as (${sums}),
        j as (
          select coalesce(a.year, e.year) as year, coalesce(a.ags, e.ags) as ags, a.year is not null as has_a,
            e.ags is not null as has_e, a.f, coalesce(a.b, 0) as b, coalesce(a.o, 0) as o, a.mb, a.h,
            coalesce(a.unpaid, false) as unpaid, e.anteil, e.hebesatz as eh, e.steuer, e.an, e.st
          from a full join e on e.year = a.year and e.ags = a.ags
          -- A municipality with a share of 0.00 and no payment data has nothing to reconcile.
          where a.year is not null or e.an <> 0),
        c as (
          select j.*, zv.id as zid,
            j.has_e and j.f is null as missing,
            j.f is not null and not j.has_e and zv.id is not null as no_share,
            j.f is not null and j.has_e and j.h is not null and j.eh is not null and j.h <> j.eh as rate,
            j.f is not null and j.has_e and j.mb is not null and j.mb <> j.an as share,
            j.f is not null and j.st is not null and j.f <> j.st as adiff,
            j.f is not null and j.b <> j.f as pdiff
          from j left join zv on zv.year = j.year),
        r as materialized (
          select c.*, coalesce(o.rank, 0) as rank, d.other,
            c.missing or c.no_share or c.rate or c.share or c.unpaid or d.other as has
          from c
          cross join lateral (select (c.adiff and not (c.rate or c.share or c.no_share))
            or (c.pdiff and not c.unpaid) as other) d
          left join unnest(${order}::text[]) with ordinality as o(ags, rank) on o.ags = c.ags),
        pg as (
          select * from r order by year desc, has desc, rank, ags ${limit}),
        ys as (
          select year, count(*)::int as total, coalesce(sum(st), 0) as e, coalesce(sum(f), 0) as f, sum(b) as b,
            count(*) filter (where has)::int as n
          from r group by year)
        select
          (select coalesce(sum(total), 0)::int from ys) as total,
          (select coalesce(json_agg(json_build_object(
              'year', pg.year, 'ags', pg.ags, 'gemeinde', coalesce(m.name, pg.ags), 'zerlegung_id', pg.zid,
              'master_data_ids', case when pg.has_a
                then (select coalesce(json_agg(md.id order by md.id), '[]') ${fromRow} where ${ofRow}) else '[]' end,
              'erwartet_anteil', pg.anteil, 'erwartet_hebesatz', pg.eh, 'erwartet', pg.steuer,
              'festgesetzt_messbetrag', ${m2(sql`pg.mb`)}, 'festgesetzt_hebesatz', pg.h,
              'festgesetzt', ${m2(sql`pg.f`)}, 'bezahlt', ${m2(sql`pg.b`)}, 'offen', ${m2(sql`pg.o`)},
              'abweichung_festsetzung', ${m2(sql`pg.f - pg.st`)},
              'abweichung_zahlung', ${m2(sql`pg.b - pg.f`)},
              'missing_notice', pg.missing, 'no_share', pg.no_share, 'rate_conflict', pg.rate,
              'share_conflict', pg.share, 'assessment_differs', pg.adiff, 'other', pg.other,
              'unpaid', case when pg.unpaid then (select json_agg(json_build_object(
                  'master_data_id', md.id, 'designation', md.designation, 'offen', ${m2(sql`p.sum_steuer_offen`)})
                  order by md.id) ${fromRow} where ${ofRow} and p.sum_steuer_offen <> 0) else '[]' end,
              'bescheid_id', case when pg.has and pg.f is not null then (
                select (n.e->>'document_id')::int ${fromRow}
                  cross join lateral jsonb_array_elements(p.history) as n(e)
                  where ${ofRow} and n.e->>'type' = 'gewst_bescheid' and n.e->>'festgesetzte_steuer' is not null
                  order by n.e->>'at' desc limit 1) end)
              order by pg.year desc, pg.has desc, pg.rank, pg.ags), '[]')
            from pg left join municipalities m on m.ags = pg.ags) as rows,
          (select coalesce(json_agg(json_build_object(
              'year', y.year, 'erwartet', ${m2(sql`y.e`)}, 'festgesetzt', ${m2(sql`y.f`)},
              'bezahlt', ${m2(sql`y.b`)}, 'abweichungen', y.n) order by y.year desc), '[]')
            from ys y) as years,
          (select coalesce(json_agg(json_build_object(
              'year', zv.year, 'id', zv.id, 'version', zv.version, 'messbetrag', zv.result->>'messbetrag')
              order by zv.year desc), '[]')
            from zv) as zerlegungen`,
  );
  const json = <T>(v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as T;
  return {
    total: row!.total,
    rows: json(row!.rows),
    years: json(row!.years),
    zerlegungen: json(row!.zerlegungen),
  };
}

/** What the provision proposal reads of the payment data: per municipality of one year. */
export interface ProvisionAggregate {
  ags: string;
  gemeinde: string;
  festgesetzt: string | null;
  vorauszahlungen: string;
  messbetrag: string | null;
  hebesatz: number | null;
}

/**
 * The assessed tax, prepayments set, Messbetrag and Hebesatz per municipality of one year
 * (the same sums as `paymentAggregates`, without the booked and paid figures the proposal
 * does not show), as one JSON document.
 */
export async function provisionAggregates(db: DbOrTx, s: Scope) {
  return jsonRowsOf<ProvisionAggregate>(
    db,
    sql`select md.ags, m.name as gemeinde,
          sum(p.festgesetzte_steuer)::text as festgesetzt,
          sum(p.sum_vorauszahlungen)::text as vorauszahlungen,
          sum(p.messbetrag)::text as messbetrag,
          max(p.hebesatz)::int as hebesatz
        ${paymentsIn(s)}
        group by md.ags, m.name`,
  );
}
