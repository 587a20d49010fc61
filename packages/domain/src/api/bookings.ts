import { z } from 'zod';
import { ACCOUNT_PURPOSES, accountMappingSchema } from '../bookings/accounts';
import { BOOKING_TEXT_MAX, KOST_FORBIDDEN, KOST_MAX } from '../bookings/texts';
import { SESSION_ACTIONS, SESSION_STATUSES, SESSION_TYPES } from '../bookings/workflow';
import { PAYMENT_LINE_KINDS } from '../payments/rules';
import { hasNul, idSchema, paged, pageQuerySchema } from './common';
import { userRefSchema } from './documents';

/**
 * Bookings API (issue 13), all under /api. Seed section 7, exactly:
 *
 * - GET  companies/{id}/bookings?type&page&archived     → sessionListSchema
 * - GET  /bookings/{id}?page                            → sessionDetailSchema (bookings paged)
 * - PUT  bookings/{id}/close | submit {comment} | reject {comment} | approve {approved_at}
 *        | correct {changes} | cancel {storno} | retrigger-failed-jobs | revert-to-closed
 *        | archive | generate_report                   → transitionResultSchema
 * - GET  bookings/{id}/queues
 * - PUT  bookings/prepayments/create?company_id&year&quartal → prepaymentCreateResultSchema
 * - GET  /prePaymentsBiLog?company_id&quartal&year      → biLogEntrySchema[]
 * - DELETE /prePaymentsBiLog/{id}
 * - GET  /sessionLogs/{id}   (id of the session)        → sessionLogSchema[]
 * - POST /sessionLogs/editComment/{id}  {comment}       → sessionLogSchema
 * - GET  /bookings/stats?company_id                     → bookingStatsSchema
 *
 * Ours: GET bookings/prepayments/preview?company_id&year&quartal,
 * GET/PUT/DELETE companies/{id}/provisions[/{year}], GET/PUT/DELETE companies/{id}/account-mapping.
 */

const money = z.string();
// eslint-disable-next-line no-control-regex -- control characters are what these refuse
const CONTROL = /[\u0000-\u001f\u007f]/;
const bool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { error: 'Bitte true oder false angeben.' })
  .transform((v) => v === true || v === 'true' || v === '1');
const yearSchema = z.coerce
  .number({ error: 'Das Jahr muss eine Zahl sein.' })
  .int('Das Jahr muss eine ganze Zahl sein.')
  .min(1990, 'Das Jahr muss zwischen 1990 und 2100 liegen.')
  .max(2100, 'Das Jahr muss zwischen 1990 und 2100 liegen.');
const quartalSchema = z.coerce
  .number({ error: 'Das Quartal muss eine Zahl sein.' })
  .int('Das Quartal muss 1, 2, 3 oder 4 sein.')
  .min(1, 'Das Quartal muss 1, 2, 3 oder 4 sein.')
  .max(4, 'Das Quartal muss 1, 2, 3 oder 4 sein.');
const companyIdSchema = idSchema.describe('Firma');

const commentText = () =>
  z
    .string({ error: 'Der Kommentar muss Text sein.' })
    .trim()
    .max(2000, 'Der Kommentar darf höchstens 2000 Zeichen lang sein.')
    .refine((s) => !hasNul(s), 'Der Kommentar enthält ein unzulässiges Steuerzeichen.');
const requiredComment = () => commentText().pipe(z.string().min(1, 'Bitte einen Kommentar angeben.'));
const optionalComment = () =>
  commentText()
    .nullish()
    .transform((v) => (v ? v : null));

export const sessionTypeSchema = z.enum(SESSION_TYPES, { error: 'Unbekannte Stapelart.' });
export const sessionStatusSchema = z.enum(SESSION_STATUSES);

// ---------------------------------------------------------------- queries and bodies

export const sessionListQuerySchema = pageQuerySchema.extend({
  type: sessionTypeSchema.optional(),
  archived: bool.default(false),
  /** e.g. `export_fehlgeschlagen` for the failed-export filter of /buchungen. */
  status: z.enum(SESSION_STATUSES, { error: 'Unbekannter Status.' }).optional(),
});
export type SessionListQuery = z.infer<typeof sessionListQuerySchema>;

export const sessionDetailQuerySchema = pageQuerySchema;

export const submitBodySchema = z.object({ comment: optionalComment() });
export const rejectBodySchema = z.object({ comment: requiredComment() });
export const approveBodySchema = z.object({
  /** When the approval is given; defaults to now. Not in the future, not before the submission. */
  approved_at: z.iso
    .datetime({ offset: true, error: 'approved_at als Zeitpunkt (ISO 8601) angeben.' })
    .nullish(),
});
export const emptyBodySchema = z.object({}).passthrough().nullish();

const accountInput = z
  .string({ error: 'Konto muss Text sein.' })
  .trim()
  .regex(/^\d{4,9}$/, 'Ein Konto besteht aus 4 bis 9 Ziffern.');

