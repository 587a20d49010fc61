import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateNotice, type GeneratedNotice } from '../../../../../bench/notices/generate';
import { TYPES } from '../../../../../bench/notices/notice';
import { multipartFiles, simplePdf, upload, waitProcessed } from '../../../test/documents-support';
import { bearer, type StartedTestApp, startTestApp, type TestContext } from '../../../test/helpers';
import type { Manifest } from './manifest';
import { rowsOf } from './repo';
import { backupOf, fingerprintDatabase, fingerprintFiles, listBackups, restoreInto } from './test-support';

/**
 * The restore test of issue 16: demo data + 50 uploaded notices (real text PDFs, processed,
 * some confirmed with their payment data, one annotated, one deleted) → backup → fresh
 * installation → restore → every table's row count and content hash, every stored file's
 * SHA-256 and the reports computed over the data identical.
 * With TEST_DATABASE_URL the chain crosses database kinds: PostgreSQL → PGlite → PostgreSQL
 * (which includes PGlite → PostgreSQL, the move from the embedded default to a server).
 * Then: a backup taken while 20 uploads wait for or are in processing restores consistently.
 */
const PG = !!process.env.TEST_DATABASE_URL;
const LAYOUTS = ['L1', 'L2', 'L3', 'L4', 'L5', 'L6', 'L7', 'L8'];
const env = { JOB_POLL_SECONDS: '0.5' };

let source: StartedTestApp;
const apps: StartedTestApp[] = [];
let notices: GeneratedNotice[] = [];

const as = async (ctx: TestContext, user = 'admin') => bearer(await ctx.token(user));

/** The reports over the payment data of every company (they are computed, not stored). */
async function reportsOf(ctx: TestContext) {
  const out: unknown[] = [];
  for (const company of [1, 2, 3]) {
    for (const report of ['expense', 'cashplan', 'reconciliation']) {
      const res = await ctx.inject({
        method: 'GET',
        url: `/api/reports/${report}?company_id=${company}`,
        headers: await as(ctx),
      });
      expect(res.statusCode, res.body).toBe(200);
      out.push(res.json());
    }
  }
  return out;
}

async function fresh(kind: 'pglite' | 'postgres'): Promise<StartedTestApp> {
  const app = await startTestApp(env, kind);
  apps.push(app);
  return app;
}

beforeAll(async () => {
  source = await startTestApp(env);
  apps.push(source);
  notices = [];
  for (let i = 0; i < 70; i++) {
    notices.push(await generateNotice(100 + i, TYPES[i % TYPES.length]!, LAYOUTS[i % LAYOUTS.length]!));
  }
  // 50 notices, in batches as a user would upload them
  const ids: number[] = [];
  for (let i = 0; i < 50; i += 10) {
    const res = await upload(
      source,
      'sachbearbeitung',
      1 + ((i / 10) % 3),
      notices.slice(i, i + 10).map((n) => ({ name: `${n.id}.pdf`, content: n.pdf })),
    );
    expect(res.statusCode, res.body).toBe(201);
    ids.push(...res.json().results.map((r: { document_id: number }) => r.document_id));
  }
  const docs = [];
  for (const id of ids) docs.push(await waitProcessed(source, id, 300_000));
  expect(docs.every((d) => d.status === 'zu_pruefen')).toBe(true);

  const sb = await as(source, 'sachbearbeitung');
  // confirmed notices with their own establishment (payment data follows from them)
  const bescheide = docs.filter((x) => x.type === 'gewst_bescheid').slice(0, 4);
  expect(bescheide.length).toBe(4);
  for (const [i, d] of bescheide.entries()) {
    const md = await source.inject({
      method: 'POST',
      url: `/api/companies/${d.company_id}/masterData`,
      headers: sb,
      payload: {
        ags: (d.fields.ags?.value as string | undefined) ?? '05315000',
        designation: `Sicherung ${i + 1}`,
      },
    });
    expect(md.statusCode, md.body).toBe(201);
    const put = await source.inject({
      method: 'PUT',
      url: `/api/documents/${d.id}`,
      headers: sb,
      payload: { master_data_id: md.json().id },
    });
    expect(put.statusCode, put.body).toBe(200);
    const res = await source.inject({ method: 'POST', url: `/api/documents/${d.id}/confirm`, headers: sb });
    expect(res.statusCode, res.body).toBe(200);
  }
  // bookings: the prepayment batch of the current quarter over the demo schedules
  const now = new Date();
  const batch = await source.inject({
    method: 'PUT',
    url: `/api/bookings/prepayments/create?company_id=1&year=${now.getFullYear()}&quartal=${Math.floor(now.getMonth() / 3) + 1}`,
    headers: await as(source, 'freigabe'),
  });
  expect(batch.statusCode, batch.body).toBe(201);
  // an annotated version (a second file of one document) and a deleted document
  const mp = multipartFiles({}, [
    { name: 'annotiert.pdf', content: await simplePdf(['annotiert für die Sicherung']) },
  ]);
  const ver = await source.inject({
    method: 'POST',
    url: `/api/documents/${docs[1]!.id}/versions`,
    headers: { ...sb, ...mp.headers },
    payload: mp.body,
  });
  expect(ver.statusCode, ver.body).toBe(200);
  const del = await source.inject({ method: 'DELETE', url: `/api/documents/${docs[2]!.id}`, headers: sb });
  expect(del.statusCode, del.body).toBe(200);
}, 900_000);

