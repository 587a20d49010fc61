import type { PermissionInfo, Role, RoleInput } from '@gewst/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys } from './keys';

export const rolesQuery = () =>
  queryOptions({ queryKey: queryKeys.roles.list(), queryFn: () => api.get<Role[]>('roles') });

export const permissionsQuery = () =>
  queryOptions({
    queryKey: queryKeys.permissions.list(),
    queryFn: () => api.get<PermissionInfo[]>('permissions'),
    staleTime: Number.POSITIVE_INFINITY,
  });

function useInvalidateRoles() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.roles.all }),
      // Users show role names, and the signed-in user's permissions may change.
      client.invalidateQueries({ queryKey: queryKeys.users.all }),
    ]);
}

export function useSaveRole() {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: RoleInput }) =>
      id == null ? api.post<Role>('roles', input) : api.put<Role>(`roles/${id}`, input),
    onSuccess: invalidate,
  });
}

export function useDeleteRole() {
  const invalidate = useInvalidateRoles();
  return useMutation({ mutationFn: (id: number) => api.delete(`roles/${id}`), onSuccess: invalidate });
}
