import { rm } from 'node:fs/promises';
import {
  berlinDate,
  type DeleteOriginalsBody,
  type DeleteOriginalsResult,
  type ExpiredDocument,
  type ExpiredDocumentList,
  pageMeta,
  type RetentionBlock,
  RETENTION_BLOCKS,
  type RetentionListQuery,
  retentionEnd,
} from '@gewst/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/sql';
import { AppError } from '../../http/errors';
import { type Actor, recordAudit } from '../audit/service';
import { settings } from '../settings';
import type { FileStore } from './file-store';
import { documentsWithPath } from './repo';

/**
 * Retention of originals (§ 147 AO; the rule in `@gewst/domain` retention): which documents'
 * period has ended, and the administrator's explicit deletion of their original files. The
 * extracted fields, payment lines and bookings stay; the document says the original is gone.
 * Nothing here runs by itself.
 */

/** Today's calendar date in Germany (the period ends on a German 31 December). */
export const germanToday = (now = new Date()): string => berlinDate(now);

const yearOf = (ts: SQL) => sql`extract(year from (${ts} at time zone 'Europe/Berlin'))::int`;

const noticeDate = sql`d.fields->'bescheid_datum'->>'value'`;
const noticeYear = sql`case
  when ${noticeDate} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}' then substr(${noticeDate}, 1, 4)::int
  when ${noticeDate} ~ '^[0-9]{2}[.][0-9]{2}[.][0-9]{4}$' then substr(${noticeDate}, 7, 4)::int end`;

/**
 * The document's anchor year (§ 147 Abs. 4 AO): the latest of the notice's date (without a
 * recognised date: the day it arrived here), the payments of its payment lines and its
 * bookings (booked, exported). Any later event moves the end of the period later.
 */
const anchorYear = sql`greatest(
  coalesce(${noticeYear}, ${yearOf(sql`d.created_at`)}),
  coalesce((select max(extract(year from l.status_date)::int) from payment_lines l where l.document_id = d.id), 0),
  coalesce((select max(greatest(extract(year from b.booking_date)::int,
      coalesce(${yearOf(sql`b.exported_at`)}, 0), coalesce(${yearOf(sql`s.exported_at`)}, 0)))
    from bookings b join booking_sessions s on s.id = b.session_id
    where b.document_id = d.id
       or b.id in (select bl.booking_id from booking_lines bl join payment_lines l on l.id = bl.payment_line_id
                   where l.document_id = d.id)), 0)
)`;

/**
 * Why the original may not go yet (null: it may). A document a user removed (soft-deleted)
 * is never reviewed any more: only its period and an open booking session hold it.
 */
const blockedReason = sql`case
  when d.deleted_at is null and d.status not in ('geprueft', 'gebucht') then 'unreviewed'
  when d.lock_user_id is not null and d.lock_expires_at > now() then 'locked'
  when exists (
    select 1 from bookings b join booking_sessions s on s.id = b.session_id
    where s.status not in ('exportiert', 'storniert')
      and (b.document_id = d.id
        or b.id in (select bl.booking_id from booking_lines bl join payment_lines l on l.id = bl.payment_line_id
                    where l.document_id = d.id))
  ) then 'open_session'
  else null end`;

interface ExpiredRow {
  id: number;
  filename: string;
  type: string | null;
  status: string;
  created_at: string;
  deleted_at: string | null;
  anchor_year: number;
  blocked: RetentionBlock | null;
}

/**
 * The company's documents whose period ended before `today`, oldest anchor first — removed
 * (soft-deleted) ones included: removing a document from the lists does not shorten the
 * period of a voucher (§ 147 AO), and without them their originals would stay forever.
 */
function expiredQuery(companyId: number, years: number, today: string, ids?: readonly number[]) {
  const currentYear = Number(today.slice(0, 4));
  return sql`select * from (
      select d.id, d.filename, d.type, d.status,
             to_char(d.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
             to_char(d.deleted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as deleted_at,
             ${anchorYear} as anchor_year, ${blockedReason} as blocked
      from documents d
      where d.company_id = ${companyId} and d.original_deleted_at is null
        ${
          ids
            ? sql`and d.id in (${sql.join(
                ids.map((id) => sql`${id}`),
                sql`, `,
              )})`
            : sql``
        }
    ) x
    where x.anchor_year + ${years} < ${currentYear}`;
}

