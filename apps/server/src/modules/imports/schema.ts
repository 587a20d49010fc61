import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from '../companies';
import { uploadAudit } from '../documents';
import { users } from '../users';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One upload action, one import-folder run (per company) or one XML intake. */
export const importBatches = pgTable(
  'import_batches',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** upload | import | xml */
    source: text('source').notNull(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('import_batches_company_idx').on(t.company_id, t.created_at)],
);

/**
 * A file of a batch: its intake result is the upload audit entry (stored, duplicate of which
 * document, refused and why); the document's processing status is joined when read.
 */
export const importBatchFiles = pgTable(
  'import_batch_files',
  {
    id: serial('id').primaryKey(),
    batch_id: integer('batch_id')
      .notNull()
      .references(() => importBatches.id, { onDelete: 'cascade' }),
    upload_id: integer('upload_id')
      .notNull()
      .references(() => uploadAudit.id, { onDelete: 'cascade' }),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('import_batch_files_batch_idx').on(t.batch_id),
    index('import_batch_files_upload_idx').on(t.upload_id),
  ],
);
