import type {
  ConfirmationPreview,
  DocumentConfirm,
  DocumentDetail,
  DocumentList,
  DocumentListQuery,
  DocumentLock,
  DocumentReprocess,
  DocumentStats,
  DocumentUnconfirm,
  DocumentUpdate,
  ExtractionQuery,
  ExtractionText,
  PageQuery,
  UploadAuditList,
} from '@gewst/domain';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { ApiError } from './errors';
import type { QueryParams } from './url';

export const documentKeys = {
  all: ['documents'] as const,
  list: (params: QueryParams) => ['documents', 'list', params] as const,
  stats: (companyId: number) => ['documents', 'stats', companyId] as const,
  detail: (id: number) => ['documents', 'detail', id] as const,
  file: (path: string) => ['documents', 'file', path] as const,
  confirmation: (id: number, override: boolean) => ['documents', 'confirmation', id, override] as const,
  uploadAudit: (params: QueryParams) => ['documents', 'uploadAudit', params] as const,
};

/** Statuses that are still moving on the server: lists and details poll while they show one. */
export const PROCESSING_STATUSES = ['neu', 'in_verarbeitung'] as const;
const isProcessing = (status: string) => (PROCESSING_STATUSES as readonly string[]).includes(status);
const POLL_MS = 2_000;

