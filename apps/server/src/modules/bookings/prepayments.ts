import {
  type PaymentLineKind,
  type PrepaymentPreview,
  type PrepaymentQuery,
  transition,
  type SessionStatus,
  type SessionType,
  formatMoneyPlain,
  moneyToCents,
} from '@gewst/domain';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, conflict, notFound } from '../../http/errors';
import { type Actor, recordAudit } from '../audit/service';
import { usersById } from '../users';
import { requireCompany } from '../master-data/service';
import { rowsOf } from '../../db/sql';
import { bookingToday, insertPlanned, type LineSource, planForCompany } from './generation';
import { type BiLogRow, presentBiLog } from './presenter';
import * as repo from './repo';
import { sessionView } from './service';

interface QuarterGroup {
  master_data_id: number;
  amount: string;
  line_ids: number[];
  faellig_am: string | null;
  document_id: number | null;
  cost_center: string | null;
  ags: string;
  gemeinde: string;
  kassenzeichen: string | null;
}

/**
 * Per establishment: the sum of its active, unbooked prepayment lines of the quarter (the
 * prepayment and its corrections — the amount in force today), where that sum is not zero.
 */
function quarterGroups(db: DbOrTx, q: PrepaymentQuery) {
  return rowsOf<QuarterGroup>(
    db,
    sql`with g as (
          select l.master_data_id, sum(l.betrag) as amount, array_agg(l.id order by l.id) as line_ids,
            min(l.faellig_am) filter (where l.kind = 'vorauszahlung') as faellig_am,
            min(l.faellig_am) as any_due, min(l.document_id) as document_id
          from payment_lines l
          where l.company_id = ${q.company_id} and l.year = ${q.year} and l.quartal = ${q.quartal}
            and l.kind in ('vorauszahlung', 'korrektur') and l.superseded_by is null
            and l.status <> 'storniert' and l.booking_id is null
          group by l.master_data_id
          having sum(l.betrag) <> 0
        )
        select g.master_data_id, g.amount::text as amount, g.line_ids,
          coalesce(g.faellig_am, g.any_due)::text as faellig_am, g.document_id, md.cost_center, md.ags,
          m.name as gemeinde,
          coalesce(nullif(d.fields->'kassenzeichen'->>'value', ''), (
            select r.value from master_data_references r where r.master_data_id = md.id
            order by case r.kind when 'kassenzeichen' then 0 when 'buchungszeichen' then 1
              when 'personenkonto' then 2 else 3 end, r.id
            limit 1)) as kassenzeichen
        from g join master_data md on md.id = g.master_data_id
        join municipalities m on m.ags = md.ags
        left join documents d on d.id = g.document_id
        order by md.designation, md.id`,
  );
}

const sumOf = (groups: QuarterGroup[]) =>
  formatMoneyPlain(groups.reduce((s, g) => s + moneyToCents(g.amount), 0n));

async function existingEntry(db: DbOrTx, q: PrepaymentQuery) {
  const [row] = await rowsOf<{ id: number; session_id: number }>(
    db,
    sql`select id, session_id from prepayment_bi_logs
        where company_id = ${q.company_id} and year = ${q.year} and quartal = ${q.quartal}`,
  );
  return row ?? null;
}

function alreadyCreated(q: PrepaymentQuery, existing: { id: number; session_id: number }) {
  return new AppError(
    409,
    'PREPAYMENTS_EXIST',
    `Die Vorauszahlungen für das ${q.quartal}. Quartal ${q.year} wurden bereits erstellt (Stapel ${existing.session_id}). Für eine neue Erstellung zuerst den Protokolleintrag löschen.`,
    undefined,
    { session_id: existing.session_id, bi_log_id: existing.id },
  );
}

export async function previewPrepayments(db: Db, q: PrepaymentQuery): Promise<PrepaymentPreview> {
  await requireCompany(db, q.company_id);
  const [groups, existing] = await Promise.all([quarterGroups(db, q), existingEntry(db, q)]);
  return {
    company_id: q.company_id,
    year: q.year,
    quartal: q.quartal,
    count: groups.length,
    sum: sumOf(groups),
    existing: existing ? { bi_log_id: existing.id, session_id: existing.session_id } : null,
  };
}

/**
 * One `vorauszahlung` session per company, year and quarter: one booking per establishment
 * whose schedule has an amount in that quarter. A second creation is refused (409 with the
 * existing session) until its BI log entry is deleted.
 */
