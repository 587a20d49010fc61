import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

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
