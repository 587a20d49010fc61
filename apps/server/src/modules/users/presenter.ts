import { type CurrentUser, type Permission, type UserListItem, unionPermissions } from '@gewst/domain';
import { presentRole } from '../roles/presenter';
import type { rolesOfUsers, UserRow } from './repo';

type RoleRows = Awaited<ReturnType<typeof rolesOfUsers>>;

export function groupRoles(rows: RoleRows) {
  const byUser = new Map<
    number,
    Map<
      number,
      { id: number; name: string; description: string | null; permissions: { id: number; name: string }[] }
    >
  >();
  for (const r of rows) {
    let userMap = byUser.get(r.user_id);
    if (!userMap) {
      userMap = new Map();
      byUser.set(r.user_id, userMap);
    }
    let role = userMap.get(r.role_id);
    if (!role) {
      role = { id: r.role_id, name: r.role_name, description: r.role_description, permissions: [] };
      userMap.set(r.role_id, role);
    }
    if (r.permission_id != null && r.permission_name)
      role.permissions.push({ id: r.permission_id, name: r.permission_name });
  }
  return (userId: number) => [...(byUser.get(userId)?.values() ?? [])];
}

export function presentCurrentUser(
  user: UserRow,
  roles: ReturnType<ReturnType<typeof groupRoles>>,
): CurrentUser {
  const presented = roles.map(presentRole);
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    email: user.email,
    roles: presented,
    permissions: unionPermissions(presented) as Permission[],
    company_ids: user.company_ids ?? null,
  };
}

export function presentUserListItem(
  user: UserRow,
  roles: ReturnType<ReturnType<typeof groupRoles>>,
): UserListItem {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    email: user.email,
    roles: roles.map((r) => ({ id: r.id, name: r.name })),
    company_ids: user.company_ids ?? null,
    last_login_at: user.last_login_at?.toISOString() ?? null,
    created_at: user.created_at.toISOString(),
  };
}
