import { electronicFormatIBAN, friendlyFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { formatMoneyPlain } from '../money';
import { agsSchema } from './calculations';
import { idSchema, isoDateSchema, optionalText, paged, pageQuerySchema } from './common';
import { rateHebesatzSchema, rateYearSchema } from './municipalities';

export const REFERENCE_KINDS = ['kassenzeichen', 'buchungszeichen', 'personenkonto', 'sonstiges'] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];
export const REFERENCE_KIND_LABELS: Record<ReferenceKind, string> = {
  kassenzeichen: 'Kassenzeichen',
  buchungszeichen: 'Buchungszeichen',
  personenkonto: 'Personenkonto',
  sonstiges: 'Sonstiges Zeichen',
};

export const RATE_SOURCES = ['reference', 'manual', 'import', 'notice'] as const;
export type RateSource = (typeof RATE_SOURCES)[number];
export const RATE_SOURCE_LABELS: Record<RateSource, string> = {
  reference: 'Referenztabelle',
  manual: 'manuell',
  import: 'Import',
  notice: 'Bescheid',
};

/** IBAN: spaces allowed on input, stored in electronic format; checksum checked by ibantools. */
export const ibanSchema = z
  .string({ error: 'IBAN muss Text sein.' })
  .trim()
  .nullish()
  .transform((v, ctx) => {
    if (!v) return null;
    const electronic = electronicFormatIBAN(v) ?? '';
    if (!isValidIBAN(electronic)) {
      ctx.addIssue({
        code: 'custom',
        message: 'Die IBAN ist ungültig (Prüfziffer oder Länge stimmt nicht).',
      });
      return z.NEVER;
    }
    return electronic;
  });

export const bicSchema = z
  .string({ error: 'BIC muss Text sein.' })
  .trim()
  .nullish()
  .transform((v, ctx) => {
    if (!v) return null;
    const upper = v.toUpperCase().replace(/\s+/g, '');
    if (!isValidBIC(upper)) {
      ctx.addIssue({
        code: 'custom',
        message: 'Die BIC ist ungültig (8 oder 11 Zeichen, z. B. BYLADEMMXXX).',
      });
      return z.NEVER;
    }
    return upper;
  });

export const formatIban = (iban: string | null | undefined) =>
  iban ? (friendlyFormatIBAN(iban) ?? iban) : '';

const optionalDate = z
  .union([isoDateSchema, z.literal(''), z.null()])
  .optional()
  .transform((v) => (v ? v : null));

export const masterDataReferenceSchema = z.object({
  kind: z.enum(REFERENCE_KINDS, { error: 'Unbekannte Art des Zeichens.' }),
  value: z
    .string({ error: 'Das Zeichen muss Text sein.' })
    .trim()
    .min(1, 'Bitte das Zeichen angeben.')
    .max(60, 'Das Zeichen darf höchstens 60 Zeichen lang sein.'),
});

const wagesAmountSchema = z
  .union([z.string(), z.number()], { error: 'Die Lohnsumme muss eine Zahl sein.' })
  .transform((v) => String(v).trim().replace(',', '.'))
  .pipe(
    z
      .string()
      .regex(
        /^\d{1,12}(\.\d{1,2})?$/,
        'Die Lohnsumme muss ein Betrag ≥ 0 mit höchstens zwei Nachkommastellen sein.',
      ),
  )
  .transform((v) => formatMoneyPlain(v));

export const masterDataWagesSchema = z.object({
  year: rateYearSchema,
  employees: z.coerce
    .number({ error: 'Die Zahl der Arbeitnehmer muss eine Zahl sein.' })
    .int('Die Zahl der Arbeitnehmer muss ganzzahlig sein.')
    .min(0, 'Die Zahl der Arbeitnehmer darf nicht negativ sein.')
    .nullish()
    .transform((v) => v ?? null),
  wages: wagesAmountSchema,
});

export const masterDataRateInputSchema = z.object({
  hebesatz: rateHebesatzSchema,
  note: optionalText(500, 'Die Notiz'),
});
export const masterDataRateEntrySchema = masterDataRateInputSchema.extend({ year: rateYearSchema });

