import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type ExpenseReport, moneyToCents, formatMoneyPlain } from '@gewst/domain';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { type StartedTestApp, useTestApp } from '../../../test/helpers';
import { backupOf, restoreInto } from '../backup/test-support';
import { HAMBURG, KOELN, MUENCHEN, reportFixture } from './reports.fixture';

/**
 * The sums kept on `payments` (refreshSums, in the transaction of every write) are what the
 * payment list, the dashboard and the reports read instead of the lines. After arbitrary
 * sequences of writes through the API — lines added, corrected, cancelled, paid or reopened,
 * notices confirmed (which supersede lines and add final payments or refunds) — they must
 * equal the sums recomputed here from the lines themselves, and so must the tax expense
 * report's figures per year × municipality. The payments' sums per company × year ×
 * municipality kept in `report_sums` (by triggers, which the expense and reconciliation
 * reports read) must equal a fresh grouping of the payments after every write: through the
 * API, with plain SQL (an establishment moved to another municipality too) and after a
 * restore from a backup.
 */
const ctx = useTestApp();
const fx = reportFixture(ctx);
let cid: number;
let establishments: { id: number; ags: string }[];
const YEARS = [2023, 2024] as const;
let writes = 0;
let notices = 0;

beforeAll(async () => {
  cid = await fx.company('Summen GmbH');
  establishments = [
    { id: await fx.establishment(cid, KOELN, 'Zentrale Köln', true), ags: KOELN },
    { id: await fx.establishment(cid, MUENCHEN, 'Werk München'), ags: MUENCHEN },
  ];
}, 60_000);

type Command =
  | { op: 'add'; est: number; year: number; kind: string; cents: number; due: number }
  | { op: 'status'; line: number; status: 'offen' | 'angewiesen' | 'bezahlt' }
  | { op: 'correct'; line: number; cents: number }
  | { op: 'cancel'; line: number }
  | { op: 'notice'; est: number; year: number; messbetrag: number; hebesatz: number };

const KINDS = ['vorauszahlung', 'abschlusszahlung', 'erstattung', 'korrektur', 'nachzahlungszinsen'];
const signed = (kind: string, cents: number) =>
  formatMoneyPlain(BigInt(kind === 'erstattung' || (kind === 'korrektur' && cents % 2) ? -cents : cents));

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    op: fc.constant('add' as const),
    est: fc.nat(1),
    year: fc.constantFrom(...YEARS),
    kind: fc.constantFrom(...KINDS),
    cents: fc.integer({ min: 1, max: 50_000_00 }),
    due: fc.integer({ min: 1, max: 28 }),
  }),
  fc.record({
    op: fc.constant('status' as const),
    line: fc.nat(),
    status: fc.constantFrom('offen' as const, 'angewiesen' as const, 'bezahlt' as const),
  }),
  fc.record({
    op: fc.constant('correct' as const),
    line: fc.nat(),
    cents: fc.integer({ min: 1, max: 50_000_00 }),
  }),
  fc.record({ op: fc.constant('cancel' as const), line: fc.nat() }),
  fc.record({
    op: fc.constant('notice' as const),
    est: fc.nat(1),
    year: fc.constantFrom(...YEARS),
    messbetrag: fc.integer({ min: 100, max: 5_000 }),
    hebesatz: fc.constantFrom(400, 450, 475),
  }),
);

