import { z } from 'zod';

/**
 * ERP export (issue 14): where a company's approved booking sessions go, and what the API
 * says about an export. The server's export module writes the files; the settings module
 * stores `exportSettingsSchema` per company under the key `export.targets`.
 */

export const EXPORT_FORMATS = ['datev', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = {
  datev: 'DATEV EXTF Buchungsstapel',
  csv: 'Generisches CSV (UTF-8)',
};

export const EXPORT_TARGETS = ['verzeichnis', 'http'] as const;
export type ExportTarget = (typeof EXPORT_TARGETS)[number];
export const EXPORT_TARGET_LABELS: Record<ExportTarget, string> = {
  verzeichnis: 'Exportverzeichnis',
  http: 'HTTPS-Ziel',
};

/** Plain http only to the machine itself (a local ERP bridge); anything else needs TLS. */
const SECURE_OR_LOOPBACK =
  /^(https:\/\/[^\s/?#]+|http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?)([/?#]\S*)?$/i;

export const exportSettingsSchema = z
  .object({
    /** The format written to the targets (both formats stay downloadable). */
    format: z.enum(EXPORT_FORMATS, { error: 'Format muss datev oder csv sein.' }),
    directory: z.object({
      enabled: z.boolean(),
      /** Folder below EXPORT_DIR; empty = "firma-<id>". Letters, digits, - and _ per level. */
      path: z
        .string()
        .trim()
        .max(200, 'Der Ordner darf höchstens 200 Zeichen lang sein.')
        .regex(
          /^([A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*)?$/,
          'Ordner unterhalb von EXPORT_DIR: Buchstaben, Ziffern, - und _, Ebenen mit / getrennt.',
        ),
    }),
    http: z
      .object({
        url: z
          .url({ error: 'Bitte eine vollständige Adresse angeben, z. B. https://erp.example.com/import.' })
          .max(2000, 'Die Adresse ist zu lang.')
          .regex(SECURE_OR_LOOPBACK, 'Die Adresse muss mit https:// beginnen (http:// nur für localhost).'),
        /** Name of the environment variable holding the bearer token (never the token itself). */
        token_env: z
          .string()
          .trim()
          .regex(
            /^EXPORT_TOKEN_[A-Z0-9_]+$/,
            'Name einer Umgebungsvariablen EXPORT_TOKEN_…, z. B. EXPORT_TOKEN_ERP.',
          ),
      })
      .nullable(),
    /** DATEV header field 21 and column 114: post the bookings as fixed (festgeschrieben). */
    datev_festschreibung: z.boolean(),
  })
  .refine((v) => v.directory.enabled || v.http !== null, {
    message: 'Mindestens ein Exportziel (Verzeichnis oder HTTPS) muss eingerichtet sein.',
    path: ['directory', 'enabled'],
  });
export type ExportSettings = z.infer<typeof exportSettingsSchema>;

export const DEFAULT_EXPORT_SETTINGS: ExportSettings = {
  format: 'datev',
  directory: { enabled: true, path: '' },
  http: null,
  datev_festschreibung: false,
};

/** An export job of a session, as its worker recorded it. */
export const EXPORT_JOB_STATES = [
  'wartend',
  'laeuft',
  'wiederholung',
  'exportiert',
  'fehlgeschlagen',
] as const;
export type ExportJobState = (typeof EXPORT_JOB_STATES)[number];
export const EXPORT_JOB_STATE_LABELS: Record<ExportJobState, string> = {
  wartend: 'wartet',
  laeuft: 'läuft',
  wiederholung: 'wird wiederholt',
  exportiert: 'exportiert',
  fehlgeschlagen: 'fehlgeschlagen',
};

export const exportFileSchema = z.object({
  format: z.enum(EXPORT_FORMATS),
  part: z.number().int(),
  file_name: z.string(),
  sha256: z.string(),
  size: z.number().int(),
  bookings: z.number().int(),
  /** GET address of the file (relative to /api). */
  download: z.string(),
});
export type ExportFile = z.infer<typeof exportFileSchema>;

export const exportDeliverySchema = z.object({
  target: z.enum(EXPORT_TARGETS),
  /** Where: the directory below EXPORT_DIR, or the URL's origin. */
  location: z.string(),
  format: z.enum(EXPORT_FORMATS),
  part: z.number().int(),
  file_name: z.string(),
  sha256: z.string(),
  delivered_at: z.string(),
});
export type ExportDelivery = z.infer<typeof exportDeliverySchema>;

export const exportJobSchema = z.object({
  id: z.string(),
  state: z.enum(EXPORT_JOB_STATES),
  attempts: z.number().int(),
  retry_limit: z.number().int(),
  last_error: z.string().nullable(),
  /** Transliterations and other notes of the last run (German). */
  messages: z.array(z.string()),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  created_by: z.string().nullable(),
  /** The files this job wrote or sent. */
  deliveries: z.array(exportDeliverySchema),
});
export type ExportJob = z.infer<typeof exportJobSchema>;

/** `GET bookings/{id}/queues` */
export const exportQueuesSchema = z.object({
  session_id: z.number().int(),
  status: z.string(),
  export_error: z.string().nullable(),
  jobs: z.array(exportJobSchema),
  /** Per configured target: state and what it received. */
  targets: z.array(
    z.object({
      target: z.enum(EXPORT_TARGETS),
      label: z.string(),
      location: z.string(),
      state: z.enum(['ausstehend', 'exportiert', 'fehlgeschlagen']),
      deliveries: z.array(exportDeliverySchema),
    }),
  ),
  files: z.array(exportFileSchema),
  report: z
    .object({
      generated_at: z.string(),
      generated_by: z.string().nullable(),
      pdf: z.string(),
      xlsx: z.string(),
    })
    .nullable(),
});
export type ExportQueues = z.infer<typeof exportQueuesSchema>;

export const exportDownloadQuerySchema = z.object({
  format: z.enum(EXPORT_FORMATS, { error: 'format muss datev oder csv sein.' }).default('datev'),
  part: z.coerce
    .number({ error: 'part muss eine Zahl sein.' })
    .int('part muss eine ganze Zahl sein.')
    .min(1, 'part beginnt bei 1.')
    .max(1000, 'part ist zu groß.')
    .default(1),
});

/** `GET bookings/{id}/report?format=pdf|xlsx`: the stored booking protocol. */
export const reportDownloadQuerySchema = z.object({
  format: z.enum(['pdf', 'xlsx'], { error: 'format muss pdf oder xlsx sein.' }).default('pdf'),
});
