import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BackupKind, BackupPhase } from '@gewst/domain';
import type { Database } from '../../db/client';
import { APP_VERSION } from '../../version';
import { storeFilesInUse } from '../documents/repo';
import { linkOrCopy, packDirectory, sha256OfFile } from './archive';
import { dumpDatabase } from './dump';
import {
  describeSchema,
  EXCLUDED_TABLES,
  MANIFEST_FORMAT,
  MANIFEST_FORMAT_VERSION,
  type Manifest,
  ROW_FILTERS,
} from './manifest';

/** Progress report; the file copy waits for a returned promise (a test takes its turn there). */
export type ProgressFn = (phase: BackupPhase, done: number, total: number) => void | Promise<void>;

export interface CreateOptions {
  database: Database;
  filesDir: string;
  /** The archive to write (its directory must exist). */
  archive: string;
  kind: BackupKind;
  createdBy: string | null;
  onProgress?: ProgressFn;
}

/** Snapshots tried before giving up when originals keep being deleted during the file copy. */
const ATTEMPTS = 3;

const missingFiles = (paths: readonly string[]) =>
  `Im Dateispeicher fehlen ${paths.length} Datei(en), auf die Dokumente verweisen (${paths
    .slice(0, 3)
    .join(', ')}${paths.length > 3 ? ', …' : ''}); eine Sicherung ohne sie wäre unvollständig.`;

/**
 * One backup: (1) the database from one snapshot transaction, with the list of files its rows
 * refer to (documents whose original was not deleted by retention, their annotated versions),
 * (2) then exactly those files. The manifest lists exactly the files the data needs: an
 * unreferenced file (an original deleted by retention, a leftover of an interrupted upload)
 * never enters an archive, so a restore cannot bring it back. The store gains files before
 * the rows naming them commit, so a file the snapshot needs is on disk — unless retention
 * deleted that original after the snapshot: then the snapshot is taken again (the new one
 * says the original is gone). A needed file missing for another reason fails the backup.
 */
export async function createBackup(options: CreateOptions): Promise<Manifest> {
  for (let attempt = 1; ; attempt++) {
    const result = await snapshotOnce(options);
    if ('manifest' in result) return result.manifest;
    const { needed } = await storeFilesInUse(options.database.db);
    const lost = result.vanished.filter((p) => needed.includes(p));
    if (lost.length) throw new Error(missingFiles(lost));
    if (attempt >= ATTEMPTS)
      throw new Error(
        'Während der Sicherung wurden wiederholt Originale gelöscht (Aufbewahrung); bitte die Sicherung erneut starten.',
      );
  }
}

async function snapshotOnce(
  options: CreateOptions,
): Promise<{ manifest: Manifest } | { vanished: string[] }> {
  const progress = options.onProgress ?? (() => {});
  const staging = `${options.archive}.staging`;
  const partial = `${options.archive}.partial`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(path.join(staging, 'files'), { recursive: true });
  try {
    const createdAt = new Date().toISOString();
    progress('datenbank', 0, 1);
    const dump = await dumpDatabase(
      options.database,
      staging,
      (done, total) => progress('datenbank', done, total),
      storeFilesInUse,
    );

    const { needed, optional } = dump.extra;
    const required = new Set(needed);
    const paths = [...needed, ...optional].sort();
    const files: Manifest['files'] = [];
    const vanished: string[] = [];
    let fileBytes = 0;
    for (const [i, rel] of paths.entries()) {
      await progress('dateien', i, paths.length);
      const target = path.join(staging, 'files', rel);
      try {
        await linkOrCopy(path.join(options.filesDir, rel), target);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        if (required.has(rel)) vanished.push(rel);
        continue;
      }
      const size = (await stat(target)).size;
      files.push({ path: rel, size, sha256: await sha256OfFile(target) });
      fileBytes += size;
    }
    if (vanished.length) return { vanished };

    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      format_version: MANIFEST_FORMAT_VERSION,
      name: path.basename(options.archive),
      kind: options.kind,
      created_at: createdAt,
      created_by: options.createdBy,
      app_version: APP_VERSION,
      node_version: process.version,
      database: { kind: options.database.kind, server_version: dump.serverVersion },
      consistency: 'snapshot',
      schema: describeSchema(dump.applied),
      excluded: {
        tables: [...EXCLUDED_TABLES],
        rows: Object.entries(ROW_FILTERS).map(([table, f]) => ({
          table,
          column: f.column,
          exclude: [...f.exclude],
        })),
      },
      tables: dump.tables,
      sequences: dump.sequences,
      files,
      totals: {
        tables: dump.tables.length,
        rows: dump.tables.reduce((n, t) => n + t.rows, 0),
        files: files.length,
        file_bytes: fileBytes,
        documents: dump.documents,
      },
    };
    await writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 1)}\n`);
    progress('archiv', 0, 1);
    await packDirectory(staging, partial);
    await rename(partial, options.archive);
    progress('archiv', 1, 1);
    return { manifest };
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}
