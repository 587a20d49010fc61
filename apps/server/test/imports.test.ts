import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { simplePdf, upload, waitProcessed } from './documents-support';
import { bearer, useTestApp } from './helpers';

const ctx = useTestApp({ JOB_POLL_SECONDS: '0.5' });

const sha = (b: Buffer | Uint8Array) => createHash('sha256').update(b).digest('hex');

describe('Service → Importe (import batches)', () => {
  it('records an upload as a batch with each file’s result, filters, downloads and re-runs failed files', async () => {
    const headers = bearer(await ctx.token('admin'));
    const get = (url: string, h = headers) => ctx.inject({ method: 'GET', url, headers: h });
    const pdf = await simplePdf(['Stadt Batchhausen', 'Gewerbesteuerbescheid 2024']);

    const first = await upload(ctx, 'admin', 1, [
      { name: 'bescheid.pdf', content: pdf },
      { name: 'notiz.txt', content: Buffer.from('keine PDF') },
    ]);
    expect(first.statusCode).toBe(201);
    const docId = first.json().results[0].document_id as number;
    // a second upload action: the same file again is a duplicate of the first document
    expect((await upload(ctx, 'admin', 1, [{ name: 'nochmal.pdf', content: pdf }])).statusCode).toBe(201);

    const list = await get('/api/imports');
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.meta).toMatchObject({ page: 1, total: 2 });
    const [second, firstBatch] = body.data;
    expect(firstBatch).toMatchObject({
      company_id: 1,
      source: 'upload',
      created_by: { username: 'admin' },
      counts: { files: 2, stored: 1, duplicate: 0, refused: 1 },
    });
    expect(second.counts).toMatchObject({ files: 1, duplicate: 1 });

    const detail = (await get(`/api/imports/${firstBatch.id}`)).json();
    expect(detail.files).toMatchObject([
      { filename: 'bescheid.pdf', result: 'stored', document_id: docId, sha256: sha(pdf) },
      { filename: 'notiz.txt', result: 'refused', document_id: null, download_path: null },
    ]);
    expect(detail.files[1].reason).toContain('keine PDF-Datei');
    const dup = (await get(`/api/imports/${second.id}`)).json().files[0];
    expect(dup).toMatchObject({ result: 'duplicate', document_id: docId, document_filename: 'bescheid.pdf' });

    // the original file, and nothing for a refused one
    const file = await get(detail.files[0].download_path);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('bescheid.pdf');
    expect(sha(file.rawPayload)).toBe(sha(pdf));
    expect((await get(`/api/imports/${firstBatch.id}/files/${detail.files[1].id}`)).statusCode).toBe(404);
    expect((await get(`/api/imports/${second.id}/files/${detail.files[0].id}`)).statusCode).toBe(404);

    // filters: source, result, date range; invalid input is refused
    expect((await get('/api/imports?source=import')).json().meta.total).toBe(0);
    expect((await get('/api/imports?result=refused')).json().data.map((b: { id: number }) => b.id)).toEqual([
      firstBatch.id,
    ]);
    expect((await get('/api/imports?result=duplicate')).json().meta.total).toBe(1);
    expect((await get('/api/imports?from=2000-01-01&to=2999-12-31')).json().meta.total).toBe(2);
    expect((await get('/api/imports?to=2000-01-01')).json().meta.total).toBe(0);
    expect((await get('/api/imports?result=kaputt')).statusCode).toBe(400);

    // the live processing status; re-run of the failed files
    await waitProcessed(ctx, docId);
    expect(
      (await ctx.inject({ method: 'POST', url: `/api/imports/${firstBatch.id}/reprocess`, headers }))
        .statusCode,
    ).toBe(409);
    await ctx.built.database.query(`update documents set status = 'fehler', error = 'Test' where id = $1`, [
      docId,
    ]);
    const failed = (await get(`/api/imports/${firstBatch.id}`)).json();
    expect(failed.counts.failed).toBe(1);
    expect(failed.files[0]).toMatchObject({ document_status: 'fehler', document_error: 'Test' });
    expect((await get('/api/imports?result=failed')).json().meta.total).toBe(2);
    const rerun = await ctx.inject({
      method: 'POST',
      url: `/api/imports/${firstBatch.id}/reprocess`,
      headers,
    });
    expect(rerun.statusCode).toBe(200);
    expect(rerun.json()).toEqual({ document_ids: [docId] });
    expect((await get(`/api/imports/${firstBatch.id}`)).json().files[0].document_status).not.toBe('fehler');

    // the permission of Service, and company scope
    expect((await get('/api/imports', bearer(await ctx.token('leser')))).statusCode).toBe(403);
    const db = ctx.built.database;
    const [limited] = await db.query<{ id: number }>(`select id from users where username = 'freigabe'`);
    await db.query(
      `insert into user_roles (user_id, role_id) select $1, id from roles where name = 'Administration'
       on conflict do nothing`,
      [limited!.id],
    );
    await db.query(`update users set company_ids = '{2}' where id = $1`, [limited!.id]);
    const other = bearer(await ctx.token('freigabe'));
    expect((await get('/api/imports', other)).json().meta.total).toBe(0);
    expect((await get(`/api/imports/${firstBatch.id}`, other)).statusCode).toBe(404);
    expect((await get(detail.files[0].download_path, other)).statusCode).toBe(404);
    expect((await get('/api/imports?company_id=1', other)).statusCode).toBe(403);
  });
});
