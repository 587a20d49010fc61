import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Content-addressed file store under FILES_DIR: a file is kept once, at
 * ab/cd/<sha256>.pdf. Paths handed out and stored in the database are relative.
 */
export interface FileStore {
  readonly root: string;
  /** Stores the bytes unless already present; returns the relative path. */
  put(bytes: Uint8Array): Promise<StoredFile>;
  /**
   * Streams a file into a temporary file of the store, hashing it on the way; nothing of it is
   * held in memory but its first KB. `onChunk` sees each chunk's size before it is written and
   * may throw (a limit): the temporary file is removed on that and every other failure.
   */
  stage(source: AsyncIterable<Uint8Array>, onChunk?: (bytes: number) => void): Promise<StagedFile>;
  read(relPath: string): Promise<Buffer>;
  /** The absolute path of a relative store path, or null when it is not one (traversal, absolute, odd). */
  resolve(relPath: string): string | null;
  /**
   * Removes temporary files of writes that never finished (a process killed mid-upload),
   * older than `minAgeMs` (another process may be writing one right now). Returns the count.
   */
  sweepTemp(minAgeMs?: number): Promise<number>;
}

export interface StoredFile {
  sha256: string;
  path: string;
  existed: boolean;
}

/** A file streamed into the store's temporary area, not yet under its final path. */
export interface StagedFile {
  readonly size: number;
  readonly sha256: string;
  /** The first 1024 bytes (the PDF check). */
  readonly head: Buffer;
  /** Moves it to its final path (or drops it when the content is already stored). */
  commit(): Promise<StoredFile>;
  /** Removes the temporary file; a no-op after commit or a second call. */
  discard(): Promise<void>;
}

export const HEAD_BYTES = 1024;

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
    async stage(source, onChunk) {
      const tmp = path.join(abs, `upload-${randomBytes(8).toString('hex')}.tmp`);
      await mkdir(abs, { recursive: true });
      const hash = createHash('sha256');
      const headParts: Buffer[] = [];
      let headSize = 0;
      let size = 0;
      const fh = await open(tmp, 'wx');
      try {
        for await (const chunk of source) {
          onChunk?.(chunk.length);
          hash.update(chunk);
          if (headSize < HEAD_BYTES) {
            const part = Buffer.from(chunk.subarray(0, HEAD_BYTES - headSize));
            headParts.push(part);
            headSize += part.length;
          }
          size += chunk.length;
          await fh.write(chunk);
        }
        await fh.close();
      } catch (err) {
        await fh.close().catch(() => {});
        await rm(tmp, { force: true });
        throw err;
      }
      const sha256 = hash.digest('hex');
      let pending = true;
      return {
        size,
        sha256,
        head: Buffer.concat(headParts),
        async commit() {
          if (!pending) throw new Error('Die Datei wurde bereits übernommen oder verworfen.');
          pending = false;
          const rel = storePathOf(sha256);
          const full = path.join(abs, rel);
          try {
            if (existsSync(full)) {
              await rm(tmp, { force: true });
              return { sha256, path: rel, existed: true };
            }
            await mkdir(path.dirname(full), { recursive: true });
            await rename(tmp, full);
            return { sha256, path: rel, existed: false };
          } catch (err) {
            await rm(tmp, { force: true });
            throw err;
          }
        },
        async discard() {
          if (!pending) return;
          pending = false;
          await rm(tmp, { force: true });
        },
      };
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
  return Buffer.from(head.subarray(0, HEAD_BYTES)).includes('%PDF-');
}
