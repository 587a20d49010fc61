import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { generateNotice } from '../../../bench/notices/generate';
import type { Actor } from '../src/modules/audit/service';
import { createFileStore } from '../src/modules/documents/file-store';
import { type IntakeInputs, ingestFiles } from '../src/modules/documents/intake';
import { sweepOrphans } from '../src/modules/documents/jobs';
import * as repo from '../src/modules/documents/repo';
import { QUEUE_SCHEMA } from '../src/modules/jobs/queue';
import { blankPdf, encrypt, multipartFiles, simplePdf, upload, waitProcessed } from './documents-support';
import { bearer, useTestApp } from './helpers';

const filesDir = mkdtempSync(path.join(os.tmpdir(), 'gewst-files-'));
afterAll(() => rmSync(filesDir, { recursive: true, force: true }));
const ctx = useTestApp({
  MAX_UPLOAD_MB: '1',
  DOCUMENT_LOCK_SECONDS: '2',
  JOB_POLL_SECONDS: '0.5',
  FILES_DIR: filesDir,
});
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

  it('refuses an empty file as empty, not as "keine PDF-Datei"', async () => {
    const res = await uploadOne('leer.pdf', new Uint8Array(0));
    expect(res.statusCode).toBe(415);
    expect(res.json().results[0]).toMatchObject({
      status: 'refused',
      reason: '„leer.pdf“: Die Datei ist leer.',
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

  it('shows a printed figure that the tax arithmetic contradicts as a check with its German message', async () => {
    const pdf = await simplePdf([
      'Stadt Igel, den 10.07.2017',
      'Bescheid über Zinsen zur Gewerbesteuer 2014',
      'Zu verzinsender Betrag 98.760,00 €',
      'Zinslauf vom 01.04.2016 bis 10.07.2017',
      'Zinsen (15 volle Monate × 0,5 %) 1.234,50 €',
    ]);
    const doc = await waitProcessed(ctx, (await uploadOne('zinsen.pdf', pdf)).json().results[0].document_id);
    expect(doc.checks).toContainEqual({
      code: 'RECHNUNG_ZINSEN',
      severity: 'error',
      field: 'zinsen',
      message:
        'Zinsen laut Bescheid 1.234,50 € weichen von der Berechnung ab (Bemessungsgrundlage 98.750 € × 15 Monate × 0,5 % = 7.406,00 €).',
    });
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
    // German stemming: inflected forms that appear nowhere in the text as typed (so a plain
    // substring search cannot find them) still find the notice that says "Hebesatz".
    for (const word of ['Hebesätze', 'Hebesätzen']) {
      const stem = await get(`/api/documents?company_id=${COMPANY}&search=${encodeURIComponent(word)}`);
      expect(stem.statusCode).toBe(200);
      expect(
        stem.json().data.map((d: { id: number }) => d.id),
        word,
      ).toContain(id);
    }
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
    // A list only where the field is one, with valid items; never stored in an amount.
    const vz = [{ jahr: 2030, quartal: 1, betrag: '1.234,50', faellig_am: '15.02.2030' }];
    const listInAmount = await put(id, { fields: { messbetrag: { value: vz } } });
    expect(listInAmount.statusCode).toBe(400);
    expect(listInAmount.json().errors['fields.messbetrag'][0]).toMatch(/keine Liste/);
    expect((await put(id, { fields: { vorauszahlungen: { value: '1.234,50' } } })).statusCode).toBe(400);
    const badItem = [{ ...vz[0], betrag: 'viel' }];
    expect((await put(id, { fields: { vorauszahlungen: { value: badItem } } })).statusCode).toBe(400);
    const before = (await get(`/api/documents/${id}`)).json().fields.vorauszahlungen;
    const listed = await put(id, { fields: { vorauszahlungen: { value: vz } } });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().fields.vorauszahlungen.value).toEqual([
      { jahr: 2030, quartal: 1, betrag: '1234.50', faellig_am: '2030-02-15' },
    ]);
    await put(id, { fields: { vorauszahlungen: { value: before?.value ?? null } } });
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
    // A negative Hebesatz is refused with the domain's one rule (hebesatzProblem), nothing stored.
    const negative = await put(id, { fields: { hebesatz: { value: -400 } } });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().errors['fields.hebesatz']).toEqual(['Der Hebesatz darf nicht negativ sein.']);
    const low = await put(id, { fields: { hebesatz: { value: 150 } } });
    expect(low.json().checks.map((c: { code: string }) => c.code)).toContain('HEBESATZ_MINDEST');
    await put(id, { fields: { hebesatz: { value: doc.fields.hebesatz.value } } });
    expect((await put(id, { master_data_id: null })).json().master_data_id).toBeNull();
    expect((await put(id, { master_data_id: masterDataId })).json().masterData.id).toBe(masterDataId);
    // The establishment view lists its documents: the list filtered by master_data_id.
    const ofEstablishment = await ctx.inject({
      method: 'GET',
      url: `/api/documents?company_id=${COMPANY}&master_data_id=${masterDataId}&per_page=100`,
      headers: await auth('leser'),
    });
    expect(ofEstablishment.json().data.map((d: { id: number }) => d.id)).toContain(id);
    expect(
      ofEstablishment.json().data.every((d: { master_data_id: number }) => d.master_data_id === masterDataId),
    ).toBe(true);
    expect(
      (
        await ctx.inject({
          method: 'GET',
          url: `/api/documents?company_id=${COMPANY}&master_data_id=0x10`,
          headers: await auth('leser'),
        })
      ).statusCode,
    ).toBe(400);
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
    const doc = (await get(`/api/documents/${id}`)).json();
    const stored = new URL(doc.pdf, 'http://x').searchParams.get('path')!;
    expect(stored).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}\.pdf$/);
    const [a, b, name] = stored.split('/');
    // Traversal (plain, URL-encoded once and twice, backslashes), absolute paths and paths
    // that only lead to a real stored file by a detour: 400 with a German message.
    for (const p of [
      '../../etc/passwd',
      encodeURIComponent('../../etc/passwd'),
      encodeURIComponent(encodeURIComponent('../../etc/passwd')),
      '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '..%5c..%5cetc%5cpasswd',
      '/etc/passwd',
      encodeURIComponent(path.join(filesDir, stored)),
      encodeURIComponent(`${a}/${b}/../${b}/${name}`),
      encodeURIComponent(`./${stored}`),
      encodeURIComponent(`${stored}/`),
      encodeURIComponent(stored.toUpperCase()),
      'ab/cd/ef.pdf',
    ]) {
      const res = await get(`/api/documents/getFile?path=${p}`);
      expect(res.statusCode, p).toBe(400);
      expect(res.json().error, p).toMatch(/Ungültiger Dateipfad/);
    }
    // Store-shaped but unknown: nothing there, or a file in the store that no document owns.
    const foreign = `ee/ee/${'e'.repeat(64)}.pdf`;
    mkdirSync(path.join(filesDir, 'ee/ee'), { recursive: true });
    writeFileSync(path.join(filesDir, foreign), await simplePdf(['fremd']));
    for (const p of [`00/00/${'0'.repeat(64)}.pdf`, foreign]) {
      const res = await get(`/api/documents/getFile?path=${p}`);
      expect(res.statusCode, p).toBe(404);
      expect(res.json().error).toMatch(/nicht gefunden/);
    }
    expect((await get('/api/documents/getFile')).statusCode).toBe(400);
    expect((await get(`/api/documents/getFile?path=${stored}`)).statusCode).toBe(200);
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
    // A corrected value is searchable at once (it is nowhere in the PDF's text).
    const search = async (q: string) =>
      (await get(`/api/documents?company_id=${COMPANY}&search=${encodeURIComponent(q)}`))
        .json()
        .data.map((d: { id: number }) => d.id);
    expect(await search('98/765/43210')).toEqual([]);
    expect((await put(docId, { fields: { steuernummer: { value: '98/765/43210' } } })).statusCode).toBe(200);
    expect(await search('98/765/43210')).toEqual([docId]);
    const res = await post(`/api/documents/${docId}/reprocess`);
    expect(res.statusCode).toBe(200);
    const doc = await waitProcessed(ctx, docId);
    expect(doc.status).toBe('zu_pruefen');
    expect(doc.processing.attempts).toBe(2);
    expect(doc.fields.bescheid_datum).toMatchObject({ value: '2023-02-01', source: 'user' });
  });

  it('withdraws a confirmation (permission, reason, audit): back to review, its lines cancelled, confirmable afresh', async () => {
    type Line = { id: number; status: string; document_id: number | null; betrag: string };
    const ownLines = async () =>
      ((await get(`/api/documents/${id}`)).json().masterData.payment_lines as Line[]).filter(
        (l) => l.document_id === id,
      );
    const before = await ownLines();
    expect(before.length).toBeGreaterThan(0);
    const unconfirm = async (payload: object, user = SB) =>
      ctx.inject({
        method: 'POST',
        url: `/api/documents/${id}/unconfirm`,
        headers: await auth(user),
        payload,
      });
    expect((await unconfirm({ reason: 'Falscher Bescheid' }, 'leser')).statusCode).toBe(403);
    const noReason = await unconfirm({});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().code).toBeDefined();
    const res = await unconfirm({ reason: 'Falsche Betriebsstätte' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'zu_pruefen', confirmed_by: null, confirmed_at: null });
    expect((await ownLines()).every((l) => l.status === 'storniert')).toBe(true);
    expect((await unconfirm({ reason: 'noch einmal' })).statusCode).toBe(409);
    const logs = await get('/api/logs?page=1&per_page=50');
    expect(JSON.stringify(logs.json())).toContain('Falsche Betriebsstätte');
    // Editable again, and a new confirmation plans the same lines afresh.
    const again = await post(`/api/documents/${id}/confirm`);
    expect(again.statusCode, again.body).toBe(200);
    const active = (await ownLines()).filter((l) => l.status !== 'storniert');
    expect(active.map((l) => l.betrag).sort()).toEqual(
      before
        .filter((l) => l.status !== 'storniert')
        .map((l) => l.betrag)
        .sort(),
    );
    // Once its bookings left the open session (closed), the confirmation stands.
    const sessions = (await get(`/api/companies/${COMPANY}/bookings?page=1&per_page=50`, 'freigabe')).json()
      .data as { id: number; status: string }[];
    const open = sessions.filter((x) => x.status === 'offen');
    expect(open.length).toBeGreaterThan(0);
    for (const x of open) {
      const closed = await ctx.inject({
        method: 'PUT',
        url: `/api/bookings/${x.id}/close`,
        headers: await auth('freigabe'),
        payload: {},
      });
      expect(closed.statusCode, closed.body).toBe(200);
    }
    const booked = await unconfirm({ reason: 'Zu spät bemerkt' });
    expect(booked.statusCode, booked.body).toBe(409);
    expect(booked.json().code).toBe('LINES_BOOKED');
  });

  it('a corrected type re-reads the fields of that type; reprocessing keeps the type and asks about corrections', async () => {
    const n = await generateNotice(21, 'gewst_bescheid', 'L2');
    const docId = (await uploadOne('typ.pdf', n.pdf)).json().results[0].document_id;
    const first = await waitProcessed(ctx, docId);
    expect(first.type).toBe('gewst_bescheid');
    expect(first.type_by_user).toBe(false);
    expect(first.fields.festgesetzte_steuer?.value).toBe(n.truth.festgesetzte_steuer);
    await put(docId, { fields: { steuernummer: { value: '98/765/43211' } } });
    // Zinsbescheid: its own fields only (no festgesetzte Steuer), the user's value kept.
    const zins = await put(docId, { type: 'zinsbescheid' });
    expect(zins.statusCode, zins.body).toBe(200);
    expect(zins.json().type_by_user).toBe(true);
    expect(zins.json().fields.festgesetzte_steuer).toBeUndefined();
    expect(zins.json().fields.erhebungszeitraum?.value).toBe(n.truth.erhebungszeitraum);
    expect(zins.json().fields.steuernummer).toMatchObject({ value: '98/765/43211', source: 'user' });
    // Back to the Bescheid: its amounts are read again from the stored text.
    const back = (await put(docId, { type: 'gewst_bescheid' })).json();
    expect(back.fields.festgesetzte_steuer?.value).toBe(n.truth.festgesetzte_steuer);
    await put(docId, { type: 'zinsbescheid' });
    // Reprocessing keeps the user's type and corrections ...
    expect((await post(`/api/documents/${docId}/reprocess`)).statusCode).toBe(200);
    const kept = await waitProcessed(ctx, docId);
    expect(kept).toMatchObject({ type: 'zinsbescheid', type_by_user: true });
    expect(kept.fields.steuernummer).toMatchObject({ source: 'user' });
    // ... unless the user chooses to drop the corrections.
    const drop = await ctx.inject({
      method: 'POST',
      url: `/api/documents/${docId}/reprocess`,
      headers: await auth(SB),
      payload: { keep_corrections: false },
    });
    expect(drop.statusCode, drop.body).toBe(200);
    const fresh = await waitProcessed(ctx, docId);
    expect(fresh.type).toBe('zinsbescheid');
    expect(fresh.fields.steuernummer?.source).not.toBe('user');
  });

  it('list fields are validated as rows: unique quarters, real dates and amounts, 8-digit AGS', async () => {
    const pdf = await simplePdf(['Stadt Listenhausen', 'Vorauszahlungsbescheid 2024', 'Freundliche Grüße']);
    const docId = (await uploadOne('liste.pdf', pdf)).json().results[0].document_id;
    await waitProcessed(ctx, docId);
    const q = (quartal: number, betrag = '250.00', faellig_am = '2024-02-15') => ({
      jahr: 2024,
      quartal,
      betrag,
      faellig_am,
    });
    const set = (name: string, value: unknown) => put(docId, { fields: { [name]: { value } } });
    expect((await set('vorauszahlungen', [q(1), q(1)])).body).toMatch(/Quartal.*nur einmal/);
    expect((await set('vorauszahlungen', [q(1, 'zwölf')])).statusCode).toBe(400);
    expect((await set('vorauszahlungen', [q(1, '250.00', '31.02.2024')])).statusCode).toBe(400);
    const ok = await set('vorauszahlungen', [q(1, '1.250,50'), q(2, '1250.5', '15.05.2024')]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().fields.vorauszahlungen).toMatchObject({
      source: 'user',
      value: [q(1, '1250.50'), q(2, '1250.50', '2024-05-15')],
    });
    const z = (ags: string | null, gemeinde = 'Musterstadt') => ({ gemeinde, ags, anteil: '100.00' });
    expect((await set('zerlegungsanteile', [z('0916')])).body).toMatch(/8 Ziffern/);
    expect((await set('zerlegungsanteile', [z('09162000'), z('09162000')])).statusCode).toBe(400);
    expect((await set('zerlegungsanteile', [z('09162000'), z(null, 'Irgendwo')])).statusCode).toBe(200);
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

  it('lists deleted documents for the admin (latest deletion first, who and when) until restored', async () => {
    const ids: number[] = [];
    for (const name of ['papierkorb-a.pdf', 'papierkorb-b.pdf']) {
      const pdf = await simplePdf([`Schreiben ${name}`, 'Stadt Papierkorbhausen']);
      const id = (await uploadOne(name, pdf)).json().results[0].document_id;
      await waitProcessed(ctx, id);
      ids.push(id);
    }
    const [a, b] = ids as [number, number];
    const remove = async (id: number) =>
      ctx.inject({ method: 'DELETE', url: `/api/documents/${id}`, headers: await auth(SB) });
    expect((await remove(b)).statusCode).toBe(200);
    expect((await remove(a)).statusCode).toBe(200);
    const deletedList = async () =>
      (await get(`/api/documents?company_id=${COMPANY}&deleted=true&orderBy=deleted_at&per_page=100`)).json();
    const listed = await deletedList();
    const mine = listed.data.filter((d: { id: number }) => ids.includes(d.id));
    // a was deleted last: it comes first
    expect(mine.map((d: { id: number }) => d.id)).toEqual([a, b]);
    expect(mine[0]).toMatchObject({
      filename: 'papierkorb-a.pdf',
      deleted: true,
      deleted_at: expect.any(String),
      deleted_by: { username: SB },
    });
    expect(listed.meta).toMatchObject({ page: 1, total: expect.any(Number) });
    expect(listed.data.every((d: { deleted: boolean }) => d.deleted)).toBe(true);
    const active = (await get(`/api/documents?company_id=${COMPANY}&per_page=100`)).json();
    expect(active.data.some((d: { id: number }) => ids.includes(d.id))).toBe(false);
    expect(active.data.every((d: { deleted_at: string | null }) => d.deleted_at === null)).toBe(true);
    // the detail tells who deleted it too
    expect((await get(`/api/documents/${a}`)).json()).toMatchObject({
      deleted_at: expect.any(String),
      deleted_by: { username: SB },
    });

    const restored = await post(`/api/documents/${a}/restore`, 'admin');
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ deleted: false, deleted_at: null, deleted_by: null });
    expect((await deletedList()).data.map((d: { id: number }) => d.id)).not.toContain(a);
    expect((await deletedList()).data.map((d: { id: number }) => d.id)).toContain(b);
    const back = (await get(`/api/documents?company_id=${COMPANY}&per_page=100`, SB)).json();
    expect(back.data.map((d: { id: number }) => d.id)).toContain(a);
    // restoring twice is a conflict, not a silent success
    expect((await post(`/api/documents/${a}/restore`, 'admin')).statusCode).toBe(409);
  });
});