export const documentListQuery = (params: DocumentListQuery) =>
  queryOptions({
    queryKey: documentKeys.list(params as QueryParams),
    queryFn: ({ signal }) => api.get<DocumentList>('documents', params as QueryParams, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.data.some((d) => isProcessing(d.status)) ? POLL_MS : false,
  });

export const documentStatsQuery = (companyId: number) =>
  queryOptions({
    queryKey: documentKeys.stats(companyId),
    queryFn: ({ signal }) => api.get<DocumentStats>('documents/stats', { company_id: companyId }, { signal }),
    refetchInterval: (query) =>
      (query.state.data?.by_status.neu ?? 0) + (query.state.data?.by_status.in_verarbeitung ?? 0) > 0
        ? POLL_MS
        : false,
  });

export const documentQuery = (id: number) =>
  queryOptions({
    queryKey: documentKeys.detail(id),
    queryFn: ({ signal }) => api.get<DocumentDetail>(`documents/${id}`, undefined, { signal }),
    refetchInterval: (query) => (query.state.data && isProcessing(query.state.data.status) ? POLL_MS : false),
  });

/**
 * The API hands out download addresses with the API prefix ("/api/documents/getFile?path=…");
 * the client adds its own base, so the prefix is cut off here.
 */
export function apiRelative(address: string): string {
  return address.replace(/^(https?:\/\/[^/]+)?\/api\//, '');
}

export const documentFileQuery = (address: string) =>
  queryOptions({
    queryKey: documentKeys.file(address),
    queryFn: async ({ signal }) => {
      const blob = await api.get<Blob>(apiRelative(address), undefined, { signal, responseType: 'blob' });
      return new Uint8Array(await blob.arrayBuffer());
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
  });

export const extractText = (query: ExtractionQuery, signal?: AbortSignal) =>
  api.get<ExtractionText>('extractions/api', query as unknown as QueryParams, { signal });

/** Keeps (or takes) the lock; a 423 means another user holds it: its lock is returned then. */
export async function keepLocking(id: number): Promise<DocumentLock> {
  try {
    return await api.post<DocumentLock>(`documents/${id}/keepLocking`);
  } catch (error) {
    const lock = lockFromError(error);
    if (lock) return lock;
    throw error;
  }
}

export const releaseLock = (id: number) => api.post<DocumentLock>(`documents/${id}/releaseLock`);

/** The lock in a 423 answer ({ error, code: 'DOCUMENT_LOCKED', lock }), if this is one. */
export function lockFromError(error: unknown): DocumentLock | null {
  if (!(error instanceof ApiError) || error.status !== 423) return null;
  const body = error.body as { lock?: DocumentLock } | null;
  return body?.lock ?? { locked_by: null, expires_at: null, mine: false };
}

/** A change of the document; `payments: true` when it changes payment data too (confirm, withdraw). */
function useDocumentMutation<V>(
  mutationFn: (vars: V) => Promise<DocumentDetail>,
  { payments = false }: { payments?: boolean } = {},
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (doc) => {
      client.setQueryData(documentKeys.detail(doc.id), doc);
      void client.invalidateQueries({ queryKey: ['documents', 'list'] });
      void client.invalidateQueries({ queryKey: ['documents', 'stats'] });
      if (payments) void client.invalidateQueries({ queryKey: ['payments'] });
    },
  });
}

export const useUpdateDocument = (id: number) =>
  useDocumentMutation((update: DocumentUpdate) => api.put<DocumentDetail>(`documents/${id}`, update));

/** What "Prüfung abschließen" would create (lines, superseded lines, checks, Abrechnung). */
export const confirmationQuery = (id: number, override: boolean) =>
  queryOptions({
    queryKey: documentKeys.confirmation(id, override),
    queryFn: ({ signal }) =>
      api.get<ConfirmationPreview>(
        `documents/${id}/confirmation`,
        override ? { override: 'true' } : undefined,
        {
          signal,
        },
      ),
    staleTime: 0,
    gcTime: 0,
  });

export const useConfirmDocument = (id: number) =>
  useDocumentMutation(
    (body: DocumentConfirm = null) => api.post<DocumentDetail>(`documents/${id}/confirm`, body ?? undefined),
    { payments: true },
  );

/** keep_corrections: false drops the user's corrections; a type the user set is kept either way. */
export const useReprocessDocument = (id: number) =>
  useDocumentMutation((body: DocumentReprocess = null) =>
    api.post<DocumentDetail>(`documents/${id}/reprocess`, body ?? undefined),
  );

/** "Bestätigung zurücknehmen": the payment data change with it. */
export const useUnconfirmDocument = (id: number) =>
  useDocumentMutation(
    (body: DocumentUnconfirm) => api.post<DocumentDetail>(`documents/${id}/unconfirm`, body),
    { payments: true },
  );

export const useDeleteDocument = (id: number) =>
  useDocumentMutation(() => api.delete<DocumentDetail>(`documents/${id}`));

/** Uploads the annotated PDF as a new version; the original stays. */
export const useSaveVersion = (id: number) =>
  useDocumentMutation((pdf: Uint8Array) => {
    const form = new FormData();
    form.append('file', new Blob([pdf as BlobPart], { type: 'application/pdf' }), 'annotiert.pdf');
    return api.post<DocumentDetail>(`documents/${id}/versions`, form);
  });

// ---------------------------------------------------------------- admin: upload audit trail, deleted documents

/** Admin: GET /uploadAuditTrail (newest first, paged). */
export const uploadAuditQuery = (params: PageQuery) =>
  queryOptions({
    queryKey: documentKeys.uploadAudit(params as unknown as QueryParams),
    queryFn: ({ signal }) =>
      api.get<UploadAuditList>('uploadAuditTrail', params as unknown as QueryParams, { signal }),
    placeholderData: keepPreviousData,
  });

/** Admin: the soft-deleted documents of a company, the latest deletion first. */
export const deletedDocumentsQuery = (companyId: number, page: PageQuery) =>
  documentListQuery({
    company_id: companyId,
    deleted: true,
    orderBy: 'deleted_at',
    orderDirection: 'desc',
    page: page.page,
    per_page: page.per_page,
  });

/** Appends download=true (attachment header) to a getFile address that already carries ?path=…. */
export const withDownload = (address: string) =>
  /[?&]download=/.test(address) ? address : `${address}${address.includes('?') ? '&' : '?'}download=true`;

/** Fetches a stored file through the authenticated client and saves it under `filename`. */
export async function downloadStoredFile(address: string, filename: string): Promise<void> {
  const blob = await api.get<Blob>(withDownload(apiRelative(address)), undefined, { responseType: 'blob' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Admin: restores a soft-deleted document (POST /documents/{id}/restore). */
export function useRestoreDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<DocumentDetail>(`documents/${id}/restore`),
    onSuccess: (doc) => {
      client.setQueryData(documentKeys.detail(doc.id), doc);
      void client.invalidateQueries({ queryKey: ['documents', 'list'] });
      void client.invalidateQueries({ queryKey: ['documents', 'stats'] });
    },
  });
}
