import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { companies } from '../companies';

/**
 * Installation-wide and per-company settings, typed by the registry in
 * `@gewst/domain` (SETTINGS). Only this module reads or writes the table.
 */
export const appSettings = pgTable(
  'app_settings',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    /** null: the installation-wide value; otherwise the value of that company. */
    company_id: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    value: jsonb('value').notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [unique('app_settings_key_company_unique').on(t.key, t.company_id).nullsNotDistinct()],
);

/**
 * One row whose counter a statement trigger on app_settings raises inside the writing
 * transaction (see the migration), so every instance can tell with one primary-key read
 * whether its cache is current; the row lock orders writers, so the counter never
 * goes back and a later commit always carries a higher number.
 */
export const appSettingsVersion = pgTable(
  'app_settings_version',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('app_settings_version_single_row', sql`${t.id} = 1`)],
);
