import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/sql';
import { bookingLines, bookings, bookingSessions, sessionLogs } from './schema';

export type SessionRow = typeof bookingSessions.$inferSelect;
export type BookingRow = typeof bookings.$inferSelect;
export type BookingInsert = typeof bookings.$inferInsert;
export type SessionLogRow = typeof sessionLogs.$inferSelect;

// ---------------------------------------------------------------- sessions

export async function findSession(db: DbOrTx, id: number) {
  const [row] = await db.select().from(bookingSessions).where(eq(bookingSessions.id, id));
  return row ?? null;
}

/** The session row, locked until the transaction ends (every transition takes this lock first). */
export async function lockSession(db: DbOrTx, id: number) {
  const [row] = await db.select().from(bookingSessions).where(eq(bookingSessions.id, id)).for('update');
  return row ?? null;
}

export async function updateSession(
  db: DbOrTx,
  id: number,
  values: Partial<typeof bookingSessions.$inferInsert>,
) {
  const [row] = await db
    .update(bookingSessions)
    .set({ ...values, updated_at: new Date() })
    .where(eq(bookingSessions.id, id))
    .returning();
  return row!;
}

export async function insertSession(db: DbOrTx, values: typeof bookingSessions.$inferInsert) {
  const [row] = await db.insert(bookingSessions).values(values).returning();
  return row!;
}

/**
 * The company's open `bescheid` session, created when none is open, locked. Concurrent
 * callers meet at the partial unique index: one inserts, the others wait and find it.
 */
export async function lockOpenBescheidSession(db: DbOrTx, companyId: number, userId: number | null) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const created = await rowsOf<{ id: number }>(
      db,
      sql`insert into booking_sessions (company_id, type, status, created_by)
          values (${companyId}, 'bescheid', 'offen', ${userId})
          on conflict (company_id) where type = 'bescheid' and status = 'offen' do nothing
          returning id`,
    );
    const [row] = await db
      .select()
      .from(bookingSessions)
      .where(
        and(
          eq(bookingSessions.company_id, companyId),
          eq(bookingSessions.type, 'bescheid'),
          eq(bookingSessions.status, 'offen'),
        ),
      )
      .for('update');
    if (row) return { session: row, created: created.length > 0 };
  }
  throw new Error('Kein offener Bescheid-Stapel');
}

