import type {
  DocumentCheck,
  DocumentDetail,
  DocumentFields,
  DocumentListItem,
  DocumentLock,
  DocumentStatus,
  DocumentType,
  MasterData,
  MasterDataMatch,
  ProcessingProgress,
  ProcessingStage,
  UploadAuditEntry,
  UploadSource,
  UploadStatus,
} from '@gewst/domain';
import { type UserRefRow, userRef } from '../users';
import type { DocumentRow, UploadAuditRow, VersionRow } from './repo';

export const fileUrl = (relPath: string, download = false) =>
  `/api/documents/getFile?path=${encodeURIComponent(relPath)}${download ? '&download=true' : ''}`;

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

const AMOUNT_FIELD: Record<DocumentType, string[]> = {
  gewst_bescheid: ['abrechnung', 'festgesetzte_steuer'],
  vorauszahlungsbescheid: ['vorauszahlungen'],
  zinsbescheid: ['zinsen'],
  messbescheid: ['messbetrag'],
  zerlegungsbescheid: [],
  mahnung: ['rueckstand', 'saeumniszuschlag'],
  sonstiges: [],
};

/** The list's main amount of a notice and the field it comes from (the first one set). */
export function mainAmount(
  type: DocumentType | null,
  fields: DocumentFields,
): { amount: string | null; field: string | null } {
  if (!type) return { amount: null, field: null };
  for (const name of AMOUNT_FIELD[type]) {
    const v = fields[name]?.value;
    if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v)) return { amount: v, field: name };
    if (Array.isArray(v) && v.length && 'betrag' in (v[0] as object))
      return { amount: String((v[0] as { betrag: string }).betrag), field: name };
  }
  return { amount: null, field: null };
}

const scalar = (fields: DocumentFields, name: string) => {
  const v = fields[name]?.value;
  return typeof v === 'string' || typeof v === 'number' ? v : null;
};

/**
 * Where processing is: waiting in the queue (with the position of its job), or the stage the
 * job last wrote (jobs.ts); null once processing has ended.
 */
export function presentProgress(row: DocumentRow, queuePosition: number | null): ProcessingProgress | null {
  if (row.deleted_at || (row.status !== 'neu' && row.status !== 'in_verarbeitung')) return null;
  // A job waiting (first run, or a retry after a failed attempt).
  if (queuePosition !== null || row.status === 'neu')
    return { stage: 'queued', page: null, pages: null, queue_position: queuePosition };
  const p = (row.progress ?? null) as { stage?: string; page?: number; pages?: number } | null;
  const stage: ProcessingStage =
    p?.stage === 'ocr' || p?.stage === 'extraction' || p?.stage === 'reading' ? p.stage : 'reading';
  const pages = stage !== 'extraction' && p?.pages ? p.pages : null;
  // The page being worked on: the one after those done.
  const page = pages ? Math.min((p?.page ?? 0) + 1, pages) : null;
  return { stage, page, pages, queue_position: null };
}

export function presentListItem(
  row: DocumentRow,
  users: Map<number, UserRefRow>,
  queuePosition: number | null = null,
): DocumentListItem {
  const fields = (row.fields ?? {}) as DocumentFields;
  const checks = (row.checks ?? []) as DocumentCheck[];
  const year = scalar(fields, 'erhebungszeitraum');
  const type = (row.type as DocumentType | null) ?? null;
  const main = mainAmount(type, fields);
  return {
    id: row.id,
    company_id: row.company_id,
    type,
    status: row.status as DocumentStatus,
    archived: row.archived,
    deleted: row.deleted_at !== null,
    filename: row.filename,
    pdf: fileUrl(row.file_path),
    original_pdf: fileUrl(row.original_path),
    size: Number(row.size),
    page_count: row.page_count,
    dueDate: row.due_date,
    dueText: row.due_text,
    erhebungszeitraum: year === null || !Number.isInteger(Number(year)) ? null : Number(year),
    gemeinde: (() => {
      const g = scalar(fields, 'gemeinde');
      return g === null ? null : String(g);
    })(),
    kassenzeichen: (() => {
      const k = scalar(fields, 'kassenzeichen');
      return k === null ? null : String(k);
    })(),
    amount: main.amount,
    amount_field: main.field,
    master_data_id: row.master_data_id,
    error: row.error,
    progress: presentProgress(row, queuePosition),
    check_counts: {
      error: checks.filter((c) => c.severity === 'error').length,
      warning: checks.filter((c) => c.severity === 'warning').length,
      info: checks.filter((c) => c.severity === 'info').length,
    },
    uploaded_by: userRef(users, row.uploaded_by),
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
    deleted_at: iso(row.deleted_at),
    deleted_by: userRef(users, row.deleted_by),
    original_deleted_at: iso(row.original_deleted_at),
  };
}

export function presentLock(
  row: DocumentRow,
  users: Map<number, UserRefRow>,
  actorId: number | null,
  now: Date,
): DocumentLock {
  const active =
    row.lock_user_id !== null && row.lock_expires_at !== null && new Date(row.lock_expires_at) > now;
  if (!active) return { locked_by: null, expires_at: null, mine: false };
  return {
    locked_by: userRef(users, row.lock_user_id),
    expires_at: iso(row.lock_expires_at),
    mine: row.lock_user_id === actorId,
  };
}

export function presentDetail(input: {
  row: DocumentRow;
  users: Map<number, UserRefRow>;
  versions: VersionRow[];
  masterData: MasterData | null;
  /** The establishment's payments, each with its lines, and all lines ascending by created_at. */
  payments?: { payments: Record<string, unknown>[]; payment_lines: Record<string, unknown>[] } | null;
  lock: DocumentLock;
  queuePosition?: number | null;
}): DocumentDetail {
  const { row, users } = input;
  return {
    ...presentListItem(row, users, input.queuePosition ?? null),
    type_confidence: row.type_confidence,
    type_by_user: row.type_by_user,
    fields: (row.fields ?? {}) as DocumentFields,
    checks: (row.checks ?? []) as DocumentCheck[],
    match: (row.match as MasterDataMatch | null) ?? null,
    masterData: input.masterData
      ? {
          ...input.masterData,
          payments: input.payments?.payments ?? [],
          payment_lines: input.payments?.payment_lines ?? [],
        }
      : null,
    lock: input.lock,
    versions: input.versions.map((v) => ({
      id: v.id,
      version: v.version,
      kind: v.kind === 'annotated' ? 'annotated' : 'original',
      pdf: fileUrl(v.path),
      size: Number(v.size),
      created_at: iso(v.created_at)!,
      created_by: userRef(users, v.created_by),
    })),
    ocr_pages: (row.ocr_pages ?? []) as number[],
    processing: {
      attempts: row.attempts,
      processed_at: iso(row.processed_at),
      duration_ms: row.duration_ms,
    },
    confirmed_at: iso(row.confirmed_at),
    confirmed_by: userRef(users, row.confirmed_by),
    deleted_at: iso(row.deleted_at),
  };
}

export function presentUploadAudit(
  row: UploadAuditRow & { company_name: string | null },
  users: Map<number, UserRefRow>,
): UploadAuditEntry {
  return {
    id: row.id,
    company_id: row.company_id,
    company_name: row.company_name,
    filename: row.filename,
    sha256: row.sha256,
    size: Number(row.size),
    status: row.status as UploadStatus,
    reason: row.reason,
    source: row.source as UploadSource,
    document_id: row.document_id,
    uploaded_by: userRef(users, row.user_id),
    download_path: row.path ? fileUrl(row.path, true) : null,
    created_at: iso(row.created_at)!,
  };
}
