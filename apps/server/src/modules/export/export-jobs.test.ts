import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ExportQueues } from '@gewst/domain';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/sql';
import { bearer, useTestApp } from '../../../test/helpers';
import { SYSTEM_ACTOR } from '../audit/service';
import { bookingSessions, bookings } from '../bookings';
import { settings } from '../settings';
import { runExport } from './job';
import { exportDeliveries, exportFiles } from './schema';
import { readExtf } from './testing/extf-reader';
import { startReceiver } from './testing/http-target';

/**
 * Export jobs against the real app (PGlite, the shared queue with its worker): approval →
 * job → files → `exportiert`; and the fault cases by running the job handler the way the
 * queue does (attempt by attempt), with a crash injected between delivering and recording.
 */
const ctx = useTestApp({ JOB_POLL_SECONDS: '0.5', EXPORT_TOKEN_ERP_TEST: 'geheimes-token' });
let counter = 0;

type Method = 'GET' | 'PUT' | 'POST';
async function call(user: string, method: Method, url: string, payload?: unknown) {
  return ctx.inject({
    method,
    url: `/api/${url}`,
    headers: bearer(await ctx.token(user)),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}
const db = () => ctx.built.database.db;
const config = () => ctx.built.app.deps.config;
const userId = async (name: string) =>
  (await rowsOf<{ id: number }>(db(), sql`select id from users where username = ${name}`))[0]!.id;

/** A company with DATEV numbers and the given targets. */
async function company(targets: { directory: boolean; http?: string }) {
  const res = await call('admin', 'POST', 'companies', {
    name: `Exporttest ${++counter}`,
    main_color: '#123456',
    chart_of_accounts: 'SKR03',
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as number;
  const mapping = (await call('admin', 'GET', `companies/${id}/account-mapping`)).json().mapping;
  const put = await call('admin', 'PUT', `companies/${id}/account-mapping`, {
    ...mapping,
    datev_berater: 29098,
    datev_mandant: 55003,
  });
  expect(put.statusCode, put.body).toBe(200);
  await settings.set(
    db(),
    SYSTEM_ACTOR,
    'export.targets',
    {
      format: 'datev',
      directory: { enabled: targets.directory, path: '' },
      http: targets.http ? { url: targets.http, token_env: 'EXPORT_TOKEN_ERP_TEST' } : null,
      datev_festschreibung: false,
    },
    { companyId: id },
  );
  return id;
}

/**
 * A session with bookings in two fiscal years (Dec 2025, Feb 2026), an umlaut/ß text and
 * a character outside Windows-1252, either submitted (to approve through the API) or
 * already approved (for the job handler).
 */
async function session(companyId: number, status: 'eingereicht' | 'freigegeben') {
  const clerk = await userId('sachbearbeitung');
  const approver = await userId('freigabe');
  const [s] = await db()
    .insert(bookingSessions)
    .values({
      company_id: companyId,
      type: 'bescheid',
      status,
      created_by: clerk,
      closed_at: new Date(),
      closed_by: clerk,
      submitted_at: new Date(Date.now() - 60_000),
      submitted_by: clerk,
      ...(status === 'freigegeben' ? { approved_at: new Date(), approved_by: approver } : {}),
    })
    .returning();
  const base = {
    session_id: s!.id,
    company_id: companyId,
    sh: 'S',
    konto: '4320',
    gegenkonto: '1200',
    purpose: 'expense',
    counter_purpose: 'bank',
    kind: 'vorauszahlung',
    created_by: clerk,
    changed_by: clerk,
  };
  await db()
    .insert(bookings)
    .values([
      {
        ...base,
        booking_date: '2025-12-15',
        amount: '505.00',
        text: 'GewSt VZ Q4/2025 Großröhrsdorf',
        belegfeld1: 'VZ2025Q4',
        tax_year: 2025,
      },
      {
        ...base,
        booking_date: '2026-02-16',
        amount: '618.90',
        text: 'GewSt VZ Q1/2026 Filiale Łódź',
        belegfeld1: 'VZ2026Q1',
        tax_year: 2026,
      },
      {
        ...base,
        booking_date: '2026-02-20',
        amount: '11000.00',
        sh: 'H',
        text: 'Erstattung Straße',
        belegfeld1: 'E2026',
        tax_year: 2026,
      },
    ]);
  return s!.id;
}

const exportDir = (companyId: number) => path.join(config().export.dir, `firma-${companyId}`);
const statusOf = async (id: number) =>
  (await db().select().from(bookingSessions).where(eq(bookingSessions.id, id)))[0]!;
const logActions = async (id: number) =>
  (
    await rowsOf<{ action: string }>(
      db(),
      sql`select action from session_logs where session_id = ${id} order by id`,
    )
  ).map((r) => r.action);
async function queues(id: number) {
  const res = await call('freigabe', 'GET', `bookings/${id}/queues`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ExportQueues;
}
/** Polls with a generous limit (a loaded machine), never a fixed sleep. */
async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, limitMs = 90_000) {
  const end = Date.now() + limitMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`Zeitlimit: ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
let jobNo = 0;
const run = (sessionId: number, retryCount: number, extra: Partial<Parameters<typeof runExport>[0]> = {}) =>
  runExport(
    { db: db(), config: config(), ...extra },
    { jobId: `test-${++jobNo}`, sessionId, retryCount, retryLimit: 2 },
  );

describe('export jobs', () => {
  it('approval queues the job; two fiscal years give two EXTF files; umlauts kept, Ł reported; protocol', async () => {
    const companyId = await company({ directory: true });
    const id = await session(companyId, 'eingereicht');
    const approve = await call('freigabe', 'PUT', `bookings/${id}/approve`, {});
    expect(approve.statusCode, approve.body).toBe(200);
    const q = await until('exportiert', async () => {
      const v = await queues(id);
      return v.status === 'exportiert' && v;
    });
    expect(q.jobs).toHaveLength(1);
    expect(q.jobs[0]).toMatchObject({ state: 'exportiert', attempts: 1, created_by: 'freigabe' });
    expect(q.jobs[0]!.messages.join(' ')).toContain('Ł');
    expect(q.targets).toEqual([
      expect.objectContaining({ target: 'verzeichnis', state: 'exportiert', location: `firma-${companyId}` }),
    ]);
    const datev = q.files.filter((f) => f.format === 'datev');
    expect(datev.map((f) => f.file_name)).toEqual([
      `EXTF_Buchungsstapel_S${id}_WJ2025_T1.csv`,
      `EXTF_Buchungsstapel_S${id}_WJ2026_T2.csv`,
    ]);
    expect(readdirSync(exportDir(companyId)).sort()).toEqual(datev.map((f) => f.file_name));

    const dl = await call('freigabe', 'GET', `bookings/${id}/export?format=datev&part=2`);
    expect(dl.statusCode).toBe(200);
    const bytes = dl.rawPayload;
    expect(bytes.equals(readFileSync(path.join(exportDir(companyId), datev[1]!.file_name)))).toBe(true);
    const extf = readExtf(bytes);
    expect(extf.problems).toEqual([]);
    expect(extf.rows.map((r) => r.get('Buchungstext'))).toEqual([
      'GewSt VZ Q1/2026 Filiale Lódz',
      'Erstattung Straße',
    ]);
    expect(extf.rows.reduce((a, r) => a + r.signedCents, 0n)).toBe(61890n - 1100000n);
    const first = readExtf(
      (await call('freigabe', 'GET', `bookings/${id}/export?format=datev&part=1`)).rawPayload,
    );
    expect(first.rows[0]!.get('Buchungstext')).toBe('GewSt VZ Q4/2025 Großröhrsdorf');
    expect((await call('freigabe', 'GET', `bookings/${id}/export?format=datev&part=3`)).json()).toMatchObject(
      {
        code: 'EXPORT_FILE_NOT_FOUND',
      },
    );
    expect(
      (await db().select().from(bookings).where(eq(bookings.session_id, id))).every((b) => b.exported_at),
    ).toBe(true);

    const report = await call('freigabe', 'PUT', `bookings/${id}/generate_report`, {});
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().report).toMatchObject({ generated_by: 'freigabe' });
    const pdf = await call('freigabe', 'GET', `bookings/${id}/report?format=pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const xlsx = await call('freigabe', 'GET', `bookings/${id}/report?format=xlsx`);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(await logActions(id)).toEqual(['approve', 'export-succeeded', 'generate_report']);
    expect((await call('sachbearbeitung', 'GET', `bookings/${id}/export`)).statusCode).toBe(403);
  });

  it('a target changed in Admin → Einstellungen applies to the next export without a restart', async () => {
    const companyId = await company({ directory: true });
    const put = await call('admin', 'PUT', `companies/${companyId}/settings/export.targets`, {
      value: {
        format: 'datev',
        directory: { enabled: true, path: `erp/neu-${companyId}` },
        http: null,
        datev_festschreibung: false,
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    const id = await session(companyId, 'freigegeben');
    await run(id, 0);
    const q = await queues(id);
    expect(q.status).toBe('exportiert');
    expect(q.targets).toEqual([
      expect.objectContaining({
        target: 'verzeichnis',
        state: 'exportiert',
        location: `erp/neu-${companyId}`,
      }),
    ]);
    const moved = path.join(config().export.dir, 'erp', `neu-${companyId}`);
    expect(readdirSync(moved).filter((f) => f.startsWith('EXTF_'))).toHaveLength(2);
    expect(existsSync(exportDir(companyId))).toBe(false);
  });

  it('cost-centre rules: a change applies to the next generated session without restart; the EXTF file carries KOST1 and KOST2', async () => {
    const companyId = await company({ directory: true });
    const md = await call('admin', 'POST', `companies/${companyId}/masterData`, {
      ags: '05315000',
      designation: `Kostenstellen Köln ${companyId}`,
    });
    expect(md.statusCode, md.body).toBe(201);
    const mdId = md.json().id as number;
    const rules = async (value: unknown) => {
      const res = await call('admin', 'PUT', `companies/${companyId}/settings/bookings.cost_centres`, {
        value,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    /**
     * Books the quarter's prepayment (2014) through the API and returns KOST1/KOST2 of its EXTF
     * rows; `correct` is a manual correction of the closed session's booking before submitting.
     */
    const exportedKost = async (quartal: number, correct?: Record<string, unknown>) => {
      const line = await call('admin', 'POST', `payments/${mdId}/2014/lines`, {
        kind: 'vorauszahlung',
        quartal,
        betrag: '250.00',
        faellig_am: `2014-${String(quartal * 3 - 1).padStart(2, '0')}-15`,
        reason: 'Kostenstellen-Test',
      });
      expect(line.statusCode, line.body).toBe(201);
      const created = await call(
        'freigabe',
        'PUT',
        `bookings/prepayments/create?company_id=${companyId}&year=2014&quartal=${quartal}`,
      );
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().session.id as number;
      expect((await call('freigabe', 'PUT', `bookings/${id}/close`, {})).statusCode).toBe(200);
      if (correct) {
        const [booking] = (await call('admin', 'GET', `bookings/${id}`)).json().bookings.data as {
          id: number;
        }[];
        const res = await call('freigabe', 'PUT', `bookings/${id}/correct`, {
          changes: [{ booking_id: booking!.id, ...correct }],
          comment: 'Kostenträger korrigiert',
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      expect((await call('freigabe', 'PUT', `bookings/${id}/submit`, { comment: 'KOST' })).statusCode).toBe(
        200,
      );
      const approve = await call('admin', 'PUT', `bookings/${id}/approve`, {});
      expect(approve.statusCode, approve.body).toBe(200);
      await until('exportiert', async () => (await queues(id)).status === 'exportiert');
      const booked = await call('admin', 'GET', `bookings/${id}`);
      const dl = await call('freigabe', 'GET', `bookings/${id}/export?format=datev&part=1`);
      expect(dl.statusCode).toBe(200);
      const extf = readExtf(dl.rawPayload);
      expect(extf.problems).toEqual([]);
      return {
        api: (booked.json().bookings.data as { kost1: string | null; kost2: string | null }[]).map((b) => [
          b.kost1,
          b.kost2,
        ]),
        file: extf.rows.map((r) => [r.get('KOST1 - Kostenstelle'), r.get('KOST2 - Kostenstelle')]),
      };
    };

    await rules({
      default_kost1: 'GEWST-DEF',
      default_kost2: null,
      rules: [{ purpose: 'vorauszahlung', ags: null, master_data_id: null, kost1: null, kost2: 'VZ-REGEL' }],
    });
    expect(await exportedKost(1)).toEqual({
      api: [['GEWST-DEF', 'VZ-REGEL']],
      file: [['GEWST-DEF', 'VZ-REGEL']],
    });

    // A more specific rule (the municipality) for the next session; nothing restarted.
    await rules({
      default_kost1: 'GEWST-DEF',
      default_kost2: null,
      rules: [
        { purpose: 'vorauszahlung', ags: null, master_data_id: null, kost1: null, kost2: 'VZ-REGEL' },
        { purpose: null, ags: '05315000', master_data_id: null, kost1: 'KOELN', kost2: 'KOELN 2' },
      ],
    });
    expect(await exportedKost(2)).toEqual({ api: [['KOELN', 'KOELN 2']], file: [['KOELN', 'KOELN 2']] });

    // A manual correction edits KOST2 (column 38) like KOST1; '' clears it.
    expect(await exportedKost(3, { kost2: 'KORR 2' })).toEqual({
      api: [['KOELN', 'KORR 2']],
      file: [['KOELN', 'KORR 2']],
    });
    expect(await exportedKost(4, { kost1: 'K1-NEU', kost2: '' })).toEqual({
      api: [['K1-NEU', null]],
      file: [['K1-NEU', '']],
    });
  });

  it('worker dies after writing, before recording: one file per part, same bytes, marked once', async () => {
    const companyId = await company({ directory: true });
    const id = await session(companyId, 'freigegeben');
    let reached!: () => void;
    const crashed = new Promise<void>((resolve) => (reached = resolve));
    // The first attempt writes its first file and then never returns (the process "died"):
    // nothing after the delivery runs, exactly like a killed worker.
    void run(id, 0, {
      afterDeliver: () => {
        reached();
        return new Promise<void>(() => {});
      },
    });
    await crashed;
    expect(readdirSync(exportDir(companyId))).toHaveLength(1);
    expect(await db().select().from(exportDeliveries).where(eq(exportDeliveries.session_id, id))).toEqual([]);
    expect((await statusOf(id)).status).toBe('freigegeben');

    await run(id, 1); // the queue's retry after the expired attempt
    await run(id, 2); // and a late repeat changes nothing
    const files = await db().select().from(exportFiles).where(eq(exportFiles.session_id, id));
    const datev = files.filter((f) => f.format === 'datev');
    expect(readdirSync(exportDir(companyId)).sort()).toEqual(datev.map((f) => f.file_name).sort());
    for (const f of datev)
      expect(sha256(readFileSync(path.join(exportDir(companyId), f.file_name)))).toBe(f.sha256);
    expect(
      await db().select().from(exportDeliveries).where(eq(exportDeliveries.session_id, id)),
    ).toHaveLength(2);
    expect((await statusOf(id)).status).toBe('exportiert');
    expect((await logActions(id)).filter((a) => a === 'export-succeeded')).toHaveLength(1);
    const stamps = new Set(
      (await db().select().from(bookings).where(eq(bookings.session_id, id))).map((b) =>
        b.exported_at?.getTime(),
      ),
    );
    expect(stamps.size).toBe(1);
  });

  it('target not writable → export_fehlgeschlagen with a German reason; fixed, retriggered twice at once → one export', async () => {
    const companyId = await company({ directory: true });
    const id = await session(companyId, 'freigegeben');
    // a file where the directory should be (root ignores permission bits; this blocks everyone)
    mkdirSync(config().export.dir, { recursive: true });
    writeFileSync(path.join(config().export.dir, `firma-${companyId}`), 'kein Ordner');
    await expect(run(id, 0)).rejects.toThrow(/ist eine Datei/);
    expect((await statusOf(id)).status).toBe('freigegeben');
    await expect(run(id, 2)).rejects.toThrow(/ist eine Datei/);
    const failed = await statusOf(id);
    expect(failed.status).toBe('export_fehlgeschlagen');
    expect(failed.export_error).toBe(
      `Export nach 3 Versuchen fehlgeschlagen: Die Datei EXTF_Buchungsstapel_S${id}_WJ2025_T1.csv konnte nicht ` +
        `in das Exportverzeichnis „firma-${companyId}“ geschrieben werden (ein Teil des Pfades ist eine Datei).`,
    );
    expect((await queues(id)).targets[0]).toMatchObject({ state: 'fehlgeschlagen' });

    rmSync(path.join(config().export.dir, `firma-${companyId}`));
    const [a, b] = await Promise.all([
      call('freigabe', 'PUT', `bookings/${id}/retrigger-failed-jobs`, {}),
      call('freigabe', 'PUT', `bookings/${id}/retrigger-failed-jobs`, {}),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const q = await until('exportiert nach erneutem Anstoß', async () => {
      const v = await queues(id);
      return v.status === 'exportiert' && v;
    });
    // two handler runs of this test and exactly one job from the two retriggers
    expect(q.jobs.filter((j) => j.created_by === 'freigabe')).toHaveLength(1);
    expect(readdirSync(exportDir(companyId))).toHaveLength(2);
    expect((await logActions(id)).filter((x) => x === 'retrigger-failed-jobs')).toHaveLength(1);
    expect((await logActions(id)).filter((x) => x === 'export-succeeded')).toHaveLength(1);
  });

  it('HTTP target answering 500, 500, 200 → one delivery with one idempotency key and the same bytes', async () => {
    const receiver = await startReceiver([500, 500, 200]);
    try {
      const companyId = await company({ directory: false, http: receiver.url });
      const id = await session(companyId, 'freigegeben');
      await expect(run(id, 0)).rejects.toThrow(/HTTP 500/);
      await expect(run(id, 1)).rejects.toThrow(/HTTP 500/);
      // two parts: the first is accepted on the third try, the second at once
      await run(id, 2);
      await run(id, 2); // a repeat sends nothing
      expect((await statusOf(id)).status).toBe('exportiert');
      expect(receiver.requests.map((r) => r.status)).toEqual([500, 500, 200, 200]);
      const keys = receiver.requests.map((r) => r.headers['idempotency-key']);
      expect(new Set(keys.slice(0, 3)).size).toBe(1);
      expect(receiver.requests[0]!.headers.authorization).toBe('Bearer geheimes-token');
      expect(receiver.requests[0]!.body.equals(receiver.requests[2]!.body)).toBe(true);
      expect(receiver.delivered.size).toBe(2);
      const rows = await db().select().from(exportDeliveries).where(eq(exportDeliveries.session_id, id));
      expect(rows.map((r) => `${r.target} ${r.part}`).sort()).toEqual(['http 1', 'http 2']);
      expect(existsSync(exportDir(companyId))).toBe(false);
    } finally {
      await receiver.close();
    }
  });
});
