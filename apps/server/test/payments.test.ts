import {
  bundeslandFromAgs,
  computeAbschlusszahlung,
  type PaymentDetail,
  type PaymentLine,
} from '@gewst/domain';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { generateNotice } from '../../../bench/notices/generate';
import type { NoticeType } from '../../../bench/notices/notice';
import { upload, waitProcessed } from './documents-support';
import { bearer, useTestApp } from './helpers';

const ctx = useTestApp({ JOB_POLL_SECONDS: '0.5' });
const COMPANY = 1;
const as = async (user: string) => bearer(await ctx.token(user));
let designationNo = 0;

type Truth = Record<string, unknown>;

/** Uploads a corpus notice, waits for it, gives it its own establishment; returns the document. */
async function noticeWithEstablishment(seed: number, type: NoticeType, layout = 'L2', masterDataId?: number) {
  const n = await generateNotice(seed, type, layout);
  const res = await upload(ctx, 'sachbearbeitung', COMPANY, [
    { name: `${n.id}-${designationNo}.pdf`, content: n.pdf },
  ]);
  expect(res.statusCode, res.body).toBe(201);
  const result = res.json().results[0];
  const doc = await waitProcessed(ctx, result.document_id ?? result.duplicate_of);
  expect(doc.status).toBe('zu_pruefen');
  let mdId = masterDataId;
  if (!mdId) {
    const ags = (doc.fields.ags?.value as string | undefined) ?? '05315000';
    const md = await ctx.inject({
      method: 'POST',
      url: `/api/companies/${COMPANY}/masterData`,
      headers: await as('sachbearbeitung'),
      payload: { ags, designation: `Betriebsstätte ${++designationNo}` },
    });
    expect(md.statusCode, md.body).toBe(201);
    mdId = md.json().id as number;
  }
  const put = await ctx.inject({
    method: 'PUT',
    url: `/api/documents/${doc.id}`,
    headers: await as('sachbearbeitung'),
    payload: { master_data_id: mdId },
  });
  expect(put.statusCode, put.body).toBe(200);
  return { doc: put.json(), truth: n.truth as Truth, masterDataId: mdId! };
}