/** A cost centre of a correction (KOST1 or KOST2): DATEV's length and characters; null clears. */
const kostInput = (what: string) =>
  z
    .string({ error: `${what} muss Text sein.` })
    .trim()
    .max(KOST_MAX, `${what} darf höchstens ${KOST_MAX} Zeichen lang sein.`)
    .refine((s) => !KOST_FORBIDDEN.test(s), `${what} enthält ein unzulässiges Zeichen.`)
    .nullable()
    .optional();

export const bookingChangeSchema = z
  .object({
    booking_id: idSchema,
    amount: z
      .string({ error: 'Betrag muss Text sein.' })
      .trim()
      .regex(
        /^\d{1,10}(\.\d{1,2})?$/,
        'Betrag positiv mit höchstens zwei Nachkommastellen angeben, z. B. 1.095,00.',
      )
      .refine((s) => Number(s) > 0, 'Der Betrag muss größer als 0 sein.')
      .optional(),
    konto: accountInput.optional(),
    gegenkonto: accountInput.optional(),
    text: z
      .string({ error: 'Buchungstext muss Text sein.' })
      .trim()
      .min(1, 'Bitte einen Buchungstext angeben.')
      .max(BOOKING_TEXT_MAX, `Der Buchungstext darf höchstens ${BOOKING_TEXT_MAX} Zeichen lang sein.`)
      .refine((s) => !CONTROL.test(s), 'Der Buchungstext enthält ein Steuerzeichen.')
      .optional(),
    kost1: kostInput('Die Kostenstelle (KOST1)'),
    /** KOST2 (DATEV column 38, the generic CSV's last column); null or '' clears it. */
    kost2: kostInput('Der Kostenträger (KOST2)'),
  })
  .refine(
    (c) =>
      c.amount !== undefined ||
      c.konto !== undefined ||
      c.gegenkonto !== undefined ||
      c.text !== undefined ||
      c.kost1 !== undefined ||
      c.kost2 !== undefined,
    'Die Änderung nennt nichts, was geändert werden soll.',
  );
export type BookingChange = z.infer<typeof bookingChangeSchema>;

export const correctBodySchema = z.object({
  changes: z
    .array(bookingChangeSchema, { error: 'changes muss eine Liste sein.' })
    .min(1, 'Bitte mindestens eine Änderung angeben.')
    .max(500, 'Höchstens 500 Änderungen auf einmal.'),
  comment: optionalComment(),
});
export type CorrectBody = z.infer<typeof correctBodySchema>;

export const cancelBodySchema = z.object({
  storno: z.object(
    { comment: requiredComment() },
    { error: 'storno fehlt: { "comment": "Grund des Stornos" }.' },
  ),
});

export const prepaymentQuerySchema = z.object({
  company_id: companyIdSchema,
  year: yearSchema,
  quartal: quartalSchema,
});
export type PrepaymentQuery = z.infer<typeof prepaymentQuerySchema>;

export const biLogQuerySchema = z.object({
  company_id: companyIdSchema,
  year: yearSchema.optional(),
  quartal: quartalSchema.optional(),
});

export const editCommentBodySchema = z.object({ comment: requiredComment() });

export const statsQuerySchema = z.object({ company_id: companyIdSchema.optional() });

export const provisionParamSchema = z.object({ id: idSchema, year: yearSchema });
export const provisionInputSchema = z.object({
  amount: z
    .string({ error: 'Betrag fehlt.' })
    .trim()
    .regex(
      /^\d{1,12}(\.\d{1,2})?$/,
      'Betrag nicht negativ mit höchstens zwei Nachkommastellen angeben, z. B. 12.000,00.',
    ),
  note: z
    .string()
    .trim()
    .max(500, 'Die Notiz darf höchstens 500 Zeichen lang sein.')
    .refine((s) => !hasNul(s), 'Die Notiz enthält ein unzulässiges Steuerzeichen.')
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type ProvisionInput = z.infer<typeof provisionInputSchema>;

// ---------------------------------------------------------------- responses

export const sessionSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  type: sessionTypeSchema,
  status: sessionStatusSchema,
  archived: z.boolean(),
  year: z.number().int().nullable(),
  quartal: z.number().int().nullable(),
  /** For korrektur and storno sessions: the session they correct or cancel. */
  related_session_id: z.number().int().nullable(),
  /** A storno session for this one that is not exported yet (blocks cancel, correct, archive). */
  storno_pending: z.boolean(),
  storno_session_id: z.number().int().nullable(),
  booking_count: z.number().int(),
  sum_soll: money,
  sum_haben: money,
  created_at: z.string(),
  created_by: userRefSchema.nullable(),
  closed_at: z.string().nullable(),
  submitted_at: z.string().nullable(),
  submitted_by: userRefSchema.nullable(),
  approved_at: z.string().nullable(),
  approved_by: userRefSchema.nullable(),
  exported_at: z.string().nullable(),
  export_error: z.string().nullable(),
  updated_at: z.string(),
});
export type BookingSession = z.infer<typeof sessionSchema>;

export const sessionListSchema = paged(sessionSchema);
export type SessionList = z.infer<typeof sessionListSchema>;

