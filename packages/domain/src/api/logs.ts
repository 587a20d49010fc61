import { z } from 'zod';
import { SESSION_ACTION_LABELS } from '../bookings/workflow';
import { idSchema, isoDateSchema, pageQuerySchema, paged } from './common';

export const auditLogSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  user_id: z.number().int().nullable(),
  username: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  request_id: z.string().nullable(),
});
export type AuditLogEntry = z.infer<typeof auditLogSchema>;

export const auditLogListSchema = paged(auditLogSchema);
export type AuditLogList = z.infer<typeof auditLogListSchema>;

export const auditLogQuerySchema = pageQuerySchema.extend({
  user_id: idSchema.optional(),
  entity: z.string().trim().max(100).optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
});

/** German names of the audit log's action codes (Admin → Logs); unknown codes are shown as they are. */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  add: 'Hinzugefügt',
  'add-version': 'Neue Version (Anmerkungen)',
  archive: 'Archiviert',
  'booking-session-restore': 'Buchungssitzung wiederhergestellt',
  'assign-master-data': 'Betriebsstätte zugeordnet',
  'assign-roles': 'Rollen zugewiesen',
  confirm: 'Prüfung abgeschlossen',
  'confirm-override': 'Prüfung mit Begründung abgeschlossen',
  create: 'Angelegt',
  created: 'Angelegt',
  delete: 'Gelöscht',
  'delete-original': 'Original nach Ablauf der Aufbewahrungsfrist gelöscht',
  delete_rate: 'Hebesatz zurückgesetzt',
  download: 'Heruntergeladen',
  'edit-fields': 'Felder geändert',
  eingereicht: 'Eingereicht',
  'first-sign-in': 'Erste Anmeldung',
  'follow-up': 'Wiedervorlage gesetzt',
  freigegeben: 'Freigegeben',
  geschlossen: 'Geschlossen',
  import: 'Importiert',
  logout: 'Abgemeldet',
  'payment-line-add': 'Zahlungszeile hinzugefügt',
  'payment-line-cancel': 'Zahlungszeile storniert',
  'payment-line-correct': 'Zahlungszeile korrigiert',
  'payment-line-status': 'Zahlungsstatus geändert',
  'payment-lines-from-document': 'Zahlungszeilen aus Bescheid erzeugt',
  'payment-lines-withdrawn': 'Zahlungszeilen zurückgenommen',
  'payment-year-close': 'Zahlungsjahr abgeschlossen',
  'payment-year-open': 'Zahlungsjahr wieder geöffnet',
  'prepayments-create': 'Vorauszahlungen angelegt',
  'prepayments-delete': 'Vorauszahlungen gelöscht',
  process: 'Verarbeitet',
  'provision-create': 'Rückstellung angelegt',
  'provision-delete': 'Rückstellung gelöscht',
  'rate-conflict-adopt': 'Hebesatzkonflikt: Satz des Bescheids übernommen',
  'rate-conflict-keep': 'Hebesatzkonflikt: eigener Satz beibehalten',
  reset: 'Zurückgesetzt',
  restore: 'Wiederhergestellt',
  restored: 'Wiederhergestellt',
  'session-log-comment-edit': 'Protokollkommentar geändert',
  'set-companies': 'Firmen zugewiesen',
  set_rate: 'Hebesatz gesetzt',
  'set-type': 'Dokumenttyp geändert',
  'sign-in-failed': 'Anmeldung fehlgeschlagen',
  unconfirm: 'Bestätigung zurückgenommen',
  update: 'Geändert',
  upload: 'Hochgeladen',
};

/** German names of the audited entities. */
export const AUDIT_ENTITY_LABELS: Readonly<Record<string, string>> = {
  backup: 'Sicherung',
  booking_session: 'Buchungssitzung',
  company: 'Firma',
  default_interest_period: 'Zinslauf',
  document: 'Dokument',
  interest_rate: 'Zinssatz',
  master_data: 'Betriebsstätte',
  municipality_rates: 'Hebesätze (Referenz)',
  payment: 'Zahlungsdaten',
  payment_line: 'Zahlungszeile',
  payment_year: 'Zahlungsjahr',
  provision: 'Rückstellung',
  role: 'Rolle',
  session_log: 'Buchungsprotokoll',
  setting: 'Einstellung',
  user: 'Benutzer',
  zerlegung: 'Zerlegung',
};

/**
 * An audit action code in German. Booking-session actions (`booking-session-approve`) take the
 * session's own labels; an unknown code stays readable as it is.
 */
export function auditActionLabel(action: string): string {
  const known = AUDIT_ACTION_LABELS[action];
  if (known) return known;
  const session = /^booking-session-(.+)$/.exec(action)?.[1] as
    keyof typeof SESSION_ACTION_LABELS | undefined;
  if (session && Object.hasOwn(SESSION_ACTION_LABELS, session))
    return `Buchungssitzung: ${SESSION_ACTION_LABELS[session]}`;
  return action;
}

export const auditEntityLabel = (entity: string): string => AUDIT_ENTITY_LABELS[entity] ?? entity;
