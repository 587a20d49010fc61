import type {
  ImportPreview,
  MasterData,
  MasterDataInput,
  MasterDataListItem,
  MasterDataRate,
  Municipality,
  PageMeta,
  RateConflict,
  RateImportReport,
} from '@gewst/domain';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getAccessToken } from '../auth/userManager';
import { reportError } from '../monitoring/sentry';
import { api } from './client';
import { ApiError } from './errors';
import { joinUrl, type QueryParams, resolveApiBase } from './url';

const API_BASE = resolveApiBase(import.meta.env.VITE_API_BASE_URL);

export const masterDataKeys = {
  all: ['master-data'] as const,
  list: (companyId: number, params: QueryParams) => ['master-data', 'list', companyId, params] as const,
  detail: (id: number) => ['master-data', 'detail', id] as const,
  conflicts: (companyId: number, page: number) => ['master-data', 'conflicts', companyId, page] as const,
  municipalities: (search: string) => ['municipalities', 'search', search] as const,
};

export const masterDataListQuery = (companyId: number, params: QueryParams) =>
  queryOptions({
    queryKey: masterDataKeys.list(companyId, params),
    queryFn: () =>
      api.get<{ data: MasterDataListItem[]; meta: PageMeta }>(`companies/${companyId}/masterData`, params),
    placeholderData: keepPreviousData,
  });

export const masterDataQuery = (id: number) =>
  queryOptions({
    queryKey: masterDataKeys.detail(id),
    queryFn: () => api.get<MasterData>(`masterData/${id}`),
  });

export const conflictsQuery = (companyId: number, page: number) =>
  queryOptions({
    queryKey: masterDataKeys.conflicts(companyId, page),
    queryFn: () =>
      api.get<{ data: RateConflict[]; meta: PageMeta }>(
        `companies/${companyId}/masterData/conflictingMunicipalityRates`,
        { page },
      ),
    placeholderData: keepPreviousData,
  });

export const municipalitySearchQuery = (search: string) =>
  queryOptions({
    queryKey: masterDataKeys.municipalities(search),
    queryFn: ({ signal }) => api.get<Municipality[]>('municipalities', { search, limit: 20 }, { signal }),
    staleTime: 5 * 60_000,
  });

export function useSaveMasterData() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      companyId,
      input,
    }: {
      id: number | null;
      companyId: number;
      input: MasterDataInput;
    }) =>
      id == null
        ? api.post<MasterData>(`companies/${companyId}/masterData`, input)
        : api.put<MasterData>(`masterData/${id}`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: masterDataKeys.all }),
  });
}

export function useDeleteMasterData() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`masterData/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: masterDataKeys.all }),
  });
}

export function useSetRate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      year,
      hebesatz,
      note,
    }: {
      id: number;
      year: number;
      hebesatz: number;
      note: string;
    }) => api.put<MasterDataRate[]>(`masterData/${id}/rates/${year}`, { hebesatz, note }),
    onSuccess: () => client.invalidateQueries({ queryKey: masterDataKeys.all }),
  });
}

export function useResetRate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, year }: { id: number; year: number }) =>
      api.delete<MasterDataRate[]>(`masterData/${id}/rates/${year}`),
    onSuccess: () => client.invalidateQueries({ queryKey: masterDataKeys.all }),
  });
}

export const exportMasterData = (companyId: number) =>
  api.post<Blob>(`companies/${companyId}/masterdata/export`, undefined, { responseType: 'blob' });

export function useImportMasterData() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ companyId, file, commit }: { companyId: number; file: File; commit: boolean }) => {
      const form = new FormData();
      form.append('file', file);
      return api.post<ImportPreview>(
        `companies/${companyId}/masterdata/import/${commit ? 'commit' : 'preview'}`,
        form,
      );
    },
    onSuccess: (_data, vars) => {
      if (vars.commit) void client.invalidateQueries({ queryKey: masterDataKeys.all });
    },
  });
}

/**
 * POST /municipalities/rates/import (multipart: year + file) through XMLHttpRequest, because
 * fetch reports no upload progress. Same bearer token and error handling as the API client.
 */
export async function uploadRateTable(
  year: number,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<RateImportReport> {
  const token = await getAccessToken();
  const form = new FormData();
  form.append('year', String(year));
  form.append('file', file, file.name);
  const url = joinUrl(API_BASE, 'municipalities/rates/import');
  return new Promise<RateImportReport>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.responseType = 'text';
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(0, null));
    xhr.onload = () => {
      const body = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as RateImportReport);
      const error = new ApiError(xhr.status, body);
      reportError(error, { method: 'POST', url, status: xhr.status, body });
      console.error(`POST ${url} → ${xhr.status}`, body);
      reject(error);
    };
    xhr.send(form);
  });
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Rate table import; reference rates feed the search results and the rate conflicts. */
export function useImportRates() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ year, file, onProgress }: { year: number; file: File; onProgress: (f: number) => void }) =>
      uploadRateTable(year, file, onProgress),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['municipalities'] });
      void client.invalidateQueries({ queryKey: masterDataKeys.all });
    },
  });
}
