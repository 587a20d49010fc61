import {
  type AccountPurpose,
  berlinDate,
  type BookingDraft,
  type LineToBook,
  OPENING_KINDS,
  type PaymentLineKind,
  planBookings,
  reversalOf,
  shortMunicipalityName,
} from '@gewst/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import type { Actor } from '../audit/service';
import { rowsOf } from '../../db/sql';
import { settings } from '../settings';
import { accountMappingOf } from './accounts';
import * as repo from './repo';

/** Today in Germany (the booking date), as YYYY-MM-DD. */
export const bookingToday = (now = new Date()): string => berlinDate(now);

/** A line as the planner needs it, with its establishment's data. */
export interface LineSource {
  id: number;
  company_id: number;
  master_data_id: number;
  year: number;
  kind: PaymentLineKind;
  quartal: number | null;
  betrag: string;
  faellig_am: string | null;
  document_id: number | null;
  cost_center: string | null;
  ags: string;
  gemeinde: string;
  kassenzeichen: string | null;
}

/** Kassenzeichen: printed on the notice, else the establishment's first payment reference. */
const KASSENZEICHEN = sql.raw(`coalesce(nullif(d.fields->'kassenzeichen'->>'value', ''), (
  select r.value from master_data_references r where r.master_data_id = md.id
  order by case r.kind when 'kassenzeichen' then 0 when 'buchungszeichen' then 1 when 'personenkonto' then 2 else 3 end, r.id
  limit 1))`);

/**
 * Prepayment schedule lines (a quarter's prepayment or its correction) are booked by the
 * quarter's prepayment session; once that exists, later changes of the quarter are booked
 * like any other line.
 */
const SCHEDULE_LINE = sql.raw(`(l.kind in ('vorauszahlung', 'korrektur') and l.quartal is not null)`);
const QUARTER_CREATED = sql.raw(`exists (select 1 from prepayment_bi_logs p
  where p.company_id = l.company_id and p.year = l.year and p.quartal = l.quartal)`);
const ACTIVE = sql.raw(`l.superseded_by is null and l.status <> 'storniert'`);
/** An opening balance taken from a notice (`anrechnung`) was paid and booked outside the product. */
const NOT_OPENING = sql`l.kind not in ${[...OPENING_KINDS]}`;

async function linesToBook(db: DbOrTx, masterDataIds: number[]) {
  return rowsOf<LineSource>(
    db,
    sql`select l.id, l.company_id, l.master_data_id, l.year, l.kind, l.quartal, l.betrag::text as betrag,
          l.faellig_am::text as faellig_am, l.document_id, md.cost_center, md.ags, m.name as gemeinde,
          ${KASSENZEICHEN} as kassenzeichen
        from payment_lines l
        join master_data md on md.id = l.master_data_id
        join municipalities m on m.ags = md.ags
        left join documents d on d.id = l.document_id
        where l.master_data_id in ${masterDataIds} and ${ACTIVE} and l.booking_id is null and l.betrag <> 0
          and (not ${SCHEDULE_LINE} or ${QUARTER_CREATED}) and ${NOT_OPENING}
        order by l.id`,
  );
}

/** Bookings (not yet reversed, no reversal themselves) whose lines were superseded or cancelled. */
async function bookingsToReverse(db: DbOrTx, masterDataIds: number[]) {
  return rowsOf<repo.BookingRow & { gemeinde: string | null }>(
    db,
    sql`select distinct on (b.id) b.id, b.session_id, b.company_id, b.amount::text as amount, b.sh, b.konto,
          b.gegenkonto, b.purpose, b.counter_purpose, b.text, b.belegfeld1, b.kost1, b.kost2, b.tax_year, b.quartal,
          b.kind, b.due_date::text as due_date, b.master_data_id, b.document_id, m.name as gemeinde
        from payment_lines l
        join booking_lines bl on bl.payment_line_id = l.id
        join bookings b on b.id = bl.booking_id
        left join master_data md on md.id = b.master_data_id
        left join municipalities m on m.ags = md.ags
        where l.master_data_id in ${masterDataIds} and not (${ACTIVE})
          and b.reversed_by is null and b.reversal_of is null
        order by b.id`,
  );
}

/**
 * Locks the company's provisions of these years and returns what is left of each:
 * the amount minus what bookings on the provision account consumed (reversals give back).
 */
export async function provisionsLeft(db: DbOrTx, companyId: number, years: number[]) {
  const wanted = [...new Set(years)];
  if (!wanted.length) return new Map<number, string>();
  await db.execute(
    sql`select id from provisions where company_id = ${companyId} and year in ${wanted} for update`,
  );
  const rows = await rowsOf<{ year: number; left: string }>(
    db,
    sql`select p.year, (p.amount - coalesce((
          select sum(case when b.sh = 'S' then b.amount else -b.amount end) from bookings b
          where b.company_id = p.company_id and b.tax_year = p.year and b.purpose = 'provision'), 0))::text as left
        from provisions p where p.company_id = ${companyId} and p.year in ${wanted}`,
  );
  return new Map(rows.map((r) => [r.year, r.left]));
}

