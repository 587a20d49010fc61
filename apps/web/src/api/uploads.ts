import type { UploadFileResult, UploadResult } from '@gewst/domain';
import { getAccessToken } from '../auth/userManager';
import { reportError } from '../monitoring/sentry';
import { ApiError } from './errors';
import { joinUrl, resolveApiBase } from './url';

const API_BASE = resolveApiBase(import.meta.env.VITE_API_BASE_URL);

export interface UploadHandle {
  promise: Promise<UploadFileResult[]>;
  abort(): void;
}

/**
 * POST /documents (multipart: company_id + files) through XMLHttpRequest, because fetch
 * reports no upload progress. Same bearer token as the API client. A 413/415 answer whose
 * body still lists per-file results (every file refused) resolves with those results.
 */
export function uploadDocuments(
  companyId: number,
  files: readonly File[],
  onProgress: (fraction: number) => void,
): UploadHandle {
  const xhr = new XMLHttpRequest();
  const promise = (async () => {
    const token = await getAccessToken();
    const form = new FormData();
    form.append('company_id', String(companyId));
    for (const file of files) form.append('files', file, file.name);
    const url = joinUrl(API_BASE, 'documents');
    return new Promise<UploadFileResult[]>((resolve, reject) => {
      xhr.open('POST', url);
      xhr.responseType = 'text';
      xhr.setRequestHeader('Accept', 'application/json');
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
      };
      xhr.onerror = () => reject(new ApiError(0, null));
      xhr.onabort = () => reject(new DOMException('Upload abgebrochen', 'AbortError'));
      xhr.onload = () => {
        const body = parseJson(xhr.responseText);
        const results = resultsOf(body);
        if (xhr.status >= 200 && xhr.status < 300 && results) return resolve(results);
        if ((xhr.status === 413 || xhr.status === 415) && results) return resolve(results);
        const error = new ApiError(xhr.status, body);
        reportError(error, { method: 'POST', url, status: xhr.status, body });
        console.error(`POST ${url} → ${xhr.status}`, body);
        reject(error);
      };
      xhr.send(form);
    });
  })();
  return { promise, abort: () => xhr.abort() };
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function resultsOf(body: unknown): UploadFileResult[] | null {
  const results = (body as Partial<UploadResult> | null)?.results;
  return Array.isArray(results) ? results : null;
}
