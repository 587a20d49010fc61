import { formatMoneyPlain, moneyToCents } from '@gewst/domain';
import type { PaymentLine, PaymentLineKind, PaymentLineStatus } from '@gewst/domain';
import { type UserRefRow, userRef } from '../users';
import type { LineRow, PaymentRow } from './repo';

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
const money = (v: string | null) => (v === null ? null : formatMoneyPlain(v));
export const user = userRef;

export function presentLine(l: LineRow, users: Map<number, UserRefRow>): PaymentLine {
  return {
    id: l.id,
    payment_id: l.payment_id,
    master_data_id: l.master_data_id,
    year: l.year,
    kind: l.kind as PaymentLineKind,
    quartal: l.quartal,
    betrag: money(l.betrag)!,
    faellig_am: l.faellig_am,
    status: l.status as PaymentLineStatus,
    status_date: l.status_date,
    status_by: user(users, l.status_by),
    reason: l.reason,
    document_id: l.document_id,
    superseded_by: l.superseded_by,
    superseded_reason: l.superseded_reason,
    booking_id: l.booking_id,
    created_at: iso(l.created_at)!,
    created_by: user(users, l.created_by),
  };
}

export function presentPayment(p: PaymentRow) {
  return {
    id: p.id,
    master_data_id: p.master_data_id,
    company_id: p.company_id,
    year: p.year,
    festgesetzte_steuer: money(p.festgesetzte_steuer),
    messbetrag: money(p.messbetrag),
    hebesatz: p.hebesatz,
    erwarteter_messbetrag: money(p.erwarteter_messbetrag),
    zerlegungsanteil: money(p.zerlegungsanteil),
    checks: (p.checks ?? []) as { code: string; severity: 'error' | 'warning' | 'info'; message: string }[],
    history: (p.history ?? []) as {
      document_id: number;
      type: string;
      bescheid_datum: string | null;
      festgesetzte_steuer: string | null;
      at: string;
    }[],
    interest: (p.interest ?? null) as {
      notice: string;
      ours: string;
      base: string;
      from: string;
      to: string;
      months: number;
    } | null,
    created_at: iso(p.created_at)!,
    updated_at: iso(p.updated_at)!,
  };
}

/** Cents as bigint so sums stay exact. */
const cents = moneyToCents;
const fromCents = formatMoneyPlain;

export function sumsOf(festgesetzt: string | null, lines: PaymentLine[]) {
  const active = lines.filter((l) => l.superseded_by === null && l.status !== 'storniert');
  const sum = (f: (l: PaymentLine) => boolean) =>
    fromCents(active.filter(f).reduce((s, l) => s + cents(l.betrag), 0n));
  const next = active
    .filter((l) => l.status === 'offen' && l.faellig_am)
    .map((l) => l.faellig_am!)
    .sort()[0];
  return {
    festgesetzte_steuer: money(festgesetzt),
    vorauszahlungen: sum(
      (l) => l.kind === 'vorauszahlung' || l.kind === 'korrektur' || l.kind === 'anrechnung',
    ),
    bezahlt: sum((l) => l.status === 'bezahlt'),
    offen: sum((l) => l.status === 'offen' || l.status === 'angewiesen'),
    zinsen: sum((l) => l.kind === 'nachzahlungszinsen' || l.kind === 'erstattungszinsen'),
    naechste_faelligkeit: next ?? null,
  };
}
