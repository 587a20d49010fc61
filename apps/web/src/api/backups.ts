import type { Backup, BackupDownloadLink, BackupList } from '@gewst/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiAddress } from './client';

export const backupKeys = {
  all: ['backups'] as const,
  list: () => ['backups', 'list'] as const,
};

/** The list polls every second while a backup or restore runs in the server. */
export const backupsQuery = () =>
  queryOptions({
    queryKey: backupKeys.list(),
    queryFn: () => api.get<BackupList>('backups'),
    refetchInterval: (query) => (query.state.data?.running ? 1000 : false),
  });

export function useCreateBackup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ name: string }>('backups'),
    onSuccess: () => client.invalidateQueries({ queryKey: backupKeys.all }),
  });
}

export function useRestoreBackup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ name, confirmation }: { name: string; confirmation: string }) =>
      api.post<{ name: string }>(`backups/${encodeURIComponent(name)}/restore`, { confirmation }),
    onSuccess: () => client.invalidateQueries({ queryKey: backupKeys.all }),
  });
}

export function useDeleteBackup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.delete(`backups/${encodeURIComponent(name)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: backupKeys.all }),
  });
}

/**
 * Downloads an archive through a short-lived signed link, so the browser streams it to
 * disk (archives can be gigabytes) instead of holding it in memory.
 */
export async function downloadBackup(name: string): Promise<void> {
  const link = await api.post<BackupDownloadLink>(`backups/${encodeURIComponent(name)}/link`);
  const a = document.createElement('a');
  a.href = apiAddress(link.url.replace(/^\/api\//, ''));
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
}

/** POST /backups/upload (multipart, field "file"); the archive then appears in the list. */
export function useUploadBackup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api.post<Backup>('backups/upload', form);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: backupKeys.all }),
  });
}
