import {
  type BookingStats,
  pageMeta,
  SESSION_STATUSES,
  type SessionListQuery,
  type SessionStatus,
  formatMoneyPlain,
  moneyToCents,
} from '@gewst/domain';
import type { Db, DbOrTx } from '../../db/client';
import { forbidden, notFound } from '../../http/errors';
import { type Actor, recordAudit } from '../audit/service';
import { usersById } from '../users';
import { requireCompany } from '../master-data/service';
import { presentBooking, presentLog, presentSession, sessionUserIds } from './presenter';
import * as repo from './repo';

export async function requireSession(db: DbOrTx, id: number) {
  const row = await repo.sessionWithSums(db, id);
  if (!row) throw notFound('Der Buchungsstapel');
  return row;
}

export async function sessionView(db: DbOrTx, id: number) {
  const row = await requireSession(db, id);
  const users = await usersById(db, sessionUserIds(row));
  return presentSession(row, users);
}

export async function listSessions(db: Db, companyId: number, q: SessionListQuery) {
  await requireCompany(db, companyId);
  const rows = await repo.listSessions(db, { company_id: companyId, ...q });
  const users = await usersById(db, rows.flatMap(sessionUserIds));
  return {
    data: rows.map((r) => presentSession(r, users)),
    meta: pageMeta(q.page, q.per_page, rows[0]?.total ?? 0),
  };
}

export async function getSession(db: Db, id: number, page: number, perPage: number) {
  const row = await requireSession(db, id);
  const [rows, sums] = await Promise.all([
    repo.pageOfBookings(db, id, page, perPage),
    repo.sumsByAccount(db, id),
  ]);
  const total = sums.reduce((n, s) => n + s.count, 0);
  const changers = new Set(sums.flatMap((s) => s.changers));
  const users = await usersById(db, [
    ...sessionUserIds(row),
    ...rows.flatMap((b) => [b.created_by, b.changed_by]),
  ]);
  return {
    ...presentSession(row, users),
    bookings: { data: rows.map((b) => presentBooking(b, users)), meta: pageMeta(page, perPage, total) },
    sums_by_account: sums.map((s) => ({
      konto: s.konto,
      purpose: s.purpose as never,
      soll: formatMoneyPlain(s.soll),
      haben: formatMoneyPlain(s.haben),
      saldo: formatMoneyPlain(moneyToCents(s.soll) - moneyToCents(s.haben)),
      count: s.count,
    })),
    changed_by_ids: [...changers].filter((c): c is number => c !== null).sort((a, b) => a - b),
  };
}

export async function sessionLogs(db: Db, actor: Actor, sessionId: number) {
  await requireSession(db, sessionId);
  const rows = await repo.logsOfSession(db, sessionId);
  const users = await usersById(
    db,
    rows.map((r) => r.user_id),
  );
  return rows.map((r) => presentLog(r, users, actor.userId));
}

/** Only the comment's author may change it; the old text goes to the audit log. */
export async function editComment(db: Db, actor: Actor, logId: number, comment: string) {
  return db.transaction(async (tx) => {
    const row = await repo.findLog(tx, logId);
    if (!row) throw notFound('Der Protokolleintrag');
    if (actor.userId === null || row.user_id !== actor.userId)
      throw forbidden('Nur wer den Kommentar geschrieben hat, kann ihn ändern.');
    const after = await repo.updateLogComment(tx, logId, comment);
    await recordAudit(tx, actor, {
      action: 'session-log-comment-edit',
      entity: 'session_log',
      entityId: logId,
      before: { comment: row.comment, session_id: row.session_id },
      after: { comment: after.comment },
    });
    const users = await usersById(tx, [after.user_id]);
    return presentLog(after, users, actor.userId);
  });
}

export async function bookingStats(db: Db, companyId: number | undefined): Promise<BookingStats> {
  if (companyId !== undefined) await requireCompany(db, companyId);
  const { byStatus, awaiting } = await repo.stats(db, companyId);
  const ids = new Set<number>([...byStatus.map((r) => r.company_id), ...awaiting.map((r) => r.company_id)]);
  if (companyId !== undefined) ids.add(companyId);
  return {
    companies: [...ids]
      .sort((a, b) => a - b)
      .map((id) => {
        const sessions = Object.fromEntries(SESSION_STATUSES.map((s) => [s, 0])) as Record<
          SessionStatus,
          number
        >;
        let archived = 0;
        for (const r of byStatus.filter((x) => x.company_id === id)) {
          if (r.archived) archived += r.n;
          else sessions[r.status as SessionStatus] += r.n;
        }
        const a = awaiting.find((x) => x.company_id === id);
        return {
          company_id: id,
          sessions,
          archived,
          awaiting_approval: {
            sessions: sessions.eingereicht,
            bookings: a?.n ?? 0,
            sum_soll: formatMoneyPlain(a?.soll ?? '0'),
            sum_haben: formatMoneyPlain(a?.haben ?? '0'),
          },
          failed_exports: sessions.export_fehlgeschlagen,
        };
      }),
  };
}
