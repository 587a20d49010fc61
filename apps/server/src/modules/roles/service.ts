import type { roleInputSchema } from '@gewst/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../http/errors';
import { type Actor, recordAudit } from '../audit/service';
import { presentRole } from './presenter';
import * as repo from './repo';

type RoleData = z.output<typeof roleInputSchema>;

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
    await recordAudit(tx, actor, { action: 'update', entity: 'role', entityId: id, before, after: data });
  });
  return loadRole(db, id);
}

export async function deleteRole(db: Db, actor: Actor, id: number) {
  const before = await loadRole(db, id);
  await db.transaction(async (tx) => {
    await repo.deleteRole(tx, id);
    await recordAudit(tx, actor, { action: 'delete', entity: 'role', entityId: id, before });
  });
}
