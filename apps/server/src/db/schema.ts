import {
  bigserial,
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
} from 'drizzle-orm/pg-core';

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  name: text('name'),
  email: text('email'),
  last_login_at: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
  ...timestamps,
});

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description'),
  ...timestamps,
});

export const permissions = pgTable('permissions', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    role_id: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permission_id: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.role_id, t.permission_id] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role_id: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.role_id] }), index('user_roles_role_idx').on(t.role_id)],
);

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

/** One audit mechanism for every change made through the API (who, when, what, before/after). */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: text('username'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entity_id: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    request_id: text('request_id'),
  },
  (t) => [
    index('audit_logs_created_idx').on(t.created_at),
    index('audit_logs_entity_idx').on(t.entity, t.entity_id),
    index('audit_logs_user_idx').on(t.user_id),
  ],
);

/** Installation-wide settings and secrets generated at first start (signing keys, cookie keys). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Storage of the embedded identity provider (sessions, grants, codes, refresh tokens). */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    grant_id: text('grant_id'),
    user_code: text('user_code'),
    uid: text('uid'),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    consumed_at: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_payloads_grant_idx').on(t.grant_id),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_user_code_idx').on(t.user_code),
    index('oidc_payloads_expires_idx').on(t.expires_at),
  ],
);

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
