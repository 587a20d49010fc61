#!/usr/bin/env node
// `npm test`: lint, typecheck, copy check (jscpd), architecture rules (dependency-cruiser), unit + API tests (PGlite; also PostgreSQL when
// TEST_DATABASE_URL is set), then end-to-end tests in Chromium. Ends with one line
// "Summary: N passed, N failed" that counts every test case run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const env = { ...process.env, FORCE_COLOR: process.env.CI ? '0' : process.env.FORCE_COLOR };
const tmp = mkdtempSync(path.join(os.tmpdir(), 'gewst-test-run-'));
const steps = [];
let passed = 0;
let failed = 0;

function run(name, cmd, args, extraEnv = {}) {
  console.log(`\n━━ ${name} ━━ ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...env, ...extraEnv } });
  const ok = res.status === 0;
  steps.push({ name, ok, seconds: (Date.now() - started) / 1000 });
  return ok;
}

function vitest(name, projects, extraEnv = {}) {
  const out = path.join(tmp, `${name.replace(/\W+/g, '-')}.json`);
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ];
  const ok = run(name, 'npx', args, extraEnv);
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    if (!ok && (report.numFailedTests ?? 0) === 0) failed += 1;
  } else if (!ok) {
    failed += 1;
  }
  return ok;
}

const lintOk = run('Lint (ESLint, Prettier)', 'npm', ['run', '-s', 'lint']);
const typesOk = run('Typecheck', 'npm', ['run', '-s', 'typecheck']);
const copiesOk = run('Kopien (jscpd)', 'npm', ['run', '-s', 'check:copies']);
const architectureOk = run('Architektur (dependency-cruiser)', 'npm', ['run', '-s', 'check:architecture']);
if (!lintOk) failed += 1;
if (!typesOk) failed += 1;
if (!copiesOk) failed += 1;
if (!architectureOk) failed += 1;

// The build comes first: the worker-kill test and the e2e tests run the built server.
const buildOk = run('Build', 'npm', ['run', '-s', 'build']);
if (!buildOk) failed += 1;

// Empty TEST_DATABASE_URL: this run is the PGlite one even when CI exports the variable.
vitest('Unit- und API-Tests (PGlite)', ['domain', 'extraction', 'web', 'server'], { TEST_DATABASE_URL: '' });
if (process.env.TEST_DATABASE_URL) {
  vitest('API-Tests (PostgreSQL)', ['server'], { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL });
} else {
  console.log('\nHinweis: TEST_DATABASE_URL ist nicht gesetzt – die API-Tests liefen nur gegen PGlite.');
}

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (existsSync(chromium)) {
  if (buildOk) vitest('End-to-End (Chromium)', ['e2e'], { CHROMIUM_PATH: chromium });
} else if (process.env.REQUIRE_E2E === '1') {
  console.error(
    `\n!!! Kein Chromium unter ${chromium} gefunden, REQUIRE_E2E=1 verlangt die End-to-End-Tests. !!!`,
  );
  failed += 1;
  steps.push({ name: 'End-to-End (Chromium)', ok: false, seconds: 0 });
} else {
  console.warn(`\n${'!'.repeat(78)}`);
  console.warn(`!!! End-to-End-Tests ÜBERSPRUNGEN: kein Chromium unter ${chromium}.`);
  console.warn('!!! Installieren mit: sudo apt-get install -y chromium  (oder CHROMIUM_PATH setzen)');
  console.warn('!'.repeat(78));
}

rmSync(tmp, { recursive: true, force: true });
console.log('\n━━ Ergebnis ━━');
for (const s of steps) console.log(`${s.ok ? '✔' : '✘'} ${s.name} (${s.seconds.toFixed(1)} s)`);
console.log(`Summary: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && steps.every((s) => s.ok) ? 0 : 1);
