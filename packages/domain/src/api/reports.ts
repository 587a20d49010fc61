import { z } from 'zod';
import { PAYMENT_LINE_KINDS, PAYMENT_LINE_STATUSES } from '../payments/rules';
import { CASH_GROUPS, REPORT_INTEREST_KINDS } from '../reports/rules';

/**
 * Reports (issue 15), all under /api, permission close-bi-sessions-generate-reports.
 * One GET per report; only company_id is required, every other filter has a default:
 *
 * - GET /reports/expense?company_id&year_from&year_to&ags&group_by → expenseReportSchema
 * - GET /reports/provision?company_id&year&ags&messbetrag           → provisionReportSchema
 * - POST /reports/provision/adopt {company_id, year, messbetrag?, rueckstellung} → provisionSchema
 * - GET /reports/cashplan?company_id&from&year_from&year_to&ags     → cashPlanReportSchema
 * - GET /reports/interest?company_id&year_from&year_to&ags          → interestReportSchema
 * - GET /reports/reconciliation?company_id&year_from&year_to&ags    → reconciliationReportSchema
 * - GET /reports/{report}/export?format=xlsx|pdf&…the report's filters → file
 * - GET /reports/trace?report&column&company_id&…                   → traceSchema: the payment
 *   lines, notices and bookings behind one figure (their sum is the figure).
 */

export const REPORTS = ['expense', 'provision', 'cashplan', 'interest', 'reconciliation'] as const;
export type ReportName = (typeof REPORTS)[number];

const yearParam = (label: string) =>
  z.coerce
    .number({ error: `${label} muss eine Zahl sein.` })
    .int(`${label} muss eine ganze Zahl sein.`)
    .min(1990, `${label} muss zwischen 1990 und 2100 liegen.`)
    .max(2100, `${label} muss zwischen 1990 und 2100 liegen.`);

const companyParam = z.coerce
  .number({ error: 'Bitte eine Firma wählen.' })
  .int('Bitte eine Firma wählen.')
  .positive('Bitte eine Firma wählen.')
  .max(2147483647, 'Diese Firma gibt es nicht.');

const agsParam = z
  .string({ error: 'AGS hat 8 Ziffern.' })
  .regex(/^\d{8}$/, 'AGS hat 8 Ziffern.')
  .optional();

const pageParams = {
  page: z.coerce
    .number({ error: 'Seite muss eine Zahl sein.' })
    .int()
    .min(1, 'Seite muss mindestens 1 sein.')
    .default(1),
  per_page: z.coerce
    .number({ error: 'Einträge pro Seite muss eine Zahl sein.' })
    .int()
    .min(1, 'Einträge pro Seite muss mindestens 1 sein.')
    .max(500, 'Höchstens 500 Einträge pro Seite.')
    .default(50),
};

const baseQuery = z.object({
  company_id: companyParam,
  ...pageParams,
  year_from: yearParam('Jahr von').optional(),
  year_to: yearParam('Jahr bis').optional(),
  ags: agsParam,
});
const yearRangeOk = (q: { year_from?: number; year_to?: number }) =>
  q.year_from === undefined || q.year_to === undefined || q.year_from <= q.year_to;
const yearRangeMessage = { message: '„Jahr von“ darf nicht nach „Jahr bis“ liegen.', path: ['year_from'] };

export const reportBaseQuerySchema = baseQuery.refine(yearRangeOk, yearRangeMessage);
export type ReportBaseQuery = z.infer<typeof reportBaseQuerySchema>;

export const expenseQuerySchema = baseQuery
  .extend({
    group_by: z
      .enum(['gemeinde', 'betriebsstaette'], { error: 'Gruppierung gemeinde oder betriebsstaette.' })
      .default('gemeinde'),
  })
  .refine(yearRangeOk, yearRangeMessage);
export type ExpenseQuery = z.infer<typeof expenseQuerySchema>;

export const cashPlanQuerySchema = baseQuery
  .extend({
    from: z
      .string({ error: 'Startmonat im Format JJJJ-MM angeben.' })
      .regex(/^(19|20|21)\d{2}-(0[1-9]|1[0-2])$/, 'Startmonat im Format JJJJ-MM angeben.')
      .optional(),
  })
  .refine(yearRangeOk, yearRangeMessage);
export type CashPlanQuery = z.infer<typeof cashPlanQuerySchema>;