export const bookingSchema = z.object({
  id: z.number().int(),
  session_id: z.number().int(),
  date: z.string(),
  amount: money,
  sh: z.enum(['S', 'H']),
  konto: z.string(),
  gegenkonto: z.string(),
  purpose: z.enum(ACCOUNT_PURPOSES).nullable(),
  counter_purpose: z.enum(ACCOUNT_PURPOSES).nullable(),
  text: z.string(),
  belegfeld1: z.string().nullable(),
  kost1: z.string().nullable(),
  kost2: z.string().nullable(),
  tax_year: z.number().int(),
  quartal: z.number().int().nullable(),
  kind: z.enum([...PAYMENT_LINE_KINDS, 'aufloesung']),
  due_date: z.string().nullable(),
  master_data: z
    .object({ id: z.number().int(), designation: z.string(), ags: z.string(), gemeinde: z.string() })
    .nullable(),
  document: z
    .object({ id: z.number().int(), type: z.string().nullable(), filename: z.string(), pdf: z.string() })
    .nullable(),
  payment_line_ids: z.array(z.number().int()),
  reversal_of: z.number().int().nullable(),
  reversed_by: z.number().int().nullable(),
  corrected_from: z.number().int().nullable(),
  guid: z.string(),
  created_by: userRefSchema.nullable(),
  changed_by: userRefSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  exported_at: z.string().nullable(),
});
export type Booking = z.infer<typeof bookingSchema>;

export const accountSumSchema = z.object({
  konto: z.string(),
  purpose: z.enum(ACCOUNT_PURPOSES).nullable(),
  soll: money,
  haben: money,
  /** Soll − Haben. */
  saldo: money,
  count: z.number().int(),
});

export const sessionDetailSchema = sessionSchema.extend({
  bookings: paged(bookingSchema),
  sums_by_account: z.array(accountSumSchema),
  /** The last person who changed each booking (the four-eyes rule excludes them). */
  changed_by_ids: z.array(z.number().int()),
});
export type BookingSessionDetail = z.infer<typeof sessionDetailSchema>;

export const transitionResultSchema = z.object({
  session: sessionSchema,
  /** The korrektur or storno session created by the action, if any. */
  created_session_id: z.number().int().nullable(),
});
export type SessionTransitionResponse = z.infer<typeof transitionResultSchema>;

export const sessionLogSchema = z.object({
  id: z.number().int(),
  session_id: z.number().int(),
  /** created/removed: generation; restored: taken back out of the archive (issue 15). */
  action: z.enum(SESSION_ACTIONS).or(z.enum(['created', 'removed', 'restored'])),
  from_status: sessionStatusSchema.nullable(),
  to_status: sessionStatusSchema.nullable(),
  comment: z.string().nullable(),
  details: z.unknown().nullable(),
  user: userRefSchema.nullable(),
  created_at: z.string(),
  comment_edited_at: z.string().nullable(),
  /** Whether the caller wrote this comment (and may edit it). */
  own: z.boolean(),
});
export type SessionLog = z.infer<typeof sessionLogSchema>;

export const biLogEntrySchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  year: z.number().int(),
  quartal: z.number().int(),
  session_id: z.number().int(),
  session_status: sessionStatusSchema,
  count: z.number().int(),
  sum: money,
  created_by: userRefSchema.nullable(),
  created_at: z.string(),
  /** Allowed while the session is not exported. */
  deletable: z.boolean(),
});
export type BiLogEntry = z.infer<typeof biLogEntrySchema>;

export const prepaymentPreviewSchema = z.object({
  company_id: z.number().int(),
  year: z.number().int(),
  quartal: z.number().int(),
  count: z.number().int(),
  sum: money,
  existing: z.object({ bi_log_id: z.number().int(), session_id: z.number().int() }).nullable(),
});
export type PrepaymentPreview = z.infer<typeof prepaymentPreviewSchema>;

export const prepaymentCreateResultSchema = z.object({
  session: sessionSchema,
  bi_log: biLogEntrySchema,
});

export const bookingStatsSchema = z.object({
  companies: z.array(
    z.object({
      company_id: z.number().int(),
      sessions: z.record(sessionStatusSchema, z.number().int()),
      archived: z.number().int(),
      awaiting_approval: z.object({
        sessions: z.number().int(),
        bookings: z.number().int(),
        sum_soll: money,
        sum_haben: money,
      }),
      failed_exports: z.number().int(),
    }),
  ),
});
export type BookingStats = z.infer<typeof bookingStatsSchema>;

export const provisionSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  year: z.number().int(),
  amount: money,
  note: z.string().nullable(),
  /** Booked against the provision (payments up to it and the release). */
  used: money,
  remaining: money,
  updated_at: z.string(),
  updated_by: userRefSchema.nullable(),
});
export type Provision = z.infer<typeof provisionSchema>;

export const accountMappingViewSchema = z.object({
  mapping: accountMappingSchema,
  /** false: nothing stored, the preset of the company's chart of accounts is in force. */
  stored: z.boolean(),
});
export type AccountMappingView = z.infer<typeof accountMappingViewSchema>;
