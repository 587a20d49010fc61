import { getAccessToken, signIn, signInLoopDetected } from '../auth/userManager';
import { reportError } from '../monitoring/sentry';
import { ApiError } from './errors';
import { joinUrl, type QueryParams, resolveApiBase, toQueryString } from './url';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  signal?: AbortSignal;
  /** 'blob' for file downloads. */
  responseType?: 'json' | 'blob';
}

const API_BASE = resolveApiBase(import.meta.env.VITE_API_BASE_URL);

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

  const token = await getAccessToken();
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
    const error = new ApiError(response.status, errorBody);
    reportError(error, { method, url, status: response.status, body: errorBody });
    console.error(`${method} ${url} → ${response.status}`, errorBody);
    // A 401 right after signing in means the API refuses this provider's tokens (e.g. a
    // wrong audience): signing in again would only repeat it, so the start-up shows the error.
    if (response.status === 401 && !signInLoopDetected())
      void signIn().catch((e: unknown) => console.error(e));
    throw error;
  }

  if (response.status === 204) return undefined as T;
  if (options.responseType === 'blob') return (await response.blob()) as T;
  return (await readBody(response)) as T;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  if ((response.headers.get('Content-Type') ?? '').includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
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
