import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { RestoreResult } from '@gewst/domain';
import type { Database } from '../../db/client';
import { type Actor, recordAudit } from '../audit/service';
import { storeFilesInUse } from '../documents/repo';
import { QUEUE_SCHEMA } from '../jobs/queue';
import { findUserByUsername } from '../users';
import { ArchiveError, linkOrCopy, sha256OfFile, unpackArchive, walkFiles } from './archive';
import type { ProgressFn } from './create';
import { loadDatabase, verifyDatabase } from './dump';
import { describeSchema, incompatibility, type Manifest, manifestSchema } from './manifest';
import * as repo from './repo';
import { keepDemoDataOut, type RestoreHookDeps, requeueUnfinishedDocuments } from './restore-hooks';

/** A refusal with a German reason (bad archive, other schema, failed check); nothing was changed. */
export class RestoreRefused extends Error {}

export function parseManifest(raw: unknown): Manifest {
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new RestoreRefused(
      `Das Manifest der Sicherung ist unvollständig oder von einem unbekannten Format (${first?.path.join('.') || 'Wurzel'}: ${first?.message ?? ''}).`,
    );
  }
  return parsed.data;
}

/** Why the database cannot take this archive, or null. */
export async function checkCompatible(database: Database, manifest: Manifest): Promise<string | null> {
  const schema = describeSchema(await repo.appliedMigrations(database.db));
  return incompatibility(manifest, schema, await repo.listTables(database.db));
}

/**
 * Unpacks the archive and checks it against its manifest before anything is changed:
 * the schema version, every table file's SHA-256 and row count, every file's SHA-256 and
 * size, and that the archive holds nothing the manifest does not list.
 */
async function unpackAndVerify(
  database: Database,
  archive: string,
  staging: string,
  progress: ProgressFn,
): Promise<Manifest> {
  progress('pruefung', 0, 1);
  try {
    await unpackArchive(archive, staging);
  } catch (err) {
    if (err instanceof ArchiveError) throw new RestoreRefused(err.message);
    throw err;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(path.join(staging, 'manifest.json'), 'utf8'));
  } catch {
    throw new RestoreRefused('Das Archiv enthält kein lesbares Manifest (manifest.json).');
  }
  const manifest = parseManifest(raw);
  const problem = await checkCompatible(database, manifest);
  if (problem) throw new RestoreRefused(problem);

  const total = manifest.tables.length + manifest.files.length;
  let done = 0;
  const tableFiles = new Set(
    (await readdir(path.join(staging, 'db')).catch(() => [] as string[])).map((f) =>
      f.replace(/\.jsonl$/, ''),
    ),
  );
  for (const t of manifest.tables) {
    progress('pruefung', done++, total);
    const file = path.join(staging, 'db', `${t.name}.jsonl`);
    if (!existsSync(file)) throw new RestoreRefused(`Im Archiv fehlt die Tabelle ${t.name}.`);
    if ((await sha256OfFile(file)) !== t.sha256)
      throw new RestoreRefused(`Die Prüfsumme der Tabelle ${t.name} stimmt nicht mit dem Manifest überein.`);
    tableFiles.delete(t.name);
  }
  if (tableFiles.size)
    throw new RestoreRefused(
      `Das Archiv enthält Tabellen, die das Manifest nicht nennt: ${[...tableFiles].join(', ')}.`,
    );
  const listed = new Set(manifest.files.map((f) => f.path));
  for (const f of manifest.files) {
    progress('pruefung', done++, total);
    const file = path.join(staging, 'files', f.path);
    if (!existsSync(file)) throw new RestoreRefused(`Im Archiv fehlt die Datei ${f.path}.`);
    const size = (await stat(file)).size;
    if (size !== f.size || (await sha256OfFile(file)) !== f.sha256)
      throw new RestoreRefused(`Die Prüfsumme der Datei ${f.path} stimmt nicht mit dem Manifest überein.`);
  }
  const extra = (await walkFiles(path.join(staging, 'files'))).filter((p) => !listed.has(p));
  if (extra.length)
    throw new RestoreRefused(
      `Das Archiv enthält Dateien, die das Manifest nicht nennt: ${extra.slice(0, 3).join(', ')}.`,
    );
  progress('pruefung', total, total);
  return manifest;
}

