import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from '../companies';
import { municipalities } from '../municipalities';

/** An establishment (Betriebsstätte) of a company in a municipality. */
export const masterData = pgTable(
  'master_data',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    ags: text('ags')
      .notNull()
      .references(() => municipalities.ags, { onDelete: 'restrict' }),
    designation: text('designation').notNull(),
    street: text('street'),
    zip: text('zip'),
    city: text('city'),
    steuernummer: text('steuernummer'),
    iban: text('iban'),
    bic: text('bic'),
    bank_name: text('bank_name'),
    creditor_number: text('creditor_number'),
    cost_center: text('cost_center'),
    valid_from: date('valid_from', { mode: 'string' }),
    valid_to: date('valid_to', { mode: 'string' }),
    geschaeftsleitung: boolean('geschaeftsleitung').notNull().default(false),
    remarks: text('remarks'),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('master_data_company_idx').on(t.company_id, t.designation),
    index('master_data_ags_idx').on(t.ags),
  ],
);

/** Kassenzeichen, Buchungszeichen, Personenkonto … several per establishment. */
export const masterDataReferences = pgTable(
  'master_data_references',
  {
    id: serial('id').primaryKey(),
    master_data_id: integer('master_data_id')
      .notNull()
      .references(() => masterData.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    value: text('value').notNull(),
  },
  (t) => [
    uniqueIndex('master_data_references_unique_idx').on(t.master_data_id, t.kind, t.value),
    index('master_data_references_value_idx').on(t.value),
  ],
);

/** Hebesatz history of an establishment: only years where it was set explicitly. */
export const masterDataRates = pgTable(
  'master_data_rates',
  {
    master_data_id: integer('master_data_id')
      .notNull()
      .references(() => masterData.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    hebesatz: integer('hebesatz').notNull(),
    /** 'manual', 'import' or 'notice'. */
    source: text('source').notNull(),
    note: text('note'),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.master_data_id, t.year] })],
);

/** Employees and wages per year (§29 GewStG Zerlegung key). */
export const masterDataWages = pgTable(
  'master_data_wages',
  {
    master_data_id: integer('master_data_id')
      .notNull()
      .references(() => masterData.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    employees: integer('employees'),
    wages: numeric('wages', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.master_data_id, t.year] })],
);

/**
 * "Unseren Satz behalten": a decision that a confirmed notice's Hebesatz is not taken
 * over. The conflict stays resolved while both rates are the ones decided on; if our rate
 * or the notice's changes later, the conflict is listed again. ("Satz des Bescheids
 * übernehmen" needs no row here: the rate itself changes, so the conflict is gone.)
 */
export const rateConflictDecisions = pgTable(
  'rate_conflict_decisions',
  {
    id: serial('id').primaryKey(),
    master_data_id: integer('master_data_id')
      .notNull()
      .references(() => masterData.id, { onDelete: 'cascade' }),
    document_id: integer('document_id').notNull(),
    year: integer('year').notNull(),
    notice_hebesatz: integer('notice_hebesatz').notNull(),
    our_hebesatz: integer('our_hebesatz').notNull(),
    note: text('note').notNull(),
    decided_by: text('decided_by'),
    decided_at: timestamp('decided_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('rate_conflict_decisions_unique_idx').on(t.master_data_id, t.document_id, t.year)],
);
