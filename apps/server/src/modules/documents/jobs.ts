import { berlinDate, type DocumentFields, type DocumentType } from '@gewst/domain';
import { PdfError, SandboxError, type TextProgress, type TextResult } from '@gewst/extraction';
import type PgBoss from 'pg-boss';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { recordAudit, SYSTEM_ACTOR } from '../audit/service';
import type { QueuePolicy } from '../jobs/queue';
import { extractionChecks, runChecks } from './checks';
import type { FileStore } from './file-store';
import { matchMasterData } from './matching';
import { runExtraction, searchTextOf } from './processing';
import * as repo from './repo';

/** Typed job definition (CONVENTIONS 9): name, payload, retry policy, handler. */
export const PROCESS_DOCUMENT = {
  name: 'process-document',
  payload: z.object({ documentId: z.number().int().positive() }),
  policy: (timeoutSeconds: number): QueuePolicy => ({
    retryLimit: 3,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: timeoutSeconds,
  }),
} as const;

export const today = () => berlinDate(new Date());

export interface ProcessDeps {
  db: Db;
  store: FileStore;
  /** Step 1 in the sandbox (runtime.ts): text layer and OCR of the file. */
  readText(
    bytes: Uint8Array,
    run: { onProgress?: (p: TextProgress) => void; signal?: AbortSignal },
  ): Promise<TextResult>;
  /** Runs of a file that killed its sandbox before it is marked fehler (PROCESSING_ATTEMPTS). */
  sandboxAttempts: number;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

const FAILED_FOR_GOOD =
  'Die Verarbeitung ist mehrfach fehlgeschlagen. Die Datei bleibt einsehbar; bitte erneut verarbeiten.';

/** Checks again after a change of fields or master data (no new extraction). */
export async function checksFor(
  db: Db | Parameters<Parameters<Db['transaction']>[0]>[0],
  type: DocumentType | null,
  fields: DocumentFields,
  masterDataId: number | null,
) {
  const yearValue = fields.erhebungszeitraum?.value;
  const year = typeof yearValue === 'number' ? yearValue : Number(yearValue);
  const ags = typeof fields.ags?.value === 'string' ? fields.ags.value : null;
  let rate: { hebesatz: number; source: string } | null = null;
  if (Number.isInteger(year) && year > 1900) {
    if (masterDataId) rate = await repo.rateFor(db, masterDataId, year);
    else if (ags) {
      const ref = await repo.referenceRateFor(db, ags, year);
      rate = ref === null ? null : { hebesatz: ref, source: 'reference' };
    }
  }
  return runChecks({ type, fields, rate, masterDataId, today: today() });
}

/**
 * The job handler: steps 1–7 for one document. Unreadable files (password, damaged,
 * empty) end in `fehler` at once; other errors are retried by the queue with backoff,
 * and the last attempt marks the document `fehler` so nothing stays in processing.
 */
export async function processDocument(
  deps: ProcessDeps,
  documentId: number,
  attempt: { retryCount: number; retryLimit: number; signal?: AbortSignal },
): Promise<void> {
  const { db } = deps;
  const doc = await repo.findDocument(db, documentId);
  if (!doc || doc.deleted_at || !['neu', 'in_verarbeitung'].includes(doc.status)) return;
  await repo.updateDocument(db, documentId, {
    status: 'in_verarbeitung',
    attempts: doc.attempts + 1,
    error: null,
    progress: { stage: 'reading', page: 0, pages: 0 },
  });
  const started = Date.now();
  // The sandbox's progress messages, written one after the other (the list and the document
  // show them live); a failed write costs only the display.
  let written: Promise<unknown> = Promise.resolve();
  const report = (progress: { stage: 'reading' | 'ocr' | 'extraction'; page: number; pages: number }) => {
    written = written.then(() => repo.setProgress(db, documentId, progress)).catch(() => {});
  };
  try {
    const bytes = new Uint8Array(await deps.store.read(doc.original_path));
    const text = await deps.readText(bytes, {
      ...(attempt.signal ? { signal: attempt.signal } : {}),
      onProgress: (p) =>
        report({ stage: p.stage === 'ocr' ? 'ocr' : 'reading', page: p.page, pages: p.pages }),
    });
    report({ stage: 'extraction', page: 0, pages: 0 });
    await written;
    // A type a user set is kept: the fields of that type are read.
    const result = await runExtraction(db, text, doc.type_by_user ? (doc.type as DocumentType) : null);
    // Values a user entered survive a reprocessing.
    const fields: DocumentFields = { ...result.fields };
    for (const [name, f] of Object.entries((doc.fields ?? {}) as DocumentFields)) {
      if (f.source === 'user') fields[name] = f;
    }
    const match = await matchMasterData(db, doc.company_id, fields);
    const checks = [
      ...(await checksFor(db, result.type, fields, match.master_data_id)),
      ...extractionChecks(result.checks, fields),
    ];
    await db.transaction(async (tx) => {
      const current = await repo.findDocumentForUpdate(tx, documentId);
      if (!current || current.status !== 'in_verarbeitung' || current.deleted_at) return;
      await repo.updateDocument(tx, documentId, {
        status: 'zu_pruefen',
        type: result.type,
        type_confidence: result.typeConfidence,
        fields,
        checks,
        match,
        master_data_id: match.master_data_id,
        pages: result.pages,
        ocr_pages: result.ocrPages,
        page_count: result.pages.length,
        search_text: searchTextOf(result.text, fields, doc.filename),
        processed_at: new Date(),
        duration_ms: Date.now() - started,
        error: null,
        progress: null,
      });
      if (result.hintSender) await repo.countHintUse(tx, result.hintSender, result.hintsUsed);
      await recordAudit(tx, SYSTEM_ACTOR, {
        action: 'process',
        entity: 'document',
        entityId: documentId,
        after: {
          status: 'zu_pruefen',
          type: result.type,
          ocr_pages: result.ocrPages,
          master_data_id: match.master_data_id,
          checks: checks.length,
          duration_ms: Date.now() - started,
        },
      });
    });
    deps.log?.info({ documentId, ms: Date.now() - started, ocrPages: result.ocrPages }, 'document processed');
  } catch (err) {
    if (err instanceof PdfError) {
      deps.log?.info({ documentId, code: err.code, detail: detailOf(err) }, 'document not readable');
      await failDocument(db, documentId, err.message, started);
      return;
    }
    if (err instanceof SandboxError) {
      deps.log?.warn(
        { documentId, reason: err.reason, detail: err.detail, attempt: attempt.retryCount },
        'processing sandbox ended',
      );
      // The job was taken away (timed out, stopped): whoever runs it next decides.
      if (err.reason === 'aborted') throw err;
      // Poison message: a file that killed its sandbox is tried a bounded number of times and
      // then stays fehler; only a manual "erneut verarbeiten" starts it again.
      if (attempt.retryCount + 1 >= deps.sandboxAttempts || attempt.retryCount >= attempt.retryLimit) {
        await failDocument(db, documentId, err.message, started);
        return;
      }
      throw err;
    }
    deps.log?.warn({ documentId, err, attempt: attempt.retryCount }, 'document processing failed');
    if (attempt.retryCount >= attempt.retryLimit) {
      await failDocument(db, documentId, FAILED_FOR_GOOD, started);
      return;
    }
    throw err;
  }
}

/** The library's original (English) message behind a German PdfError, for the log only. */
const detailOf = (err: PdfError) =>
  ((err.cause as Error | undefined)?.message ?? (err as { detail?: string }).detail) || undefined;

async function failDocument(db: Db, documentId: number, reason: string, started: number) {
  await db.transaction(async (tx) => {
    await repo.updateDocument(tx, documentId, {
      status: 'fehler',
      error: reason,
      processed_at: new Date(),
      duration_ms: Date.now() - started,
      progress: null,
    });
    await recordAudit(tx, SYSTEM_ACTOR, {
      action: 'process',
      entity: 'document',
      entityId: documentId,
      after: { status: 'fehler', error: reason },
    });
  });
}

/** Documents whose job is gone or failed for good (e.g. its worker died on the last try). */
export async function sweepOrphans(db: Db, schema: string): Promise<number> {
  const rows = await repo.orphanedDocuments(db, schema);
  for (const r of rows) await failDocument(db, r.id, FAILED_FOR_GOOD, Date.now());
  return rows.length;
}

export type ProcessJob = PgBoss.JobWithMetadata<{ documentId: number }>;