export const provisionQuerySchema = z.object({
  company_id: companyParam,
  ...pageParams,
  year: yearParam('Jahr').optional(),
  ags: agsParam,
  messbetrag: z
    .string({ error: 'Messbetrag als Dezimalzahl angeben, z. B. 12.500,00.' })
    .trim()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, 'Messbetrag als Dezimalzahl angeben, z. B. 12.500,00.')
    .optional(),
});
export type ProvisionQuery = z.infer<typeof provisionQuerySchema>;

/**
 * POST /reports/provision/adopt: adopt the proposal (all municipalities) as the provision
 * of the company and year (bookings' provisions, audit-logged). `rueckstellung` is the
 * total the user saw; a proposal that changed since answers 409.
 */
export const provisionAdoptSchema = z.object({
  company_id: companyParam,
  year: yearParam('Jahr'),
  messbetrag: provisionQuerySchema.shape.messbetrag,
  rueckstellung: z
    .string({ error: 'Rückstellung fehlt.' })
    .trim()
    .regex(/^-?\d{1,12}(\.\d{1,2})?$/, 'Rückstellung als Dezimalzahl angeben, z. B. 12.000,00.'),
});
export type ProvisionAdopt = z.infer<typeof provisionAdoptSchema>;

/** The filters a report was computed with (defaults resolved), for headers and exports. */
export const reportFilterSchema = z.object({
  company_id: z.number().int(),
  company_name: z.string(),
  year_from: z.number().int(),
  year_to: z.number().int(),
  ags: z.string().nullable(),
  gemeinde: z.string().nullable(),
  /** Date the figures were read (ISO). */
  stand: z.string(),
});
export type ReportFilter = z.infer<typeof reportFilterSchema>;

const money = z.string();

export const expenseRowSchema = z.object({
  year: z.number().int(),
  ags: z.string(),
  gemeinde: z.string(),
  /** Set when grouped by establishment. */
  master_data_id: z.number().int().nullable(),
  designation: z.string().nullable(),
  /** Sum of the latest assessments (null: no Bescheid yet). */
  festgesetzt: money.nullable(),
  vorauszahlungen: money,
  bezahlt: money,
  /** Principal lines in exported bookings (not cancelled by an exported reversal). */
  gebucht: money.nullable(),
  offen: money,
  /** The year's expense: assessed where assessed, else the prepayments set. */
  aufwand: money,
  messbetrag: money.nullable(),
  hebesatz: z.number().int().nullable(),
});
export type ExpenseRow = z.infer<typeof expenseRowSchema>;

const expenseSums = z.object({
  festgesetzt: money,
  vorauszahlungen: money,
  bezahlt: money,
  gebucht: money.nullable(),
  offen: money,
  aufwand: money,
});

export const expenseChangeSchema = z.object({
  ags: z.string(),
  gemeinde: z.string(),
  year: z.number().int(),
  vorjahr: money,
  aufwand: money,
  differenz: money,
  hebesatz_vorjahr: z.number().int().nullable(),
  hebesatz: z.number().int().nullable(),
  messbetrag_vorjahr: money.nullable(),
  messbetrag: money.nullable(),
  hebesatz_effekt: money.nullable(),
  anteil_effekt: money.nullable(),
  sonstiges: money,
});
export type ExpenseChange = z.infer<typeof expenseChangeSchema>;

const rowsMeta = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  last_page: z.number().int(),
});

export const expenseReportSchema = z.object({
  filter: reportFilterSchema.extend({ group_by: z.enum(['gemeinde', 'betriebsstaette']) }),
  /** One page of the rows, largest expense first within a year (newest year first). */
  rows: z.array(expenseRowSchema),
  meta: rowsMeta,
  years: z.array(
    expenseSums.extend({
      year: z.number().int(),
      /** Against the previous year, summed over the municipalities. */
      aenderung: z
        .object({ differenz: money, hebesatz_effekt: money, anteil_effekt: money, sonstiges: money })
        .nullable(),
    }),
  ),
  total: expenseSums,
  /** The largest changes against the previous year (at most 100), explained. */
  changes: z.array(expenseChangeSchema),
  /** The municipalities with the largest expense over the range (chart). */
  top: z.array(z.object({ ags: z.string(), gemeinde: z.string(), aufwand: money })),
});
export type ExpenseReport = z.infer<typeof expenseReportSchema>;

export const provisionRowSchema = z.object({
  ags: z.string(),
  gemeinde: z.string(),
  /** bescheid: assessed figure; zerlegung: our share × Hebesatz; keine: neither available. */
  quelle: z.enum(['bescheid', 'zerlegung', 'keine']),
  anteil: money.nullable(),
  hebesatz: z.number().int().nullable(),
  erwartet: money,
  vorauszahlungen: money,
  rueckstellung: money,
});
export type ProvisionRow = z.infer<typeof provisionRowSchema>;