async function retentionYears(db: DbOrTx) {
  return (await settings.get(db, 'documents.retention')).years;
}

const present = (r: ExpiredRow, years: number): ExpiredDocument => ({
  ...r,
  anchor_year: Number(r.anchor_year),
  retained_until: retentionEnd(Number(r.anchor_year), years),
});

/** GET /documents/retention: one page of the company's expired documents. */
export async function listExpired(
  db: DbOrTx,
  q: RetentionListQuery,
  today = germanToday(),
): Promise<ExpiredDocumentList> {
  const years = await retentionYears(db);
  const base = expiredQuery(q.company_id, years, today);
  const [count] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from (${base}) c`);
  const rows = await rowsOf<ExpiredRow>(
    db,
    sql`${base} order by x.anchor_year, x.id limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`,
  );
  return {
    data: rows.map((r) => present(r, years)),
    meta: pageMeta(q.page, q.per_page, count!.n),
    years,
    today,
  };
}

const conflict = (message: string) => new AppError(409, 'RETENTION_NOT_EXPIRED', message);

/**
 * Deletes the original files (upload and annotated versions) of expired documents. In one
 * transaction, with the rows locked: every document must belong to the company, be expired
 * under today's setting and not blocked (else 409, nothing deleted); the documents are marked
 * and one audit entry per document records the files and the rule. The files leave the store
 * after the commit, each only when no other document still needs it (a shared duplicate).
 */
export async function deleteOriginals(
  db: DbOrTx,
  store: FileStore,
  actor: Actor,
  body: DeleteOriginalsBody,
  today = germanToday(),
): Promise<DeleteOriginalsResult> {
  const ids = [...new Set(body.document_ids)];
  const paths = await db.transaction(async (tx) => {
    const years = await retentionYears(tx);
    await rowsOf(
      tx,
      sql`select id from documents where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) for update`,
    );
    const rows = await rowsOf<ExpiredRow>(tx, expiredQuery(body.company_id, years, today, ids));
    const found = new Map(rows.map((r) => [Number(r.id), r]));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length)
      throw conflict(
        `Bei ${missing.length} Dokument(en) ist die Aufbewahrungsfrist (${years} Jahre) nicht abgelaufen oder das Original schon gelöscht: nichts wurde gelöscht.`,
      );
    const blocked = rows.filter((r) => r.blocked);
    if (blocked.length)
      throw conflict(
        `Nichts wurde gelöscht: ${blocked
          .map((r) => `„${r.filename}“ – ${RETENTION_BLOCKS[r.blocked!]}`)
          .join('; ')}.`,
      );
    const files = await rowsOf<{
      id: number;
      original_path: string;
      file_path: string;
      versions: string[] | null;
    }>(
      tx,
      sql`select d.id, d.original_path, d.file_path,
                 (select array_agg(v.path order by v.version) from document_versions v where v.document_id = d.id) as versions
          from documents d where d.id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    await tx.execute(
      sql`update documents set original_deleted_at = now(), original_deleted_by = ${actor.userId}, updated_at = now()
          where id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    const all = new Set<string>();
    for (const f of files) {
      const own = [...new Set([f.original_path, f.file_path, ...(f.versions ?? [])])];
      own.forEach((p) => all.add(p));
      const r = found.get(Number(f.id))!;
      await recordAudit(tx, actor, {
        action: 'delete-original',
        entity: 'document',
        entityId: f.id,
        before: { files: own },
        after: {
          files: [],
          retention_years: years,
          anchor_year: Number(r.anchor_year),
          retained_until: retentionEnd(Number(r.anchor_year), years),
          today,
        },
      });
    }
    return [...all];
  });
  let removed = 0;
  for (const p of paths) {
    const needed = (await documentsWithPath(db, p)).some((d) => !d.original_deleted_at);
    const full = store.resolve(p);
    if (needed || !full) continue;
    await rm(full, { force: true });
    removed += 1;
  }
  return { deleted: ids.length, files_removed: removed };
}
