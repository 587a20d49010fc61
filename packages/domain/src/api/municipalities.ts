import { z } from 'zod';
import { agsSchema } from './calculations';

/** Legal minimum is 200 (§16 Abs.4 GewStG); the upper bound only catches typing errors. */
export const HEBESATZ_MIN = 200;
export const HEBESATZ_MAX = 1500;

/**
 * The one rule for a Hebesatz typed or read from a notice (review field, server and client):
 * a whole, non-negative percentage up to HEBESATZ_MAX. A value under the legal minimum is
 * not refused here (the notice may say so); the document check HEBESATZ_MINDEST flags it.
 * Returns the German message, or null when the value is acceptable.
 */
export function hebesatzProblem(value: number): string | null {
  if (!Number.isFinite(value)) return 'Der Hebesatz muss eine Zahl in Prozent sein, z. B. 400.';
  if (value < 0) return 'Der Hebesatz darf nicht negativ sein.';
  if (!Number.isInteger(value)) return 'Der Hebesatz ist eine ganze Zahl in Prozent, z. B. 400.';
  if (value > HEBESATZ_MAX) return `Der Hebesatz darf höchstens ${HEBESATZ_MAX} % betragen.`;
  return null;
}

export const rateHebesatzSchema = z.coerce
  .number({ error: 'Der Hebesatz muss eine Zahl sein.' })
  .int('Der Hebesatz muss eine ganze Zahl (Prozent) sein.')
  .min(HEBESATZ_MIN, `Der Hebesatz muss mindestens ${HEBESATZ_MIN} % betragen (gesetzliches Minimum).`)
  .max(HEBESATZ_MAX, `Der Hebesatz darf höchstens ${HEBESATZ_MAX} % betragen.`);

export const rateYearSchema = z.coerce
  .number({ error: 'Das Jahr muss eine Zahl sein.' })
  .int('Das Jahr muss eine ganze Zahl sein.')
  .min(1990, 'Das Jahr muss ab 1990 liegen.')
  .max(2100, 'Das Jahr darf nicht nach 2100 liegen.');

export const municipalitySchema = z.object({
  ags: z.string(),
  name: z.string(),
  bundesland: z.string(),
  plz: z.array(z.string()),
  /** Latest known reference rate and its year (null when none is known). */
  hebesatz: z.number().int().nullable(),
  hebesatz_year: z.number().int().nullable(),
});
export type Municipality = z.infer<typeof municipalitySchema>;

export const municipalityDetailSchema = municipalitySchema.extend({
  rates: z.array(z.object({ year: z.number().int(), hebesatz: z.number().int(), source: z.string() })),
});
export type MunicipalityDetail = z.infer<typeof municipalityDetailSchema>;

export const municipalitySearchQuerySchema = z.object({
  search: z
    .string({ error: 'Suchbegriff muss Text sein.' })
    .trim()
    .max(100, 'Der Suchbegriff darf höchstens 100 Zeichen lang sein.')
    .default(''),
  limit: z.coerce
    .number({ error: 'Limit muss eine Zahl sein.' })
    .int('Limit muss eine ganze Zahl sein.')
    .min(1, 'Limit muss mindestens 1 sein.')
    .max(100, 'Höchstens 100 Treffer.')
    .default(20),
});

export const agsParamSchema = z.object({ ags: agsSchema });

export const rateImportReportSchema = z.object({
  year: z.number().int(),
  rows: z.number().int(),
  created: z.number().int(),
  /** The rates that are new for the year (`created` of them), by AGS. */
  added: z.array(z.object({ ags: z.string(), name: z.string(), after: z.number().int() })),
  changed: z.array(
    z.object({ ags: z.string(), name: z.string(), before: z.number().int(), after: z.number().int() }),
  ),
  unchanged: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), message: z.string() })),
});
export type RateImportReport = z.infer<typeof rateImportReportSchema>;

/**
 * Search key of a municipality name: lower case, umlauts folded (ä→a, or ä→ae in the
 * `variant: 'ae'` form), ß→ss, official suffixes (", Stadt", ", Landeshauptstadt") dropped,
 * everything that is not a letter or digit removed. Used by the seed and the query alike.
 */
export function municipalitySearchKey(input: string, variant: 'a' | 'ae' = 'a'): string {
  const base = input.split(',')[0] ?? '';
  let s = base.toLowerCase().replaceAll('ß', 'ss');
  if (variant === 'ae') s = s.replaceAll('ä', 'ae').replaceAll('ö', 'oe').replaceAll('ü', 'ue');
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '');
}

/** The reference data's abbreviated designations (Destatis GV-ISys) in full. */
const DESIGNATION_ABBREVIATIONS: Readonly<Record<string, string>> = {
  St: 'Stadt',
  M: 'Markt',
  GKSt: 'Große Kreisstadt',
};
/** Designations written in front of the name ("Stadt Mindelheim"); others stay as printed. */
const PREFIX_DESIGNATIONS = new Set([
  'Stadt',
  'Markt',
  'Große Kreisstadt',
  'Kreisstadt',
  'Flecken',
  'Marktflecken',
  'Hansestadt',
  'Landeshauptstadt',
  'Universitätsstadt',
  'Hochschulstadt',
  'Lutherstadt',
  'Freie und Hansestadt',
]);

/**
 * A municipality's name as people write it: "Mindelheim, St" → "Stadt Mindelheim",
 * "Egloffstein, M" → "Markt Egloffstein", "Erding, GKSt" → "Große Kreisstadt Erding",
 * "Kiel, Landeshauptstadt" → "Landeshauptstadt Kiel". Names without a designation, and
 * designations that are no title ("…, Ostseebad"), are shown as they are.
 */
export function municipalityDisplayName(name: string | null | undefined): string {
  if (!name) return '';
  const m = /^(.+?),\s*([^,]+)$/.exec(name.trim());
  if (!m) return name.trim();
  const designation = DESIGNATION_ABBREVIATIONS[m[2]!.trim()] ?? m[2]!.trim();
  return PREFIX_DESIGNATIONS.has(designation) ? `${designation} ${m[1]}` : name.trim();
}