export const provisionReportSchema = z.object({
  filter: reportFilterSchema.extend({ year: z.number().int() }),
  messbetrag: z.object({
    betrag: money.nullable(),
    quelle: z.enum(['eingabe', 'messbescheid', 'zerlegung', 'keine']),
  }),
  /** Where the shares come from: a saved Zerlegung (id, version) or the master data of the year. */
  zerlegung: z.object({
    quelle: z.enum(['gespeichert', 'stammdaten', 'keine']),
    id: z.number().int().nullable(),
    version: z.number().int().nullable(),
  }),
  rows: z.array(provisionRowSchema),
  meta: rowsMeta,
  total: z.object({ erwartet: money, vorauszahlungen: money, rueckstellung: money }),
  hinweise: z.array(z.string()),
});
export type ProvisionReport = z.infer<typeof provisionReportSchema>;

const cashSums = z.object(
  Object.fromEntries([...CASH_GROUPS, 'summe'].map((k) => [k, money])) as Record<
    (typeof CASH_GROUPS)[number] | 'summe',
    typeof money
  >,
);

export const cashPlanReportSchema = z.object({
  filter: reportFilterSchema.extend({ from: z.string(), months: z.array(z.string()) }),
  months: z.array(cashSums.extend({ month: z.string() })),
  quarters: z.array(cashSums.extend({ quarter: z.string() })),
  /** Per municipality: one amount per month of `filter.months`. */
  municipalities: z.array(
    z.object({ ags: z.string(), gemeinde: z.string(), betraege: z.array(money), summe: money }),
  ),
  meta: rowsMeta,
  /** Open lines due before the first month (not in the months). */
  ueberfaellig: z.object({ anzahl: z.number().int(), summe: money }),
  total: cashSums,
});
export type CashPlanReport = z.infer<typeof cashPlanReportSchema>;

export const interestRowSchema = z.object({
  year: z.number().int(),
  kind: z.enum(REPORT_INTEREST_KINDS),
  behandlung: z.enum(['nicht_abziehbar', 'steuerpflichtig']),
  /** Sum of the active lines (from notices and manual entries). */
  betrag: money,
  anzahl: z.number().int(),
  /** Interest the Bescheide state, where we recalculated it, and our own §233a figure. */
  bescheid: money.nullable(),
  eigene: money.nullable(),
  differenz: money.nullable(),
  abweichungen: z.number().int(),
});
export type InterestRow = z.infer<typeof interestRowSchema>;

export const interestDifferenceSchema = z.object({
  year: z.number().int(),
  kind: z.enum(REPORT_INTEREST_KINDS),
  master_data_id: z.number().int(),
  designation: z.string(),
  ags: z.string(),
  gemeinde: z.string(),
  bescheid: money,
  eigene: money,
  differenz: money,
  basis: money,
  von: z.string(),
  bis: z.string(),
  monate: z.number().int(),
});

export const interestReportSchema = z.object({
  filter: reportFilterSchema,
  rows: z.array(interestRowSchema),
  years: z.array(
    z.object({
      year: z.number().int(),
      nicht_abziehbar: money,
      steuerpflichtig: money,
      abweichungen: z.number().int(),
    }),
  ),
  total: z.object({ nicht_abziehbar: money, steuerpflichtig: money }),
  /** Establishments whose notice states other interest than our §233a calculation (one page). */
  abweichungen: z.array(interestDifferenceSchema),
  meta: rowsMeta,
});
export type InterestReport = z.infer<typeof interestReportSchema>;

export const RECONCILIATION_CAUSES = [
  'missing_notice',
  'rate_conflict',
  'share_conflict',
  'unpaid_line',
  'other',
] as const;
export type ReconciliationCause = (typeof RECONCILIATION_CAUSES)[number];

export const reconciliationCauseSchema = z.object({
  code: z.enum(RECONCILIATION_CAUSES),
  message: z.string(),
  /** Where to look: a document, a payment year of an establishment, a Zerlegung. */
  link: z.object({
    kind: z.enum(['document', 'payment', 'zerlegung', 'master_data']),
    id: z.number().int(),
    year: z.number().int().nullable(),
  }),
});

