import type { UserRef } from '@gewst/domain';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { permissions, rolePermissions, roles } from '../roles';
import { userRoles, users } from './schema';

export type UserRow = typeof users.$inferSelect;

/** Who a user is, as other modules show it (created by, locked by, …). */
export interface UserRefRow {
  id: number;
  username: string;
  name: string | null;
}

/** Look-up of several users at once, keyed by id (ids may repeat or be missing). */
export async function usersById(db: DbOrTx, ids: (number | null | undefined)[]) {
  const wanted = [...new Set(ids.filter((v): v is number => typeof v === 'number'))];
  if (!wanted.length) return new Map<number, UserRefRow>();
  const rows = await db
    .select({ id: users.id, username: users.username, name: users.name })
    .from(users)
    .where(sql`${users.id} in ${wanted}`);
  return new Map(rows.map((r) => [r.id, r]));
}

/** A user as other modules present it (`{ id, username, name }`), or null when unknown. */
export function userRef(users: Map<number, UserRefRow>, id: number | null | undefined): UserRef | null {
  if (id == null) return null;
  const u = users.get(id);
  return u ? { id: u.id, username: u.username, name: u.name ?? u.username } : null;
}

/** Display names of several users at once, keyed by username (unknown names are left out). */
export async function namesByUsername(db: DbOrTx, usernames: (string | null | undefined)[]) {
  const wanted = [...new Set(usernames.filter((v): v is string => typeof v === 'string'))];
  if (!wanted.length) return new Map<string, string>();
  const rows = await db
    .select({ username: users.username, name: users.name })
    .from(users)
    .where(inArray(users.username, wanted));
  return new Map(rows.map((r) => [r.username, r.name ?? r.username]));
}

export async function findUserByUsername(db: DbOrTx, username: string) {
  const rows = await db.select().from(users).where(eq(users.username, username)).limit(1);
  return rows[0] ?? null;
}

export async function findUserById(db: DbOrTx, id: number) {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function insertUser(
  db: DbOrTx,
  values: { username: string; name: string | null; email: string | null },
) {
  const rows = await db
    .insert(users)
    .values(values)
    .onConflictDoNothing({ target: users.username })
    .returning();
  return rows[0] ?? (await findUserByUsername(db, values.username));
}

export async function touchLogin(
  db: DbOrTx,
  id: number,
  at: Date,
  profile: { name: string | null; email: string | null },
) {
  await db
    .update(users)
    .set({
      last_login_at: at,
      ...(profile.name ? { name: profile.name } : {}),
      ...(profile.email ? { email: profile.email } : {}),
    })
    .where(eq(users.id, id));
}

export async function listUsers(db: DbOrTx) {
  return db.select().from(users).orderBy(asc(users.username));
}

/** Roles of the given users with their permissions, in one query. */
export async function rolesOfUsers(db: DbOrTx, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .select({
      user_id: userRoles.user_id,
      role_id: roles.id,
      role_name: roles.name,
      role_description: roles.description,
      permission_id: permissions.id,
      permission_name: permissions.name,
    })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.role_id))
    .leftJoin(rolePermissions, eq(rolePermissions.role_id, roles.id))
    .leftJoin(permissions, eq(permissions.id, rolePermissions.permission_id))
    .where(inArray(userRoles.user_id, userIds))
    .orderBy(asc(roles.name), asc(permissions.id));
}

export async function replaceUserRoles(db: DbOrTx, userId: number, roleIds: number[]) {
  await db.delete(userRoles).where(eq(userRoles.user_id, userId));
  if (roleIds.length)
    await db.insert(userRoles).values(roleIds.map((role_id) => ({ user_id: userId, role_id })));
}

export async function addUserRole(db: DbOrTx, userId: number, roleId: number) {
  await db.insert(userRoles).values({ user_id: userId, role_id: roleId }).onConflictDoNothing();
}

export async function setCompanyIds(db: DbOrTx, userId: number, companyIds: number[] | null) {
  await db.update(users).set({ company_ids: companyIds, updated_at: new Date() }).where(eq(users.id, userId));
}
