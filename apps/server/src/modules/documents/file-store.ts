import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
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
      await writeFile(tmp, bytes);
      await rename(tmp, full);
      return { sha256, path: rel, existed: false };
    },
    async read(relPath) {
      const full = resolve(relPath);
      if (!full) throw new Error(`Kein gültiger Speicherpfad: ${relPath}`);
      return readFile(full);
    },
    resolve,
  };
}

/** PDF by content: "%PDF-" within the first 1024 bytes (as readers accept it). */
export function looksLikePdf(head: Uint8Array): boolean {
  return Buffer.from(head.subarray(0, 1024)).includes('%PDF-');
}
