import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