export interface RestoreOptions {
  database: Database;
  filesDir: string;
  archive: string;
  /** Where the archive is unpacked meanwhile (removed afterwards). */
  workDir: string;
  actor: Actor;
  hooks: RestoreHookDeps;
  onProgress?: ProgressFn;
}

/**
 * Restores an archive over whatever the installation holds: checks everything first, puts
 * the files into the store, then replaces all tables in one transaction that verifies every
 * table's row count and SHA-256 against the manifest before it commits. A failure at any
 * point leaves the database as it was. Afterwards the store holds exactly the files the
 * restored data refers to.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const started = Date.now();
  const progress = options.onProgress ?? (() => {});
  const staging = path.join(options.workDir, `restore-${randomBytes(6).toString('hex')}`);
  try {
    const manifest = await unpackAndVerify(options.database, options.archive, staging, progress);
    const before = new Set(await walkFiles(options.filesDir));

    // Files first: the store is content-addressed, an extra file is harmless if the load fails.
    for (const [i, f] of manifest.files.entries()) {
      progress('einspielen', i, manifest.files.length + manifest.tables.length);
      const dest = path.join(options.filesDir, f.path);
      if (existsSync(dest)) {
        if ((await sha256OfFile(dest)) === f.sha256) continue;
        const tmp = `${dest}.${randomBytes(6).toString('hex')}.tmp`;
        await linkOrCopy(path.join(staging, 'files', f.path), tmp);
        await rename(tmp, dest);
      } else {
        await linkOrCopy(path.join(staging, 'files', f.path), dest);
      }
    }

    const catalog = await repo.listTables(options.database.db);
    let requeued = 0;
    let interrupted = 0;
    let inUse: { needed: string[]; optional: string[] } = { needed: [], optional: [] };
    await options.database.db.transaction(async (tx) => {
      await repo.deleteQueuedJobs(tx, QUEUE_SCHEMA);
      await loadDatabase(tx, staging, manifest, catalog, (done, total) =>
        progress('einspielen', manifest.files.length + done, manifest.files.length + total),
      );
      progress('abschluss', 0, 1);
      const wrong = await verifyDatabase(tx, manifest);
      if (wrong.length) {
        throw new RestoreRefused(
          `Nach dem Einspielen stimmen Tabellen nicht mit dem Manifest überein: ${wrong.join(', ')}. Es wurde nichts geändert.`,
        );
      }
      ({ requeued, interrupted } = await requeueUnfinishedDocuments(tx, options.hooks));
      inUse = await storeFilesInUse(tx);
      await keepDemoDataOut(tx);
      const user = await findUserByUsername(tx, options.actor.username);
      await recordAudit(
        tx,
        { ...options.actor, userId: user?.id ?? null },
        {
          action: 'restore',
          entity: 'backup',
          entityId: manifest.name,
          after: {
            created_at: manifest.created_at,
            schema_version: manifest.schema.version,
            rows: manifest.totals.rows,
            files: manifest.totals.files,
            requeued_documents: requeued,
            interrupted_removed_documents: interrupted,
          },
        },
      );
    });

    // Files the restored data does not refer to: those of the replaced data, and those an
    // older archive carried for originals that retention had deleted (they do not come back).
    const keep = new Set([...inUse.needed, ...inUse.optional]);
    for (const rel of new Set([...before, ...manifest.files.map((f) => f.path)])) {
      if (!keep.has(rel)) await unlink(path.join(options.filesDir, rel)).catch(() => {});
    }
    progress('abschluss', 1, 1);
    return {
      name: manifest.name,
      tables: manifest.totals.tables,
      rows: manifest.totals.rows,
      files: manifest.totals.files,
      requeued_documents: requeued,
      duration_ms: Date.now() - started,
    };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
