#!/usr/bin/env node
// Cold start of `npm start` (build + server) and of the built server alone, each until
// the first healthy answer of GET /api/health. Fresh data folder = first start
// (migrations, seed, demo data); reused folder = a restart.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const port = Number(process.env.BENCH_PORT ?? 3901);
const runs = Number(process.env.RUNS ?? 3);

async function timeStart(cmd, args, dataDir) {
  const started = performance.now();
  const child = spawn(cmd, args, {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    detached: true,
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}`);
      try {
        const res = await fetch(`http://localhost:${port}/api/health`);
        if (res.ok) return performance.now() - started;
      } catch {}
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    process.kill(-child.pid, 'SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const results = {};
for (const [name, cmd, args, reuse] of [
  ['npm start, first start (build + migrate + seed)', 'npm', ['start'], false],
  ['server only, first start (migrate + seed)', 'node', ['apps/server/dist/main.js'], false],
  ['server only, restart (existing data)', 'node', ['apps/server/dist/main.js'], true],
]) {
  const times = [];
  const shared = mkdtempSync(path.join(os.tmpdir(), 'gewst-bench-'));
  if (reuse) await timeStart('node', ['apps/server/dist/main.js'], shared);
  for (let i = 0; i < runs; i++) {
    const dir = reuse ? shared : mkdtempSync(path.join(os.tmpdir(), 'gewst-bench-'));
    times.push(await timeStart(cmd, args, dir));
    if (!reuse) rmSync(dir, { recursive: true, force: true });
  }
  rmSync(shared, { recursive: true, force: true });
  results[name] = times;
  console.log(
    `${name}: median ${(median(times) / 1000).toFixed(2)} s (runs: ${times.map((t) => (t / 1000).toFixed(2)).join(', ')})`,
  );
}