export const masterDataInputSchema = z
  .object({
    ags: agsSchema,
    designation: z
      .string({ error: 'Bezeichnung fehlt.' })
      .trim()
      .min(1, 'Bitte eine Bezeichnung angeben.')
      .max(200, 'Die Bezeichnung darf höchstens 200 Zeichen lang sein.'),
    street: optionalText(200, 'Die Straße'),
    zip: z
      .string({ error: 'PLZ muss Text sein.' })
      .trim()
      .regex(/^(\d{5})?$/, 'Die PLZ muss aus 5 Ziffern bestehen.')
      .nullish()
      .transform((v) => (v ? v : null)),
    city: optionalText(200, 'Der Ort'),
    steuernummer: optionalText(40, 'Die Steuernummer'),
    iban: ibanSchema,
    bic: bicSchema,
    bank_name: optionalText(200, 'Der Name der Bank'),
    creditor_number: optionalText(40, 'Die Kreditorennummer'),
    cost_center: optionalText(40, 'Die Kostenstelle'),
    valid_from: optionalDate,
    valid_to: optionalDate,
    geschaeftsleitung: z.boolean({ error: 'Geschäftsleitung muss ja oder nein sein.' }).default(false),
    remarks: optionalText(2000, 'Die Bemerkung'),
    references: z
      .array(masterDataReferenceSchema)
      .max(50, 'Höchstens 50 Zeichen je Betriebsstätte.')
      .optional(),
    wages: z.array(masterDataWagesSchema).max(100, 'Höchstens 100 Jahre.').optional(),
    rates: z.array(masterDataRateEntrySchema).max(100, 'Höchstens 100 Jahre.').optional(),
  })
  .superRefine((v, ctx) => {
    if (v.valid_from && v.valid_to && v.valid_to < v.valid_from) {
      ctx.addIssue({
        code: 'custom',
        path: ['valid_to'],
        message: '„Gültig bis“ darf nicht vor „Gültig ab“ liegen.',
      });
    }
    const seen = new Set<string>();
    v.references?.forEach((r, i) => {
      const key = `${r.kind}:${r.value}`;
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['references', i, 'value'],
          message: 'Dieses Zeichen ist doppelt.',
        });
      seen.add(key);
    });
    for (const [field, list] of [
      ['wages', v.wages],
      ['rates', v.rates],
    ] as const) {
      const years = new Set<number>();
      list?.forEach((entry, i) => {
        if (years.has(entry.year))
          ctx.addIssue({ code: 'custom', path: [field, i, 'year'], message: 'Dieses Jahr ist doppelt.' });
        years.add(entry.year);
      });
    }
  });
export type MasterDataInput = z.input<typeof masterDataInputSchema>;
export type MasterDataData = z.output<typeof masterDataInputSchema>;

export const masterDataRateSchema = z.object({
  year: z.number().int(),
  /** The rate in effect: the record's own entry, otherwise the reference rate. */
  hebesatz: z.number().int(),
  source: z.enum(RATE_SOURCES),
  note: z.string().nullable(),
  reference_hebesatz: z.number().int().nullable(),
});
export type MasterDataRate = z.infer<typeof masterDataRateSchema>;

export const masterDataListItemSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  ags: z.string(),
  municipality_name: z.string(),
  bundesland: z.string(),
  designation: z.string(),
  city: z.string().nullable(),
  kassenzeichen: z.array(z.string()),
  valid_from: z.string().nullable(),
  valid_to: z.string().nullable(),
  active: z.boolean(),
  geschaeftsleitung: z.boolean(),
  hebesatz: z.number().int().nullable(),
  hebesatz_year: z.number().int().nullable(),
});
export type MasterDataListItem = z.infer<typeof masterDataListItemSchema>;
export const masterDataListSchema = paged(masterDataListItemSchema);
export type MasterDataList = z.infer<typeof masterDataListSchema>;

export const masterDataSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  ags: z.string(),
  municipality_name: z.string(),
  bundesland: z.string(),
  designation: z.string(),
  street: z.string().nullable(),
  zip: z.string().nullable(),
  city: z.string().nullable(),
  steuernummer: z.string().nullable(),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  bank_name: z.string().nullable(),
  creditor_number: z.string().nullable(),
  cost_center: z.string().nullable(),
  valid_from: z.string().nullable(),
  valid_to: z.string().nullable(),
  active: z.boolean(),
  geschaeftsleitung: z.boolean(),
  remarks: z.string().nullable(),
  references: z.array(z.object({ kind: z.enum(REFERENCE_KINDS), value: z.string() })),
  wages: z.array(
    z.object({ year: z.number().int(), employees: z.number().int().nullable(), wages: z.string() }),
  ),
  rates: z.array(masterDataRateSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type MasterData = z.infer<typeof masterDataSchema>;

export const MASTER_DATA_SORT_FIELDS = [
  'designation',
  'ags',
  'municipality',
  'city',
  'valid_from',
  'id',
] as const;

export const masterDataListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100, 'Der Suchbegriff darf höchstens 100 Zeichen lang sein.').optional(),
  active: z.enum(['true', 'false'], { error: 'Filter „aktiv“ muss true oder false sein.' }).optional(),
  bundesland: z.string().trim().max(60, 'Unbekanntes Bundesland.').optional(),
  orderBy: z
    .enum(MASTER_DATA_SORT_FIELDS, { error: 'Nach diesem Feld kann nicht sortiert werden.' })
    .default('designation'),
  orderDirection: z
    .enum(['asc', 'desc'], { error: 'Sortierrichtung muss asc oder desc sein.' })
    .default('asc'),
});
export type MasterDataListQuery = z.input<typeof masterDataListQuerySchema>;
export type MasterDataListParams = z.output<typeof masterDataListQuerySchema>;

