/** The imports module's public face for other modules. */
export { type ImportBatchSource, openImportBatch, recordImportFile } from './recorder';
export { importBatches, importBatchFiles } from './schema';
