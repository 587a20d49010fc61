/**
 * OCR settings against accuracy: the same scans read at several resolutions, aggregate figures
 * only (blind part included, no per-file output).
 *   node --import tsx bench/notices/ocr-settings.ts [--dpis 300,200] [--scan-every 5] [--parts dev,blind] [--model fast]
 * Prints wall time and CPU time (all threads of the process) per OCR page: on a shared machine
 * the wall time follows the load, the CPU time much less.
 */
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createOcrEngine, processPdf } from '../../packages/extraction/src/index.js';
import { median, score } from './evaluate.js';
import { generatePooledCorpus } from './generate.js';
import type { Part } from './pools.js';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const dpis = (arg('dpis') ?? '300,200').split(',').map(Number);
const parts = (arg('parts') ?? 'dev,blind').split(',') as Part[];
const scanEvery = Number(arg('scan-every') ?? 5);
const out = path.resolve(arg('out') ?? path.join(import.meta.dirname, 'out', 'ocr-settings'));
rmSync(out, { recursive: true, force: true });
// --model fast: Debian's tesseract-ocr-deu (tessdata_fast) instead of the shipped best_int model.
const fast = arg('model') === 'fast';
const ocr = createOcrEngine({
  workers: 2,
  ...(fast ? { modelDir: '/usr/share/tesseract-ocr/5/tessdata' } : {}),
});
const model = fast ? 'fast' : 'best_int';
try {
  for (const part of parts) {
    const corpus = (await generatePooledCorpus({ out, part, count: 2, seed: 1, scanEvery })).filter(
      (e) => e.scan,
    );
    for (const dpi of dpis) {
      let fields = 0;
      let correct = 0;
      let typeOk = 0;
      const perPage: number[] = [];
      const cpuPerPage: number[] = [];
      for (const e of corpus) {
        const truth = JSON.parse(readFileSync(e.truth, 'utf8'));
        const t0 = performance.now();
        const c0 = process.cpuUsage();
        const r = await processPdf(readFileSync(e.scan!), { ocr, dpi });
        perPage.push((performance.now() - t0) / Math.max(1, r.ocrPages.length));
        const c = process.cpuUsage(c0);
        cpuPerPage.push((c.user + c.system) / 1000 / Math.max(1, r.ocrPages.length));
        const s = score(truth, r);
        fields += s.fields;
        correct += s.correct;
        if (s.typeOk) typeOk++;
      }
      console.log(
        `| ${part} | ${model}, ${dpi} dpi | ${corpus.length} | ${((100 * typeOk) / corpus.length).toFixed(1)} % | ${((100 * correct) / fields).toFixed(1)} % (${correct}/${fields}) | ${(median(perPage) / 1000).toFixed(1)} s | ${(median(cpuPerPage) / 1000).toFixed(1)} s |`,
      );
    }
  }
} finally {
  await ocr.terminate();
}
