import type { Company, CompanyInput } from '@gewst/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys } from './keys';

export const companiesQuery = () =>
  queryOptions({ queryKey: queryKeys.companies.list(), queryFn: () => api.get<Company[]>('companies') });

export function useSaveCompany() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: CompanyInput }) =>
      id == null ? api.post<Company>('companies', input) : api.put<Company>(`companies/${id}`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.companies.all }),
  });
}

export function useDeleteCompany() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`companies/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.companies.all }),
  });
}
