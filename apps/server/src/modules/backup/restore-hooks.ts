import type { DbOrTx } from '../../db/client';
import { SYSTEM_ACTOR } from '../audit/service';
import * as documentsRepo from '../documents/repo';
import { settings } from '../settings';

/**
 * What a restore does after the archived rows are in and verified, in the same transaction.
 * The job queue is not part of a backup (its rows refer to work, not data): a document whose
 * processing had not finished (waiting, or in processing when the backup was taken) gets a
 * new job and starts again from `neu`, so none waits for a job that no longer exists. A
 * removed (soft-deleted) one is not processed; it is marked `fehler` with the reason, so that
 * taking its removal back shows it clearly instead of leaving it in processing without a job.
 * A module with jobs of its own adds its step here.
 */
export interface RestoreHookDeps {
  enqueueProcessing(tx: DbOrTx, documentId: number): Promise<string>;
}

export const INTERRUPTED_BY_RESTORE =
  'Die Verarbeitung wurde durch die Wiederherstellung einer Sicherung unterbrochen. Bitte erneut verarbeiten.';

export async function requeueUnfinishedDocuments(
  tx: DbOrTx,
  deps: RestoreHookDeps,
): Promise<{ requeued: number; interrupted: number }> {
  const ids = await documentsRepo.unfinishedDocumentIds(tx);
  for (const id of ids) {
    const jobId = await deps.enqueueProcessing(tx, id);
    await documentsRepo.updateDocument(tx, id, { status: 'neu', job_id: jobId, error: null, progress: null });
  }
  const removed = await documentsRepo.unfinishedDocumentIds(tx, true);
  for (const id of removed) {
    await documentsRepo.updateDocument(tx, id, {
      status: 'fehler',
      job_id: null,
      error: INTERRUPTED_BY_RESTORE,
      progress: null,
    });
  }
  return { requeued: ids.length, interrupted: removed.length };
}

/**
 * Restored data never gets demo companies mixed in on the next start: an embedded
 * installation seeds demo data unless its marker is stored, and an archive from a server
 * without demo data has none.
 */
export async function keepDemoDataOut(tx: DbOrTx): Promise<void> {
  for (const marker of ['seed.demo', 'seed.demo.master_data'] as const) {
    if (!(await settings.isStored(tx, marker)))
      await settings.set(tx, SYSTEM_ACTOR, marker, { at: new Date().toISOString() });
  }
}
