import {
  ACCOUNT_PRESETS,
  type Booking,
  type BookingSession,
  type BookingSessionDetail,
  type Chart,
  type SessionLog,
} from '@gewst/domain';
import { describe, expect, it } from 'vitest';
import { simplePdf, upload, waitProcessed } from '../../../test/documents-support';
import { bearer, useTestApp } from '../../../test/helpers';
import { SYSTEM_ACTOR } from '../audit/service';
import { bookingToday } from './generation';
import { recordExportResult } from './workflow';

const ctx = useTestApp({ JOB_POLL_SECONDS: '0.5' });
const Y = Number(bookingToday().slice(0, 4));
let counter = 0;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
async function call(user: string, method: Method, url: string, payload?: unknown) {
  return ctx.inject({
    method,
    url: `/api/${url}`,
    headers: bearer(await ctx.token(user)),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}
async function ok<T>(user: string, method: Method, url: string, payload?: unknown, status = 200): Promise<T> {
  const res = await call(user, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  return (res.body ? res.json() : undefined) as T;
}

async function company(chart: Chart) {
  const c = await ok<{ id: number }>(
    'admin',
    'POST',
    'companies',
    { name: `Buchungstest ${chart} ${++counter}`, main_color: '#123456', chart_of_accounts: chart },
    201,
  );
  return c.id;
}

async function establishment(companyId: number, ags = '05315000') {
  const n = ++counter;
  const md = await ok<{ id: number }>(
    'sachbearbeitung',
    'POST',
    `companies/${companyId}/masterData`,
    {
      ags,
      designation: `Filiale ${n}`,
      cost_center: `KST-${n}`,
      references: [{ kind: 'kassenzeichen', value: `5.1020.${100000 + n}.7` }],
    },
    201,
  );
  return { id: md.id, kz: `5-1020-${100000 + n}-7`, kost: `KST-${n}` };
}

/** A real upload (text PDF, processed by the worker), typed, filled in and confirmed. */
async function confirmedNotice(
  companyId: number,
  mdId: number,
  type: string,
  fields: Record<string, unknown>,
) {
  const pdf = await simplePdf([`Testbescheid ${type} ${++counter}`, `Lauf ${Date.now()}`]);
  const res = await upload(ctx, 'sachbearbeitung', companyId, [
    { name: `bescheid-${counter}.pdf`, content: pdf },
  ]);
  expect(res.statusCode, res.body).toBe(201);
  const r = res.json().results[0];
  const doc = await waitProcessed(ctx, r.document_id);
  expect(doc.status).toBe('zu_pruefen');
  await ok('sachbearbeitung', 'PUT', `documents/${doc.id}`, { type });
  await ok('sachbearbeitung', 'PUT', `documents/${doc.id}`, {
    fields: Object.fromEntries(Object.entries(fields).map(([k, value]) => [k, { value }])),
  });
  await ok('sachbearbeitung', 'PUT', `documents/${doc.id}`, { master_data_id: mdId });
  await ok('sachbearbeitung', 'POST', `documents/${doc.id}/confirm`);
  return doc.id as number;
}

async function sessions(companyId: number, query = '') {
  return (await ok<{ data: BookingSession[] }>('freigabe', 'GET', `companies/${companyId}/bookings?${query}`))
    .data;
}
async function detail(id: number) {
  return ok<BookingSessionDetail>('freigabe', 'GET', `bookings/${id}?per_page=200`);
}
async function openBescheid(companyId: number) {
  const s = (await sessions(companyId, 'type=bescheid')).find((x) => x.status === 'offen');
  expect(s, 'offener Bescheid-Stapel').toBeDefined();
  return detail(s!.id);
}
const row = (b: Booking) => `${b.konto} ${b.sh} ${b.gegenkonto} ${b.amount}`;

const vzFields = (year: number, betrag = '500.00') => ({
  erhebungszeitraum: year,
  bescheid_datum: `${year}-01-20`,
  vorauszahlungen: [1, 2, 3, 4].map((q) => ({
    jahr: year,
    quartal: q,
    betrag,
    faellig_am: `${year}-${['02', '05', '08', '11'][q - 1]}-15`,
  })),
});
/** A first assessment credits no prepayments ("bisher festgesetzt" 0,00) unless `extra` says so. */
const bescheid = (ez: number, tax: string, datum: string, extra: Record<string, unknown> = {}) => ({
  erhebungszeitraum: ez,
  bescheid_datum: datum,
  festgesetzte_steuer: tax,
  bisher_festgesetzt: '0.00',
  ...extra,
});

describe.each(['SKR03', 'SKR04'] as const)('bookings from confirmed notices, %s', (chart) => {
  const a = ACCOUNT_PRESETS[chart];
  let companyId = 0;
  let est: Awaited<ReturnType<typeof establishment>>;

  it('a prepayment schedule waits for the quarter’s prepayment session, then books expense an bank', async () => {
    companyId = await company(chart);
    est = await establishment(companyId);
    const doc = await confirmedNotice(companyId, est.id, 'vorauszahlungsbescheid', vzFields(Y));
    expect(await sessions(companyId)).toEqual([]);
    const created = await ok<{ session: BookingSession }>(
      'freigabe',
      'PUT',
      `bookings/prepayments/create?company_id=${companyId}&year=${Y}&quartal=2`,
      undefined,
      201,
    );
    const d = await detail(created.session.id);
    expect(d).toMatchObject({
      type: 'vorauszahlung',
      status: 'offen',
      year: Y,
      quartal: 2,
      booking_count: 1,
    });
    expect(d.bookings.data.map(row)).toEqual([`${a.expense} S ${a.bank} 500.00`]);
    expect(d.bookings.data[0]).toMatchObject({
      text: `GewSt ${Y} Köln Vorauszahlung Q2`,
      belegfeld1: est.kz,
      kost1: est.kost,
      tax_year: Y,
      quartal: 2,
      due_date: `${Y}-05-15`,
      purpose: 'expense',
      counter_purpose: 'bank',
      master_data: { id: est.id, ags: '05315000' },
      document: { id: doc, pdf: expect.stringContaining('/api/documents/getFile?path=') },
    });
    expect(d.bookings.data[0]!.payment_line_ids).toHaveLength(1);
  });

  it('assessment of an earlier year without provision: prior-year account, interest on its own account', async () => {
    await confirmedNotice(
      companyId,
      est.id,
      'gewst_bescheid',
      bescheid(Y - 2, '1500.00', `${Y - 1}-03-02`, { zinsen: '30.00' }),
    );
    const d = await openBescheid(companyId);
    expect(d.bookings.data.map(row)).toEqual([
      `${a.prior_year} S ${a.bank} 1500.00`,
      `${a.interest_expense} S ${a.bank} 30.00`,
    ]);
    expect(d.bookings.data.map((b) => b.text)).toEqual([
      `GewSt ${Y - 2} Köln Abschlusszahlung`,
      `GewSt ${Y - 2} Köln Nachzahlungszinsen`,
    ]);
  });

  it('refund interest and surcharges on their own accounts', async () => {
    await confirmedNotice(companyId, est.id, 'zinsbescheid', {
      erhebungszeitraum: Y - 2,
      zinsen: '-45.00',
      bescheid_datum: `${Y - 1}-04-01`,
    });
    await confirmedNotice(companyId, est.id, 'mahnung', {
      erhebungszeitraum: Y - 1,
      saeumniszuschlag: '12.00',
      bescheid_datum: `${Y}-02-01`,
    });
    const d = await openBescheid(companyId);
    expect(d.bookings.data.slice(-2).map(row)).toEqual([
      `${a.refund_interest} H ${a.bank} 45.00`,
      `${a.surcharges} S ${a.bank} 12.00`,
    ]);
  });

  it('current-year assessment on the expense account; a refund of an earlier year is a receivable', async () => {
    const other = await establishment(companyId, '09162000');
    const before = (await openBescheid(companyId)).bookings.data.length;
    await confirmedNotice(companyId, other.id, 'gewst_bescheid', bescheid(Y, '800.00', bookingToday()));
    // 700 credited by the notice (an opening balance, not booked again), 200 assessed: 500 back
    await confirmedNotice(
      companyId,
      other.id,
      'gewst_bescheid',
      bescheid(Y - 1, '200.00', `${Y}-01-12`, { bisher_festgesetzt: '700.00' }),
    );
    const added = (await openBescheid(companyId)).bookings.data.slice(before);
    expect(added.map(row)).toEqual([
      `${a.expense} S ${a.bank} 800.00`,
      `${a.prior_year} H ${a.receivable} 500.00`,
    ]);
    expect(added.map((b) => [b.purpose, b.counter_purpose, b.kind, b.belegfeld1, b.kost1])).toEqual([
      ['expense', 'bank', 'abschlusszahlung', other.kz, other.kost],
      ['prior_year', 'receivable', 'erstattung', other.kz, other.kost],
    ]);
    expect(added[1]!.text).toBe(`GewSt ${Y - 1} München Erstattung`);
  });

  it('assessments against provisions: above, equal and below', async () => {
    for (const [year, amount] of [
      [Y - 3, '1000.00'],
      [Y - 4, '1000.00'],
      [Y - 5, '1000.00'],
    ] as const) {
      const set = await ok<{ amount: string; used: string; remaining: string }>(
        'freigabe',
        'PUT',
        `companies/${companyId}/provisions/${year}`,
        { amount, note: 'Jahresabschluss' },
      );
      // Money always with two places, also when nothing is booked yet.
      expect([set.amount, set.used, set.remaining]).toEqual([amount, '0.00', amount]);
    }
    const before = (await openBescheid(companyId)).bookings.data.length;
    await confirmedNotice(companyId, est.id, 'gewst_bescheid', bescheid(Y - 3, '1500.00', `${Y - 1}-05-04`));
    await confirmedNotice(companyId, est.id, 'gewst_bescheid', bescheid(Y - 4, '1000.00', `${Y - 1}-05-04`));
    await confirmedNotice(companyId, est.id, 'gewst_bescheid', bescheid(Y - 5, '600.00', `${Y - 1}-05-04`));
    const d = await openBescheid(companyId);
    expect(d.bookings.data.slice(before).map(row)).toEqual([
      // above: provision an bank up to the provision, the excess on the prior-year account
      `${a.provision} S ${a.bank} 1000.00`,
      `${a.prior_year} S ${a.bank} 500.00`,
      // equal
      `${a.provision} S ${a.bank} 1000.00`,
      // below: provision an bank, the rest released
      `${a.provision} S ${a.bank} 600.00`,
      `${a.provision} S ${a.release} 400.00`,
    ]);
    expect(d.bookings.data.at(-1)!.text).toBe(`GewSt ${Y - 5} Köln Auflösung Rückstellung`);
    const provisions = await ok<{ year: number; used: string; remaining: string }[]>(
      'freigabe',
      'GET',
      `companies/${companyId}/provisions`,
    );
    expect(provisions.map((p) => `${p.year} ${p.used} ${p.remaining}`)).toEqual([
      `${Y - 3} 1000.00 0.00`,
      `${Y - 4} 1000.00 0.00`,
      `${Y - 5} 1000.00 0.00`,
    ]);
  });

  it('an Änderungsbescheid after booking: reversal of the booked line and the new booking', async () => {
    const d0 = await openBescheid(companyId);
    const original = d0.bookings.data.find((b) => b.tax_year === Y - 2 && b.kind === 'abschlusszahlung')!;
    await confirmedNotice(
      companyId,
      est.id,
      'gewst_bescheid',
      bescheid(Y - 2, '1800.00', `${Y - 1}-09-01`, { bisher_festgesetzt: '1500.00' }),
    );
    const d = await openBescheid(companyId);
    const added = d.bookings.data.filter((b) => b.id > d0.bookings.data.at(-1)!.id);
    expect(added.map(row)).toEqual([
      `${a.prior_year} H ${a.bank} 1500.00`,
      // the superseded 1500 was due before the new Bekanntgabe (at once), the rest a month later
      `${a.prior_year} S ${a.bank} 1500.00`,
      `${a.prior_year} S ${a.bank} 300.00`,
    ]);
    expect(added[0]).toMatchObject({
      reversal_of: original.id,
      text: `GewSt ${Y - 2} Köln Storno Abschlusszahlung`,
    });
    expect(d.bookings.data.find((b) => b.id === original.id)!.reversed_by).toBe(added[0]!.id);
  });
});

describe('workflow, four-eyes rule and session log', () => {
  let sessionId = 0;
  let companyId = 0;

  it('close, correct, submit; approver ≠ submitter and ≠ last changer (403 with reason)', async () => {
    companyId = await company('SKR03');
    const e = await establishment(companyId);
    await confirmedNotice(
      companyId,
      e.id,
      'gewst_bescheid',
      bescheid(Y - 1, '2000.00', `${Y}-02-02`, { zinsen: '20.00' }),
    );
    const s = await openBescheid(companyId);
    sessionId = s.id;
    const submitEarly = await call('freigabe', 'PUT', `bookings/${sessionId}/submit`, { comment: 'x' });
    expect(submitEarly.statusCode).toBe(409);
    expect(submitEarly.json()).toMatchObject({
      code: 'SESSION_TRANSITION_NOT_ALLOWED',
      error: 'Der Stapel ist „offen“; „Einreichen“ ist nur im Status „geschlossen“ möglich.',
    });
    await ok('freigabe', 'PUT', `bookings/${sessionId}/close`, {});
    const closedAgain = await call('freigabe', 'PUT', `bookings/${sessionId}/close`, {});
    expect(closedAgain.statusCode).toBe(409);
    const booking = s.bookings.data[0]!;
    // KOST2: DATEV's 36 characters, no quote; German messages per field
    const badKost2 = await call('freigabe', 'PUT', `bookings/${sessionId}/correct`, {
      changes: [
        { booking_id: booking.id, kost2: 'K'.repeat(37) },
        { booking_id: booking.id + 1, kost2: 'A"B' },
      ],
    });
    expect(badKost2.statusCode).toBe(400);
    expect(badKost2.json().errors).toMatchObject({
      'changes.0.kost2': ['Der Kostenträger (KOST2) darf höchstens 36 Zeichen lang sein.'],
      'changes.1.kost2': ['Der Kostenträger (KOST2) enthält ein unzulässiges Zeichen.'],
    });
    const corrected = await ok<{ session: BookingSession }>(
      'freigabe',
      'PUT',
      `bookings/${sessionId}/correct`,
      {
        changes: [
          { booking_id: booking.id, text: 'GewSt Nachzahlung laut Bescheid', kost1: 'KST-9', kost2: 'KTR 7' },
        ],
        comment: 'Text präzisiert',
      },
    );
    expect(corrected.session.status).toBe('geschlossen');
    const after = await detail(sessionId);
    expect(after.bookings.data[0]).toMatchObject({
      text: 'GewSt Nachzahlung laut Bescheid',
      kost1: 'KST-9',
      kost2: 'KTR 7',
      changed_by: { username: 'freigabe' },
      amount: booking.amount,
    });
    await ok('admin', 'PUT', `bookings/${sessionId}/submit`, { comment: 'Bitte freigeben' });

    const byCorrector = await call('freigabe', 'PUT', `bookings/${sessionId}/approve`, {});
    expect(byCorrector.statusCode).toBe(403);
    expect(byCorrector.json()).toMatchObject({
      code: 'FOUR_EYES',
      error: expect.stringContaining('geändert'),
    });
    const bySubmitter = await call('admin', 'PUT', `bookings/${sessionId}/approve`, {});
    expect(bySubmitter.statusCode).toBe(403);
    expect(bySubmitter.json()).toMatchObject({
      code: 'FOUR_EYES',
      error: expect.stringContaining('eingereicht'),
    });
    expect((await detail(sessionId)).status).toBe('eingereicht');

    // stats of the company: the session awaits approval with its two bookings and their sum
    const stats = await ok<{ companies: unknown[] }>(
      'leser',
      'GET',
      `bookings/stats?company_id=${companyId}`,
    );
    expect(stats.companies).toEqual([
      {
        company_id: companyId,
        sessions: {
          offen: 0,
          geschlossen: 0,
          eingereicht: 1,
          freigegeben: 0,
          exportiert: 0,
          export_fehlgeschlagen: 0,
          storniert: 0,
        },
        archived: 0,
        awaiting_approval: { sessions: 1, bookings: 2, sum_soll: '2020.00', sum_haben: '0.00' },
        failed_exports: 0,
      },
    ]);
  });

  it('reject needs a comment; two approvals at once: exactly one passes', async () => {
    const noComment = await call('freigabe', 'PUT', `bookings/${sessionId}/reject`, {});
    expect(noComment.statusCode).toBe(400);
    await ok('freigabe', 'PUT', `bookings/${sessionId}/reject`, { comment: 'Kostenstelle prüfen' });
    await ok('freigabe', 'PUT', `bookings/${sessionId}/submit`, { comment: null });
    const [r1, r2] = await Promise.all([
      call('admin', 'PUT', `bookings/${sessionId}/approve`, { approved_at: new Date().toISOString() }),
      call('admin', 'PUT', `bookings/${sessionId}/approve`, {}),
    ]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 409]);
    const d = await detail(sessionId);
    expect(d).toMatchObject({ status: 'freigegeben', approved_by: { username: 'admin' } });
    expect(d.approved_at).not.toBeNull();
    const logs = await ok<SessionLog[]>('freigabe', 'GET', `sessionLogs/${sessionId}`);
    expect(logs.map((l) => `${l.action} ${l.to_status}`)).toEqual([
      'created offen',
      'add offen',
      'close geschlossen',
      'correct geschlossen',
      'submit eingereicht',
      'reject geschlossen',
      'submit eingereicht',
      'approve freigegeben',
    ]);
    const correctLog = logs.find((l) => l.action === 'correct')!;
    expect(correctLog.details).toMatchObject({
      changes: [
        {
          before: { text: expect.any(String), kost1: expect.any(String), kost2: null },
          after: { kost1: 'KST-9', kost2: 'KTR 7' },
        },
      ],
    });
  });

  it('only the author edits a comment; the change is audit-logged', async () => {
    const logs = await ok<SessionLog[]>('freigabe', 'GET', `sessionLogs/${sessionId}`);
    const reject = logs.find((l) => l.action === 'reject')!;
    expect(reject).toMatchObject({ own: true, comment: 'Kostenstelle prüfen' });
    const foreign = await call('admin', 'POST', `sessionLogs/editComment/${reject.id}`, {
      comment: 'anders',
    });
    expect(foreign.statusCode).toBe(403);
    const edited = await ok<SessionLog>('freigabe', 'POST', `sessionLogs/editComment/${reject.id}`, {
      comment: 'Kostenstelle 1010 prüfen',
    });
    expect(edited).toMatchObject({
      comment: 'Kostenstelle 1010 prüfen',
      comment_edited_at: expect.any(String),
    });
    const audit = await ok<{ data: { action: string; before: { comment: string } }[] }>(
      'admin',
      'GET',
      'logs?entity=session_log',
    );
    expect(audit.data[0]).toMatchObject({
      action: 'session-log-comment-edit',
      before: { comment: 'Kostenstelle prüfen' },
    });
  });

  it('export job queued by the approval; correct and cancel after export', async () => {
    // the approval queued the export job (it fails for want of DATEV numbers and waits for its retry)
    const queues = await ok<{ jobs: { state: string }[] }>('freigabe', 'GET', `bookings/${sessionId}/queues`);
    expect(queues.jobs).toHaveLength(1);
    const retrigger = await call('freigabe', 'PUT', `bookings/${sessionId}/retrigger-failed-jobs`, {});
    expect(retrigger.json()).toMatchObject({ code: 'SESSION_TRANSITION_NOT_ALLOWED' });

    const db = ctx.built.database.db;
    await db.transaction((tx) => recordExportResult(tx, SYSTEM_ACTOR, sessionId, { ok: true }));
    const exported = await detail(sessionId);
    expect(exported.status).toBe('exportiert');
    expect(exported.bookings.data.every((b) => b.exported_at !== null)).toBe(true);

    // correcting an exported session: a korrektur session with reversal + corrected booking
    const b = exported.bookings.data[0]!;
    const corr = await ok<{ created_session_id: number }>(
      'freigabe',
      'PUT',
      `bookings/${sessionId}/correct`,
      {
        changes: [{ booking_id: b.id, amount: '1900.00' }],
      },
    );
    const k = await detail(corr.created_session_id);
    expect(k).toMatchObject({ type: 'korrektur', status: 'offen', related_session_id: sessionId });
    expect(k.bookings.data.map(row)).toEqual([
      `${b.konto} H ${b.gegenkonto} ${b.amount}`,
      `${b.konto} S ${b.gegenkonto} 1900.00`,
    ]);
    expect(k.bookings.data[1]).toMatchObject({ corrected_from: b.id, payment_line_ids: b.payment_line_ids });
    expect((await detail(sessionId)).bookings.data[0]!.amount).toBe(b.amount);

    // storno: a storno session that runs the same workflow; the original is storniert once it is exported
    const noReason = await call('freigabe', 'PUT', `bookings/${sessionId}/cancel`, { storno: {} });
    expect(noReason.statusCode).toBe(400);
    const cancel = await ok<{ created_session_id: number; session: BookingSession }>(
      'freigabe',
      'PUT',
      `bookings/${sessionId}/cancel`,
      { storno: { comment: 'Falsche Periode' } },
    );
    expect(cancel.session).toMatchObject({ status: 'exportiert', storno_pending: true });
    const again = await call('freigabe', 'PUT', `bookings/${sessionId}/cancel`, {
      storno: { comment: 'nochmal' },
    });
    expect(again.json()).toMatchObject({ code: 'SESSION_STORNO_PENDING' });
    expect((await call('freigabe', 'PUT', `bookings/${sessionId}/archive`, {})).json()).toMatchObject({
      code: 'SESSION_STORNO_PENDING',
    });
    const storno = await detail(cancel.created_session_id);
    // every booking not reversed yet (the corrected one was reversed by the korrektur session)
    expect(storno.bookings.data.map(row)).toEqual(
      exported.bookings.data
        .filter((x) => x.id !== b.id)
        .map((x) => `${x.konto} ${x.sh === 'S' ? 'H' : 'S'} ${x.gegenkonto} ${x.amount}`),
    );
    await ok('freigabe', 'PUT', `bookings/${storno.id}/close`, {});
    await ok('freigabe', 'PUT', `bookings/${storno.id}/submit`, {});
    await ok('admin', 'PUT', `bookings/${storno.id}/approve`, {});
    await db.transaction((tx) => recordExportResult(tx, SYSTEM_ACTOR, storno.id, { ok: true }));
    expect((await detail(sessionId)).status).toBe('storniert');
    const archived = await ok<{ session: BookingSession }>(
      'freigabe',
      'PUT',
      `bookings/${sessionId}/archive`,
      {},
    );
    expect(archived.session.archived).toBe(true);
    expect((await sessions(companyId, 'archived=true')).map((x) => x.id)).toEqual([sessionId]);
    expect((await call('freigabe', 'PUT', `bookings/${sessionId}/close`, {})).json()).toMatchObject({
      code: 'SESSION_ARCHIVED',
    });
  });
});

describe('quarterly prepayments', () => {
  it('one session per company, year and quarter; BI log; delete then create again; not after export', async () => {
    const companyId = await company('SKR04');
    const e1 = await establishment(companyId, '09162000');
    const e2 = await establishment(companyId, '02000000');
    await confirmedNotice(companyId, e1.id, 'vorauszahlungsbescheid', vzFields(Y, '500.00'));
    await confirmedNotice(companyId, e2.id, 'vorauszahlungsbescheid', vzFields(Y, '750.00'));
    // the amount in force: the quarter raised by 100 before the session is created
    await ok(
      'sachbearbeitung',
      'POST',
      `payments/${e1.id}/${Y}/lines`,
      { kind: 'korrektur', quartal: 3, betrag: '100.00', faellig_am: `${Y}-08-15`, reason: 'Anpassung' },
      201,
    );
    const q = `company_id=${companyId}&year=${Y}&quartal=3`;
    expect(await ok('freigabe', 'GET', `bookings/prepayments/preview?${q}`)).toMatchObject({
      count: 2,
      sum: '1350.00',
      existing: null,
    });
    const first = await ok<{ session: BookingSession; bi_log: { id: number; count: number; sum: string } }>(
      'freigabe',
      'PUT',
      `bookings/prepayments/create?${q}`,
      undefined,
      201,
    );
    expect(first.bi_log).toMatchObject({ count: 2, sum: '1350.00' });
    const d = await detail(first.session.id);
    expect(d.bookings.data.map(row).sort()).toEqual(['7610 S 1800 600.00', '7610 S 1800 750.00']);
    expect(d.bookings.data.find((b) => b.amount === '600.00')!.payment_line_ids).toHaveLength(2);

    const twice = await call('freigabe', 'PUT', `bookings/prepayments/create?${q}`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'PREPAYMENTS_EXIST', session_id: first.session.id });

    // a later change of the quarter is booked like any other line
    await ok(
      'sachbearbeitung',
      'POST',
      `payments/${e2.id}/${Y}/lines`,
      { kind: 'korrektur', quartal: 3, betrag: '-50.00', faellig_am: `${Y}-08-15`, reason: 'Herabsetzung' },
      201,
    );
    expect((await openBescheid(companyId)).bookings.data.map(row)).toEqual(['7610 H 1800 50.00']);

    const log = await ok<
      { id: number; session_id: number; deletable: boolean; created_by: { username: string } }[]
    >('freigabe', 'GET', `prePaymentsBiLog?${q}`);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      session_id: first.session.id,
      deletable: true,
      created_by: { username: 'freigabe' },
    });
    await ok('freigabe', 'DELETE', `prePaymentsBiLog/${log[0]!.id}`, undefined, 204);
    expect((await call('freigabe', 'GET', `bookings/${first.session.id}`)).statusCode).toBe(404);

    const second = await ok<{ session: BookingSession; bi_log: { id: number; sum: string } }>(
      'admin',
      'PUT',
      `bookings/prepayments/create?${q}`,
      undefined,
      201,
    );
    expect(second.session.id).not.toBe(first.session.id);
    // the −50 line is booked already (bescheid session): the quarter now books 600 + 750
    expect(second.bi_log.sum).toBe('1350.00');

    // exported: the entry can no longer be deleted
    const sid = second.session.id;
    await ok('admin', 'PUT', `bookings/${sid}/close`, {});
    await ok('admin', 'PUT', `bookings/${sid}/submit`, {});
    const own = await call('admin', 'PUT', `bookings/${sid}/approve`, {});
    expect(own.statusCode).toBe(403);
    await ok('freigabe', 'PUT', `bookings/${sid}/approve`, {});
    await ctx.built.database.db.transaction((tx) => recordExportResult(tx, SYSTEM_ACTOR, sid, { ok: true }));
    const refused = await call('freigabe', 'DELETE', `prePaymentsBiLog/${second.bi_log.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toContain('exportiert');

    expect(
      (
        await call(
          'freigabe',
          'PUT',
          `bookings/prepayments/create?company_id=${companyId}&year=${Y}&quartal=1`,
        )
      ).statusCode,
    ).toBe(201);
    const none = await call(
      'freigabe',
      'PUT',
      `bookings/prepayments/create?company_id=${companyId}&year=${Y + 3}&quartal=1`,
    );
    expect(none.json()).toMatchObject({ code: 'NO_PREPAYMENTS_DUE' });
  });

  it('the demo companies can create the current quarter on a fresh start', async () => {
    const quartal = Math.ceil(Number(bookingToday().slice(5, 7)) / 3);
    const res = await call(
      'freigabe',
      'PUT',
      `bookings/prepayments/create?company_id=1&year=${Y}&quartal=${quartal}`,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().bi_log.count).toBeGreaterThan(10);
  });
});

describe('account mapping (settings, per company)', () => {
  it('a change applies to bookings generated afterwards only; reset goes back to the preset', async () => {
    const companyId = await company('SKR03');
    const e = await establishment(companyId);
    const view = await ok<{ mapping: { accounts: Record<string, string> }; stored: boolean }>(
      'leser',
      'GET',
      `companies/${companyId}/account-mapping`,
    );
    expect(view).toMatchObject({
      stored: false,
      mapping: { chart: 'SKR03', accounts: ACCOUNT_PRESETS.SKR03 },
    });
    await confirmedNotice(companyId, e.id, 'mahnung', {
      erhebungszeitraum: Y - 1,
      saeumniszuschlag: '10.00',
      bescheid_datum: `${Y}-01-05`,
    });

    const mapping = {
      ...view.mapping,
      accounts: { ...view.mapping.accounts, surcharges: '2104', bank: '1736' },
      datev_berater: 29098,
      datev_mandant: 55003,
      fiscal_year_start: '01-01',
      account_length: 4,
    };
    const bad = await call('admin', 'PUT', `companies/${companyId}/account-mapping`, {
      ...mapping,
      accounts: { ...mapping.accounts, bank: '17360' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors['accounts.bank'][0]).toContain('4 Stellen');
    expect(
      (await call('freigabe', 'PUT', `companies/${companyId}/account-mapping`, mapping)).statusCode,
    ).toBe(403);
    const saved = await ok<{ stored: boolean }>(
      'admin',
      'PUT',
      `companies/${companyId}/account-mapping`,
      mapping,
    );
    expect(saved.stored).toBe(true);
    await confirmedNotice(companyId, e.id, 'mahnung', {
      erhebungszeitraum: Y - 1,
      saeumniszuschlag: '11.00',
      bescheid_datum: `${Y}-01-06`,
    });
    expect((await openBescheid(companyId)).bookings.data.map(row)).toEqual([
      '2102 S 1200 10.00',
      '2104 S 1736 11.00',
    ]);
    const audit = await ok<{ data: { entity_id: string; after: { company_id: number } }[] }>(
      'admin',
      'GET',
      'logs?entity=setting',
    );
    expect(audit.data[0]).toMatchObject({ entity_id: 'bookings.accounts', after: { company_id: companyId } });
    const back = await ok<{ stored: boolean; mapping: { accounts: Record<string, string> } }>(
      'admin',
      'DELETE',
      `companies/${companyId}/account-mapping`,
    );
    expect(back).toMatchObject({ stored: false, mapping: { accounts: ACCOUNT_PRESETS.SKR03 } });
  });
});

describe('stats and permissions', () => {
  it('stats per company: a company without sessions is listed with zeros; unknown company 404', async () => {
    const stats = await ok<{ companies: { company_id: number; sessions: Record<string, number> }[] }>(
      'leser',
      'GET',
      'bookings/stats?company_id=1',
    );
    expect(stats.companies.map((c) => c.company_id)).toEqual([1]);
    expect(Object.keys(stats.companies[0]!.sessions)).toEqual([
      'offen',
      'geschlossen',
      'eingereicht',
      'freigegeben',
      'exportiert',
      'export_fehlgeschlagen',
      'storniert',
    ]);
    expect((await call('leser', 'GET', 'bookings/stats?company_id=999999')).statusCode).toBe(404);
  });

  // Each bookings route × each demo role: 403 exactly when the role lacks the route's permission.
  const CLOSE = ['admin', 'freigabe'];
  const READ = ['admin', 'sachbearbeitung', 'freigabe', 'leser'];
  const routes: [Method, string, string[]][] = [
    ['GET', 'companies/1/bookings', CLOSE],
    ['GET', 'bookings/999999', CLOSE],
    ['GET', 'bookings/stats', READ],
    ['PUT', 'bookings/999999/close', CLOSE],
    ['PUT', 'bookings/999999/submit', CLOSE],
    ['PUT', 'bookings/999999/reject', CLOSE],
    ['PUT', 'bookings/999999/approve', CLOSE],
    ['PUT', 'bookings/999999/correct', CLOSE],
    ['PUT', 'bookings/999999/cancel', CLOSE],
    ['PUT', 'bookings/999999/retrigger-failed-jobs', CLOSE],
    ['PUT', 'bookings/999999/revert-to-closed', CLOSE],
    ['PUT', 'bookings/999999/archive', CLOSE],
    ['PUT', 'bookings/999999/generate_report', CLOSE],
    ['GET', 'bookings/999999/queues', CLOSE],
    ['PUT', 'bookings/prepayments/create', CLOSE],
    ['GET', 'bookings/prepayments/preview', CLOSE],
    ['GET', 'prePaymentsBiLog?company_id=1', CLOSE],
    ['DELETE', 'prePaymentsBiLog/999999', CLOSE],
    ['GET', 'sessionLogs/999999', CLOSE],
    ['POST', 'sessionLogs/editComment/999999', CLOSE],
    ['GET', 'companies/1/provisions', CLOSE],
    ['PUT', 'companies/1/provisions/2020', CLOSE],
    ['DELETE', 'companies/1/provisions/1999', CLOSE],
    ['GET', 'companies/1/account-mapping', READ],
    ['PUT', 'companies/999999/account-mapping', ['admin']],
    ['DELETE', 'companies/999999/account-mapping', ['admin']],
  ];
  it.each(['admin', 'sachbearbeitung', 'freigabe', 'leser', 'ohne-rechte'])('as %s', async (user) => {
    const wrong: string[] = [];
    for (const [method, url, allowed] of routes) {
      const res = await call(user, method, url, method === 'GET' || method === 'DELETE' ? undefined : {});
      const may = allowed.includes(user);
      if (may ? res.statusCode === 403 || res.statusCode >= 500 : res.statusCode !== 403)
        wrong.push(`${method} ${url} → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('approve and reject need approve-bi-sessions: a role that may only close is refused there', async () => {
    const role = await ok<{ id: number }>(
      'admin',
      'POST',
      'roles',
      {
        name: 'Buchen ohne Freigabe',
        permissions: ['read-data', 'read-all-data', 'close-bi-sessions-generate-reports'],
      },
      201,
    );
    const users = await ok<{ id: number; username: string }[]>('admin', 'GET', 'users/getAll');
    const user = users.find((u) => u.username === 'ohne-rechte')!;
    await ok('admin', 'PUT', `users/${user.id}/roles`, { role_ids: [role.id] });
    const wrong: string[] = [];
    for (const [method, url, allowed] of routes) {
      const res = await call(
        'ohne-rechte',
        method,
        url,
        method === 'GET' || method === 'DELETE' ? undefined : {},
      );
      const may = allowed.includes('freigabe') && !/\/(approve|reject)$/.test(url);
      if (may ? res.statusCode === 403 || res.statusCode >= 500 : res.statusCode !== 403)
        wrong.push(`${method} ${url} → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
    await ok('admin', 'PUT', `users/${user.id}/roles`, { role_ids: [] });
  });
});
