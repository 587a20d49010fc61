import {
  DEFAULT_PER_PAGE,
  MAX_PER_PAGE,
  UPLOAD_STATUS_LABELS,
  type UploadAuditEntry,
  type UploadStatus,
  type UserRef,
} from '@gewst/domain';

/** The two views of Admin → Dokumente. */
export type AdminDocumentsView = 'uploads' | 'deleted';

export interface AdminDocumentsParams {
  view: AdminDocumentsView;
  page: number;
  per_page: number;
}

/** Value of `ansicht` in the address for the deleted documents (the upload trail is the default). */
export const DELETED_VIEW = 'geloescht';

function positiveInt(value: string | null): number | undefined {
  if (value == null || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
}

/** View and page live in the address (shareable, survive reload); invalid values are dropped. */
export function adminDocumentsParamsFromSearch(search: URLSearchParams): AdminDocumentsParams {
  const perPage = positiveInt(search.get('per_page'));
  return {
    view: search.get('ansicht') === DELETED_VIEW ? 'deleted' : 'uploads',
    page: positiveInt(search.get('page')) ?? 1,
    per_page: perPage ? Math.min(perPage, MAX_PER_PAGE) : DEFAULT_PER_PAGE,
  };
}

/** Only non-default values go into the address. */
export function adminDocumentsParamsToSearch(params: AdminDocumentsParams): Record<string, string> {
  const out: Record<string, string> = {};
  if (params.view === 'deleted') out.ansicht = DELETED_VIEW;
  if (params.page !== 1) out.page = String(params.page);
  if (params.per_page !== DEFAULT_PER_PAGE) out.per_page = String(params.per_page);
  return out;
}

/** "gespeichert", "Duplikat – …", "abgelehnt – Die Datei ist keine PDF-Datei." */
export function uploadResultText(entry: Pick<UploadAuditEntry, 'status' | 'reason'>): string {
  const label = UPLOAD_STATUS_LABELS[entry.status];
  const reason = entry.reason?.trim();
  return reason ? `${label} – ${reason}` : label;
}

export const UPLOAD_STATUS_COLORS: Record<UploadStatus, 'success' | 'info' | 'error'> = {
  stored: 'success',
  duplicate: 'info',
  refused: 'error',
};

const sizeFormat = (digits: number) =>
  new Intl.NumberFormat('de-DE', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** File size in German notation: "512 Byte", "1,5 KB", "12,3 MB" (1 KB = 1024 Byte). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '–';
  if (bytes < 1024) return `${sizeFormat(0).format(bytes)} Byte`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${sizeFormat(value < 10 ? 1 : 0).format(value)} ${units[unit]}`;
}

/**
 * The page to show after a row left the list (e.g. restored): stays on the page unless it was
 * the only row of the last page, then one page back.
 */
export function pageAfterRemoval(page: number, rowsOnPage: number): number {
  return rowsOnPage <= 1 && page > 1 ? page - 1 : page;
}

/** "username (Name)" of the one who did something, or null when unknown. */
export const userName = (user: UserRef | null | undefined): string | null =>
  user
    ? user.name && user.name !== user.username
      ? `${user.username} (${user.name})`
      : user.username
    : null;

/** Page sizes of the two tables of Admin → Dokumente. */
export const ADMIN_DOCUMENTS_PAGE_SIZES = [25, 50, 100, 200] as const;

/** Paging of a table of Admin → Dokumente (kept in the address by the page). */
export interface AdminDocumentsTableProps {
  page: number;
  perPage: number;
  onPage: (page: number, perPage: number) => void;
}
