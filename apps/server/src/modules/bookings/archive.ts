import { type SESSION_TYPE_LABELS, SESSION_TYPES } from '@gewst/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../http/errors';
import { type Actor, recordAudit } from '../audit/service';
import type { ArchiveFilter } from '../documents';
import * as repo from './repo';
import { sessionView } from './service';

const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * For the archive (issue 15): the company's archived booking sessions as archive rows. A
 * session's year is its own (prepayments) or the first tax year of its bookings; the year
 * and municipality filters match any of its bookings; the text matches the session number,
 * its type, or the text, Belegfeld 1 or cost centre of a booking.
 */
export function archivedSessionsSql(f: ArchiveFilter, typeLabels: typeof SESSION_TYPE_LABELS): SQL {
  const where = [sql`s.company_id = ${f.companyId}`, sql`s.archived`];
  if (f.year)
    where.push(
      sql`(s.year = ${f.year} or exists (select 1 from bookings b where b.session_id = s.id and b.tax_year = ${f.year}))`,
    );
  if (f.ags)
    where.push(sql`exists (select 1 from bookings b join master_data md on md.id = b.master_data_id
      where b.session_id = s.id and md.ags = ${f.ags})`);
  if (f.q) {
    const like = likeOf(f.q);
    const types = SESSION_TYPES.filter((t) => typeLabels[t].toLowerCase().includes(f.q!.toLowerCase()));
    where.push(sql`(s.id::text = ${f.q} or ${types.length ? sql`s.type in ${types}` : sql`false`}
      or exists (select 1 from bookings b where b.session_id = s.id
        and (b.text ilike ${like} or b.belegfeld1 ilike ${like} or b.kost1 ilike ${like})))`);
  }
  return sql`select 'stapel'::text as kind, s.id, 'Buchungsstapel ' || s.id as title, s.type,
      coalesce(s.year, (select min(b.tax_year) from bookings b where b.session_id = s.id)) as year,
      g.ags, g.name as gemeinde, s.status, coalesce(s.archived_at, s.updated_at) as archived_at
    from booking_sessions s
    left join lateral (
      select min(md.ags) as ags, min(m.name) as name from bookings b
      join master_data md on md.id = b.master_data_id join municipalities m on m.ags = md.ags
      where b.session_id = s.id having count(distinct md.ags) = 1
    ) g on true
    where ${sql.join(where, sql` and `)}`;
}

/**
 * Takes a session out of the archive (issue 15): it returns to the session lists with the
 * status it had; the session log and the audit log record it. Not a status transition, so
 * outside the state machine; only an archived session can be restored.
 */
export async function restoreSession(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const session = await repo.lockSession(tx, id);
    if (!session) throw notFound('Der Buchungsstapel');
    if (!session.archived) throw conflict('SESSION_NOT_ARCHIVED', 'Der Buchungsstapel ist nicht archiviert.');
    const after = await repo.updateSession(tx, id, { archived: false, archived_at: null, archived_by: null });
    await repo.insertLog(tx, {
      session_id: id,
      action: 'restored',
      from_status: session.status,
      to_status: after.status,
      comment: null,
      details: null,
      user_id: actor.userId,
    });
    await recordAudit(tx, actor, {
      action: 'booking-session-restore',
      entity: 'booking_session',
      entityId: id,
      before: { status: session.status, archived: true },
      after: { status: after.status, archived: false },
    });
  });
  return sessionView(db, id);
}
