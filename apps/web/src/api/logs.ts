import type { AuditLogEntry, PageMeta } from '@gewst/domain';
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

export interface LogsPage {
  data: AuditLogEntry[];
  meta: PageMeta;
}

export const logsQuery = (params: LogsParams) =>
  queryOptions({
    queryKey: queryKeys.logs.list({ ...params }),
    queryFn: () => api.get<LogsPage>('logs', { ...params }),
    placeholderData: keepPreviousData,
  });
