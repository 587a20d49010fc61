import { integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The payments' sums per company × year × municipality (the AGS of their establishments),
 * what the tax expense and reconciliation reports read instead of grouping the payments on
 * every request. Derived data, never written by the app: statement triggers on `payments`
 * and `master_data` recompute the touched groups from the payments inside the writing
 * transaction (see migration 0018), so a write through the API, plain SQL or a restore is
 * reflected on every instance; not part of a backup (rebuilt as the payments load).
 * Money columns are unconstrained numeric: the exact sums of numeric(14,2) values.
 */
export const reportSums = pgTable(
  'report_sums',
  {
    company_id: integer('company_id').notNull(),
    year: integer('year').notNull(),
    ags: text('ags').notNull(),
    /** Payments in the group. */
    payments: integer('payments').notNull(),
    /** Payments with an assessed tax or prepayments set (they count for the Messbetrag's completeness). */
    counted: integer('counted').notNull(),
    /** Payments with a Messbetrag. */
    with_messbetrag: integer('with_messbetrag').notNull(),
    /** Payments with open principal lines. */
    unpaid: integer('unpaid').notNull(),
    festgesetzt: numeric('festgesetzt'),
    vorauszahlungen: numeric('vorauszahlungen').notNull(),
    bezahlt: numeric('bezahlt').notNull(),
    offen: numeric('offen').notNull(),
    /** Assessed tax, or the prepayments set where none is assessed. */
    aufwand: numeric('aufwand').notNull(),
    messbetrag: numeric('messbetrag'),
    zerlegungsanteil: numeric('zerlegungsanteil'),
    /** The highest Hebesatz of the group. */
    hebesatz: integer('hebesatz'),
  },
  (t) => [primaryKey({ columns: [t.company_id, t.year, t.ags] })],
);