export interface PlannedBooking extends BookingDraft {
  line_ids: number[];
  master_data_id: number | null;
  document_id: number | null;
  due_date: string | null;
}

/** Plans the bookings of lines (already grouped as the caller wants them) for one company. */
export async function planForCompany(
  tx: Tx,
  companyId: number,
  groups: { lines: LineSource[]; amount: string }[],
  bookingDate: string,
): Promise<PlannedBooking[]> {
  const mapping = await accountMappingOf(tx, companyId);
  const costCentres = await settings.get(tx, 'bookings.cost_centres', { companyId });
  const provisions = await provisionsLeft(
    tx,
    companyId,
    groups.map((g) => g.lines[0]!.year),
  );
  const input: LineToBook[] = groups.map((g) => {
    const l = g.lines[0]!;
    return {
      kind: l.kind,
      year: l.year,
      quartal: l.quartal,
      amount: g.amount,
      gemeinde: l.gemeinde,
      kassenzeichen: l.kassenzeichen,
      cost_center: l.cost_center,
      ags: l.ags,
      master_data_id: l.master_data_id,
    };
  });
  const { drafts } = planBookings({ lines: input, mapping, bookingDate, provisions, costCentres });
  return drafts.map((d) => {
    const lines = d.lines.flatMap((i) => groups[i]!.lines);
    const first = lines[0]!;
    return {
      ...d,
      line_ids: lines.map((l) => l.id),
      master_data_id: first.master_data_id,
      document_id: first.document_id,
      due_date: d.kind === 'aufloesung' ? null : first.faellig_am,
    };
  });
}

/**
 * Inserts planned bookings into a session, links them to their lines and marks each line
 * booked (its first booking). Returns the new booking ids in plan order.
 */
export async function insertPlanned(
  tx: Tx,
  actor: Actor,
  sessionId: number,
  companyId: number,
  planned: PlannedBooking[],
  bookingDate: string,
) {
  const ids = await repo.insertBookings(
    tx,
    planned.map((p) => ({
      session_id: sessionId,
      company_id: companyId,
      booking_date: bookingDate,
      amount: p.amount,
      sh: p.sh,
      konto: p.konto,
      gegenkonto: p.gegenkonto,
      purpose: p.purpose,
      counter_purpose: p.counter_purpose,
      text: p.text,
      belegfeld1: p.belegfeld1,
      kost1: p.kost1,
      kost2: p.kost2,
      tax_year: p.tax_year,
      quartal: p.quartal,
      kind: p.kind,
      due_date: p.due_date,
      master_data_id: p.master_data_id,
      document_id: p.document_id,
      created_by: actor.userId,
      changed_by: actor.userId,
    })),
  );
  const links = planned.flatMap((p, i) =>
    p.line_ids.map((line) => ({ booking_id: ids[i]!, payment_line_id: line })),
  );
  await repo.linkLines(tx, links);
  const firstOf = new Map<number, number>();
  for (const l of links) if (!firstOf.has(l.payment_line_id)) firstOf.set(l.payment_line_id, l.booking_id);
  await repo.setLineBookings(
    tx,
    [...firstOf].map(([line_id, booking_id]) => ({ line_id, booking_id })),
  );
  return ids;
}

/** Reversing bookings for `originals` in `sessionId`; the originals point to them. */
export async function insertReversals(
  tx: Tx,
  actor: Actor,
  sessionId: number,
  originals: (Pick<
    repo.BookingRow,
    | 'id'
    | 'company_id'
    | 'amount'
    | 'sh'
    | 'konto'
    | 'gegenkonto'
    | 'purpose'
    | 'counter_purpose'
    | 'text'
    | 'belegfeld1'
    | 'kost1'
    | 'kost2'
    | 'tax_year'
    | 'quartal'
    | 'kind'
    | 'due_date'
    | 'master_data_id'
    | 'document_id'
  > & { gemeinde: string | null })[],
  bookingDate: string,
) {
  if (!originals.length) return [];
  const ids = await repo.insertBookings(
    tx,
    originals.map((o) => {
      const r = reversalOf(
        { sh: o.sh as 'S' | 'H', text: o.text, kind: o.kind, tax_year: o.tax_year, quartal: o.quartal },
        shortMunicipalityName(o.gemeinde ?? ''),
      );
      return {
        session_id: sessionId,
        company_id: o.company_id,
        booking_date: bookingDate,
        amount: o.amount,
        sh: r.sh,
        konto: o.konto,
        gegenkonto: o.gegenkonto,
        purpose: o.purpose as AccountPurpose | null,
        counter_purpose: o.counter_purpose as AccountPurpose | null,
        text: o.gemeinde ? r.text : `Storno ${o.text}`.slice(0, 60),
        belegfeld1: o.belegfeld1,
        kost1: o.kost1,
        kost2: o.kost2,
        tax_year: o.tax_year,
        quartal: o.quartal,
        kind: o.kind,
        due_date: o.due_date,
        master_data_id: o.master_data_id,
        document_id: o.document_id,
        reversal_of: o.id,
        created_by: actor.userId,
        changed_by: actor.userId,
      };
    }),
  );
  await repo.markReversed(
    tx,
    originals.map((o, i) => ({ id: o.id, reversed_by: ids[i]! })),
  );
  return ids;
}

