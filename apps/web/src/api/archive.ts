import type { ArchiveList, BookingSession, DocumentDetail } from '@gewst/domain';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import type { QueryParams } from './url';

export const archiveKeys = {
  all: ['archive'] as const,
  list: (params: QueryParams) => ['archive', 'list', params] as const,
};

export const archiveQuery = (params: QueryParams) =>
  queryOptions({
    queryKey: archiveKeys.list(params),
    queryFn: () => api.get<ArchiveList>('archive', params),
    placeholderData: keepPreviousData,
  });

/** Restores an archived document (PUT archived=false) or booking session; both audit-logged. */
export function useRestoreArchived() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (item: {
      kind: 'dokument' | 'stapel';
      id: number;
    }): Promise<DocumentDetail | BookingSession> =>
      item.kind === 'dokument'
        ? api.put<DocumentDetail>(`documents/${item.id}`, { archived: false })
        : api.post<BookingSession>(`archive/sessions/${item.id}/restore`),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: archiveKeys.all });
      void client.invalidateQueries({ queryKey: ['documents'] });
      void client.invalidateQueries({ queryKey: ['bookings'] });
    },
  });
}
