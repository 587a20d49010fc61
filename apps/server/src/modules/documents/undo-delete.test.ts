import { afterAll, describe, expect, it } from 'vitest';
import { generateNotice } from '../../../../../bench/notices/generate';
import { upload, waitProcessed } from '../../../test/documents-support';
import { bearer, type StartedTestApp, startTestApp } from '../../../test/helpers';

/**
 * "Löschen rückgängig" of a document removed while it was in processing (issue 16). The
 * worker skips a removed document and its job ends, so taking the removal back must not leave
 * it in processing without a job (the orphan sweep would mark it "mehrfach fehlgeschlagen").
 * The workers are held and the rows are put where a worker leaves them, so the state is set
 * up deterministically.
 */
let app: StartedTestApp;
afterAll(async () => {
  await app?.stop().catch(() => {});
});

type Row = { status: string; job_id: string | null; progress: unknown; error: string | null };
const docRow = async (id: number) =>
  (
    await app.built.database.query<Row>(
      `select status, job_id, progress, error from documents where id = $1`,
      [id],
    )
  )[0]!;
const liveJobsOf = (id: number) =>
  app.built.database.query<{ id: string }>(
    `select id::text from pgboss.job where name = 'process-document' and state in ('created', 'retry', 'active')
       and (data->>'documentId')::int = $1`,
    [id],
  );

describe('undoing the removal of a document in processing', () => {
  it('starts the processing again with a new job; a waiting job is kept', async () => {
    app = await startTestApp({ JOB_POLL_SECONDS: '0.5' });
    await app.built.documents.pause();
    const files = [];
    for (const i of [1, 2]) {
      const notice = await generateNotice(720 + i, 'gewst_bescheid', 'L1');
      files.push({ name: `rueckgaengig-${i}.pdf`, content: notice.pdf });
    }
    const res = await upload(app, 'sachbearbeitung', 1, files);
    expect(res.statusCode, res.body).toBe(201);
    const [running, waiting] = res
      .json()
      .results.map((r: { document_id: number }) => r.document_id) as number[];
    const headers = bearer(await app.token('admin'));
    for (const id of [running!, waiting!]) {
      const del = await app.inject({ method: 'DELETE', url: `/api/documents/${id}`, headers });
      expect(del.statusCode, del.body).toBe(200);
    }
    // `running` was in processing when it was removed; the worker skipped it and its job ended.
    const before = await docRow(running!);
    await app.built.database.query(
      `update documents set status = 'in_verarbeitung', attempts = 1,
         progress = '{"stage":"ocr","page":1,"pages":2}'::jsonb where id = $1`,
      [running],
    );
    await app.built.database.query(
      `update pgboss.job set state = 'completed', completed_on = now() where id::text = $1`,
      [before.job_id],
    );
    expect(await liveJobsOf(running!)).toEqual([]);
    const waitingJob = (await docRow(waiting!)).job_id;

    for (const id of [running!, waiting!]) {
      const undo = await app.inject({ method: 'POST', url: `/api/documents/${id}/restore`, headers });
      expect(undo.statusCode, undo.body).toBe(200);
    }
    const requeued = await docRow(running!);
    expect(requeued).toMatchObject({ status: 'neu', progress: null, error: null });
    expect(requeued.job_id).not.toBe(before.job_id);
    expect(await liveJobsOf(running!)).toEqual([{ id: requeued.job_id }]);
    // a document whose job is still waiting keeps it (no second job)
    expect(await docRow(waiting!)).toMatchObject({ status: 'neu', job_id: waitingJob });
    expect(await liveJobsOf(waiting!)).toEqual([{ id: waitingJob }]);
    const [entry] = await app.built.database.query<{ after: Record<string, unknown> }>(
      `select after from audit_logs where entity = 'document' and action = 'restore' and entity_id = $1`,
      [String(running)],
    );
    expect(entry!.after).toMatchObject({ deleted_at: null, status: 'neu', job_id: requeued.job_id });

    await app.built.documents.resume();
    for (const id of [running!, waiting!]) {
      const done = await waitProcessed(app, id, 300_000);
      expect(done.status, done.error).toBe('zu_pruefen');
    }
  }, 600_000);
});
