import { z } from 'zod';

/**
 * In-app notifications (no e-mail: the installation sends nothing over the network). They
 * are computed from the database on every request; `notification_reads` only records which
 * key a user has read. A key names the event and its object, e.g. `review:doc:12`.
 */

export const NOTIFICATION_EVENTS = ['review', 'approval', 'payment_due', 'failed', 'refused'] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

export const NOTIFICATION_EVENT_LABELS: Record<NotificationEvent, string> = {
  review: 'Neuer Bescheid wartet auf Prüfung',
  approval: 'Buchungssitzung wartet auf die zweite Freigabe (Vier-Augen-Prinzip)',
  payment_due: 'Zahlung wird in den nächsten Tagen fällig',
  failed: 'Import oder Verarbeitung fehlgeschlagen',
  refused: 'Datei beim Hochladen oder im Importordner abgelehnt (Typ, Größe, leer)',
};

export const NOTIFICATION_DUE_DAYS_DEFAULT = 14;
export const NOTIFICATION_DUE_DAYS_MIN = 1;
export const NOTIFICATION_DUE_DAYS_MAX = 90;
/** A refused upload or import-folder file is reported this many days after the attempt. */
export const NOTIFICATION_REFUSED_DAYS = 30;
/** At most this many notifications are computed for one user (newest first). */
export const NOTIFICATION_LIMIT = 100;

const onOff = z.boolean({ error: 'Bitte ja oder nein angeben.' });

export const notificationSettingsSchema = z.strictObject({
  review: onOff,
  approval: onOff,
  payment_due: onOff,
  failed: onOff,
  /** Added later: a value stored before it existed reads as on. */
  refused: onOff.default(true),
  due_days: z
    .number({ error: 'Bitte eine Zahl von Tagen angeben.' })
    .int('Bitte eine ganze Zahl von Tagen angeben.')
    .min(NOTIFICATION_DUE_DAYS_MIN, `Es muss mindestens ${NOTIFICATION_DUE_DAYS_MIN} Tag sein.`)
    .max(NOTIFICATION_DUE_DAYS_MAX, `Es dürfen höchstens ${NOTIFICATION_DUE_DAYS_MAX} Tage sein.`),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  review: true,
  approval: true,
  payment_due: true,
  failed: true,
  refused: true,
  due_days: NOTIFICATION_DUE_DAYS_DEFAULT,
};

const KEY = /^(review|approval|payment_due|failed|refused):[a-z]+:\d{1,10}$/;
export const notificationKeySchema = z
  .string({ error: 'Bitte einen Schlüssel angeben.' })
  .regex(KEY, 'Unbekannter Schlüssel einer Benachrichtigung.');

export const notificationSchema = z.object({
  key: z.string(),
  event: z.enum(NOTIFICATION_EVENTS),
  company_id: z.number().int(),
  company: z.string(),
  text: z.string(),
  /** Path in the web app, e.g. /dokumente/12. */
  link: z.string(),
  /** When the event happened (ISO timestamp), or the due date for payments. */
  at: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  unread: z.number().int(),
  /** More events exist than the list holds (capped at NOTIFICATION_LIMIT). */
  capped: z.boolean(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const notificationReadBodySchema = z.union(
  [
    z.strictObject({
      keys: z
        .array(notificationKeySchema, { error: 'Bitte eine Liste von Schlüsseln angeben.' })
        .min(1, 'Bitte mindestens einen Schlüssel angeben.')
        .max(NOTIFICATION_LIMIT, `Höchstens ${NOTIFICATION_LIMIT} Schlüssel auf einmal.`),
    }),
    z.strictObject({ all: z.literal(true, { error: 'Bitte all: true angeben.' }) }),
  ],
  { error: 'Bitte Schlüssel (keys) oder alle (all: true) angeben.' },
);
export type NotificationReadBody = z.infer<typeof notificationReadBodySchema>;
export const notificationReadResultSchema = z.object({ marked: z.number().int() });
