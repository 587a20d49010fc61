import { existsSync } from 'node:fs';
import path from 'node:path';
import { DELETE_ORIGINALS_CONFIRMATION, type ExpiredDocumentList } from '@gewst/domain';
import { describe, expect, it } from 'vitest';
import { germanToday } from '../src/modules/documents/retention';
import { storedDocument } from './documents-support';
import { bearer, useTestApp } from './helpers';

const ctx = useTestApp();

/** The first company, today's year and the administrator's headers. */
async function setup() {
  const db = ctx.built.database;
  const [company] = await db.query<{ id: number }>(`select id from companies order by id limit 1`);
  return {
    db,
    store: ctx.built.documents.store,
    admin: bearer(await ctx.token('admin')),
    year: Number(germanToday().slice(0, 4)),
    companyId: company!.id,
  };
}

/** PUT of the retention setting. */
const setYears = (admin: Record<string, string>, years: number) =>
  ctx.inject({
    method: 'PUT',
    url: '/api/settings/documents.retention',
    headers: admin,
    payload: { value: { years } },
  });

/**
 * Retention of originals (§ 147 AO): the expired list follows the setting at once, the
 * deletion is confirmed, refused for blocked documents, audit-logged, removes only files no
 * other document needs, and keeps the document's data.
 */
