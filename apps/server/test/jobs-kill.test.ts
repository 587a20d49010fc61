import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { generateNotice, scanNotice } from '../../../bench/notices/generate';
import { fetchHttp, obtainTokens } from '../src/idp/token-flow';
import { multipartFiles } from './documents-support';

/**
 * A job whose worker process dies mid-processing is picked up again after a restart, by its
 * missing heartbeat (modules/jobs/liveness.ts) within seconds, not after the job timeout.
 * Runs the built server (`npm run build` first) as a child process on PGlite in DATA_DIR,
 * SIGKILLs it while a scanned notice is being OCRed, starts it again on the same DATA_DIR.
 * Skipped when apps/server/dist/main.js is missing.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const MAIN = path.join(ROOT, 'apps/server/dist/main.js');
const PORT = 3514;
const BASE = `http://localhost:${PORT}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gewst-kill-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function start(): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(PORT),
      PUBLIC_URL: BASE,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      // The default (600 s): only the heartbeat can bring the job back within 30 s.
      JOB_TIMEOUT_SECONDS: '600',
      JOB_POLL_SECONDS: '0.5',
      BACKUP_TIME: 'aus',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server beendet:\n${out}`);
    const ok = await fetch(`${BASE}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return { child, output: () => out };
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Server nicht bereit:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function token(username: string) {
  const tokens = await obtainTokens({
    baseUrl: BASE,
    username,
    password: username,
    http: fetchHttp(BASE),
  });
  return tokens.access_token;
}

const status = async (id: number, t: string) =>
  (await (
    await fetch(`${BASE}/api/documents/${id}`, { headers: { authorization: `Bearer ${t}` } })
  ).json()) as {
    status: string;
    processing: { attempts: number };
    ocr_pages: number[];
  };

describe.skipIf(!existsSync(MAIN))('a worker killed mid-processing', () => {
  it('the job completes after the restart; the document does not stay in_verarbeitung', async () => {
    let server = await start();
    try {
      const t = await token('sachbearbeitung');
      const n = await generateNotice(2, 'gewst_bescheid', 'L2');
      const scan = await scanNotice(n, 2);
      const mp = multipartFiles({ company_id: '1' }, [{ name: 'scan.pdf', content: scan }]);
      const up = await fetch(`${BASE}/api/documents`, {
        method: 'POST',
        headers: { authorization: `Bearer ${t}`, ...mp.headers },
        body: mp.body,
      });
      expect(up.status).toBe(201);
      const id = ((await up.json()) as { results: { document_id: number }[] }).results[0]!.document_id;
      // Wait until the worker has taken the job, then kill it without warning.
      const deadline = Date.now() + 30_000;
      while ((await status(id, t)).status !== 'in_verarbeitung') {
        if (Date.now() > deadline) throw new Error('Job wurde nicht gestartet');
        await new Promise((r) => setTimeout(r, 100));
      }
      const readAttempts = async (docId: number) => (await status(docId, t)).processing.attempts;
      const attemptsAtKill = await readAttempts(id);
      server.child.kill('SIGKILL');
      await new Promise((r) => server.child.once('exit', r));

      const attemptsBefore = attemptsAtKill;
      const restarted = Date.now();
      server = await start();
      // Measured from the moment it answers: starting a server on a busy machine is not the queue's time.
      const ready = Date.now();
      console.log(`server ready ${ready - restarted} ms after the restart`);
      const t2 = await token('sachbearbeitung');
      expect((await status(id, t2)).status).toBe('in_verarbeitung');
      // Processing again (a new attempt started) within 30 s of the restart, not after the job timeout.
      let doc = await status(id, t2);
      while (doc.processing.attempts <= attemptsBefore && doc.status === 'in_verarbeitung') {
        if (Date.now() - ready > 30_000)
          throw new Error(`nicht erneut gestartet: ${JSON.stringify(doc)}\n${server.output()}`);
        await new Promise((r) => setTimeout(r, 250));
        doc = await status(id, t2);
      }
      console.log(`processing again ${Date.now() - restarted} ms after the restart`);
      while (doc.status === 'in_verarbeitung' || doc.status === 'neu') {
        if (Date.now() - restarted > 150_000) throw new Error(`hängt: ${doc.status}\n${server.output()}`);
        await new Promise((r) => setTimeout(r, 500));
        doc = await status(id, t2);
      }
      console.log(
        `completed ${Date.now() - restarted} ms after the restart, attempts ${doc.processing.attempts}`,
      );
      expect(doc.status).toBe('zu_pruefen');
      // The run that was killed and the one that finished.
      expect(doc.processing.attempts).toBe(attemptsAtKill + 1);
      expect(doc.ocr_pages).toEqual([1]);
    } finally {
      server.child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 500));
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  }, 300_000);
});
