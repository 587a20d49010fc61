import { isPermission, PERMISSION_LABELS, type Permission, type Role } from '@gewst/domain';

export function presentPermission(p: {
  id: number;
  name: string;
}): { id: number; name: Permission; label: string } | null {
  return isPermission(p.name) ? { id: p.id, name: p.name, label: PERMISSION_LABELS[p.name] } : null;
}

export function presentRole(role: {
  id: number;
  name: string;
  description: string | null;
  permissions: { id: number; name: string }[];
}): Role {
  return {
    id: role.id,
    name: role.name,
    description: role.description,
    permissions: role.permissions.map(presentPermission).filter((p) => p !== null),
  };
}
