/**
 * Export of a session with 10,000 bookings (issue 14): DATEV EXTF (goal ≤ 3 s), the generic
 * CSV, and the booking protocol as PDF (goal ≤ 10 s) and xlsx. Times the writers of
 * apps/server/src/modules/export on the fixed synthetic session of its fixtures.
 *
 * Run: node --import tsx bench/export/run.ts [--json] [--bookings N]
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { writeDatev } from '../../apps/server/src/modules/export/datev';
import { GOLDEN_CONFIG, largeSession, protocolInput } from '../../apps/server/src/modules/export/fixtures';
import { writeGeneric } from '../../apps/server/src/modules/export/generic';
import { protocolPdf } from '../../apps/server/src/modules/export/protocol-pdf';
import { protocolXlsx } from '../../apps/server/src/modules/export/protocol-xlsx';

const args = process.argv.slice(2);
const n = Number(args[args.indexOf('--bookings') + 1]) || 10_000;
const session = largeSession(n);
const protocol = protocolInput(session);

async function time(runs: number, fn: () => unknown | Promise<unknown>) {
  await fn(); // warm-up
  const samples: number[] = [];
  const cpu: number[] = [];
  let size = 0;
  for (let i = 0; i < runs; i++) {
    const c = process.cpuUsage();
    const t = performance.now();
    const out = await fn();
    samples.push(performance.now() - t);
    const u = process.cpuUsage(c);
    cpu.push((u.user + u.system) / 1000);
    size = out instanceof Buffer ? out.length : size;
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return { runs, median: median(samples), max: Math.max(...samples), cpuMedian: median(cpu), bytes: size };
}

const results = {
  datev_extf: await time(5, () => writeDatev(session, GOLDEN_CONFIG).parts[0]!.bytes),
  generic_csv: await time(5, () => writeGeneric(session).bytes),
  protocol_pdf: await time(3, () => protocolPdf(protocol)),
  protocol_xlsx: await time(3, () => protocolXlsx(protocol)),
};

if (args.includes('--json')) console.log(JSON.stringify({ bookings: n, results }, null, 2));
else {
  console.log(
    `${n} bookings, Node ${process.version}, ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(1)}`,
  );
  for (const [name, r] of Object.entries(results)) {
    console.log(
      `${name.padEnd(14)} median ${r.median.toFixed(0).padStart(6)} ms   max ${r.max.toFixed(0).padStart(6)} ms   CPU ${r.cpuMedian.toFixed(0).padStart(6)} ms   ${(r.bytes / 1024).toFixed(0)} KiB`,
    );
  }
}
