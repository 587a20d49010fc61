import { getAccessToken, signIn, signInLoopDetected } from '../auth/userManager';
import { reportError } from '../monitoring/sentry';
import { ApiError } from './errors';
import { joinUrl, type QueryParams, resolveApiBase, toQueryString } from './url';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  signal?: AbortSignal;
  /** 'blob' for file downloads. */
  responseType?: 'json' | 'blob';
  /** Public requests made before sign-in (the app configuration): no token, no new sign-in on 401. */
  anonymous?: boolean;
}

const API_BASE = resolveApiBase(import.meta.env.VITE_API_BASE_URL);

/**
 * The full address of an API path, for the few requests the browser itself makes
 * (a signed download link it streams to disk).
 */
export const apiAddress = (path: string) => joinUrl(API_BASE, path);

/**
 * The one way to talk to the API (seed §7/§8): bearer token (renewed first when it has
 * under 30 s left), GET data as query parameters, other data as JSON body (multipart for
 * FormData); failures are reported, logged and thrown as ApiError.
 */
export async function request<T>(
  method: HttpMethod,
  path: string,
  data?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  let url = joinUrl(API_BASE, path);
  const headers = new Headers({ Accept: 'application/json' });
  let body: BodyInit | undefined;

  if (method === 'GET') {
    url += toQueryString(data as QueryParams | undefined);
  } else if (data instanceof FormData) {
    body = data; // the browser sets the multipart boundary
  } else if (data !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(data);
  }

  const token = options.anonymous ? null : await getAccessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let response: Response;
  try {
    response = await fetch(url, { method, headers, body, signal: options.signal });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    const error = new ApiError(0, null);
    console.error(`${method} ${url} fehlgeschlagen`, cause);
    throw error;
  }

  if (!response.ok) {
    const errorBody = await readBody(response);
    throw failed(method, url, response.status, errorBody, !options.anonymous);
  }

  if (response.status === 204) return undefined as T;
  if (options.responseType === 'blob') return (await response.blob()) as T;
  return (await readBody(response)) as T;
}

/** A refused request: reported, logged, and a new sign-in on 401 (unless it would loop). */
function failed(
  method: HttpMethod,
  url: string,
  status: number,
  body: unknown,
  signInOn401 = true,
): ApiError {
  const error = new ApiError(status, body);
  reportError(error, { method, url, status, body });
  console.error(`${method} ${url} → ${status}`, body);
  // A 401 right after signing in means the API refuses this provider's tokens (e.g. a
  // wrong audience): signing in again would only repeat it, so the start-up shows the error.
  if (status === 401 && signInOn401 && !signInLoopDetected())
    void signIn().catch((e: unknown) => console.error(e));
  return error;
}

function parseText(text: string, json: boolean): unknown {
  if (!text) return null;
  if (!json) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function readBody(response: Response): Promise<unknown> {
  return parseText(await response.text(), (response.headers.get('Content-Type') ?? '').includes('json'));
}

export interface UploadHandle<T> {
  promise: Promise<T>;
  abort(): void;
}

export interface UploadOptions<T> {
  /** Share of the request body sent so far (0…1). */
  onProgress?: (fraction: number) => void;
  /**
   * An answer that is not 2xx but still a result for the caller (e.g. per-file refusals);
   * returns the result, or null to treat the answer as an error.
   */
  acceptRefusal?: (status: number, body: unknown) => T | null;
}

/**
 * A multipart POST with upload progress (fetch reports none, so this one request goes
 * through XMLHttpRequest): same base address, bearer token and error handling as `request`.
 */
export function upload<T>(path: string, form: FormData, options: UploadOptions<T> = {}): UploadHandle<T> {
  const xhr = new XMLHttpRequest();
  const url = joinUrl(API_BASE, path);
  const promise = (async () => {
    const token = await getAccessToken();
    return new Promise<T>((resolve, reject) => {
      xhr.open('POST', url);
      xhr.responseType = 'text';
      xhr.setRequestHeader('Accept', 'application/json');
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) options.onProgress?.(e.loaded / e.total);
      };
      xhr.onerror = () => reject(new ApiError(0, null));
      xhr.onabort = () => reject(new DOMException('Upload abgebrochen', 'AbortError'));
      xhr.onload = () => {
        const body = parseText(xhr.responseText, true);
        if (xhr.status >= 200 && xhr.status < 300) return resolve(body as T);
        const accepted = options.acceptRefusal?.(xhr.status, body) ?? null;
        if (accepted !== null) return resolve(accepted);
        reject(failed('POST', url, xhr.status, body));
      };
      xhr.send(form);
    });
  })();
  return { promise, abort: () => xhr.abort() };
}

/**
 * A POST that must still leave while the page unloads (`pagehide`): sent with `keepalive`,
 * not awaited, so it takes the token the caller already holds.
 */
export function sendOnExit(path: string, token: string | null): void {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  void fetch(joinUrl(API_BASE, path), { method: 'POST', headers, keepalive: true }).catch(() => undefined);
}

export const api = {
  get: <T>(path: string, params?: QueryParams, options?: RequestOptions) =>
    request<T>('GET', path, params, options),
  post: <T>(path: string, data?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, data, options),
  put: <T>(path: string, data?: unknown, options?: RequestOptions) => request<T>('PUT', path, data, options),
  patch: <T>(path: string, data?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, data, options),
  delete: <T = void>(path: string, data?: unknown, options?: RequestOptions) =>
    request<T>('DELETE', path, data, options),
};
