import {
  type DocumentStatus,
  type ImportBatch,
  type ImportBatchDetail,
  type ImportBatchQuery,
  type ImportFile,
  type ImportSource,
  pageMeta,
  type UploadStatus,
} from '@gewst/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/sql';
import { AppError, notFound } from '../../http/errors';
import type { Actor } from '../audit/service';
import type { DocumentsRuntime } from '../documents/runtime';
import { reprocessDocument } from '../documents/service';
import { userRef, usersById } from '../users';

interface BatchRow {
  id: number;
  company_id: number;
  company_name: string | null;
  source: ImportSource;
  user_id: number | null;
  created_at: Date | string;
  files: number;
  stored: number;
  duplicate: number;
  refused: number;
  failed: number;
  processing: number;
}

interface FileRow {
  id: number;
  filename: string;
  size: number | string;
  sha256: string | null;
  result: UploadStatus;
  reason: string | null;
  path: string | null;
  document_id: number | null;
  document_filename: string | null;
  document_status: DocumentStatus | null;
  document_error: string | null;
}

/** Batches with their counts; the document status is the live one. */
const BATCH_SELECT = sql`
  select b.id, b.company_id, c.name as company_name, b.source, b.user_id, b.created_at,
         count(f.id)::int as files,
         (count(f.id) filter (where u.status = 'stored'))::int as stored,
         (count(f.id) filter (where u.status = 'duplicate'))::int as duplicate,
         (count(f.id) filter (where u.status = 'refused'))::int as refused,
         (count(distinct d.id) filter (where d.status = 'fehler' and d.deleted_at is null))::int as failed,
         (count(distinct d.id) filter (where d.status in ('neu', 'in_verarbeitung') and d.deleted_at is null))::int
           as processing
    from import_batches b
    left join companies c on c.id = b.company_id
    left join import_batch_files f on f.batch_id = b.id
    left join upload_audit u on u.id = f.upload_id
    left join documents d on d.id = u.document_id`;

function filters(query: Partial<ImportBatchQuery>, companyIds: readonly number[] | null): SQL {
  const where: SQL[] = [sql`true`];
  if (companyIds) where.push(companyIds.length ? sql`b.company_id in ${companyIds}` : sql`false`);
  if (query.company_id) where.push(sql`b.company_id = ${query.company_id}`);
  if (query.source) where.push(sql`b.source = ${query.source}`);
  if (query.from) where.push(sql`b.created_at >= ${query.from}::date`);
  if (query.to) where.push(sql`b.created_at < ${query.to}::date + 1`);
  if (query.result) {
    const match =
      query.result === 'failed'
        ? sql`d2.status = 'fehler' and d2.deleted_at is null`
        : sql`u2.status = ${query.result}`;
    where.push(sql`exists (select 1 from import_batch_files f2
                            join upload_audit u2 on u2.id = f2.upload_id
                            left join documents d2 on d2.id = u2.document_id
                           where f2.batch_id = b.id and ${match})`);
  }
  return sql.join(where, sql` and `);
}

const iso = (d: Date | string) => new Date(d).toISOString();

function present(row: BatchRow, users: Awaited<ReturnType<typeof usersById>>): ImportBatch {
  return {
    id: row.id,
    company_id: row.company_id,
    company_name: row.company_name,
    source: row.source,
    created_by: userRef(users, row.user_id),
    created_at: iso(row.created_at),
    counts: {
      files: row.files,
      stored: row.stored,
      duplicate: row.duplicate,
      refused: row.refused,
      failed: row.failed,
      processing: row.processing,
    },
  };
}

export const fileDownloadPath = (batchId: number, fileId: number) =>
  `/api/imports/${batchId}/files/${fileId}`;

export async function listBatches(db: Db, query: ImportBatchQuery, companyIds: readonly number[] | null) {
  const where = filters(query, companyIds);
  const [count] = await rowsOf<{ total: number }>(
    db,
    sql`select count(*)::int as total from import_batches b where ${where}`,
  );
  const rows = await rowsOf<BatchRow>(
    db,
    sql`${BATCH_SELECT} where ${where} group by b.id, c.name
        order by b.created_at desc, b.id desc
        limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`,
  );
  const users = await usersById(
    db,
    rows.map((r) => r.user_id),
  );
  return {
    data: rows.map((r) => present(r, users)),
    meta: pageMeta(query.page, query.per_page, count?.total ?? 0),
  };
}

async function filesOf(db: Db, batchId: number) {
  return rowsOf<FileRow>(
    db,
    sql`select f.id, u.filename, u.size, u.sha256, u.status as result, u.reason, u.path, u.document_id,
               d.filename as document_filename, d.status as document_status, d.error as document_error
          from import_batch_files f
          join upload_audit u on u.id = f.upload_id
          left join documents d on d.id = u.document_id
         where f.batch_id = ${batchId}
         order by f.id`,
  );
}

export async function getBatch(db: Db, id: number): Promise<ImportBatchDetail> {
  const [row] = await rowsOf<BatchRow>(db, sql`${BATCH_SELECT} where b.id = ${id} group by b.id, c.name`);
  if (!row) throw notFound('Der Importvorgang');
  const users = await usersById(db, [row.user_id]);
  const files: ImportFile[] = (await filesOf(db, id)).map((f) => ({
    id: f.id,
    filename: f.filename,
    size: Number(f.size),
    sha256: f.sha256,
    result: f.result,
    reason: f.reason,
    document_id: f.document_id,
    document_filename: f.document_filename,
    document_status: f.document_status,
    document_error: f.document_error,
    download_path: f.path ? fileDownloadPath(id, f.id) : null,
  }));
  return { ...present(row, users), files };
}

/** Starts processing again for the batch's documents whose processing failed (status fehler). */
export async function reprocessFailed(rt: DocumentsRuntime, actor: Actor, id: number) {
  const db = rt.database.db;
  const [batch] = await rowsOf<{ id: number }>(db, sql`select id from import_batches where id = ${id}`);
  if (!batch) throw notFound('Der Importvorgang');
  const failed = await rowsOf<{ id: number }>(
    db,
    sql`select distinct d.id from import_batch_files f
          join upload_audit u on u.id = f.upload_id
          join documents d on d.id = u.document_id
         where f.batch_id = ${id} and d.status = 'fehler' and d.deleted_at is null
         order by d.id`,
  );
  if (!failed.length)
    throw new AppError(
      409,
      'NOTHING_TO_REPROCESS',
      'In diesem Importvorgang gibt es keine Dateien mit fehlgeschlagener Verarbeitung.',
    );
  const started: number[] = [];
  for (const { id: documentId } of failed) {
    await reprocessDocument(rt, actor, documentId);
    started.push(documentId);
  }
  return { document_ids: started };
}

/** The original file of one of the batch's files (nothing for a refused file: it was not stored). */
export async function readBatchFile(rt: DocumentsRuntime, batchId: number, fileId: number) {
  const [file] = (await filesOf(rt.database.db, batchId)).filter((f) => f.id === fileId);
  if (!file?.path) throw notFound('Die Datei');
  try {
    return { bytes: await rt.store.read(file.path), filename: file.filename };
  } catch {
    throw notFound('Die Datei');
  }
}
