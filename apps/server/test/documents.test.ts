import { describe, expect, it } from 'vitest';
import { generateNotice } from '../../../bench/notices/generate';
import { blankPdf, encrypt, multipartFiles, simplePdf, upload, waitProcessed } from './documents-support';
import { bearer, useTestApp } from './helpers';

const ctx = useTestApp({ MAX_UPLOAD_MB: '1', DOCUMENT_LOCK_SECONDS: '2', JOB_POLL_SECONDS: '0.5' });
const COMPANY = 1;
const SB = 'sachbearbeitung';

const auth = async (user = 'admin') => bearer(await ctx.token(user));
const get = async (url: string, user = 'admin') =>
  ctx.inject({ method: 'GET', url, headers: await auth(user) });
const put = async (id: number, payload: object, user = SB) =>
  ctx.inject({ method: 'PUT', url: `/api/documents/${id}`, headers: await auth(user), payload });
const post = async (url: string, user = SB) => ctx.inject({ method: 'POST', url, headers: await auth(user) });

async function uploadOne(name: string, content: Uint8Array, user = SB) {
  const res = await upload(ctx, user, COMPANY, [{ name, content }]);
  return res;
}

describe('intake', () => {
  it('refuses a non-PDF by content (415) even when named .pdf, and logs it', async () => {
    const res = await uploadOne('rechnung.pdf', new TextEncoder().encode('Hallo, ich bin keine PDF.'));
    expect(res.statusCode).toBe(415);
    const body = res.json();
    expect(body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(body.error).toMatch(/keine PDF-Datei/);
    expect(body.results[0]).toMatchObject({ filename: 'rechnung.pdf', status: 'refused' });
    const trail = await get('/api/uploadAuditTrail?page=1');
    expect(trail.json().data[0]).toMatchObject({
      filename: 'rechnung.pdf',
      status: 'refused',
      download_path: null,
    });
  });

  it('refuses a file over MAX_UPLOAD_MB with 413', async () => {
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1.2 * 1024 * 1024, 32)]);
    const res = await uploadOne('gross.pdf', big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      error: expect.stringMatching(/größer als die erlaubten 1 MB/),
    });
  });

  it('stores mixed uploads file by file: refused ones do not stop the others', async () => {
    const pdf = await simplePdf(['Sonstiges Schreiben der Stadt', 'Bitte beachten Sie die neue Adresse.']);
    const res = await upload(ctx, SB, COMPANY, [
      { name: 'brief.pdf', content: pdf },
      { name: 'bild.png', content: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json().results.map((r: { status: string }) => r.status)).toEqual(['stored', 'refused']);
  });

  it('needs a company and multipart', async () => {
    const mp = multipartFiles({}, [{ name: 'a.pdf', content: await simplePdf(['x']) }]);
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/documents',
      headers: { ...(await auth(SB)), ...mp.headers },
      payload: mp.body,
    });
    expect(res.statusCode).toBe(400);
    const json = await ctx.inject({
      method: 'POST',
      url: '/api/documents',
      headers: await auth(SB),
      payload: {},
    });
    expect(json.statusCode).toBe(415);
    const reader = await uploadOne('a.pdf', await simplePdf(['x']), 'leser');
    expect(reader.statusCode).toBe(403);
  });

  it.each([
    ['encrypted', async () => encrypt(await simplePdf(['Gewerbesteuerbescheid 2021'])), /passwortgeschützt/],
    ['damaged', async () => (await simplePdf(['Gewerbesteuerbescheid 2021'])).slice(0, 400), /beschädigt/],
    ['empty', blankPdf, /keinen lesbaren Text/],
  ])('a %s PDF ends in fehler with the reason; the file stays downloadable', async (_kind, make, reason) => {
    const bytes = await make();
    const res = await uploadOne(`${_kind}.pdf`, bytes);
    expect(res.statusCode).toBe(201);
    const id = res.json().results[0].document_id;
    const doc = await waitProcessed(ctx, id);
    expect(doc.status).toBe('fehler');
    expect(doc.error).toMatch(reason);
    const file = await get(doc.pdf);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(Buffer.from(bytes))).toBe(true);
  });

  it('detects a duplicate: linked to the existing document, stored once', async () => {
    const pdf = await simplePdf(['Mahnung der Stadt Duplikathausen', 'Rückstand 100,00 EUR']);
    const first = (await uploadOne('a.pdf', pdf)).json().results[0];
    const second = await uploadOne('kopie.pdf', pdf);
    expect(second.statusCode).toBe(201);
    expect(second.json().results[0]).toMatchObject({ status: 'duplicate', document_id: first.document_id });
    const entry = await get(`/api/uploadAuditTrail/${second.json().results[0].upload_id}`);
    expect(entry.statusCode).toBe(200);
    expect(entry.json()).toMatchObject({ status: 'duplicate', document_id: first.document_id });
    const dl = await get(entry.json().download_path);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-disposition']).toMatch(/^attachment/);
    expect((await get('/api/uploadAuditTrail?page=1', SB)).statusCode).toBe(403);
  });
});

