import { date, integer, numeric, pgTable, serial, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';

export const interestRates = pgTable(
  'interest_rates',
  {
    id: serial('id').primaryKey(),
    valid_from: date('valid_from', { mode: 'string' }).notNull(),
    rate: numeric('rate', { precision: 8, scale: 4 }).notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('interest_rates_valid_from_idx').on(t.valid_from)],
);

export const defaultInterestPeriods = pgTable(
  'default_interest_periods',
  {
    id: serial('id').primaryKey(),
    year: integer('year').notNull(),
    starts_at: date('starts_at', { mode: 'string' }).notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('default_interest_periods_year_idx').on(t.year)],
);
