import { z } from 'zod';
import { DOCUMENT_TYPES } from '../documents/vocabulary';
import { PAYMENT_LINE_KINDS, PAYMENT_LINE_STATUSES } from '../payments/rules';
import { idField, idParamSchema, isoDateSchema, paged, pageQuerySchema } from './common';
import { masterDataSchema } from './master-data';

export * from '../documents/vocabulary';

/**
 * Documents API (issue 4, seed section 7). Paths, all under /api:
 *
 * - POST   /documents                        multipart: company_id + one or more files → uploadResultSchema
 * - GET    /documents?type&page&orderBy&orderDirection&company_id&dueDate&search → documentListSchema
 * - GET    /documents/stats?company_id       → documentStatsSchema
 * - GET    /documents/{id}                   → documentDetailSchema
 * - PUT    /documents/{id}                   body: documentUpdateSchema → documentDetailSchema
 * - DELETE /documents/{id}                   soft delete → documentDetailSchema
 * - POST   /documents/{id}/restore           (admin) → documentDetailSchema
 * - POST   /documents/{id}/keepLocking       → documentLockSchema (423 when another user holds it)
 * - POST   /documents/{id}/releaseLock       → documentLockSchema
 * - GET    /documents/{id}/confirmation?override  what confirming would do → confirmationPreviewSchema
 * - POST   /documents/{id}/confirm           "Prüfung abschließen", body documentConfirmSchema → documentDetailSchema
 *                                            (422 with `checks` + `abrechnung` while blocking checks stand)
 * - POST   /documents/{id}/reprocess         → documentDetailSchema (status neu, job queued)
 * - POST   /documents/{id}/versions          multipart: one PDF file (annotated) → documentDetailSchema
 * - GET    /documents/getFile?path=&download=true  → the PDF bytes
 * - GET    /extractions/api?document_id&page&x&y&width&height → extractionTextSchema
 * - GET    /uploadAuditTrail?page            (admin) → uploadAuditListSchema
 * - GET    /uploadAuditTrail/{id}            (admin) → uploadAuditEntrySchema
 *
 * A 423 answer carries `{ error, code: 'DOCUMENT_LOCKED', lock: documentLockSchema }`.
 */

// ---------------------------------------------------------------- enums

export const DOCUMENT_STATUSES = [
  'neu',
  'in_verarbeitung',
  'zu_pruefen',
  'fehler',
  'geprueft',
  'gebucht',
] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
export const DOCUMENT_STATUS_LABELS: Record<DocumentStatus, string> = {
  neu: 'neu',
  in_verarbeitung: 'in Verarbeitung',
  zu_pruefen: 'zu prüfen',
  fehler: 'Fehler',
  geprueft: 'geprüft',
  gebucht: 'gebucht',
};

/**
 * Where a document's processing is while it runs (issue 11 point 5): waiting in the queue
 * (with its position among the waiting jobs, 1 = next), reading the text layer, recognising
 * scanned pages (OCR) or reading the fields. `page` is the page being worked on (1-based).
 */
export const PROCESSING_STAGES = ['queued', 'reading', 'ocr', 'extraction'] as const;
export type ProcessingStage = (typeof PROCESSING_STAGES)[number];
export const processingProgressSchema = z.object({
  stage: z.enum(PROCESSING_STAGES),
  page: z.number().int().nullable(),
  pages: z.number().int().nullable(),
  queue_position: z.number().int().nullable(),
});
export type ProcessingProgress = z.infer<typeof processingProgressSchema>;

/** The progress line shown in the inbox and on the document ("Texterkennung Seite 2 von 5"). */
export function processingProgressText(p: ProcessingProgress): string {
  const of = p.page && p.pages ? ` Seite ${p.page} von ${p.pages}` : '';
  switch (p.stage) {
    case 'queued':
      return p.queue_position ? `In Warteschlange (Position ${p.queue_position})` : 'In Warteschlange';
    case 'reading':
      return `Text wird gelesen${of}`;
    case 'ocr':
      return `Texterkennung${of}`;
    case 'extraction':
      return 'Felder werden ausgelesen';
  }
}

