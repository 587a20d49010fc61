import {
  DOCUMENT_TYPES,
  type DocumentListQuery,
  type DocumentSortField,
  type DocumentStatus,
  type DocumentType,
} from '@gewst/domain';

/** The due-date filter of the inbox: none, the server's keywords, or "due on or before a day". */
export type DueFilter = '' | 'overdue' | 'soon' | 'any' | 'until';

export interface InboxFilters {
  companyId: number;
  type: DocumentType | null;
  status: DocumentStatus | '';
  search: string;
  due: DueFilter;
  dueUntil: string;
  orderBy: DocumentSortField;
  orderDirection: 'asc' | 'desc';
  /** 0-based page of the table. */
  page: number;
  perPage: number;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** GET /documents parameters for the inbox; empty filters are left out. */
export function inboxListParams(f: InboxFilters): DocumentListQuery {
  const dueDate =
    f.due === 'until' ? (ISO_DATE.test(f.dueUntil) ? f.dueUntil : undefined) : f.due || undefined;
  const search = f.search.trim();
  return {
    company_id: f.companyId,
    page: f.page + 1,
    per_page: f.perPage,
    orderBy: f.orderBy,
    orderDirection: f.orderDirection,
    ...(f.type ? { type: f.type } : {}),
    ...(f.status ? { status: f.status } : {}),
    ...(dueDate ? { dueDate } : {}),
    ...(search ? { search } : {}),
  };
}

/** Clicking a column: the same column flips the direction, another one starts ascending. */
export function nextSort(
  current: { orderBy: DocumentSortField; orderDirection: 'asc' | 'desc' },
  field: DocumentSortField,
): { orderBy: DocumentSortField; orderDirection: 'asc' | 'desc' } {
  if (current.orderBy === field)
    return { orderBy: field, orderDirection: current.orderDirection === 'asc' ? 'desc' : 'asc' };
  return { orderBy: field, orderDirection: 'asc' };
}

/** The store's dashboard filter as a document type; anything unknown means no filter. */
export function typeFilter(value: string | null): DocumentType | null {
  return (DOCUMENT_TYPES as readonly string[]).includes(value ?? '') ? (value as DocumentType) : null;
}
