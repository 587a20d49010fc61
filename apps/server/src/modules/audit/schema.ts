import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users';

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
