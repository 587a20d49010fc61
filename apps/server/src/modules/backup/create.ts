import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BackupKind, BackupPhase } from '@gewst/domain';
import type { Database } from '../../db/client';
import { APP_VERSION } from '../../version';
import { linkOrCopy, packDirectory, sha256OfFile, walkFiles } from './archive';
import { dumpDatabase } from './dump';
import {
  describeSchema,
  EXCLUDED_TABLES,
  MANIFEST_FORMAT,
  MANIFEST_FORMAT_VERSION,
  type Manifest,
  ROW_FILTERS,
} from './manifest';

export type ProgressFn = (phase: BackupPhase, done: number, total: number) => void;

export interface CreateOptions {
  database: Database;
  filesDir: string;
  /** The archive to write (its directory must exist). */
  archive: string;
  kind: BackupKind;
  createdBy: string | null;
  /** Directories under filesDir that are not part of the file store (e.g. the backups themselves). */
  skip?: readonly string[];
  onProgress?: ProgressFn;
}

/**
 * One backup: (1) the database from one snapshot transaction, (2) then the file store.
 * The order makes it consistent without stopping anything: the store only ever gains files
 * (content-addressed, written before the row that names them commits), so every file a
 * snapshot row refers to is on disk when the store is read after the snapshot. Files that
 * arrive later are taken along unreferenced, which is harmless.
 */
export async function createBackup(options: CreateOptions): Promise<Manifest> {
  const progress = options.onProgress ?? (() => {});
  const staging = `${options.archive}.staging`;
  const partial = `${options.archive}.partial`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(path.join(staging, 'files'), { recursive: true });
  try {
    const createdAt = new Date().toISOString();
    progress('datenbank', 0, 1);
    const dump = await dumpDatabase(options.database, staging, (done, total) =>
      progress('datenbank', done, total),
    );

    const paths = await walkFiles(options.filesDir, options.skip);
    const files: Manifest['files'] = [];
    let fileBytes = 0;
    for (const [i, rel] of paths.entries()) {
      progress('dateien', i, paths.length);
      const target = path.join(staging, 'files', rel);
      try {
        await linkOrCopy(path.join(options.filesDir, rel), target);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue; // removed meanwhile
        throw err;
      }
      const size = (await stat(target)).size;
      files.push({ path: rel, size, sha256: await sha256OfFile(target) });
      fileBytes += size;
    }

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
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}
