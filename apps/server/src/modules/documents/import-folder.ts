import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ImportFolderSettings } from '@gewst/domain';
import type { FastifyBaseLogger } from 'fastify';
import { SYSTEM_ACTOR } from '../audit/service';
import { type IntakeInputs, ingestFiles } from './intake';

export interface ImportWatcher {
  scan(): Promise<number>;
  close(): Promise<void>;
}

/** Which folder a scan reads and when the next one runs; null: the folder is switched off. */
export interface ImportTarget {
  dir: string;
  intervalMs: number;
}

const DEFAULT_INTERVAL_MS = 5000;

/**
 * The folder and interval in force: the setting `documents.import_folder` when stored (its
 * path a sub-folder of `root`, checked again here so nothing outside `root` is ever read),
 * else the installation's configuration (on when IMPORT_DIR is set, every 5 seconds).
 */
export function importTargetOf(
  setting: ImportFolderSettings | null,
  root: string,
  configured: boolean,
): ImportTarget | null {
  if (setting === null) return configured ? { dir: root, intervalMs: DEFAULT_INTERVAL_MS } : null;
  if (!setting.enabled) return null;
  const dir = path.resolve(root, setting.path);
  if (dir !== root && !dir.startsWith(root + path.sep)) return null;
  return { dir, intervalMs: setting.interval_seconds * 1000 };
}

/**
 * Watched import folder (IMPORT_DIR): one sub-folder per company, named by its id
 * (IMPORT_DIR/<company_id>/*.pdf). Files go through the same intake as uploads and are
 * moved to <company_id>/imported/ (or failed/ with a .txt reason). Polled, so it works on
 * network mounts where file-system events do not arrive; a file is taken only once its
 * size has not changed between two scans (still being copied otherwise).
 *
 * `target` is asked before every scan (the settings read is cached and one primary-key
 * read when nothing changed), so switching the folder off, moving it or changing the
 * interval applies on every instance at its next scan, without a restart.
 */
export async function watchImportDir(
  intake: IntakeInputs,
  target: () => Promise<ImportTarget | null>,
  log: FastifyBaseLogger,
): Promise<ImportWatcher> {
  const seen = new Map<string, number>();
  let running: Promise<number> | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  let intervalMs = DEFAULT_INTERVAL_MS;

  const scanOnce = async (): Promise<number> => {
    const current = await target();
    if (!current) return 0;
    intervalMs = current.intervalMs;
    const dir = current.dir;
    await mkdir(dir, { recursive: true });
    let imported = 0;
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (!entry.isDirectory() || !/^\d+$/.test(entry.name)) continue;
      const companyId = Number(entry.name);
      const companyDir = path.join(dir, entry.name);
      // One import batch per company and run (opened with its first file).
      let batchId: number | undefined;
      for (const f of await readdir(companyDir, { withFileTypes: true })) {
        if (!f.isFile() || f.name.startsWith('.')) continue;
        const full = path.join(companyDir, f.name);
        const size = (await stat(full)).size;
        if (seen.get(full) !== size) {
          seen.set(full, size);
          continue;
        }
        seen.delete(full);
        const bytes = await readFile(full);
        let target = 'imported';
        let note = '';
        try {
          const { results, batchId: batch } = await ingestFiles(intake, SYSTEM_ACTOR, {
            companyId,
            files: [{ filename: f.name, bytes, truncated: false }],
            source: 'import',
            batchId,
          });
          batchId ??= batch ?? undefined;
          const r = results[0];
          if (r?.status === 'refused') {
            target = 'failed';
            note = r.reason ?? '';
          }
          imported++;
        } catch (err) {
          target = 'failed';
          note = (err as Error).message;
        }
        const dest = path.join(companyDir, target);
        await mkdir(dest, { recursive: true });
        const name = `${new Date().toISOString().replace(/[:.]/g, '-')}_${f.name}`;
        await rename(full, path.join(dest, name));
        if (note) await writeFile(path.join(dest, `${name}.txt`), `${note}\n`);
        log.info({ file: f.name, companyId, target }, 'import folder file taken');
      }
    }
    return imported;
  };
  const scan = () => {
    running ??= scanOnce().finally(() => {
      running = null;
    });
    return running;
  };
  // The next scan is planned when one ends, with the interval in force then.
  const plan = () => {
    if (closed) return;
    timer = setTimeout(() => {
      scan()
        .catch((err) => log.error({ err }, 'import folder scan failed'))
        .finally(plan);
    }, intervalMs);
  };
  plan();
  return {
    scan,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => {});
    },
  };
}
