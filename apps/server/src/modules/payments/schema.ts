import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from '../companies';
import { documents } from '../documents';
import { masterData } from '../master-data';
import { users } from '../users';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

/** Payment data of an establishment and tax year: what was assessed and the values of the notices. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    master_data_id: integer('master_data_id')
      .notNull()
      .references(() => masterData.id, { onDelete: 'restrict' }),
    year: integer('year').notNull(),
    festgesetzte_steuer: money('festgesetzte_steuer'),
    messbetrag: money('messbetrag'),
    hebesatz: integer('hebesatz'),
    /** From a Messbescheid. */
    erwarteter_messbetrag: money('erwarteter_messbetrag'),
    /** The establishment's share from a Zerlegungsbescheid. */
    zerlegungsanteil: money('zerlegungsanteil'),
    /** [{ code, severity, message }] of the last confirmed notices. */
    checks: jsonb('checks').notNull().default([]),
    /** [{ document_id, type, bescheid_datum, festgesetzte_steuer, at }] */
    history: jsonb('history').notNull().default([]),
    /** { notice, ours, base, from, to, months } of the last Bescheid. */
    interest: jsonb('interest'),
    /** Sums of the active lines, kept by refreshSums after every change (the list reads only these). */
    sum_vorauszahlungen: money('sum_vorauszahlungen').notNull().default('0'),
    sum_bezahlt: money('sum_bezahlt').notNull().default('0'),
    sum_offen: money('sum_offen').notNull().default('0'),
    sum_zinsen: money('sum_zinsen').notNull().default('0'),
    /** Paid and open of the tax itself (principal kinds, without interest and surcharges): the reports read these. */
    sum_steuer_bezahlt: money('sum_steuer_bezahlt').notNull().default('0'),
    sum_steuer_offen: money('sum_steuer_offen').notNull().default('0'),
    naechste_faelligkeit: date('naechste_faelligkeit', { mode: 'string' }),
    warnings: integer('warnings').notNull().default(0),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_master_data_year_idx').on(t.master_data_id, t.year),
    index('payments_company_year_idx').on(t.company_id, t.year),
  ],
);

/** One amount: signed (positive = we pay, negative = we receive). */
export const paymentLines = pgTable(
  'payment_lines',
  {
    id: serial('id').primaryKey(),
    payment_id: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    master_data_id: integer('master_data_id')
      .notNull()
      .references(() => masterData.id, { onDelete: 'restrict' }),
    year: integer('year').notNull(),
    kind: text('kind').notNull(),
    quartal: integer('quartal'),
    betrag: money('betrag').notNull(),
    faellig_am: date('faellig_am', { mode: 'string' }),
    status: text('status').notNull().default('offen'),
    status_date: date('status_date', { mode: 'string' }),
    status_by: integer('status_by').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    document_id: integer('document_id').references(() => documents.id, { onDelete: 'restrict' }),
    superseded_by: integer('superseded_by'),
    superseded_reason: text('superseded_reason'),
    superseded_at: ts('superseded_at'),
    /** The document whose confirmation superseded (or cancelled) this line, to undo it on withdrawal. */
    superseded_by_document: integer('superseded_by_document'),
    /** The status before a supersession without successor set it to storniert. */
    superseded_status: text('superseded_status'),
    /** Set when the confirmation of its document was withdrawn (the line is storniert then). */
    withdrawn_at: ts('withdrawn_at'),
    /** The booking it went into (bookings arrive with a later issue). */
    booking_id: integer('booking_id'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('payment_lines_payment_idx').on(t.payment_id, t.created_at),
    index('payment_lines_master_data_idx').on(t.master_data_id, t.year),
    index('payment_lines_document_idx').on(t.document_id),
    index('payment_lines_due_idx').on(t.company_id, t.status, t.faellig_am),
    // bookings: a quarter's prepayment lines, and the lines of a booking
    index('payment_lines_quarter_idx').on(t.company_id, t.year, t.quartal),
    index('payment_lines_booking_idx').on(t.booking_id),
  ],
);

/** Payment year settings: a closed year is read-only. Years without a row are open. */
export const paymentYears = pgTable('payment_years', {
  year: integer('year').primaryKey(),
  closed: boolean('closed').notNull().default(false),
  closed_at: ts('closed_at'),
  closed_by: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
});
