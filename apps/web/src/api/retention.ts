import type { DeleteOriginalsBody, DeleteOriginalsResult, ExpiredDocumentList } from '@gewst/domain';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { settingsKeys } from './settings';

/**
 * Below the settings key: a change of the retention setting (which refreshes every settings
 * query) refreshes the expired list too.
 */
export const retentionKeys = {
  all: [...settingsKeys.all, 'retention'] as const,
  list: (companyId: number, page: number, perPage: number) =>
    [...settingsKeys.all, 'retention', companyId, page, perPage] as const,
};

export const expiredDocumentsQuery = (companyId: number, page: number, perPage: number) =>
  queryOptions({
    queryKey: retentionKeys.list(companyId, page, perPage),
    queryFn: () =>
      api.get<ExpiredDocumentList>('documents/retention', { company_id: companyId, page, per_page: perPage }),
    placeholderData: keepPreviousData,
  });

export function useDeleteOriginals() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DeleteOriginalsBody) =>
      api.post<DeleteOriginalsResult>('documents/retention/delete-originals', body),
    onSuccess: () => client.invalidateQueries({ queryKey: retentionKeys.all }),
  });
}
