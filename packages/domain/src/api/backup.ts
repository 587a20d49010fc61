import { z } from 'zod';

/** Admin → Backup: archives of the database and the file store (see docs/decisions.md). */

/** File name of an archive: what the API accepts as :name (nothing else reaches the disk). */
export const BACKUP_NAME_PATTERN =
  /^gewst-backup-\d{8}-\d{6}-\d{3}-(?:manuell|automatisch|hochgeladen)\.tar\.gz$/;

/** The word a user types to confirm a restore over the current data. */
export const RESTORE_CONFIRMATION = 'WIEDERHERSTELLEN';

export const BACKUP_KINDS = ['manuell', 'automatisch', 'hochgeladen'] as const;
export type BackupKind = (typeof BACKUP_KINDS)[number];

export const BACKUP_KIND_LABELS: Record<BackupKind, string> = {
  manuell: 'manuell',
  automatisch: 'automatisch',
  hochgeladen: 'hochgeladen',
};

export const backupNameParamSchema = z.object({
  name: z
    .string()
    .regex(
      BACKUP_NAME_PATTERN,
      'Das ist kein Name einer Sicherung (gewst-backup-JJJJMMTT-HHMMSS-mmm-….tar.gz).',
    ),
});

export const backupSchema = z.object({
  name: z.string(),
  kind: z.enum(BACKUP_KINDS),
  size: z.number().int(),
  /** When the snapshot was taken (ISO timestamp). */
  created_at: z.string(),
  created_by: z.string().nullable(),
  app_version: z.string(),
  /** Last applied migration of the archived database, e.g. "0005_payment_sums". */
  schema_version: z.string(),
  database: z.enum(['pglite', 'postgres']),
  tables: z.number().int(),
  rows: z.number().int(),
  files: z.number().int(),
  documents: z.number().int().nullable(),
  /** Whether this installation can restore it (same schema version). */
  compatible: z.boolean(),
  /** Why not, in German, when it is not compatible or cannot be read. */
  problem: z.string().nullable(),
});
export type Backup = z.infer<typeof backupSchema>;

export const BACKUP_PHASES = [
  'datenbank',
  'dateien',
  'archiv',
  'pruefung',
  'einspielen',
  'abschluss',
] as const;
export type BackupPhase = (typeof BACKUP_PHASES)[number];

export const BACKUP_PHASE_LABELS: Record<BackupPhase, string> = {
  datenbank: 'Datenbank wird gelesen',
  dateien: 'Dateien werden erfasst',
  archiv: 'Archiv wird geschrieben',
  pruefung: 'Archiv wird geprüft',
  einspielen: 'Daten werden eingespielt',
  abschluss: 'Abschluss',
};

/** The one backup or restore running in this instance. */
export const backupOperationSchema = z.object({
  kind: z.enum(['backup', 'restore']),
  name: z.string(),
  phase: z.enum(BACKUP_PHASES),
  done: z.number().int(),
  total: z.number().int(),
  started_at: z.string(),
  started_by: z.string().nullable(),
});
export type BackupOperation = z.infer<typeof backupOperationSchema>;

export const backupOutcomeSchema = z.object({
  kind: z.enum(['backup', 'restore']),
  name: z.string(),
  ok: z.boolean(),
  message: z.string(),
  finished_at: z.string(),
});
export type BackupOutcome = z.infer<typeof backupOutcomeSchema>;

export const backupListSchema = z.object({
  data: z.array(backupSchema),
  running: backupOperationSchema.nullable(),
  /** How the last operation of this instance ended (German message). */
  last: backupOutcomeSchema.nullable(),
  schedule: z.object({
    /** Local time "HH:MM" of the daily automatic backup, or null when switched off. */
    daily_at: z.string().nullable(),
    keep: z.number().int(),
    next_at: z.string().nullable(),
    last_automatic_at: z.string().nullable(),
  }),
  schema_version: z.string(),
  app_version: z.string(),
});
export type BackupList = z.infer<typeof backupListSchema>;

export const restoreBodySchema = z.object({
  confirmation: z
    .string({ error: `Zur Bestätigung „${RESTORE_CONFIRMATION}“ eingeben.` })
    .refine((v) => v.trim() === RESTORE_CONFIRMATION, {
      message: `Zur Bestätigung genau „${RESTORE_CONFIRMATION}“ eingeben.`,
    }),
});
export type RestoreBody = z.infer<typeof restoreBodySchema>;

export const restoreResultSchema = z.object({
  name: z.string(),
  tables: z.number().int(),
  rows: z.number().int(),
  files: z.number().int(),
  /** Documents whose processing was still open in the archive and was queued again. */
  requeued_documents: z.number().int(),
  duration_ms: z.number().int(),
});
export type RestoreResult = z.infer<typeof restoreResultSchema>;

export const backupDownloadLinkSchema = z.object({ url: z.string(), expires_at: z.string() });
export type BackupDownloadLink = z.infer<typeof backupDownloadLinkSchema>;

export const backupDownloadQuerySchema = z.object({
  token: z.string().min(1, 'Der Download-Link ist unvollständig.').max(2000),
});
