import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A pidfile per running sandbox child (`<pidDir>/<pid>.json`: its pid, its parent's pid and
 * its script). A child ends by itself when its parent goes away, but not while it is stuck in
 * a file (a synchronous loop never sees the disconnect), and the time limit is enforced by the
 * parent. So a server killed with SIGKILL can leave children running; the next start sweeps
 * them with `sweepSandboxOrphans`.
 */
export interface SandboxPidRecord {
  pid: number;
  parent: number;
  entry: string;
}

export function recordSandboxChild(pidDir: string, record: SandboxPidRecord): void {
  try {
    mkdirSync(pidDir, { recursive: true });
    writeFileSync(path.join(pidDir, `${record.pid}.json`), JSON.stringify(record));
  } catch {
    // Bookkeeping only: a child without a pidfile still runs under its limits.
  }
}

export function forgetSandboxChild(pidDir: string, pid: number): void {
  rmSync(path.join(pidDir, `${pid}.json`), { force: true });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The parent pid and command line of a process (Linux /proc), or null when it is gone. */
function procInfo(pid: number): { ppid: number; cmdline: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    // "pid (comm) state ppid …": comm may contain spaces and parentheses.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'latin1').replace(/\0/g, ' ');
    return { ppid, cmdline };
  } catch {
    return null;
  }
}

/**
 * Kills the sandbox children whose server is gone and removes their pidfiles. A child still
 * attached to its live parent (another server process on the same DATA_DIR, or this one) is
 * left alone; a pid now used by another program (its command line is not the sandbox script)
 * is never killed. Returns the pids killed.
 */
export function sweepSandboxOrphans(pidDir: string): number[] {
  let names: string[];
  try {
    names = readdirSync(pidDir).filter((n) => /^\d+\.json$/.test(n));
  } catch {
    return [];
  }
  const killed: number[] = [];
  for (const name of names) {
    const file = path.join(pidDir, name);
    let rec: SandboxPidRecord;
    try {
      rec = JSON.parse(readFileSync(file, 'utf8')) as SandboxPidRecord;
    } catch {
      rmSync(file, { force: true });
      continue;
    }
    if (!alive(rec.pid)) {
      rmSync(file, { force: true });
      continue;
    }
    const info = procInfo(rec.pid);
    // Without /proc: only a child whose recorded parent is gone counts as orphaned.
    const orphaned = info ? info.ppid !== rec.parent : !alive(rec.parent);
    const ours = info ? info.cmdline.includes(rec.entry) : true;
    if (!orphaned) continue;
    if (ours) {
      try {
        process.kill(rec.pid, 'SIGKILL');
        killed.push(rec.pid);
      } catch {
        // gone meanwhile
      }
    }
    rmSync(file, { force: true });
  }
  return killed;
}
