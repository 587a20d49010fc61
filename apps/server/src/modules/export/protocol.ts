import { berlinDateTimeParts, formatMoneyDe } from '@gewst/domain';
import { toCents } from './text';
import type { ExportBooking, ProtocolInput, SessionType } from './types';

/**
 * What the booking protocol shows, computed once for the PDF and the xlsx: bookings with
 * the accounts on their Soll and Haben sides (from Konto, Gegenkonto and S/H), sums
 * per account and side, totals. Amounts are integer cents.
 */

export const SESSION_TYPE_LABEL: Record<SessionType, string> = {
  bescheid: 'Bescheid',
  vorauszahlung: 'Vorauszahlung',
  korrektur: 'Korrektur',
  storno: 'Storno',
};

export interface ProtocolLine {
  booking: ExportBooking;
  soll: { account: string; name: string };
  haben: { account: string; name: string };
  cents: bigint;
}

export interface AccountSum {
  account: string;
  name: string;
  soll: bigint;
  haben: bigint;
}

export interface ProtocolData {
  lines: ProtocolLine[];
  accounts: AccountSum[];
  totalSoll: bigint;
  totalHaben: bigint;
  reversals: number;
}

export function protocolData(input: ProtocolInput): ProtocolData {
  const accounts = new Map<string, AccountSum>();
  const sum = (account: string, name: string, side: 'soll' | 'haben', cents: bigint) => {
    const a = accounts.get(account) ?? { account, name, soll: 0n, haben: 0n };
    a[side] += cents;
    accounts.set(account, a);
  };
  let totalSoll = 0n;
  let reversals = 0;
  const lines = input.bookings.map((b) => {
    const konto = { account: b.konto, name: b.kontoName };
    const gegenkonto = { account: b.gegenkonto, name: b.gegenkontoName };
    const [soll, haben] = b.sh === 'S' ? [konto, gegenkonto] : [gegenkonto, konto];
    const cents = toCents(b.amount);
    sum(soll.account, soll.name, 'soll', cents);
    sum(haben.account, haben.name, 'haben', cents);
    totalSoll += cents;
    if (b.reversalOf !== null) reversals++;
    return { booking: b, soll, haben, cents };
  });
  return {
    lines,
    accounts: [...accounts.values()].sort((a, b) => a.account.localeCompare(b.account)),
    totalSoll,
    totalHaben: totalSoll,
    reversals,
  };
}

/** 123456789n → "1.234.567,89 €" (exact, German grouping). */
export function euro(cents: bigint): string {
  return `${formatMoneyDe(cents, { symbol: false })} €`;
}

/** "02.03.2026, 10:15" in German local time (built from the parts: no locale pattern leaks in). */
export function dateTimeDe(d: Date): string {
  const p = berlinDateTimeParts(d);
  return `${p.day}.${p.month}.${p.year}, ${p.hour}:${p.minute}`;
}
/** "2026-02-16" → "16.02.2026". */
export const dateDe = (iso: string) => iso.split('-').reverse().join('.');

export const protocolFileName = (sessionId: number, ext: 'pdf' | 'xlsx') =>
  `Buchungsprotokoll_S${sessionId}.${ext}`;
