import type {
  ArchiveList,
  BookingSession,
  DocumentDetail,
  ExpenseReport,
  PaymentDetail,
} from '@gewst/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers';
import { SYSTEM_ACTOR } from '../audit/service';
import { recordExportResult } from '../bookings';
import { KOELN, MUENCHEN, reportFixture } from '../reports/reports.fixture';

const ctx = useTestApp();
let fx: ReturnType<typeof reportFixture>;
let cid: number;
let koeln: number;
let notice2022: number;
let notice2023: number;
let sessionId: number;

type Method = 'GET' | 'POST' | 'PUT';
const call = async (user: string, method: Method, url: string, payload?: object) =>
  ctx.inject({ method, url: `/api${url}`, headers: await fx.as(user), ...(payload ? { payload } : {}) });
async function ok<T>(user: string, method: Method, url: string, payload?: object): Promise<T> {
  const res = await call(user, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json() as T;
}
const archive = (query = '') => ok<ArchiveList>('leser', 'GET', `/archive?company_id=${cid}${query}`);

beforeAll(async () => {
  fx = reportFixture(ctx);
  cid = await fx.company('Archiv GmbH');
  koeln = await fx.establishment(cid, KOELN, 'Werk Köln', true);
  const bescheid = (year: number) =>
    fx.bescheid(cid, koeln, {
      erhebungszeitraum: year,
      bescheid_datum: `${year + 1}-06-01`,
      messbetrag: '1000.00',
      hebesatz: 475,
      festgesetzte_steuer: '4750.00',
      abrechnung: '4750.00',
    });
  notice2022 = await bescheid(2022);
  notice2023 = await bescheid(2023);
  // the notices' bookings: one session, exported, archived
  const sessions = (await ok<{ data: BookingSession[] }>('freigabe', 'GET', `/companies/${cid}/bookings`))
    .data;
  sessionId = sessions[0]!.id;
  await ok('freigabe', 'PUT', `/bookings/${sessionId}/close`, {});
  await ok('freigabe', 'PUT', `/bookings/${sessionId}/submit`, {});
  await ok('admin', 'PUT', `/bookings/${sessionId}/approve`, {});
  await ctx.built.database.db.transaction((tx) =>
    recordExportResult(tx, SYSTEM_ACTOR, sessionId, { ok: true }),
  );
  await ok('freigabe', 'PUT', `/bookings/${sessionId}/archive`, {});
  await ok('sachbearbeitung', 'PUT', `/documents/${notice2022}`, { archived: true });
}, 120_000);

describe('archive', () => {
  it('lists archived documents and sessions of the company, and only those', async () => {
    const a = await archive();
    expect(a.data.map((i) => `${i.kind} ${i.id}`).sort()).toEqual(
      [`dokument ${notice2022}`, `stapel ${sessionId}`].sort(),
    );
    expect(a.data.find((i) => i.kind === 'dokument')).toMatchObject({
      type: 'gewst_bescheid',
      year: 2022,
      ags: KOELN,
      status: 'geprueft',
    });
    expect(a.data.find((i) => i.kind === 'stapel')).toMatchObject({
      title: `Buchungsstapel ${sessionId}`,
      type: 'bescheid',
      year: 2022,
      ags: KOELN,
      status: 'exportiert',
    });
    expect(a.meta.total).toBe(2);
    expect(a.facets.years).toEqual([2022]);
    expect(a.facets.gemeinden.map((g) => g.ags)).toEqual([KOELN]);
  });

  it('filters by kind, year, municipality and text, and pages', async () => {
    expect((await archive('&kind=dokument')).data.map((i) => i.id)).toEqual([notice2022]);
    expect((await archive('&kind=stapel')).data.map((i) => i.id)).toEqual([sessionId]);
    // the session's bookings cover 2022 and 2023; the archived notice is 2022 only
    expect((await archive('&year=2023')).data.map((i) => i.kind)).toEqual(['stapel']);
    expect((await archive(`&ags=${MUENCHEN}`)).meta.total).toBe(0);
    expect((await archive(`&ags=${KOELN}`)).meta.total).toBe(2);
    expect((await archive(`&q=gewst_bescheid-${koeln}-2022`)).data.map((i) => i.kind)).toEqual(['dokument']);
    expect((await archive(`&q=${sessionId}&kind=stapel`)).data.map((i) => i.id)).toEqual([sessionId]);
    expect((await archive('&q=Vorauszahlungen')).meta.total).toBe(0);
    const page2 = await archive('&per_page=1&page=2');
    expect(page2.data).toHaveLength(1);
    expect(page2.meta).toMatchObject({ page: 2, per_page: 1, total: 2, last_page: 2 });
    const bad = await call('leser', 'GET', `/archive?company_id=${cid}&kind=alles&ags=1`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ ags: ['AGS hat 8 Ziffern.'] });
  });

  it('archived items leave the inbox and the session lists but stay in payment data and reports', async () => {
    const inbox = await ok<{ data: { id: number }[] }>(
      'leser',
      'GET',
      `/documents?company_id=${cid}&per_page=100`,
    );
    expect(inbox.data.map((d) => d.id)).toEqual([notice2023]);
    const sessions = await ok<{ data: BookingSession[] }>('freigabe', 'GET', `/companies/${cid}/bookings`);
    expect(sessions.data.map((s) => s.id)).not.toContain(sessionId);
    const payment = await ok<PaymentDetail>('leser', 'GET', `/payments/${koeln}/2022`);
    expect(payment.payment?.festgesetzte_steuer).toBe('4750.00');
    const expense = await ok<ExpenseReport>(
      'freigabe',
      'GET',
      `/reports/expense?company_id=${cid}&year_from=2022&year_to=2023`,
    );
    expect(expense.years.map((y) => [y.year, y.festgesetzt, y.gebucht])).toEqual([
      [2023, '4750.00', '4750.00'],
      [2022, '4750.00', '4750.00'],
    ]);
  });

  it('opens archived documents read-only', async () => {
    const doc = await ok<DocumentDetail>('leser', 'GET', `/documents/${notice2022}`);
    expect(doc.archived).toBe(true);
    const edit = await call('sachbearbeitung', 'PUT', `/documents/${notice2022}`, {
      dueDate: '2030-01-31',
      dueText: 'Wiedervorlage',
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toMatchObject({ code: 'DOCUMENT_ARCHIVED' });
    expect(edit.json().error).toContain('archiviert');
  });

  it('restores a document and a session, audit-logged, with the permissions of each', async () => {
    expect((await call('leser', 'PUT', `/documents/${notice2022}`, { archived: false })).statusCode).toBe(
      403,
    );
    const doc = await ok<DocumentDetail>('sachbearbeitung', 'PUT', `/documents/${notice2022}`, {
      archived: false,
    });
    expect(doc.archived).toBe(false);
    expect((await call('sachbearbeitung', 'POST', `/archive/sessions/${sessionId}/restore`)).statusCode).toBe(
      403,
    );
    const s = await ok<BookingSession>('freigabe', 'POST', `/archive/sessions/${sessionId}/restore`);
    expect(s).toMatchObject({ id: sessionId, archived: false, status: 'exportiert' });
    const again = await call('freigabe', 'POST', `/archive/sessions/${sessionId}/restore`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'SESSION_NOT_ARCHIVED' });
    expect((await archive()).meta.total).toBe(0);

    const audit = await ok<{ data: { action: string; entity: string; entity_id: string | number }[] }>(
      'admin',
      'GET',
      '/logs?per_page=20',
    );
    const actions = audit.data.map((l) => `${l.entity} ${l.action}`);
    expect(actions).toContain('booking_session booking-session-restore');
    expect(actions).toContain('document archive');
    const logs = await ok<{ action: string }[]>('freigabe', 'GET', `/sessionLogs/${sessionId}`);
    expect(logs.map((l) => l.action)).toContain('restored');
    expect((await call('freigabe', 'POST', '/archive/sessions/99999999/restore')).statusCode).toBe(404);
  });
});
