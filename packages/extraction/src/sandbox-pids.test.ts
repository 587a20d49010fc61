import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox, sweepSandboxOrphans } from './index.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'gewst-sandbox-pids-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A pid that certainly belongs to no running process: a child that has ended. */
async function deadPid(): Promise<number> {
  const c = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
  await new Promise((r) => c.once('exit', r));
  return c.pid!;
}

describe('sandbox children left behind by a killed server', () => {
  it('each running child has a pidfile; a child of a live parent is never swept; the file goes with the child', async () => {
    const pidDir = path.join(dir, 'live');
    const sandbox = createSandbox({ pidDir });
    const doc = await PDFDocument.create();
    doc.addPage();
    await sandbox.extractText(await doc.save(), { ocr: false });
    const [name] = readdirSync(pidDir);
    const rec = JSON.parse(readFileSync(path.join(pidDir, name!), 'utf8'));
    expect(rec.parent).toBe(process.pid);
    expect(name).toBe(`${rec.pid}.json`);
    expect(sweepSandboxOrphans(pidDir)).toEqual([]);
    expect(readdirSync(pidDir)).toEqual([name]);
    await sandbox.close();
    expect(readdirSync(pidDir)).toEqual([]);
  });

  it('kills an orphaned child at the next start and removes its pidfile; a reused pid is not killed', async () => {
    const pidDir = path.join(dir, 'orphans');
    // A child stuck in a file: it would run on without its parent (it never sees the disconnect).
    const script = path.join(dir, 'sandbox-child-stuck.mjs');
    writeFileSync(script, 'setInterval(() => {}, 1000);\n');
    const stuck = spawn(process.execPath, [script], { stdio: 'ignore' });
    const stuckExit = new Promise((r) => stuck.once('exit', (_code, signal) => r(signal)));
    // A process that took over a recorded pid: a different program.
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      const gone = await deadPid();
      writeRecord(pidDir, { pid: stuck.pid!, parent: gone, entry: script });
      writeRecord(pidDir, { pid: other.pid!, parent: gone, entry: path.join(dir, 'sandbox-child.js') });
      writeRecord(pidDir, { pid: await deadPid(), parent: gone, entry: script });
      expect(sweepSandboxOrphans(pidDir)).toEqual([stuck.pid]);
      expect(await stuckExit).toBe('SIGKILL');
      expect(other.exitCode).toBeNull();
      expect(readdirSync(pidDir)).toEqual([]);
    } finally {
      stuck.kill('SIGKILL');
      other.kill('SIGKILL');
    }
  });
});

function writeRecord(pidDir: string, rec: { pid: number; parent: number; entry: string }) {
  mkdirSync(pidDir, { recursive: true });
  writeFileSync(path.join(pidDir, `${rec.pid}.json`), JSON.stringify(rec));
}
