import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bookingSessions } from '../bookings';
import { users } from '../users';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const userRef = (name: string) => integer(name).references(() => users.id, { onDelete: 'set null' });
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});

/**
 * One export job of a session as its worker recorded it (the queue's own row may be gone
 * after its retention): id is the queue's job id. `attempts` counts runs, `messages` keeps
 * the transliterations and other notes of the last run.
 */
export const exportJobs = pgTable(
  'export_jobs',
  {
    id: text('id').primaryKey(),
    session_id: integer('session_id')
      .notNull()
      .references(() => bookingSessions.id, { onDelete: 'cascade' }),
    state: text('state').notNull().default('wartend'),
    attempts: integer('attempts').notNull().default(0),
    retry_limit: integer('retry_limit').notNull(),
    last_error: text('last_error'),
    messages: jsonb('messages').$type<string[]>().notNull().default([]),
    created_by: userRef('created_by'),
    created_at: ts('created_at').notNull().defaultNow(),
    started_at: ts('started_at'),
    finished_at: ts('finished_at'),
  },
  (t) => [index('export_jobs_session_idx').on(t.session_id, t.created_at)],
);

/**
 * The files of a session's export, per format and part (one part per fiscal year): name,
 * SHA-256, size. The writers are deterministic (the approval fixes every input), so the
 * content is not kept twice: the download writes the file again and serves it only when
 * its SHA-256 equals the recorded one, i.e. exactly what the targets received.
 */
export const exportFiles = pgTable(
  'export_files',
  {
    session_id: integer('session_id')
      .notNull()
      .references(() => bookingSessions.id, { onDelete: 'cascade' }),
    format: text('format').notNull(),
    part: integer('part').notNull(),
    file_name: text('file_name').notNull(),
    sha256: text('sha256').notNull(),
    size: integer('size').notNull(),
    bookings: integer('bookings').notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.session_id, t.format, t.part] })],
);

/**
 * What a target received: at most one row per session, target, location, format and part.
 * A delivery is recorded after the file was written or accepted; a worker that dies in
 * between repeats the delivery with the same name, bytes and idempotency key.
 */
export const exportDeliveries = pgTable(
  'export_deliveries',
  {
    id: serial('id').primaryKey(),
    session_id: integer('session_id')
      .notNull()
      .references(() => bookingSessions.id, { onDelete: 'cascade' }),
    job_id: text('job_id'),
    target: text('target').notNull(),
    location: text('location').notNull(),
    format: text('format').notNull(),
    part: integer('part').notNull(),
    file_name: text('file_name').notNull(),
    sha256: text('sha256').notNull(),
    delivered_at: ts('delivered_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('export_deliveries_once_idx').on(t.session_id, t.target, t.location, t.format, t.part)],
);

/** The booking protocol of a session (PDF and xlsx), replaced by each generation. */
export const exportReports = pgTable('export_reports', {
  session_id: integer('session_id')
    .primaryKey()
    .references(() => bookingSessions.id, { onDelete: 'cascade' }),
  pdf: bytea('pdf').notNull(),
  xlsx: bytea('xlsx').notNull(),
  generated_at: ts('generated_at').notNull().defaultNow(),
  generated_by: userRef('generated_by'),
});