export async function createPrepayments(db: Db, actor: Actor, q: PrepaymentQuery) {
  await requireCompany(db, q.company_id);
  const { sessionId, biLogId } = await db.transaction(async (tx) => {
    const existing = await existingEntry(tx, q);
    if (existing) throw alreadyCreated(q, existing);
    const groups = await quarterGroups(tx, q);
    if (!groups.length)
      throw new AppError(
        422,
        'NO_PREPAYMENTS_DUE',
        `Für das ${q.quartal}. Quartal ${q.year} ist bei keiner Betriebsstätte dieser Firma eine Vorauszahlung offen zu buchen.`,
      );
    const session = await repo.insertSession(tx, {
      company_id: q.company_id,
      type: 'vorauszahlung',
      status: 'offen',
      year: q.year,
      quartal: q.quartal,
      created_by: actor.userId,
    });
    const sum = sumOf(groups);
    // The unique index decides between two creations at once: the loser finds the winner's entry.
    const [log] = await rowsOf<{ id: number }>(
      tx,
      sql`insert into prepayment_bi_logs (company_id, year, quartal, session_id, count, sum, created_by)
          values (${q.company_id}, ${q.year}, ${q.quartal}, ${session.id}, ${groups.length}, ${sum}, ${actor.userId})
          on conflict (company_id, year, quartal) do nothing returning id`,
    );
    if (!log) {
      const winner = await existingEntry(tx, q);
      throw alreadyCreated(q, winner ?? { id: 0, session_id: 0 });
    }
    const date = bookingToday();
    const sources = groups.map((g) => ({
      amount: g.amount,
      lines: g.line_ids.map((id): LineSource => ({
        id,
        company_id: q.company_id,
        master_data_id: g.master_data_id,
        year: q.year,
        kind: 'vorauszahlung' satisfies PaymentLineKind,
        quartal: q.quartal,
        betrag: g.amount,
        faellig_am: g.faellig_am,
        document_id: g.document_id,
        cost_center: g.cost_center,
        ags: g.ags,
        gemeinde: g.gemeinde,
        kassenzeichen: g.kassenzeichen,
      })),
    }));
    const planned = await planForCompany(tx, q.company_id, sources, date);
    const ids = await insertPlanned(tx, actor, session.id, q.company_id, planned, date);
    await repo.insertLog(tx, {
      session_id: session.id,
      action: 'created',
      to_status: 'offen',
      user_id: actor.userId,
      details: { year: q.year, quartal: q.quartal, establishments: groups.length, bookings: ids.length, sum },
    });
    await recordAudit(tx, actor, {
      action: 'prepayments-create',
      entity: 'booking_session',
      entityId: session.id,
      after: { ...q, bi_log_id: log.id, establishments: groups.length, bookings: ids.length, sum },
    });
    return { sessionId: session.id, biLogId: log.id };
  });
  const [entry] = await biLogRows(db, { company_id: q.company_id, id: biLogId });
  const users = await usersById(db, [entry!.created_by]);
  return { session: await sessionView(db, sessionId), bi_log: presentBiLog(entry!, users) };
}

function biLogRows(db: DbOrTx, f: { company_id?: number; year?: number; quartal?: number; id?: number }) {
  const where = [sql`true`];
  if (f.company_id !== undefined) where.push(sql`p.company_id = ${f.company_id}`);
  if (f.year !== undefined) where.push(sql`p.year = ${f.year}`);
  if (f.quartal !== undefined) where.push(sql`p.quartal = ${f.quartal}`);
  if (f.id !== undefined) where.push(sql`p.id = ${f.id}`);
  return rowsOf<BiLogRow>(
    db,
    sql`select p.id, p.company_id, p.year, p.quartal, p.session_id, s.status as session_status, s.archived,
          p.count, p.sum::text as sum, p.created_by, p.created_at
        from prepayment_bi_logs p join booking_sessions s on s.id = p.session_id
        where ${sql.join(where, sql` and `)}
        order by p.year desc, p.quartal desc, p.id desc`,
  );
}

export async function listBiLog(db: Db, f: { company_id: number; year?: number; quartal?: number }) {
  await requireCompany(db, f.company_id);
  const rows = await biLogRows(db, f);
  const users = await usersById(
    db,
    rows.map((r) => r.created_by),
  );
  return rows.map((r) => presentBiLog(r, users));
}

/**
 * Deletes a quarter's prepayment session through its BI log entry — only while it is not
 * exported (and none of its bookings was reversed by a later booking elsewhere): its
 * bookings go, its lines become unbooked, and the quarter can be created again.
 */
export async function deleteBiLog(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const [entry] = await rowsOf<{
      id: number;
      session_id: number;
      company_id: number;
      year: number;
      quartal: number;
      count: number;
      sum: string;
    }>(
      tx,
      sql`select id, session_id, company_id, year, quartal, count, sum::text as sum
          from prepayment_bi_logs where id = ${id} for update`,
    );
    if (!entry) throw notFound('Der Protokolleintrag');
    const session = await repo.lockSession(tx, entry.session_id);
    if (!session) throw notFound('Der Buchungsstapel');
    const verdict = transition(
      {
        status: session.status as SessionStatus,
        type: session.type as SessionType,
        archived: session.archived,
      },
      'delete-prepayments',
    );
    if (!verdict.allowed)
      throw conflict(
        'PREPAYMENTS_EXPORTED',
        `Der Vorauszahlungsstapel ${session.id} ist ${session.status === 'exportiert' || session.status === 'storniert' ? 'bereits exportiert' : 'nicht mehr löschbar'}; der Protokolleintrag kann nicht gelöscht werden. ${verdict.message}`,
      );
    const [blocked] = await rowsOf<{ n: number; exported: number }>(
      tx,
      sql`select count(*) filter (where r.session_id is distinct from b.session_id)::int as n,
            count(*) filter (where b.exported_at is not null)::int as exported
          from bookings b left join bookings r on r.id = b.reversed_by
          where b.session_id = ${session.id} and (b.reversed_by is not null or b.exported_at is not null)`,
    );
    if ((blocked?.exported ?? 0) > 0)
      throw conflict('PREPAYMENTS_EXPORTED', 'Buchungen dieses Stapels sind bereits exportiert.');
    if ((blocked?.n ?? 0) > 0)
      throw conflict(
        'PREPAYMENTS_REVERSED',
        'Buchungen dieses Stapels wurden inzwischen durch Buchungen in einem anderen Stapel storniert; der Stapel kann nicht mehr gelöscht werden.',
      );
    await tx.execute(
      sql`update payment_lines set booking_id = null
          where booking_id in (select id from bookings where session_id = ${session.id})`,
    );
    await tx.execute(sql`delete from booking_sessions where id = ${session.id}`);
    await recordAudit(tx, actor, {
      action: 'prepayments-delete',
      entity: 'booking_session',
      entityId: session.id,
      before: { bi_log: entry, status: session.status },
    });
  });
}
