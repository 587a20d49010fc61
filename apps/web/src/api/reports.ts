import type {
  CashPlanReport,
  Provision,
  ProvisionAdopt,
  ExpenseReport,
  InterestReport,
  ProvisionReport,
  ReconciliationReport,
  ReportName,
  Trace,
} from '@gewst/domain';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { saveBlob } from './service';
import type { QueryParams } from './url';

export interface ReportTypes {
  expense: ExpenseReport;
  provision: ProvisionReport;
  cashplan: CashPlanReport;
  interest: InterestReport;
  reconciliation: ReconciliationReport;
}

export const reportKeys = {
  all: ['reports'] as const,
  report: (name: ReportName, params: QueryParams) => ['reports', name, params] as const,
  trace: (params: QueryParams) => ['reports', 'trace', params] as const,
};

export const reportQuery = <N extends ReportName>(name: N, params: QueryParams) =>
  queryOptions({
    queryKey: reportKeys.report(name, params),
    queryFn: () => api.get<ReportTypes[N]>(`reports/${name}`, params),
    // Keep the figures while filters change, never another report's data.
    placeholderData: (previous, query) =>
      query?.queryKey[1] === name ? keepPreviousData(previous) : undefined,
  });

export const traceQuery = (params: QueryParams) =>
  queryOptions({
    queryKey: reportKeys.trace(params),
    queryFn: () => api.get<Trace>('reports/trace', params),
  });

/** Downloads a report as xlsx or PDF through the authenticated client (all rows, same filters). */
export async function downloadReport(
  name: ReportName,
  params: QueryParams,
  format: 'xlsx' | 'pdf',
  filename: string,
) {
  const blob = await api.get<Blob>(`reports/${name}/export`, { ...params, format }, { responseType: 'blob' });
  saveBlob(blob, filename);
}

/** Adopts the provision proposal as the provision of the company and year (bookings use it). */
export function useAdoptProvision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProvisionAdopt) => api.post<Provision>('reports/provision/adopt', body),
    onSuccess: (_p, body) => {
      void client.invalidateQueries({ queryKey: ['bookings', 'provisions', body.company_id] });
      void client.invalidateQueries({ queryKey: reportKeys.all });
    },
  });
}
