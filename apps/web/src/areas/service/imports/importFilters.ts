import { DEFAULT_PER_PAGE, IMPORT_RESULTS, IMPORT_SOURCES, MAX_PER_PAGE } from '@gewst/domain';
import type { ImportsParams } from '../../../api/imports';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function positiveInt(value: string | null): number | undefined {
  if (value == null || !/^\d{1,6}$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
}

const oneOf = (values: readonly string[], value: string | null) =>
  value && values.includes(value) ? value : undefined;

/** The filters of Service → Importe live in the address; unknown values are dropped. */
export function importsParamsFromSearch(search: URLSearchParams): ImportsParams {
  const perPage = positiveInt(search.get('per_page'));
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  return {
    page: positiveInt(search.get('page')) ?? 1,
    per_page: perPage ? Math.min(perPage, MAX_PER_PAGE) : DEFAULT_PER_PAGE,
    source: oneOf(IMPORT_SOURCES, search.get('source')),
    result: oneOf(IMPORT_RESULTS, search.get('result')),
    from: ISO_DATE.test(from) ? from : undefined,
    to: ISO_DATE.test(to) ? to : undefined,
  };
}

/** Only set, non-default values go into the address. */
export function importsParamsToSearch(params: ImportsParams): Record<string, string> {
  const out: Record<string, string> = {};
  if (params.page !== 1) out.page = String(params.page);
  if (params.per_page !== DEFAULT_PER_PAGE) out.per_page = String(params.per_page);
  if (params.source) out.source = params.source;
  if (params.result) out.result = params.result;
  if (params.from) out.from = params.from;
  if (params.to) out.to = params.to;
  return out;
}
