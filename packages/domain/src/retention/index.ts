import { z } from 'zod';
import { paged, pageQuerySchema } from '../api/common';

/**
 * Retention of original documents (§ 147 AO). A notice is a voucher (Buchungsbeleg) once it
 * was booked; § 147 Abs. 3 AO keeps booking vouchers for ten years (other documents for
 * six, or eight for vouchers under newer law). The period begins with the END of the
 * calendar year in which the last relevant event happened (§ 147 Abs. 4 AO: the voucher
 * arrived, was booked, the notice was dated), so it always ends on a 31 December, and the
 * original may go from the 1 January after. The product never deletes by itself: the
 * administrator lists the expired documents and deletes their originals explicitly.
 * Documents a user removed (soft-deleted) are listed too, with the same period: the removal
 * is reversible and does not end a voucher's duty to be kept, and an original is never
 * deleted earlier than its period allows.
 */

export const RETENTION_DEFAULT_YEARS = 10;
export const RETENTION_MIN_YEARS = 6;
export const RETENTION_MAX_YEARS = 30;

export const retentionSettingsSchema = z.strictObject({
  years: z
    .number({ error: 'Bitte eine Zahl von Jahren angeben.' })
    .int('Bitte eine ganze Zahl von Jahren angeben.')
    .min(
      RETENTION_MIN_YEARS,
      `Die Aufbewahrungsfrist muss mindestens ${RETENTION_MIN_YEARS} Jahre betragen (§ 147 Abs. 3 AO).`,
    )
    .max(RETENTION_MAX_YEARS, `Die Aufbewahrungsfrist darf höchstens ${RETENTION_MAX_YEARS} Jahre betragen.`),
});
export type RetentionSettings = z.infer<typeof retentionSettingsSchema>;

const YEAR = /^(\d{4})-\d{2}-\d{2}/;

/**
 * The year the period is counted from: the latest year among the document's events
 * (ISO dates or timestamps; unreadable and missing ones are ignored). Null without any.
 */
export function retentionAnchorYear(events: ReadonlyArray<string | null | undefined>): number | null {
  let year: number | null = null;
  for (const e of events) {
    const m = e ? YEAR.exec(e) : null;
    if (m) year = Math.max(year ?? 0, Number(m[1]));
  }
  return year;
}

/** The last day the original must still be kept: 31 December of anchor year + years. */
export const retentionEnd = (anchorYear: number, years: number) => `${anchorYear + years}-12-31`;

/** Whether the period has ended on `today` (ISO date): only from the day after its end. */
export const isRetentionExpired = (anchorYear: number, years: number, today: string) =>
  today > retentionEnd(anchorYear, years);

/** The word typed to confirm deleting originals (checked by the server too). */
export const DELETE_ORIGINALS_CONFIRMATION = 'ORIGINALE LÖSCHEN';

/** Why an expired document's original may not be deleted (yet). */
export const RETENTION_BLOCKS = {
  unreviewed: 'Noch nicht geprüft (in Verarbeitung, in Prüfung oder fehlerhaft)',
  locked: 'Gerade in Bearbeitung geöffnet',
  open_session: 'In einer Buchungssitzung, die noch nicht exportiert ist',
} as const;
export type RetentionBlock = keyof typeof RETENTION_BLOCKS;

export const ORIGINAL_DELETED_TEXT = 'Original nach Ablauf der Aufbewahrungsfrist gelöscht';

export const retentionListQuerySchema = pageQuerySchema.extend({
  company_id: z.coerce
    .number({ error: 'Bitte eine Firma wählen.' })
    .int('Bitte eine Firma wählen.')
    .positive('Bitte eine Firma wählen.'),
});
export type RetentionListQuery = z.infer<typeof retentionListQuerySchema>;

export const expiredDocumentSchema = z.object({
  id: z.number().int(),
  filename: z.string(),
  type: z.string().nullable(),
  status: z.string(),
  created_at: z.string(),
  /** Set when a user removed the document (it is listed all the same, with its period). */
  deleted_at: z.string().nullable(),
  anchor_year: z.number().int(),
  retained_until: z.string(),
  blocked: z.enum(Object.keys(RETENTION_BLOCKS) as [RetentionBlock, ...RetentionBlock[]]).nullable(),
});
export type ExpiredDocument = z.infer<typeof expiredDocumentSchema>;

export const expiredDocumentListSchema = paged(expiredDocumentSchema).extend({
  years: z.number().int(),
  today: z.string(),
});
export type ExpiredDocumentList = z.infer<typeof expiredDocumentListSchema>;

export const deleteOriginalsBodySchema = z.object({
  company_id: z
    .number({ error: 'Bitte eine Firma wählen.' })
    .int('Bitte eine Firma wählen.')
    .positive('Bitte eine Firma wählen.'),
  document_ids: z
    .array(z.number().int().positive(), { error: 'Bitte die Dokumente angeben.' })
    .min(1, 'Bitte mindestens ein Dokument wählen.')
    .max(200, 'Höchstens 200 Dokumente auf einmal.'),
  confirmation: z
    .string({ error: `Zur Bestätigung „${DELETE_ORIGINALS_CONFIRMATION}“ eingeben.` })
    .refine((v) => v.trim() === DELETE_ORIGINALS_CONFIRMATION, {
      message: `Zur Bestätigung genau „${DELETE_ORIGINALS_CONFIRMATION}“ eingeben.`,
    }),
});
export type DeleteOriginalsBody = z.infer<typeof deleteOriginalsBodySchema>;

export const deleteOriginalsResultSchema = z.object({
  deleted: z.number().int(),
  files_removed: z.number().int(),
});
export type DeleteOriginalsResult = z.infer<typeof deleteOriginalsResultSchema>;
