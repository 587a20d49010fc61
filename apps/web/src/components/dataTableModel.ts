/**
 * The state behind the shared DataTable: paging and sorting as the API's list parameters
 * (`page` 1-based, `per_page`, `orderBy`, `orderDirection`), read from and written to the
 * address bar, and the client-side sorting and paging of lists the API answers whole.
 */

import type { PageMeta as ApiPageMeta } from '@gewst/domain';

export type SortDirection = 'asc' | 'desc';

export interface SortState {
  orderBy: string;
  orderDirection: SortDirection;
}

export interface TableParams {
  /** 1-based, as the API counts. */
  page: number;
  per_page: number;
  orderBy?: string;
  orderDirection?: SortDirection;
}

/** The part of the API's list `meta` (domain `pageMetaSchema`) the table pages by. */
export type PageMeta = Pick<ApiPageMeta, 'page' | 'per_page' | 'total'>;

export interface Paged<T> {
  data: T[];
  meta: PageMeta;
}

export interface TableDefaults {
  perPage: number;
  perPageOptions: readonly number[];
  orderBy?: string;
  orderDirection?: SortDirection;
  /** Column ids that may be sorted by; anything else in the address is ignored. */
  sortable?: readonly string[];
}

export const isPaged = <T>(data: T[] | Paged<T> | undefined): data is Paged<T> =>
  !!data && !Array.isArray(data) && Array.isArray(data.data) && typeof data.meta === 'object';

const positiveInt = (value: string | null): number | null =>
  value && /^\d{1,6}$/.test(value) && Number(value) > 0 ? Number(value) : null;

/** Table parameters from the address (`prefix` keeps two tables of one screen apart). */
export function readTableParams(search: URLSearchParams, defaults: TableDefaults, prefix = ''): TableParams {
  const perPage = positiveInt(search.get(`${prefix}per_page`));
  const orderBy = search.get(`${prefix}orderBy`);
  const direction = search.get(`${prefix}orderDirection`);
  const sortable = !orderBy || !defaults.sortable || defaults.sortable.includes(orderBy);
  const params: TableParams = {
    page: positiveInt(search.get(`${prefix}page`)) ?? 1,
    per_page: perPage && defaults.perPageOptions.includes(perPage) ? perPage : defaults.perPage,
  };
  const fromAddress = !!orderBy && sortable;
  const by = fromAddress ? orderBy : defaults.orderBy;
  if (by) {
    const fallback = by === defaults.orderBy ? (defaults.orderDirection ?? 'asc') : 'asc';
    params.orderBy = by;
    params.orderDirection = direction === 'asc' || direction === 'desc' ? direction : fallback;
  }
  return params;
}

/** Writes table parameters into a copy of the address; values equal to the defaults are left out. */
export function writeTableParams(
  search: URLSearchParams,
  params: TableParams,
  defaults: TableDefaults,
  prefix = '',
): URLSearchParams {
  const next = new URLSearchParams(search);
  const put = (key: string, value: string | undefined, fallback: string | undefined) => {
    if (value === undefined || value === fallback) next.delete(`${prefix}${key}`);
    else next.set(`${prefix}${key}`, value);
  };
  put('page', String(params.page), '1');
  put('per_page', String(params.per_page), String(defaults.perPage));
  const defaultSort = params.orderBy === defaults.orderBy;
  put('orderBy', params.orderBy, defaults.orderBy);
  put(
    'orderDirection',
    params.orderBy ? params.orderDirection : undefined,
    defaultSort ? (defaults.orderDirection ?? 'asc') : undefined,
  );
  return next;
}

/** Clicking a column header: the same column flips the direction, another one starts ascending. */
export function nextSort(current: Partial<SortState> | undefined, column: string): SortState {
  if (current?.orderBy === column)
    return { orderBy: column, orderDirection: current.orderDirection === 'asc' ? 'desc' : 'asc' };
  return { orderBy: column, orderDirection: 'asc' };
}

export type SortValue = string | number | null | undefined;

const collator = new Intl.Collator('de', { numeric: true, sensitivity: 'base' });

/** German order for texts (ä with a, numbers inside texts by value); empty values last. */
export function compareSortValues(a: SortValue, b: SortValue): number {
  const emptyA = a === null || a === undefined || a === '';
  const emptyB = b === null || b === undefined || b === '';
  if (emptyA || emptyB) return emptyA === emptyB ? 0 : emptyA ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/** Stable client-side sort; empty values stay last in both directions. */
export function sortRows<T>(
  rows: readonly T[],
  value: ((row: T) => SortValue) | undefined,
  direction: SortDirection = 'asc',
): T[] {
  if (!value) return [...rows];
  const sign = direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, key: value(row) }))
    .sort((x, y) => {
      const emptyX = x.key === null || x.key === undefined || x.key === '';
      const emptyY = y.key === null || y.key === undefined || y.key === '';
      if (emptyX !== emptyY) return emptyX ? 1 : -1;
      return sign * compareSortValues(x.key, y.key) || x.index - y.index;
    })
    .map((entry) => entry.row);
}

/** One page of a client list; a page beyond the end shows the last one. */
export function pageRows<T>(
  rows: readonly T[],
  page: number,
  perPage: number,
): { rows: T[]; meta: PageMeta } {
  const last = Math.max(1, Math.ceil(rows.length / perPage));
  const current = Math.min(Math.max(1, page), last);
  return {
    rows: rows.slice((current - 1) * perPage, current * perPage),
    meta: { page: current, per_page: perPage, total: rows.length },
  };
}

/** Fixed layout, a column without a width: the least it gets (px). */
export const MIN_FLEX_COLUMN = 120;
/** The checkbox column of a selection or the expander column (MUI `padding="checkbox"`). */
const CHECKBOX_COLUMN = 48;

/**
 * The table's layout: fixed (with the least width before it scrolls sideways inside its box)
 * when any column has a width, else the browser's automatic layout.
 */
export function tableLayout(
  columns: readonly { width?: number; minWidth?: number }[],
  extraColumns = 0,
): { tableLayout: 'fixed'; minWidth: number } | null {
  if (!columns.some((c) => c.width != null)) return null;
  const minWidth = columns.reduce((sum, c) => sum + (c.width ?? c.minWidth ?? MIN_FLEX_COLUMN), 0);
  return { tableLayout: 'fixed', minWidth: minWidth + extraColumns * CHECKBOX_COLUMN };
}
