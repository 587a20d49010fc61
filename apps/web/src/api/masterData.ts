import type {
  ImportPreview,
  MasterData,
  MasterDataInput,
  MasterDataList,
  MasterDataRate,
  Municipality,
  RateConflictList,
  RateConflictResolution,
  RateConflictResolved,
  RateImportReport,
} from '@gewst/domain';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, upload } from './client';
import type { QueryParams } from './url';

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
    queryFn: () => api.get<MasterDataList>(`companies/${companyId}/masterData`, params),
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
      api.get<RateConflictList>(`companies/${companyId}/masterData/conflictingMunicipalityRates`, { page }),
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

/** Resolves a conflict with a confirmed notice; rates, conflicts and checks are read afresh. */
export function useResolveConflict(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RateConflictResolution) =>
      api.post<RateConflictResolved>(
        `companies/${companyId}/masterData/conflictingMunicipalityRates/resolve`,
        body,
      ),
    // also after a refusal (already resolved elsewhere, figures changed): show the current list
    onSettled: () => client.invalidateQueries({ queryKey: masterDataKeys.all }),
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

/** POST /municipalities/rates/import (multipart: year + file) with upload progress. */
export function uploadRateTable(
  year: number,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<RateImportReport> {
  const form = new FormData();
  form.append('year', String(year));
  form.append('file', file, file.name);
  return upload<RateImportReport>('municipalities/rates/import', form, { onProgress }).promise;
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
