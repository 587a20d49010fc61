import type { ImportBatchDetail, ImportBatchList, ImportReprocessResult } from '@gewst/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from './client';
import { saveBlob } from './service';

export interface ImportsParams {
  page: number;
  per_page: number;
  source?: string | undefined;
  result?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export const importKeys = {
  all: ['imports'] as const,
  list: (params: ImportsParams) => ['imports', 'list', { ...params }] as const,
  detail: (id: number) => ['imports', 'detail', id] as const,
};

export const importsQuery = (params: ImportsParams) =>
  queryOptions({
    queryKey: importKeys.list(params),
    queryFn: () => api.get<ImportBatchList>('imports', { ...params }),
    placeholderData: keepPreviousData,
  });

export const importBatchQuery = (id: number) =>
  queryOptions({
    queryKey: importKeys.detail(id),
    queryFn: () => api.get<ImportBatchDetail>(`imports/${id}`),
  });

export const reprocessImportBatch = (id: number) =>
  api.post<ImportReprocessResult>(`imports/${id}/reprocess`);

/** The original file of a batch's file (download_path is /api/imports/{id}/files/{file_id}). */
export async function downloadImportFile(downloadPath: string, filename: string) {
  const blob = await api.get<Blob>(downloadPath.replace(/^\/api\//, ''), undefined, { responseType: 'blob' });
  saveBlob(blob, filename);
}