export const FIELD_SOURCES = ['extraction', 'user', 'hint'] as const;
export type FieldSource = (typeof FIELD_SOURCES)[number];
export const FIELD_SOURCE_LABELS: Record<FieldSource, string> = {
  extraction: 'automatisch erkannt',
  user: 'manuell erfasst',
  hint: 'aus Layout-Hinweis',
};

export const CHECK_SEVERITIES = ['error', 'warning', 'info'] as const;
export type CheckSeverity = (typeof CHECK_SEVERITIES)[number];

export const UPLOAD_STATUSES = ['stored', 'duplicate', 'refused'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];
export const UPLOAD_STATUS_LABELS: Record<UploadStatus, string> = {
  stored: 'gespeichert',
  duplicate: 'Duplikat',
  refused: 'abgelehnt',
};

export const UPLOAD_SOURCES = ['upload', 'import', 'version'] as const;
export type UploadSource = (typeof UPLOAD_SOURCES)[number];
export const UPLOAD_SOURCE_LABELS: Record<UploadSource, string> = {
  upload: 'Hochladen',
  import: 'Importordner',
  version: 'annotierte Fassung',
};

// ---------------------------------------------------------------- fields, checks, lock

/** [x, y, width, height] in PDF points, origin top-left of the page. */
export const rectSchema = z.tuple(
  [
    z.number({ error: 'x muss eine Zahl sein.' }),
    z.number({ error: 'y muss eine Zahl sein.' }),
    z.number({ error: 'Breite muss eine Zahl sein.' }).nonnegative('Breite darf nicht negativ sein.'),
    z.number({ error: 'Höhe muss eine Zahl sein.' }).nonnegative('Höhe darf nicht negativ sein.'),
  ],
  { error: 'Rechteck als [x, y, Breite, Höhe] angeben.' },
);
export type DocumentRect = z.infer<typeof rectSchema>;

export const vorauszahlungValueSchema = z.object({
  jahr: z.number().int(),
  quartal: z.number().int().min(1).max(4),
  betrag: z.string(),
  faellig_am: z.string(),
});
export const zerlegungsanteilValueSchema = z.object({
  gemeinde: z.string(),
  ags: z.string().nullable(),
  anteil: z.string(),
});

/**
 * Normalised value: money as decimal string with two places ("2021.60"), dates ISO,
 * percent and year as numbers, lists for vorauszahlungen / zerlegungsanteile.
 */
export const fieldValueSchema = z.union(
  [z.string(), z.number(), z.array(vorauszahlungValueSchema), z.array(zerlegungsanteilValueSchema), z.null()],
  { error: 'Ungültiger Feldwert.' },
);
export type FieldValueDto = z.infer<typeof fieldValueSchema>;

export const documentFieldSchema = z.object({
  value: fieldValueSchema,
  confidence: z.number().min(0).max(1),
  /** 1-based; null when typed in without a place on the PDF. */
  page: z.number().int().nullable(),
  rect: rectSchema.nullable(),
  source: z.enum(FIELD_SOURCES),
});
export type DocumentField = z.infer<typeof documentFieldSchema>;
export const documentFieldsSchema = z.record(z.string(), documentFieldSchema);
export type DocumentFields = z.infer<typeof documentFieldsSchema>;

export const documentCheckSchema = z.object({
  code: z.string(),
  severity: z.enum(CHECK_SEVERITIES),
  message: z.string(),
  field: z.string().optional(),
});
export type DocumentCheck = z.infer<typeof documentCheckSchema>;

export const masterDataMatchSchema = z.object({
  master_data_id: z.number().int().nullable(),
  /** Why it matched (German), e.g. "Kassenzeichen 123 stimmt überein." */
  reason: z.string(),
});
export type MasterDataMatch = z.infer<typeof masterDataMatchSchema>;

export const userRefSchema = z.object({ id: z.number().int(), username: z.string(), name: z.string() });
export type UserRef = z.infer<typeof userRefSchema>;

export const documentLockSchema = z.object({
  locked_by: userRefSchema.nullable(),
  expires_at: z.string().nullable(),
  /** true when the caller holds the lock. */
  mine: z.boolean(),
});
export type DocumentLock = z.infer<typeof documentLockSchema>;

// ---------------------------------------------------------------- list, stats

