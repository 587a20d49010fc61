import { randomUUID } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ImportFolderSettings } from '@gewst/domain';
import type { FastifyBaseLogger } from 'fastify';
import { SYSTEM_ACTOR } from '../audit/service';
import { type IntakeInputs, ingestFiles } from './intake';
import * as repo from './repo';

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

const ONLY_FILES = 'aus dem Importordner werden nur Dateien übernommen';

/** Why an entry of the import folder could not be read (German, naming the entry). */
export function unreadableReason(name: string, cause: 'folder' | 'link' | unknown): string {
  if (cause === 'folder') return `„${name}“ ist ein Ordner, keine Datei; ${ONLY_FILES}.`;
  if (cause === 'link') return `„${name}“ ist eine Verknüpfung (symbolischer Link); ${ONLY_FILES}.`;
  const code = (cause as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOENT')
    return `„${name}“ war beim Lesen nicht mehr im Importordner (verschoben oder gelöscht).`;
  if (code === 'EACCES' || code === 'EPERM')
    return `„${name}“ konnte nicht gelesen werden: keine Leseberechtigung für den Serverdienst.`;
  if (code === 'EISDIR') return `„${name}“ ist ein Ordner, keine Datei; ${ONLY_FILES}.`;
  return `„${name}“ konnte nicht gelesen werden (Fehler ${code ?? 'beim Lesen'}).`;
}

/**
 * A test holds a scan after it listed an entry (before it looks at it) or between listing a
 * file and reading it (the file may vanish there, another instance may take it there).
 */
export interface ImportHooks {
  listed?(file: string): Promise<void>;
  beforeRead?(file: string): Promise<void>;
  /** The file was read; intake (the document) comes next. */
  read?(file: string): Promise<void>;
}

/** This instance's claim of an entry was taken over by another instance (import folder). */
class ClaimLost extends Error {}

/** Entries a scan looks at: files, and what looks like one but cannot be read as one. */
const candidate = (f: Dirent) =>
  !f.name.startsWith('.') &&
  (f.isFile() || f.isSymbolicLink() || (f.isDirectory() && /\.pdf$/i.test(f.name)));

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
 * moved to <company_id>/imported/ (or failed/ with a .txt reason). An entry that cannot be
 * read at all (a folder or link named like a file, no read permission, gone before it was read)
 * is refused the same way, so Service → Importe and the notifications show it; one that cannot
 * be moved either is not recorded again while it stays. Polled, so it works on
 * network mounts where file-system events do not arrive; a file is taken only once its
 * size has not changed between two scans (still being copied otherwise). Instances sharing
 * the database (and the folder) claim each entry before reading it (`repo.claimImportEntry`):
 * one takes it; the others leave it alone, also when it is gone by the time they look. The holder
 * renews its claim at every step (`repo.renewImportClaim`); one that was slower than the lease
 * and was taken over records nothing and leaves the entry to the instance that took it.
 *
 * `target` is asked before every scan (the settings read is cached and one primary-key
 * read when nothing changed), so switching the folder off, moving it or changing the
 * interval applies on every instance at its next scan, without a restart.
 */
export async function watchImportDir(
  intake: IntakeInputs,
  target: () => Promise<ImportTarget | null>,
  log: FastifyBaseLogger,
  hooks: ImportHooks = {},
): Promise<ImportWatcher> {
  const seen = new Map<string, number>();
  // Refused entries that could not be moved out of the folder (recorded once).
  const stuck = new Set<string>();
  let running: Promise<number> | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  let intervalMs = DEFAULT_INTERVAL_MS;

  /**
   * Reads a claimed entry (unless it is known unreadable), hands it to intake and moves it to
   * imported/ or failed/ (with the reason). Answers whether intake recorded it.
   */
  const take = async (
    entry: { companyId: number; companyDir: string; name: string; full: string; unreadable?: string },
    claim: { key: { companyId: number; name: string }; owner: string },
    batch: { id?: number },
  ): Promise<boolean> => {
    const { companyId, companyDir, name: filename, full } = entry;
    // Heartbeat at every step: a claim another instance took over (this one was slower than
    // the lease) ends the work here, and intake checks it again inside the document's
    // transaction, so the entry is recorded and moved by one instance only.
    const lost = () => {
      log.warn({ file: filename, companyId }, 'import folder file taken over by another instance');
      return false;
    };
    const holds = () => repo.renewImportClaim(intake.db, claim.key, claim.owner);
    let unreadable = entry.unreadable;
    let bytes = Buffer.alloc(0);
    if (!unreadable) {
      try {
        await hooks.beforeRead?.(full);
        bytes = await readFile(full);
      } catch (err) {
        unreadable = unreadableReason(filename, err);
      }
    }
    if (!(await holds())) return lost();
    await hooks.read?.(full);
    let target = 'imported';
    let note = '';
    let recorded = false;
    try {
      const { results, batchId } = await ingestFiles(intake, SYSTEM_ACTOR, {
        companyId,
        files: [{ filename, bytes, truncated: false, ...(unreadable ? { unreadable } : {}) }],
        source: 'import',
        batchId: batch.id,
        async guard(db) {
          if (!(await repo.renewImportClaim(db, claim.key, claim.owner))) throw new ClaimLost();
        },
      });
      batch.id ??= batchId ?? undefined;
      const r = results[0];
      if (r?.status === 'refused') {
        target = 'failed';
        note = r.reason ?? '';
      }
      recorded = true;
    } catch (err) {
      if (err instanceof ClaimLost) return lost();
      target = 'failed';
      note = (err as Error).message;
    }
    if (!(await holds())) return recorded;
    const dest = path.join(companyDir, target);
    await mkdir(dest, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}_${filename}`;
    await rename(full, path.join(dest, name)).catch((err: NodeJS.ErrnoException) => {
      // Gone already (nothing to move), or it stays where it is and is not taken again.
      if (err.code !== 'ENOENT') stuck.add(full);
      log.warn({ err, file: filename, companyId }, 'import folder file not moved');
    });
    if (note) await writeFile(path.join(dest, `${name}.txt`), `${note}\n`);
    log.info({ file: filename, companyId, target }, 'import folder file taken');
    return recorded;
  };

  const scanOnce = async (): Promise<number> => {
    const current = await target();
    if (!current) return 0;
    intervalMs = current.intervalMs;
    const dir = current.dir;
    await mkdir(dir, { recursive: true });
    await repo.forgetOldImportClaims(intake.db);
    let imported = 0;
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (!entry.isDirectory() || !/^\d+$/.test(entry.name)) continue;
      const companyId = Number(entry.name);
      const companyDir = path.join(dir, entry.name);
      // One import batch per company and run (opened with its first file).
      const batch: { id?: number } = {};
      // Drawn before the listing: an entry another instance moved away after it is not taken.
      const ticket = await repo.importListingTicket(intake.db);
      for (const f of await readdir(companyDir, { withFileTypes: true })) {
        if (!candidate(f)) continue;
        const full = path.join(companyDir, f.name);
        if (stuck.has(full)) continue;
        await hooks.listed?.(full);
        let unreadable: string | undefined = f.isDirectory()
          ? unreadableReason(f.name, 'folder')
          : f.isSymbolicLink()
            ? unreadableReason(f.name, 'link')
            : undefined;
        if (!unreadable) {
          const size = await stat(full).catch((err: unknown) => unreadableReason(f.name, err));
          if (typeof size === 'string') unreadable = size;
          else if (seen.get(full) !== size.size) {
            seen.set(full, size.size);
            continue;
          }
          seen.delete(full);
        }
        // One instance takes an entry: one that another instance holds, or moved away after this
        // scan listed it, is left alone (neither imported again nor refused as gone).
        const claim = { key: { companyId, name: f.name }, owner: randomUUID() };
        if (!(await repo.claimImportEntry(intake.db, claim.key, ticket, claim.owner))) continue;
        try {
          const entry = { companyId, companyDir, name: f.name, full, ...(unreadable ? { unreadable } : {}) };
          if (await take(entry, claim, batch)) imported++;
        } finally {
          await repo.finishImportClaim(intake.db, claim.key, claim.owner);
        }
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
