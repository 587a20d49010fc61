/**
 * Bookings benchmark (issue 13), against the real app in-process (`app.inject`: token check,
 * user lookup, validation, serialisation) on an in-memory PGlite database — or on PostgreSQL
 * when TEST_DATABASE_URL names a server (a scratch database is created and dropped).
 *
 * 1. `PUT /bookings/prepayments/create` for a company with 5,000 establishments whose
 *    schedules have an amount due in the quarter (goal ≤ 2 s): the four quarters, then the
 *    first quarter again after deleting its BI log entry (`DELETE /prePaymentsBiLog/{id}`).
 * 2. `GET /bookings/{id}` (page 1) of a session with 5,000 bookings (goal p95 ≤ 100 ms),
 *    and a few neighbours (a late page, 200 per page, the sessions list, the log, stats).
 *
 * Run: node --import tsx bench/bookings/run.ts [--establishments N] [--rounds N]
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { obtainTokens } from '../../apps/server/src/idp/token-flow';
import { BASE_URL, injectHttp, openTestDatabase } from '../../apps/server/test/helpers';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) || fallback : fallback;
};
const N = arg('--establishments', 5_000);
const ROUNDS = arg('--rounds', 100);
const YEAR = 2026;

const { database, drop } = await openTestDatabase();
const config = loadConfig({
  NODE_ENV: 'test',
  PUBLIC_URL: BASE_URL,
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'gewst-bench-')),
  LOG_LEVEL: 'silent',
  BACKUP_TIME: 'aus',
});
const built = await buildApp({ config, database, logger: false, serveWeb: false });
const token = async (username: string) =>
  (await obtainTokens({ http: injectHttp(built), baseUrl: BASE_URL, username, password: username }))
    .access_token;
const headers = { authorization: `Bearer ${await token('freigabe')}` };

async function request(method: 'GET' | 'PUT' | 'DELETE', url: string, expected: number) {
  const res = await built.app.inject({ method, url: `/api/${url}`, headers });
  if (res.statusCode !== expected) throw new Error(`${method} ${url} → ${res.statusCode} ${res.body}`);
  return res.body ? (res.json() as Record<string, unknown>) : {};
}

const quantile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
const ms = (x: number) => `${x.toFixed(1)} ms`;

// ---------------------------------------------------------------- data
const db = built.database.db;
const setupStart = performance.now();
const [company] = await built.database.query<{ id: number }>(
  "insert into companies (name, main_color, chart_of_accounts) values ('Bench Buchungen GmbH', '#123', 'SKR04') returning id",
);
const cid = company!.id;
await db.execute(sql`
  insert into master_data (company_id, ags, designation, city, cost_center)
  select ${cid}, m.ags, 'Betriebsstätte ' || lpad(g.i::text, 5, '0'), split_part(m.name, ',', 1), 'KST-' || (g.i % 400)
  from generate_series(1, ${N}) g(i)
  join (select ags, name, row_number() over (order by ags) - 1 as k, count(*) over () as n from municipalities) m
    on m.k = (g.i * 7) % m.n`);
await db.execute(sql`
  insert into master_data_references (master_data_id, kind, value)
  select id, 'kassenzeichen', '5.1020.' || (100000 + id) || '.7' from master_data where company_id = ${cid}`);
await db.execute(sql`
  insert into payments (company_id, master_data_id, year, festgesetzte_steuer)
  select ${cid}, id, ${YEAR}, 4000 + (id % 97) * 10 from master_data where company_id = ${cid}`);
// Four prepayments per establishment; every tenth has a correction of its second quarter
// (two lines, one booking: the amount in force).
await db.execute(sql`
  insert into payment_lines (payment_id, company_id, master_data_id, year, kind, quartal, betrag, faellig_am, reason)
  select p.id, p.company_id, p.master_data_id, p.year, 'vorauszahlung', q, 1000 + (p.master_data_id % 97) * 2.5,
    make_date(p.year, q * 3 - 1, 15), 'Bench'
  from payments p cross join generate_series(1, 4) q where p.company_id = ${cid}`);
await db.execute(sql`
  insert into payment_lines (payment_id, company_id, master_data_id, year, kind, quartal, betrag, faellig_am, reason)
  select p.id, p.company_id, p.master_data_id, p.year, 'korrektur', 2, -100, make_date(p.year, 5, 15), 'Bench'
  from payments p where p.company_id = ${cid} and p.master_data_id % 10 = 0`);
await db.execute(sql`analyze`);
const [counts] = await built.database.query<{ md: number; l: number }>(
  `select (select count(*)::int from master_data where company_id = ${cid}) as md,
          (select count(*)::int from payment_lines where company_id = ${cid}) as l`,
);
console.log(
  `${database.kind === 'pglite' ? 'PGlite (in memory)' : 'PostgreSQL'}, Node ${process.version}, ${os.cpus().length} CPUs, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log(
  `data: ${counts!.md} establishments, ${counts!.l} payment lines (${Math.round(performance.now() - setupStart)} ms)`,
);

// ---------------------------------------------------------------- 1. prepayment sessions
const created: {
  quartal: number;
  ms: number;
  cpu: number;
  bookings: number;
  session: number;
  biLog: number;
}[] = [];
/** CPU time of this process in ms (PGlite runs in it: app and database together). */
const cpuNow = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
async function create(quartal: number) {
  const t = performance.now();
  const c = cpuNow();
  const body = await request(
    'PUT',
    `bookings/prepayments/create?company_id=${cid}&year=${YEAR}&quartal=${quartal}`,
    201,
  );
  const took = performance.now() - t;
  const cpu = cpuNow() - c;
  const session = body.session as { id: number; booking_count: number };
  const biLog = body.bi_log as { id: number };
  if (session.booking_count !== N) throw new Error(`${session.booking_count} Buchungen statt ${N}`);
  created.push({
    quartal,
    ms: took,
    cpu,
    bookings: session.booking_count,
    session: session.id,
    biLog: biLog.id,
  });
  return { session: session.id, biLog: biLog.id };
}
for (const q of [1, 2, 3, 4]) await create(q);
// Q1 again after deleting its BI log entry (twice), to get more samples of the same work.
for (let i = 0; i < 2; i++) {
  const first = created.filter((c) => c.quartal === 1).at(-1)!;
  const t = performance.now();
  await request('DELETE', `prePaymentsBiLog/${first.biLog}`, 204);
  console.log(`DELETE /prePaymentsBiLog (${N} bookings): ${ms(performance.now() - t)}`);
  await create(1);
}
const createTimes = created.map((c) => c.ms).sort((a, b) => a - b);
const createCpu = created.map((c) => c.cpu).sort((a, b) => a - b);
for (const c of created)
  console.log(
    `PUT prepayments/create Q${c.quartal}: ${c.bookings} bookings in ${ms(c.ms)} (CPU ${ms(c.cpu)})`,
  );