export const DOCUMENT_SORT_FIELDS = [
  'created_at',
  'updated_at',
  'type',
  'status',
  'filename',
  'dueDate',
  'erhebungszeitraum',
  'gemeinde',
  /** Ours (additive): for the admin list of deleted documents (deleted=true). */
  'deleted_at',
] as const;
export type DocumentSortField = (typeof DOCUMENT_SORT_FIELDS)[number];

/**
 * dueDate filter: an ISO date = follow-up due on or before that day; `overdue` = due before
 * today; `soon` = due within the next 14 days (today included); `any` = has a follow-up.
 */
export const DUE_FILTERS = ['overdue', 'soon', 'any'] as const;

const boolQuery = (label: string) =>
  z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], {
      error: `${label} muss true oder false sein.`,
    })
    .transform((v) => v === true || v === 'true' || v === '1');

/** The company a list, statistic or upload belongs to (decimal digits only). */
const companyIdField = idField({
  type: 'Firma muss eine Zahl sein.',
  int: 'Firma muss eine ganze Zahl sein.',
  positive: 'Bitte eine Firma wählen.',
});

export const documentListQuerySchema = pageQuerySchema.extend({
  company_id: companyIdField,
  type: z.enum(DOCUMENT_TYPES, { error: 'Unbekannter Dokumenttyp.' }).optional(),
  status: z.enum(DOCUMENT_STATUSES, { error: 'Unbekannter Status.' }).optional(),
  orderBy: z
    .enum(DOCUMENT_SORT_FIELDS, { error: 'Nach diesem Feld kann nicht sortiert werden.' })
    .default('created_at'),
  orderDirection: z
    .enum(['asc', 'desc'], { error: 'Sortierrichtung muss asc oder desc sein.' })
    .default('desc'),
  dueDate: z
    .union([isoDateSchema, z.enum(DUE_FILTERS)], {
      error: 'Fälligkeit als Datum (z. B. 31.12.2025) oder overdue, soon, any angeben.',
    })
    .optional(),
  search: z.string().trim().max(200, 'Der Suchtext darf höchstens 200 Zeichen lang sein.').optional(),
  /** Only the documents assigned to this establishment (its view lists them). */
  master_data_id: idField({ type: 'Betriebsstätte muss eine Zahl sein.' }).optional(),
  /** Default false: archived documents are shown in /archiv. */
  archived: boolQuery('archived').optional(),
  /** Admin only: list soft-deleted documents (to restore them). */
  deleted: boolQuery('deleted').optional(),
});
export type DocumentListQuery = z.input<typeof documentListQuerySchema>;
export type DocumentListParams = z.output<typeof documentListQuerySchema>;

export const documentListItemSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  type: z.enum(DOCUMENT_TYPES).nullable(),
  status: z.enum(DOCUMENT_STATUSES),
  archived: z.boolean(),
  deleted: z.boolean(),
  filename: z.string(),
  /** Download address of the current version: /api/documents/getFile?path=... */
  pdf: z.string(),
  /** Download address of the original upload (differs from pdf once an annotated version exists). */
  original_pdf: z.string(),
  size: z.number().int(),
  page_count: z.number().int().nullable(),
  dueDate: z.string().nullable(),
  dueText: z.string().nullable(),
  erhebungszeitraum: z.number().int().nullable(),
  gemeinde: z.string().nullable(),
  kassenzeichen: z.string().nullable(),
  /** Main amount for the list (festgesetzte Steuer, Zinsen, Rückstand, Messbetrag …), decimal string. */
  amount: z.string().nullable(),
  /** The field `amount` was taken from (e.g. abrechnung, zinsen): the list names it per row. */
  amount_field: z.string().nullable(),
  master_data_id: z.number().int().nullable(),
  /** Reason when status is fehler (German). */
  error: z.string().nullable(),
  /** While the status is neu or in_verarbeitung: where processing is; null otherwise. */
  progress: processingProgressSchema.nullable(),
  check_counts: z.object({ error: z.number().int(), warning: z.number().int(), info: z.number().int() }),
  uploaded_by: userRefSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Ours (additive): when and by whom a (soft-)deleted document was deleted; null otherwise. */
  deleted_at: z.string().nullable().optional(),
  deleted_by: userRefSchema.nullable().optional(),
  /** Ours: when the original files were deleted after the retention period (data kept); null otherwise. */
  original_deleted_at: z.string().nullable().optional(),
});
export type DocumentListItem = z.infer<typeof documentListItemSchema>;
export const documentListSchema = paged(documentListItemSchema);
export type DocumentList = z.infer<typeof documentListSchema>;

