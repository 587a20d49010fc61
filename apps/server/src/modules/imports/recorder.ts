import type { UploadFileResult } from '@gewst/domain';
import type { DbOrTx } from '../../db/client';
import { importBatches, importBatchFiles } from './schema';

export type ImportBatchSource = 'upload' | 'import' | 'xml';

/** Opens a batch (an upload action, an import-folder run of one company, an XML intake). */
export async function openImportBatch(
  db: DbOrTx,
  batch: { companyId: number; source: ImportBatchSource; userId: number | null },
): Promise<number> {
  const [row] = await db
    .insert(importBatches)
    .values({ company_id: batch.companyId, source: batch.source, user_id: batch.userId })
    .returning({ id: importBatches.id });
  return row!.id;
}

/** Records one file's intake result (its upload audit entry) in the batch. */
export async function recordImportFile(db: DbOrTx, batchId: number, result: UploadFileResult): Promise<void> {
  if (result.upload_id === undefined) return;
  await db.insert(importBatchFiles).values({ batch_id: batchId, upload_id: result.upload_id });
}