async function setFields(id: number, fields: Record<string, unknown>) {
  const res = await ctx.inject({
    method: 'PUT',
    url: `/api/documents/${id}`,
    headers: await as('sachbearbeitung'),
    payload: { fields: Object.fromEntries(Object.entries(fields).map(([k, value]) => [k, { value }])) },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const confirm = async (id: number, overrideReason?: string) =>
  ctx.inject({
    method: 'POST',
    url: `/api/documents/${id}/confirm`,
    headers: await as('sachbearbeitung'),
    ...(overrideReason ? { payload: { override_reason: overrideReason } } : {}),
  });

async function detail(mdId: number, year: number): Promise<PaymentDetail> {
  const res = await ctx.inject({
    method: 'GET',
    url: `/api/payments/${mdId}/${year}`,
    headers: await as('leser'),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function addLine(mdId: number, year: number, body: Record<string, unknown>, user = 'sachbearbeitung') {
  return ctx.inject({
    method: 'POST',
    url: `/api/payments/${mdId}/${year}/lines`,
    headers: await as(user),
    payload: { reason: 'Übernahme aus Altdaten', faellig_am: null, ...body },
  });
}

async function markPaid(lineId: number, date = '2020-01-01') {
  const res = await ctx.inject({
    method: 'POST',
    url: `/api/payment-lines/${lineId}/status`,
    headers: await as('sachbearbeitung'),
    payload: { status: 'bezahlt', date },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PaymentDetail;
}

const active = (d: PaymentDetail) =>
  d.payment_lines.filter((l) => l.superseded_by === null && l.status !== 'storniert');
const brief = (ls: PaymentLine[]) =>
  ls.map((l) => `${l.kind} ${l.quartal ?? '-'} ${l.betrag} ${l.faellig_am}`);
const cents = (v: string) => Math.round(Number(v) * 100);

/** Four prepayments of 500 € for the year, the first `paid` of them paid. */
async function prepayments(mdId: number, year: number, paid: boolean[]) {
  const due = ['02-15', '05-15', '08-15', '11-15'];
  const ids: number[] = [];
  for (let q = 1; q <= 4; q++) {
    const res = await addLine(mdId, year, {
      kind: 'vorauszahlung',
      quartal: q,
      betrag: '500.00',
      faellig_am: `${year}-${due[q - 1]}`,
    });
    expect(res.statusCode, res.body).toBe(201);
    ids.push((res.json() as PaymentDetail).payment_lines.at(-1)!.id);
  }
  for (const [i, p] of paid.entries()) if (p) await markPaid(ids[i]!);
  return ids;
}

describe('Gewerbesteuerbescheid confirmed: exact lines', () => {
  const combos: [string, boolean[], number, boolean?][] = [
    ['all prepayments paid', [true, true, true, true], 11],
    ['no prepayment paid', [false, false, false, false], 12],
    ['two of four paid', [true, true, false, false], 13],
    // A paid quarter lowered later (refund not yet received): the open -100 is superseded and
    // must not reduce what comes back — tax − paid decides.
    ['all paid, the paid 4th quarter lowered by an open correction', [true, true, true, true], 18, true],
  ];
  for (const [name, paid, seed, lowered] of combos) {
    it(name, async () => {
      const { doc, truth, masterDataId } = await noticeWithEstablishment(seed, 'gewst_bescheid', 'L2');
      const ez = truth.erhebungszeitraum as number;
      const tax = truth.festgesetzte_steuer as string;
      expect(doc.fields.festgesetzte_steuer.value).toBe(tax);
      expect(doc.fields.bescheid_datum.value).toBe(truth.bescheid_datum);
      const ids = await prepayments(masterDataId, ez, paid);
      let loweredId: number | null = null;
      if (lowered) {
        const k = await addLine(masterDataId, ez, {
          kind: 'korrektur',
          quartal: 4,
          betrag: '-100.00',
          faellig_am: `${ez}-11-15`,
        });
        expect(k.statusCode, k.body).toBe(201);
        loweredId = (k.json() as PaymentDetail).payment_lines.at(-1)!.id;
      }
      // The notice credits what our payment data holds (else confirmation is refused, see below).
      const soll = lowered ? 1900 : 2000;
      await setFields(doc.id, {
        bisher_festgesetzt: `${soll}.00`,
        abrechnung: (Number(tax) - soll).toFixed(2),
      });

      const res = await confirm(doc.id);
      expect(res.statusCode, res.body).toBe(200);
      const d = await detail(masterDataId, ez);
      const want = computeAbschlusszahlung({
        steuer: tax,
        vorauszahlungen: paid.map((p, i) => ({
          quartal: i + 1,
          betrag: '500.00',
          faellig_am: `${ez}-0${[2, 5, 8][i] ?? 0}-15`.replace('-00-', '-11-'),
          bezahlt: p,
        })),
        aufgabe_zur_post: truth.bescheid_datum as string,
        bundesland: bundeslandFromAgs(d.master_data.ags)!,
      });
      const fromDoc = active(d).filter((l) => l.document_id === doc.id && l.year === ez);
      const principal = fromDoc.filter((l) => l.kind === 'abschlusszahlung' || l.kind === 'erstattung');
      const expected = [
        ...(want.sofort.faellig_am
          ? [`abschlusszahlung - ${want.sofort.betrag} ${want.sofort.faellig_am}`]
          : []),
        ...(want.rest.faellig_am ? [`abschlusszahlung - ${want.rest.betrag} ${want.rest.faellig_am}`] : []),
        ...(want.erstattung !== '0.00'
          ? [`erstattung - -${want.erstattung} ${want.rechtsbehelfsfrist_bis}`]
          : []),
      ];
      expect(brief(principal)).toEqual(expected);
      // Unpaid prepayments are superseded by the Abschlusszahlung, with a visible link.
      for (const [i, id] of ids.entries()) {
        const line = d.payment_lines.find((l) => l.id === id)!;
        if (paid[i]) expect(line.superseded_by).toBeNull();
        else {
          expect(line.superseded_by).toBe(principal[0]?.id ?? null);
          expect(line.superseded_reason).toContain('abgerechnet');
        }
      }
      if (loweredId !== null)
        expect(d.payment_lines.find((l) => l.id === loweredId)?.superseded_reason).toContain('abgerechnet');
      // No money doubled: what counts now adds up to the assessed tax exactly.
      const counted = active(d)
        .filter((l) => ['vorauszahlung', 'abschlusszahlung', 'erstattung', 'korrektur'].includes(l.kind))
        .reduce((s, l) => s + cents(l.betrag), 0);
      expect(counted).toBe(cents(tax));
      expect(d.payment?.festgesetzte_steuer).toBe(tax);
      // Interest stated on the notice becomes a line; our calculation sits beside it.
      if (truth.zinsen) {
        // (Its kind follows the sign of the Abrechnung set above.)
        const z = fromDoc.filter((l) => l.kind === 'nachzahlungszinsen' || l.kind === 'erstattungszinsen');
        expect(z.map((l) => l.betrag.replace('-', ''))).toEqual([truth.zinsen]);
        expect(d.payment?.interest?.notice).toBe(truth.zinsen);
      }
      // New prepayments of the following year(s) from the notice.
      const vz = (truth.vorauszahlungen ?? []) as {
        jahr: number;
        quartal: number;
        betrag: string;
        faellig_am: string;
      }[];
      for (const year of new Set(vz.filter((v) => v.jahr !== ez).map((v) => v.jahr))) {
        const next = await detail(masterDataId, year);
        expect(brief(active(next))).toEqual(
          vz
            .filter((v) => v.jahr === year)
            .map((v) => `vorauszahlung ${v.quartal} ${v.betrag} ${v.faellig_am}`),
        );
      }
      // GET /documents/{id}: masterData with its payments and lines ascending by created_at.
      const got = await ctx.inject({
        method: 'GET',
        url: `/api/documents/${doc.id}`,
        headers: await as('leser'),
      });
      const md = got.json().masterData;
      expect(md.payments.map((p: { year: number }) => p.year)).toContain(ez);
      const created = md.payment_lines.map((l: PaymentLine) => l.created_at);
      expect(created).toEqual([...created].sort());
      expect(md.payments.find((p: { year: number }) => p.year === ez).payment_lines.length).toBe(
        d.payment_lines.length,
      );

      // The lines created from the notice are in the audit log.
      const logs = await ctx.inject({
        method: 'GET',
        url: '/api/logs?entity=payment&per_page=100',
        headers: await as('admin'),
      });
      expect(logs.statusCode, logs.body).toBe(200);
      const entry = (
        logs.json().data as { action: string; entity_id: string; after: { document_id: number } }[]
      ).find((e) => e.action === 'payment-lines-from-document' && e.entity_id === String(masterDataId));
      expect(entry?.after.document_id).toBe(doc.id);

      // Confirming again changes nothing.
      const again = await confirm(doc.id);
      expect(again.statusCode).toBe(409);
      expect((await detail(masterDataId, ez)).payment_lines).toHaveLength(d.payment_lines.length);
    });
  }

  it('an Änderungsbescheid supersedes the unpaid lines of the earlier Bescheid; money is not doubled', async () => {
    const first = await noticeWithEstablishment(14, 'gewst_bescheid', 'L2');
    const ez = first.truth.erhebungszeitraum as number;
    const tax = first.truth.festgesetzte_steuer as string;
    await prepayments(first.masterDataId, ez, [true, true, true, true]);
    await setFields(first.doc.id, {
      bisher_festgesetzt: '2000.00',
      abrechnung: (Number(tax) - 2000).toFixed(2),
    });
    expect((await confirm(first.doc.id)).statusCode).toBe(200);
    const before = await detail(first.masterDataId, ez);
    const firstLines = active(before).filter(
      (l) => l.document_id === first.doc.id && l.kind === 'abschlusszahlung',
    );

    // A second notice for the same establishment and year: the tax raised by 1,000 €.
    const second = await noticeWithEstablishment(15, 'gewst_bescheid', 'L2', first.masterDataId);
    const newTax = (Number(tax) + 1000).toFixed(2);
    const datum = `${ez + 2}-10-06`;
    await setFields(second.doc.id, {
      erhebungszeitraum: ez,
      festgesetzte_steuer: newTax,
      bisher_festgesetzt: tax,
      abrechnung: '1000.00',
      bescheid_datum: datum,
      zinsen: null,
      vorauszahlungen: null,
    });
    expect((await confirm(second.doc.id)).statusCode).toBe(200);
    const after = await detail(first.masterDataId, ez);
    for (const l of firstLines) {
      const now = after.payment_lines.find((x) => x.id === l.id)!;
      expect(now.superseded_by).not.toBeNull();
      expect(now.superseded_reason).toContain('abgerechnet');
      expect(after.payment_lines.find((x) => x.id === now.superseded_by)?.document_id).toBe(second.doc.id);
    }
    const counted = active(after)
      .filter((l) => ['vorauszahlung', 'abschlusszahlung', 'erstattung', 'korrektur'].includes(l.kind))
      .reduce((s, l) => s + cents(l.betrag), 0);
    expect(counted).toBe(cents(newTax));
    expect(after.payment?.festgesetzte_steuer).toBe(newTax);
    expect(after.documents.map((d) => d.id)).toEqual(expect.arrayContaining([first.doc.id, second.doc.id]));
    expect(after.payment?.history.map((h) => h.document_id)).toEqual([first.doc.id, second.doc.id]);
  });
});

/**
 * Issue 11 point 1: a Bescheid for an establishment without payment data for the year. The
 * figures of the notice reported by the user are the oracle.
 */
describe('Gewerbesteuerbescheid for an establishment without payment data (the notice’s figures)', () => {
  const issueFigures = {
    erhebungszeitraum: 2023,
    bescheid_datum: '2024-09-16',
    festgesetzte_steuer: '92939.00',
    bisher_festgesetzt: '46504.00',
    abrechnung: '46435.00',
    faellig_am: null,
    zinsen: null,
    zinsen_von: null,
    zinsen_bis: null,
    vorauszahlungen: null,
  };
  const open = (d: PaymentDetail) =>
    active(d)
      .filter((l) => l.status === 'offen')
      .reduce((s, l) => s + cents(l.betrag), 0) / 100;

  it('exactly the printed Abrechnung is open; the prepayments it credits are an opening balance from the notice', async () => {
    const { doc, masterDataId } = await noticeWithEstablishment(21, 'gewst_bescheid', 'L2');
    await setFields(doc.id, issueFigures);
    const preview = await ctx.inject({
      method: 'GET',
      url: `/api/documents/${doc.id}/confirmation`,
      headers: await as('sachbearbeitung'),
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().abrechnung).toMatchObject({
      printed: '46435.00',
      ours: '46435.00',
      open_change: '46435.00',
      credited_from_notice: '46504.00',
      differs: false,
    });
    expect(preview.json().add.map((l: { kind: string; betrag: string }) => `${l.kind} ${l.betrag}`)).toEqual([
      'abschlusszahlung 46435.00',
      'anrechnung 46504.00',
    ]);
    expect((await confirm(doc.id)).statusCode).toBe(200);
    const d = await detail(masterDataId, 2023);
    expect(open(d)).toBe(46435);
    expect(brief(active(d)).map((b) => b.split(' ').slice(0, 3).join(' '))).toEqual([
      'abschlusszahlung - 46435.00',
      'anrechnung - 46504.00',
    ]);
    const credit = active(d).find((l) => l.kind === 'anrechnung')!;
    expect(credit).toMatchObject({ status: 'bezahlt', document_id: doc.id, faellig_am: null });
    // The opening balance was paid and booked outside the product: it is never booked here.
    expect(credit.booking_id).toBeNull();
    expect(active(d).find((l) => l.kind === 'abschlusszahlung')?.booking_id).not.toBeNull();
    expect(d.sums).toMatchObject({ festgesetzte_steuer: '92939.00', offen: '46435.00', bezahlt: '46504.00' });
    // The list shows the same open amount.
    const list = await ctx.inject({
      method: 'GET',
      url: `/api/payments?company_id=${COMPANY}&year=2023&per_page=200`,
      headers: await as('leser'),
    });
    expect(
      list.json().data.find((r: { master_data_id: number }) => r.master_data_id === masterDataId)?.offen,
    ).toBe('46435.00');
  });

  it('a printed refund of 135.315,50\u00a0€ is refunded, not turned into 286.324,50\u00a0€ to pay', async () => {
    const { doc, masterDataId } = await noticeWithEstablishment(22, 'gewst_bescheid', 'L2');
    await setFields(doc.id, {
      ...issueFigures,
      festgesetzte_steuer: '286324.50',
      bisher_festgesetzt: '421640.00',
      abrechnung: '-135315.50',
    });
    expect((await confirm(doc.id)).statusCode).toBe(200);
    const d = await detail(masterDataId, 2023);
    expect(open(d)).toBe(-135315.5);
    expect(active(d).filter((l) => l.kind === 'abschlusszahlung')).toEqual([]);
  });

  it('our Abrechnung differing from the printed one is refused with a German message; a reason overrides it (audited)', async () => {
    const { doc, masterDataId } = await noticeWithEstablishment(23, 'gewst_bescheid', 'L2');
    // Our data knows two of the four prepayments (paid); the notice credits all four.
    const ids = await prepayments(masterDataId, 2023, [true, true, false, false]);
    for (const id of ids.slice(2))
      await ctx.inject({
        method: 'POST',
        url: `/api/payment-lines/${id}/cancel`,
        headers: await as('sachbearbeitung'),
        payload: { reason: 'Test: unbekannt' },
      });
    await setFields(doc.id, { ...issueFigures, bisher_festgesetzt: '2000.00', abrechnung: '90939.00' });
    const refused = await confirm(doc.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'ABRECHNUNG_DIFFERS' });
    expect(refused.json().error).toContain(
      'Die Abrechnung laut Bescheid (90.939,00\u00a0€) weicht von unserer Berechnung ab',
    );
    expect(refused.json().error).toContain('91.939,00\u00a0€');
    expect(refused.json().abrechnung).toMatchObject({ printed: '90939.00', ours: '91939.00', differs: true });
    const still = await ctx.inject({
      method: 'GET',
      url: `/api/documents/${doc.id}`,
      headers: await as('leser'),
    });
    expect(still.json().status).toBe('zu_pruefen');
    expect((await detail(masterDataId, 2023)).payment_lines.filter((l) => l.document_id === doc.id)).toEqual(
      [],
    );

    const tooShort = await confirm(doc.id, 'ok');
    expect(tooShort.statusCode).toBe(400);
    const ok = await confirm(doc.id, 'Q3 und Q4 wurden vor Einführung bezahlt');
    expect(ok.statusCode, ok.body).toBe(200);
    const d = await detail(masterDataId, 2023);
    // Never more than the notice demands: the gap of 1.000 € is credited from the notice.
    expect(open(d)).toBe(90939);
    expect(active(d).find((l) => l.kind === 'anrechnung')?.betrag).toBe('1000.00');
    const check = d.payment?.checks.find((c) => c.code === 'ABRECHNUNG_DIFFERS');
    expect(check?.severity).toBe('warning');
    expect(check?.message).toContain('„Q3 und Q4 wurden vor Einführung bezahlt“');
    const logs = await ctx.inject({
      method: 'GET',
      url: '/api/logs?entity=document&per_page=100',
      headers: await as('admin'),
    });
    const entry = (
      logs.json().data as { action: string; entity_id: string; after: { reason: string } }[]
    ).find((e) => e.action === 'confirm-override' && e.entity_id === String(doc.id));
    expect(entry?.after.reason).toBe('Q3 und Q4 wurden vor Einführung bezahlt');
  });
});

describe('Vorauszahlungsbescheid, Zinsbescheid, Mahnung, Messbescheid', () => {
  it('a Vorauszahlungsbescheid creates the schedule; a later one changing two quarters adds two correction lines', async () => {
    let seed = 1;
    let n = await generateNotice(seed, 'vorauszahlungsbescheid', 'L2');
    while (((n.truth.vorauszahlungen as unknown[]) ?? []).length < 2)
      n = await generateNotice(++seed, 'vorauszahlungsbescheid', 'L2');
    const first = await noticeWithEstablishment(seed, 'vorauszahlungsbescheid', 'L2');
    const vz = first.truth.vorauszahlungen as {
      jahr: number;
      quartal: number;
      betrag: string;
      faellig_am: string;
    }[];
    const year = vz[0]!.jahr;
    expect((await confirm(first.doc.id)).statusCode).toBe(200);
    const d1 = await detail(first.masterDataId, year);
    expect(brief(active(d1))).toEqual(
      vz.map((v) => `vorauszahlung ${v.quartal} ${v.betrag} ${v.faellig_am}`),
    );

    const second = await noticeWithEstablishment(
      seed + 100,
      'vorauszahlungsbescheid',
      'L2',
      first.masterDataId,
    );
    const changed = vz.map((v, i) =>
      i >= vz.length - 2
        ? { ...v, betrag: (Number(v.betrag) + (i === vz.length - 1 ? -100 : 250)).toFixed(2) }
        : v,
    );
    await setFields(second.doc.id, { erhebungszeitraum: year, vorauszahlungen: changed });
    expect((await confirm(second.doc.id)).statusCode).toBe(200);
    const d2 = await detail(first.masterDataId, year);
    const corrections = active(d2).filter((l) => l.kind === 'korrektur');
    const a = vz.at(-2)!;
    const b = vz.at(-1)!;
    expect(brief(corrections)).toEqual([
      `korrektur ${a.quartal} 250.00 ${a.faellig_am}`,
      `korrektur ${b.quartal} -100.00 ${b.faellig_am}`,
    ]);
    expect(corrections.every((l) => l.document_id === second.doc.id)).toBe(true);
    // The original lines stay untouched (no silent overwrite).
    expect(
      d2.payment_lines.filter((l) => l.kind === 'vorauszahlung').every((l) => l.superseded_by === null),
    ).toBe(true);
    expect(d2.sums.vorauszahlungen).toBe((changed.reduce((s, v) => s + cents(v.betrag), 0) / 100).toFixed(2));
  });

  it('Zinsbescheid → interest line; Mahnung → surcharge line; Messbescheid → no lines, expected Messbetrag stored', async () => {
    const z = await noticeWithEstablishment(7, 'zinsbescheid', 'L2');
    expect((await confirm(z.doc.id)).statusCode).toBe(200);
    const dz = await detail(z.masterDataId, z.truth.erhebungszeitraum as number);
    expect(brief(active(dz))).toEqual([`nachzahlungszinsen - ${z.truth.zinsen} ${z.truth.faellig_am}`]);

    const m = await noticeWithEstablishment(7, 'mahnung', 'L2');
    expect((await confirm(m.doc.id)).statusCode).toBe(200);
    const dm = await detail(m.masterDataId, m.truth.erhebungszeitraum as number);
    expect(brief(active(dm))).toEqual([
      `saeumniszuschlag - ${m.truth.saeumniszuschlag} ${m.truth.faellig_am}`,
    ]);

    const mb = await noticeWithEstablishment(7, 'messbescheid', 'L2');
    expect((await confirm(mb.doc.id)).statusCode).toBe(200);
    const dmb = await detail(mb.masterDataId, mb.truth.erhebungszeitraum as number);
    expect(dmb.payment_lines).toEqual([]);
    expect(dmb.payment?.erwarteter_messbetrag).toBe(mb.truth.messbetrag);
  });
});

describe('a year already assessed; printed due date; interest without printed difference', () => {
  const deDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

  it('a Bescheid settling with a difference of zero marks the year: a later Vorauszahlungsbescheid leaves it unchanged', async () => {
    const b = await noticeWithEstablishment(19, 'gewst_bescheid', 'L2');
    const ez = b.truth.erhebungszeitraum as number;
    const tax = b.truth.festgesetzte_steuer as string;
    // One prepayment of exactly the assessed tax, paid: the Bescheid settles with 0,00\u00a0€.
    const q1 = await addLine(b.masterDataId, ez, {
      kind: 'vorauszahlung',
      quartal: 1,
      betrag: tax,
      faellig_am: `${ez}-02-15`,
    });
    expect(q1.statusCode, q1.body).toBe(201);
    await markPaid((q1.json() as PaymentDetail).payment_lines.at(-1)!.id);
    await setFields(b.doc.id, {
      bisher_festgesetzt: null,
      abrechnung: '0.00',
      faellig_am: null,
      zinsen: null,
      zinsen_von: null,
      zinsen_bis: null,
      vorauszahlungen: null,
    });
    expect((await confirm(b.doc.id)).statusCode).toBe(200);
    const settled = await detail(b.masterDataId, ez);
    expect(settled.payment_lines.filter((l) => l.document_id === b.doc.id)).toEqual([]);
    expect(settled.payment?.festgesetzte_steuer).toBe(tax);

    const v = await noticeWithEstablishment(19, 'vorauszahlungsbescheid', 'L2', b.masterDataId);
    await setFields(v.doc.id, {
      erhebungszeitraum: ez,
      vorauszahlungen: [
        { jahr: ez, quartal: 3, betrag: '999.00', faellig_am: `${ez}-08-15` },
        { jahr: ez, quartal: 4, betrag: '999.00', faellig_am: `${ez}-11-15` },
      ],
    });
    expect((await confirm(v.doc.id)).statusCode).toBe(200);
    const after = await detail(b.masterDataId, ez);
    // The schedule of the assessed year is unchanged: no new lines, no corrections.
    expect(after.payment_lines.map((l) => l.id)).toEqual(settled.payment_lines.map((l) => l.id));
    expect(after.payment_lines.filter((l) => l.document_id === v.doc.id)).toEqual([]);
    expect(after.payment?.messbetrag).toBe(settled.payment?.messbetrag);
    expect(after.payment?.hebesatz).toBe(settled.payment?.hebesatz);
    // … and the year says why.
    const check = after.payment?.checks.find((c) => c.code === 'YEAR_ALREADY_ASSESSED');
    expect(check?.severity).toBe('info');
    expect(check?.message).toContain(
      `Das Jahr ${ez} ist bereits durch einen Gewerbesteuerbescheid veranlagt`,
    );
    expect(after.payment?.history.map((h) => h.document_id)).toEqual([b.doc.id, v.doc.id]);
  });

  it('a printed due date other than ours and interest without a printed difference are check messages', async () => {
    const b = await noticeWithEstablishment(20, 'gewst_bescheid', 'L2');
    const ez = b.truth.erhebungszeitraum as number;
    const datum = b.truth.bescheid_datum as string;
    const printedDue = `${ez + 5}-01-02`;
    await setFields(b.doc.id, {
      bisher_festgesetzt: null,
      abrechnung: null,
      faellig_am: printedDue,
      zinsen: '50.00',
      zinsen_von: null,
      zinsen_bis: null,
      vorauszahlungen: null,
    });
    // Neither figure printed and no prepayments recorded: only with a reason (issue 11).
    const refused = await confirm(b.doc.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('ABRECHNUNG_UNBEKANNT');
    expect((await confirm(b.doc.id, 'Erstbescheid, keine Vorauszahlungen festgesetzt')).statusCode).toBe(200);
    const d = await detail(b.masterDataId, ez);
    const want = computeAbschlusszahlung({
      steuer: b.truth.festgesetzte_steuer as string,
      vorauszahlungen: [],
      aufgabe_zur_post: datum,
      bundesland: bundeslandFromAgs(d.master_data.ags)!,
    });
    const due = d.payment?.checks.find((c) => c.code === 'FAELLIGKEIT_DIFFERS');
    expect(due?.severity).toBe('warning');
    expect(due?.message).toContain(deDate(printedDue));
    expect(due?.message).toContain(deDate(want.rest.faellig_am!));
    // No prepayments recorded and no difference printed: the interest cannot be recalculated.
    expect(d.payment?.checks.map((c) => c.code)).toContain('INTEREST_NOT_COMPARED');
    expect(
      active(d)
        .filter((l) => l.kind === 'nachzahlungszinsen')
        .map((l) => l.betrag),
    ).toEqual(['50.00']);
  });
});

describe('Messbescheid after the Bescheid', () => {
  it('an expected Messbetrag that differs is a warning of the year; the Bescheid checks stay', async () => {
    const b = await noticeWithEstablishment(16, 'gewst_bescheid', 'L2');
    const ez = b.truth.erhebungszeitraum as number;
    const mb = b.truth.messbetrag as string;
    expect((await confirm(b.doc.id)).statusCode).toBe(200);
    const before = (await detail(b.masterDataId, ez)).payment!;
    expect(before.messbetrag).toBe(mb);
    expect(before.checks.map((c) => c.code)).not.toContain('MESSBETRAG_DIFFERS');

    const differing = (Number(mb) + 7).toFixed(2);
    const m1 = await noticeWithEstablishment(16, 'messbescheid', 'L2', b.masterDataId);
    await setFields(m1.doc.id, { erhebungszeitraum: ez, messbetrag: differing });
    expect((await confirm(m1.doc.id)).statusCode).toBe(200);
    const d1 = await detail(b.masterDataId, ez);
    expect(d1.payment?.erwarteter_messbetrag).toBe(differing);
    expect(d1.payment?.checks.map((c) => c.code)).toEqual([
      ...before.checks.map((c) => c.code),
      'MESSBETRAG_DIFFERS',
    ]);
    const listed = await ctx.inject({
      method: 'GET',
      url: `/api/payments?company_id=1&only_warnings=true&year=${ez}&per_page=200`,
      headers: await as('leser'),
    });
    expect(
      listed.json().data.some((r: { master_data_id: number }) => r.master_data_id === b.masterDataId),
    ).toBe(true);

    // A corrected Messbescheid with the assessed Messbetrag removes the warning again.
    const m2 = await noticeWithEstablishment(17, 'messbescheid', 'L2', b.masterDataId);
    await setFields(m2.doc.id, { erhebungszeitraum: ez, messbetrag: mb });
    expect((await confirm(m2.doc.id)).statusCode).toBe(200);
    const d2 = await detail(b.masterDataId, ez);
    expect(d2.payment?.checks.map((c) => c.code)).toEqual(before.checks.map((c) => c.code));
    expect(d2.payment_lines).toHaveLength(d1.payment_lines.length);
  });
});

describe('Zerlegungsbescheid', () => {
  it('no lines; the share of the establishment’s municipality is stored as expected value', async () => {
    const n = await generateNotice(8, 'zerlegungsbescheid', 'L2');
    const shares = n.truth.zerlegungsanteile as { gemeinde: string; ags: string | null; anteil: string }[];
    const share = shares[1] ?? shares[0]!;
    let ags = share.ags;
    if (!ags) {
      const found = await ctx.inject({
        method: 'GET',
        url: `/api/municipalities?search=${encodeURIComponent(share.gemeinde)}&limit=100`,
        headers: await as('leser'),
      });
      ags = (found.json() as { ags: string; name: string }[]).find((m) => m.name === share.gemeinde)!.ags;
    }
    const md = await ctx.inject({
      method: 'POST',
      url: `/api/companies/${COMPANY}/masterData`,
      headers: await as('sachbearbeitung'),
      payload: { ags, designation: `Zerlegung ${share.gemeinde}` },
    });
    expect(md.statusCode, md.body).toBe(201);
    const z = await noticeWithEstablishment(8, 'zerlegungsbescheid', 'L2', md.json().id);
    // Extraction resolves the AGS of each share from its name.
    expect(
      (z.doc.fields.zerlegungsanteile.value as { gemeinde: string; anteil: string; ags: string }[]).map(
        (x) => [x.gemeinde, x.anteil, x.gemeinde === share.gemeinde ? x.ags : '-'],
      ),
    ).toEqual(shares.map((x) => [x.gemeinde, x.anteil, x.gemeinde === share.gemeinde ? ags : '-']));
    expect((await confirm(z.doc.id)).statusCode).toBe(200);
    const d = await detail(z.masterDataId, z.truth.erhebungszeitraum as number);
    expect(d.payment_lines).toEqual([]);
    expect(d.payment?.zerlegungsanteil).toBe(share.anteil);
    expect(d.payment?.checks.map((c) => c.code)).not.toContain('NO_SHARE');
  });
});

describe('closed payment years', () => {
  it('refuse confirmations and manual entry; closing with open lines asks for confirmation', async () => {
    const { doc, truth, masterDataId } = await noticeWithEstablishment(7, 'zinsbescheid', 'L6');
    const ez = truth.erhebungszeitraum as number;
    const added = await addLine(masterDataId, ez, {
      kind: 'korrektur',
      betrag: '12.50',
      faellig_am: `${ez + 1}-03-01`,
    });
    expect(added.statusCode).toBe(201);
    const admin = await as('admin');
    const ask = await ctx.inject({
      method: 'PUT',
      url: `/api/payment-years/${ez}`,
      headers: admin,
      payload: { closed: true },
    });
    expect(ask.statusCode).toBe(409);
    expect(ask.json().code).toBe('PAYMENT_YEAR_HAS_OPEN_LINES');
    expect(ask.json().open_lines.length).toBeGreaterThan(0);
    const forbidden = await ctx.inject({
      method: 'PUT',
      url: `/api/payment-years/${ez}`,
      headers: await as('sachbearbeitung'),
      payload: { closed: true, confirm: true },
    });
    expect(forbidden.statusCode).toBe(403);
    const close = await ctx.inject({
      method: 'PUT',
      url: `/api/payment-years/${ez}`,
      headers: admin,
      payload: { closed: true, confirm: true },
    });
    expect(close.statusCode, close.body).toBe(200);
    expect(close.json().closed).toBe(true);

    const refused = await confirm(doc.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('PAYMENT_YEAR_CLOSED');
    const still = await ctx.inject({ method: 'GET', url: `/api/documents/${doc.id}`, headers: admin });
    expect(still.json().status).toBe('zu_pruefen');
    expect((await addLine(masterDataId, ez, { kind: 'korrektur', betrag: '1.00' })).statusCode).toBe(422);
    const line = (await detail(masterDataId, ez)).payment_lines[0]!;
    const paid = await ctx.inject({
      method: 'POST',
      url: `/api/payment-lines/${line.id}/status`,
      headers: await as('sachbearbeitung'),
      payload: { status: 'bezahlt', date: '2024-01-01' },
    });
    expect(paid.statusCode).toBe(422);
    expect((await detail(masterDataId, ez)).closed).toBe(true);

    const reopen = await ctx.inject({
      method: 'PUT',
      url: `/api/payment-years/${ez}`,
      headers: admin,
      payload: { closed: false },
    });
    expect(reopen.statusCode).toBe(200);
    expect((await confirm(doc.id)).statusCode).toBe(200);
    const years = await ctx.inject({ method: 'GET', url: '/api/payment-years', headers: await as('leser') });
    expect(years.json().find((y: { year: number }) => y.year === ez)).toMatchObject({ closed: false });
  });
});

describe('payment data API', () => {
  it('manual entry, correction, cancellation, status and audit', async () => {
    const md = await ctx.inject({
      method: 'POST',
      url: `/api/companies/${COMPANY}/masterData`,
      headers: await as('sachbearbeitung'),
      payload: { ags: '09162000', designation: 'Manuell München' },
    });
    const id = md.json().id as number;
    const a = await addLine(id, 2030, {
      kind: 'vorauszahlung',
      quartal: 1,
      betrag: '100',
      faellig_am: '2030-02-15',
    });
    expect(a.statusCode, a.body).toBe(201);
    const line = (a.json() as PaymentDetail).payment_lines[0]!;
    expect(line.betrag).toBe('100.00');
    const negative = await ctx.inject({
      method: 'POST',
      url: `/api/payment-lines/${line.id}/correct`,
      headers: await as('sachbearbeitung'),
      payload: { betrag: '-120.00', faellig_am: '2030-02-15', reason: 'Tippfehler' },
    });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().errors.betrag).toHaveLength(1);
    const c = await ctx.inject({
      method: 'POST',
      url: `/api/payment-lines/${line.id}/correct`,
      headers: await as('sachbearbeitung'),
      payload: { betrag: '120.00', faellig_am: '2030-02-15', reason: 'Tippfehler' },
    });
    expect(c.statusCode, c.body).toBe(200);
    const d = c.json() as PaymentDetail;
    expect(d.payment_lines.map((l) => [l.betrag, l.superseded_by !== null])).toEqual([
      ['100.00', true],
      ['120.00', false],
    ]);
    expect(d.sums.offen).toBe('120.00');
    const newId = d.payment_lines[1]!.id;
    const bad = await ctx.inject({
      method: 'POST',
      url: `/api/payment-lines/${line.id}/cancel`,
      headers: await as('sachbearbeitung'),
      payload: { reason: 'doppelt' },
    });
    expect(bad.statusCode).toBe(409);
    const cancel = await ctx.inject({
      method: 'POST',
      url: `/api/payment-lines/${newId}/cancel`,
      headers: await as('sachbearbeitung'),
      payload: { reason: 'doppelt erfasst' },
    });
    expect(cancel.statusCode).toBe(200);
    expect((cancel.json() as PaymentDetail).sums.offen).toBe('0.00');
    const noReason = await ctx.inject({
      method: 'POST',
      url: `/api/payment-lines/${newId}/cancel`,
      headers: await as('sachbearbeitung'),
      payload: {},
    });
    expect(noReason.statusCode).toBe(400);
    // An establishment with payment data cannot be deleted (ON DELETE RESTRICT).
    const del = await ctx.inject({
      method: 'DELETE',
      url: `/api/masterData/${id}`,
      headers: await as('admin'),
    });
    expect(del.statusCode).toBe(409);
    const logs = await ctx.inject({
      method: 'GET',
      url: '/api/logs?entity=payment_line&per_page=100',
      headers: await as('admin'),
    });
    expect(logs.statusCode, logs.body).toBe(200);
    const actions = (logs.json().data as { action: string; entity_id: string | null }[])
      .filter((e) => e.entity_id === String(line.id) || e.entity_id === String(newId))
      .map((e) => e.action)
      .sort();
    expect(actions).toEqual(['payment-line-add', 'payment-line-cancel', 'payment-line-correct']);
  });

  it('dashboard tiles: open payables due in 14 days and overdue, with amounts; refunds do not net them away', async () => {
    const md = await ctx.inject({
      method: 'POST',
      url: `/api/companies/${COMPANY}/masterData`,
      headers: await as('sachbearbeitung'),
      payload: { ags: '09162000', designation: 'Kacheln München' },
    });
    const id = md.json().id as number;
    const tiles = async () =>
      (
        await ctx.inject({ method: 'GET', url: '/api/payments/due?company_id=1', headers: await as('leser') })
      ).json();
    const before = await tiles();
    const inDays = (n: number) => new Date(Date.now() + n * 864e5).toISOString().slice(0, 10);
    for (const [kind, betrag, faellig_am] of [
      ['abschlusszahlung', '100.00', '2020-03-02'],
      ['erstattung', '-40.00', '2020-03-02'],
      ['korrektur', '50.00', inDays(5)],
      ['korrektur', '70.00', inDays(30)],
    ] as const)
      expect((await addLine(id, 2029, { kind, betrag, faellig_am })).statusCode).toBe(201);
    const after = await tiles();
    expect(after.overdue.count - before.overdue.count).toBe(1);
    expect(cents(after.overdue.sum) - cents(before.overdue.sum)).toBe(10000);
    expect(after.due_soon.count - before.due_soon.count).toBe(1);
    expect(cents(after.due_soon.sum) - cents(before.due_soon.sum)).toBe(5000);
  });

  it('permissions and validation', async () => {
    expect((await ctx.inject({ method: 'GET', url: '/api/payments?company_id=1' })).statusCode).toBe(401);
    expect(
      (
        await ctx.inject({
          method: 'GET',
          url: '/api/payments?company_id=1',
          headers: await as('ohne-rechte'),
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await ctx.inject({ method: 'GET', url: '/api/payments?company_id=1', headers: await as('leser') }))
        .statusCode,
    ).toBe(200);
    expect((await addLine(1, 2030, { kind: 'vorauszahlung', betrag: '1.00' }, 'leser')).statusCode).toBe(403);
    const invalid = await addLine(1, 2030, { kind: 'vorauszahlung', betrag: '1,5x', reason: '' });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json().errors ?? {})).toEqual(expect.arrayContaining(['betrag', 'reason']));
    expect((await addLine(999999, 2030, { kind: 'vorauszahlung', betrag: '1.00' })).statusCode).toBe(404);
    // The sign follows the kind: a refund is negative, a payment positive.
    for (const [kind, betrag] of [
      ['erstattung', '40.00'],
      ['vorauszahlung', '-1.00'],
    ]) {
      const wrongSign = await addLine(1, 2030, { kind, betrag });
      expect(wrongSign.statusCode).toBe(400);
      expect(wrongSign.json().errors.betrag[0]).toMatch(/negativ|positiv/);
    }
    expect(
      (await ctx.inject({ method: 'GET', url: '/api/payments/1/1', headers: await as('leser') })).statusCode,
    ).toBe(400);
    expect(
      (await ctx.inject({ method: 'GET', url: '/api/payments', headers: await as('leser') })).statusCode,
    ).toBe(400);
    expect(
      (await ctx.inject({ method: 'GET', url: '/api/payments?company_id=999', headers: await as('leser') }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await ctx.inject({
          method: 'GET',
          url: '/api/payments?company_id=1&orderBy=foo',
          headers: await as('leser'),
        })
      ).statusCode,
    ).toBe(400);
  });

  it('lists per establishment × year with filters, sorting and paging; exports xlsx; due tiles', async () => {
    const all = await ctx.inject({
      method: 'GET',
      url: '/api/payments?company_id=1&per_page=200',
      headers: await as('leser'),
    });
    expect(all.statusCode).toBe(200);
    const total = all.json().meta.total as number;
    expect(total).toBeGreaterThanOrEqual(3);
    const page1 = await ctx.inject({
      method: 'GET',
      url: '/api/payments?company_id=1&per_page=2&page=1&orderBy=year&orderDirection=desc',
      headers: await as('leser'),
    });
    const page2 = await ctx.inject({
      method: 'GET',
      url: '/api/payments?company_id=1&per_page=2&page=2&orderBy=year&orderDirection=desc',
      headers: await as('leser'),
    });
    expect(page1.json().meta).toMatchObject({ page: 1, per_page: 2, total, last_page: Math.ceil(total / 2) });
    expect(page1.json().data).toHaveLength(2);
    const years = [...page1.json().data, ...page2.json().data].map((r: { year: number }) => r.year);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    const open = await ctx.inject({
      method: 'GET',
      url: '/api/payments?company_id=1&only_open=true&per_page=200',
      headers: await as('leser'),
    });
    expect(open.json().data.length).toBeGreaterThan(0);
    expect(open.json().data.length).toBeLessThan(total);
    expect(open.json().data.every((r: { offen: string }) => r.offen !== '0.00')).toBe(true);
    // Overdue (the dashboard tile's link): exactly the years holding the tile's overdue lines.
    const overdue = await ctx.inject({
      method: 'GET',
      url: '/api/payments?company_id=1&only_overdue=true&per_page=200',
      headers: await as('leser'),
    });
    const tiles = await ctx.inject({
      method: 'GET',
      url: '/api/payments/due?company_id=1',
      headers: await as('leser'),
    });
    const today = new Date().toISOString().slice(0, 10);
    expect(overdue.json().data.length > 0).toBe(tiles.json().overdue.count > 0);
    expect(overdue.json().data.length).toBeLessThanOrEqual(open.json().data.length);
    expect(
      overdue
        .json()
        .data.every((r: { naechste_faelligkeit: string | null }) => r.naechste_faelligkeit! < today),
    ).toBe(true);
    const warn = await ctx.inject({
      method: 'GET',
      url: '/api/payments?company_id=1&only_warnings=1&per_page=200',
      headers: await as('leser'),
    });
    expect(warn.json().data.length).toBeGreaterThan(0);
    expect(warn.json().data.every((r: { warnings: number }) => r.warnings > 0)).toBe(true);
    // Municipality filter.
    const ags = all.json().data[0].ags as string;
    const byAgs = await ctx.inject({
      method: 'GET',
      url: `/api/payments?company_id=1&ags=${ags}&per_page=200`,
      headers: await as('leser'),
    });
    expect(byAgs.json().data.length).toBe(
      all.json().data.filter((r: { ags: string }) => r.ags === ags).length,
    );
    expect(byAgs.json().data.every((r: { ags: string }) => r.ags === ags)).toBe(true);
    // Establishment filter (its view lists its years).
    const mdId = all.json().data[0].master_data_id as number;
    const byMd = await ctx.inject({
      method: 'GET',
      url: `/api/payments?company_id=1&master_data_id=${mdId}&per_page=200`,
      headers: await as('leser'),
    });
    expect(byMd.json().data.length).toBe(
      all.json().data.filter((r: { master_data_id: number }) => r.master_data_id === mdId).length,
    );
    expect(byMd.json().data.length).toBeGreaterThan(0);
    expect(byMd.json().data.every((r: { master_data_id: number }) => r.master_data_id === mdId)).toBe(true);
    expect(
      (
        await ctx.inject({
          method: 'GET',
          url: '/api/payments?company_id=1&ags=123',
          headers: await as('leser'),
        })
      ).statusCode,
    ).toBe(400);
    // The stored sums of the list agree with the lines of every detail.
    for (const row of all.json().data.slice(0, 8)) {
      const d = await detail(row.master_data_id, row.year);
      expect([row.vorauszahlungen, row.bezahlt, row.offen, row.zinsen, row.naechste_faelligkeit]).toEqual([
        d.sums.vorauszahlungen,
        d.sums.bezahlt,
        d.sums.offen,
        d.sums.zinsen,
        d.sums.naechste_faelligkeit,
      ]);
    }
    const y = all.json().data[0].year;
    const byYear = await ctx.inject({
      method: 'GET',
      url: `/api/payments?company_id=1&year=${y}`,
      headers: await as('leser'),
    });
    expect(byYear.json().data.every((r: { year: number }) => r.year === y)).toBe(true);
    const xlsx = await ctx.inject({
      method: 'GET',
      url: '/api/payments/export?company_id=1',
      headers: await as('leser'),
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Zahlungsdaten')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Betriebsstätte');
    expect(sheet.rowCount - 1).toBe(total);
    const due = await ctx.inject({
      method: 'GET',
      url: '/api/payments/due?company_id=1',
      headers: await as('leser'),
    });
    expect(due.statusCode).toBe(200);
    expect(due.json()).toMatchObject({
      due_soon: { count: expect.any(Number) },
      overdue: { count: expect.any(Number) },
    });
    expect(due.json().overdue.count).toBeGreaterThan(0);
  });
});