export const documentStatsQuerySchema = z.object({
  company_id: companyIdField,
});

export const documentStatsSchema = z.object({
  company_id: z.number().int(),
  /** Not archived, not deleted. */
  total: z.number().int(),
  /** Every type key present (0 when none); documents not yet classified are not counted here. */
  by_type: z.record(z.enum(DOCUMENT_TYPES), z.number().int()),
  /** Every status key present (0 when none). */
  by_status: z.record(z.enum(DOCUMENT_STATUSES), z.number().int()),
  /** Follow-ups: overdue = before today; due_soon = today … today + 14 days. */
  overdue: z.number().int(),
  due_soon: z.number().int(),
});
export type DocumentStats = z.infer<typeof documentStatsSchema>;

// ---------------------------------------------------------------- detail

export const documentVersionSchema = z.object({
  id: z.number().int(),
  /** 1 = original upload, 2… = annotated versions. */
  version: z.number().int(),
  kind: z.enum(['original', 'annotated']),
  pdf: z.string(),
  size: z.number().int(),
  created_at: z.string(),
  created_by: userRefSchema.nullable(),
});
export type DocumentVersion = z.infer<typeof documentVersionSchema>;

/** Master data with its payments; payments arrive with a later issue (empty lists until then). */
export const documentMasterDataSchema = masterDataSchema.extend({
  payments: z.array(z.record(z.string(), z.unknown())),
  /** Sorted ascending by created_at. */
  payment_lines: z.array(z.record(z.string(), z.unknown())),
});

export const documentDetailSchema = documentListItemSchema.extend({
  type_confidence: z.number().nullable(),
  /** Ours: the type was set by a user (reprocessing keeps it). */
  type_by_user: z.boolean(),
  fields: documentFieldsSchema,
  checks: z.array(documentCheckSchema),
  match: masterDataMatchSchema.nullable(),
  masterData: documentMasterDataSchema.nullable(),
  lock: documentLockSchema,
  versions: z.array(documentVersionSchema),
  /** 1-based numbers of the pages read by OCR. */
  ocr_pages: z.array(z.number().int()),
  processing: z.object({
    attempts: z.number().int(),
    processed_at: z.string().nullable(),
    duration_ms: z.number().int().nullable(),
  }),
  confirmed_at: z.string().nullable(),
  confirmed_by: userRefSchema.nullable(),
  deleted_at: z.string().nullable(),
});
export type DocumentDetail = z.infer<typeof documentDetailSchema>;

export const documentIdParamSchema = idParamSchema;

// ---------------------------------------------------------------- PUT /documents/{id}

/**
 * One changed field. With `page` + `rect` the value was picked by a rectangle on the PDF:
 * the rectangle is stored as a layout hint for the municipality and field. `value: null`
 * removes the field.
 */
export const documentFieldInputSchema = z.object({
  value: fieldValueSchema,
  page: z
    .number({ error: 'Seite muss eine Zahl sein.' })
    .int('Seite muss eine ganze Zahl sein.')
    .min(1)
    .optional(),
  rect: rectSchema.optional(),
});
export type DocumentFieldInput = z.infer<typeof documentFieldInputSchema>;

export const documentUpdateArchivedSchema = z.strictObject({
  archived: z.boolean({ error: 'archived muss true oder false sein.' }),
});
export const documentUpdateDueSchema = z.strictObject({
  dueDate: isoDateSchema.nullable(),
  dueText: z
    .string({ error: 'Der Text zur Wiedervorlage muss Text sein.' })
    .trim()
    .min(1, 'Bitte einen Text zur Wiedervorlage angeben.')
    .max(500, 'Der Text zur Wiedervorlage darf höchstens 500 Zeichen lang sein.')
    .nullable(),
});
export const documentUpdateFieldsSchema = z.strictObject({
  fields: z.record(z.string().regex(/^[a-z_]{2,40}$/, 'Unbekannter Feldname.'), documentFieldInputSchema, {
    error: 'Felder als Objekt { name: { value, page?, rect? } } angeben.',
  }),
});
export const documentUpdateMasterDataSchema = z.strictObject({
  master_data_id: z
    .number({ error: 'Stammdatensatz muss eine Zahl sein.' })
    .int('Stammdatensatz muss eine ganze Zahl sein.')
    .positive('Stammdatensatz muss positiv sein.')
    .nullable(),
});
/** Ours (additive): correct the document type; the fields are kept. */
export const documentUpdateTypeSchema = z.strictObject({
  type: z.enum(DOCUMENT_TYPES, { error: 'Unbekannter Dokumenttyp.' }),
});

