import { createHash } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import { centsToDecimal, toCents } from './text';
import type { ExportSession } from './types';

/**
 * The generic format for ERPs that do not read DATEV: one UTF-8 CSV per session (RFC 4180:
 * `,`, CR LF, quotes where needed), ISO dates, decimal point, every booking field in fixed
 * columns. `amount` is signed relative to `konto` (positive = Soll, negative = Haben), and
 * `debit_account`/`credit_account` spell the same out for ERPs that think in debit and
 * credit. Unlike EXTF it carries the full date, so it is never split by fiscal year.
 */
export const GENERIC_COLUMNS = [
  'session_id',
  'session_type',
  'company_id',
  'booking_id',
  'booking_guid',
  'booking_date',
  'konto',
  'konto_name',
  'gegenkonto',
  'gegenkonto_name',
  'amount',
  'currency',
  'debit_account',
  'credit_account',
  'reversal_of',
  'belegfeld1',
  'belegfeld2',
  'text',
  'cost_center',
  'erhebungszeitraum',
  'due_date',
  'document_id',
  ...Array.from({ length: 8 }, (_, i) => [`info_${i + 1}_type`, `info_${i + 1}_value`]).flat(),
  // Added later: appended, so an ERP that reads the columns by position keeps reading them.
  'cost_center_2',
] as const;

export interface GenericFile {
  fileName: string;
  bytes: Buffer;
  sha256: string;
  bookingIds: number[];
}

export const genericFileName = (sessionId: number) => `GewSt_Buchungen_S${sessionId}.csv`;

export function writeGeneric(session: ExportSession): GenericFile {
  const rows = session.bookings.map((b) => {
    const cents = toCents(b.amount);
    return [
      session.id,
      session.type,
      session.companyId,
      b.id,
      b.guid,
      b.date,
      b.konto,
      b.kontoName,
      b.gegenkonto,
      b.gegenkontoName,
      centsToDecimal(b.sh === 'H' ? -cents : cents),
      'EUR',
      b.sh === 'S' ? b.konto : b.gegenkonto,
      b.sh === 'S' ? b.gegenkonto : b.konto,
      b.reversalOf ?? '',
      b.belegfeld1,
      b.belegfeld2,
      b.text,
      b.costCenter,
      b.erhebungszeitraum ?? '',
      b.dueDate ?? '',
      b.documentId ?? '',
      ...Array.from({ length: 8 }, (_, i) => [b.info[i]?.art ?? '', b.info[i]?.inhalt ?? '']).flat(),
      b.costCenter2,
    ];
  });
  const bytes = Buffer.from(
    stringify([[...GENERIC_COLUMNS], ...rows], { record_delimiter: 'windows', cast: { number: String } }),
    'utf8',
  );
  return {
    fileName: genericFileName(session.id),
    bytes,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    bookingIds: session.bookings.map((b) => b.id),
  };
}