afterAll(async () => {
  for (const app of apps.reverse()) await app.stop().catch(() => {});
});

describe('backup → fresh installation → restore', () => {
  it(
    PG
      ? 'PostgreSQL → PGlite → PostgreSQL: identical tables and files at every hop'
      : 'PGlite → PGlite: identical tables and files',
    async () => {
      let from = source;
      for (const kind of PG ? (['pglite', 'postgres'] as const) : (['pglite'] as const)) {
        // (the first request of a user after a restore updates its last sign-in: done before)
        await listBackups(from);
        const tables = await fingerprintDatabase(from.built.database);
        const files = await fingerprintFiles(from.built.app.deps.config.filesDir);
        expect(Object.keys(files).length).toBe(51); // 50 uploads + 1 annotated version
        expect(tables.documents).toMatch(/^50:/);
        expect(tables.payment_lines).not.toMatch(/^0:/);
        expect(tables.booking_sessions).not.toMatch(/^0:/);
        expect(tables.bookings).not.toMatch(/^0:/);
        const reports = await reportsOf(from);
        expect(JSON.stringify(reports)).toMatch(/"[1-9]\d*\.\d{2}"/); // the confirmed notices' amounts
        const { bytes } = await backupOf(from);
        const target = await fresh(kind);
        // a fresh installation has demo data of its own; the restore replaces it
        expect(await fingerprintDatabase(target.built.database)).not.toEqual(tables);
        const outcome = await restoreInto(target, bytes);
        expect(outcome.message).toContain('alle Prüfsummen stimmen');
        expect(await fingerprintDatabase(target.built.database), `→ ${kind}`).toEqual(tables);
        expect(await fingerprintFiles(target.built.app.deps.config.filesDir), `→ ${kind}`).toEqual(files);
        expect(await reportsOf(target), `→ ${kind}`).toEqual(reports);
        // the restored installation works: sign-in, lists, a stored file
        const list = await target.inject({
          method: 'GET',
          url: '/api/documents?company_id=1&per_page=5',
          headers: await as(target, 'leser'),
        });
        expect(list.statusCode, list.body).toBe(200);
        const doc = list.json().data[0];
        const pdf = await target.inject({ method: 'GET', url: doc.pdf, headers: await as(target, 'leser') });
        expect(pdf.statusCode).toBe(200);
        expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
        from = target;
      }
    },
    900_000,
  );
});

/** Document rows of an archive (read with tar), with the paths of their files. */
function archivedDocuments(dir: string, manifest: Manifest) {
  const rows = (table: string) => {
    const cols = manifest.tables.find((t) => t.name === table)!.columns.map((c) => c.name);
    return readFileSync(path.join(dir, 'db', `${table}.jsonl`), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => Object.fromEntries((JSON.parse(l) as (string | null)[]).map((v, i) => [cols[i], v])));
  };
  return { documents: rows('documents'), versions: rows('document_versions'), uploads: rows('upload_audit') };
}

