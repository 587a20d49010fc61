import type { CurrentUser, LogoutResponse, UserListItem } from '@gewst/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys } from './keys';

export const currentUserQuery = () =>
  queryOptions({
    queryKey: queryKeys.users.current(),
    queryFn: () => api.get<CurrentUser>('users'),
    staleTime: 0,
  });

export const usersQuery = () =>
  queryOptions({ queryKey: queryKeys.users.list(), queryFn: () => api.get<UserListItem[]>('users/getAll') });

export function useAssignRoles() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, roleIds }: { userId: number; roleIds: number[] }) =>
      api.put<UserListItem>(`users/${userId}/roles`, { role_ids: roleIds }),
    // The signed-in user may have changed their own roles: refresh both lists.
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}

export function useSetUserCompanies() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, companyIds }: { userId: number; companyIds: number[] | null }) =>
      api.put<UserListItem>(`users/${userId}/companies`, { company_ids: companyIds }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}

export const logout = () => api.get<LogoutResponse>('logout');
