/**
 * The export job end to end (issue 14) for a session with 10,000 bookings: read the session
 * from the database, write DATEV EXTF and the generic CSV, store both, write the EXTF file to
 * the export directory (temporary name, fsync, rename), record the deliveries and mark the
 * session and its bookings exported (goal ≤ 3 s); then `generate_report` (protocol PDF and
 * xlsx from the database, stored; goal for the PDF ≤ 10 s). In-process app on in-memory PGlite.
 *
 * Run: node --import tsx bench/export/job.ts [--bookings N]
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { defaultAccountMapping } from '@gewst/domain';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/client';
import { rowsOf } from '../../apps/server/src/db/sql';
import { SYSTEM_ACTOR } from '../../apps/server/src/modules/audit/service';
import { runExport } from '../../apps/server/src/modules/export/job';
import { generateReport } from '../../apps/server/src/modules/export/service';
import { settings } from '../../apps/server/src/modules/settings';
import { BASE_URL } from '../../apps/server/test/helpers';

const args = process.argv.slice(2);
const n = Number(args[args.indexOf('--bookings') + 1]) || 10_000;
const database = await openDatabase({ kind: 'pglite', dir: null });
const config = loadConfig({
  NODE_ENV: 'test',
  PUBLIC_URL: BASE_URL,
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'gewst-bench-export-')),
  LOG_LEVEL: 'silent',
  ROLE: 'api', // no queue worker: the job handler is called directly
});
const built = await buildApp({ config, database, logger: false, serveWeb: false });
const db = database.db;

const [company] = await rowsOf<{ id: number }>(
  db,
  sql`insert into companies (name, main_color) values ('Bench Export GmbH', '#123456') returning id`,
);
const companyId = company!.id;
await settings.set(
  db,
  SYSTEM_ACTOR,
  'bookings.accounts',
  { ...defaultAccountMapping('SKR03'), datev_berater: 29098, datev_mandant: 55003 },
  { companyId },
);

async function approvedSession(): Promise<number> {
  const [s] = await rowsOf<{ id: number }>(
    db,
    sql`insert into booking_sessions (company_id, type, status, approved_at)
        values (${companyId}, 'bescheid', 'freigegeben', now()) returning id`,
  );
  await db.execute(sql`
    insert into bookings (session_id, company_id, booking_date, amount, sh, konto, gegenkonto, purpose,
      counter_purpose, text, belegfeld1, kost1, tax_year, kind)
    select ${s!.id}, ${companyId}, date '2026-01-01' + (i % 300), 100 + (i % 997) + (i % 100) / 100.0,
      case when i % 97 = 0 then 'H' else 'S' end, '4320', '1200', 'expense', 'bank',
      'GewSt VZ Q' || (1 + i % 4) || '/2026 Großröhrsdorf Filiale ' || i, 'VZ2026-' || i, 'KST-' || (i % 50),
      2026, 'vorauszahlung'
    from generate_series(1, ${n}) as i`);
  return s!.id;
}

const time = async (fn: () => Promise<unknown>) => {
  const c = process.cpuUsage();
  const t = performance.now();
  await fn();
  const u = process.cpuUsage(c);
  return { wall: performance.now() - t, cpu: (u.user + u.system) / 1000 };
};

const results: Record<string, { wall: number; cpu: number }> = {};
const warm = await approvedSession();
await runExport({ db, config }, { jobId: 'warm-up', sessionId: warm, retryCount: 0, retryLimit: 0 });
const id = await approvedSession();
results.export_job = await time(() =>
  runExport({ db, config }, { jobId: 'bench', sessionId: id, retryCount: 0, retryLimit: 0 }),
);
results.export_job_repeat = await time(() =>
  runExport({ db, config }, { jobId: 'bench-repeat', sessionId: id, retryCount: 0, retryLimit: 0 }),
);
results.generate_report = await time(() => generateReport(db, SYSTEM_ACTOR, id));

const [state] = await rowsOf<{ status: string; exported: number }>(
  db,
  sql`select s.status, (select count(*)::int from bookings b where b.session_id = s.id and b.exported_at is not null) as exported
      from booking_sessions s where s.id = ${id}`,
);
if (state?.status !== 'exportiert' || state.exported !== n)
  throw new Error(`not exported: ${JSON.stringify(state)}`);
const files = readdirSync(path.join(config.export.dir, `firma-${companyId}`));
console.log(
  `${n} bookings, Node ${process.version}, ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(1)}; files ${files.join(', ')}`,
);
for (const [name, r] of Object.entries(results))
  console.log(
    `${name.padEnd(18)} wall ${r.wall.toFixed(0).padStart(6)} ms   CPU ${r.cpu.toFixed(0).padStart(6)} ms`,
  );
await built.close();
await database.close();
