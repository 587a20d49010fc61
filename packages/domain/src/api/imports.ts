import { z } from 'zod';
import { idSchema, isoDateSchema, paged, pageQuerySchema } from './common';
import { DOCUMENT_STATUSES, UPLOAD_STATUSES, userRefSchema } from './documents';

/**
 * Service → Importe: every upload action, import-folder run and XML intake is a batch
 * (who, when, source, files); per file the result of intake and the processing status of
 * its document now.
 *
 * - GET  /imports?page&per_page&source&from&to&result&company_id → importBatchListSchema
 * - GET  /imports/{id}                                           → importBatchDetailSchema
 * - POST /imports/{id}/reprocess                                 → importReprocessResultSchema
 * - GET  /imports/{id}/files/{file_id}                           → the original file (download)
 */

export const IMPORT_SOURCES = ['upload', 'import', 'xml'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];
export const IMPORT_SOURCE_LABELS: Record<ImportSource, string> = {
  upload: 'Hochladen',
  import: 'Importordner',
  xml: 'XML-Eingang',
};

/**
 * Result filter: a file's intake result, or `failed` (its document's processing failed:
 * status fehler).
 */
export const IMPORT_RESULTS = [...UPLOAD_STATUSES, 'failed'] as const;
export type ImportResult = (typeof IMPORT_RESULTS)[number];
export const IMPORT_RESULT_LABELS: Record<ImportResult, string> = {
  stored: 'gespeichert',
  duplicate: 'Duplikat',
  refused: 'abgelehnt',
  failed: 'Verarbeitung fehlgeschlagen',
};

export const importBatchQuerySchema = pageQuerySchema.extend({
  company_id: idSchema.optional(),
  source: z.enum(IMPORT_SOURCES, { error: 'Unbekannte Quelle.' }).optional(),
  result: z.enum(IMPORT_RESULTS, { error: 'Unbekanntes Ergebnis.' }).optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
});
export type ImportBatchQuery = z.infer<typeof importBatchQuerySchema>;

export const importFileParamsSchema = z.object({ id: idSchema, file_id: idSchema });

const counts = z.object({
  files: z.number().int(),
  stored: z.number().int(),
  duplicate: z.number().int(),
  refused: z.number().int(),
  /** Documents of the batch whose processing failed (status fehler) now. */
  failed: z.number().int(),
  /** Documents still waiting or being processed now. */
  processing: z.number().int(),
});
export type ImportBatchCounts = z.infer<typeof counts>;

export const importBatchSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  company_name: z.string().nullable(),
  source: z.enum(IMPORT_SOURCES),
  created_by: userRefSchema.nullable(),
  created_at: z.string(),
  counts,
});
export type ImportBatch = z.infer<typeof importBatchSchema>;
export const importBatchListSchema = paged(importBatchSchema);
export type ImportBatchList = z.infer<typeof importBatchListSchema>;

export const importFileSchema = z.object({
  id: z.number().int(),
  filename: z.string(),
  size: z.number().int(),
  sha256: z.string().nullable(),
  result: z.enum(UPLOAD_STATUSES),
  /** Why it was refused, or the note on a duplicate. */
  reason: z.string().nullable(),
  /** The stored document, or for a duplicate the document it duplicates. */
  document_id: z.number().int().nullable(),
  document_filename: z.string().nullable(),
  /** The document's processing status now (joined live); null without a document. */
  document_status: z.enum(DOCUMENT_STATUSES).nullable(),
  document_error: z.string().nullable(),
  /** /api/imports/{id}/files/{file_id}; null when nothing was stored (refused). */
  download_path: z.string().nullable(),
});
export type ImportFile = z.infer<typeof importFileSchema>;

export const importBatchDetailSchema = importBatchSchema.extend({ files: z.array(importFileSchema) });
export type ImportBatchDetail = z.infer<typeof importBatchDetailSchema>;

export const importReprocessResultSchema = z.object({
  /** Documents whose processing was started again. */
  document_ids: z.array(z.number().int()),
});
export type ImportReprocessResult = z.infer<typeof importReprocessResultSchema>;
