/**
 * Initial JavaScript of the built web app (issue 15: ≤ 300 KB gzip): the entry script and
 * every module it preloads, as index.html names them, gzip-compressed (level 9). Lazy
 * chunks (charts, PDF viewer, screens) load later and are listed apart.
 * Run after `npm run build`: node --import tsx bench/reports/bundle-size.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const total = initial.reduce((s, f) => s + gz(f), 0);
console.log(`initial JavaScript: ${initial.length} files, ${kb(total)} gzip (budget 300 KB)`);
const lazy = readdirSync(path.join(dist, 'assets'))
  .filter((f) => f.endsWith('.js') && !initial.includes(`assets/${f}`))
  .map((f) => ({ f, size: gz(`assets/${f}`) }))
  .sort((a, b) => b.size - a.size)
  .slice(0, 5);
for (const { f, size } of lazy) console.log(`  lazy ${f}: ${kb(size)} gzip`);
if (total > 300 * 1024) process.exitCode = 1;
