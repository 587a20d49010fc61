/**
 * Reports benchmark (issue 15): every report of /api/reports for a company with 5,000
 * establishments × 5 years (25,000 payments, 150,000 payment lines) and a saved Zerlegung
 * per year over all 5,000 establishments, in-process app on in-memory PGlite.
 * Goal: p95 ≤ 300 ms per report.
 * Run: node --import tsx bench/reports/run.ts (BENCH_ONLY=<text>: only the reports whose label contains it)
 */
import { built, cid, database, establishments, measure } from './setup';

const b = `company_id=${cid}`;
const reports: [string, string[]][] = [
  [
    'GET /reports/expense',
    [`/api/reports/expense?${b}`, `/api/reports/expense?${b}&group_by=betriebsstaette&page=40`],
  ],
  [
    'GET /reports/provision',
    [`/api/reports/provision?${b}&year=2024`, `/api/reports/provision?${b}&year=2023`],
  ],
  [
    'GET /reports/cashplan',
    [`/api/reports/cashplan?${b}&from=2024-10`, `/api/reports/cashplan?${b}&from=2025-01`],
  ],
  ['GET /reports/interest', [`/api/reports/interest?${b}`]],
  [
    'GET /reports/reconciliation',
    [`/api/reports/reconciliation?${b}`, `/api/reports/reconciliation?${b}&page=20`],
  ],
  [
    'GET /reports/trace',
    [
      `/api/reports/trace?${b}&report=expense&column=bezahlt&year=2023`,
      `/api/reports/trace?${b}&report=expense&column=festgesetzt&year=2022&ags=${establishments[9]!.ags}`,
    ],
  ],
];
// BENCH_ONLY=reconciliation: only the reports whose label contains that text.
const only = process.env.BENCH_ONLY;
for (const [label, urls] of reports.filter(([label]) => !only || label.includes(only))) {
  await measure(`${label} (warm-up)`, urls, 1);
  await measure(label, urls, 10);
}
await built.close();
await database.close();
