import { ORIGINAL_DELETED_TEXT, pageMeta } from '@gewst/domain';
import type { Page } from '@gewst/extraction';
import { textInRect } from '@gewst/extraction';
import type { Db } from '../../db/client';
import { AppError, notFound, validationFailed } from '../../http/errors';
import { type Actor, recordAudit } from '../audit/service';
import { looksLikePdf, STORE_PATH } from './file-store';
import { type IncomingFile, notPdfReason, tooLargeReason } from './intake';
import { usersById } from '../users';
import { presentUploadAudit } from './presenter';
import * as repo from './repo';
import type { DocumentsRuntime } from './runtime';
import { assertNotLockedByOther, getDocument } from './service';

const isAdmin = (actor: Actor) => actor.permissions.has('change-permissions-of-user');

/**
 * A stored document file the caller may read. Only store paths (ab/cd/<sha256>.pdf) of
 * known documents are served: traversal, absolute and unknown paths are refused.
 */
export async function readStoredFile(rt: DocumentsRuntime, actor: Actor, relPath: string) {
  if (!STORE_PATH.test(relPath) || !rt.store.resolve(relPath))
    throw new AppError(
      400,
      'INVALID_PATH',
      'Ungültiger Dateipfad. Es können nur gespeicherte Dokumente abgerufen werden.',
    );
  const db = rt.database.db;
  const docs = await repo.documentsWithPath(db, relPath);
  const readable = docs.some((d) => !d.deleted_at) || (docs.length > 0 && isAdmin(actor));
  const inAudit = !docs.length && isAdmin(actor) && (await repo.uploadPathKnown(db, relPath));
  if (!readable && !inAudit) throw notFound('Die Datei');
  const [first] = docs;
  const doc = first ? await repo.findDocument(db, first.id) : null;
  if (docs.length > 0 && docs.every((d) => d.original_deleted_at))
    throw new AppError(410, 'ORIGINAL_DELETED', `${ORIGINAL_DELETED_TEXT}.`);
  try {
    return { bytes: await rt.store.read(relPath), filename: doc?.filename ?? relPath.split('/').pop()! };
  } catch {
    throw notFound('Die Datei');
  }
}

export const contentDisposition = (filename: string, download: boolean) => {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${download ? 'attachment' : 'inline'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
};

/** GET /extractions/api: the text inside a rectangle, from the text layer or the OCR words. */
export async function textInRectangle(
  db: Db,
  actor: Actor,
  q: { document_id: number; page: number; x: number; y: number; width: number; height: number },
) {
  const row = await repo.findDocument(db, q.document_id);
  if (!row || (row.deleted_at && !isAdmin(actor))) throw notFound('Das Dokument');
  const pages = (row.pages ?? null) as Page[] | null;
  if (!pages)
    throw new AppError(
      409,
      'DOCUMENT_NOT_PROCESSED',
      'Das Dokument ist noch nicht verarbeitet oder nicht lesbar.',
    );
  const page = pages.find((p) => p.page === q.page);
  if (!page) throw validationFailed({ page: [`Das Dokument hat ${pages.length} Seite(n).`] });
  return { text: textInRect(pages, q.page, q.x, q.y, q.width, q.height), source: page.source };
}

/** An annotated PDF saved from the viewer becomes a new version; the original is kept. */
export async function addVersion(rt: DocumentsRuntime, actor: Actor, id: number, file: IncomingFile | null) {
  const size = file ? (file.staged ? file.staged.size : file.bytes.length) : 0;
  if (!file || !size)
    throw validationFailed({ file: ['Datei fehlt.'] }, 'Bitte die gespeicherte PDF-Datei senden.');
  const max = rt.config.documents.maxUploadBytes;
  if (file.truncated || size > max)
    throw new AppError(413, 'PAYLOAD_TOO_LARGE', tooLargeReason(file.filename, max));
  if (!looksLikePdf(file.staged ? file.staged.head : file.bytes))
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', notPdfReason(file.filename));
  const db = rt.database.db;
  const existing = await repo.findDocument(db, id);
  if (!existing || existing.deleted_at) throw notFound('Das Dokument');
  const stored = file.staged ? await file.staged.commit() : await rt.store.put(file.bytes);
  await db.transaction(async (tx) => {
    const row = await repo.findDocumentForUpdate(tx, id);
    if (!row || row.deleted_at) throw notFound('Das Dokument');
    await assertNotLockedByOther(tx, actor, row);
    const versions = await repo.versionsOf(tx, id);
    const version = Math.max(0, ...versions.map((v) => v.version)) + 1;
    await repo.insertVersion(tx, {
      document_id: id,
      version,
      kind: 'annotated',
      path: stored.path,
      sha256: stored.sha256,
      size,
      created_by: actor.userId,
    });
    await repo.updateDocument(tx, id, { file_path: stored.path });
    await repo.insertUploadAudit(tx, {
      company_id: row.company_id,
      filename: file.filename || row.filename,
      sha256: stored.sha256,
      size,
      status: 'stored',
      reason: `Annotierte Fassung ${version} von Dokument ${id}.`,
      source: 'version',
      path: stored.path,
      document_id: id,
      user_id: actor.userId,
    });
    await recordAudit(tx, actor, {
      action: 'add-version',
      entity: 'document',
      entityId: id,
      before: { file_path: row.file_path },
      after: { file_path: stored.path, version },
    });
  });
  return getDocument(db, actor, id);
}

export async function listUploadAudit(db: Db, page: number, perPage: number) {
  const { rows, total } = await repo.listUploadAudit(db, page, perPage);
  const users = await usersById(
    db,
    rows.map((r) => r.user_id),
  );
  return { data: rows.map((r) => presentUploadAudit(r, users)), meta: pageMeta(page, perPage, total) };
}

export async function getUploadAudit(db: Db, id: number) {
  const row = await repo.findUploadAudit(db, id);
  if (!row) throw notFound('Der Eintrag');
  const users = await usersById(db, [row.user_id]);
  return presentUploadAudit(row, users);
}
