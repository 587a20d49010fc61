import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '@gewst/domain';
import type { LogsParams } from '../../../api/logs';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function positiveInt(value: string | null): number | undefined {
  if (value == null || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
}

/** Logs filters live in the address (shareable, survive reload); invalid values are dropped. */
export function logsParamsFromSearch(search: URLSearchParams): LogsParams {
  const perPage = positiveInt(search.get('per_page'));
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  return {
    page: positiveInt(search.get('page')) ?? 1,
    per_page: perPage ? Math.min(perPage, MAX_PER_PAGE) : DEFAULT_PER_PAGE,
    user_id: positiveInt(search.get('user_id')),
    entity: search.get('entity')?.trim() || undefined,
    from: ISO_DATE.test(from) ? from : undefined,
    to: ISO_DATE.test(to) ? to : undefined,
  };
}

/** Only non-default values go into the address. */
export function logsParamsToSearch(params: LogsParams): Record<string, string> {
  const out: Record<string, string> = {};
  if (params.page !== 1) out.page = String(params.page);
  if (params.per_page !== DEFAULT_PER_PAGE) out.per_page = String(params.per_page);
  if (params.user_id) out.user_id = String(params.user_id);
  if (params.entity) out.entity = params.entity;
  if (params.from) out.from = params.from;
  if (params.to) out.to = params.to;
  return out;
}

/** Pretty JSON for the before/after view. */
export function formatJson(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  try {
    return JSON.stringify(value, null, 2);
  } catch {
    return String(value);
  }
}
