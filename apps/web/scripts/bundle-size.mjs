// Reports the gzipped size of the initial JS: the entry chunk plus everything it imports statically.
// Usage: node apps/web/scripts/bundle-size.mjs  (after `npm run build -w apps/web`)
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = resolve(dirname(fileURLToPath(import.meta.url)), '../dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = /<script type="module"[^>]*src="\/([^"]+)"/.exec(html)?.[1];
if (!entry) throw new Error('Kein Einstiegsskript in dist/index.html gefunden.');

const seen = new Set();
const queue = [entry];
while (queue.length > 0) {
  const file = queue.shift();
  if (seen.has(file)) continue;
  seen.add(file);
  const code = readFileSync(join(dist, file), 'utf8');
  // Static imports only: `import ... from "./x.js"` and `import "./x.js"`; dynamic import() is on demand.
  for (const m of code.matchAll(/(?:^|[;}\n])\s*import\s*(?:[\w$*{}\s,]+from\s*)?["']([^"']+\.js)["']/g)) {
    queue.push(join(dirname(file), m[1]).replace(/\\/g, '/'));
  }
}

let total = 0;
for (const file of [...seen].sort()) {
  const gz = gzipSync(readFileSync(join(dist, file))).length;
  total += gz;
  console.log(`${(gz / 1024).toFixed(1).padStart(8)} KB  ${file}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(8)} KB  gesamt (gzip, initiales JS)`);
const limit = 300 * 1024;
if (total > limit) {
  console.error(`Initiales JS überschreitet ${limit / 1024} KB (gzip).`);
  process.exitCode = 1;
}
