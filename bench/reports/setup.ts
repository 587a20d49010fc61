/**
 * Data of the reports benchmark: one company with 5,000 establishments × 5 years
 * (25,000 payments, 150,000 payment lines) and a saved Zerlegung per year over all
 * establishments, in an in-process app on in-memory PGlite.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/client';
import { obtainTokens } from '../../apps/server/src/idp/token-flow';
import { refreshSums } from '../../apps/server/src/modules/payments/repo';
import { BASE_URL, injectHttp } from '../../apps/server/test/helpers';

// BENCH_PGDATA: keep the database in a directory and reuse its data on the next run.
const database = await openDatabase({ kind: 'pglite', dir: process.env.BENCH_PGDATA ?? null });
const config = loadConfig({
  NODE_ENV: 'test',
  PUBLIC_URL: BASE_URL,
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'gewst-bench-')),
  LOG_LEVEL: 'silent',
});
const built = await buildApp({ config, database, logger: false, serveWeb: false });
const token = (
  await obtainTokens({ http: injectHttp(built), baseUrl: BASE_URL, username: 'admin', password: 'admin' })
).access_token;
const headers = { authorization: `Bearer ${token}` };

/**
 * Wall time per request, and the CPU time this process spent on it (process.cpuUsage):
 * on a shared machine the wall time includes waiting for a core, the CPU time does not,
 * so the CPU time is what the request costs and what an idle machine would show.
 */
export async function measure(label: string, urls: string[], rounds: number) {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const url of urls) {
      const c = process.cpuUsage();
      const s = performance.now();
      const res = await built.app.inject({ method: 'GET', url, headers });
      wall.push(performance.now() - s);
      const used = process.cpuUsage(c);
      cpu.push((used.user + used.system) / 1000);
      if (res.statusCode !== 200) throw new Error(`${url} → ${res.statusCode} ${res.body.slice(0, 300)}`);
    }
  }
  const q = (times: number[], p: number) =>
    [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(0);
  console.log(
    `${label}: n=${wall.length} wall p50=${q(wall, 0.5)} p95=${q(wall, 0.95)} ms, cpu p50=${q(cpu, 0.5)} p95=${q(cpu, 0.95)} ms, load ${os.loadavg()[0]!.toFixed(1)}`,
  );
}

async function establishmentsOf(companyId: number) {
  return built.database.query<{ ags: string; gl: boolean }>(
    `select ags, geschaeftsleitung as gl from master_data where company_id = ${companyId} order by id`,
  );
}

const started = performance.now();
async function createData(): Promise<number> {
  const [company] = await built.database.query<{ id: number }>(
    "insert into companies (name, main_color) values ('Bench Reporting GmbH', '#123') returning id",
  );
  const cid = company!.id;
  await built.database.db.execute(sql`
    insert into master_data (company_id, ags, designation, city, geschaeftsleitung)
    select ${cid}, m.ags, 'Betriebsstätte ' || g.i, split_part(m.name, ',', 1), g.i = 1
    from generate_series(1, 5000) g(i)
    join lateral (select ags, name from municipalities order by ags offset (g.i * 7) % 10751 limit 1) m on true`);
  await built.database.db.execute(sql`
    insert into master_data_wages (master_data_id, year, employees, wages)
    select md.id, y, 10, 100000 + (md.id % 50) * 1000
    from master_data md cross join generate_series(2020, 2024) y where md.company_id = ${cid}`);
  // Assessed years 2020–2023 (MB × Hebesatz, a history entry naming the notice), 2024 prepaid only.
  await built.database.db.execute(sql`
    insert into payments (company_id, master_data_id, year, festgesetzte_steuer, messbetrag, hebesatz, checks, interest)
    select ${cid}, md.id, y,
      case when y < 2024 then (1000 + md.id % 97) * (400 + y - 2020) / 100.0 end,
      case when y < 2024 then 1000 + md.id % 97 end,
      case when y < 2024 then 400 + y - 2020 end,
      '[]'::jsonb,
      case when y = 2021 and md.id % 10 = 0 then
        jsonb_build_object('notice', '30.00', 'ours', '27.00', 'base', '1000.00', 'from', '2023-10-01', 'to', '2024-06-06', 'months', 8) end
    from master_data md cross join generate_series(2020, 2024) y where md.company_id = ${cid}`);
  await built.database.db.execute(sql`
    insert into payment_lines (payment_id, company_id, master_data_id, year, kind, quartal, betrag, faellig_am, status, reason)
    select p.id, p.company_id, p.master_data_id, p.year, 'vorauszahlung', q, 900,
      make_date(p.year, q * 3 - 1, 15), case when p.year < 2024 or q < 3 then 'bezahlt' else 'offen' end, 'Bench'
    from payments p cross join generate_series(1, 4) q where p.company_id = ${cid}`);
  await built.database.db.execute(sql`
    insert into payment_lines (payment_id, company_id, master_data_id, year, kind, quartal, betrag, faellig_am, status, reason)
    select p.id, p.company_id, p.master_data_id, p.year, k, null,
      case when k = 'abschlusszahlung' then coalesce(p.festgesetzte_steuer, 3700) - 3600 else 30 end,
      make_date(p.year + 2, 1 + p.master_data_id % 12, 10),
      case when p.year < 2023 then 'bezahlt' else 'offen' end, 'Bench'
    from payments p cross join (values ('abschlusszahlung'), ('nachzahlungszinsen')) v(k) where p.company_id = ${cid}`);
  const ids = await built.database.query<{ id: number }>(`select id from payments where company_id = ${cid}`);
  await refreshSums(
    built.database.db,
    ids.map((r) => r.id),
  );
  // A saved Zerlegung per year over all establishments (through the API, as a user would).
  for (const year of [2020, 2021, 2022, 2023, 2024]) {
    const res = await built.app.inject({
      method: 'POST',
      url: '/api/zerlegungen',
      headers,
      payload: {
        company_id: cid,
        year,
        messbetrag: '5240000.00',
        schluessel: 'arbeitslohn',
        zeilen: (await establishmentsOf(cid)).map((e, i) => ({
          ags: e.ags,
          geschaeftsleitung: e.gl,
          hebesatz: 400 + year - 2020,
          arbeitsloehne: `${100000 + (i % 50) * 1000}.00`,
        })),
      },
    });
    if (res.statusCode !== 201)
      throw new Error(`Zerlegung ${year}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  }
  await built.database.db.execute(sql`analyze`);
  const [counts] = await built.database.query<{ p: number; l: number }>(
    `select (select count(*)::int from payments where company_id = ${cid}) as p,
            (select count(*)::int from payment_lines where company_id = ${cid}) as l`,
  );
  console.log(
    `insert ${counts!.p} payments, ${counts!.l} lines, 5 Zerlegungen: ${Math.round(performance.now() - started)} ms`,
  );

  return cid;
}

const [existing] = await built.database.query<{ id: number }>(
  "select id from companies where name = 'Bench Reporting GmbH'",
);
const cid = existing?.id ?? (await createData());
const establishments = await establishmentsOf(cid);

export { built, cid, database, establishments, headers };
