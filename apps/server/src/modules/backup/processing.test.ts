import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { generateNotice } from '../../../../../bench/notices/generate';
import { upload, waitProcessed } from '../../../test/documents-support';
import { bearer, type StartedTestApp, startTestApp } from '../../../test/helpers';
import { rowsOf } from './repo';
import { INTERRUPTED_BY_RESTORE } from './restore-hooks';
import { backupOf, restoreInto } from './test-support';

/**
 * A backup taken while documents are `in_verarbeitung` (issue 16: "no document without its
 * file, no job without its document"). The workers are held, and the rows are put where a
 * worker puts them when it starts (status, attempt, progress), so the archive holds documents
 * in processing deterministically. After the restore none stays in processing without a job:
 * each starts again from `neu` with a new job and is processed; a removed one is marked
 * `fehler` with the reason and has no job.
 */
const apps: StartedTestApp[] = [];
afterAll(async () => {
  for (const app of apps.reverse()) await app.stop().catch(() => {});
});

const open = sql`select id, status, job_id, progress from documents where status in ('neu', 'in_verarbeitung')`;
const liveJobs = sql`select id::text, (data->>'documentId')::int as document_id from pgboss.job
  where name = 'process-document' and state in ('created', 'retry', 'active')`;

describe('restore of an archive taken while documents are in processing', () => {
  it('re-queues the documents in processing and marks removed ones; none stays without a job', async () => {
    const source = await startTestApp({ JOB_POLL_SECONDS: '0.5' });
    apps.push(source);
    await source.built.documents.pause();
    const files = [];
    for (const i of [1, 2, 3]) {
      const notice = await generateNotice(700 + i, 'gewst_bescheid', 'L1');
      files.push({ name: `laeuft-${i}.pdf`, content: notice.pdf });
    }
    const res = await upload(source, 'sachbearbeitung', 1, files);
    expect(res.statusCode, res.body).toBe(201);
    const [a, b, removed] = res.json().results.map((r: { document_id: number }) => r.document_id) as number[];
    await source.built.database.query(
      `update documents set status = 'in_verarbeitung', attempts = 1,
         progress = '{"stage":"ocr","page":1,"pages":2}'::jsonb where id in ($1, $2, $3)`,
      [a, b, removed],
    );
    const del = await source.inject({
      method: 'DELETE',
      url: `/api/documents/${removed}`,
      headers: bearer(await source.token('sachbearbeitung')),
    });
    expect(del.statusCode, del.body).toBe(200);
    const { bytes } = await backupOf(source);

    const target = await startTestApp({ JOB_POLL_SECONDS: '0.5' });
    apps.push(target);
    await restoreInto(target, bytes);
    const db = target.built.database.db;
    const { docs, jobs } = await db.transaction(
      async (tx) => ({
        docs: await rowsOf<{ id: number; status: string; job_id: string | null; progress: unknown }>(
          tx,
          open,
        ),
        jobs: await rowsOf<{ id: string; document_id: number }>(tx, liveJobs),
      }),
      { isolationLevel: 'repeatable read' },
    );
    // The restored workers run at once: a document is waiting again, being processed or done
    // already; an open one has its live job, and there is no live job without an open document.
    expect(docs.map((d) => d.id).every((id) => id === a || id === b)).toBe(true);
    for (const d of docs) {
      if (d.status === 'neu') expect(d.progress).toBeNull();
      expect(jobs.find((j) => j.document_id === d.id)?.id).toBe(d.job_id);
    }
    expect(jobs.map((j) => j.document_id).sort((x, y) => x - y)).toEqual(
      docs.map((d) => d.id).sort((x, y) => x - y),
    );
    const [gone] = await target.built.database.query<{
      status: string;
      error: string;
      job_id: string | null;
    }>(`select status, error, job_id from documents where id = $1`, [removed]);
    expect(gone).toEqual({ status: 'fehler', error: INTERRUPTED_BY_RESTORE, job_id: null });
    const [entry] = await target.built.database.query<{ after: Record<string, number> }>(
      `select after from audit_logs where entity = 'backup' and action = 'restore'`,
    );
    expect(entry!.after).toMatchObject({ requeued_documents: 2, interrupted_removed_documents: 1 });

    // the restored installation finishes the work
    for (const id of [a!, b!]) {
      const done = await waitProcessed(target, id, 300_000);
      expect(done.status, done.error).toBe('zu_pruefen');
    }
    expect(await rowsOf(db, liveJobs)).toEqual([]);
  }, 600_000);
});
