import { DEFAULT_PER_PAGE, IMPORT_RESULTS, IMPORT_SOURCES } from '@gewst/domain';
import type { ImportsParams } from '../../../api/imports';
import { logsParamsFromSearch } from '../../admin/logs/logFilters';

const oneOf = (values: readonly string[], value: string | null) =>
  value && values.includes(value) ? value : undefined;

/** The filters of Service → Importe live in the address; unknown values are dropped. */
export function importsParamsFromSearch(search: URLSearchParams): ImportsParams {
  // paging and the date range are read as on Admin → Logs
  const { page, per_page, from, to } = logsParamsFromSearch(search);
  return {
    page,
    per_page,
    source: oneOf(IMPORT_SOURCES, search.get('source')),
    result: oneOf(IMPORT_RESULTS, search.get('result')),
    from,
    to,
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
