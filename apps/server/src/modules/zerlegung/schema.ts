import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from '../companies';

/** A saved Zerlegung of a company for a year; its content lives in versions. */
export const zerlegungen = pgTable(
  'zerlegungen',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    year: integer('year').notNull(),
    current_version: integer('current_version').notNull().default(1),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('zerlegungen_company_year_idx').on(t.company_id, t.year)],
);

/** Every save is a new, immutable version: the input as entered and the computed result. */
export const zerlegungVersions = pgTable(
  'zerlegung_versions',
  {
    id: serial('id').primaryKey(),
    zerlegung_id: integer('zerlegung_id')
      .notNull()
      .references(() => zerlegungen.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    input: jsonb('input').notNull(),
    result: jsonb('result').notNull(),
    bemerkung: text('bemerkung'),
    created_by: text('created_by'),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('zerlegung_versions_unique_idx').on(t.zerlegung_id, t.version)],
);

/**
 * Change counter of what a Zerlegung reads besides its own input: municipalities, the
 * reference Hebesätze, companies and their master data (establishments, Hebesätze, wages).
 * Statement triggers on those tables raise it inside the writing transaction (see the
 * migration), so every instance sharing the database can tell with one primary-key read
 * whether a Zerlegung it computed earlier is still current (reports' provision proposal).
 */
export const zerlegungInputsVersion = pgTable(
  'zerlegung_inputs_version',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('zerlegung_inputs_version_single_row', sql`${t.id} = 1`)],
);