export const rateYearParamSchema = z.object({
  id: idSchema,
  year: rateYearSchema,
});

export const CONFLICT_KINDS = ['reference', 'notice', 'group'] as const;
export type ConflictKind = (typeof CONFLICT_KINDS)[number];
export const CONFLICT_KIND_LABELS: Record<ConflictKind, string> = {
  reference: 'Referenztabelle',
  notice: 'bestätigter Bescheid',
  group: 'andere Betriebsstätte der Gruppe',
};

export const rateConflictSchema = z.object({
  master_data_id: z.number().int(),
  designation: z.string(),
  ags: z.string(),
  municipality_name: z.string(),
  year: z.number().int(),
  hebesatz: z.number().int(),
  source: z.enum(RATE_SOURCES),
  kind: z.enum(CONFLICT_KINDS),
  other_hebesatz: z.number().int(),
  /** Record rate minus the other source's rate, in percentage points. */
  difference: z.number().int(),
  /** For kind `group`: the other establishment (possibly of another group company). */
  other_master_data_id: z.number().int().nullable(),
  other_designation: z.string().nullable(),
  /** For kind `notice`: the confirmed notice; such a conflict can be resolved (below). */
  document_id: z.number().int().nullable(),
  document_filename: z.string().nullable(),
});
export type RateConflict = z.infer<typeof rateConflictSchema>;
export const rateConflictListSchema = paged(rateConflictSchema);
export type RateConflictList = z.infer<typeof rateConflictListSchema>;

export const RATE_CONFLICT_DECISIONS = ['adopt', 'keep'] as const;
export type RateConflictDecision = (typeof RATE_CONFLICT_DECISIONS)[number];

/**
 * Resolving a conflict with a confirmed notice: `adopt` writes the notice's Hebesatz as the
 * rate of that year for the company's establishments in the municipality (source
 * „Bescheid“); `keep` leaves our rate and records why (note required). The rates shown in
 * the dialog are sent along, so a decision taken on outdated figures is refused (409).
 */
export const rateConflictResolutionSchema = z
  .object({
    document_id: z.number({ error: 'Bitte den Bescheid angeben.' }).int().positive(),
    decision: z.enum(RATE_CONFLICT_DECISIONS, {
      error: 'Bitte „übernehmen“ oder „behalten“ wählen.',
    }),
    our_hebesatz: z.number({ error: 'Unser Hebesatz fehlt.' }).int(),
    notice_hebesatz: z.number({ error: 'Der Hebesatz des Bescheids fehlt.' }).int(),
    note: z
      .string({ error: 'Die Begründung muss Text sein.' })
      .trim()
      .max(500, 'Die Begründung darf höchstens 500 Zeichen lang sein.')
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .superRefine((v, ctx) => {
    if (v.decision === 'keep' && !v.note)
      ctx.addIssue({
        code: 'custom',
        path: ['note'],
        message: 'Bitte begründen, warum unser Hebesatz gilt.',
      });
  });
export type RateConflictResolution = z.input<typeof rateConflictResolutionSchema>;

export const rateConflictResolvedSchema = z.object({
  decision: z.enum(RATE_CONFLICT_DECISIONS),
  year: z.number().int(),
  hebesatz: z.number().int(),
  /** Establishments whose rate for the year was set (adopt), or the one decided on (keep). */
  master_data_ids: z.array(z.number().int()),
});
export type RateConflictResolved = z.infer<typeof rateConflictResolvedSchema>;

export const importRowSchema = z.object({
  row: z.number().int(),
  action: z.enum(['create', 'update', 'unchanged', 'error']),
  master_data_id: z.number().int().nullable(),
  designation: z.string().nullable(),
  changes: z.array(
    z.object({ field: z.string(), before: z.string().nullable(), after: z.string().nullable() }),
  ),
  errors: z.array(z.object({ column: z.string(), message: z.string() })),
});
export const importPreviewSchema = z.object({
  rows: z.array(importRowSchema),
  summary: z.object({
    total: z.number().int(),
    create: z.number().int(),
    update: z.number().int(),
    unchanged: z.number().int(),
    error: z.number().int(),
  }),
  committed: z.boolean(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;
export type ImportRow = z.infer<typeof importRowSchema>;
