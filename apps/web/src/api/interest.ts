import type {
  DefaultInterestPeriodEntry,
  DefaultInterestPeriodInput,
  InterestCalculateResult,
  InterestRateEntry,
  InterestRateInput,
} from '@gewst/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys } from './keys';

export const defaultInterestPeriodsQuery = () =>
  queryOptions({
    queryKey: queryKeys.defaultInterestPeriods.list(),
    queryFn: () => api.get<DefaultInterestPeriodEntry[]>('default_interest_periods'),
  });

const interestRateKeys = {
  all: ['interest-rates'] as const,
  list: () => ['interest-rates', 'list'] as const,
};

export const interestRatesQuery = () =>
  queryOptions({
    queryKey: interestRateKeys.list(),
    queryFn: () => api.get<InterestRateEntry[]>('interestrates'),
  });

export interface InterestCalculateParams {
  amount: string;
  startDate: string;
  endDate: string;
  kind?: 'nachzahlung' | 'erstattung';
}

export const calculateInterest = (params: InterestCalculateParams) =>
  api.get<InterestCalculateResult>('interestrates/calculate', { ...params });

export function useSaveInterestRate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: InterestRateInput }) =>
      id == null
        ? api.post<InterestRateEntry>('interestrates', input)
        : api.put<InterestRateEntry>(`interestrates/${id}`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: interestRateKeys.all }),
  });
}

export function useDeleteInterestRate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`interestrates/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: interestRateKeys.all }),
  });
}

export function useSaveDefaultInterestPeriod() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: DefaultInterestPeriodInput }) =>
      id == null
        ? api.post<DefaultInterestPeriodEntry>('default_interest_periods', input)
        : api.put<DefaultInterestPeriodEntry>(`default_interest_periods/${id}`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.defaultInterestPeriods.all }),
  });
}

export function useDeleteDefaultInterestPeriod() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`default_interest_periods/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.defaultInterestPeriods.all }),
  });
}
