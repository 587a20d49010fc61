import type { AuditLogList } from '@gewst/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys } from './keys';

export interface LogsParams {
  page: number;
  per_page: number;
  user_id?: number | undefined;
  entity?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export const logsQuery = (params: LogsParams) =>
  queryOptions({
    queryKey: queryKeys.logs.list({ ...params }),
    queryFn: () => api.get<AuditLogList>('logs', { ...params }),
    placeholderData: keepPreviousData,
  });
