import { z } from 'zod';
import { idSchema } from '../api/common';
import { accountMappingSchema } from '../bookings/accounts';
import { costCentreSettingsSchema, DEFAULT_COST_CENTRES } from '../bookings/cost-centres';
import { DEFAULT_EXPORT_SETTINGS, exportSettingsSchema } from '../export';
import type { HolidayOptions } from '../tax/bundesland';
import { DEFAULT_NOTIFICATION_SETTINGS, notificationSettingsSchema } from '../notifications';
import { RETENTION_DEFAULT_YEARS, retentionSettingsSchema } from '../retention';
import { ZERLEGUNG_RUNDUNG } from '../tax/zerlegung-input';

/**
 * Settings: one typed registry of every key the server keeps in `app_settings`.
 * Each key has a zod schema (checked on every write and every read), a default that a
 * read returns while nothing is stored, a scope and a kind. The server's settings module
 * (`apps/server/src/modules/settings`) is the only code that reads or writes the table.
 */

/** `global`: one value per installation; `company`: one value per company. */
export type SettingScope = 'global' | 'company';

/**
 * `setting`: business configuration an administrator may change (every write is
 * audit-logged with before/after). `internal`: bookkeeping of the server itself (seed
 * markers, hashes of shipped reference files), written by the system, not audit-logged.
 * `secret`: generated once and never shown, logged or sent anywhere.
 */
export type SettingKind = 'setting' | 'internal' | 'secret';

export interface SettingDefinition<S extends z.ZodType = z.ZodType> {
  readonly scope: SettingScope;
  readonly kind: SettingKind;
  /** German name for the audit log and the admin screen. */
  readonly label: string;
  readonly schema: S;
  readonly default: z.output<S>;
}

export type SettingDefinitions = Readonly<Record<string, SettingDefinition>>;

/** Declares one key; the default is checked against the schema when the module loads. */
export function defineSetting<S extends z.ZodType>(definition: SettingDefinition<S>): SettingDefinition<S> {
  definition.schema.parse(definition.default);
  return definition;
}

/** Marker of a one-time seed: when it ran (null until then). */
export const seedMarkerSchema = z.object({ at: z.string() }).nullable();

/** What was loaded from a shipped reference file, so an unchanged file is skipped. */
export const referenceFileStateSchema = z
  .object({ sha256: z.string(), rows: z.number(), at: z.string() })
  .nullable();

/** The embedded provider's private signing key (a JWK). */
export const signingKeySchema = z
  .looseObject({ kty: z.string(), kid: z.string(), alg: z.string() })
  .nullable();

/**
 * The watched import folder. The folder is always below the installation's import
 * directory (IMPORT_DIR, else DATA_DIR/import): letters, digits, - and _ per level, so no
 * `..`, no absolute path and no other part of the server's file system can be named.
 */
