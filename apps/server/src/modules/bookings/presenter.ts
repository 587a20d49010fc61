import { formatMoneyPlain } from '@gewst/domain';
import type {
  AccountPurpose,
  BiLogEntry,
  Booking,
  BookingSession,
  SessionLog,
  SessionStatus,
  SessionType,
  UserRef,
} from '@gewst/domain';
import { transition } from '@gewst/domain';
import { fileUrl } from '../documents/presenter';
import { type UserRefRow, userRef } from '../users';
import type { BookingViewRow, SessionListRow, SessionLogRow } from './repo';

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);
const money = (v: string | number | null | undefined) => formatMoneyPlain(String(v ?? '0'));
export type Users = Map<number, UserRefRow>;
const user = (users: Users, id: number | null | undefined): UserRef | null => userRef(users, id);

export function presentSession(row: SessionListRow, users: Users): BookingSession {
  return {
    id: row.id,
    company_id: row.company_id,
    type: row.type as SessionType,
    status: row.status as SessionStatus,
    archived: row.archived,
    year: row.year,
    quartal: row.quartal,
    related_session_id: row.related_session_id,
    storno_pending: Boolean(row.storno_pending),
    storno_session_id: row.storno_session_id ?? null,
    booking_count: row.booking_count,
    sum_soll: money(row.sum_soll),
    sum_haben: money(row.sum_haben),
    created_at: iso(row.created_at)!,
    created_by: user(users, row.created_by),
    closed_at: iso(row.closed_at),
    submitted_at: iso(row.submitted_at),
    submitted_by: user(users, row.submitted_by),
    approved_at: iso(row.approved_at),
    approved_by: user(users, row.approved_by),
    exported_at: iso(row.exported_at),
    export_error: row.export_error,
    updated_at: iso(row.updated_at)!,
  };
}

export const sessionUserIds = (row: SessionListRow) => [row.created_by, row.submitted_by, row.approved_by];

export function presentBooking(row: BookingViewRow, users: Users): Booking {
  return {
    id: row.id,
    session_id: row.session_id,
    date: row.booking_date,
    amount: money(row.amount),
    sh: row.sh as 'S' | 'H',
    konto: row.konto,
    gegenkonto: row.gegenkonto,
    purpose: row.purpose as AccountPurpose | null,
    counter_purpose: row.counter_purpose as AccountPurpose | null,
    text: row.text,
    belegfeld1: row.belegfeld1,
    kost1: row.kost1,
    kost2: row.kost2,
    tax_year: row.tax_year,
    quartal: row.quartal,
    kind: row.kind as Booking['kind'],
    due_date: row.due_date,
    master_data:
      row.master_data_id !== null
        ? {
            id: row.master_data_id,
            designation: row.designation ?? '',
            ags: row.ags ?? '',
            gemeinde: row.gemeinde ?? '',
          }
        : null,
    document:
      row.document_id !== null && row.document_path
        ? {
            id: row.document_id,
            type: row.document_type,
            filename: row.document_filename ?? '',
            pdf: fileUrl(row.document_path),
          }
        : null,
    payment_line_ids: row.line_ids ?? [],
    reversal_of: row.reversal_of,
    reversed_by: row.reversed_by,
    corrected_from: row.corrected_from,
    guid: row.guid,
    created_by: user(users, row.created_by),
    changed_by: user(users, row.changed_by),
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
    exported_at: iso(row.exported_at),
  };
}

export function presentLog(row: SessionLogRow, users: Users, actorId: number | null): SessionLog {
  return {
    id: row.id,
    session_id: row.session_id,
    action: row.action as SessionLog['action'],
    from_status: row.from_status as SessionStatus | null,
    to_status: row.to_status as SessionStatus | null,
    comment: row.comment,
    details: row.details ?? null,
    user: user(users, row.user_id),
    created_at: iso(row.created_at)!,
    comment_edited_at: iso(row.comment_edited_at),
    own: actorId !== null && row.user_id === actorId,
  };
}

export interface BiLogRow {
  id: number;
  company_id: number;
  year: number;
  quartal: number;
  session_id: number;
  session_status: string;
  archived: boolean;
  count: number;
  sum: string;
  created_by: number | null;
  created_at: Date | string;
}

export function presentBiLog(row: BiLogRow, users: Users): BiLogEntry {
  const status = row.session_status as SessionStatus;
  return {
    id: row.id,
    company_id: row.company_id,
    year: row.year,
    quartal: row.quartal,
    session_id: row.session_id,
    session_status: status,
    count: row.count,
    sum: money(row.sum),
    created_by: user(users, row.created_by),
    created_at: iso(row.created_at)!,
    deletable: transition({ status, type: 'vorauszahlung', archived: row.archived }, 'delete-prepayments')
      .allowed,
  };
}