describe('document row and job in one transaction', () => {
  it('a crash while the job is enqueued leaves no document, version or audit entry; a retry stores it once with its job', async () => {
    const pdf = Buffer.from(await simplePdf(['Stadt Absturzhausen', 'Schreiben zur Gewerbesteuer 2024']));
    const sha = createHash('sha256').update(pdf).digest('hex');
    const db = ctx.built.database.db;
    const seen: number[] = [];
    const crashing: IntakeInputs = {
      db,
      maxUploadBytes: 1024 * 1024,
      store: createFileStore(filesDir),
      async enqueueProcessing(_tx, documentId) {
        seen.push(documentId);
        throw new Error('Absturz zwischen Dokument und Auftrag');
      },
    };
    const actor = { userId: null, username: 'test', permissions: new Set(), requestId: null } as Actor;
    await expect(
      ingestFiles(crashing, actor, {
        companyId: COMPANY,
        files: [{ filename: 'absturz.pdf', bytes: pdf, truncated: false }],
        source: 'upload',
      }),
    ).rejects.toThrow(/Absturz/);
    // The row had been written inside the transaction (the job was asked for its id) …
    expect(seen).toHaveLength(1);
    // … and is gone with everything else of that upload.
    const count = async (q: ReturnType<typeof sql>) =>
      ((await db.execute(q)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    expect(await count(sql`select count(*)::int as n from documents where id = ${seen[0]}`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from documents where sha256 = ${sha}`)).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from document_versions where document_id = ${seen[0]}`),
    ).toBe(0);
    expect(await count(sql`select count(*)::int as n from upload_audit where sha256 = ${sha}`)).toBe(0);

    // Uploaded again: stored (not a duplicate of a half-written row), with exactly one job for it.
    const res = await upload(ctx, SB, COMPANY, [{ name: 'absturz.pdf', content: pdf }]);
    expect(res.json().results[0]).toMatchObject({ status: 'stored' });
    const docId = res.json().results[0].document_id as number;
    const jobs = (
      (await db.execute(
        sql`select j.name, (j.data->>'documentId')::int as document_id from documents d
            join pgboss.job j on j.id::text = d.job_id where d.id = ${docId}`,
      )) as unknown as { rows: { name: string; document_id: number }[] }
    ).rows;
    expect(jobs).toEqual([{ name: 'process-document', document_id: docId }]);
    expect((await waitProcessed(ctx, docId)).status).toBe('zu_pruefen');
  });
});

describe('no document stays in processing forever', () => {
  it('the orphan sweep marks documents whose job is gone or finished as fehler; live ones are left alone', async () => {
    const db = ctx.built.database.db;
    const base = {
      company_id: COMPANY,
      filename: 'verwaist.pdf',
      sha256: 'f'.repeat(64),
      size: 1,
      original_path: `ff/ff/${'f'.repeat(64)}.pdf`,
      file_path: `ff/ff/${'f'.repeat(64)}.pdf`,
    };
    const longAgo = new Date(Date.now() - 10 * 60_000);
    // Its job no longer exists (e.g. the worker died on the last attempt and the job was failed).
    const orphan = await repo.insertDocument(db, {
      ...base,
      status: 'in_verarbeitung',
      job_id: '00000000-0000-0000-0000-000000000000',
      updated_at: longAgo,
    });
    const orphanNeu = await repo.insertDocument(db, {
      ...base,
      status: 'neu',
      job_id: null,
      updated_at: longAgo,
    });
    // Just handed to the queue: not yet an orphan.
    const fresh = await repo.insertDocument(db, { ...base, status: 'neu', job_id: null });
    const done = await repo.insertDocument(db, { ...base, status: 'zu_pruefen', updated_at: longAgo });

    expect(await sweepOrphans(db, QUEUE_SCHEMA)).toBeGreaterThanOrEqual(2);
    for (const d of [orphan, orphanNeu]) {
      const row = (await repo.findDocument(db, d.id))!;
      expect(row.status, String(d.id)).toBe('fehler');
      expect(row.error).toMatch(/mehrfach fehlgeschlagen/);
    }
    expect((await repo.findDocument(db, fresh.id))!.status).toBe('neu');
    expect((await repo.findDocument(db, done.id))!.status).toBe('zu_pruefen');
  });
});
