import type { DbOrTx } from '../../db/client';
import { SYSTEM_ACTOR } from '../audit/service';
import * as documentsRepo from '../documents/repo';
import { settings } from '../settings';

/**
 * What a restore does after the archived rows are in and verified, in the same transaction.
 * The job queue is not part of a backup (its rows refer to work, not data): a document whose
 * processing had not finished gets a new job, so none waits for a job that no longer exists.
 * A module with jobs of its own adds its step here.
 */
export interface RestoreHookDeps {
  enqueueProcessing(tx: DbOrTx, documentId: number): Promise<string>;
}

export async function requeueUnfinishedDocuments(tx: DbOrTx, deps: RestoreHookDeps): Promise<number> {
  const ids = await documentsRepo.unfinishedDocumentIds(tx);
  for (const id of ids) {
    const jobId = await deps.enqueueProcessing(tx, id);
    await documentsRepo.updateDocument(tx, id, { status: 'neu', job_id: jobId, error: null });
  }
  return ids.length;
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
