import { type ChildProcess, fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PdfError } from './errors.js';
import { forgetSandboxChild, recordSandboxChild } from './sandbox-pids.js';
import type { TextProgress, TextResult } from './process.js';

/**
 * The processing sandbox: PDF parsing, rendering and OCR run in a child process with hard
 * limits, so that no file can take the calling process (the API) down or block its event loop.
 * - memory: V8 heap cap (`--max-old-space-size`) and the child's resident size, polled; over
 *   the limit the child is killed ("Speichergrenze überschritten");
 * - wall clock per file, enforced by SIGKILL ("Zeitlimit überschritten");
 * - pages per file (PdfTooManyPagesError before any page is read); image pixels and the
 *   rendered page size are bounded in pdf.ts.
 * The child is reused for the next file (starting one costs ~0.3 s) and ends after an idle
 * period; a killed or crashed child is replaced on the next request. One file at a time.
 */
export interface SandboxOptions {
  /** Memory limit of the child in MB (heap and resident size; default 1024). */
  memoryMb?: number;
  /** Wall-clock limit per file in ms (default 300 000). */
  timeoutMs?: number;
  /** Page limit per file (default 50). */
  maxPages?: number;
  /** The child ends after this long without work (default 60 000 ms). */
  idleMs?: number;
  /** Tesseract workers in the child (default: up to 2, the cores). */
  ocrWorkers?: number;
  /** The child's script; default: `sandboxEntry()`. */
  entry?: string;
  /** Called with each child's pid when it starts and with null when it ends (bookkeeping). */
  onChild?: (pid: number, alive: boolean) => void;
  /**
   * A folder for one pidfile per running child (sandbox-pids.ts): the next start of a server
   * killed with SIGKILL finds and kills children it left behind (`sweepSandboxOrphans`).
   */
  pidDir?: string;
}

export type SandboxFailure = 'memory' | 'timeout' | 'crash' | 'aborted';

/** The sandbox was killed or died: the file (or a stop) ended it, not an ordinary error. */
export class SandboxError extends Error {
  constructor(
    readonly reason: SandboxFailure,
    message: string,
    /** What the child wrote to stderr last (for the log). */
    readonly detail = '',
  ) {
    super(message);
    this.name = 'SandboxError';
  }
}

export interface SandboxRequest {
  id: number;
  bytes: Uint8Array;
  ocr: boolean;
  maxPages: number;
}

export type SandboxReply =
  | { id: 0; type: 'ready' }
  | { id: number; type: 'progress'; progress: TextProgress }
  | { id: number; type: 'done'; result: TextResult }
  | {
      id: number;
      type: 'error';
      error: { pdf: boolean; code: string | null; name: string; message: string; cause: string };
    };

export interface SandboxRun {
  ocr?: boolean;
  onProgress?: (p: TextProgress) => void;
  /** Aborting kills the child at once (e.g. the job was taken away). */
  signal?: AbortSignal;
}

export interface Sandbox {
  /** Text layer and OCR of a PDF, read in the child. Rejects with PdfError or SandboxError. */
  extractText(bytes: Uint8Array, run?: SandboxRun): Promise<TextResult>;
  close(): Promise<void>;
  readonly limits: { memoryMb: number; timeoutMs: number; maxPages: number };
}