console.log(
  `PUT prepayments/create (${N} establishments, goal ≤ 2000 ms): median ${ms(quantile(createTimes, 0.5))}, max ${ms(createTimes.at(-1)!)}; CPU median ${ms(quantile(createCpu, 0.5))}, max ${ms(createCpu.at(-1)!)}`,
);

// ---------------------------------------------------------------- 2. session view
const sessionId = created.at(-1)!.session;
async function measure(label: string, urls: string[], rounds: number, warmup = 5) {
  for (let r = 0; r < warmup; r++) for (const url of urls) await request('GET', url, 200);
  const times: number[] = [];
  const cpu: number[] = [];
  for (let r = 0; r < rounds; r++)
    for (const url of urls) {
      const t = performance.now();
      const c = cpuNow();
      await request('GET', url, 200);
      times.push(performance.now() - t);
      cpu.push(cpuNow() - c);
    }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  console.log(
    `${label}: n=${times.length} p50=${ms(quantile(times, 0.5))} p95=${ms(quantile(times, 0.95))} max=${ms(times.at(-1)!)}; CPU p50=${ms(quantile(cpu, 0.5))} p95=${ms(quantile(cpu, 0.95))}`,
  );
}
await measure(
  `GET /bookings/{id} page 1 (${N} bookings, goal p95 ≤ 100 ms)`,
  [`bookings/${sessionId}`],
  ROUNDS,
);
await measure(`GET /bookings/{id}?page=100`, [`bookings/${sessionId}?page=100`], ROUNDS / 5);
await measure(`GET /bookings/{id}?per_page=200`, [`bookings/${sessionId}?per_page=200`], ROUNDS / 5);
await measure(`GET companies/{id}/bookings`, [`companies/${cid}/bookings?type=vorauszahlung`], ROUNDS / 5);
await measure(`GET /sessionLogs/{id}`, [`sessionLogs/${sessionId}`], ROUNDS / 5);
await measure(`GET /bookings/stats`, [`bookings/stats?company_id=${cid}`], ROUNDS / 5);

await built.close();
await drop();
