import type { roleInputSchema } from '@gewst/domain';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { conflict, notFound } from '../../http/errors';
import { type Actor, recordAudit } from '../audit/service';
import { presentRole } from './presenter';
import * as repo from './repo';

type RoleData = z.output<typeof roleInputSchema>;

const USER_ADMIN_PERMISSION = 'change-permissions-of-user';

/**
 * Guards against locking everybody out of the user administration: after a change to
 * roles or role assignments (inside its transaction) at least one user must still be
 * allowed to change users' permissions, else the change is refused and rolled back.
 */
export async function assertUserAdminRemains(tx: DbOrTx): Promise<void> {
  if ((await repo.countUsersWithPermission(tx, USER_ADMIN_PERMISSION)) > 0) return;
  throw conflict(
    'LAST_USER_ADMIN',
    'Die Änderung wird nicht gespeichert: danach dürfte niemand mehr Benutzer und Rollen verwalten ' +
      '(Berechtigung „change-permissions-of-user“). Weisen Sie diese Berechtigung zuerst einem anderen Benutzer zu.',
  );
}

async function loadRole(db: Db, id: number) {
  const [role] = await repo.listRolesWithPermissions(db, [id]);
  if (!role) throw notFound('Die Rolle');
  return presentRole(role);
}

export async function listRoles(db: Db) {
  return (await repo.listRolesWithPermissions(db)).map(presentRole);
}

export async function createRole(db: Db, actor: Actor, data: RoleData) {
  const id = await db.transaction(async (tx) => {
    if (await repo.findRoleByName(tx, data.name))
      throw conflict('ROLE_EXISTS', `Eine Rolle „${data.name}“ gibt es bereits.`);
    const role = await repo.insertRole(tx, { name: data.name, description: data.description });
    await repo.setRolePermissions(tx, role.id, data.permissions);
    await recordAudit(tx, actor, { action: 'create', entity: 'role', entityId: role.id, after: data });
    return role.id;
  });
  return loadRole(db, id);
}

export async function updateRole(db: Db, actor: Actor, id: number, data: RoleData) {
  const before = await loadRole(db, id);
  await db.transaction(async (tx) => {
    const sameName = await repo.findRoleByName(tx, data.name);
    if (sameName && sameName.id !== id)
      throw conflict('ROLE_EXISTS', `Eine Rolle „${data.name}“ gibt es bereits.`);
    await repo.updateRole(tx, id, { name: data.name, description: data.description });
    await repo.setRolePermissions(tx, id, data.permissions);
    await assertUserAdminRemains(tx);
    await recordAudit(tx, actor, { action: 'update', entity: 'role', entityId: id, before, after: data });
  });
  return loadRole(db, id);
}

export async function deleteRole(db: Db, actor: Actor, id: number) {
  const before = await loadRole(db, id);
  await db.transaction(async (tx) => {
    await repo.deleteRole(tx, id);
    await assertUserAdminRemains(tx);
    await recordAudit(tx, actor, { action: 'delete', entity: 'role', entityId: id, before });
  });
}