export const documentUpdateSchema = z
  .union(
    [
      documentUpdateArchivedSchema,
      documentUpdateDueSchema,
      documentUpdateFieldsSchema,
      documentUpdateMasterDataSchema,
      documentUpdateTypeSchema,
    ],
    {
      error:
        'Bitte genau eine Änderung senden: archived, dueDate mit dueText, fields, master_data_id oder type.',
    },
  )
  .superRefine((v, ctx) => {
    if ('dueDate' in v && (v.dueDate === null) !== (v.dueText === null)) {
      ctx.addIssue({
        code: 'custom',
        path: ['dueDate'],
        message: 'Fälligkeit und Text zur Wiedervorlage gemeinsam setzen oder gemeinsam leeren.',
      });
    }
  });
export type DocumentUpdate = z.infer<typeof documentUpdateSchema>;

// ---------------------------------------------------------------- confirm ("Prüfung abschließen")

const overrideReasonSchema = z
  .string({ error: 'Die Begründung muss Text sein.' })
  .trim()
  .min(5, 'Bitte begründen, warum trotz der Abweichung abgeschlossen wird (mindestens 5 Zeichen).')
  .max(500, 'Die Begründung darf höchstens 500 Zeichen lang sein.');

/**
 * POST /documents/{id}/confirm. `override_reason` confirms despite blocking checks (e.g. our
 * Abrechnung differs from the printed one); it is audit-logged.
 */
export const documentConfirmSchema = z
  .strictObject({ override_reason: overrideReasonSchema.optional() })
  .nullish();
export type DocumentConfirm = z.infer<typeof documentConfirmSchema>;

/**
 * POST /documents/{id}/unconfirm ("Bestätigung zurücknehmen"): back to `zu_pruefen`, the
 * payment lines of the confirmation cancelled, the lines it superseded active again. Only
 * while none of its lines is booked past an open booking session; audit-logged with the reason.
 */
export const documentUnconfirmSchema = z.strictObject({
  reason: z
    .string({ error: 'Bitte einen Grund angeben.' })
    .trim()
    .min(5, 'Bitte begründen, warum die Bestätigung zurückgenommen wird (mindestens 5 Zeichen).')
    .max(500, 'Der Grund darf höchstens 500 Zeichen lang sein.'),
});
export type DocumentUnconfirm = z.infer<typeof documentUnconfirmSchema>;

/**
 * POST /documents/{id}/reprocess. `keep_corrections` (default true): values a user entered or
 * picked survive; false drops them and reads everything again. A type set by a user is kept.
 */
export const documentReprocessSchema = z
  .strictObject({
    keep_corrections: z.boolean({ error: 'keep_corrections muss true oder false sein.' }).optional(),
  })
  .nullish();
export type DocumentReprocess = z.infer<typeof documentReprocessSchema>;

export const confirmationQuerySchema = z.object({
  override: z
    .enum(['true', 'false'], { error: 'override muss true oder false sein.' })
    .optional()
    .transform((v) => v === 'true'),
});

const plannedLineSchema = z.object({
  year: z.number().int(),
  kind: z.enum(PAYMENT_LINE_KINDS),
  quartal: z.number().int().nullable(),
  betrag: z.string(),
  faellig_am: z.string().nullable(),
  reason: z.string(),
});

