import type { DocumentListParams } from '@gewst/domain';
import { and, asc, desc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { rowsOf } from '../../db/sql';
import { documents, documentVersions, importFolderClaims, layoutHints, uploadAudit } from './schema';

export type DocumentRow = typeof documents.$inferSelect;
export type DocumentInsert = typeof documents.$inferInsert;
export type VersionRow = typeof documentVersions.$inferSelect;
export type UploadAuditRow = typeof uploadAudit.$inferSelect;

export async function findDocument(db: DbOrTx, id: number): Promise<DocumentRow | undefined> {
  const [row] = await db.select().from(documents).where(eq(documents.id, id));
  return row;
}

/** Row lock for changes (serialises concurrent edits of one document on PostgreSQL). */
export async function findDocumentForUpdate(db: DbOrTx, id: number): Promise<DocumentRow | undefined> {
  const [row] = await db.select().from(documents).where(eq(documents.id, id)).for('update');
  return row;
}

/** Advisory lock space (first key) of the content of one company's files in intake. */
export const CONTENT_LOCK_SPACE = 31_402;

/**
 * The company's active document of this content (SHA-256), for intake and for taking a removal
 * back (restore). The transaction first
 * takes the content's lock, so two instances taking the same content at once (one upload, one
 * import-folder file, any names) run one after the other: the second sees the first one's
 * document once it committed and records a duplicate instead of a second document.
 */
export async function findActiveDuplicateLocked(tx: Tx, companyId: number, sha256: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${CONTENT_LOCK_SPACE}::int, hashtext(${`${companyId}:${sha256}`}))`,
  );
  const [row] = await tx
    .select({ id: documents.id, filename: documents.filename })
    .from(documents)
    .where(
      and(eq(documents.company_id, companyId), eq(documents.sha256, sha256), isNull(documents.deleted_at)),
    )
    .orderBy(asc(documents.id))
    .limit(1);
  return row;
}

export async function insertDocument(db: DbOrTx, values: DocumentInsert) {
  const [row] = await db.insert(documents).values(values).returning();
  return row!;
}

export async function updateDocument(db: DbOrTx, id: number, values: Partial<DocumentInsert>) {
  const [row] = await db
    .update(documents)
    .set({ ...values, updated_at: new Date() })
    .where(eq(documents.id, id))
    .returning();
  return row;
}

export async function insertVersion(db: DbOrTx, values: typeof documentVersions.$inferInsert) {
  const [row] = await db.insert(documentVersions).values(values).returning();
  return row!;
}

export function versionsOf(db: DbOrTx, documentId: number) {
  return db
    .select()
    .from(documentVersions)
    .where(eq(documentVersions.document_id, documentId))
    .orderBy(asc(documentVersions.version));
}

export async function insertUploadAudit(db: DbOrTx, values: typeof uploadAudit.$inferInsert) {
  const [row] = await db.insert(uploadAudit).values(values).returning();
  return row!;
}

/** Is this relative path a stored document file (any version) — and of which documents? */
export async function documentsWithPath(db: DbOrTx, relPath: string) {
  return rowsOf<{ id: number; deleted_at: string | null; original_deleted_at: string | null }>(
    db,
    sql`select d.id, d.deleted_at, d.original_deleted_at from documents d
        where d.original_path = ${relPath} or d.file_path = ${relPath}
           or exists (select 1 from document_versions v where v.document_id = d.id and v.path = ${relPath})`,
  );
}

/**
 * The store files the data needs, sorted: every file (upload, annotated versions) of a
 * document whose original was not deleted by retention (`needed`), and files only the upload
 * audit names (`optional`: kept for the administrator while they exist). A file whose every
 * document had its original deleted is in neither list.
 */
export async function storeFilesInUse(db: DbOrTx): Promise<{ needed: string[]; optional: string[] }> {
  const rows = await rowsOf<{ path: string; needed: boolean }>(
    db,
    sql`with doc_files as (
          select d.original_path as path, d.original_deleted_at is null as kept from documents d
          union all select d.file_path, d.original_deleted_at is null from documents d
          union all select v.path, d.original_deleted_at is null
            from document_versions v join documents d on d.id = v.document_id)
        select path, true as needed from doc_files group by path having bool_or(kept)
        union all
        select distinct u.path, false from upload_audit u
        where u.path is not null and not exists (select 1 from doc_files f where f.path = u.path)
        order by 1`,
  );
  return {
    needed: rows.filter((r) => r.needed).map((r) => r.path),
    optional: rows.filter((r) => !r.needed).map((r) => r.path),
  };
}

// ---------------------------------------------------------------- list, stats

const SORT_SQL: Record<DocumentListParams['orderBy'], string> = {
  created_at: 'd.created_at',
  updated_at: 'd.updated_at',
  type: 'd.type',
  status: 'd.status',
  filename: 'lower(d.filename)',
  dueDate: 'd.due_date',
  erhebungszeitraum: "(d.fields->'erhebungszeitraum'->>'value')",
  gemeinde: "lower(d.fields->'gemeinde'->>'value')",
  deleted_at: 'd.deleted_at',
};

function listWhere(q: DocumentListParams, today: string) {
  const parts = [sql`d.company_id = ${q.company_id}`];
  parts.push(q.deleted ? sql`d.deleted_at is not null` : sql`d.deleted_at is null`);
  if (!q.deleted) parts.push(sql`d.archived = ${q.archived ?? false}`);
  if (q.type) parts.push(sql`d.type = ${q.type}`);
  if (q.status) parts.push(sql`d.status = ${q.status}`);
  if (q.master_data_id) parts.push(sql`d.master_data_id = ${q.master_data_id}`);
  if (q.dueDate === 'overdue') parts.push(sql`d.due_date < ${today}::date`);
  else if (q.dueDate === 'soon') parts.push(sql`d.due_date between ${today}::date and ${today}::date + 14`);
  else if (q.dueDate === 'any') parts.push(sql`d.due_date is not null`);
  else if (q.dueDate) parts.push(sql`d.due_date <= ${q.dueDate}::date`);
  if (q.search) {
    // German full text (stemming: "Bescheide" finds "Bescheid") or a plain substring (numbers, Kassenzeichen).
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(
      sql`(to_tsvector('german', d.search_text) @@ plainto_tsquery('german', ${q.search})
           or d.search_text ilike ${like} or d.filename ilike ${like})`,
    );
  }
  return sql.join(parts, sql` and `);
}

export async function listDocuments(db: DbOrTx, q: DocumentListParams, today: string) {
  const where = listWhere(q, today);
  const [count] = await rowsOf<{ total: number }>(
    db,
    sql`select count(*)::int as total from documents d where ${where}`,
  );
  const order = sql.raw(
    `${SORT_SQL[q.orderBy]} ${q.orderDirection === 'asc' ? 'asc' : 'desc'} nulls last, d.id ${q.orderDirection === 'asc' ? 'asc' : 'desc'}`,
  );
  const ids = await rowsOf<{ id: number }>(
    db,
    sql`select d.id from documents d where ${where} order by ${order}
        limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`,
  );
  const rows = ids.length
    ? await db
        .select()
        .from(documents)
        .where(sql`${documents.id} in ${ids.map((r) => r.id)}`)
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    rows: ids.map((r) => byId.get(r.id)).filter((r): r is DocumentRow => !!r),
    total: count?.total ?? 0,
  };
}

export function documentStats(db: DbOrTx, companyId: number, today: string) {
  return rowsOf<{ type: string | null; status: string; n: number; overdue: number; soon: number }>(
    db,
    sql`select type, status, count(*)::int as n,
          count(*) filter (where due_date < ${today}::date)::int as overdue,
          count(*) filter (where due_date between ${today}::date and ${today}::date + 14)::int as soon
        from documents where company_id = ${companyId} and deleted_at is null and archived = false
        group by type, status`,
  );
}

// ---------------------------------------------------------------- locks

/** Takes or extends the lock unless another user holds an unexpired one; returns the row after. */
export async function tryLock(db: DbOrTx, id: number, userId: number, seconds: number) {
  const [row] = await db
    .update(documents)
    .set({
      lock_user_id: userId,
      lock_expires_at: sql`now() + make_interval(secs => ${seconds})`,
    })
    .where(
      and(
        eq(documents.id, id),
        sql`(${documents.lock_user_id} is null or ${documents.lock_user_id} = ${userId} or ${documents.lock_expires_at} < now())`,
      ),
    )
    .returning({ lock_user_id: documents.lock_user_id, lock_expires_at: documents.lock_expires_at });
  return row;
}

export async function releaseLock(db: DbOrTx, id: number, userId: number) {
  await db
    .update(documents)
    .set({ lock_user_id: null, lock_expires_at: null })
    .where(and(eq(documents.id, id), eq(documents.lock_user_id, userId)));
}

export async function dbNow(db: DbOrTx): Promise<Date> {
  const [row] = await rowsOf<{ now: string | Date }>(db, sql`select now() as now`);
  return new Date(row!.now);
}

// ---------------------------------------------------------------- upload audit

export async function listUploadAudit(db: DbOrTx, page: number, perPage: number) {
  const [count] = await rowsOf<{ total: number }>(db, sql`select count(*)::int as total from upload_audit`);
  const rows = await rowsOf<UploadAuditRow & { company_name: string | null }>(
    db,
    sql`select u.*, c.name as company_name from upload_audit u left join companies c on c.id = u.company_id
        order by u.created_at desc, u.id desc limit ${perPage} offset ${(page - 1) * perPage}`,
  );
  return { rows, total: count?.total ?? 0 };
}

export async function findUploadAudit(db: DbOrTx, id: number) {
  const [row] = await rowsOf<UploadAuditRow & { company_name: string | null }>(
    db,
    sql`select u.*, c.name as company_name from upload_audit u left join companies c on c.id = u.company_id
        where u.id = ${id}`,
  );
  return row;
}

export async function uploadPathKnown(db: DbOrTx, relPath: string) {
  const [row] = await db
    .select({ id: uploadAudit.id })
    .from(uploadAudit)
    .where(eq(uploadAudit.path, relPath))
    .limit(1);
  return !!row;
}

// ---------------------------------------------------------------- layout hints

export function hintsOf(db: DbOrTx, sender: string) {
  return db.select().from(layoutHints).where(eq(layoutHints.sender, sender));
}

export async function upsertHint(db: DbOrTx, values: typeof layoutHints.$inferInsert) {
  await db
    .insert(layoutHints)
    .values(values)
    .onConflictDoUpdate({
      target: [layoutHints.sender, layoutHints.field],
      set: {
        page: values.page,
        rect: values.rect,
        context: values.context,
        created_by: values.created_by,
        updated_at: new Date(),
      },
    });
}

export async function countHintUse(db: DbOrTx, sender: string, fields: string[]) {
  if (!fields.length) return;
  await db
    .update(layoutHints)
    .set({ uses: sql`${layoutHints.uses} + 1` })
    .where(and(eq(layoutHints.sender, sender), sql`${layoutHints.field} in ${fields}`));
}

// ---------------------------------------------------------------- matching

export function masterDataByReference(db: DbOrTx, companyId: number, value: string) {
  return rowsOf<{ id: number; designation: string; ags: string; iban: string | null }>(
    db,
    sql`select distinct md.id, md.designation, md.ags, md.iban from master_data md
        join master_data_references r on r.master_data_id = md.id
        where md.company_id = ${companyId}
          and upper(regexp_replace(r.value, '[\\s./-]', '', 'g')) = upper(regexp_replace(${value}, '[\\s./-]', '', 'g'))
        order by md.id`,
  );
}

export function masterDataByAgs(db: DbOrTx, companyId: number, ags: string) {
  return rowsOf<{ id: number; designation: string; ags: string; iban: string | null }>(
    db,
    sql`select id, designation, ags, iban from master_data where company_id = ${companyId} and ags = ${ags}
        order by geschaeftsleitung desc, id`,
  );
}

export function masterDataByIban(db: DbOrTx, companyId: number, iban: string) {
  return rowsOf<{ id: number; designation: string; ags: string; iban: string | null }>(
    db,
    sql`select id, designation, ags, iban from master_data where company_id = ${companyId} and iban = ${iban}
        order by id`,
  );
}

/** The establishment's Hebesatz for a year: its own entry, else the municipality's reference rate. */
export async function rateFor(db: DbOrTx, masterDataId: number, year: number) {
  const [row] = await rowsOf<{ hebesatz: number | null; source: string | null }>(
    db,
    sql`select coalesce(r.hebesatz, mr.hebesatz) as hebesatz,
          case when r.hebesatz is not null then r.source when mr.hebesatz is not null then 'reference' end as source
        from master_data md
        left join master_data_rates r on r.master_data_id = md.id and r.year = ${year}
        left join municipality_rates mr on mr.ags = md.ags and mr.year = ${year}
        where md.id = ${masterDataId}`,
  );
  return row?.hebesatz == null ? null : { hebesatz: Number(row.hebesatz), source: row.source ?? 'reference' };
}

export async function referenceRateFor(db: DbOrTx, ags: string, year: number) {
  const [row] = await rowsOf<{ hebesatz: number }>(
    db,
    sql`select hebesatz from municipality_rates where ags = ${ags} and year = ${year}`,
  );
  return row ? Number(row.hebesatz) : null;
}

export async function masterDataOfCompany(db: DbOrTx, id: number, companyId: number) {
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`select id from master_data where id = ${id} and company_id = ${companyId}`,
  );
  return row;
}

/** Documents stuck in neu/in_verarbeitung whose job is gone or has failed for good. */
export function orphanedDocuments(db: DbOrTx, schema: string) {
  return rowsOf<{ id: number }>(
    db,
    sql`select d.id from documents d
        where d.status in ('neu', 'in_verarbeitung') and d.deleted_at is null
          and d.updated_at < now() - interval '5 seconds'
          and not exists (
            select 1 from ${sql.raw(schema)}.job j
            where j.id::text = d.job_id and j.state in ('created', 'retry', 'active'))`,
  );
}

/** Whether the job is still waiting, retrying or running (a document in processing needs one). */
export async function jobIsLive(db: DbOrTx, schema: string, jobId: string | null): Promise<boolean> {
  if (!jobId) return false;
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select id::text as id from ${sql.raw(schema)}.job
        where id::text = ${jobId} and state in ('created', 'retry', 'active')`,
  );
  return rows.length > 0;
}

