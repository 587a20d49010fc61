export type QueryValue =
  string | number | boolean | null | undefined | readonly (string | number | boolean)[];
export type QueryParams = Record<string, QueryValue>;

export const DEFAULT_API_BASE = '/api';

/** The API base: VITE_API_BASE_URL when configured, otherwise /api on the same host (seed §7). */
export function resolveApiBase(configured: string | undefined): string {
  const base = configured?.trim() || DEFAULT_API_BASE;
  return base.endsWith('/') ? base.slice(0, -1) : base;
}

/** Joins base and path; the seed writes some paths with and some without a leading slash. */
export function joinUrl(base: string, path: string): string {
  return `${base}/${path.replace(/^\/+/, '')}`;
}

/** GET data as query parameters; empty values are left out, arrays repeat the key. */
export function toQueryString(params: QueryParams | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
