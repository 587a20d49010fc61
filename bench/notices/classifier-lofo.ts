/**
 * An honest generalisation measure of the notice classifier that needs no blind data:
 * leave-one-family-out on the DEVELOPMENT part. For each development family Fk the classifier
 * is trained without Fk (the other development families and the classic layouts, as
 * `train:classifier` does) and classifies Fk's notices of the development benchmark corpus
 * (`run.ts --parts dev --count N --seed S`, text PDFs; with `--scans` also their scans' OCR text
 * is simulated by the training's OCR noise). Prints per held-out family the type accuracy, the
 * confusion matrix over all held-out notices and the misread notices (development only).
 *   node --import tsx bench/notices/classifier-lofo.ts [--train-count 10] [--count 2] [--seed 1] [--families F01,F07]
 * Also prints, for comparison, the shipped model on the same notices (all families seen in training).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { classify } from '../../packages/extraction/src/classify.js';
import { ocrNoise, textOf, trainingTexts, trainModel } from './classifier-training.js';
import { rng } from './data.js';
import { confusionTable } from './evaluate.js';
import { generatePooledCorpus } from './generate.js';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const trainCount = Number(arg('train-count') ?? 10);
const count = Number(arg('count') ?? 2);
const seed = Number(arg('seed') ?? 1);
const only = arg('families')?.split(',');

const started = Date.now();
const train = await trainingTexts(trainCount);
console.error(`${train.length} training texts in ${((Date.now() - started) / 1000).toFixed(0)} s`);
const out = mkdtempSync(path.join(os.tmpdir(), 'lofo-'));
const test: { id: string; family: string; type: string; text: string; noisy: string }[] = [];
const noise = rng(seed * 31 + 7);
try {
  const corpus = await generatePooledCorpus({ out, part: 'dev', count, seed, scanEvery: 0 });
  for (const e of corpus) {
    const text = await textOf(readFileSync(e.text));
    test.push({ id: e.id, family: e.layout, type: e.type, text, noisy: ocrNoise(text, noise) });
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
const families = [...new Set(test.map((t) => t.family))].filter(
  (f) => !only || only.some((o) => f.startsWith(o)),
);

type Confusion = Map<string, Map<string, number>>;
const confusion = (): Confusion => new Map();
const count1 = (c: Confusion, truth: string, pred: string) => {
  const row = c.get(truth) ?? new Map<string, number>();
  row.set(pred, (row.get(pred) ?? 0) + 1);
  c.set(truth, row);
};
const lofo = { clean: confusion(), noisy: confusion() };
const shipped = { clean: confusion(), noisy: confusion() };
const rows: string[] = [];
const misses: string[] = [];
let ok = { clean: 0, noisy: 0, n: 0 };
for (const fam of families) {
  const t0 = Date.now();
  const model = trainModel(
    train.filter((t) => t.source !== fam),
    { seed: 20_261_124 },
  );
  const held = test.filter((t) => t.family === fam);
  let c = 0;
  let cn = 0;
  for (const t of held) {
    const a = classify(t.text, model).type;
    const b = classify(t.noisy, model).type;
    count1(lofo.clean, t.type, a);
    count1(lofo.noisy, t.type, b);
    count1(shipped.clean, t.type, classify(t.text).type);
    count1(shipped.noisy, t.type, classify(t.noisy).type);
    if (a === t.type) c++;
    else misses.push(`- ${t.id}: ${t.type} read as ${a} (text)`);
    if (b === t.type) cn++;
    else misses.push(`- ${t.id}: ${t.type} read as ${b} (OCR-noised text)`);
  }
  ok = { clean: ok.clean + c, noisy: ok.noisy + cn, n: ok.n + held.length };
  rows.push(`| ${fam} | ${c}/${held.length} | ${cn}/${held.length} |`);
  console.error(
    `${fam}: ${c}/${held.length} text, ${cn}/${held.length} noised (${((Date.now() - t0) / 1000).toFixed(0)} s)`,
  );
}
const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)} %` : 'n/a');
const matrix = (c: Confusion) => confusionTable((t, q) => c.get(t)?.get(q) ?? 0);
const acc = (c: Confusion) => {
  let a = 0;
  let n = 0;
  for (const [t, row] of c)
    for (const [p, k] of row) {
      n += k;
      if (t === p) a += k;
    }
  return `${pct(a, n)} (${a}/${n})`;
};
console.log(
  [
    `## Leave-one-family-out (development part, \`--train-count ${trainCount} --count ${count} --seed ${seed}\`)`,
    '',
    `Held-out type accuracy: text ${pct(ok.clean, ok.n)} (${ok.clean}/${ok.n}), OCR-noised text ${pct(ok.noisy, ok.n)} (${ok.noisy}/${ok.n}); the shipped model (every family seen) on the same notices: text ${acc(shipped.clean)}, noised ${acc(shipped.noisy)}.`,
    '',
    '| held-out family | text | OCR-noised text |',
    '|---|---|---|',
    ...rows,
    '',
    'Confusion matrix, held-out families, text:',
    '',
    ...matrix(lofo.clean),
    '',
    'Confusion matrix, held-out families, OCR-noised text:',
    '',
    ...matrix(lofo.noisy),
    '',
    'Misread held-out notices (development only):',
    '',
    ...(misses.length ? misses : ['- none']),
  ].join('\n'),
);
