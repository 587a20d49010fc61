import type { UploadFileResult, UploadSource } from '@gewst/domain';
import { AppError } from '../../http/errors';
import { type Actor, recordAudit } from '../audit/service';
import { openImportBatch, recordImportFile } from '../imports';
import { requireCompany } from '../master-data/service';
import type { Db, DbOrTx } from '../../db/client';
import { type FileStore, looksLikePdf, type StagedFile } from './file-store';
import * as repo from './repo';

/** What intake needs (the running documents module hands it over as `runtime.intake`). */
export interface IntakeInputs {
  readonly db: Db;
  readonly store: Pick<FileStore, 'put'>;
  readonly maxUploadBytes: number;
  /** Adds the processing job inside the document's transaction; answers the job id. */
  enqueueProcessing(tx: DbOrTx, documentId: number): Promise<string>;
  /** Tests hold an intake here to force two instances taking the same content at once. */
  readonly hooks?: IntakeHooks;
}

export interface IntakeHooks {
  /** The file is stored; its transaction (duplicate check, document) begins next. */
  beforeTransaction?(filename: string): Promise<void>;
  /** Inside the transaction: the content was looked up among the company's documents. */
  checked?(filename: string): Promise<void>;
}

/** A file in memory (import folder) or already streamed into the store's temporary area (upload). */
export type IncomingFile = {
  filename: string;
  /** Cut off at the size limit by the multipart reader. */
  truncated: boolean;
  /** The file could not be read at all (import folder): refused with this reason, nothing stored. */
  unreadable?: string;
} & ({ bytes: Buffer; staged?: undefined } | { staged: StagedFile; bytes?: undefined });

const sizeOf = (file: IncomingFile) => (file.staged ? file.staged.size : file.bytes.length);

const mb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

export const notPdfReason = (filename: string) =>
  `„${filename}“ ist keine PDF-Datei. Es werden nur PDF-Dokumente angenommen (geprüft wird der Inhalt, nicht der Dateiname).`;
export const emptyFileReason = (filename: string) => `„${filename}“: Die Datei ist leer.`;
export const tooLargeReason = (filename: string, max: number) =>
  `„${filename}“ ist größer als die erlaubten ${mb(max)}.`;

/**
 * Intake of uploaded (or imported) files: PDFs by content only, size limit, stored once by
 * SHA-256, a duplicate within the company is linked instead of stored again, every file in
 * the upload audit trail. Document row, first version and processing job are written in
 * one transaction, which holds the content's lock from the duplicate check on: the same
 * content taken by two instances at once gives one document and one duplicate.
 */
export async function ingestFiles(
  inputs: IntakeInputs,
  actor: Actor,
  input: {
    companyId: number;
    files: IncomingFile[];
    source: UploadSource;
    /** The import batch to add to (an import-folder run); otherwise this call is a new batch. */
    batchId?: number;
    /**
     * Import folder: throws when this instance no longer holds the file's claim. Run before a
     * refusal is recorded and first in the document's transaction: nothing is recorded then.
     */
    guard?(db: DbOrTx): Promise<void>;
  },
): Promise<{ results: UploadFileResult[]; status: 201 | 413 | 415; batchId: number | null }> {
  const { db, store, maxUploadBytes: max } = inputs;
  await requireCompany(db, input.companyId);
  const results: UploadFileResult[] = [];
  // Service → Importe: every file's result in its batch (opened with the first file).
  let batchId = input.batchId ?? null;
  const recordBatchFile = async (result: UploadFileResult) => {
    batchId ??= await openImportBatch(db, {
      companyId: input.companyId,
      source: input.source === 'import' ? 'import' : 'upload',
      userId: actor.userId,
    });
    await recordImportFile(db, batchId, result);
  };
  const refusals: number[] = [];
  for (const file of input.files) {
    const filename = file.filename.replace(/[\\/]/g, '_').slice(0, 255) || 'dokument.pdf';
    const size = sizeOf(file);
    const refusal = file.unreadable
      ? { status: 415, reason: file.unreadable }
      : file.truncated || size > max
        ? { status: 413, reason: tooLargeReason(filename, max) }
        : size === 0
          ? { status: 415, reason: emptyFileReason(filename) }
          : !looksLikePdf(file.staged ? file.staged.head : file.bytes)
            ? { status: 415, reason: notPdfReason(filename) }
            : null;
    if (refusal) {
      await file.staged?.discard();
      await input.guard?.(db);
      const audit = await repo.insertUploadAudit(db, {
        company_id: input.companyId,
        filename,
        size,
        status: 'refused',
        reason: refusal.reason,
        source: input.source,
        user_id: actor.userId,
      });
      refusals.push(refusal.status);
      results.push({ filename, status: 'refused', reason: refusal.reason, upload_id: audit.id });
      await recordBatchFile(results.at(-1)!);
      continue;
    }
    // The file goes to the store first (idempotent by hash); a crash after this leaves an
    // unreferenced file, never a document without its file.
    const stored = file.staged ? await file.staged.commit() : await store.put(file.bytes);
    await inputs.hooks?.beforeTransaction?.(filename);
    const result = await db.transaction(async (tx) => {
      await input.guard?.(tx);
      const existing = await repo.findActiveDuplicateLocked(tx, input.companyId, stored.sha256);
      await inputs.hooks?.checked?.(filename);
      if (existing) {
        const audit = await repo.insertUploadAudit(tx, {
          company_id: input.companyId,
          filename,
          sha256: stored.sha256,
          size,
          status: 'duplicate',
          reason: `Identische Datei bereits vorhanden (Dokument ${existing.id}); nicht erneut gespeichert.`,
          source: input.source,
          path: stored.path,
          document_id: existing.id,
          user_id: actor.userId,
        });
        return {
          filename,
          status: 'duplicate' as const,
          reason: audit.reason ?? undefined,
          document_id: existing.id,
          upload_id: audit.id,
        };
      }
      const doc = await repo.insertDocument(tx, {
        company_id: input.companyId,
        filename,
        sha256: stored.sha256,
        size,
        original_path: stored.path,
        file_path: stored.path,
        status: 'neu',
        uploaded_by: actor.userId,
      });
      await repo.insertVersion(tx, {
        document_id: doc.id,
        version: 1,
        kind: 'original',
        path: stored.path,
        sha256: stored.sha256,
        size,
        created_by: actor.userId,
      });
      const jobId = await inputs.enqueueProcessing(tx, doc.id);
      await repo.updateDocument(tx, doc.id, { job_id: jobId });
      const audit = await repo.insertUploadAudit(tx, {
        company_id: input.companyId,
        filename,
        sha256: stored.sha256,
        size,
        status: 'stored',
        reason: stored.existed
          ? 'Datei war bereits im Speicher (z. B. bei einer anderen Firma) und wurde nicht erneut gespeichert.'
          : null,
        source: input.source,
        path: stored.path,
        document_id: doc.id,
        user_id: actor.userId,
      });
      await recordAudit(tx, actor, {
        action: 'upload',
        entity: 'document',
        entityId: doc.id,
        after: { filename, sha256: stored.sha256, size, source: input.source },
      });
      return { filename, status: 'stored' as const, document_id: doc.id, upload_id: audit.id };
    });
    results.push(result);
    await recordBatchFile(result);
  }
  if (!results.length)
    throw new AppError(400, 'VALIDATION_FAILED', 'Bitte mindestens eine PDF-Datei auswählen.', {
      files: ['Datei fehlt.'],
    });
  const allRefused = refusals.length === results.length;
  const status = allRefused ? (refusals.every((s) => s === 413) ? 413 : 415) : 201;
  return { results, status, batchId };
}
