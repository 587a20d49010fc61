import type {
  AccountMapping,
  AccountMappingView,
  BiLogEntry,
  BookingChange,
  BookingSession,
  BookingSessionDetail,
  BookingStats,
  ExportQueues,
  PrepaymentPreview,
  Provision,
  SessionList,
  SessionLog,
  SessionTransitionResponse,
  SessionType,
} from '@gewst/domain';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { saveBlob } from './service';

export interface SessionListParams {
  type?: SessionType;
  archived: boolean;
  /** Only sessions in this status (the failed-export filter), across all types. */
  status?: 'export_fehlgeschlagen';
  page: number;
  per_page: number;
}

export const bookingKeys = {
  all: ['bookings'] as const,
  list: (companyId: number, params: SessionListParams) => ['bookings', 'list', companyId, params] as const,
  detail: (id: number, page: number, perPage: number) => ['bookings', 'detail', id, page, perPage] as const,
  logs: (id: number) => ['bookings', 'logs', id] as const,
  stats: (companyId: number) => ['bookings', 'stats', companyId] as const,
  exports: (id: number) => ['bookings', 'exports', id] as const,
  biLog: (companyId: number) => ['bookings', 'bi-log', companyId] as const,
  preview: (companyId: number, year: number, quartal: number) =>
    ['bookings', 'preview', companyId, year, quartal] as const,
  provisions: (companyId: number) => ['bookings', 'provisions', companyId] as const,
  accountMapping: (companyId: number) => ['bookings', 'account-mapping', companyId] as const,
};

export const sessionListQuery = (companyId: number, params: SessionListParams) =>
  queryOptions({
    queryKey: bookingKeys.list(companyId, params),
    queryFn: () =>
      api.get<SessionList>(`companies/${companyId}/bookings`, {
        ...params,
        type: params.type,
        status: params.status,
      }),
    placeholderData: keepPreviousData,
  });

export const sessionDetailQuery = (id: number, page: number, perPage: number) =>
  queryOptions({
    queryKey: bookingKeys.detail(id, page, perPage),
    queryFn: () => api.get<BookingSessionDetail>(`bookings/${id}`, { page, per_page: perPage }),
    placeholderData: keepPreviousData,
  });

export const sessionLogsQuery = (id: number) =>
  queryOptions({ queryKey: bookingKeys.logs(id), queryFn: () => api.get<SessionLog[]>(`sessionLogs/${id}`) });

export const bookingStatsQuery = (companyId: number) =>
  queryOptions({
    queryKey: bookingKeys.stats(companyId),
    queryFn: () => api.get<BookingStats>('bookings/stats', { company_id: companyId }),
  });

/** The session's export: jobs, targets, files, protocol (polled while the export is under way). */
export const exportQueuesQuery = (id: number) =>
  queryOptions({
    queryKey: bookingKeys.exports(id),
    queryFn: () => api.get<ExportQueues>(`bookings/${id}/queues`),
    refetchInterval: (q) =>
      q.state.data?.status === 'freigegeben' ||
      q.state.data?.jobs.some(
        (j) => j.state === 'wartend' || j.state === 'laeuft' || j.state === 'wiederholung',
      )
        ? 2000
        : false,
  });

/** Downloads a file the queues view names (export part or protocol) under its own name. */
export async function downloadExportFile(address: string, fileName: string) {
  const blob = await api.get<Blob>(address, undefined, { responseType: 'blob' });
  saveBlob(blob, fileName);
}

export const biLogQuery = (companyId: number) =>
  queryOptions({
    queryKey: bookingKeys.biLog(companyId),
    queryFn: () => api.get<BiLogEntry[]>('prePaymentsBiLog', { company_id: companyId }),
  });

export const prepaymentPreviewQuery = (companyId: number, year: number, quartal: number) =>
  queryOptions({
    queryKey: bookingKeys.preview(companyId, year, quartal),
    queryFn: () =>
      api.get<PrepaymentPreview>('bookings/prepayments/preview', { company_id: companyId, year, quartal }),
  });

export const provisionsQuery = (companyId: number) =>
  queryOptions({
    queryKey: bookingKeys.provisions(companyId),
    queryFn: () => api.get<Provision[]>(`companies/${companyId}/provisions`),
  });

export const accountMappingQuery = (companyId: number) =>
  queryOptions({
    queryKey: bookingKeys.accountMapping(companyId),
    queryFn: () => api.get<AccountMappingView>(`companies/${companyId}/account-mapping`),
  });

/** Every change refreshes every bookings query (lists, detail, logs, stats). */
export function useBookingMutation<V, R = unknown>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}

type Transition = Promise<SessionTransitionResponse>;

export const bookingApi = {
  close: (id: number): Transition => api.put(`bookings/${id}/close`, {}),
  submit: (id: number, comment: string | null): Transition => api.put(`bookings/${id}/submit`, { comment }),
  reject: (id: number, comment: string): Transition => api.put(`bookings/${id}/reject`, { comment }),
  approve: (id: number): Transition =>
    api.put(`bookings/${id}/approve`, { approved_at: new Date().toISOString() }),
  revertToClosed: (id: number, comment: string | null): Transition =>
    api.put(`bookings/${id}/revert-to-closed`, { comment }),
  correct: (id: number, changes: BookingChange[], comment: string | null): Transition =>
    api.put(`bookings/${id}/correct`, { changes, comment }),
  cancel: (id: number, comment: string): Transition =>
    api.put(`bookings/${id}/cancel`, { storno: { comment } }),
  archive: (id: number): Transition => api.put(`bookings/${id}/archive`, {}),
  retrigger: (id: number): Promise<ExportQueues> => api.put(`bookings/${id}/retrigger-failed-jobs`, {}),
  report: (id: number): Promise<ExportQueues> => api.put(`bookings/${id}/generate_report`, {}),
  editComment: (logId: number, comment: string) =>
    api.post<SessionLog>(`sessionLogs/editComment/${logId}`, { comment }),
  createPrepayments: (companyId: number, year: number, quartal: number) =>
    api.put<{ session: BookingSession; bi_log: BiLogEntry }>(
      `bookings/prepayments/create?company_id=${companyId}&year=${year}&quartal=${quartal}`,
    ),
  deleteBiLog: (id: number) => api.delete(`prePaymentsBiLog/${id}`),
  setProvision: (companyId: number, year: number, amount: string, note: string | null) =>
    api.put<Provision>(`companies/${companyId}/provisions/${year}`, { amount, note }),
  deleteProvision: (companyId: number, year: number) =>
    api.delete(`companies/${companyId}/provisions/${year}`),
  setAccountMapping: (companyId: number, mapping: AccountMapping) =>
    api.put<AccountMappingView>(`companies/${companyId}/account-mapping`, mapping),
  resetAccountMapping: (companyId: number) =>
    api.delete<AccountMappingView>(`companies/${companyId}/account-mapping`),
};
