import type { ProcessingStatus } from '@gewst/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from './client';

export const serviceKeys = {
  all: ['service'] as const,
  processingStatus: (year: number, type: string | null) =>
    ['service', 'processing-status', { year, type }] as const,
};

const params = (year: number, type: string | null) => (type ? { year, type } : { year });

export const processingStatusQuery = (year: number, type: string | null) =>
  queryOptions({
    queryKey: serviceKeys.processingStatus(year, type),
    queryFn: () => api.get<ProcessingStatus>('service/processing-status', params(year, type)),
    placeholderData: keepPreviousData,
  });

/** Saves a blob the browser received as a download with the given file name. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export async function downloadProcessingStatus(year: number, type: string | null) {
  const blob = await api.get<Blob>('service/processing-status/export', params(year, type), {
    responseType: 'blob',
  });
  saveBlob(blob, `Stand-der-Bearbeitung-${year}.xlsx`);
}
