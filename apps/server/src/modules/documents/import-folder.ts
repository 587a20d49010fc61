import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { SYSTEM_ACTOR } from '../audit/service';
import { type IntakeInputs, ingestFiles } from './intake';

export interface ImportWatcher {
  scan(): Promise<number>;
  close(): Promise<void>;
}

/**
 * Watched import folder (IMPORT_DIR): one sub-folder per company, named by its id
 * (IMPORT_DIR/<company_id>/*.pdf). Files go through the same intake as uploads and are
 * moved to <company_id>/imported/ (or failed/ with a .txt reason). Polled, so it works on
 * network mounts where file-system events do not arrive; a file is taken only once its
 * size has not changed between two scans (still being copied otherwise).
 */
export async function watchImportDir(
  intake: IntakeInputs,
  dir: string,
  log: FastifyBaseLogger,
  intervalMs = 5000,
): Promise<ImportWatcher> {
  await mkdir(dir, { recursive: true });
  const seen = new Map<string, number>();
  let running: Promise<number> | null = null;

  const scanOnce = async (): Promise<number> => {
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
  const timer = setInterval(() => {
    scan().catch((err) => log.error({ err }, 'import folder scan failed'));
  }, intervalMs);
  return {
    scan,
    async close() {
      clearInterval(timer);
      await running?.catch(() => {});
    },
  };
}
