import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BACKUP_KINDS, SETTINGS } from '@gewst/domain';
import { z } from 'zod';
import { MIGRATIONS_DIR } from '../../db/client';
import type { CatalogTable, RowFilter } from './repo';

export const MANIFEST_FORMAT = 'gewst-desk-backup';
export const MANIFEST_FORMAT_VERSION = 1;

/**
 * What never goes into a backup (docs/decisions.md): the embedded identity provider's
 * sessions, grants and refresh tokens (`oidc_payloads`) and every setting the registry
 * declares a secret (its signing and cookie keys, the download-link key). A restore keeps
 * the target's own, so its sign-in keeps working. `app_settings_version` (the settings
 * caches' change counter) and `zerlegung_inputs_version` (the counter behind the provision
 * proposal's computed Zerlegungen) are not data: they keep counting up through a restore.
 * `report_sums` (the reports' sums per year and municipality) is derived from the payments:
 * their triggers rebuild it as a restore loads them.
 */
export const EXCLUDED_TABLES: readonly string[] = [
  'oidc_payloads',
  'app_settings_version',
  'zerlegung_inputs_version',
  'report_sums',
];
export const SECRET_SETTINGS: readonly string[] = Object.entries(SETTINGS)
  .filter(([, d]) => d.kind === 'secret')
  .map(([key]) => key);
export const ROW_FILTERS: Readonly<Record<string, RowFilter>> = {
  app_settings: { column: 'key', exclude: SECRET_SETTINGS },
};

const sha = z.string().regex(/^[0-9a-f]{64}$/);

export const manifestSchema = z.object({
  format: z.literal(MANIFEST_FORMAT),
  format_version: z.literal(MANIFEST_FORMAT_VERSION),
  name: z.string(),
  kind: z.enum(BACKUP_KINDS),
  created_at: z.string(),
  created_by: z.string().nullable(),
  app_version: z.string(),
  node_version: z.string(),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), server_version: z.string() }),
  /** How the data was taken: one read-only REPEATABLE READ transaction (snapshot). */
  consistency: z.literal('snapshot'),
  schema: z.object({
    /** Tag of the last migration, e.g. "0005_payment_sums". */
    version: z.string(),
    migrations: z.array(z.object({ tag: z.string().nullable(), hash: z.string() })),
  }),
  excluded: z.object({
    tables: z.array(z.string()),
    rows: z.array(z.object({ table: z.string(), column: z.string(), exclude: z.array(z.string()) })),
  }),
  tables: z.array(
    z.object({
      name: z.string().regex(/^[a-z0-9_]+$/),
      columns: z.array(z.object({ name: z.string(), type: z.string() })),
      /** Columns the rows are ordered by (their text, byte order), which makes the hash canonical. */
      order_by: z.array(z.string()),
      rows: z.number().int().nonnegative(),
      /** SHA-256 of db/<name>.jsonl = of the table's content in canonical order. */
      sha256: sha,
      bytes: z.number().int().nonnegative(),
    }),
  ),
  sequences: z.array(z.object({ name: z.string(), last_value: z.string(), is_called: z.boolean() })),
  files: z.array(z.object({ path: z.string(), size: z.number().int().nonnegative(), sha256: sha })),
  totals: z.object({
    tables: z.number().int(),
    rows: z.number().int(),
    files: z.number().int(),
    file_bytes: z.number().int(),
    documents: z.number().int().nullable(),
  }),
});
export type Manifest = z.infer<typeof manifestSchema>;

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

/** The migrations this build ships, with drizzle's hash (SHA-256 of the SQL file). */
export function shippedMigrations(dir = MIGRATIONS_DIR): { tag: string; hash: string; when: string }[] {
  const journal = JSON.parse(readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries.map((e) => ({
    tag: e.tag,
    when: String(e.when),
    hash: createHash('sha256')
      .update(readFileSync(path.join(dir, `${e.tag}.sql`), 'utf8'))
      .digest('hex'),
  }));
}

/** Applied migrations (from the database) named by the shipped journal where it knows them. */
export function describeSchema(applied: { hash: string; created_at: string }[]): Manifest['schema'] {
  const shipped = shippedMigrations();
  const migrations = applied.map((m) => ({
    tag: shipped.find((s) => s.hash === m.hash || s.when === m.created_at)?.tag ?? null,
    hash: m.hash,
  }));
  const last = migrations.at(-1);
  return { version: last?.tag ?? (last ? last.hash.slice(0, 12) : 'leer'), migrations };
}

/**
 * Why this installation cannot take the archive, in German, or null. Compatible means the
 * same migrations (same SQL, same order) and therefore the same tables and columns.
 */
export function incompatibility(
  manifest: Manifest,
  schema: Manifest['schema'],
  tables: readonly CatalogTable[] | null,
): string | null {
  const a = manifest.schema.migrations.map((m) => m.hash).join(',');
  const b = schema.migrations.map((m) => m.hash).join(',');
  if (a !== b) {
    const older = schema.migrations.length > manifest.schema.migrations.length;
    return (
      `Die Sicherung hat den Datenbankstand ${manifest.schema.version} (${manifest.schema.migrations.length} Migrationen, ` +
      `GewSt Desk ${manifest.app_version}), diese Installation ${schema.version} (${schema.migrations.length} Migrationen). ` +
      (older
        ? 'Sie lässt sich nur mit der Version einspielen, mit der sie erstellt wurde; danach aktualisiert der Start dieser Version die Daten.'
        : 'Sie stammt aus einer neueren Version; bitte zuerst GewSt Desk aktualisieren.')
    );
  }
  if (!tables) return null;
  const included = tables.filter((t) => !EXCLUDED_TABLES.includes(t.name));
  const describe = (cols: readonly { name: string; type: string }[]) =>
    cols.map((c) => `${c.name}:${c.type}`).join(',');
  const here = new Map(included.map((t) => [t.name, describe(t.columns)]));
  const there = new Map(manifest.tables.map((t) => [t.name, describe(t.columns)]));
  const differing = [...new Set([...here.keys(), ...there.keys()])].filter(
    (n) => here.get(n) !== there.get(n),
  );
  if (differing.length) {
    return `Die Tabellen der Sicherung passen nicht zu dieser Installation (${differing.slice(0, 5).join(', ')}).`;
  }
  return null;
}
