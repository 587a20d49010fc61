import { pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  main_color: text('main_color'),
  legal_form: text('legal_form').notNull().default('kapitalgesellschaft'),
  steuernummer: text('steuernummer'),
  finanzamt: text('finanzamt'),
  ags_geschaeftsleitung: text('ags_geschaeftsleitung'),
  chart_of_accounts: text('chart_of_accounts').notNull().default('SKR03'),
  ...timestamps,
});
