import { extractText, type TextProgress, type TextResult } from '@gewst/extraction';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { processDocument } from '../src/modules/documents/jobs';
import { simplePdf, upload } from './documents-support';
import { bearer, useTestApp } from './helpers';

/**
 * Processing progress (issue 11 point 5): the list and the document say where processing is —
 * the queue position while waiting, then the stage and page the job reports from the sandbox.
 * ROLE=api: no worker takes the jobs, the test runs one itself with a reader it controls.
 */
describe('processing progress in the list and on the document', () => {
  const ctx = useTestApp({ ROLE: 'api' });

  it('queued with the position, then reading / OCR page n of m as reported; null when done', async () => {
    const token = await ctx.token('sachbearbeitung');
    const ids: number[] = [];
    for (const n of [1, 2, 3]) {
      const pdf = await simplePdf([`Stadt Fortschritt ${n}`, 'Gewerbesteuerbescheid 2024']);
      const res = await upload(ctx, 'sachbearbeitung', 1, [{ name: `f${n}.pdf`, content: pdf }]);
      expect(res.statusCode).toBe(201);
      ids.push(res.json().results[0].document_id);
    }
    const get = async (id: number) =>
      (await ctx.inject({ method: 'GET', url: `/api/documents/${id}`, headers: bearer(token) })).json();
    const listed = async () => {
      const res = await ctx.inject({
        method: 'GET',
        url: '/api/documents?company_id=1&per_page=50',
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(200);
      const data = res.json().data as { id: number; progress: unknown }[];
      return new Map(data.map((d) => [d.id, d.progress]));
    };
    const queued = (position: number) => ({
      stage: 'queued',
      page: null,
      pages: null,
      queue_position: position,
    });
    let list = await listed();
    expect(ids.map((id) => list.get(id))).toEqual([queued(1), queued(2), queued(3)]);
    expect((await get(ids[2]!)).progress).toEqual(queued(3));

    // A worker takes the first job (active) and reads the file through a sandbox it controls.
    const db = ctx.built.database.db;
    await db.execute(
      sql`update pgboss.job set state = 'active' where id::text = (select job_id from documents where id = ${ids[0]!})`,
    );
    // The reader's progress messages, handed over one by one by the test.
    const steps: (TextProgress | null)[] = [];
    let waiting: ((p: TextProgress | null) => void) | null = null;
    const next = () =>
      new Promise<TextProgress | null>((r) => (steps.length ? r(steps.shift()!) : (waiting = r)));
    const push = (p: TextProgress | null) => {
      const w = waiting;
      waiting = null;
      if (w) w(p);
      else steps.push(p);
    };
    const bytes = await simplePdf(['Stadt Fortschritt 1', 'Gewerbesteuerbescheid 2024']);
    const readText = async (_b: Uint8Array, run: { onProgress?: (p: TextProgress) => void }) => {
      for (let p = await next(); p; p = await next()) run.onProgress?.(p);
      return (await extractText(bytes, { ocr: false })) as TextResult;
    };
    const running = processDocument(
      { db, store: ctx.built.documents.store, readText, sandboxAttempts: 3 },
      ids[0]!,
      { retryCount: 0, retryLimit: 3 },
    );
    // Each reported step is in the API once written (waited for, not timed).
    const until = async (want: object) => {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const got = (await get(ids[0]!)).progress;
        if (JSON.stringify(got) === JSON.stringify(want)) return;
        if (Date.now() > deadline) throw new Error(`Fortschritt ${JSON.stringify(got)}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    await until({ stage: 'reading', page: null, pages: null, queue_position: null });
    push({ stage: 'text', page: 1, pages: 3 });
    await until({ stage: 'reading', page: 2, pages: 3, queue_position: null });
    push({ stage: 'ocr', page: 0, pages: 2 });
    await until({ stage: 'ocr', page: 1, pages: 2, queue_position: null });
    push({ stage: 'ocr', page: 1, pages: 2 });
    await until({ stage: 'ocr', page: 2, pages: 2, queue_position: null });
    // The others moved up in the queue.
    list = await listed();
    expect([list.get(ids[1]!), list.get(ids[2]!)]).toEqual([queued(1), queued(2)]);
    push(null);
    await running;
    const done = await get(ids[0]!);
    expect(done.status).toBe('zu_pruefen');
    expect(done.progress).toBeNull();
  });
});
