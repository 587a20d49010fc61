/**
 * False alarms of the arithmetic checks (tenth step, engineer `money`): how many text notices of the
 * development parts carry a check message (solver.ts). The generated notices are consistent, so
 * every check here is a false alarm (or a misread the check caught). Development parts only: it
 * reads the files `run.ts` wrote to out/dev and out/dev2 and prints each notice with a check.
 *   node --import tsx bench/notices/run.ts --parts dev,dev2 --count 2 --seed 1 --scan-every 0 --no-compare
 *   node --import tsx bench/notices/dev-checks.ts
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { processPdf } from '../../packages/extraction/src/index.js';

const out = path.join(import.meta.dirname, 'out');
let notices = 0;
let withChecks = 0;
const byCode = new Map<string, number>();
for (const part of ['dev', 'dev2']) {
  const dir = path.join(out, part);
  if (!existsSync(dir)) continue;
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.pdf') && !x.includes('scan'))) {
    const r = await processPdf(readFileSync(path.join(dir, f)), { ocr: false });
    notices++;
    if (!r.checks.length) continue;
    withChecks++;
    for (const c of r.checks) byCode.set(c.code, (byCode.get(c.code) ?? 0) + 1);
    console.log(`${f} (${r.type}): ${r.checks.map((c) => c.message).join(' | ')}`);
  }
}
console.log(`${withChecks} of ${notices} development text notices carry a check`, Object.fromEntries(byCode));