describe('processing and the documents API', () => {
  let id = 0;
  let truth: Record<string, unknown> = {};
  let masterDataId = 0;

  it('processes a Gewerbesteuerbescheid: type, fields with provenance, master data match, checks', async () => {
    const n = await generateNotice(3, 'gewst_bescheid', 'L2');
    truth = n.truth;
    // An establishment with the notice's Kassenzeichen and municipality.
    const md = await ctx.inject({
      method: 'POST',
      url: `/api/companies/${COMPANY}/masterData`,
      headers: await auth(),
      payload: {
        ags: String(truth.ags ?? '09162000'),
        designation: 'Niederlassung Test',
        references: [{ kind: 'kassenzeichen', value: String(truth.kassenzeichen) }],
        rates: [{ year: truth.erhebungszeitraum, hebesatz: truth.hebesatz }],
      },
    });
    expect(md.statusCode, md.body).toBe(201);
    masterDataId = md.json().id;
    const res = await uploadOne('bescheid.pdf', n.pdf);
    id = res.json().results[0].document_id;
    const started = Date.now();
    const doc = await waitProcessed(ctx, id);
    console.log(
      `text notice processed in ${Date.now() - started} ms (${doc.processing.duration_ms} ms in the job)`,
    );
    expect(doc.status).toBe('zu_pruefen');
    expect(doc.type).toBe('gewst_bescheid');
    for (const [name, value] of Object.entries(truth)) {
      expect(doc.fields[name]?.value, name).toEqual(value);
      expect(doc.fields[name].source).toBe('extraction');
      expect(doc.fields[name].rect).toHaveLength(4);
    }
    expect(doc.match).toMatchObject({
      master_data_id: masterDataId,
      reason: expect.stringMatching(/Kassenzeichen/),
    });
    expect(doc.masterData).toMatchObject({ id: masterDataId, payments: [], payment_lines: [] });
    expect(doc.checks.filter((c: { severity: string }) => c.severity === 'error')).toEqual([]);
    expect(doc.versions).toHaveLength(1);
    expect(doc.lock).toEqual({ locked_by: null, expires_at: null, mine: false });
  });

  it('lists, searches (German-aware) and counts', async () => {
    const list = await get(`/api/documents?company_id=${COMPANY}&type=gewst_bescheid&page=1`, 'leser');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((d: { id: number }) => d.id)).toContain(id);
    expect(list.json().meta).toMatchObject({ page: 1, total: 1 });
    const search = await get(
      `/api/documents?company_id=${COMPANY}&search=${encodeURIComponent(String(truth.kassenzeichen))}`,
    );
    expect(search.json().data.map((d: { id: number }) => d.id)).toEqual([id]);
    // Stemming: "Gewerbesteuerbescheides" finds a notice that says "Gewerbesteuerbescheid"?
    const stem = await get(`/api/documents?company_id=${COMPANY}&search=Hebesätze`);
    expect(stem.statusCode).toBe(200);
    const none = await get(`/api/documents?company_id=${COMPANY}&search=Zzzyxwv`);
    expect(none.json().meta.total).toBe(0);
    const stats = await get(`/api/documents/stats?company_id=${COMPANY}`);
    expect(stats.json().by_type.gewst_bescheid).toBe(1);
    expect(stats.json().by_status.fehler).toBe(3);
    expect((await get(`/api/documents?company_id=${COMPANY}&orderBy=nope`)).statusCode).toBe(400);
    expect((await get('/api/documents?company_id=999')).statusCode).toBe(404);
  });

  it('the rectangle API returns the text of the text layer', async () => {
    const doc = (await get(`/api/documents/${id}`)).json();
    const f = doc.fields.kassenzeichen;
    const [x, y, w, h] = f.rect;
    const res = await get(
      `/api/extractions/api?document_id=${id}&page=${f.page}&x=${x - 1}&y=${y - 1}&width=${w + 2}&height=${h + 2}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().text.replace(/\s/g, '')).toContain(String(truth.kassenzeichen).replace(/\s/g, ''));
    expect(res.json().source).toBe('text');
    expect(
      (await get(`/api/extractions/api?document_id=${id}&page=9&x=0&y=0&width=10&height=10`)).statusCode,
    ).toBe(400);
    expect(
      (await get('/api/extractions/api?document_id=999&page=1&x=0&y=0&width=10&height=10')).statusCode,
    ).toBe(404);
  });

  it('locks: one editor; the second user gets 423 with the holder and can read; the lock expires', async () => {
    const lock = await post(`/api/documents/${id}/keepLocking`);
    expect(lock.statusCode).toBe(200);
    expect(lock.json()).toMatchObject({
      mine: true,
      locked_by: { username: SB, name: 'Sven Sachbearbeiter' },
    });
    const other = await post(`/api/documents/${id}/keepLocking`, 'admin');
    expect(other.statusCode).toBe(423);
    expect(other.json()).toMatchObject({ code: 'DOCUMENT_LOCKED', lock: { locked_by: { username: SB } } });
    expect(other.json().error).toMatch(/Sven Sachbearbeiter/);
    const read = await get(`/api/documents/${id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().lock).toMatchObject({ mine: false, locked_by: { username: SB } });
    expect((await put(id, { archived: true }, 'admin')).statusCode).toBe(423);
    await new Promise((r) => setTimeout(r, 2300));
    const after = await post(`/api/documents/${id}/keepLocking`, 'admin');
    expect(after.statusCode).toBe(200);
    expect(after.json().mine).toBe(true);
    expect((await post(`/api/documents/${id}/releaseLock`, 'admin')).json()).toMatchObject({
      locked_by: null,
    });
  });

  it('PUT: follow-up, fields with a rectangle (layout hint), master data, archive; bad bodies are 400', async () => {
    expect((await put(id, { dueDate: '2030-01-31', dueText: 'Zahlung prüfen' })).json()).toMatchObject({
      dueDate: '2030-01-31',
      dueText: 'Zahlung prüfen',
    });
    expect((await put(id, { dueDate: '2030-01-31', dueText: null })).statusCode).toBe(400);
    expect((await put(id, {})).statusCode).toBe(400);
    expect((await put(id, { fields: { unbekannt: { value: 'x' } } })).statusCode).toBe(400);
    const doc = (await get(`/api/documents/${id}`)).json();
    const h = doc.fields.hebesatz;
    const wrong = Number(h.value) + 10;
    const changed = await put(id, {
      fields: { hebesatz: { value: `${wrong} v. H.`, page: h.page, rect: h.rect } },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().fields.hebesatz).toMatchObject({ value: wrong, source: 'user', confidence: 1 });
    const codes = changed.json().checks.map((c: { code: string }) => c.code);
    expect(codes).toContain('STEUER_BERECHNUNG');
    expect(codes).toContain('HEBESATZ_KONFLIKT');
    const low = await put(id, { fields: { hebesatz: { value: 150 } } });
    expect(low.json().checks.map((c: { code: string }) => c.code)).toContain('HEBESATZ_MINDEST');
    await put(id, { fields: { hebesatz: { value: doc.fields.hebesatz.value } } });
    expect((await put(id, { master_data_id: null })).json().master_data_id).toBeNull();
    expect((await put(id, { master_data_id: masterDataId })).json().masterData.id).toBe(masterDataId);
    expect((await put(id, { master_data_id: 999999 })).statusCode).toBe(400);
    expect((await put(999999, { archived: true })).statusCode).toBe(404);
  });

  it('a hint learnt from a rectangle pick is used on the next notice of that municipality', async () => {
    // The PUT test above picked `hebesatz` by rectangle: the same notice again (other bytes, same
    // sender) now reads that field through the municipality's layout hint.
    const n = await generateNotice(3, 'gewst_bescheid', 'L2');
    const copy = Buffer.concat([Buffer.from(n.pdf), Buffer.from('\n% zweites Exemplar\n')]);
    const res = await uploadOne('bescheid-2.pdf', copy);
    expect(res.json().results[0].status).toBe('stored');
    const next = await waitProcessed(ctx, res.json().results[0].document_id);
    expect(next.fields.hebesatz).toMatchObject({ value: truth.hebesatz, source: 'hint' });
    expect(next.fields.kassenzeichen.source).toBe('extraction');
  });

  it('getFile refuses traversal, absolute and unknown paths', async () => {
    for (const p of [
      '../../etc/passwd',
      '/etc/passwd',
      '..%2F..%2Fetc%2Fpasswd',
      'ab/cd/ef.pdf',
      `00/00/${'0'.repeat(64)}.pdf`,
    ]) {
      const res = await get(`/api/documents/getFile?path=${p}`);
      expect([400, 404], p).toContain(res.statusCode);
    }
    expect((await get('/api/documents/getFile')).statusCode).toBe(400);
    const doc = (await get(`/api/documents/${id}`)).json();
    const inline = await get(doc.pdf, 'leser');
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-disposition']).toMatch(/^inline/);
    expect((await get(`${doc.pdf}&download=true`)).headers['content-disposition']).toMatch(
      /^attachment; filename="bescheid.pdf"/,
    );
  });

  it('saves an annotated PDF as a new version and keeps the original', async () => {
    const annotated = await simplePdf(['annotiert']);
    const mp = multipartFiles({}, [{ name: 'annotiert.pdf', content: annotated }]);
    const res = await ctx.inject({
      method: 'POST',
      url: `/api/documents/${id}/versions`,
      headers: { ...(await auth(SB)), ...mp.headers },
      payload: mp.body,
    });
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json();
    expect(doc.versions.map((v: { kind: string }) => v.kind)).toEqual(['original', 'annotated']);
    expect(doc.pdf).not.toBe(doc.original_pdf);
    expect((await get(doc.original_pdf)).statusCode).toBe(200);
    expect((await get(doc.pdf)).rawPayload.equals(Buffer.from(annotated))).toBe(true);
  });

  it('confirms the review; a confirmed notice feeds the rate conflicts; reprocess is refused then', async () => {
    const res = await post(`/api/documents/${id}/confirm`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'geprueft', confirmed_by: { username: SB } });
    expect((await post(`/api/documents/${id}/confirm`)).statusCode).toBe(409);
    expect((await post(`/api/documents/${id}/reprocess`)).statusCode).toBe(409);
    expect((await put(id, { fields: { hebesatz: { value: 100 } } })).statusCode).toBe(409);
    const conflicts = await get(`/api/companies/${COMPANY}/masterData/conflictingMunicipalityRates?page=1`);
    expect(conflicts.statusCode).toBe(200);
  });

  it('reprocesses a document (user values are kept)', async () => {
    const pdf = await simplePdf([
      'Stadt Musterhausen',
      'Sonstiges Schreiben für das Jahr 2022',
      'Freundliche Grüße',
    ]);
    const docId = (await uploadOne('sonst.pdf', pdf)).json().results[0].document_id;
    await waitProcessed(ctx, docId);
    await put(docId, { fields: { bescheid_datum: { value: '01.02.2023' } } });
    const res = await post(`/api/documents/${docId}/reprocess`);
    expect(res.statusCode).toBe(200);
    const doc = await waitProcessed(ctx, docId);
    expect(doc.status).toBe('zu_pruefen');
    expect(doc.processing.attempts).toBe(2);
    expect(doc.fields.bescheid_datum).toMatchObject({ value: '2023-02-01', source: 'user' });
  });

  it('soft-deletes (file kept) and only an admin restores', async () => {
    const pdf = await simplePdf(['Zu löschendes Schreiben', 'Stadt Löschingen']);
    const docId = (await uploadOne('weg.pdf', pdf)).json().results[0].document_id;
    await waitProcessed(ctx, docId);
    const pdfUrl = (await get(`/api/documents/${docId}`)).json().pdf;
    const del = await ctx.inject({
      method: 'DELETE',
      url: `/api/documents/${docId}`,
      headers: await auth(SB),
    });
    expect(del.statusCode).toBe(200);
    expect((await get(`/api/documents/${docId}`, SB)).statusCode).toBe(404);
    expect((await get(pdfUrl, SB)).statusCode).toBe(404);
    expect((await get(pdfUrl)).statusCode).toBe(200);
    expect((await get(`/api/documents?company_id=${COMPANY}&deleted=true`, SB)).statusCode).toBe(403);
    expect((await get(`/api/documents?company_id=${COMPANY}&deleted=true`)).json().data[0].id).toBe(docId);
    expect((await post(`/api/documents/${docId}/restore`, SB)).statusCode).toBe(403);
    expect((await post(`/api/documents/${docId}/restore`, 'admin')).json()).toMatchObject({ deleted: false });
    expect((await get(`/api/documents/${docId}`, SB)).statusCode).toBe(200);
  });
});