/** Storno sessions of a session that are not exported yet (block cancel, correct, archive). */
export async function pendingStorno(db: DbOrTx, sessionId: number) {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select id from booking_sessions
        where related_session_id = ${sessionId} and type = 'storno' and status not in ('exportiert', 'storniert')
        order by id limit 1`,
  );
  return rows[0]?.id ?? null;
}

export interface SessionListRow extends SessionRow {
  booking_count: number;
  sum_soll: string;
  sum_haben: string;
  storno_session_id: number | null;
  storno_pending: boolean;
  total: number;
}

const withSums = (where: ReturnType<typeof sql>, tail: ReturnType<typeof sql>) => sql`
  select s.*, coalesce(b.n, 0)::int as booking_count,
    coalesce(b.soll, 0)::text as sum_soll, coalesce(b.haben, 0)::text as sum_haben,
    st.id as storno_session_id, coalesce(st.status not in ('exportiert', 'storniert'), false) as storno_pending,
    count(*) over ()::int as total
  from booking_sessions s
  left join lateral (
    select count(*) as n, sum(amount) filter (where sh = 'S') as soll, sum(amount) filter (where sh = 'H') as haben
    from bookings where session_id = s.id
  ) b on true
  left join lateral (
    select id, status from booking_sessions x where x.related_session_id = s.id and x.type = 'storno'
    order by x.id desc limit 1
  ) st on true
  where ${where}
  ${tail}`;

export async function listSessions(
  db: DbOrTx,
  q: {
    company_id: number;
    type?: string;
    archived: boolean;
    status?: string;
    page: number;
    per_page: number;
  },
) {
  const where = [sql`s.company_id = ${q.company_id}`, sql`s.archived = ${q.archived}`];
  if (q.type) where.push(sql`s.type = ${q.type}`);
  if (q.status) where.push(sql`s.status = ${q.status}`);
  return rowsOf<SessionListRow>(
    db,
    withSums(
      sql.join(where, sql` and `),
      sql`order by s.id desc limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`,
    ),
  );
}

export async function sessionWithSums(db: DbOrTx, id: number) {
  const [row] = await rowsOf<SessionListRow>(db, withSums(sql`s.id = ${id}`, sql``));
  return row ?? null;
}

// ---------------------------------------------------------------- bookings

/** Bulk insert through jsonb_to_recordset (one statement for thousands of rows). */
export async function insertBookings(db: DbOrTx, rows: BookingInsert[]): Promise<number[]> {
  if (!rows.length) return [];
  const data = rows.map((r) => ({
    session_id: r.session_id,
    company_id: r.company_id,
    booking_date: r.booking_date,
    amount: r.amount,
    sh: r.sh,
    konto: r.konto,
    gegenkonto: r.gegenkonto,
    purpose: r.purpose ?? null,
    counter_purpose: r.counter_purpose ?? null,
    text: r.text,
    belegfeld1: r.belegfeld1 ?? null,
    kost1: r.kost1 ?? null,
    kost2: r.kost2 ?? null,
    tax_year: r.tax_year,
    quartal: r.quartal ?? null,
    kind: r.kind,
    due_date: r.due_date ?? null,
    master_data_id: r.master_data_id ?? null,
    document_id: r.document_id ?? null,
    reversal_of: r.reversal_of ?? null,
    corrected_from: r.corrected_from ?? null,
    created_by: r.created_by ?? null,
    changed_by: r.changed_by ?? null,
    ord: 0,
  }));
  data.forEach((d, i) => (d.ord = i));
  const inserted = await rowsOf<{ id: number; ord: number }>(
    db,
    sql`with input as (
          select * from jsonb_to_recordset(${JSON.stringify(data)}::jsonb) as x(
            session_id int, company_id int, booking_date date, amount numeric, sh text, konto text,
            gegenkonto text, purpose text, counter_purpose text, text text, belegfeld1 text, kost1 text, kost2 text,
            tax_year int, quartal int, kind text, due_date date, master_data_id int, document_id int,
            reversal_of int, corrected_from int, created_by int, changed_by int, ord int)
        ),
        ins as (
          insert into bookings (session_id, company_id, booking_date, amount, sh, konto, gegenkonto, purpose,
            counter_purpose, text, belegfeld1, kost1, kost2, tax_year, quartal, kind, due_date, master_data_id,
            document_id, reversal_of, corrected_from, created_by, changed_by)
          select session_id, company_id, booking_date, amount, sh, konto, gegenkonto, purpose, counter_purpose,
            text, belegfeld1, kost1, kost2, tax_year, quartal, kind, due_date, master_data_id, document_id, reversal_of,
            corrected_from, created_by, changed_by
          from input order by ord
          returning id
        )
        select id, (row_number() over (order by id) - 1)::int as ord from ins`,
  );
  // serial ids are handed out in insertion order, which follows `ord`
  return inserted.sort((a, b) => a.ord - b.ord).map((r) => r.id);
}

export async function linkLines(db: DbOrTx, links: { booking_id: number; payment_line_id: number }[]) {
  if (!links.length) return;
  await db.execute(sql`
    insert into booking_lines (booking_id, payment_line_id)
    select booking_id, payment_line_id
    from jsonb_to_recordset(${JSON.stringify(links)}::jsonb) as x(booking_id int, payment_line_id int)
    on conflict do nothing`);
}

/** Sets the lines' current booking (null: unbooked). */
export async function setLineBookings(db: DbOrTx, pairs: { line_id: number; booking_id: number | null }[]) {
  if (!pairs.length) return;
  await db.execute(sql`
    update payment_lines l set booking_id = x.booking_id
    from jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as x(line_id int, booking_id int)
    where l.id = x.line_id`);
}

export async function findBookings(db: DbOrTx, sessionId: number, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select()
    .from(bookings)
    .where(and(eq(bookings.session_id, sessionId), sql`${bookings.id} in ${ids}`))
    .orderBy(asc(bookings.id));
}

export async function bookingsOfSession(db: DbOrTx, sessionId: number) {
  return db.select().from(bookings).where(eq(bookings.session_id, sessionId)).orderBy(asc(bookings.id));
}

export async function updateBooking(db: DbOrTx, id: number, values: Partial<BookingInsert>) {
  const [row] = await db
    .update(bookings)
    .set({ ...values, updated_at: new Date() })
    .where(eq(bookings.id, id))
    .returning();
  return row!;
}

export async function markReversed(db: DbOrTx, pairs: { id: number; reversed_by: number }[]) {
  if (!pairs.length) return;
  await db.execute(sql`
    update bookings b set reversed_by = x.reversed_by, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as x(id int, reversed_by int)
    where b.id = x.id`);
}

export async function linesOfBookings(db: DbOrTx, bookingIds: number[]) {
  if (!bookingIds.length) return [];
  return db
    .select()
    .from(bookingLines)
    .where(sql`${bookingLines.booking_id} in ${bookingIds}`);
}

/** The distinct last changers of a session's bookings (four-eyes rule). */
export async function changersOfSession(db: DbOrTx, sessionId: number) {
  const rows = await rowsOf<{ changed_by: number | null }>(
    db,
    sql`select distinct changed_by from bookings where session_id = ${sessionId}`,
  );
  return rows.map((r) => r.changed_by);
}

/** Every column of bookings, money and dates as text (raw SQL reads). */
const BOOKING_COLUMNS = sql.raw(
  `b.id, b.session_id, b.company_id, b.booking_date::text as booking_date, b.amount::text as amount, b.sh,
   b.konto, b.gegenkonto, b.purpose, b.counter_purpose, b.text, b.belegfeld1, b.kost1, b.kost2, b.tax_year, b.quartal,
   b.kind, b.due_date::text as due_date, b.master_data_id, b.document_id, b.reversal_of, b.reversed_by,
   b.corrected_from, b.guid, b.created_by, b.changed_by, b.created_at, b.updated_at, b.exported_at`,
);

export interface BookingViewRow extends BookingRow {
  designation: string | null;
  ags: string | null;
  gemeinde: string | null;
  document_type: string | null;
  document_filename: string | null;
  document_path: string | null;
  line_ids: number[] | null;
}

/** One page of a session's bookings (by id, through the (session_id, id) index), with their links. */
export async function pageOfBookings(db: DbOrTx, sessionId: number, page: number, perPage: number) {
  return rowsOf<BookingViewRow>(
    db,
    sql`select ${BOOKING_COLUMNS},
          md.designation, md.ags, m.name as gemeinde,
          d.type as document_type, d.filename as document_filename, d.file_path as document_path,
          (select array_agg(bl.payment_line_id order by bl.payment_line_id) from booking_lines bl
            where bl.booking_id = b.id) as line_ids
        from (select * from bookings where session_id = ${sessionId} order by id
              limit ${perPage} offset ${(page - 1) * perPage}) b
        left join master_data md on md.id = b.master_data_id
        left join municipalities m on m.ags = md.ags
        left join documents d on d.id = b.document_id
        order by b.id`,
  );
}

/**
 * Sums per account of a session and who last changed its bookings, in one pass over the
 * session's bookings (the session view needs both; the count is the sum of the counts).
 */
export async function sumsByAccount(db: DbOrTx, sessionId: number) {
  return rowsOf<{
    konto: string;
    purpose: string | null;
    soll: string;
    haben: string;
    count: number;
    changers: (number | null)[];
  }>(
    db,
    sql`select konto, min(purpose) as purpose,
          coalesce(sum(amount) filter (where sh = 'S'), 0)::text as soll,
          coalesce(sum(amount) filter (where sh = 'H'), 0)::text as haben,
          count(*)::int as count, array_agg(distinct changed_by) as changers
        from bookings where session_id = ${sessionId} group by konto order by konto`,
  );
}

// ---------------------------------------------------------------- session logs

export async function insertLog(db: DbOrTx, values: typeof sessionLogs.$inferInsert) {
  const [row] = await db.insert(sessionLogs).values(values).returning();
  return row!;
}

export async function logsOfSession(db: DbOrTx, sessionId: number) {
  return db
    .select()
    .from(sessionLogs)
    .where(eq(sessionLogs.session_id, sessionId))
    .orderBy(asc(sessionLogs.id));
}

export async function findLog(db: DbOrTx, id: number) {
  const [row] = await db.select().from(sessionLogs).where(eq(sessionLogs.id, id)).for('update');
  return row ?? null;
}

export async function updateLogComment(db: DbOrTx, id: number, comment: string) {
  const [row] = await db
    .update(sessionLogs)
    .set({ comment, comment_edited_at: new Date() })
    .where(eq(sessionLogs.id, id))
    .returning();
  return row!;
}

// ---------------------------------------------------------------- stats

export async function stats(db: DbOrTx, companyId: number | undefined) {
  const filter = companyId === undefined ? sql`true` : sql`s.company_id = ${companyId}`;
  const byStatus = await rowsOf<{ company_id: number; status: string; archived: boolean; n: number }>(
    db,
    sql`select s.company_id, s.status, s.archived, count(*)::int as n from booking_sessions s
        where ${filter} group by 1, 2, 3`,
  );
  const awaiting = await rowsOf<{ company_id: number; n: number; soll: string; haben: string }>(
    db,
    sql`select s.company_id, count(b.id)::int as n,
          coalesce(sum(b.amount) filter (where b.sh = 'S'), 0)::text as soll,
          coalesce(sum(b.amount) filter (where b.sh = 'H'), 0)::text as haben
        from booking_sessions s join bookings b on b.session_id = s.id
        where ${filter} and s.status = 'eingereicht' and not s.archived group by 1`,
  );
  return { byStatus, awaiting };
}
