import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users';

/**
 * Which in-app notifications a user has read. The notifications themselves are computed
 * from the database on every request (nothing kept in memory, the same on every instance);
 * a notification's key names its object and event (e.g. `review:12`), so a row here is
 * all that marks it read.
 */
export const notificationReads = pgTable(
  'notification_reads',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    read_at: timestamp('read_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.key] })],
);
