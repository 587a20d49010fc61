import type { PaymentDetail, PaymentDue, PaymentLineInput, PaymentList, PaymentYear } from '@gewst/domain';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import type { QueryParams } from './url';

export const paymentKeys = {
  all: ['payments'] as const,
  list: (params: QueryParams) => ['payments', 'list', params] as const,
  detail: (id: number, year: number) => ['payments', 'detail', id, year] as const,
  due: (companyId: number) => ['payments', 'due', companyId] as const,
  years: () => ['payments', 'years'] as const,
};

export const paymentListQuery = (params: QueryParams) =>
  queryOptions({
    queryKey: paymentKeys.list(params),
    queryFn: () => api.get<PaymentList>('payments', params),
    placeholderData: keepPreviousData,
  });

export const paymentDetailQuery = (id: number, year: number) =>
  queryOptions({
    queryKey: paymentKeys.detail(id, year),
    queryFn: () => api.get<PaymentDetail>(`payments/${id}/${year}`),
  });

export const paymentDueQuery = (companyId: number) =>
  queryOptions({
    queryKey: paymentKeys.due(companyId),
    queryFn: () => api.get<PaymentDue>('payments/due', { company_id: companyId }),
  });

export const paymentYearsQuery = () =>
  queryOptions({ queryKey: paymentKeys.years(), queryFn: () => api.get<PaymentYear[]>('payment-years') });

/** Every change answers with the new detail; all payment queries are refreshed. */
export function usePaymentMutation<V>(fn: (v: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: paymentKeys.all }),
  });
}

export const paymentApi = {
  addLine: (id: number, year: number, input: PaymentLineInput) =>
    api.post<PaymentDetail>(`payments/${id}/${year}/lines`, input),
  setStatus: (lineId: number, status: 'offen' | 'angewiesen' | 'bezahlt', date: string | null) =>
    api.post<PaymentDetail>(`payment-lines/${lineId}/status`, { status, date }),
  correct: (lineId: number, betrag: string, faellig_am: string | null, reason: string) =>
    api.post<PaymentDetail>(`payment-lines/${lineId}/correct`, { betrag, faellig_am, reason }),
  cancel: (lineId: number, reason: string) =>
    api.post<PaymentDetail>(`payment-lines/${lineId}/cancel`, { reason }),
  setYear: (year: number, closed: boolean, confirm: boolean) =>
    api.put<PaymentYear>(`payment-years/${year}`, { closed, confirm }),
};

/** Downloads the list as xlsx through the authenticated client. */
export async function downloadPayments(params: QueryParams) {
  const blob = await api.get<Blob>('payments/export', params, { responseType: 'blob' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = 'Zahlungsdaten.xlsx';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
