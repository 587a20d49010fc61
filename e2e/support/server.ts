import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * A port no other process listens on right now, chosen by the operating system: specs that start
 * a server of their own (persistence) must not collide with a second e2e run beside this one.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('kein Port')),
      );
    });
  });
}

/** Refuses a port another process (another e2e run, a developer's server) already listens on. */
function ensurePortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', () =>
      reject(new Error(`Port ${port} ist belegt (läuft dort ein anderer Server?): E2E_PORT anders setzen.`)),
    );
    probe.listen(port, () => probe.close(() => resolve()));
  });
}

/**
 * Starts the built product (`apps/server/dist/main.js`) as `npm start` would, on its own port and
 * data folder. The server's output also goes to `logFile` (slow sign-in steps, a blocked event loop).
 */
export async function startServer(options: {
  port: number;
  dataDir: string;
  logFile?: string;
}): Promise<RunningServer> {
  const url = `http://localhost:${options.port}`;
  // Without this check the health poll below would be answered by the other server.
  await ensurePortFree(options.port);
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      // the daily backup would run on the first minute of a test run after 02:00
      BACKUP_TIME: 'aus',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const log = options.logFile ? createWriteStream(options.logFile, { flags: 'a' }) : null;
  child.stdout?.on('data', (d) => {
    output += d;
    log?.write(d);
  });
  child.stderr?.on('data', (d) => {
    output += d;
    log?.write(d);
  });
  child.once('exit', () => log?.end());
  // Start-up (embedded database, migrations) takes about a minute on a busy 2-core machine: poll generously.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server beendet (Code ${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Server nicht bereit nach 180 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      }),
  };
}