describe('a backup taken while uploads are processing', () => {
  it('restores a consistent state: every document has its file, every open document its job and vice versa', async () => {
    const batch = notices.slice(50, 70);
    // Uploads are accepted while the workers are held, so 20 documents wait for processing
    // when the first backup is taken; then the workers run and backups follow until all are done.
    await source.built.documents.pause();
    const res = await upload(
      source,
      'sachbearbeitung',
      2,
      batch.map((n) => ({ name: `laufend-${n.id}.pdf`, content: n.pdf })),
    );
    expect(res.statusCode, res.body).toBe(201);
    const archives = [await backupOf(source)];
    await source.built.documents.resume();
    for (let i = 0; i < 60; i++) {
      const [open] = await source.built.database.query<{ n: number }>(
        `select count(*)::int as n from documents where status in ('neu', 'in_verarbeitung')`,
      );
      archives.push(await backupOf(source));
      if (open!.n === 0) break;
    }

    const states: string[] = [];
    for (const [i, a] of archives.entries()) {
      const dir = path.join(source.dir, `check-${i}`);
      mkdirSync(dir, { recursive: true });
      const file = path.join(source.dir, `check-${i}.tar.gz`);
      writeFileSync(file, a.bytes);
      execFileSync('tar', ['-xzf', file, '-C', dir]);
      const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
      const files = new Set(manifest.files.map((f) => f.path));
      const { documents, versions, uploads } = archivedDocuments(dir, manifest);
      for (const d of documents) {
        expect(files.has(d.original_path!), `Dokument ${d.id} ohne Original in Archiv ${i}`).toBe(true);
        expect(files.has(d.file_path!), `Dokument ${d.id} ohne Datei in Archiv ${i}`).toBe(true);
      }
      for (const v of versions) expect(files.has(v.path!), `Fassung ${v.id} in Archiv ${i}`).toBe(true);
      for (const u of uploads)
        if (u.path) expect(files.has(u.path), `Upload ${u.id} in Archiv ${i}`).toBe(true);
      const ids = new Set(documents.map((d) => d.id));
      for (const v of versions)
        expect(ids.has(v.document_id), `Fassung ohne Dokument in Archiv ${i}`).toBe(true);
      states.push(
        documents
          .filter((d) => ['neu', 'in_verarbeitung'].includes(d.status!))
          .map((d) => d.status)
          .join(','),
      );
    }
    // the first archive holds all 20 open, the last none
    expect(states[0]!.split(',')).toHaveLength(20);
    expect(states.at(-1)).toBe('');
    console.log(
      `archives taken during processing: ${archives.length}, open documents: ${states.map((s) => (s ? s.split(',').length : 0)).join(' → ')}`,
    );

    // Restore the archive with 20 open documents into a fresh installation.
    const target = await fresh(PG ? 'postgres' : 'pglite');
    const outcome = await restoreInto(target, archives[0]!.bytes);
    expect(outcome.ok).toBe(true);
    const db = target.built.database;
    const [entry] = await db.query<{ after: { requeued_documents: number } }>(
      `select after from audit_logs where entity = 'backup' and action = 'restore'`,
    );
    expect(entry!.after.requeued_documents).toBe(20);
    // Jobs and documents read in one snapshot (the restored workers are already running):
    // no job without its document, no open document without its job.
    const { open, live } = await db.db.transaction(
      async (tx) => ({
        open: await rowsOf<{ id: number; job_id: string | null }>(
          tx,
          sql`select id, job_id from documents where status in ('neu', 'in_verarbeitung') and deleted_at is null`,
        ),
        live: await rowsOf<{ id: string; document_id: number }>(
          tx,
          sql`select id::text, (data->>'documentId')::int as document_id from pgboss.job
              where name = 'process-document' and state in ('created', 'retry', 'active')`,
        ),
      }),
      { isolationLevel: 'repeatable read' },
    );
    expect(open.length).toBeGreaterThan(0);
    const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
    expect(live.map((j) => j.document_id).sort((a, b) => a - b)).toEqual(open.sort(byId).map((d) => d.id));
    for (const d of open) expect(live.find((j) => j.document_id === d.id)?.id).toBe(d.job_id);
    // every document's files are in the store with their SHA-256
    const stored = await fingerprintFiles(target.built.app.deps.config.filesDir);
    const docs = await db.query<{ id: number; sha256: string; original_path: string }>(
      `select id, sha256, original_path from documents`,
    );
    for (const d of docs) expect(stored[d.original_path], `Datei von Dokument ${d.id}`).toBe(d.sha256);

    // and the restored installation finishes the work
    const batchIds = await db.query<{ id: number }>(
      `select id from documents where filename like 'laufend-%'`,
    );
    expect(batchIds).toHaveLength(20);
    for (const d of batchIds) {
      const done = await waitProcessed(target, d.id, 300_000);
      expect(done.status).toBe('zu_pruefen');
    }
    const left = await db.query(
      `select id from pgboss.job where name = 'process-document' and state in ('created', 'retry', 'active')`,
    );
    expect(left).toEqual([]);
    expect((await listBackups(target)).last?.ok).toBe(true);
  }, 900_000);
});
