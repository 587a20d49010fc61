/**
 * Type accuracy of the shipped classifier on whole development parts (text and simulated OCR
 * damage), with the confusion matrix per part and the misread notices — fast (no field
 * extraction, no OCR), for a held-out development part measured before any training on it.
 * Development parts only (never a blind part). `--model FILE`: another model than the shipped one
 * (a model trained without the part measures how the classifier meets a new author).
 *   node --import tsx bench/notices/classifier-parts.ts [--parts dev,dev2] [--count 2] [--seed 1] [--model FILE]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { classify, type Model } from '../../packages/extraction/src/classify.js';
import { ocrNoise, textOf } from './classifier-training.js';
import { rng } from './data.js';
import { confusionTable } from './evaluate.js';
import { generatePooledCorpus } from './generate.js';
import type { Part } from './pools.js';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const parts = (arg('parts') ?? 'dev').split(',') as Part[];
for (const p of parts) if (p.startsWith('blind')) throw new Error('development parts only');
const count = Number(arg('count') ?? 2);
const seed = Number(arg('seed') ?? 1);
const noise = rng(seed * 31 + 7);
const modelFile = arg('model');
const model = modelFile ? (JSON.parse(readFileSync(modelFile, 'utf8')) as Model) : undefined;
const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)} %` : 'n/a');
for (const part of parts) {
  const out = mkdtempSync(path.join(os.tmpdir(), 'cls-parts-'));
  const m = { clean: new Map<string, number>(), noisy: new Map<string, number>() };
  const misses: string[] = [];
  let n = 0;
  let ok = 0;
  let okNoisy = 0;
  try {
    const corpus = await generatePooledCorpus({ out, part, count, seed, scanEvery: 0 });
    for (const e of corpus) {
      const text = await textOf(readFileSync(e.text));
      const a = classify(text, model).type;
      const b = classify(ocrNoise(text, noise), model).type;
      n++;
      m.clean.set(`${e.type}>${a}`, (m.clean.get(`${e.type}>${a}`) ?? 0) + 1);
      m.noisy.set(`${e.type}>${b}`, (m.noisy.get(`${e.type}>${b}`) ?? 0) + 1);
      if (a === e.type) ok++;
      else misses.push(`- ${e.id} (${e.layout}): ${e.type} read as ${a} (text)`);
      if (b === e.type) okNoisy++;
      else misses.push(`- ${e.id} (${e.layout}): ${e.type} read as ${b} (OCR-noised)`);
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
  console.log(
    [
      `## ${part} (\`--count ${count} --seed ${seed}\`): type, text ${pct(ok, n)} (${ok}/${n}), OCR-noised ${pct(okNoisy, n)} (${okNoisy}/${n})`,
      '',
      ...confusionTable((t, q) => m.clean.get(`${t}>${q}`) ?? 0),
      '',
      ...(misses.length ? misses : ['- no misread notice']),
      '',
    ].join('\n'),
  );
}