/**
 * Brings the bookings of these establishments in line with their payment lines, inside
 * the caller's transaction (confirmation of a notice, manual entry, correction or
 * cancellation of a line): a booked line that was superseded or cancelled gets a reversing
 * booking (its booking's other, still active lines become unbooked and are booked again),
 * and every active line not booked yet is booked — all in the company's open `bescheid`
 * session, created when none is open. Prepayment schedule lines wait for their quarter's
 * prepayment session.
 */
export async function syncBookings(
  tx: Tx,
  actor: Actor,
  masterDataIds: number[],
  source: { document_id?: number } = {},
): Promise<{ session_ids: number[]; added: number; reversed: number }> {
  const ids = [...new Set(masterDataIds)];
  const result = { session_ids: [] as number[], added: 0, reversed: 0 };
  if (!ids.length) return result;
  const date = bookingToday();
  const toReverse = await bookingsToReverse(tx, ids);
  const companies = new Set(toReverse.map((b) => b.company_id));
  const sessions = new Map<number, number>();
  const sessionOf = async (companyId: number) => {
    const known = sessions.get(companyId);
    if (known) return known;
    const { session, created } = await repo.lockOpenBescheidSession(tx, companyId, actor.userId);
    if (created)
      await repo.insertLog(tx, {
        session_id: session.id,
        action: 'created',
        to_status: 'offen',
        user_id: actor.userId,
        details: { reason: 'Buchungen aus bestätigten Zahlungszeilen' },
      });
    sessions.set(companyId, session.id);
    return session.id;
  };

  const reversedBy = new Map<number, number>();
  for (const companyId of companies) {
    const originals = toReverse.filter((b) => b.company_id === companyId);
    const sessionId = await sessionOf(companyId);
    const rids = await insertReversals(tx, actor, sessionId, originals, date);
    originals.forEach((o, i) => reversedBy.set(o.id, rids[i]!));
    result.reversed += rids.length;
  }
  if (reversedBy.size)
    await tx.execute(
      sql`update payment_lines set booking_id = null where booking_id in ${[...reversedBy.keys()]}`,
    );

  const lines = await linesToBook(tx, ids);
  const perCompany = new Map<number, LineSource[]>();
  for (const l of lines) perCompany.set(l.company_id, [...(perCompany.get(l.company_id) ?? []), l]);
  const added = new Map<number, number>();
  for (const [companyId, list] of perCompany) {
    const planned = await planForCompany(
      tx,
      companyId,
      list.map((l) => ({ lines: [l], amount: l.betrag })),
      date,
    );
    if (!planned.length) continue;
    const sessionId = await sessionOf(companyId);
    const newIds = await insertPlanned(tx, actor, sessionId, companyId, planned, date);
    added.set(companyId, newIds.length);
    result.added += newIds.length;
  }

  for (const [companyId, sessionId] of sessions) {
    const reversed = toReverse.filter((b) => b.company_id === companyId);
    await repo.insertLog(tx, {
      session_id: sessionId,
      action: 'add',
      from_status: 'offen',
      to_status: 'offen',
      user_id: actor.userId,
      details: {
        bookings: added.get(companyId) ?? 0,
        reversals: reversed.map((b) => ({ booking_id: b.id, reversal_id: reversedBy.get(b.id) })),
        ...(source.document_id ? { document_id: source.document_id } : {}),
      },
    });
    await repo.updateSession(tx, sessionId, {});
    result.session_ids.push(sessionId);
  }
  return result;
}

/**
 * For the documents module (withdrawing a confirmation): the given payment lines that are
 * booked, with the session their booking is in. A line is booked from the moment its
 * booking exists until that booking is reversed.
 */
export async function bookedPaymentLines(db: DbOrTx, lineIds: number[]) {
  if (!lineIds.length) return [];
  return rowsOf<{ payment_line_id: number; booking_id: number; session_id: number; session_status: string }>(
    db,
    sql`select l.id as payment_line_id, b.id as booking_id, s.id as session_id, s.status as session_status
        from payment_lines l join bookings b on b.id = l.booking_id join booking_sessions s on s.id = b.session_id
        where l.id in ${lineIds} order by l.id`,
  );
}
