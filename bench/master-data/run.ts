/**
 * Master data benchmarks against an in-process app on in-memory PGlite:
 *  - p95 of GET /api/municipalities?search= over the full reference table
 *  - p95 of GET /api/companies/{id}/masterData for a company with 5,000 establishments
 *  - time of POST /api/companies/{id}/masterdata/export for those 5,000 establishments
 * Run: node --import tsx bench/master-data/run.ts
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/client';
import { obtainTokens } from '../../apps/server/src/idp/token-flow';
import { BASE_URL, injectHttp } from '../../apps/server/test/helpers';

const t0 = performance.now();
const database = await openDatabase({ kind: 'pglite', dir: null });
const config = loadConfig({
  NODE_ENV: 'test',
  PUBLIC_URL: BASE_URL,
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'gewst-bench-')),
  LOG_LEVEL: 'silent',
});
const built = await buildApp({ config, database, logger: false, serveWeb: false });
console.log(`start incl. reference seed: ${Math.round(performance.now() - t0)} ms`);
const token = (
  await obtainTokens({ http: injectHttp(built), baseUrl: BASE_URL, username: 'admin', password: 'admin' })
).access_token;
const headers = { authorization: `Bearer ${token}` };

async function measure(label: string, urls: string[], rounds: number, method: 'GET' | 'POST' = 'GET') {
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const url of urls) {
      const s = performance.now();
      const res = await built.app.inject({ method, url, headers });
      times.push(performance.now() - s);
      if (res.statusCode !== 200) throw new Error(`${url} → ${res.statusCode}`);
    }
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
  console.log(`${label}: n=${times.length} p50=${q(0.5)} ms p95=${q(0.95)} ms max=${q(1)} ms`);
}

const searches = [
  'munchen',
  'Muenchen',
  '09162000',
  '80331',
  'berlin',
  'frankfurt',
  'neu',
  'bad',
  'Köln',
  'stadt',
  'a',
  'hausen',
  '0631',
  'Garmisch',
  'zz',
];
await measure(
  'GET /municipalities?search=',
  searches.map((s) => `/api/municipalities?search=${encodeURIComponent(s)}`),
  3,
);
await measure(
  'GET /municipalities?search=',
  searches.map((s) => `/api/municipalities?search=${encodeURIComponent(s)}`),
  20,
);

// 5,000 establishments for a new company, with a Kassenzeichen, wages for 2 years and some own rates.
const [company] = await built.database.query<{ id: number }>(
  "insert into companies (name, main_color) values ('Bench GmbH', '#123') returning id",
);
const s = performance.now();
await built.database.db.execute(sql`
  with ins as (
    insert into master_data (company_id, ags, designation, street, city, iban, valid_from)
    select ${company!.id}, m.ags, 'Betriebsstätte ' || g.i, 'Hauptstraße ' || g.i, split_part(m.name, ',', 1),
      'DE89370400440532013000', date '2015-01-01' + (g.i % 3000)
    from generate_series(1, 5000) g(i)
    join lateral (select ags, name from municipalities order by ags offset (g.i * 7) % 10751 limit 1) m on true
    returning id, ags
  ), refs as (
    insert into master_data_references (master_data_id, kind, value) select id, 'kassenzeichen', 'KZ-' || id from ins
  ), wages as (
    insert into master_data_wages (master_data_id, year, employees, wages)
    select id, y, 10, 100000 from ins cross join (values (2023), (2024)) v(y)
  )
  insert into master_data_rates (master_data_id, year, hebesatz, source, note)
  select id, 2024, 400, 'manual', 'bench' from ins where id % 5 = 0`);
console.log(`insert 5,000 establishments: ${Math.round(performance.now() - s)} ms`);

const base = `/api/companies/${company!.id}/masterData`;
const listUrls = [
  `${base}`,
  `${base}?page=50`,
  `${base}?page=200`,
  `${base}?orderBy=municipality&orderDirection=desc`,
  `${base}?orderBy=valid_from&page=10`,
  `${base}?search=Betriebsst%C3%A4tte%2012`,
  `${base}?search=KZ-4`,
  `${base}?active=true&bundesland=Bayern`,
  `${base}?per_page=100&page=3`,
];
await measure('GET /companies/{id}/masterData (5,000)', listUrls, 3);
await measure('GET /companies/{id}/masterData (5,000)', listUrls, 20);
await measure(
  'POST /companies/{id}/masterdata/export (5,000)',
  [`/api/companies/${company!.id}/masterdata/export`],
  1,
  'POST',
);
await measure(
  'POST /companies/{id}/masterdata/export (5,000)',
  [`/api/companies/${company!.id}/masterdata/export`],
  3,
  'POST',
);
await built.close();
await database.close();