/** Documents whose processing had not finished (waiting or running), oldest first; removed ones with `removed`. */
export async function unfinishedDocumentIds(db: DbOrTx, removed = false): Promise<number[]> {
  const rows = await db
    .select({ id: documents.id })
    .from(documents)
    .where(
      and(
        sql`${documents.status} in ('neu', 'in_verarbeitung')`,
        removed ? isNotNull(documents.deleted_at) : isNull(documents.deleted_at),
      ),
    )
    .orderBy(asc(documents.id));
  return rows.map((r) => r.id);
}

export { desc };

/** Where a running processing is (jobs.ts); written only while the document is in processing. */
export async function setProgress(db: DbOrTx, id: number, progress: object | null) {
  await db
    .update(documents)
    .set({ progress })
    .where(and(eq(documents.id, id), eq(documents.status, 'in_verarbeitung')));
}

/**
 * The position (1 = next) of each given document's job among the processing jobs waiting in
 * the queue, in the queue's own order (priority, then age).
 */
export async function queuePositions(
  db: DbOrTx,
  schema: string,
  queue: string,
  ids: number[],
): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await rowsOf<{ id: number; pos: number }>(
    db,
    sql`with waiting as (
          select j.id::text as job_id,
                 row_number() over (order by j.priority desc, j.created_on, j.id) as pos
          from ${sql.raw(schema)}.job j
          where j.name = ${queue} and j.state in ('created', 'retry'))
        select d.id, w.pos::int as pos from documents d join waiting w on w.job_id = d.job_id
        where d.id in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
  );
  return new Map(rows.map((r) => [r.id, r.pos]));
}

/** How long a claim of an import-folder entry holds when its instance neither renews nor ends it (stopped). */
const IMPORT_CLAIM_LEASE = sql`interval '15 minutes'`;

/**
 * A ticket drawn before a scan lists a company's import folder (import-folder.ts). The sequence
 * has no cache, so tickets are ordered as drawn across every instance of the database.
 */
export async function importListingTicket(db: DbOrTx): Promise<string> {
  const [row] = await rowsOf<{ ticket: string }>(
    db,
    sql`select nextval('import_folder_claim_seq')::text as ticket`,
  );
  return row!.ticket;
}

/**
 * Claims an entry of the import folder for this instance, atomically across instances (one
 * statement on the primary key): a new row, or one whose import ended before `ticket` (the entry
 * listed under that ticket is a later file of the same name) or whose holder stopped more than
 * the lease ago. Answers true when the entry is this instance's to take.
 */
export async function claimImportEntry(
  db: DbOrTx,
  key: { companyId: number; name: string },
  ticket: string,
  owner: string,
): Promise<boolean> {
  const t = importFolderClaims;
  const rows = await db
    .insert(t)
    .values({ company_id: key.companyId, name: key.name, owner })
    .onConflictDoUpdate({
      target: [t.company_id, t.name],
      set: { owner, claimed_at: sql`now()`, done_seq: null, done_at: null },
      setWhere: sql`${t.done_seq} < ${ticket}::bigint
        or (${t.done_seq} is null and ${t.claimed_at} < now() - ${IMPORT_CLAIM_LEASE})`,
    })
    .returning({ owner: t.owner });
  return rows.length === 1;
}

type ImportClaimKey = { companyId: number; name: string };

/** The claim row of an entry while `owner` holds it. */
const heldBy = (key: ImportClaimKey, owner: string) =>
  and(
    eq(importFolderClaims.company_id, key.companyId),
    eq(importFolderClaims.name, key.name),
    eq(importFolderClaims.owner, owner),
  );

/**
 * The holder's heartbeat while it works on a claimed entry: its lease starts again. False when
 * the claim is no longer this owner's (it took longer than the lease and another instance took
 * the entry over): the holder then drops what it did and leaves the entry alone. In a
 * transaction the row stays locked until the commit, so nobody takes the entry over meanwhile.
 */
export async function renewImportClaim(db: DbOrTx, key: ImportClaimKey, owner: string): Promise<boolean> {
  const t = importFolderClaims;
  const rows = await db
    .update(t)
    .set({ claimed_at: sql`now()` })
    .where(and(heldBy(key, owner), isNull(t.done_seq)))
    .returning({ owner: t.owner });
  return rows.length === 1;
}

/** Ends a claim (the entry was moved away, or stays refused): the ticket drawn now marks it. */
export async function finishImportClaim(db: DbOrTx, key: ImportClaimKey, owner: string): Promise<void> {
  await db
    .update(importFolderClaims)
    .set({ done_seq: sql`nextval('import_folder_claim_seq')`, done_at: sql`now()` })
    .where(heldBy(key, owner));
}

/** Claims ended a day ago matter to no scan any more (a scan lists and takes within minutes). */
export async function forgetOldImportClaims(db: DbOrTx): Promise<void> {
  const t = importFolderClaims;
  await db.delete(t).where(lt(t.done_at, sql`now() - interval '1 day'`));
}
