import { z } from 'zod';
import { pageMetaSchema, pageQuerySchema } from './common';

/**
 * Archive (route /archiv): the archived documents and archived booking sessions of a
 * company in one searchable, paged list.
 *
 * - GET /archive?company_id&kind&year&ags&q&page&per_page → archiveListSchema (read-data)
 * - POST /archive/sessions/:id/restore → the session back among the sessions (close-bi-…)
 * Documents are restored with PUT /documents/:id { archived: false } (add-payment-data).
 */
export const ARCHIVE_KINDS = ['dokument', 'stapel'] as const;
export type ArchiveKind = (typeof ARCHIVE_KINDS)[number];
export const ARCHIVE_KIND_LABELS: Record<ArchiveKind, string> = {
  dokument: 'Dokument',
  stapel: 'Buchungsstapel',
};

export const archiveQuerySchema = pageQuerySchema.extend({
  company_id: z.coerce
    .number({ error: 'Bitte eine Firma wählen.' })
    .int('Bitte eine Firma wählen.')
    .positive('Bitte eine Firma wählen.')
    .max(2147483647, 'Diese Firma gibt es nicht.'),
  kind: z.enum(ARCHIVE_KINDS, { error: 'Art dokument oder stapel.' }).optional(),
  year: z.coerce
    .number({ error: 'Jahr muss eine Zahl sein.' })
    .int('Jahr muss eine ganze Zahl sein.')
    .min(1990, 'Jahr zwischen 1990 und 2100.')
    .max(2100, 'Jahr zwischen 1990 und 2100.')
    .optional(),
  ags: z
    .string({ error: 'AGS hat 8 Ziffern.' })
    .regex(/^\d{8}$/, 'AGS hat 8 Ziffern.')
    .optional(),
  q: z
    .string()
    .trim()
    .max(200, 'Der Suchtext darf höchstens 200 Zeichen lang sein.')
    .refine((s) => !s.includes('\u0000'), 'Der Suchtext enthält ein unzulässiges Steuerzeichen.')
    .optional()
    .transform((s) => (s ? s : undefined)),
});
export type ArchiveQuery = z.infer<typeof archiveQuerySchema>;

export const archiveItemSchema = z.object({
  kind: z.enum(ARCHIVE_KINDS),
  id: z.number().int(),
  /** Document: the file name; session: "Buchungsstapel 12". */
  title: z.string(),
  /** Document type or session type (codes; labels in the domain's label maps). */
  type: z.string().nullable(),
  /** Document: Erhebungszeitraum; session: its year or the first tax year of its bookings. */
  year: z.number().int().nullable(),
  ags: z.string().nullable(),
  gemeinde: z.string().nullable(),
  /** Document: status; session: status. */
  status: z.string(),
  /** When it was archived (documents: their last change). */
  archived_at: z.string(),
});
export type ArchiveItem = z.infer<typeof archiveItemSchema>;

export const archiveListSchema = z.object({
  data: z.array(archiveItemSchema),
  meta: pageMetaSchema,
  /** The years and municipalities of all archived items of the company (filter choices). */
  facets: z.object({
    years: z.array(z.number().int()),
    gemeinden: z.array(z.object({ ags: z.string(), name: z.string() })),
  }),
});
export type ArchiveList = z.infer<typeof archiveListSchema>;
