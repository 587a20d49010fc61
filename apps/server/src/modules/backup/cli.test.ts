import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { simplePdf } from '../../../test/documents-support';
import { openDatabase } from '../../db/client';
import { seedBaseData } from '../../seed/base';
import { seedDemoData } from '../../seed/demo';
import { storePathOf, sha256Of } from '../documents/file-store';
import { fingerprintDatabase, fingerprintFiles } from './test-support';

/**
 * The operators' path: `npm run backup` of a stopped embedded installation and
 * `npm run restore` into an empty one; the lock that keeps a second process out of PGlite.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'gewst-backup-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function run(script: 'backup' | 'restore', dataDir: string, args: string[] = []) {
  const res = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, `apps/server/src/scripts/${script}.ts`), ...args],
    {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent', NODE_ENV: 'test' },
      encoding: 'utf8',
      timeout: 240_000,
    },
  );
  return { code: res.status, out: res.stdout, err: res.stderr };
}

describe('the embedded database belongs to one process', () => {
  it('refuses to open a data directory another live process holds', async () => {
    const dir = path.join(tmp, 'gesperrt', 'db');
    const other = spawn('sleep', ['60']);
    try {
      mkdirSync(path.dirname(dir), { recursive: true });
      writeFileSync(`${dir}.lock`, `${other.pid}\n`);
      await expect(openDatabase({ kind: 'pglite', dir })).rejects.toThrow(
        new RegExp(`wird von Prozess ${other.pid} benutzt.*Admin → Backup`),
      );
    } finally {
      other.kill();
    }
    await new Promise((r) => other.once('exit', r));
    // a lock of a process that is gone is taken over
    const db = await openDatabase({ kind: 'pglite', dir });
    expect(readFileSync(`${dir}.lock`, 'utf8').trim()).toBe(String(process.pid));
    await db.close();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });
});

describe('npm run backup / npm run restore', () => {
  const source = path.join(tmp, 'quelle');
  const target = path.join(tmp, 'ziel');

  it('backs up a stopped embedded installation and restores it into an empty one', async () => {
    const db = await openDatabase({ kind: 'pglite', dir: path.join(source, 'db') });
    await seedBaseData(db.db);
    await seedDemoData(db.db);
    const pdf = await simplePdf(['Bescheid für die Sicherung']);
    const rel = storePathOf(sha256Of(pdf));
    mkdirSync(path.dirname(path.join(source, 'files', rel)), { recursive: true });
    writeFileSync(path.join(source, 'files', rel), pdf);
    // the store file a document refers to, and a leftover no row names (it is not archived)
    await db.query(
      `insert into documents (company_id, filename, sha256, size, original_path, file_path, status)
       select id, 'sicherung.pdf', $1, $2, $3, $3, 'zu_pruefen' from companies order by id limit 1`,
      [sha256Of(pdf), pdf.length, rel],
    );
    const leftover = new TextEncoder().encode('%PDF-1.4 übrig');
    const leftoverRel = storePathOf(sha256Of(leftover));
    mkdirSync(path.dirname(path.join(source, 'files', leftoverRel)), { recursive: true });
    writeFileSync(path.join(source, 'files', leftoverRel), leftover);

    const before = await fingerprintDatabase(db);
    await db.close();

    const made = run('backup', source);
    expect(made.code, made.err).toBe(0);
    const archive = made.out.trim();
    expect(path.dirname(archive)).toBe(path.join(source, 'backups'));
    expect(readdirSync(path.join(source, 'backups'))).toEqual([path.basename(archive)]);

    const restored = run('restore', target, [archive]);
    expect(restored.code, restored.err).toBe(0);
    expect(restored.err).toContain('alle Prüfsummen stimmen');

    // over existing data it needs the confirmation (no terminal here: --bestaetigt)
    const again = run('restore', target, [archive]);
    expect(again.code).toBe(3);
    expect(again.err).toContain('WIEDERHERSTELLEN');

    const check = await openDatabase({ kind: 'pglite', dir: path.join(target, 'db') });
    try {
      const after = await fingerprintDatabase(check);
      // the CLI's own audit entry of the backup is bookkeeping, not archived data
      expect(after).toEqual(before);
    } finally {
      await check.close();
    }
    const files = await fingerprintFiles(path.join(source, 'files'));
    delete files[leftoverRel];
    expect(Object.keys(files)).toEqual([rel]);
    expect(await fingerprintFiles(path.join(target, 'files'))).toEqual(files);
  }, 600_000);
});
