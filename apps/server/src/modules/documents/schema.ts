import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from '../companies';
import { masterData } from '../master-data';
import { users } from '../users';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A notice (or any PDF) of a company; its file lives in the content-addressed store. */
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    filename: text('filename').notNull(),
    /** SHA-256 (hex) of the original upload. */
    sha256: text('sha256').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Relative to FILES_DIR, e.g. ab/cd/<sha256>.pdf: the original upload. */
    original_path: text('original_path').notNull(),
    /** The current version (an annotated PDF once saved), relative to FILES_DIR. */
    file_path: text('file_path').notNull(),
    page_count: integer('page_count'),
    type: text('type'),
    type_confidence: real('type_confidence'),
    /** The type was set by a user: reprocessing extracts the fields of this type. */
    type_by_user: boolean('type_by_user').notNull().default(false),
    status: text('status').notNull().default('neu'),
    error: text('error'),
    archived: boolean('archived').notNull().default(false),
    due_date: date('due_date', { mode: 'string' }),
    due_text: text('due_text'),
    /** { name: { value, confidence, page, rect, source } } */
    fields: jsonb('fields').notNull().default({}),
    /** [{ code, severity, message, field? }] */
    checks: jsonb('checks').notNull().default([]),
    /** { master_data_id, reason } of the automatic match. */
    match: jsonb('match'),
    master_data_id: integer('master_data_id').references(() => masterData.id, { onDelete: 'set null' }),
    /** Words with positions per page (text layer or OCR), for the rectangle API. */
    pages: jsonb('pages'),
    ocr_pages: jsonb('ocr_pages').notNull().default([]),
    /** Plain text and field values for the search. */
    search_text: text('search_text').notNull().default(''),
    job_id: text('job_id'),
    attempts: integer('attempts').notNull().default(0),
    processed_at: ts('processed_at'),
    duration_ms: integer('duration_ms'),
    /** Where a running processing is: { stage: reading | ocr | extraction, page, pages } (jobs.ts). */
    progress: jsonb('progress'),
    confirmed_at: ts('confirmed_at'),
    confirmed_by: integer('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    uploaded_by: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    lock_user_id: integer('lock_user_id').references(() => users.id, { onDelete: 'set null' }),
    lock_expires_at: ts('lock_expires_at'),
    deleted_at: ts('deleted_at'),
    deleted_by: integer('deleted_by').references(() => users.id, { onDelete: 'set null' }),
    /** The original files were deleted after the retention period (§ 147 AO); the data stays. */
    original_deleted_at: ts('original_deleted_at'),
    original_deleted_by: integer('original_deleted_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('documents_company_idx').on(t.company_id, t.created_at),
    index('documents_sha256_idx').on(t.sha256),
    index('documents_master_data_idx').on(t.master_data_id),
    index('documents_status_idx').on(t.status),
    index('documents_search_idx').using('gin', sql`to_tsvector('german', ${t.search_text})`),
  ],
);

/** Version 1 is the original upload; annotated PDFs saved from the viewer follow. */
export const documentVersions = pgTable(
  'document_versions',
  {
    id: serial('id').primaryKey(),
    document_id: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    kind: text('kind').notNull(),
    path: text('path').notNull(),
    sha256: text('sha256').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('document_versions_unique_idx').on(t.document_id, t.version),
    index('document_versions_path_idx').on(t.path),
  ],
);

/** Every upload attempt, stored or not (admin: upload audit trail). */
export const uploadAudit = pgTable(
  'upload_audit',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    filename: text('filename').notNull(),
    sha256: text('sha256'),
    size: bigint('size', { mode: 'number' }).notNull(),
    status: text('status').notNull(),
    reason: text('reason'),
    source: text('source').notNull(),
    path: text('path'),
    document_id: integer('document_id').references(() => documents.id, { onDelete: 'set null' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('upload_audit_created_idx').on(t.created_at)],
);

/**
 * Where a field sits on notices of one municipality, learnt from a user's rectangle pick.
 * sender: the AGS, or "name:<folded name>" when the municipality is not resolved.
 */
export const layoutHints = pgTable(
  'document_layout_hints',
  {
    sender: text('sender').notNull(),
    field: text('field').notNull(),
    page: integer('page').notNull(),
    rect: jsonb('rect').notNull(),
    /** The text near the rectangle when it was picked (label words). */
    context: text('context'),
    uses: integer('uses').notNull().default(0),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sender, t.field] })],
);

/**
 * Which server instance takes an entry of the import folder (several instances may watch one
 * folder): one row per company and file name. A scan draws a ticket from
 * `import_folder_claim_seq` before it lists a company's folder; an instance takes an entry only
 * by inserting its row, or by taking over one whose import ended before that ticket (the entry
 * listed now is a new file of the same name) or whose holder stopped long ago. An import ends
 * with a ticket drawn after the file was moved away, so an instance that listed the file before
 * the move never takes it.
 */
export const importFolderClaimSeq = pgSequence('import_folder_claim_seq');

export const importFolderClaims = pgTable(
  'import_folder_claims',
  {
    /** The company folder's number (no reference: a folder may name no company). */
    company_id: integer('company_id').notNull(),
    name: text('name').notNull(),
    /** A random token of the claim: only its holder ends it. */
    owner: text('owner').notNull(),
    claimed_at: ts('claimed_at').notNull().defaultNow(),
    /** The ticket drawn when the import ended (null while it runs). */
    done_seq: bigint('done_seq', { mode: 'number' }),
    done_at: ts('done_at'),
  },
  (t) => [primaryKey({ columns: [t.company_id, t.name] })],
);
