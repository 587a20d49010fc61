/**
 * The one data builder and harness of the benchmarks that need a large company (payments,
 * reports): the real app in-process (`app.inject`: token check, user lookup, validation,
 * zod-serialised response) on PGlite, and one company with 5,000 establishments × 5 years
 * (25,000 payments, 150,000 payment lines).
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/client';
import { obtainTokens } from '../../apps/server/src/idp/token-flow';
import { refreshSums } from '../../apps/server/src/modules/payments/repo';
import { BASE_URL, injectHttp } from '../../apps/server/test/helpers';

/** The app on PGlite: in memory, or kept in `dir` and reused by the next run. */
export async function benchApp(dir: string | null) {
  const database = await openDatabase({ kind: 'pglite', dir });
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
  async function measure(label: string, urls: string[], rounds: number) {
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
      [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
    console.log(
      `${label}: n=${wall.length} wall p50=${q(wall, 0.5)} p95=${q(wall, 0.95)} ms, cpu p50=${q(cpu, 0.5)} p95=${q(cpu, 0.95)} ms, load ${os.loadavg()[0]!.toFixed(1)}`,
    );
  }

  return { database, built, headers, measure };
}

type Database = Awaited<ReturnType<typeof benchApp>>['database'];

/**
 * A company with 5,000 establishments spread over the reference municipalities (the first
 * one the Geschäftsleitung), payments 2020–2024 as `payments` selects them from
 * `master_data md cross join generate_series(2020, 2024) y` (columns and values per bench),
 * and six lines per payment: four prepayments (paid before 2024 and in the first half of
 * 2024), an Abschlusszahlung (the assessed tax less 3,600, or 100) and an interest line
 * due two years later (paid before 2023); the sums on `payments` refreshed.
 */
export async function insertCompany(
  database: Database,
  name: string,
  payments: { columns: SQL; values: SQL },
): Promise<number> {
  const db = database.db;
  const [company] = await database.query<{ id: number }>(
    `insert into companies (name, main_color) values ('${name.replace(/'/g, "''")}', '#123') returning id`,
  );
  const cid = company!.id;
  await db.execute(sql`
    insert into master_data (company_id, ags, designation, city, geschaeftsleitung)
    select ${cid}, m.ags, 'Betriebsstätte ' || g.i, split_part(m.name, ',', 1), g.i = 1
    from generate_series(1, 5000) g(i)
    join lateral (select ags, name from municipalities order by ags offset (g.i * 7) % 10751 limit 1) m on true`);
  await db.execute(sql`
    insert into payments (company_id, master_data_id, year, ${payments.columns})
    select ${cid}, md.id, y, ${payments.values}
    from master_data md cross join generate_series(2020, 2024) y where md.company_id = ${cid}`);
  await db.execute(sql`
    insert into payment_lines (payment_id, company_id, master_data_id, year, kind, quartal, betrag, faellig_am, status, reason)
    select p.id, p.company_id, p.master_data_id, p.year, 'vorauszahlung', q, 900,
      make_date(p.year, q * 3 - 1, 15), case when p.year < 2024 or q < 3 then 'bezahlt' else 'offen' end, 'Bench'
    from payments p cross join generate_series(1, 4) q where p.company_id = ${cid}`);
  await db.execute(sql`
    insert into payment_lines (payment_id, company_id, master_data_id, year, kind, quartal, betrag, faellig_am, status, reason)
    select p.id, p.company_id, p.master_data_id, p.year, k, null,
      case when k = 'abschlusszahlung' then coalesce(p.festgesetzte_steuer, 3700) - 3600 else 30 end,
      make_date(p.year + 2, 1 + p.master_data_id % 12, 10),
      case when p.year < 2023 then 'bezahlt' else 'offen' end, 'Bench'
    from payments p cross join (values ('abschlusszahlung'), ('nachzahlungszinsen')) v(k) where p.company_id = ${cid}`);
  const ids = await database.query<{ id: number }>(`select id from payments where company_id = ${cid}`);
  await refreshSums(
    db,
    ids.map((r) => r.id),
  );
  return cid;
}
