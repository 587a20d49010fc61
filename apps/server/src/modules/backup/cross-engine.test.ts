import { afterAll, describe, expect, it } from 'vitest';
import { generateNotice } from '../../../../../bench/notices/generate';
import { upload, waitProcessed } from '../../../test/documents-support';
import { type StartedTestApp, startTestApp } from '../../../test/helpers';
import { backupOf, fingerprintDatabase, fingerprintFiles, listBackups, restoreInto } from './test-support';

/**
 * Moving between database kinds (issue 16): an embedded PGlite installation (demo data and a
 * few uploaded notices, written by PGlite itself) → backup → fresh PostgreSQL → restore, then
 * PostgreSQL → backup → fresh PGlite → restore: every table's row count and content hash and
 * every stored file's SHA-256 identical at both hops, and the restored installation takes new
 * uploads (its sequences continue). Needs TEST_DATABASE_URL (CI's PostgreSQL run); the same
 * kind is covered by restore.test.ts.
 */
const PG = !!process.env.TEST_DATABASE_URL;
const env = { JOB_POLL_SECONDS: '0.5' };
const apps: StartedTestApp[] = [];

async function start(kind: 'pglite' | 'postgres') {
  const app = await startTestApp(env, kind);
  apps.push(app);
  return app;
}

/** A new upload is stored with a new id: the restored sequences continue after the data. */
async function takesNewUpload(app: StartedTestApp, seed: number) {
  const notice = await generateNotice(seed, 'vorauszahlungsbescheid', 'L2');
  const res = await upload(app, 'sachbearbeitung', 1, [{ name: `neu-${seed}.pdf`, content: notice.pdf }]);
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().results[0].status).toBe('stored');
}

afterAll(async () => {
  for (const app of apps.reverse()) await app.stop().catch(() => {});
});

describe.skipIf(!PG)('backup across database kinds', () => {
  it('PGlite → PostgreSQL → PGlite: identical tables and files at both hops', async () => {
    const source = await start('pglite');
    expect(source.built.database.kind).toBe('pglite');
    const notices = [
      await generateNotice(900, 'gewst_bescheid', 'L1'),
      await generateNotice(901, 'messbescheid', 'L3'),
      await generateNotice(902, 'zinsbescheid', 'L5'),
    ];
    // one upload action: three notices, a duplicate and a refused file (an import batch)
    const res = await upload(source, 'sachbearbeitung', 1, [
      ...notices.map((n) => ({ name: `${n.id}.pdf`, content: n.pdf })),
      { name: 'doppelt.pdf', content: notices[0]!.pdf },
      { name: 'notiz.txt', content: Buffer.from('keine PDF') },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    for (const r of res.json().results.filter((x: { status: string }) => x.status === 'stored'))
      await waitProcessed(source, r.document_id, 120_000);
    await listBackups(source); // the admin's sign-in is written before the fingerprint

    const tables = await fingerprintDatabase(source.built.database);
    const files = await fingerprintFiles(source.built.app.deps.config.filesDir);
    expect(tables.documents).toMatch(/^3:/);
    expect(tables.upload_audit).toMatch(/^5:/);
    expect(tables.import_batch_files).toMatch(/^5:/);
    expect(tables.master_data).not.toMatch(/^0:/); // the demo data
    expect(Object.keys(files)).toHaveLength(3);

    const toPg = await start('postgres');
    expect(toPg.built.database.kind).toBe('postgres');
    expect((await restoreInto(toPg, (await backupOf(source)).bytes)).message).toContain(
      'alle Prüfsummen stimmen',
    );
    expect(await fingerprintDatabase(toPg.built.database), 'PGlite → PostgreSQL').toEqual(tables);
    expect(await fingerprintFiles(toPg.built.app.deps.config.filesDir), 'PGlite → PostgreSQL').toEqual(files);

    const { bytes } = await backupOf(toPg);
    await takesNewUpload(toPg, 903);

    const back = await start('pglite');
    await restoreInto(back, bytes);
    expect(await fingerprintDatabase(back.built.database), 'PostgreSQL → PGlite').toEqual(tables);
    expect(await fingerprintFiles(back.built.app.deps.config.filesDir), 'PostgreSQL → PGlite').toEqual(files);
    await takesNewUpload(back, 904);
  }, 600_000);
});
