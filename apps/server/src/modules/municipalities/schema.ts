import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Reference data: every German municipality (Destatis GV100AD), loaded by the base seed. */
export const municipalities = pgTable(
  'municipalities',
  {
    ags: text('ags').primaryKey(),
    name: text('name').notNull(),
    bundesland: text('bundesland').notNull(),
    /** Postcodes separated by single spaces (OpenStreetMap; may be incomplete). */
    plz: text('plz').notNull().default(''),
    /** Name folded for search: lower case, ä→a, ß→ss, suffix after the comma dropped. */
    search_key: text('search_key').notNull(),
    /** The same with ä→ae, ö→oe, ü→ue, so "muenchen" finds München. */
    search_key_alt: text('search_key_alt').notNull(),
  },
  (t) => [index('municipalities_search_key_idx').on(t.search_key)],
);

/**
 * Official trade-tax rate (Hebesatz) per municipality and year. No foreign key to
 * municipalities: published tables contain AGS of municipalities merged since.
 */
export const municipalityRates = pgTable(
  'municipality_rates',
  {
    ags: text('ags').notNull(),
    year: integer('year').notNull(),
    hebesatz: integer('hebesatz').notNull(),
    /** 'destatis' (shipped reference file) or 'import' (uploaded by a user). */
    source: text('source').notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ags, t.year] })],
);
