import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simplePdf } from '../../../test/documents-support';
import { type StartedTestApp, startTestApp } from '../../../test/helpers';
import { type ImportHooks, type ImportWatcher, watchImportDir } from './import-folder';

/**
 * Several server instances watch one import folder against one database. Two watchers in one
 * process stand for them (PGlite; PostgreSQL with TEST_DATABASE_URL). The race is forced, not
 * waited for: the one instance's scan runs inside the other's hook, after that one listed the
 * file (or before it reads it). Exactly one document, one upload entry, and no instance records
 * the file as refused ("nicht mehr im Importordner").
 */
let app: StartedTestApp;
beforeAll(async () => {
  app = await startTestApp();
  await app.built.documents.pause();
});
afterAll(async () => {
  await app?.stop().catch(() => {});
});

async function watcher(dir: string, hooks: ImportHooks = {}): Promise<ImportWatcher> {
  return watchImportDir(
    app.built.documents.intake,
    async () => ({ dir, intervalMs: 3_600_000 }),
    app.built.app.log, // silent: the test app has no logger
    hooks,
  );
}

/** The upload entries of the import folder for `filename`, and the documents they made. */
async function intakeOf(filename: string) {
  const uploads = await app.built.database.query<{ status: string; reason: string | null }>(
    `select status, reason from upload_audit where source = 'import' and filename = $1 order by id`,
    [filename],
  );
  const docs = await app.built.database.query<{ id: number }>(
    `select id from documents where filename = $1`,
    [filename],
  );
  return { uploads, documents: docs.length };
}

let folders = 0;
async function folderWith(filename: string) {
  const dir = path.join(app.dir, `eingang-${++folders}`);
  const company = path.join(dir, '1');
  mkdirSync(company, { recursive: true });
  writeFileSync(path.join(company, filename), await simplePdf(['Stadt Zweifach', `Schreiben ${filename}`]));
  return { dir, company };
}

const imported = (company: string, filename: string) =>
  existsSync(path.join(company, 'imported'))
    ? readdirSync(path.join(company, 'imported')).filter((f) => f.endsWith(`_${filename}`)).length
    : 0;

/**
 * Watcher B, held at `hook` for `filename`, runs watcher A's whole scan there; then both scan
 * twice more. Answers what intake recorded and how often the file was moved to imported/.
 */
async function race(filename: string, hook: keyof ImportHooks) {
  const { dir, company } = await folderWith(filename);
  const a = await watcher(dir);
  const b = await watcher(dir, {
    async [hook](file: string) {
      if (path.basename(file) === filename) await a.scan();
    },
  });
  // Both note the size first (a file is taken once its size held between two scans); A's
  // second scan runs inside B's.
  return scanInTurn({ a, b }, ['a', 'b', 'b', 'a', 'b'], company, filename);
}

/**
 * Runs the watchers' scans in this order and closes them; answers what intake recorded for
 * `filename` and how often the file was moved to imported/ (and whether failed/ exists).
 */
async function scanInTurn(
  watchers: { a: ImportWatcher; b: ImportWatcher },
  turns: ('a' | 'b')[],
  company: string,
  filename: string,
) {
  try {
    for (const turn of turns) await watchers[turn].scan();
  } finally {
    await watchers.a.close();
    await watchers.b.close();
  }
  return {
    ...(await intakeOf(filename)),
    imported: imported(company, filename),
    failed: existsSync(path.join(company, 'failed')),
  };
}

const once = { uploads: [{ status: 'stored', reason: null }], documents: 1, imported: 1, failed: false };

describe('import folder watched by two instances', () => {
  it('the instance that listed the file while the other took it neither imports nor refuses it', async () => {
    expect(await race('gelistet.pdf', 'listed')).toEqual(once);
  }, 120_000);

  it('the other instance leaves a file alone that one is about to read', async () => {
    expect(await race('gelesen.pdf', 'beforeRead')).toEqual(once);
  }, 120_000);

  it('two instances scanning side by side import every file once (any interleaving)', async () => {
    const dir = path.join(app.dir, 'eingang-parallel');
    const company = path.join(dir, '1');
    mkdirSync(company, { recursive: true });
    const names = Array.from({ length: 6 }, (_, i) => `parallel-${i + 1}.pdf`);
    for (const name of names)
      writeFileSync(path.join(company, name), await simplePdf(['Stadt Parallel', `Schreiben ${name}`]));
    const a = await watcher(dir);
    const b = await watcher(dir);
    try {
      await Promise.all([a.scan(), b.scan()]);
      await Promise.all([a.scan(), b.scan()]);
      await Promise.all([a.scan(), b.scan()]);
    } finally {
      await a.close();
      await b.close();
    }
    for (const name of names) {
      expect(await intakeOf(name)).toEqual({ uploads: [{ status: 'stored', reason: null }], documents: 1 });
      expect(imported(company, name)).toBe(1);
    }
    expect(existsSync(path.join(company, 'failed'))).toBe(false);
  }, 120_000);

  it('a new file of the same name after an import is taken again', async () => {
    const { dir, company } = await folderWith('wieder.pdf');
    const a = await watcher(dir);
    const b = await watcher(dir);
    try {
      await a.scan();
      await a.scan();
      writeFileSync(
        path.join(company, 'wieder.pdf'),
        await simplePdf(['Stadt Zweifach', 'Zweites Schreiben']),
      );
      await b.scan();
      await b.scan();
    } finally {
      await a.close();
      await b.close();
    }
    const { uploads, documents } = await intakeOf('wieder.pdf');
    expect(uploads.map((u) => u.status)).toEqual(['stored', 'stored']);
    expect(documents).toBe(2);
    expect(imported(company, 'wieder.pdf')).toBe(2);
  }, 120_000);
});

/**
 * An instance that takes longer than the claim's lease (15 minutes) on one file. The lease is
 * run out by ageing the claim in the database (no waiting); the other instance scans inside
 * the slow one's hook. `overtake`: B scans right there; otherwise B scans at `read` (after the
 * slow instance read the file, before its document).
 */
async function slow(filename: string, hook: 'beforeRead' | 'read', overtake: boolean) {
  const { dir, company } = await folderWith(filename);
  const age = () =>
    app.built.database.query(
      `update import_folder_claims set claimed_at = now() - interval '16 minutes' where name = $1`,
      [filename],
    );
  const b = await watcher(dir);
  const a = await watcher(dir, {
    async [hook](file: string) {
      if (path.basename(file) !== filename) return;
      await age();
      if (overtake) await b.scan();
    },
    ...(overtake
      ? {}
      : {
          async read(file: string) {
            if (path.basename(file) === filename) await b.scan();
          },
        }),
  });
  // Both note the size; A's second scan claims the file and its lease runs out in the hook.
  return scanInTurn({ a, b }, ['a', 'b', 'a', 'b', 'a'], company, filename);
}

describe('an instance slower than the claim lease', () => {
  it('whose claim was taken over while it read the file records nothing and leaves the file alone', async () => {
    expect(await slow('ueberholt-lesen.pdf', 'beforeRead', true)).toEqual(once);
  }, 120_000);

  it('whose claim was taken over after it read the file writes no document and no duplicate', async () => {
    expect(await slow('ueberholt-gelesen.pdf', 'read', true)).toEqual(once);
  }, 120_000);

  it('renews its claim as it goes: read in time, the other instance does not take the file over', async () => {
    expect(await slow('erneuert.pdf', 'beforeRead', false)).toEqual(once);
  }, 120_000);
});