/** GET /documents/{id}/confirmation: what "Prüfung abschließen" would do; nothing is written. */
export const confirmationPreviewSchema = z.object({
  add: z.array(plannedLineSchema.extend({ status: z.enum(PAYMENT_LINE_STATUSES) })),
  supersede: z.array(plannedLineSchema.extend({ id: z.number().int() })),
  /** Blocking checks first: confirmation needs `override_reason` while any stands. */
  checks: z.array(
    z.object({
      code: z.string(),
      severity: z.enum(CHECK_SEVERITIES),
      message: z.string(),
      blocking: z.boolean(),
    }),
  ),
  /** Gewerbesteuerbescheid: our Abrechnung beside the printed one. */
  abrechnung: z
    .object({
      year: z.number().int(),
      festgesetzte_steuer: z.string(),
      printed: z.string().nullable(),
      printed_bisher: z.string().nullable(),
      soll_ours: z.string(),
      ours: z.string(),
      credited_from_notice: z.string(),
      open_change: z.string(),
      differs: z.boolean(),
    })
    .nullable(),
  /** Payment years the confirmation would touch that are closed (it would be refused). */
  closed_years: z.array(z.number().int()),
});
export type ConfirmationPreview = z.infer<typeof confirmationPreviewSchema>;

// ---------------------------------------------------------------- upload, audit trail

/** Multipart text field next to the files of POST /documents. */
export const documentUploadFieldsSchema = z.object({
  company_id: companyIdField,
});

export const uploadFileResultSchema = z.object({
  filename: z.string(),
  status: z.enum(UPLOAD_STATUSES),
  /** German reason for refused (and a note for duplicate). */
  reason: z.string().optional(),
  /** The new document, or for a duplicate the existing document with the same content. */
  document_id: z.number().int().optional(),
  upload_id: z.number().int().optional(),
});
export type UploadFileResult = z.infer<typeof uploadFileResultSchema>;

/**
 * 201 when at least one file was stored or recognised as a duplicate; when every file
 * was refused the answer is 415 (no PDF) or 413 (too large) with the same `results`.
 */
export const uploadResultSchema = z.object({ results: z.array(uploadFileResultSchema) });
export type UploadResult = z.infer<typeof uploadResultSchema>;

export const uploadAuditEntrySchema = z.object({
  id: z.number().int(),
  company_id: z.number().int().nullable(),
  company_name: z.string().nullable(),
  filename: z.string(),
  sha256: z.string().nullable(),
  size: z.number().int(),
  status: z.enum(UPLOAD_STATUSES),
  reason: z.string().nullable(),
  source: z.enum(UPLOAD_SOURCES),
  document_id: z.number().int().nullable(),
  uploaded_by: userRefSchema.nullable(),
  /** /api/documents/getFile?path=...&download=true; null for refused uploads (nothing stored). */
  download_path: z.string().nullable(),
  created_at: z.string(),
});
export type UploadAuditEntry = z.infer<typeof uploadAuditEntrySchema>;
export const uploadAuditListSchema = paged(uploadAuditEntrySchema);
export type UploadAuditList = z.infer<typeof uploadAuditListSchema>;

// ---------------------------------------------------------------- getFile, extractions

export const getFileQuerySchema = z.object({
  path: z.string({ error: 'Pfad fehlt.' }).min(1, 'Pfad fehlt.').max(300, 'Der Pfad ist zu lang.'),
  download: boolQuery('download').optional(),
});

const coord = (label: string) => z.coerce.number({ error: `${label} muss eine Zahl sein.` });

export const extractionQuerySchema = z.object({
  document_id: idField({
    type: 'Dokument muss eine Zahl sein.',
    int: 'Dokument muss eine ganze Zahl sein.',
    positive: 'Dokument muss positiv sein.',
  }),
  page: z.coerce
    .number({ error: 'Seite muss eine Zahl sein.' })
    .int('Seite muss eine ganze Zahl sein.')
    .min(1, 'Seite muss mindestens 1 sein.'),
  x: coord('x'),
  y: coord('y'),
  width: coord('Breite').positive('Breite muss größer als 0 sein.'),
  height: coord('Höhe').positive('Höhe muss größer als 0 sein.'),
});
export type ExtractionQuery = z.input<typeof extractionQuerySchema>;

export const extractionTextSchema = z.object({
  text: z.string(),
  /** Where the words came from. */
  source: z.enum(['text', 'ocr']).optional(),
});
export type ExtractionText = z.infer<typeof extractionTextSchema>;

/** The 423 body. */
export const documentLockedErrorSchema = z.object({
  error: z.string(),
  code: z.literal('DOCUMENT_LOCKED'),
  lock: documentLockSchema,
});
