import {
  DOCUMENT_SORT_FIELDS,
  DOCUMENT_STATUSES,
  DOCUMENT_TYPES,
  type DocumentListQuery,
  type DocumentStatus,
  type DocumentType,
} from '@gewst/domain';
import type { TableDefaults, TableParams } from '../../components/dataTableModel';

/** The due-date filter of the inbox: none, the server's keywords, or "due on or before a day". */
export type DueFilter = '' | 'overdue' | 'soon' | 'any' | 'until';
const DUE_FILTERS: readonly DueFilter[] = ['overdue', 'soon', 'any', 'until'];

/** The inbox filters besides paging and sorting (those are the shared table's parameters). */
export interface InboxFilters {
  type: DocumentType | null;
  status: DocumentStatus | '';
  search: string;
  due: DueFilter;
  dueUntil: string;
}

/** Paging and sorting of the inbox in the address (`page`, `per_page`, `orderBy`, `orderDirection`). */
export const INBOX_TABLE: TableDefaults = {
  perPage: 25,
  perPageOptions: [25, 50, 100],
  orderBy: 'created_at',
  orderDirection: 'desc',
  sortable: DOCUMENT_SORT_FIELDS.filter((f) => f !== 'deleted_at'),
};

/** Address keys of the inbox filters (`/?typ=…&status=…&suche=…&faellig=…&bis=…`). */
export const INBOX_KEYS = {
  type: 'typ',
  status: 'status',
  search: 'suche',
  due: 'faellig',
  dueUntil: 'bis',
} as const satisfies Record<keyof InboxFilters, string>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : null;

/** The inbox filters from the address; anything unknown means no filter. */
export function readInboxFilters(search: URLSearchParams): InboxFilters {
  const due = oneOf(DUE_FILTERS, search.get(INBOX_KEYS.due)) ?? '';
  const dueUntil = search.get(INBOX_KEYS.dueUntil) ?? '';
  return {
    type: typeFilter(search.get(INBOX_KEYS.type)),
    status: oneOf(DOCUMENT_STATUSES, search.get(INBOX_KEYS.status)) ?? '',
    search: search.get(INBOX_KEYS.search)?.trim() ?? '',
    due,
    dueUntil: due === 'until' && ISO_DATE.test(dueUntil) ? dueUntil : '',
  };
}

/**
 * One inbox filter set (or cleared, with '' / null) in a copy of the address; the table goes
 * back to page 1. Choosing "until" keeps the day; any other due filter drops it.
 */
export function writeInboxFilter(
  search: URLSearchParams,
  key: keyof InboxFilters,
  value: string | null,
): URLSearchParams {
  const next = new URLSearchParams(search);
  if (value) next.set(INBOX_KEYS[key], value);
  else next.delete(INBOX_KEYS[key]);
  if (key === 'due' && value !== 'until') next.delete(INBOX_KEYS.dueUntil);
  next.delete('page');
  return next;
}

/** GET /documents parameters for the inbox; empty filters are left out. */
export function inboxListParams(companyId: number, f: InboxFilters, table: TableParams): DocumentListQuery {
  const dueDate =
    f.due === 'until' ? (ISO_DATE.test(f.dueUntil) ? f.dueUntil : undefined) : f.due || undefined;
  const search = f.search.trim();
  return {
    company_id: companyId,
    page: table.page,
    per_page: table.per_page,
    orderBy: (table.orderBy ?? 'created_at') as DocumentListQuery['orderBy'],
    orderDirection: table.orderDirection ?? 'desc',
    ...(f.type ? { type: f.type } : {}),
    ...(f.status ? { status: f.status } : {}),
    ...(dueDate ? { dueDate } : {}),
    ...(search ? { search } : {}),
  };
}

/** A type filter value as a document type; anything unknown means no filter. */
export function typeFilter(value: string | null): DocumentType | null {
  return oneOf(DOCUMENT_TYPES, value);
}

/** A year as typed so far ("0002", "0020", "0203" on the way to "2031") is no day yet. */
export const isCompleteDay = (iso: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(iso) && Number(iso.slice(0, 4)) >= 1900;
