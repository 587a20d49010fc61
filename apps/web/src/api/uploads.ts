import type { UploadFileResult, UploadResult } from '@gewst/domain';
import { upload, type UploadHandle } from './client';

/**
 * POST /documents (multipart: company_id + files) with upload progress. A 413/415 answer
 * whose body still lists per-file results (every file refused) resolves with those results.
 */
export function uploadDocuments(
  companyId: number,
  files: readonly File[],
  onProgress: (fraction: number) => void,
): UploadHandle<UploadFileResult[]> {
  const form = new FormData();
  form.append('company_id', String(companyId));
  for (const file of files) form.append('files', file, file.name);
  const handle = upload<UploadResult>('documents', form, {
    onProgress,
    acceptRefusal: (status, body) =>
      (status === 413 || status === 415) && resultsOf(body) ? (body as UploadResult) : null,
  });
  return {
    promise: handle.promise.then((body) => {
      const results = resultsOf(body);
      if (!results) throw new TypeError('Unerwartete Antwort auf das Hochladen.');
      return results;
    }),
    abort: handle.abort,
  };
}

function resultsOf(body: unknown): UploadFileResult[] | null {
  const results = (body as Partial<UploadResult> | null)?.results;
  return Array.isArray(results) ? results : null;
}
