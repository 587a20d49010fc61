import { z } from 'zod';
import { DOCUMENT_TYPE_LABELS } from '../documents/vocabulary';
import { DOCUMENT_STATUSES } from './documents';

/**
 * Service → Stand der Bearbeitung: which notices are expected for a year, which arrived,
 * are reviewed, are booked, and which are missing.
 *
 * - GET /service/processing-status?year&type        → processingStatusSchema
 * - GET /service/processing-status/export?year&type → xlsx of the same rows
 *
 * Expected per establishment (valid in the year): a Gewerbesteuerbescheid and a
 * Vorauszahlungsbescheid; per company with an establishment in the year: a Messbescheid,
 * and a Zerlegungsbescheid when its establishments lie in more than one municipality.
 */

export const PROCESSING_TYPES = [
  'gewst_bescheid',
  'vorauszahlungsbescheid',
  'messbescheid',
  'zerlegungsbescheid',
] as const;
export type ProcessingType = (typeof PROCESSING_TYPES)[number];
export const PROCESSING_TYPE_LABELS: Record<ProcessingType, string> = {
  gewst_bescheid: DOCUMENT_TYPE_LABELS.gewst_bescheid,
  vorauszahlungsbescheid: DOCUMENT_TYPE_LABELS.vorauszahlungsbescheid,
  messbescheid: DOCUMENT_TYPE_LABELS.messbescheid,
  zerlegungsbescheid: DOCUMENT_TYPE_LABELS.zerlegungsbescheid,
};
/** Types expected per establishment; the others per company. */
export const ESTABLISHMENT_PROCESSING_TYPES: readonly ProcessingType[] = [
  'gewst_bescheid',
  'vorauszahlungsbescheid',
];

/** How far an expected notice got: missing, arrived, reviewed (confirmed), booked. */
export const PROCESSING_STATES = ['fehlt', 'eingegangen', 'geprueft', 'gebucht'] as const;
export type ProcessingState = (typeof PROCESSING_STATES)[number];
export const PROCESSING_STATE_LABELS: Record<ProcessingState, string> = {
  fehlt: 'fehlt',
  eingegangen: 'eingegangen',
  geprueft: 'geprüft',
  gebucht: 'gebucht',
};

export const processingStatusQuerySchema = z.object({
  year: z.coerce
    .number({ error: 'Jahr muss eine Zahl sein.' })
    .int('Jahr muss eine ganze Zahl sein.')
    .min(1990, 'Jahr muss zwischen 1990 und 2100 liegen.')
    .max(2100, 'Jahr muss zwischen 1990 und 2100 liegen.')
    .optional(),
  type: z.enum(PROCESSING_TYPES, { error: 'Unbekannte Bescheidart.' }).optional(),
});
export type ProcessingStatusQuery = z.infer<typeof processingStatusQuerySchema>;

export const processingItemSchema = z.object({
  type: z.enum(PROCESSING_TYPES),
  company_id: z.number().int(),
  company_name: z.string(),
  /** Null for notices expected per company (Mess- and Zerlegungsbescheid). */
  master_data_id: z.number().int().nullable(),
  designation: z.string().nullable(),
  ags: z.string().nullable(),
  municipality: z.string().nullable(),
  state: z.enum(PROCESSING_STATES),
  documents: z.array(
    z.object({ id: z.number().int(), filename: z.string(), status: z.enum(DOCUMENT_STATUSES) }),
  ),
  /** German description of the gap ("Gewerbesteuerbescheid 2024 für Gemeinde X fehlt"), or null. */
  gap: z.string().nullable(),
});
export type ProcessingItem = z.infer<typeof processingItemSchema>;

export const processingTypeSummarySchema = z.object({
  type: z.enum(PROCESSING_TYPES),
  expected: z.number().int(),
  /** Items per state (each item counts once, in its furthest state). */
  counts: z.record(z.enum(PROCESSING_STATES), z.number().int()),
});
export type ProcessingTypeSummary = z.infer<typeof processingTypeSummarySchema>;

export const processingStatusSchema = z.object({
  year: z.number().int(),
  type: z.enum(PROCESSING_TYPES).nullable(),
  /** Always all four types (the summary ignores the type filter). */
  summary: z.array(processingTypeSummarySchema),
  /** The expected notices of the year (of the chosen type). */
  items: z.array(processingItemSchema),
});
export type ProcessingStatus = z.infer<typeof processingStatusSchema>;

/** The gap text of a missing notice. */
export function processingGapText(
  item: {
    type: ProcessingType;
    company_name: string;
    designation: string | null;
    municipality: string | null;
    ags: string | null;
  },
  year: number,
): string {
  const label = PROCESSING_TYPE_LABELS[item.type];
  if (item.designation === null) return `${label} ${year} für ${item.company_name} fehlt`;
  const where = item.municipality ?? item.ags ?? '?';
  return `${label} ${year} für Gemeinde ${where} fehlt (${item.company_name}, ${item.designation})`;
}
