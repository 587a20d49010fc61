/**
 * Processing throughput with the sandbox (child process with limits, issue 10) against reading
 * the files in the calling process as before. Both paths run the same `extractText` (text
 * layer, and OCR for scanned pages with two tesseract workers); the sandbox adds the child
 * process, the copy of the file and the result over IPC, and its limit watchers.
 *
 *   node --import tsx bench/processing/run.ts [--text N] [--scans N] [--rounds R]
 *
 * Rounds alternate the two modes (in-process, sandbox, in-process, …) so that a change of the
 * machine's load hits both. The first file of each mode is a warm-up (module loading, child
 * start, OCR engine start) and is timed separately. Time: performance.now() around each batch.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { createOcrEngine, createSandbox, extractText } from '@gewst/extraction';
import { generateNotice, scanNotice } from '../notices/generate.js';
import { LAYOUTS } from '../notices/layouts.js';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const TEXT = arg('text', 20);
const SCANS = arg('scans', 2);
const ROUNDS = arg('rounds', 3);
const TYPES = ['gewst_bescheid', 'vorauszahlungsbescheid', 'zinsbescheid', 'messbescheid'] as const;

const texts: Uint8Array[] = [];
for (let i = 0; i < TEXT + 1; i++)
  texts.push((await generateNotice(500 + i, TYPES[i % TYPES.length]!, LAYOUTS[i % LAYOUTS.length]!)).pdf);
const scans: Uint8Array[] = [];
for (let i = 0; i < SCANS + 1; i++) {
  const n = await generateNotice(900 + i, TYPES[i % TYPES.length]!, LAYOUTS[i % LAYOUTS.length]!);
  scans.push(await scanNotice(n, 900 + i));
}

const engine = createOcrEngine({ workers: 2 });
// A server's sandbox stays up while jobs keep coming; here the in-process batches in between
// would otherwise outlast its idle period and every sandbox batch would pay a child start.
const sandbox = createSandbox({ ocrWorkers: 2, idleMs: 3_600_000 });
type Mode = 'in-process' | 'sandbox';
const read = (mode: Mode, bytes: Uint8Array) =>
  mode === 'sandbox'
    ? sandbox.extractText(bytes, { ocr: true })
    : extractText(bytes, { ocr: engine, maxPages: 50 });

const timeBatch = async (mode: Mode, files: Uint8Array[]) => {
  const t0 = performance.now();
  let pages = 0;
  for (const f of files) pages += (await read(mode, f)).pages.length;
  return { ms: performance.now() - t0, pages };
};

const modes: Mode[] = ['in-process', 'sandbox'];
const warm: Record<Mode, number> = { 'in-process': 0, sandbox: 0 };
for (const mode of modes) {
  const t0 = performance.now();
  await read(mode, texts[0]!);
  await read(mode, scans[0]!);
  warm[mode] = performance.now() - t0;
}
const results: Record<Mode, { text: number[]; scans: number[]; textPages: number; scanPages: number }> = {
  'in-process': { text: [], scans: [], textPages: 0, scanPages: 0 },
  sandbox: { text: [], scans: [], textPages: 0, scanPages: 0 },
};
const load0 = os.loadavg()[0]!;
for (let r = 0; r < ROUNDS; r++) {
  for (const mode of r % 2 ? [...modes].reverse() : modes) {
    const t = await timeBatch(mode, texts.slice(1));
    results[mode].text.push(t.ms);
    results[mode].textPages = t.pages;
    if (SCANS) {
      const s = await timeBatch(mode, scans.slice(1));
      results[mode].scans.push(s.ms);
      results[mode].scanPages = s.pages;
    }
  }
}
const load1 = os.loadavg()[0]!;
await sandbox.close();
await engine.terminate();

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const f1 = (x: number) => x.toFixed(1);
console.log(
  `processing throughput, ${TEXT} text notices and ${SCANS} scanned notices per batch, ${ROUNDS} rounds ` +
    `(median of the rounds); load average ${f1(load0)} → ${f1(load1)}, ${os.cpus().length} cores, Node ${process.version}`,
);
console.log(
  '| mode | text: notices/s | text: ms per notice | scans: s per notice | warm-up (1 text + 1 scan) |',
);
console.log('|---|---|---|---|---|');
for (const mode of modes) {
  const r = results[mode];
  const t = median(r.text);
  const s = SCANS ? median(r.scans) : NaN;
  console.log(
    `| ${mode} | ${f1((TEXT / t) * 1000)} | ${f1(t / TEXT)} | ${SCANS ? (s / SCANS / 1000).toFixed(2) : '–'} | ${(warm[mode] / 1000).toFixed(2)} s |`,
  );
}
const cost = (median(results.sandbox.text) / median(results['in-process'].text) - 1) * 100;
console.log(`sandbox cost on text notices: ${cost >= 0 ? '+' : ''}${f1(cost)} % (goal ≤ 10 %)`);
if (SCANS) {
  const sc = (median(results.sandbox.scans) / median(results['in-process'].scans) - 1) * 100;
  console.log(`sandbox cost on scans: ${sc >= 0 ? '+' : ''}${f1(sc)} %`);
}
console.log(`pages per batch: text ${results.sandbox.textPages}, scans ${results.sandbox.scanPages}`);
