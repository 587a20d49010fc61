#!/usr/bin/env node
// `npm run test:e2e`: the end-to-end project (vitest, Chromium) against the BUILT app
// (`npm run build` first). Prints how long each run took and how busy the machine was.
//
//   node e2e/run.mjs [spec files …]            one run on E2E_PORT (default 3210)
//   node e2e/run.mjs --runs 3 --beside 3238     three runs in a row; each with a second
//                                               whole e2e run on port 3238 beside it
//
// Every run starts its own server on its own port and data folder (persistence.spec asks the
// operating system for a free port), so two runs on one machine do not see each other.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
let runs = 1;
let beside = null;
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--runs') runs = Number(args[++i]);
  else if (args[i] === '--beside') beside = Number(args[++i]);
  else files.push(args[i]);
}
if (!Number.isInteger(runs) || runs < 1) fail('--runs braucht eine ganze Zahl ≥ 1.');
if (beside !== null && !(Number.isInteger(beside) && beside > 0 && beside < 65536))
  fail('--beside braucht eine Portnummer.');

for (const built of ['apps/server/dist/main.js', 'apps/web/dist/index.html']) {
  if (!existsSync(path.join(ROOT, built))) fail(`${built} fehlt: zuerst \`npm run build\` ausführen.`);
}
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(chromium)) fail(`Kein Chromium unter ${chromium} (CHROMIUM_PATH setzen).`);
const port = Number(process.env.E2E_PORT ?? 3210);
if (beside === port) fail(`--beside ${beside} ist der Port des Hauptlaufs (E2E_PORT).`);

/** One whole vitest e2e run on `runPort`; resolves with its exit code and seconds. */
function vitestRun(runPort, label, quiet) {
  const started = Date.now();
  const child = spawn(
    process.execPath,
    [path.join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'e2e', ...files],
    {
      cwd: ROOT,
      env: { ...process.env, E2E_PORT: String(runPort), CHROMIUM_PATH: chromium },
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    },
  );
  let tail = '';
  const keep = (d) => {
    tail = (tail + d).slice(-6000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return new Promise((resolve) => {
    child.once('exit', (code, signal) =>
      resolve({
        label,
        port: runPort,
        code: code ?? (signal ? 1 : 0),
        seconds: (Date.now() - started) / 1000,
        tail,
      }),
    );
  });
}

const results = [];
for (let n = 1; n <= runs; n++) {
  const load = { start: os.loadavg()[0], max: os.loadavg()[0] };
  const sampler = setInterval(() => {
    load.max = Math.max(load.max, os.loadavg()[0]);
  }, 5000);
  const startedAt = new Date();
  console.log(
    `\n━━ e2e-Lauf ${n}/${runs} auf Port ${port}${beside ? `, daneben ein zweiter Lauf auf Port ${beside}` : ''} ` +
      `(${startedAt.toISOString()}, Last ${load.start.toFixed(2)} auf ${os.cpus().length} Kernen) ━━`,
  );
  const parts = await Promise.all([
    vitestRun(port, 'Hauptlauf', false),
    ...(beside ? [vitestRun(beside, 'daneben', true)] : []),
  ]);
  clearInterval(sampler);
  load.end = os.loadavg()[0];
  load.max = Math.max(load.max, load.end);
  for (const p of parts) {
    if (p.code !== 0 && p.label === 'daneben')
      console.log(`\n── Ausgabe des Laufs daneben (Ende) ──\n${p.tail}`);
  }
  results.push({ n, startedAt, parts, load });
  const line = parts
    .map(
      (p) =>
        `${p.label} (Port ${p.port}) ${p.code === 0 ? 'bestanden' : 'FEHLGESCHLAGEN'} in ${p.seconds.toFixed(0)} s`,
    )
    .join('; ');
  console.log(
    `━━ Lauf ${n}: ${line}; Last (1 min) Beginn ${load.start.toFixed(2)}, höchstens ${load.max.toFixed(2)}, Ende ${load.end.toFixed(2)} ━━`,
  );
  if (parts.some((p) => p.code !== 0)) break;
}

console.log('\n━━ e2e-Zusammenfassung ━━');
for (const r of results) {
  const cells = r.parts
    .map((p) => `${p.label} ${p.code === 0 ? '✔' : '✘'} ${p.seconds.toFixed(0)} s`)
    .join(' | ');
  console.log(
    `Lauf ${r.n} ${r.startedAt.toISOString().slice(0, 16)}Z | ${cells} | Last ${r.load.start.toFixed(1)} / max ${r.load.max.toFixed(1)} / ${r.load.end.toFixed(1)}`,
  );
}
const ok = results.length === runs && results.every((r) => r.parts.every((p) => p.code === 0));
process.exit(ok ? 0 : 1);

function fail(message) {
  console.error(message);
  process.exit(2);
}
