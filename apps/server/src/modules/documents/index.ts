/** The documents module's public face for other modules. */
export { type ArchiveFilter, archivedDocumentsSql } from './archive';
export { documents, uploadAudit } from './schema';