async function run(c: Command) {
  const headers = await fx.as('sachbearbeitung');
  if (c.op === 'add') {
    const e = establishments[c.est]!;
    writes++;
    await fx.line(e.id, c.year, {
      kind: c.kind,
      ...(c.kind === 'vorauszahlung' ? { quartal: 1 + (c.due % 4) } : {}),
      betrag: signed(c.kind, c.cents),
      faellig_am: `${c.year + 1}-0${1 + (c.due % 9)}-${String(c.due).padStart(2, '0')}`,
    });
    return;
  }
  if (c.op === 'notice') {
    const e = establishments[c.est]!;
    notices++;
    // "Bisher festgesetzt" as the notice prints it: the tax set so far (our active principal lines).
    const [bisher] = await ctx.built.database.query<{ s: string }>(
      `select coalesce(sum(betrag), 0)::numeric(14,2)::text as s from payment_lines
       where master_data_id = $1 and year = $2 and superseded_by is null and status <> 'storniert'
         and kind in ('vorauszahlung', 'abschlusszahlung', 'erstattung', 'korrektur', 'anrechnung')`,
      [e.id, c.year],
    );
    await fx.bescheid(cid, e.id, {
      erhebungszeitraum: c.year,
      // A later date for every notice: each one is the latest of its year.
      bescheid_datum: `${c.year + 1 + Math.floor(notices / 300)}-${String(1 + (Math.floor(notices / 28) % 12)).padStart(2, '0')}-${String(1 + (notices % 28)).padStart(2, '0')}`,
      messbetrag: `${c.messbetrag}.00`,
      hebesatz: c.hebesatz,
      festgesetzte_steuer: formatMoneyPlain(BigInt(c.messbetrag * c.hebesatz)),
      bisher_festgesetzt: bisher!.s,
    });
    writes++;
    return;
  }
  // One of the company's active lines (those a notice created too).
  const active = await ctx.built.database.query<{ id: number; negative: boolean }>(
    `select id, betrag < 0 as negative from payment_lines where company_id = $1 and superseded_by is null and status <> 'storniert'
     order by id`,
    [cid],
  );
  if (!active.length) return;
  const { id, negative } = active[c.line % active.length]!;
  const res = await ctx.inject({
    method: 'POST',
    url: `/api/payment-lines/${id}/${c.op}`,
    headers,
    payload:
      c.op === 'status'
        ? { status: c.status, date: c.status === 'offen' ? null : '2024-03-01' }
        : c.op === 'correct'
          ? {
              betrag: formatMoneyPlain(BigInt(negative ? -c.cents : c.cents)),
              faellig_am: '2025-04-15',
              reason: 'Prüfung',
            }
          : { reason: 'Prüfung' },
  });
  // Refused writes (a paid line corrected or cancelled; a sign the kind does not allow) change nothing.
  expect([200, 409, 422], res.body).toContain(res.statusCode);
  if (res.statusCode === 200) writes++;
}

const PREPAYMENT = ['vorauszahlung', 'korrektur', 'anrechnung'];
const PRINCIPAL = ['vorauszahlung', 'abschlusszahlung', 'erstattung', 'korrektur', 'anrechnung'];
const INTEREST = ['nachzahlungszinsen', 'erstattungszinsen'];

/** The sums recomputed from the lines, in integer cents (independent of refreshSums' SQL). */
async function recomputed() {
  const lines = await ctx.built.database.query<{
    payment_id: number;
    year: number;
    ags: string;
    kind: string;
    status: string;
    betrag: string;
    faellig_am: string | null;
    superseded_by: number | null;
  }>(
    `select l.payment_id, l.year, md.ags, l.kind, l.status, l.betrag::text as betrag,
       l.faellig_am::text as faellig_am, l.superseded_by
     from payment_lines l join master_data md on md.id = l.master_data_id where l.company_id = $1`,
    [cid],
  );
  const zero = () => ({ vz: 0n, bezahlt: 0n, offen: 0n, zinsen: 0n, steuerBezahlt: 0n, steuerOffen: 0n });
  const perPayment = new Map<number, ReturnType<typeof zero> & { next: string | null }>();
  const perCell = new Map<string, ReturnType<typeof zero>>();
  for (const l of lines) {
    const p = perPayment.get(l.payment_id) ?? { ...zero(), next: null };
    perPayment.set(l.payment_id, p);
    if (l.superseded_by !== null || l.status === 'storniert') continue;
    const cell = perCell.get(`${l.year}|${l.ags}`) ?? zero();
    perCell.set(`${l.year}|${l.ags}`, cell);
    const cents = moneyToCents(l.betrag);
    const paid = l.status === 'bezahlt';
    const open = l.status === 'offen' || l.status === 'angewiesen';
    for (const s of [p, cell]) {
      if (PREPAYMENT.includes(l.kind)) s.vz += cents;
      if (paid) s.bezahlt += cents;
      if (open) s.offen += cents;
      if (INTEREST.includes(l.kind)) s.zinsen += cents;
      if (PRINCIPAL.includes(l.kind) && paid) s.steuerBezahlt += cents;
      if (PRINCIPAL.includes(l.kind) && open) s.steuerOffen += cents;
    }
    if (l.status === 'offen' && l.faellig_am !== null && (p.next === null || l.faellig_am < p.next))
      p.next = l.faellig_am;
  }
  return { perPayment, perCell };
}

