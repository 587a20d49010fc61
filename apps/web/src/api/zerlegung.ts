import type {
  ZerlegungDetail,
  ZerlegungListItem,
  ZerlegungPrefill,
  ZerlegungSaveInput,
  ZerlegungWageImportResult,
} from '@gewst/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

export const zerlegungKeys = {
  all: ['zerlegungen'] as const,
  list: (params: { company_id?: number; year?: number }) => ['zerlegungen', 'list', params] as const,
  detail: (id: number, version?: number) => ['zerlegungen', 'detail', id, version ?? 'current'] as const,
};

export const zerlegungenQuery = (params: { company_id?: number; year?: number }) =>
  queryOptions({
    queryKey: zerlegungKeys.list(params),
    queryFn: () => api.get<ZerlegungListItem[]>('zerlegungen', params),
  });

export const zerlegungQuery = (id: number, version?: number) =>
  queryOptions({
    queryKey: zerlegungKeys.detail(id, version),
    queryFn: () => api.get<ZerlegungDetail>(`zerlegungen/${id}`, version ? { version } : undefined),
  });

export const fetchPrefill = (companyId: number, year: number) =>
  api.get<ZerlegungPrefill>('zerlegungen/prefill', { company_id: companyId, year });

export async function importWagesXlsx(file: File): Promise<ZerlegungWageImportResult> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return api.post<ZerlegungWageImportResult>('zerlegungen/wage-import', {
    filename: file.name,
    content_base64: btoa(binary),
  });
}

export function useSaveZerlegung() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: ZerlegungSaveInput }) =>
      id == null
        ? api.post<ZerlegungDetail>('zerlegungen', input)
        : api.put<ZerlegungDetail>(`zerlegungen/${id}`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: zerlegungKeys.all }),
  });
}

export function useDeleteZerlegung() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`zerlegungen/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: zerlegungKeys.all }),
  });
}

/** Downloads an export (xlsx or pdf) through the authenticated client and saves it. */
export async function downloadZerlegung(detail: ZerlegungDetail, kind: 'xlsx' | 'pdf') {
  const blob = await api.get<Blob>(
    `zerlegungen/${detail.id}/${kind}`,
    { version: detail.version },
    { responseType: 'blob' },
  );
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `Zerlegung-${detail.company_name}-${detail.year}-v${detail.version}.${kind}`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
