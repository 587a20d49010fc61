import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from '../companies';
import { documents } from '../documents';
import { masterData } from '../master-data';
import { paymentLines } from '../payments';
import { users } from '../users';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
const userRef = (name: string) => integer(name).references(() => users.id, { onDelete: 'set null' });

/**
 * A booking session (Buchungsstapel) of a company: type bescheid | vorauszahlung |
 * korrektur | storno, status as in PRODUCT.md's table (state machine in packages/domain).
 * At most one open `bescheid` session per company (partial unique index): generation
 * adds to it or creates it.
 */
export const bookingSessions = pgTable(
  'booking_sessions',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    type: text('type').notNull(),
    status: text('status').notNull().default('offen'),
    archived: boolean('archived').notNull().default(false),
    /** Prepayment sessions: the year and quarter. */
    year: integer('year'),
    quartal: integer('quartal'),
    /** korrektur/storno sessions: the session they correct or cancel. */
    related_session_id: integer('related_session_id'),
    created_by: userRef('created_by'),
    created_at: ts('created_at').notNull().defaultNow(),
    closed_at: ts('closed_at'),
    closed_by: userRef('closed_by'),
    submitted_at: ts('submitted_at'),
    submitted_by: userRef('submitted_by'),
    approved_at: ts('approved_at'),
    approved_by: userRef('approved_by'),
    exported_at: ts('exported_at'),
    export_error: text('export_error'),
    archived_at: ts('archived_at'),
    archived_by: userRef('archived_by'),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('booking_sessions_company_idx').on(t.company_id, t.archived, t.type, t.id),
    index('booking_sessions_related_idx').on(t.related_session_id),
    uniqueIndex('booking_sessions_open_bescheid_idx')
      .on(t.company_id)
      .where(sql`${t.type} = 'bescheid' and ${t.status} = 'offen'`),
  ],
);

/**
 * One booking: a positive amount with Soll/Haben relative to `konto` (DATEV EXTF), the
 * accounts as they were mapped when it was generated, and its links. A reversal points to
 * the booking it reverses (`reversal_of`), which points back (`reversed_by`).
 */
export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    session_id: integer('session_id')
      .notNull()
      .references(() => bookingSessions.id, { onDelete: 'cascade' }),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    /** Belegdatum: the day the booking was generated. */
    booking_date: date('booking_date', { mode: 'string' }).notNull(),
    amount: money('amount').notNull(),
    sh: text('sh').notNull(),
    konto: text('konto').notNull(),
    gegenkonto: text('gegenkonto').notNull(),
    /** Account purposes of the mapping (expense, provision, …, bank); null after a manual account change. */
    purpose: text('purpose'),
    counter_purpose: text('counter_purpose'),
    text: text('text').notNull(),
    belegfeld1: text('belegfeld1'),
    kost1: text('kost1'),
    /** KOST2 (second cost centre): from the company's cost-centre rules only. */
    kost2: text('kost2'),
    /** Erhebungszeitraum (DATEV Veranlagungsjahr). */
    tax_year: integer('tax_year').notNull(),
    quartal: integer('quartal'),
    /** Payment line kind, or 'aufloesung' for a provision release. */
    kind: text('kind').notNull(),
    /** Due date of the payment line (DATEV Fälligkeit). */
    due_date: date('due_date', { mode: 'string' }),
    master_data_id: integer('master_data_id').references(() => masterData.id, { onDelete: 'restrict' }),
    document_id: integer('document_id').references(() => documents.id, { onDelete: 'restrict' }),
    reversal_of: integer('reversal_of'),
    reversed_by: integer('reversed_by'),
    /** In a korrektur session: the exported booking this corrected booking replaces. */
    corrected_from: integer('corrected_from'),
    /** DATEV "Buchungs GUID": stable per booking. */
    guid: uuid('guid').notNull().defaultRandom(),
    created_by: userRef('created_by'),
    /** The last person who created or changed the booking (four-eyes rule). */
    changed_by: userRef('changed_by'),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
    /** Set by the export: a booking is exported once. */
    exported_at: ts('exported_at'),
  },
  (t) => [
    index('bookings_session_idx').on(t.session_id, t.id),
    index('bookings_company_year_idx').on(t.company_id, t.tax_year, t.purpose),
    index('bookings_master_data_idx').on(t.master_data_id),
    index('bookings_document_idx').on(t.document_id),
    index('bookings_reversal_idx').on(t.reversal_of),
    uniqueIndex('bookings_guid_idx').on(t.guid),
    check('bookings_amount_positive', sql`${t.amount} > 0`),
    check('bookings_sh', sql`${t.sh} in ('S', 'H')`),
  ],
);

/** Which payment lines a booking books (a prepayment booking sums an establishment's lines of the quarter). */
export const bookingLines = pgTable(
  'booking_lines',
  {
    booking_id: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    payment_line_id: integer('payment_line_id')
      .notNull()
      .references(() => paymentLines.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.booking_id, t.payment_line_id] }),
    index('booking_lines_line_idx').on(t.payment_line_id),
  ],
);

/** The session log: every transition, generation and correction, with comments. */
export const sessionLogs = pgTable(
  'session_logs',
  {
    id: serial('id').primaryKey(),
    session_id: integer('session_id')
      .notNull()
      .references(() => bookingSessions.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    from_status: text('from_status'),
    to_status: text('to_status'),
    comment: text('comment'),
    details: jsonb('details'),
    user_id: userRef('user_id'),
    created_at: ts('created_at').notNull().defaultNow(),
    comment_edited_at: ts('comment_edited_at'),
  },
  (t) => [index('session_logs_session_idx').on(t.session_id, t.id)],
);

/** The provision (Rückstellung) booked at a year end, per company and year (manual entry). */
export const provisions = pgTable(
  'provisions',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    year: integer('year').notNull(),
    amount: money('amount').notNull(),
    note: text('note'),
    created_by: userRef('created_by'),
    updated_by: userRef('updated_by'),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('provisions_company_year_idx').on(t.company_id, t.year)],
);

/** One creation of a quarter's prepayment session (seed: prePaymentsBiLog); its row blocks a second one. */
export const prepaymentBiLogs = pgTable(
  'prepayment_bi_logs',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    year: integer('year').notNull(),
    quartal: integer('quartal').notNull(),
    session_id: integer('session_id')
      .notNull()
      .references(() => bookingSessions.id, { onDelete: 'cascade' }),
    count: integer('count').notNull(),
    sum: money('sum').notNull(),
    created_by: userRef('created_by'),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('prepayment_bi_logs_quarter_idx').on(t.company_id, t.year, t.quartal)],
);
