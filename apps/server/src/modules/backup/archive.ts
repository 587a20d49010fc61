import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, link, mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';

/**
 * The archive is a plain .tar.gz that any tar reads:
 *   manifest.json            first entry: versions, schema, per table rows + SHA-256, per file SHA-256
 *   db/<table>.jsonl         one JSON array of column texts per row (canonical order)
 *   files/<store path>       the file store as it is under FILES_DIR
 * Nothing else is accepted when an archive is read back.
 */
export const MANIFEST_ENTRY = 'manifest.json';

/** A relative path of the file store: plain segments, no "..", no leading slash. */
const STORE_FILE = /^(?:[A-Za-z0-9_][A-Za-z0-9._-]*\/)*[A-Za-z0-9_][A-Za-z0-9._-]*$/;
const ENTRY = /^(?:manifest\.json|db\/?|db\/[a-z0-9_]+\.jsonl|files\/?|files\/.+)$/;

export function isStorePath(rel: string): boolean {
  return STORE_FILE.test(rel) && rel.length <= 400 && !rel.split('/').some((s) => s === '.' || s === '..');
}

export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** Every regular file under root (relative, "/"-separated), leaving out half-written "*.tmp" files. */
export async function walkFiles(root: string, skip: readonly string[] = []): Promise<string[]> {
  const out: string[] = [];
  const skipped = new Set(skip.map((s) => path.resolve(s)));
  async function walk(dir: string, rel: string): Promise<void> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const full = path.join(dir, e.name);
      if (skipped.has(full)) continue;
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(full, r);
      else if (e.isFile() && !e.name.endsWith('.tmp') && isStorePath(r)) out.push(r);
    }
  }
  await walk(path.resolve(root), '');
  return out;
}

/** Puts a file at dest without copying its bytes when the file system allows (hard link). */
export async function linkOrCopy(src: string, dest: string): Promise<void> {
  await mkdir(path.dirname(dest), { recursive: true });
  try {
    await link(src, dest);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return;
    await copyFile(src, dest);
  }
}

/** Packs a prepared directory (manifest.json, db/, files/) into a .tar.gz. */
export async function packDirectory(dir: string, archive: string): Promise<void> {
  await tar.create({ gzip: { level: 6 }, cwd: dir, file: archive, portable: true }, [
    MANIFEST_ENTRY,
    'db',
    'files',
  ]);
}

export class ArchiveError extends Error {}

/**
 * Unpacks an archive into dir, accepting only regular files and directories under the
 * known names (no links, no absolute paths, no ".."). Anything else refuses the archive.
 */
export async function unpackArchive(archive: string, dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const refused: string[] = [];
  try {
    await tar.extract({
      file: archive,
      cwd: dir,
      strict: true,
      preserveOwner: false,
      noChmod: true,
      filter: (p, entry) => {
        const type = 'type' in entry ? entry.type : 'File';
        const clean = p.replace(/^\.\//, '');
        const ok =
          (type === 'File' || type === 'OldFile' || type === 'Directory') &&
          ENTRY.test(clean) &&
          (!clean.startsWith('files/') ||
            clean === 'files/' ||
            isStorePath(clean.slice(6).replace(/\/$/, '')));
        if (!ok) refused.push(clean);
        return ok;
      },
    });
  } catch (err) {
    throw new ArchiveError(`Das Archiv ist beschädigt oder keine Sicherung (${(err as Error).message}).`);
  }
  if (refused.length) {
    throw new ArchiveError(
      `Das Archiv enthält unerwartete Einträge: ${refused.slice(0, 5).join(', ')}${refused.length > 5 ? ' …' : ''}`,
    );
  }
}

/** Reads manifest.json, the first entry, without unpacking the rest. */
export async function readManifestEntry(archive: string): Promise<unknown> {
  const source = createReadStream(archive);
  const chunks: Buffer[] = [];
  let found = false;
  let first = true;
  const parser = new tar.Parser({
    strict: true,
    onReadEntry: (entry) => {
      const isManifest = first && entry.path.replace(/^\.\//, '') === MANIFEST_ENTRY;
      first = false;
      if (!isManifest) {
        entry.resume();
        source.destroy();
        return;
      }
      found = true;
      entry.on('data', (c: Buffer) => chunks.push(c));
      entry.on('end', () => source.destroy());
    },
  });
  await new Promise<void>((resolve, reject) => {
    source.on('error', reject);
    source.on('close', resolve);
    parser.on('error', reject);
    source.pipe(parser);
  }).catch((err: Error) => {
    throw new ArchiveError(`Das Archiv ist beschädigt oder keine Sicherung (${err.message}).`);
  });
  if (!found) throw new ArchiveError('Das Archiv enthält kein Manifest (manifest.json) als ersten Eintrag.');
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new ArchiveError('Das Manifest der Sicherung ist kein gültiges JSON.');
  }
}

export async function fileSize(file: string): Promise<number> {
  return (await stat(file)).size;
}
