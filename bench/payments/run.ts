/**
 * Payment data benchmark (issue 6): GET /api/payments for a company with 5,000
 * establishments × 5 years (25,000 payments, 150,000 payment lines), in-process app on
 * in-memory PGlite. Goal: p95 ≤ 100 ms.
 * Run: node --import tsx bench/payments/run.ts
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

const database = await openDatabase({ kind: 'pglite', dir: null });
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

async function measure(label: string, urls: string[], rounds: number) {
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const url of urls) {
      const s = performance.now();
      const res = await built.app.inject({ method: 'GET', url, headers });
      times.push(performance.now() - s);
      if (res.statusCode !== 200) throw new Error(`${url} → ${res.statusCode} ${res.body}`);
    }
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
  console.log(`${label}: n=${times.length} p50=${q(0.5)} ms p95=${q(0.95)} ms max=${q(1)} ms`);
}

const [company] = await built.database.query<{ id: number }>(
  "insert into companies (name, main_color) values ('Bench Zahlungen GmbH', '#123') returning id",
);
const cid = company!.id;
const s = performance.now();
await built.database.db.execute(sql`
  insert into master_data (company_id, ags, designation, city)
  select ${cid}, m.ags, 'Betriebsstätte ' || g.i, split_part(m.name, ',', 1)
  from generate_series(1, 5000) g(i)
  join lateral (select ags, name from municipalities order by ags offset (g.i * 7) % 10751 limit 1) m on true`);
await built.database.db.execute(sql`
  insert into payments (company_id, master_data_id, year, festgesetzte_steuer, checks)
  select ${cid}, md.id, y, 4000 + (md.id % 97) * 10,
    case when md.id % 10 = 0 then '[{"code":"INTEREST_DIFFERS","severity":"warning","message":"x"}]'::jsonb
         else '[]'::jsonb end
  from master_data md cross join generate_series(2020, 2024) y where md.company_id = ${cid}`);
// Per payment: four prepayments (paid in older years), an Abschlusszahlung, an interest line.
await built.database.db.execute(sql`
  insert into payment_lines (payment_id, company_id, master_data_id, year, kind, quartal, betrag, faellig_am, status, reason)
  select p.id, p.company_id, p.master_data_id, p.year, 'vorauszahlung', q, 900,
    make_date(p.year, q * 3 - 1, 15), case when p.year < 2024 or q < 3 then 'bezahlt' else 'offen' end, 'Bench'
  from payments p cross join generate_series(1, 4) q where p.company_id = ${cid}`);
await built.database.db.execute(sql`
  insert into payment_lines (payment_id, company_id, master_data_id, year, kind, quartal, betrag, faellig_am, status, reason)
  select p.id, p.company_id, p.master_data_id, p.year, k, null,
    case when k = 'abschlusszahlung' then p.festgesetzte_steuer - 3600 else 30 end,
    make_date(p.year + 2, 1 + p.master_data_id % 12, 10),
    case when p.year < 2023 then 'bezahlt' else 'offen' end, 'Bench'
  from payments p cross join (values ('abschlusszahlung'), ('nachzahlungszinsen')) v(k) where p.company_id = ${cid}`);
const ids = await built.database.query<{ id: number }>(`select id from payments where company_id = ${cid}`);
await refreshSums(
  built.database.db,
  ids.map((r) => r.id),
);
await built.database.db.execute(sql`analyze`);
const [counts] = await built.database.query<{ p: number; l: number }>(
  `select (select count(*)::int from payments where company_id = ${cid}) as p,
          (select count(*)::int from payment_lines where company_id = ${cid}) as l`,
);
console.log(`insert ${counts!.p} payments, ${counts!.l} lines: ${Math.round(performance.now() - s)} ms`);

const base = `/api/payments?company_id=${cid}`;
const urls = [
  base,
  `${base}&page=100`,
  `${base}&page=999`,
  `${base}&year=2024`,
  `${base}&year=2023&orderBy=offen&orderDirection=desc`,
  `${base}&orderBy=naechste_faelligkeit`,
  `${base}&orderBy=gemeinde&orderDirection=desc&page=20`,
  `${base}&only_open=true`,
  `${base}&only_warnings=true`,
  `${base}&per_page=100&page=3`,
];
await measure('GET /payments (5,000 × 5 years)', urls, 2);
await measure('GET /payments (5,000 × 5 years)', urls, 10);
await measure('GET /payments/{id}/{year}', ['/api/payments/10/2024', '/api/payments/2000/2022'], 20);
await measure('GET /payments/due', [`/api/payments/due?company_id=${cid}`], 20);
await built.close();
await database.close();
