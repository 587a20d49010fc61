import type { SettingEntry } from '@gewst/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

export const settingsKeys = {
  all: ['settings'] as const,
  company: (companyId: number) => ['settings', 'company', companyId] as const,
};

export const settingsQuery = () =>
  queryOptions({ queryKey: settingsKeys.all, queryFn: () => api.get<SettingEntry[]>('settings') });

/** The per-company settings of one company (export targets, cost-centre rules). */
export const companySettingsQuery = (companyId: number) =>
  queryOptions({
    queryKey: settingsKeys.company(companyId),
    queryFn: () => api.get<SettingEntry[]>(`companies/${companyId}/settings`),
  });

/**
 * Stores (value) or resets (undefined) a setting: installation-wide, or of one company
 * when `companyId` is given.
 */
export function useSaveSetting(companyId?: number) {
  const client = useQueryClient();
  const base = companyId === undefined ? 'settings' : `companies/${companyId}/settings`;
  return useMutation({
    mutationFn: ({ key, value }: { key: string; value?: unknown }) =>
      value === undefined
        ? api.delete<SettingEntry>(`${base}/${key}`)
        : api.put<SettingEntry>(`${base}/${key}`, { value }),
    onSuccess: () =>
      client.invalidateQueries({
        queryKey: companyId === undefined ? settingsKeys.all : settingsKeys.company(companyId),
      }),
  });
}
