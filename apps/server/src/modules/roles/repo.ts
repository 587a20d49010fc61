import { asc, countDistinct, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { userRoles } from '../users';
import { permissions, rolePermissions, roles } from './schema';

export async function listPermissions(db: DbOrTx) {
  return db.select().from(permissions).orderBy(asc(permissions.id));
}

export async function listRolesWithPermissions(db: DbOrTx, ids?: number[]) {
  const base = db
    .select({
      id: roles.id,
      name: roles.name,
      description: roles.description,
      permission_id: permissions.id,
      permission_name: permissions.name,
    })
    .from(roles)
    .leftJoin(rolePermissions, eq(rolePermissions.role_id, roles.id))
    .leftJoin(permissions, eq(permissions.id, rolePermissions.permission_id));
  const rows = await (ids ? base.where(inArray(roles.id, ids)) : base).orderBy(
    asc(roles.name),
    asc(permissions.id),
  );
  const byId = new Map<
    number,
    { id: number; name: string; description: string | null; permissions: { id: number; name: string }[] }
  >();
  for (const r of rows) {
    let role = byId.get(r.id);
    if (!role) {
      role = { id: r.id, name: r.name, description: r.description, permissions: [] };
      byId.set(r.id, role);
    }
    if (r.permission_id != null && r.permission_name)
      role.permissions.push({ id: r.permission_id, name: r.permission_name });
  }
  return [...byId.values()];
}

export async function findRoleByName(db: DbOrTx, name: string) {
  const rows = await db.select().from(roles).where(eq(roles.name, name)).limit(1);
  return rows[0] ?? null;
}

export async function insertRole(db: DbOrTx, values: { name: string; description: string | null }) {
  const rows = await db.insert(roles).values(values).returning();
  return rows[0]!;
}

export async function updateRole(
  db: DbOrTx,
  id: number,
  values: { name: string; description: string | null },
) {
  const rows = await db
    .update(roles)
    .set({ ...values, updated_at: new Date() })
    .where(eq(roles.id, id))
    .returning();
  return rows[0] ?? null;
}

export async function deleteRole(db: DbOrTx, id: number) {
  const rows = await db.delete(roles).where(eq(roles.id, id)).returning();
  return rows[0] ?? null;
}

export async function setRolePermissions(db: DbOrTx, roleId: number, names: readonly string[]) {
  await db.delete(rolePermissions).where(eq(rolePermissions.role_id, roleId));
  if (names.length === 0) return;
  const perms = await db
    .select()
    .from(permissions)
    .where(inArray(permissions.name, [...names]));
  await db.insert(rolePermissions).values(perms.map((p) => ({ role_id: roleId, permission_id: p.id })));
}

export async function existingRoleIds(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return (await db.select({ id: roles.id }).from(roles).where(inArray(roles.id, ids))).map((r) => r.id);
}

/** How many users hold the permission through at least one of their roles. */
export async function countUsersWithPermission(db: DbOrTx, permission: string): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(userRoles.user_id) })
    .from(userRoles)
    .innerJoin(rolePermissions, eq(rolePermissions.role_id, userRoles.role_id))
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permission_id))
    .where(eq(permissions.name, permission));
  return Number(row?.n ?? 0);
}