export const sandboxMessages = {
  memory: (mb: number) => `Verarbeitung abgebrochen: Speichergrenze überschritten (${mb} MB).`,
  timeout: (ms: number) =>
    `Verarbeitung abgebrochen: Zeitlimit überschritten (${ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`}).`,
  crash: () => 'Verarbeitung abgebrochen: Der Verarbeitungsprozess ist abgestürzt.',
  aborted: () => 'Verarbeitung abgebrochen: Der Auftrag wurde beendet.',
};

/**
 * The child's script. Next to the server bundle: dist/sandbox-child.js. From the sources (dev,
 * tests, `npm run extract`): bundled once with esbuild into node_modules/.cache, which starts
 * in well under a second where loading the TypeScript sources through tsx takes seconds.
 */
export async function sandboxEntry(): Promise<string> {
  const here = fileURLToPath(import.meta.url);
  const dir = path.dirname(here);
  const bundled = path.join(dir, 'sandbox-child.js');
  if (!here.endsWith('.ts') && existsSync(bundled)) return bundled;
  const { build } = await import('esbuild');
  const out = await build({
    entryPoints: [path.join(dir, 'sandbox-child.ts')],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    plugins: [
      {
        // node_modules stay external (resolved from the cache folder as from the sources).
        name: 'external-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@gewst/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  const code = out.outputFiles[0]!.contents;
  const cache = path.join(dir, '..', 'node_modules', '.cache');
  const file = path.join(
    cache,
    `sandbox-child-${createHash('sha256').update(code).digest('hex').slice(0, 12)}.mjs`,
  );
  if (!existsSync(file)) {
    mkdirSync(cache, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, code);
    renameSync(tmp, file);
  }
  return file;
}

/** Resident size of a process in MB (Linux /proc; null elsewhere). */
function rssMb(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'latin1'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** The longest a child may take to load its modules before it counts as crashed. */
const STARTUP_MS = 120_000;

export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const memoryMb = options.memoryMb ?? 1024;
  const timeoutMs = options.timeoutMs ?? 300_000;
  const maxPages = options.maxPages ?? 50;
  const idleMs = options.idleMs ?? 60_000;
  let entry: Promise<string> | null = null;
  let child: { process: ChildProcess; stderr: string; ready: Promise<boolean> } | null = null;
  let idleTimer: NodeJS.Timeout | null = null;
  let chain: Promise<unknown> = Promise.resolve();
  let seq = 0;
  let closed = false;

  const spawnChild = (file: string) => {
    const c = fork(file, [], {
      execArgv: [`--max-old-space-size=${memoryMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      env: {
        ...process.env,
        ...(options.ocrWorkers ? { SANDBOX_OCR_WORKERS: String(options.ocrWorkers) } : {}),
      },
    });
    options.onChild?.(c.pid ?? 0, true);
    const { pidDir } = options;
    if (pidDir && c.pid) recordSandboxChild(pidDir, { pid: c.pid, parent: process.pid, entry: file });
    const spawned = {
      process: c,
      stderr: '',
      // Loading pdf.js and the OCR code takes a while on a busy machine; it is not the file's time.
      ready: new Promise<boolean>((resolve) => {
        const startup = setTimeout(() => resolve(false), STARTUP_MS);
        c.on('message', (m: SandboxReply) => {
          if (m.type === 'ready') {
            clearTimeout(startup);
            resolve(true);
          }
        });
        c.once('exit', () => {
          clearTimeout(startup);
          resolve(false);
        });
      }),
    };
    c.once('exit', () => {
      options.onChild?.(c.pid ?? 0, false);
      if (pidDir && c.pid) forgetSandboxChild(pidDir, c.pid);
      if (child === spawned) child = null;
    });
    c.stderr?.on('data', (d: Buffer) => {
      spawned.stderr = (spawned.stderr + d.toString()).slice(-4000);
    });
    return spawned;
  };

  const runOne = async (bytes: Uint8Array, run: SandboxRun): Promise<TextResult> => {
    if (closed) throw new SandboxError('aborted', sandboxMessages.aborted());
    if (idleTimer) clearTimeout(idleTimer);
    entry ??= options.entry ? Promise.resolve(options.entry) : sandboxEntry();
    const file = await entry;
    const current = (child ??= spawnChild(file));
    const c = current.process;
    c.ref();
    c.channel?.ref();
    await current.ready;
    return new Promise<TextResult>((resolve, reject) => {
      const id = ++seq;
      current.stderr = '';
      let killedFor: SandboxFailure | null = null;
      const kill = (why: SandboxFailure) => {
        killedFor ??= why;
        c.kill('SIGKILL');
      };
      const timer = setTimeout(() => kill('timeout'), timeoutMs);
      const watch = setInterval(() => {
        const rss = c.pid ? rssMb(c.pid) : null;
        if (rss !== null && rss > memoryMb) kill('memory');
      }, 200);
      const onAbort = () => kill('aborted');
      run.signal?.addEventListener('abort', onAbort);
      const done = () => {
        clearTimeout(timer);
        clearInterval(watch);
        run.signal?.removeEventListener('abort', onAbort);
        c.off('message', onMessage);
        c.off('close', onExit);
        // Nothing in this process waits for an idle child; it ends after idleMs.
        c.unref();
        c.channel?.unref();
        if (child === current) {
          idleTimer = setTimeout(() => {
            if (child === current) c.kill('SIGTERM');
          }, idleMs);
          idleTimer.unref();
        }
      };
      const onMessage = (msg: SandboxReply) => {
        if (msg.type === 'ready' || msg.id !== id) return;
        if (msg.type === 'progress') return run.onProgress?.(msg.progress);
        done();
        if (msg.type === 'done') return resolve(msg.result);
        const e = msg.error;
        if (e.pdf) {
          const err = new PdfError(e.code ?? 'pdf_damaged', e.message);
          err.name = e.name;
          if (e.cause) Object.assign(err, { detail: e.cause });
          return reject(err);
        }
        // An allocation that failed inside the child is the memory limit, not a bug of ours.
        if (/allocation failed|out of memory|Invalid typed array length|Array buffer/i.test(e.message))
          return reject(new SandboxError('memory', sandboxMessages.memory(memoryMb), e.message));
        reject(Object.assign(new Error(e.message), { name: e.name, code: e.code }));
      };
      const onExit = (code: number | null, signal: string | null) => {
        done();
        const stderr = current.stderr;
        if (child === current) child = null;
        const why: SandboxFailure =
          killedFor ??
          (closed ? 'aborted' : null) ??
          (/heap out of memory|Allocation failed|ERR_WORKER_OUT_OF_MEMORY/i.test(stderr)
            ? 'memory'
            : 'crash');
        const message =
          why === 'memory'
            ? sandboxMessages.memory(memoryMb)
            : why === 'timeout'
              ? sandboxMessages.timeout(timeoutMs)
              : why === 'aborted'
                ? sandboxMessages.aborted()
                : sandboxMessages.crash();
        reject(new SandboxError(why, message, `exit ${code ?? signal}: ${stderr.slice(-1000)}`));
      };
      c.on('message', onMessage);
      c.once('close', onExit);
      const request: SandboxRequest = { id, bytes, ocr: run.ocr ?? true, maxPages };
      if (c.exitCode !== null || c.signalCode !== null || !c.connected)
        return onExit(c.exitCode, c.signalCode);
      c.send(request, (err) => {
        if (err) kill('crash');
      });
    });
  };

  return {
    limits: { memoryMb, timeoutMs, maxPages },
    extractText(bytes, run = {}) {
      const next = chain.then(() => runOne(bytes, run));
      chain = next.catch(() => {});
      return next;
    },
    async close() {
      closed = true;
      if (idleTimer) clearTimeout(idleTimer);
      const c = child?.process;
      child = null;
      if (c && c.exitCode === null && c.signalCode === null) {
        const gone = new Promise((r) => c.once('exit', r));
        // An idle child is unref'd; without this the wait below would not keep the event loop
        // alive and a top-level `await close()` (the CLI) would end the process with code 13.
        c.ref();
        c.kill('SIGKILL');
        await gone;
      }
    },
  };
}
