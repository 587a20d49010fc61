/**
 * Honest generalisation measures of the notice classifier that need no blind data.
 *
 * Leave-one-PART-out (`--hold-part dev,dev2,dev3,dev4`): each development part is written by its
 * own author; for each held-out part the classifier is trained on the OTHER development parts
 * and the classic layouts (as `train:classifier` does, seeds disjoint from the benchmark's) and
 * classifies the held-out part's benchmark corpus (`run.ts --parts P --count N --seed S`, text
 * PDFs, and the same texts with the training's simulated OCR damage). This is what a fresh
 * author's notices meet.
 *
 * Leave-one-family-out (default, `--part dev`): for each family Fk of one development part the
 * classifier is trained without Fk (everything else as `train:classifier`) and classifies Fk's
 * notices of the benchmark corpus.
 *
 * Prints per held-out part or family the type accuracy, the confusion matrices over all held-out
 * notices and the misread notices (development only), and the shipped model on the same notices.
 *   node --import tsx bench/notices/classifier-lofo.ts [--hold-part dev,dev2,dev3,dev4] [--part dev]
 *     [--families F01,F07] [--train-count 10] [--count 2] [--seed 1] [--cache /tmp/texts.json]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { classify } from '../../packages/extraction/src/classify.js';
import {
  DEV_PARTS,
  type DevPart,
  ocrNoise,
  textOf,
  type TrainingText,
  trainingTexts,
  trainModel,
} from './classifier-training.js';
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
const holdParts = arg('hold-part')?.split(',') as DevPart[] | undefined;
const famPart = (arg('part') ?? 'dev') as DevPart;
for (const p of [...(holdParts ?? []), famPart])
  if (!DEV_PARTS.includes(p)) throw new Error(`development parts only (${DEV_PARTS.join(', ')})`);

const started = Date.now();
const train = await trainingTexts(trainCount, { cache: arg('cache') });
console.error(`${train.length} training texts in ${((Date.now() - started) / 1000).toFixed(0)} s`);

interface TestText {
  id: string;
  part: DevPart;
  family: string;
  type: string;
  text: string;
  noisy: string;
}
const test: TestText[] = [];
const noise = rng(seed * 31 + 7);
for (const part of holdParts ?? [famPart]) {
  const out = mkdtempSync(path.join(os.tmpdir(), 'lofo-'));
  try {
    const corpus = await generatePooledCorpus({ out, part, count, seed, scanEvery: 0 });
    for (const e of corpus) {
      const text = await textOf(readFileSync(e.text));
      test.push({ id: e.id, part, family: e.layout, type: e.type, text, noisy: ocrNoise(text, noise) });
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** The held-out groups: whole parts, or the families of one part. */
const groups: { name: string; held: TestText[]; keep: (t: TrainingText) => boolean }[] = holdParts
  ? holdParts.map((p) => ({ name: p, held: test.filter((t) => t.part === p), keep: (t) => t.part !== p }))
  : [...new Set(test.map((t) => t.family))]
      .filter((f) => !only || only.some((o) => f.startsWith(o)))
      .map((f) => ({
        name: f,
        held: test.filter((t) => t.family === f),
        keep: (t) => t.source !== `${famPart}:${f}`,
      }));

type Confusion = Map<string, Map<string, number>>;
const confusion = (): Confusion => new Map();
const count1 = (c: Confusion, truth: string, pred: string) => {
  const row = c.get(truth) ?? new Map<string, number>();
  row.set(pred, (row.get(pred) ?? 0) + 1);
  c.set(truth, row);
};
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
const lofo = { clean: confusion(), noisy: confusion() };
const shipped = { clean: confusion(), noisy: confusion() };
const rows: string[] = [];
const perGroup: string[] = [];
const misses: string[] = [];
let ok = { clean: 0, noisy: 0, n: 0 };
for (const g of groups) {
  const t0 = Date.now();
  const model = trainModel(train.filter(g.keep), { seed: 20_261_124 });
  const mine = { clean: confusion(), noisy: confusion() };
  let c = 0;
  let cn = 0;
  for (const t of g.held) {
    const a = classify(t.text, model).type;
    const b = classify(t.noisy, model).type;
    for (const m of [lofo, mine]) {
      count1(m.clean, t.type, a);
      count1(m.noisy, t.type, b);
    }
    count1(shipped.clean, t.type, classify(t.text).type);
    count1(shipped.noisy, t.type, classify(t.noisy).type);
    if (a === t.type) c++;
    else misses.push(`- ${t.id} (${t.family}): ${t.type} read as ${a} (text)`);
    if (b === t.type) cn++;
    else misses.push(`- ${t.id} (${t.family}): ${t.type} read as ${b} (OCR-noised text)`);
  }
  ok = { clean: ok.clean + c, noisy: ok.noisy + cn, n: ok.n + g.held.length };
  rows.push(
    `| ${g.name} | ${pct(c, g.held.length)} (${c}/${g.held.length}) | ${pct(cn, g.held.length)} (${cn}/${g.held.length}) |`,
  );
  if (holdParts)
    perGroup.push(
      `Held-out ${g.name}, text:`,
      '',
      ...matrix(mine.clean),
      '',
      `Held-out ${g.name}, OCR-noised text:`,
      '',
      ...matrix(mine.noisy),
      '',
    );
  console.error(
    `${g.name}: ${c}/${g.held.length} text, ${cn}/${g.held.length} noised (${((Date.now() - t0) / 1000).toFixed(0)} s)`,
  );
}
const what = holdParts ? 'part' : 'family';
console.log(
  [
    holdParts
      ? `## Leave-one-part-out (train on the other development parts + classic layouts; \`--train-count ${trainCount} --count ${count} --seed ${seed}\`)`
      : `## Leave-one-family-out (${famPart}, \`--train-count ${trainCount} --count ${count} --seed ${seed}\`)`,
    '',
    `Held-out type accuracy: text ${pct(ok.clean, ok.n)} (${ok.clean}/${ok.n}), OCR-noised text ${pct(ok.noisy, ok.n)} (${ok.noisy}/${ok.n}); the shipped model on the same notices: text ${acc(shipped.clean)}, noised ${acc(shipped.noisy)}.`,
    '',
    `| held-out ${what} | text | OCR-noised text |`,
    '|---|---|---|',
    ...rows,
    '',
    ...perGroup,
    `Confusion matrix, all held-out ${what}s, text:`,
    '',
    ...matrix(lofo.clean),
    '',
    `Confusion matrix, all held-out ${what}s, OCR-noised text:`,
    '',
    ...matrix(lofo.noisy),
    '',
    'Misread held-out notices (development only):',
    '',
    ...(misses.length ? misses : ['- none']),
  ].join('\n'),
);
