import { z } from 'zod';
import { ZERLEGUNG_RUNDUNG, ZERLEGUNG_SCHLUESSEL } from '../tax/zerlegung-input';
import {
  erhebungszeitraumSchema,
  hebesatzSchema,
  nonNegativeMoneySchema,
  zerlegungResultSchema,
  zerlegungZeileSchema,
} from './calculations';
import { idField, optionalText } from './common';
import { LEGAL_FORMS } from './companies';

/**
 * Stored Zerlegungen (`/zerlegungen`): a Zerlegung belongs to a company and a year; every
 * save makes a new version, old versions stay readable. The Rechtsform comes from the
 * company; the server fills missing Hebesätze from master data and the reference table.
 */

const companyIdSchema = idField({
  type: 'Bitte eine Firma wählen.',
  int: 'Bitte eine Firma wählen.',
  positive: 'Bitte eine Firma wählen.',
});

/** One line as entered: a municipality (with an optional display name) and its key values. */
export const zerlegungLineInputSchema = zerlegungZeileSchema.safeExtend({
  name: optionalText(200, 'Bezeichnung'),
});
export type ZerlegungLineInput = z.input<typeof zerlegungLineInputSchema>;

export const zerlegungSaveSchema = z
  .object({
    company_id: companyIdSchema,
    year: erhebungszeitraumSchema,
    messbetrag: nonNegativeMoneySchema('Messbetrag'),
    schluessel: z.enum(ZERLEGUNG_SCHLUESSEL, { error: 'Unbekannter Zerlegungsmaßstab.' }),
    /** Absent: the installation's default (setting `zerlegung.rundung`), filled by the server. */
    rundung: z.enum(ZERLEGUNG_RUNDUNG, { error: 'Unbekannte Rundungsregel.' }).optional(),
    bemerkung: optionalText(1000, 'Bemerkung'),
    zeilen: z.array(zerlegungLineInputSchema).min(1, 'Bitte mindestens eine Gemeinde angeben.'),
  })
  .refine((r) => r.zeilen.filter((z) => z.geschaeftsleitung).length === 1, {
    message: 'Genau eine Gemeinde muss Ort der Geschäftsleitung sein.',
    path: ['zeilen'],
  });
export type ZerlegungSaveInput = z.input<typeof zerlegungSaveSchema>;
export type ZerlegungSaveData = z.output<typeof zerlegungSaveSchema>;

export const zerlegungListQuerySchema = z.object({
  company_id: companyIdSchema.optional(),
  year: erhebungszeitraumSchema.optional(),
});

export const zerlegungPrefillQuerySchema = z.object({
  company_id: companyIdSchema,
  year: erhebungszeitraumSchema,
});

export const zerlegungVersionQuerySchema = z.object({
  version: z.coerce
    .number({ error: 'Version muss eine Zahl sein.' })
    .int('Version muss eine ganze Zahl sein.')
    .positive('Version muss positiv sein.')
    .optional(),
});

export const zerlegungListItemSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  company_name: z.string(),
  year: z.number().int(),
  version: z.number().int(),
  schluessel: z.enum(ZERLEGUNG_SCHLUESSEL),
  messbetrag: z.string(),
  gemeinden: z.number().int(),
  summe_steuer: z.string().nullable(),
  updated_at: z.string(),
  updated_by: z.string().nullable(),
});
export type ZerlegungListItem = z.infer<typeof zerlegungListItemSchema>;

export const zerlegungVersionInfoSchema = z.object({
  version: z.number().int(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  /** The person's name (users.name) behind `created_by`, for display. */
  created_by_name: z.string().nullable(),
  bemerkung: z.string().nullable(),
  messbetrag: z.string(),
});

/**
 * Comparison with received notices (Zerlegungsbescheid shares, municipal Messbeträge).
 * Empty until documents are processed; `bescheid` null where no notice was received.
 */
export const zerlegungVergleichZeileSchema = z.object({
  ags: z.string(),
  erwartet: z.string(),
  bescheid: z.string().nullable(),
  abweichung: z.string().nullable(),
  quelle: z.enum(['zerlegungsbescheid', 'gewst_bescheid']).nullable(),
});
export type ZerlegungVergleichZeile = z.infer<typeof zerlegungVergleichZeileSchema>;

export const zerlegungDetailSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  company_name: z.string(),
  rechtsform: z.enum(LEGAL_FORMS),
  year: z.number().int(),
  version: z.number().int(),
  current_version: z.number().int(),
  versions: z.array(zerlegungVersionInfoSchema),
  bemerkung: z.string().nullable(),
  rundung: z.enum(ZERLEGUNG_RUNDUNG),
  zeilen: z.array(
    z.object({
      ags: z.string(),
      name: z.string().nullable(),
      geschaeftsleitung: z.boolean(),
      hebesatz: z.number().nullable().optional(),
      arbeitsloehne: z.string().optional(),
      arbeitnehmer: z.array(z.record(z.string(), z.unknown())).optional(),
      installierte_leistung_kw: z.string().optional(),
      solar_neuanlagen_kw: z.string().optional(),
      solar_altanlagen_kw: z.string().optional(),
      sachanlagevermoegen: z.string().optional(),
      manueller_anteil: z.string().optional(),
    }),
  ),
  result: zerlegungResultSchema,
  vergleich: z.array(zerlegungVergleichZeileSchema),
  created_at: z.string(),
  created_by: z.string().nullable(),
});
export type ZerlegungDetail = z.infer<typeof zerlegungDetailSchema>;

/** Lines proposed for a new Zerlegung from the company's establishments and wages of the year. */
export const zerlegungPrefillSchema = z.object({
  rechtsform: z.enum(LEGAL_FORMS),
  zeilen: z.array(
    z.object({
      ags: z.string(),
      name: z.string().nullable(),
      geschaeftsleitung: z.boolean(),
      hebesatz: hebesatzSchema.nullable(),
      arbeitsloehne: z.string(),
    }),
  ),
  hinweise: z.array(z.string()),
});
export type ZerlegungPrefill = z.infer<typeof zerlegungPrefillSchema>;

/** xlsx wage import: the file as base64 (JSON keeps the API uniform; files are small). */
export const zerlegungWageImportSchema = z.object({
  filename: optionalText(255, 'Dateiname'),
  content_base64: z
    .string({ error: 'Bitte eine Excel-Datei (.xlsx) auswählen.' })
    .min(1, 'Bitte eine Excel-Datei (.xlsx) auswählen.')
    .regex(/^[A-Za-z0-9+/=\s]+$/, 'Die Datei ist nicht base64-kodiert.'),
});

export const zerlegungWageImportResultSchema = z.object({
  art: z.enum(['gemeinde', 'arbeitnehmer']),
  zeilen: z.array(
    z.object({
      ags: z.string(),
      name: z.string().nullable(),
      geschaeftsleitung: z.boolean(),
      arbeitsloehne: z.string(),
      arbeitnehmer: z.number().int(),
    }),
  ),
  fehler: z.array(z.string()),
});
export type ZerlegungWageImportResult = z.infer<typeof zerlegungWageImportResultSchema>;