/** report_sums (all companies) against the payments grouped here, in integer cents. */
async function expectReportSumsFresh() {
  const payments = await ctx.built.database.query<{
    company_id: number;
    year: number;
    ags: string;
    f: string | null;
    v: string;
    b: string;
    o: string;
    mb: string | null;
    za: string | null;
    h: number | null;
  }>(
    `select p.company_id, p.year, md.ags, p.festgesetzte_steuer::text as f, p.sum_vorauszahlungen::text as v,
       p.sum_steuer_bezahlt::text as b, p.sum_steuer_offen::text as o, p.messbetrag::text as mb,
       p.zerlegungsanteil::text as za, p.hebesatz as h
     from payments p join master_data md on md.id = p.master_data_id`,
  );
  const cents = (v: string | null) => (v === null ? null : moneyToCents(v));
  const add = (a: bigint | null, b: bigint | null) => (a === null ? b : b === null ? a : a + b);
  const money = (c: bigint | null) => (c === null ? null : formatMoneyPlain(c));
  type Group = {
    n: number;
    counted: number;
    nMb: number;
    unpaid: number;
    f: bigint | null;
    v: bigint;
    b: bigint;
  };
  const groups = new Map<
    string,
    Group & { o: bigint; a: bigint; mb: bigint | null; za: bigint | null; h: number | null }
  >();
  for (const p of payments) {
    const key = `${p.company_id}|${p.year}|${p.ags}`;
    const g = groups.get(key) ?? {
      ...{ n: 0, counted: 0, nMb: 0, unpaid: 0, f: null, v: 0n, b: 0n },
      ...{ o: 0n, a: 0n, mb: null, za: null, h: null },
    };
    groups.set(key, g);
    const f = cents(p.f);
    const v = moneyToCents(p.v);
    g.n++;
    if (f !== null || v !== 0n) g.counted++;
    if (p.mb !== null) g.nMb++;
    if (moneyToCents(p.o) !== 0n) g.unpaid++;
    g.f = add(g.f, f);
    g.v += v;
    g.b += moneyToCents(p.b);
    g.o += moneyToCents(p.o);
    g.a += f ?? v;
    g.mb = add(g.mb, cents(p.mb));
    g.za = add(g.za, cents(p.za));
    if (p.h !== null && (g.h === null || p.h > g.h)) g.h = p.h;
  }
  const stored = await ctx.built.database.query<Record<string, string | number | null>>(
    `select company_id, year, ags, payments, counted, with_messbetrag, unpaid,
       festgesetzt::numeric(16,2)::text as f, vorauszahlungen::numeric(16,2)::text as v,
       bezahlt::numeric(16,2)::text as b, offen::numeric(16,2)::text as o, aufwand::numeric(16,2)::text as a,
       messbetrag::numeric(16,2)::text as mb, zerlegungsanteil::numeric(16,2)::text as za, hebesatz as h
     from report_sums order by company_id, year, ags`,
  );
  const fresh = [...groups.entries()]
    .sort(([x], [y]) => (x < y ? -1 : 1))
    .map(([key, g]) => {
      const [company_id, year, ags] = key.split('|');
      return {
        ...{ company_id: Number(company_id), year: Number(year), ags, payments: g.n, counted: g.counted },
        ...{ with_messbetrag: g.nMb, unpaid: g.unpaid, f: money(g.f), v: money(g.v), b: money(g.b) },
        ...{ o: money(g.o), a: money(g.a), mb: money(g.mb), za: money(g.za), h: g.h },
      };
    });
  const byKey = (r: Record<string, unknown>) => `${r.company_id}|${r.year}|${r.ags}`;
  expect(stored.map(byKey)).toEqual(fresh.map(byKey));
  expect(stored).toEqual(fresh);
}

