import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Content-addressed file store under FILES_DIR: a file is kept once, at
 * ab/cd/<sha256>.pdf. Paths handed out and stored in the database are relative.
 */
export interface FileStore {
  readonly root: string;
  /** Stores the bytes unless already present; returns the relative path. */
  put(bytes: Uint8Array): Promise<{ sha256: string; path: string; existed: boolean }>;
  read(relPath: string): Promise<Buffer>;
  /** The absolute path of a relative store path, or null when it is not one (traversal, absolute, odd). */
  resolve(relPath: string): string | null;
  /**
   * Removes temporary files of writes that never finished (a process killed mid-upload),
   * older than `minAgeMs` (another process may be writing one right now). Returns the count.
   */
  sweepTemp(minAgeMs?: number): Promise<number>;
}

export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The only shape a store path can have. */
export const STORE_PATH = /^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}\.pdf$/;

export const storePathOf = (sha256: string) => `${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}.pdf`;

export function createFileStore(root: string): FileStore {
  const abs = path.resolve(root);
  const resolve = (relPath: string) => {
    if (!STORE_PATH.test(relPath)) return null;
    const full = path.resolve(abs, relPath);
    return full.startsWith(abs + path.sep) ? full : null;
  };
  return {
    root: abs,
    async put(bytes) {
      const sha256 = sha256Of(bytes);
      const rel = storePathOf(sha256);
      const full = path.join(abs, rel);
      if (existsSync(full)) return { sha256, path: rel, existed: true };
      await mkdir(path.dirname(full), { recursive: true });
      // Written under a temporary name first: a crash never leaves a half file at the final path.
      const tmp = `${full}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await writeFile(tmp, bytes);
        await rename(tmp, full);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
      return { sha256, path: rel, existed: false };
    },
    async read(relPath) {
      const full = resolve(relPath);
      if (!full) throw new Error(`Kein gültiger Speicherpfad: ${relPath}`);
      return readFile(full);
    },
    resolve,
    async sweepTemp(minAgeMs = 60 * 60 * 1000) {
      let removed = 0;
      const walk = async (dir: string, depth: number): Promise<void> => {
        const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
        for (const e of entries) {
          const full = path.join(dir, e.name);
          if (e.isDirectory() && depth < 2 && /^[0-9a-f]{2}$/.test(e.name)) await walk(full, depth + 1);
          else if (e.isFile() && e.name.endsWith('.tmp')) {
            const age = Date.now() - (await stat(full)).mtimeMs;
            if (age >= minAgeMs) {
              await rm(full, { force: true });
              removed++;
            }
          }
        }
      };
      await walk(abs, 0);
      return removed;
    },
  };
}

/** PDF by content: "%PDF-" within the first 1024 bytes (as readers accept it). */
export function looksLikePdf(head: Uint8Array): boolean {
  return Buffer.from(head.subarray(0, 1024)).includes('%PDF-');
}
