import { z } from 'zod';
import { PAYMENT_LINE_KINDS, PAYMENT_LINE_STATUSES, type PaymentLineKind } from '../payments/rules';
import { idField, idSchema, isoDateSchema, paged, pageQuerySchema } from './common';

/**
 * Payment data API (issue 6). Paths, all under /api:
 *
 * - GET  /payments?company_id&year&ags&only_open&only_overdue&only_warnings&orderBy&orderDirection&page&per_page → paymentListSchema
 * - GET  /payments/export?…same filters                → xlsx
 * - GET  /payments/due?company_id                      → paymentDueSchema (dashboard tiles)
 * - GET  /payments/{id}/{year}   (id = master data)    → paymentDetailSchema
 * - POST /payments/{id}/{year}/lines   body paymentLineInputSchema (add-payment-data) → paymentDetailSchema
 * - POST /payment-lines/{id}/correct   body paymentLineCorrectSchema → paymentDetailSchema
 * - POST /payment-lines/{id}/cancel    body { reason }  → paymentDetailSchema
 * - POST /payment-lines/{id}/status    body { status, date } → paymentDetailSchema
 * - GET  /payment-years                → paymentYearSchema[]
 * - PUT  /payment-years/{year}         body { closed, confirm? } (change-customizing-data)
 *   closing a year with open lines without confirm → 409 PAYMENT_YEAR_HAS_OPEN_LINES with `open_lines`.
 */

const money = z
  .string({ error: 'Betrag fehlt.' })
  .trim()
  .regex(/^-?\d{1,12}(\.\d{1,2})?$/, 'Betrag als Dezimalzahl angeben, z. B. 1.095,00.');
const reason = z
  .string({ error: 'Bitte eine Begründung angeben.' })
  .trim()
  .min(3, 'Bitte eine Begründung angeben.')
  .max(500, 'Die Begründung darf höchstens 500 Zeichen lang sein.');
export const paymentYearParamSchema = z.object({
  id: idSchema,
  year: z.coerce
    .number({ error: 'Das Jahr muss eine Zahl sein.' })
    .int('Das Jahr muss eine ganze Zahl sein.')
    .min(1990, 'Das Jahr muss zwischen 1990 und 2100 liegen.')
    .max(2100, 'Das Jahr muss zwischen 1990 und 2100 liegen.'),
});
export const yearOnlyParamSchema = paymentYearParamSchema.pick({ year: true });

export const PAYMENT_SORT_FIELDS = [
  'designation',
  'gemeinde',
  'year',
  'festgesetzte_steuer',
  'offen',
  'naechste_faelligkeit',
] as const;

const bool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { error: 'Bitte true oder false angeben.' })
  .transform((v) => v === true || v === 'true' || v === '1');

export const paymentListQuerySchema = pageQuerySchema.extend({
  company_id: idField({ type: 'Firma fehlt.', int: 'Firma fehlt.', positive: 'Firma fehlt.' }),
  year: z.coerce.number({ error: 'Das Jahr muss eine Zahl sein.' }).int().min(1990).max(2100).optional(),
  ags: z
    .string()
    .regex(/^\d{8}$/, 'AGS hat 8 Ziffern.')
    .optional(),
  /** Only the years of this establishment (its view lists them). */
  master_data_id: idField({ type: 'Betriebsstätte muss eine Zahl sein.' }).optional(),
  only_open: bool.optional(),
  /** Only years with an open line to pay whose due date has passed (the dashboard's overdue tile). */
  only_overdue: bool.optional(),
  only_warnings: bool.optional(),
  orderBy: z.enum(PAYMENT_SORT_FIELDS, { error: 'Unbekannte Sortierung.' }).default('designation'),
  orderDirection: z.enum(['asc', 'desc'], { error: 'asc oder desc angeben.' }).default('asc'),
});
export type PaymentListQuery = z.infer<typeof paymentListQuerySchema>;

export const paymentCheckSchema = z.object({
  code: z.string(),
  severity: z.enum(['error', 'warning', 'info']),
  message: z.string(),
});

export const paymentListItemSchema = z.object({
  master_data_id: z.number().int(),
  designation: z.string(),
  ags: z.string(),
  gemeinde: z.string(),
  year: z.number().int(),
  festgesetzte_steuer: z.string().nullable(),
  vorauszahlungen: z.string(),
  bezahlt: z.string(),
  offen: z.string(),
  naechste_faelligkeit: z.string().nullable(),
  zinsen: z.string(),
  warnings: z.number().int(),
});
export type PaymentListItem = z.infer<typeof paymentListItemSchema>;
export const paymentListSchema = paged(paymentListItemSchema);
export type PaymentList = z.infer<typeof paymentListSchema>;

const userRef = z.object({ id: z.number().int(), username: z.string(), name: z.string() }).nullable();

export const paymentLineSchema = z.object({
  id: z.number().int(),
  payment_id: z.number().int(),
  master_data_id: z.number().int(),
  year: z.number().int(),
  kind: z.enum(PAYMENT_LINE_KINDS),
  quartal: z.number().int().nullable(),
  betrag: z.string(),
  faellig_am: z.string().nullable(),
  status: z.enum(PAYMENT_LINE_STATUSES),
  status_date: z.string().nullable(),
  status_by: userRef,
  reason: z.string(),
  document_id: z.number().int().nullable(),
  superseded_by: z.number().int().nullable(),
  superseded_reason: z.string().nullable(),
  booking_id: z.number().int().nullable(),
  created_at: z.string(),
  created_by: userRef,
});
export type PaymentLine = z.infer<typeof paymentLineSchema>;