describe('Aufbewahrung der Originale', () => {
  it('lists expired documents by the setting and deletes their originals only when allowed', async () => {
    const { db, store, admin, year, companyId } = await setup();
    const reader = bearer(await ctx.token('leser'));

    const doc = (name: string, createdYear: number, status: string, bytes = name) =>
      storedDocument(ctx, companyId, name, createdYear, status, bytes);
    const old = await doc('alt.pdf', year - 15, 'geprueft');
    const shared = await doc('alt-duplikat.pdf', year - 15, 'geprueft', 'shared');
    const sharedYoung = await doc('jung-duplikat.pdf', year - 1, 'geprueft', 'shared');
    const unreviewed = await doc('ungeprueft.pdf', year - 15, 'zu_pruefen');
    const inSession = await doc('in-sitzung.pdf', year - 15, 'geprueft');
    const eightYears = await doc('acht-jahre.pdf', year - 8, 'geprueft');
    // uploaded this year, but the notice is dated 12 years ago: the notice's date counts
    const scanned = await doc('alt-gescannt.pdf', year, 'geprueft');
    await db.query(`update documents set fields = $2::jsonb where id = $1`, [
      scanned.id,
      JSON.stringify({ bescheid_datum: { value: `${year - 12}-02-01`, confidence: 1 } }),
    ]);
    // a booking of `inSession` in a session not yet exported
    const [md] = await db.query<{ id: number }>(
      `insert into master_data (company_id, ags, designation) values ($1, '05315000', 'Werk') returning id`,
      [companyId],
    );
    const [session] = await db.query<{ id: number }>(
      `insert into booking_sessions (company_id, type) values ($1, 'korrektur') returning id`,
      [companyId],
    );
    await db.query(
      `insert into bookings (session_id, company_id, booking_date, amount, sh, konto, gegenkonto, text, tax_year, kind, master_data_id, document_id)
       values ($1, $2, $3, '10.00', 'S', '4320', '1200', 'GewSt', $4, 'nachzahlung', $5, $6)`,
      [session!.id, companyId, `${year - 14}-03-01`, year - 15, md!.id, inSession.id],
    );

    const list = async () => {
      const res = await ctx.inject({
        method: 'GET',
        url: `/api/documents/retention?company_id=${companyId}&per_page=50`,
        headers: admin,
      });
      expect(res.statusCode).toBe(200);
      return res.json() as ExpiredDocumentList;
    };
    const ids = (l: ExpiredDocumentList) => l.data.map((d) => d.id).sort((a, b) => a - b);

    let l = await list();
    expect(l.years).toBe(10);
    expect(ids(l)).toEqual(
      [old.id, shared.id, unreviewed.id, inSession.id, scanned.id].sort((a, b) => a - b),
    );
    expect(l.data.find((d) => d.id === scanned.id)!.anchor_year).toBe(year - 12);
    expect(l.data.find((d) => d.id === old.id)).toMatchObject({
      anchor_year: year - 15,
      retained_until: `${year - 5}-12-31`,
      blocked: null,
    });
    expect(l.data.find((d) => d.id === unreviewed.id)!.blocked).toBe('unreviewed');
    // the booking (year − 14) moves the anchor and blocks while its session is open
    expect(l.data.find((d) => d.id === inSession.id)).toMatchObject({
      anchor_year: year - 14,
      blocked: 'open_session',
    });
    expect(
      (
        await ctx.inject({
          method: 'GET',
          url: `/api/documents/retention?company_id=${companyId}`,
          headers: reader,
        })
      ).statusCode,
    ).toBe(403);

    // the setting: validated, and the list follows it at once
    const bad = await setYears(admin, 3);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors['documents.retention.years'][0]).toContain('mindestens 6 Jahre');
    const six = await setYears(admin, 6);
    expect(six.statusCode).toBe(200);
    l = await list();
    expect(l.years).toBe(6);
    expect(ids(l)).toContain(eightYears.id);

    const del = (document_ids: number[], confirmation = DELETE_ORIGINALS_CONFIRMATION) =>
      ctx.inject({
        method: 'POST',
        url: '/api/documents/retention/delete-originals',
        headers: admin,
        payload: { company_id: companyId, document_ids, confirmation },
      });
    expect((await del([old.id], 'ja')).statusCode).toBe(400);
    const blocked = await del([old.id, inSession.id]);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error).toContain('noch nicht exportiert');
    const young = await del([sharedYoung.id]);
    expect(young.statusCode).toBe(409);
    expect(existsSync(path.join(store.root, old.path))).toBe(true);

    const ok = await del([old.id, shared.id, eightYears.id]);
    expect(ok.statusCode).toBe(200);
    // the shared file stays: the young duplicate still needs it
    expect(ok.json()).toEqual({ deleted: 3, files_removed: 2 });
    expect(existsSync(path.join(store.root, old.path))).toBe(false);
    expect(existsSync(path.join(store.root, shared.path))).toBe(true);

    const detail = await ctx.inject({ method: 'GET', url: `/api/documents/${old.id}`, headers: admin });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ status: 'geprueft', original_deleted_at: expect.any(String) });
    const file = await ctx.inject({
      method: 'GET',
      url: `/api/documents/getFile?path=${encodeURIComponent(old.path)}`,
      headers: admin,
    });
    expect(file.statusCode).toBe(410);
    expect(file.json().error).toContain('Original nach Ablauf der Aufbewahrungsfrist gelöscht');
    const sharedFile = await ctx.inject({
      method: 'GET',
      url: `/api/documents/getFile?path=${encodeURIComponent(shared.path)}`,
      headers: admin,
    });
    expect(sharedFile.statusCode).toBe(200);

    l = await list();
    expect(ids(l)).not.toContain(old.id);
    expect((await del([old.id])).statusCode).toBe(409);

    const logs = await db.query<{
      entity_id: string;
      before: { files: string[] };
      after: { retention_years: number };
    }>(`select entity_id, before, after from audit_logs where action = 'delete-original' order by id`);
    expect(logs.map((r) => Number(r.entity_id)).sort((a, b) => a - b)).toEqual(
      [old.id, shared.id, eightYears.id].sort((a, b) => a - b),
    );
    expect(logs[0]!.before.files.length).toBeGreaterThan(0);
    expect(logs[0]!.after.retention_years).toBe(6);
  });

  it('lists removed (soft-deleted) documents with the same period and deletes their originals too', async () => {
    const { store, admin, year, companyId } = await setup();
    const sb = bearer(await ctx.token('sachbearbeitung'));
    const years = await setYears(admin, 10);
    expect(years.statusCode).toBe(200);
    // removed by a user before it was reviewed (it never will be), and a booked one
    const removedOld = await storedDocument(ctx, companyId, 'entfernt-alt.pdf', year - 12, 'zu_pruefen');
    const removedBooked = await storedDocument(ctx, companyId, 'entfernt-gebucht.pdf', year - 12, 'gebucht');
    const removedYoung = await storedDocument(ctx, companyId, 'entfernt-jung.pdf', year - 3, 'geprueft');
    for (const d of [removedOld, removedBooked, removedYoung]) {
      const res = await ctx.inject({ method: 'DELETE', url: `/api/documents/${d.id}`, headers: sb });
      expect(res.statusCode, res.body).toBe(200);
    }
    const res = await ctx.inject({
      method: 'GET',
      url: `/api/documents/retention?company_id=${companyId}&per_page=100`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    const list = res.json() as ExpiredDocumentList;
    const entry = (id: number) => list.data.find((d) => d.id === id);
    expect(entry(removedOld.id)).toMatchObject({
      status: 'zu_pruefen',
      deleted_at: expect.any(String),
      anchor_year: year - 12,
      retained_until: `${year - 2}-12-31`,
      blocked: null,
    });
    expect(entry(removedBooked.id)).toMatchObject({ deleted_at: expect.any(String), blocked: null });
    // the period is not shortened by the removal
    expect(entry(removedYoung.id)).toBeUndefined();
    const del = (document_ids: number[]) =>
      ctx.inject({
        method: 'POST',
        url: '/api/documents/retention/delete-originals',
        headers: admin,
        payload: { company_id: companyId, document_ids, confirmation: DELETE_ORIGINALS_CONFIRMATION },
      });
    expect((await del([removedYoung.id])).statusCode).toBe(409);
    expect(existsSync(path.join(store.root, removedYoung.path))).toBe(true);
    const ok = await del([removedOld.id, removedBooked.id]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ deleted: 2, files_removed: 2 });
    expect(existsSync(path.join(store.root, removedOld.path))).toBe(false);
    expect(existsSync(path.join(store.root, removedBooked.path))).toBe(false);
    // taking the removal back gives the document's data, and it says the original is gone
    const back = await ctx.inject({
      method: 'POST',
      url: `/api/documents/${removedOld.id}/restore`,
      headers: admin,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ deleted_at: null, original_deleted_at: expect.any(String) });
    const file = await ctx.inject({
      method: 'GET',
      url: `/api/documents/getFile?path=${encodeURIComponent(removedOld.path)}`,
      headers: admin,
    });
    expect(file.statusCode).toBe(410);
  });
});
