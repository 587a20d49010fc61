import type { SettingEntry } from '@gewst/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

export const settingsKeys = { all: ['settings'] as const };

export const settingsQuery = () =>
  queryOptions({ queryKey: settingsKeys.all, queryFn: () => api.get<SettingEntry[]>('settings') });

/** Stores (value) or resets (undefined) an installation-wide setting. */
export function useSaveSetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ key, value }: { key: string; value?: unknown }) =>
      value === undefined
        ? api.delete<SettingEntry>(`settings/${key}`)
        : api.put<SettingEntry>(`settings/${key}`, { value }),
    onSuccess: () => client.invalidateQueries({ queryKey: settingsKeys.all }),
  });
}