export const importFolderSettingsSchema = z.strictObject({
  enabled: z.boolean({ error: 'Bitte ja oder nein angeben.' }),
  path: z
    .string({ error: 'Bitte einen Ordner angeben (leer: das Importverzeichnis selbst).' })
    .trim()
    .max(200, 'Der Ordner darf höchstens 200 Zeichen lang sein.')
    .regex(
      /^([A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*)?$/,
      'Nur ein Unterordner des Importverzeichnisses: Buchstaben, Ziffern, - und _, Ebenen mit / getrennt (kein .., kein absoluter Pfad).',
    ),
  interval_seconds: z
    .number({ error: 'Bitte eine Zahl von Sekunden angeben.' })
    .int('Bitte eine ganze Zahl von Sekunden angeben.')
    .min(5, 'Der Ordner kann höchstens alle 5 Sekunden gelesen werden.')
    .max(86_400, 'Der Ordner muss mindestens einmal am Tag (86 400 Sekunden) gelesen werden.'),
});
export type ImportFolderSettings = z.infer<typeof importFolderSettingsSchema>;

/** The working-day calendar's regional choices (see `calendar.holidays`). */
export const holidaySettingsSchema = z.strictObject({
  bayern_mariae_himmelfahrt: z.boolean({ error: 'Bitte ja oder nein angeben.' }),
  /** Fronleichnam also in the Saxon/Thuringian municipalities where only some Ortsteile observe it. */
  fronleichnam_ortsteile: z.boolean({ error: 'Bitte ja oder nein angeben.' }).default(false),
});
export type HolidaySettings = z.infer<typeof holidaySettingsSchema>;

/** The domain's holiday options for the stored calendar setting. */
export const holidayOptionsOf = (s: HolidaySettings): HolidayOptions => ({
  bayernMariaeHimmelfahrt: s.bayern_mariae_himmelfahrt,
  fronleichnamOrtsteile: s.fronleichnam_ortsteile,
});

const seedMarker = (label: string) =>
  defineSetting({ scope: 'global', kind: 'internal', label, schema: seedMarkerSchema, default: null });
const referenceFile = (label: string) =>
  defineSetting({
    scope: 'global',
    kind: 'internal',
    label,
    schema: referenceFileStateSchema,
    default: null,
  });

export const SETTINGS = {
  'seed.roles': seedMarker('Standardrollen angelegt'),
  'seed.interest': seedMarker('Zinssätze und Zinszeiträume angelegt'),
  'seed.demo': seedMarker('Demo-Firmen und -Benutzer angelegt'),
  'seed.demo.master_data': seedMarker('Demo-Stammdaten angelegt'),
  'seed.demo.prepayments': seedMarker('Demo-Vorauszahlungen angelegt'),
  'reference.gemeinden': referenceFile('Gemeindeverzeichnis geladen'),
  'reference.hebesaetze': referenceFile('Hebesatztabelle geladen'),
  /**
   * Account mapping of a company's bookings (chart, accounts per purpose, DATEV numbers,
   * fiscal year, account length). Null: the preset of the company's chart of accounts.
   */
  'bookings.accounts': defineSetting({
    scope: 'company',
    kind: 'setting',
    label: 'Kontenzuordnung der Buchungen',
    schema: accountMappingSchema.nullable(),
    default: null,
  }),
  /** KOST1/KOST2 of a company's bookings: default and rules (precedence: bookings/cost-centres.ts). */
  'bookings.cost_centres': defineSetting({
    scope: 'company',
    kind: 'setting',
    label: 'Kostenstellen der Buchungen (KOST1/KOST2)',
    schema: costCentreSettingsSchema,
    default: DEFAULT_COST_CENTRES,
  }),
  /** Where a company's approved booking sessions are exported to (issue 14). */
  'export.targets': defineSetting({
    scope: 'company',
    kind: 'setting',
    label: 'Exportziele der Buchungen',
    schema: exportSettingsSchema,
    default: DEFAULT_EXPORT_SETTINGS,
  }),
  /**
   * How long a document stays locked for its reviewer without a renewal (seconds); null: the
   * installation's DOCUMENT_LOCK_SECONDS. Read on every lock, so a change applies at once.
   */
  'documents.lock_seconds': defineSetting({
    scope: 'global',
    kind: 'setting',
    label: 'Sperrzeit eines Dokuments in Prüfung (Sekunden)',
    schema: z
      .number({ error: 'Bitte eine Zahl von Sekunden angeben.' })
      .int('Bitte eine ganze Zahl von Sekunden angeben.')
      .min(60, 'Die Sperrzeit muss mindestens 60 Sekunden betragen.')
      .max(86_400, 'Die Sperrzeit darf höchstens 86 400 Sekunden (ein Tag) betragen.')
      .nullable(),
    default: null,
  }),
  /**
   * The watched import folder: on/off, sub-folder and how often it is read. Null: as the
   * installation is configured (on when IMPORT_DIR is set, every 5 seconds). Every
   * instance's watcher reads it before each scan, so a change applies without a restart.
   */
  'documents.import_folder': defineSetting({
    scope: 'global',
    kind: 'setting',
    label: 'Importordner',
    schema: importFolderSettingsSchema.nullable(),
    default: null,
  }),
  /**
   * How long original files are kept (§ 147 AO, see `../retention`). Only the list of expired
   * documents and the administrator's explicit deletion read it; nothing is deleted by itself.
   */
  'documents.retention': defineSetting({
    scope: 'global',
    kind: 'setting',
    label: 'Aufbewahrungsfrist der Originale (Jahre)',
    schema: retentionSettingsSchema,
    default: { years: RETENTION_DEFAULT_YEARS },
  }),
  /**
   * Which in-app notifications are computed (and N, the days ahead for due payments). Read
   * on every GET /api/notifications, so a change applies at once on every instance.
   */
  notifications: defineSetting({
    scope: 'global',
    kind: 'setting',
    label: 'Benachrichtigungen',
    schema: notificationSettingsSchema,
    default: DEFAULT_NOTIFICATION_SETTINGS,
  }),
  /**
   * Working-day calendar (§108 Abs.3 AO: a due date on a weekend or public holiday moves to
   * the next working day). Mariä Himmelfahrt (15 August) is a holiday only in Bavarian
   * municipalities with a mainly Catholic population (and in all of Saarland, always);
   * false keeps the conservative default of the domain (never assume a later day than the
   * law allows), true treats it as a holiday in all of Bavaria. Fronleichnam in Saxony and
   * Thuringia counts in the municipalities the ordinances name entirely (domain list by AGS);
   * `fronleichnam_ortsteile` adds those where only some Ortsteile observe it (default false,
   * as above; a value stored before the option existed reads as false). Read on every calculation.
   */
  'calendar.holidays': defineSetting({
    scope: 'global',
    kind: 'setting',
    label: 'Arbeitstage: regionale Feiertage',
    schema: holidaySettingsSchema,
    default: { bayern_mariae_himmelfahrt: false, fronleichnam_ortsteile: false },
  }),
  /**
   * How the Zerlegung turns exact shares into cents (DOMAIN.md: no legal rule, largest
   * remainder by default). Read by every Zerlegung calculation that does not name a rule
   * itself; a saved Zerlegung keeps the rule it was computed with.
   */
  'zerlegung.rundung': defineSetting({
    scope: 'global',
    kind: 'setting',
    label: 'Zerlegung: Rundung der Anteile',
    schema: z.enum(ZERLEGUNG_RUNDUNG, {
      error:
        'Bitte eine der Rundungsregeln wählen: größter Rest, kaufmännisch oder Rest an die Geschäftsleitung.',
    }),
    default: 'largest_remainder',
  }),
  'oidc.signing_key': defineSetting({
    scope: 'global',
    kind: 'secret',
    label: 'Signaturschlüssel der Anmeldung',
    schema: signingKeySchema,
    default: null,
  }),
  'oidc.cookie_keys': defineSetting({
    scope: 'global',
    kind: 'secret',
    label: 'Cookie-Schlüssel der Anmeldung',
    schema: z.array(z.string().min(32)).min(1).nullable(),
    default: null,
  }),
  'backup.automatic': defineSetting({
    scope: 'global',
    kind: 'internal',
    label: 'Letzte automatische Sicherung (Tag)',
    schema: z.object({ day: z.string() }).nullable(),
    default: null,
  }),
  'backup.download_key': defineSetting({
    scope: 'global',
    kind: 'secret',
    label: 'Schlüssel der Download-Links für Sicherungen',
    schema: z.string().min(32).nullable(),
    default: null,
  }),
} as const satisfies SettingDefinitions;

export type Settings = typeof SETTINGS;
export type SettingKey = keyof Settings;
export type SettingValue<K extends SettingKey> = z.output<Settings[K]['schema']>;

/** Groups of the Admin → Einstellungen screen. */
export const SETTING_GROUPS = {
  company: 'Je Firma',
  documents: 'Dokumentenverarbeitung',
  notifications: 'Benachrichtigungen',
  defaults: 'Vorgaben',
} as const;
export type SettingGroup = keyof typeof SETTING_GROUPS;

/** Installation-wide business settings the settings screen edits through `/api/settings`. */
export const EDITABLE_GLOBAL_SETTINGS = {
  'documents.lock_seconds': 'documents',
  'documents.import_folder': 'documents',
  'documents.retention': 'documents',
  notifications: 'notifications',
  'calendar.holidays': 'defaults',
  'zerlegung.rundung': 'defaults',
} as const satisfies Partial<Record<SettingKey, SettingGroup>>;
export type EditableGlobalSettingKey = keyof typeof EDITABLE_GLOBAL_SETTINGS;

/**
 * Per-company business settings the settings screen edits through
 * `/api/companies/{id}/settings` (the account mapping keeps its own route in bookings).
 */
export const EDITABLE_COMPANY_SETTINGS = {
  'export.targets': 'company',
  'bookings.cost_centres': 'company',
} as const satisfies Partial<Record<SettingKey, SettingGroup>>;
export type EditableCompanySettingKey = keyof typeof EDITABLE_COMPANY_SETTINGS;

export const settingEntrySchema = z.object({
  key: z.string(),
  group: z.enum(Object.keys(SETTING_GROUPS) as [SettingGroup, ...SettingGroup[]]),
  label: z.string(),
  value: z.unknown(),
  default: z.unknown(),
  stored: z.boolean(),
});
export type SettingEntry = z.infer<typeof settingEntrySchema>;

export const settingKeyParamSchema = z.object({
  key: z.enum(Object.keys(EDITABLE_GLOBAL_SETTINGS) as [EditableGlobalSettingKey], {
    error: 'Diese Einstellung gibt es nicht oder sie ist hier nicht änderbar.',
  }),
});
export const settingValueBodySchema = z.object({ value: z.unknown() });
export const companySettingKeyParamSchema = z.object({
  id: idSchema,
  key: z.enum(Object.keys(EDITABLE_COMPANY_SETTINGS) as [EditableCompanySettingKey], {
    error: 'Diese Einstellung gibt es je Firma nicht oder sie ist hier nicht änderbar.',
  }),
});