export const paymentSchema = z.object({
  id: z.number().int(),
  master_data_id: z.number().int(),
  company_id: z.number().int(),
  year: z.number().int(),
  festgesetzte_steuer: z.string().nullable(),
  messbetrag: z.string().nullable(),
  hebesatz: z.number().int().nullable(),
  erwarteter_messbetrag: z.string().nullable(),
  zerlegungsanteil: z.string().nullable(),
  checks: z.array(paymentCheckSchema),
  /** What was assessed, notice by notice. */
  history: z.array(
    z.object({
      document_id: z.number().int(),
      type: z.string(),
      bescheid_datum: z.string().nullable(),
      festgesetzte_steuer: z.string().nullable(),
      at: z.string(),
    }),
  ),
  interest: z
    .object({
      notice: z.string(),
      ours: z.string(),
      base: z.string(),
      from: z.string(),
      to: z.string(),
      months: z.number().int(),
    })
    .nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const paymentSumsSchema = z.object({
  festgesetzte_steuer: z.string().nullable(),
  vorauszahlungen: z.string(),
  bezahlt: z.string(),
  offen: z.string(),
  zinsen: z.string(),
  naechste_faelligkeit: z.string().nullable(),
});

export const paymentDetailSchema = z.object({
  master_data: z.object({
    id: z.number().int(),
    company_id: z.number().int(),
    designation: z.string(),
    ags: z.string(),
    gemeinde: z.string(),
  }),
  year: z.number().int(),
  closed: z.boolean(),
  payment: paymentSchema.nullable(),
  documents: z.array(
    z.object({
      id: z.number().int(),
      type: z.string().nullable(),
      filename: z.string(),
      bescheid_datum: z.string().nullable(),
      confirmed_at: z.string().nullable(),
    }),
  ),
  /** Ascending by created_at, superseded and cancelled lines included. */
  payment_lines: z.array(paymentLineSchema),
  sums: paymentSumsSchema,
});
export type PaymentDetail = z.infer<typeof paymentDetailSchema>;

/**
 * Sign of a line's amount by kind (positive = we pay, negative = we receive); `null` for
 * `korrektur`, which goes either way. A message when `betrag` has the wrong sign.
 */
export function paymentLineSignError(kind: PaymentLineKind, betrag: string): string | null {
  const n = Number(betrag);
  if (kind === 'erstattung' || kind === 'erstattungszinsen')
    return n > 0 ? 'Erstattungen werden als negativer Betrag erfasst, z. B. -200,00.' : null;
  if (kind === 'korrektur') return null;
  return n < 0 ? 'Dieser Betrag wird positiv erfasst; Gutschriften als Erstattung oder Korrektur.' : null;
}

export const paymentLineInputSchema = z
  .strictObject({
    kind: z.enum(PAYMENT_LINE_KINDS, { error: 'Unbekannte Art.' }),
    quartal: z
      .number({ error: 'Quartal 1 bis 4.' })
      .int()
      .min(1, 'Quartal 1 bis 4.')
      .max(4, 'Quartal 1 bis 4.')
      .nullish(),
    betrag: money,
    faellig_am: isoDateSchema.nullable(),
    reason,
  })
  .superRefine((v, ctx) => {
    const msg = paymentLineSignError(v.kind, v.betrag);
    if (msg) ctx.addIssue({ code: 'custom', path: ['betrag'], message: msg });
  });
export type PaymentLineInput = z.infer<typeof paymentLineInputSchema>;
export const paymentLineCorrectSchema = z.strictObject({
  betrag: money,
  faellig_am: isoDateSchema.nullable(),
  reason,
});
export type PaymentLineCorrect = z.infer<typeof paymentLineCorrectSchema>;
export const paymentLineCancelSchema = z.strictObject({ reason });
export const paymentLineStatusSchema = z.strictObject({
  status: z.enum(['offen', 'angewiesen', 'bezahlt'], { error: 'Status offen, angewiesen oder bezahlt.' }),
  date: isoDateSchema.nullable(),
});
export type PaymentLineStatusInput = z.infer<typeof paymentLineStatusSchema>;

export const paymentDueQuerySchema = z.object({
  company_id: idField({ type: 'Firma fehlt.', int: 'Firma fehlt.', positive: 'Firma fehlt.' }),
});
export const paymentDueSchema = z.object({
  due_soon: z.object({ count: z.number().int(), sum: z.string() }),
  overdue: z.object({ count: z.number().int(), sum: z.string() }),
  to_review: z.number().int(),
});
export type PaymentDue = z.infer<typeof paymentDueSchema>;

export const paymentYearSchema = z.object({
  year: z.number().int(),
  closed: z.boolean(),
  closed_at: z.string().nullable(),
  closed_by: userRef,
  open_lines: z.number().int(),
});
export type PaymentYear = z.infer<typeof paymentYearSchema>;
export const paymentYearUpdateSchema = z.strictObject({
  closed: z.boolean({ error: 'closed muss true oder false sein.' }),
  confirm: z.boolean().optional(),
});
