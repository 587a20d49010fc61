import {
  ACCOUNT_PURPOSE_LABELS,
  type AccountPurpose,
  DEFAULT_EXPORT_SETTINGS,
  type ExportSettings,
} from '@gewst/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/sql';
import { notFound } from '../../http/errors';
import { accountMappingOf } from '../bookings';
import { settings } from '../settings';
import { SESSION_TYPE_LABEL } from './protocol';
import type { DatevConfig, ExportBooking, ExportSession, SessionType } from './types';

/**
 * Maps a booking session and its bookings (bookings module) onto the writers' neutral
 * input. Everything taken here is fixed once the session is approved (bookings are not
 * edited after approval, the approval time and approver stay), so every run for the same
 * session yields the same bytes.
 */

export interface SessionHead {
  id: number;
  company_id: number;
  company_name: string;
  type: SessionType;
  status: string;
  archived: boolean;
  year: number | null;
  quartal: number | null;
  approved_at: Date | null;
  approved_by: string | null;
  export_error: string | null;
}

export async function sessionHead(db: DbOrTx, sessionId: number): Promise<SessionHead> {
  const [row] = await rowsOf<SessionHead & { approved_at: string | Date | null }>(
    db,
    sql`select s.id, s.company_id, c.name as company_name, s.type, s.status, s.archived, s.year, s.quartal,
          s.approved_at, u.username as approved_by, s.export_error
        from booking_sessions s join companies c on c.id = s.company_id
        left join users u on u.id = s.approved_by
        where s.id = ${sessionId}`,
  );
  if (!row) throw notFound('Der Buchungsstapel');
  return { ...row, approved_at: row.approved_at === null ? null : new Date(row.approved_at) };
}

interface BookingRow {
  id: number;
  guid: string;
  booking_date: string;
  amount: string;
  sh: 'S' | 'H';
  konto: string;
  gegenkonto: string;
  purpose: AccountPurpose | null;
  counter_purpose: AccountPurpose | null;
  text: string;
  belegfeld1: string | null;
  kost1: string | null;
  kost2: string | null;
  tax_year: number;
  due_date: string | null;
  document_id: number | null;
  reversal_of: number | null;
  gemeinde: string | null;
  designation: string | null;
}

const accountName = (purpose: AccountPurpose | null, konto: string) =>
  purpose ? ACCOUNT_PURPOSE_LABELS[purpose] : `Konto ${konto}`;

/** DATEV Belegfeld 2: the due date as TTMMJJ. */
const ttmmjj = (iso: string) => `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(2, 4)}`;

export function sessionLabel(head: Pick<SessionHead, 'id' | 'type' | 'year' | 'quartal'>): string {
  const period = head.quartal && head.year ? ` Q${head.quartal} ${head.year}` : '';
  return `GewSt ${SESSION_TYPE_LABEL[head.type]}${period} S${head.id}`;
}

export async function exportBookings(db: DbOrTx, sessionId: number): Promise<ExportBooking[]> {
  const rows = await rowsOf<BookingRow>(
    db,
    sql`select b.id, b.guid::text as guid, b.booking_date::text as booking_date, b.amount::text as amount, b.sh,
          b.konto, b.gegenkonto, b.purpose, b.counter_purpose, b.text, b.belegfeld1, b.kost1, b.kost2, b.tax_year,
          b.due_date::text as due_date, b.document_id, b.reversal_of, m.name as gemeinde, md.designation
        from bookings b left join master_data md on md.id = b.master_data_id
        left join municipalities m on m.ags = md.ags
        where b.session_id = ${sessionId} order by b.booking_date, b.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    guid: r.guid,
    date: r.booking_date,
    konto: r.konto,
    kontoName: accountName(r.purpose, r.konto),
    gegenkonto: r.gegenkonto,
    gegenkontoName: accountName(r.counter_purpose, r.gegenkonto),
    amount: r.amount,
    sh: r.sh,
    reversalOf: r.reversal_of,
    belegfeld1: r.belegfeld1 ?? `B${r.id}`,
    belegfeld2: r.due_date ? ttmmjj(r.due_date) : '',
    text: r.text,
    costCenter: r.kost1 ?? '',
    costCenter2: r.kost2 ?? '',
    erhebungszeitraum: r.tax_year,
    dueDate: r.due_date,
    info: [
      ...(r.gemeinde ? [{ art: 'Gemeinde', inhalt: r.gemeinde }] : []),
      ...(r.designation ? [{ art: 'Betriebsstätte', inhalt: r.designation }] : []),
    ],
    documentId: r.document_id,
  }));
}

export async function exportSession(db: DbOrTx, head: SessionHead): Promise<ExportSession> {
  return {
    id: head.id,
    type: head.type,
    label: sessionLabel(head),
    companyId: head.company_id,
    companyName: head.company_name,
    exportedBy: head.approved_by ?? 'system',
    // Fixed by the approval, so a repeat writes the same bytes.
    createdAt: head.approved_at ?? new Date(0),
    bookings: await exportBookings(db, head.id),
  };
}

export async function exportSettingsOf(db: DbOrTx, companyId: number): Promise<ExportSettings> {
  return (await settings.get(db, 'export.targets', { companyId })) ?? DEFAULT_EXPORT_SETTINGS;
}

/** The DATEV header values of a company: account mapping (bookings) and export settings. */
export async function datevConfigOf(
  db: DbOrTx,
  companyId: number,
  exportSettings: ExportSettings,
): Promise<DatevConfig> {
  const mapping = await accountMappingOf(db, companyId);
  return {
    // Missing numbers fail the DATEV writer's own check with a German message.
    beraternummer: mapping.datev_berater ?? 0,
    mandantennummer: mapping.datev_mandant ?? 0,
    sachkontenlaenge: mapping.account_length,
    wjBeginn: mapping.fiscal_year_start,
    skr: mapping.chart === 'SKR04' ? '04' : '03',
    festschreibung: exportSettings.datev_festschreibung,
  };
}
