import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { roles } from '../roles';

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  name: text('name'),
  email: text('email'),
  last_login_at: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
  /**
   * Company-scoped access: null = every company (the default), otherwise only these
   * companies; an empty list means none (the user lands on NoPerm). Enforced in
   * `src/auth/company-scope.ts`.
   */
  company_ids: integer('company_ids').array(),
  ...timestamps,
});

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
