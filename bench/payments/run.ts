/**
 * Payment data benchmark (issue 6): GET /api/payments for a company with 5,000
 * establishments × 5 years (25,000 payments, 150,000 payment lines), in-process app on
 * in-memory PGlite. Goal: p95 ≤ 100 ms.
 * Run: node --import tsx bench/payments/run.ts
 */
import { sql } from 'drizzle-orm';
import { benchApp, insertCompany } from '../shared/app';

const { built, database, measure } = await benchApp(null);
const s = performance.now();
const cid = await insertCompany(database, 'Bench Zahlungen GmbH', {
  columns: sql`festgesetzte_steuer, checks`,
  values: sql`4000 + (md.id % 97) * 10,
    case when md.id % 10 = 0 then '[{"code":"INTEREST_DIFFERS","severity":"warning","message":"x"}]'::jsonb
         else '[]'::jsonb end`,
});
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