async function check() {
  await expectReportSumsFresh();
  const { perPayment, perCell } = await recomputed();
  const stored = await ctx.built.database.query<{
    id: number;
    vz: string;
    bezahlt: string;
    offen: string;
    zinsen: string;
    steuer_bezahlt: string;
    steuer_offen: string;
    next: string | null;
  }>(
    `select id, sum_vorauszahlungen::text as vz, sum_bezahlt::text as bezahlt, sum_offen::text as offen,
       sum_zinsen::text as zinsen, sum_steuer_bezahlt::text as steuer_bezahlt,
       sum_steuer_offen::text as steuer_offen, naechste_faelligkeit::text as next
     from payments where company_id = $1 order by id`,
    [cid],
  );
  for (const s of stored) {
    const r = perPayment.get(s.id) ?? {
      vz: 0n,
      bezahlt: 0n,
      offen: 0n,
      zinsen: 0n,
      steuerBezahlt: 0n,
      steuerOffen: 0n,
      next: null,
    };
    expect(
      [s.vz, s.bezahlt, s.offen, s.zinsen, s.steuer_bezahlt, s.steuer_offen, s.next],
      `payment ${s.id}`,
    ).toEqual([
      ...[r.vz, r.bezahlt, r.offen, r.zinsen, r.steuerBezahlt, r.steuerOffen].map((c) => formatMoneyPlain(c)),
      r.next,
    ]);
  }
  // The report reads the kept sums: its figures per year × municipality equal the lines' too.
  const res = await ctx.inject({
    method: 'GET',
    url: `/api/reports/expense?company_id=${cid}&year_from=${YEARS[0]}&year_to=${YEARS[1]}&per_page=500`,
    headers: await fx.as('freigabe'),
  });
  expect(res.statusCode, res.body).toBe(200);
  const report = res.json() as ExpenseReport;
  for (const row of report.rows) {
    const r = perCell.get(`${row.year}|${row.ags}`);
    expect([row.vorauszahlungen, row.bezahlt, row.offen], `${row.year} ${row.ags}`).toEqual(
      [r?.vz ?? 0n, r?.steuerBezahlt ?? 0n, r?.steuerOffen ?? 0n].map(formatMoneyPlain),
    );
  }
  for (const y of report.years) {
    const cells = [...perCell.entries()].filter(([k]) => k.startsWith(`${y.year}|`)).map(([, v]) => v);
    const total = (k: 'vz' | 'steuerBezahlt' | 'steuerOffen') =>
      formatMoneyPlain(cells.reduce((s, c) => s + c[k], 0n));
    expect([y.vorauszahlungen, y.bezahlt, y.offen], `${y.year}`).toEqual([
      total('vz'),
      total('steuerBezahlt'),
      total('steuerOffen'),
    ]);
  }
}

describe('sums kept on payments', () => {
  it('equal the sums of the lines after arbitrary sequences of writes, and so do the report figures', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 8 }), async (commands) => {
        for (const c of commands) await run(c);
        await check();
      }),
      // Each run writes through the API; the state carries over from run to run.
      { numRuns: 20, seed: 15, endOnFailure: true },
    );
    expect(writes).toBeGreaterThan(40);
  }, 300_000);
});

describe('sums per year and municipality (report_sums)', () => {
  const sql = (text: string, params: unknown[] = []) => ctx.built.database.query(text, params);

  it('follow plain SQL writes: payments inserted, changed and deleted, an establishment moved', async () => {
    const [e] = establishments;
    await expectReportSumsFresh();
    const [p] = await sql(
      `insert into payments (company_id, master_data_id, year, festgesetzte_steuer, messbetrag, hebesatz)
       values ($1, $2, 2021, 4750.00, 1000.00, 475) returning id`,
      [cid, e!.id],
    );
    await expectReportSumsFresh();
    await sql(
      `update payments set festgesetzte_steuer = 5000.00, hebesatz = 500, zerlegungsanteil = 12.34 where id = $1`,
      [(p as { id: number }).id],
    );
    await sql(
      `update payments set sum_steuer_offen = sum_steuer_offen + 1.11, messbetrag = null where company_id = $1`,
      [cid],
    );
    await expectReportSumsFresh();
    // Köln's establishment moves to Hamburg: its payments leave Köln's groups, then come back.
    await sql(`update master_data set ags = $1 where id = $2`, [HAMBURG, e!.id]);
    await expectReportSumsFresh();
    await sql(`update master_data set ags = $1 where id = $2`, [KOELN, e!.id]);
    await sql(`delete from payments where id = $1`, [(p as { id: number }).id]);
    await expectReportSumsFresh();
  }, 120_000);

  it('are rebuilt by a restore from a backup', async () => {
    const before = await sql(`select * from report_sums order by company_id, year, ags`);
    expect(before.length).toBeGreaterThan(0);
    // The fixture's notices point at one stored file; a backup refuses a store that lacks it.
    const app = ctx as StartedTestApp;
    mkdirSync(path.join(app.dir, 'files', 'x'), { recursive: true });
    writeFileSync(path.join(app.dir, 'files', 'x', 'y.pdf'), '%PDF-1.4\n');
    const backup = await backupOf(app);
    // Changed after the backup: the restore brings back the payments, and their sums with them.
    await sql(
      `update payments set festgesetzte_steuer = 1.00, sum_vorauszahlungen = 2.00 where company_id = $1`,
      [cid],
    );
    expect(await sql(`select * from report_sums order by company_id, year, ags`)).not.toEqual(before);
    await restoreInto(app, backup.bytes);
    await expectReportSumsFresh();
    expect(await sql(`select * from report_sums order by company_id, year, ags`)).toEqual(before);
  }, 600_000);
});