export const reconciliationRowSchema = z.object({
  year: z.number().int(),
  ags: z.string(),
  gemeinde: z.string(),
  master_data_ids: z.array(z.number().int()),
  erwartet_anteil: money.nullable(),
  erwartet_hebesatz: z.number().int().nullable(),
  erwartet: money.nullable(),
  festgesetzt_messbetrag: money.nullable(),
  festgesetzt_hebesatz: z.number().int().nullable(),
  festgesetzt: money.nullable(),
  bezahlt: money,
  offen: money,
  /** festgesetzt − erwartet and bezahlt − festgesetzt (null where a side is missing). */
  abweichung_festsetzung: money.nullable(),
  abweichung_zahlung: money.nullable(),
  ursachen: z.array(reconciliationCauseSchema),
});
export type ReconciliationRow = z.infer<typeof reconciliationRowSchema>;

export const reconciliationReportSchema = z.object({
  filter: reportFilterSchema,
  zerlegungen: z.array(
    z.object({ year: z.number().int(), id: z.number().int(), version: z.number().int(), messbetrag: money }),
  ),
  /** One page of the rows; rows with a difference first. */
  rows: z.array(reconciliationRowSchema),
  meta: rowsMeta,
  years: z.array(
    z.object({
      year: z.number().int(),
      erwartet: money,
      festgesetzt: money,
      bezahlt: money,
      abweichungen: z.number().int(),
    }),
  ),
});
export type ReconciliationReport = z.infer<typeof reconciliationReportSchema>;

export const REPORT_COLUMNS = {
  expense: ['festgesetzt', 'vorauszahlungen', 'bezahlt', 'offen', 'gebucht'],
  provision: ['erwartet', 'vorauszahlungen'],
  cashplan: ['summe', 'ueberfaellig', ...CASH_GROUPS],
  interest: ['betrag'],
  reconciliation: ['festgesetzt', 'bezahlt', 'offen'],
} as const satisfies Record<ReportName, readonly string[]>;

export const traceQuerySchema = z.object({
  company_id: companyParam,
  /** Lines listed per page (the figure and the count cover all of them). */
  ...pageParams,
  report: z.enum(REPORTS, { error: 'Unbekannter Bericht.' }),
  column: z.string({ error: 'Spalte fehlt.' }).regex(/^[a-z_]{1,40}$/, 'Unbekannte Spalte.'),
  year: yearParam('Jahr').optional(),
  year_from: yearParam('Jahr von').optional(),
  year_to: yearParam('Jahr bis').optional(),
  ags: agsParam,
  master_data_id: z.coerce.number().int().positive().max(2147483647).optional(),
  /** Cash plan: one month "YYYY-MM", or the first month of the 12 ("from"). */
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Monat im Format JJJJ-MM angeben.')
    .optional(),
  from: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Startmonat im Format JJJJ-MM angeben.')
    .optional(),
  kind: z.enum(REPORT_INTEREST_KINDS).optional(),
});
export type TraceQuery = z.infer<typeof traceQuerySchema>;

export const traceSchema = z.object({
  title: z.string(),
  /** The figure: sum of the lines (or of the notices' assessed tax for festgesetzt/erwartet). */
  summe: money,
  payment_lines: z.array(
    z.object({
      id: z.number().int(),
      master_data_id: z.number().int(),
      designation: z.string(),
      ags: z.string(),
      gemeinde: z.string(),
      year: z.number().int(),
      kind: z.enum(PAYMENT_LINE_KINDS),
      quartal: z.number().int().nullable(),
      betrag: money,
      faellig_am: z.string().nullable(),
      zahltag: z.string().nullable(),
      status: z.enum(PAYMENT_LINE_STATUSES),
      document_id: z.number().int().nullable(),
      booking_id: z.number().int().nullable(),
      reason: z.string(),
    }),
  ),
  documents: z.array(
    z.object({
      id: z.number().int(),
      type: z.string().nullable(),
      filename: z.string(),
      bescheid_datum: z.string().nullable(),
      year: z.number().int().nullable(),
      master_data_id: z.number().int().nullable(),
      designation: z.string().nullable(),
      festgesetzte_steuer: money.nullable(),
    }),
  ),
  /** Bookings of the lines listed on this page. */
  bookings: z.array(z.object({ id: z.number().int(), session_id: z.number().int(), betrag: money })),
  /** Paging of the listed lines (for assessed figures: of the notices); `summe` covers all. */
  meta: rowsMeta,
});
export type Trace = z.infer<typeof traceSchema>;

export const reportExportQuerySchema = z.object({
  format: z.enum(['xlsx', 'pdf'], { error: 'Format xlsx oder pdf.' }),
});
export const reportParamSchema = z.object({
  report: z.enum(REPORTS, { error: 'Unbekannter Bericht.' }),
});
