/**
 * Trains the notice classifier of packages/extraction on the generated DEVELOPMENT corpus
 * only (pools-dev.ts and the eight classic layouts; never the blind pools) and writes
 * packages/extraction/src/classifier-model.json.
 *   npm run train:classifier [-- --count N]
 * Multinomial logistic regression (AdaGrad, L2) over the features of `features()` in
 * classify.ts; every text also enters once with simulated OCR damage (ß/ss, lost umlauts,
 * 0/O and l/1 confusions, split and joined words). Deterministic for a given --count.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { DOCUMENT_TYPES, type DocumentType } from '@gewst/domain';
import { features, type Model } from '../../packages/extraction/src/classify.js';
import { extractText, pagesText } from '../../packages/extraction/src/process.js';
import { rng } from './data.js';
import { generateNotice, generatePooledNotice, POOLS } from './generate.js';
import { LAYOUTS } from './layouts.js';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const count = Number(arg('count') ?? 6);
const r = rng(20_261_124);

/** Simulated OCR damage of a clean text. */
export function ocrNoise(text: string, rand: () => number): string {
  let s = text;
  if (rand() < 0.5) s = s.replace(/ß/g, () => (rand() < 0.5 ? 'ss' : 'B'));
  if (rand() < 0.5) s = s.replace(/[äöü]/g, (c) => (rand() < 0.4 ? ({ ä: 'a', ö: 'o', ü: 'u' }[c] ?? c) : c));
  return s.replace(/\S+/g, (w) => {
    const x = rand();
    if (x < 0.03 && w.length > 8) {
      const k = 3 + Math.floor(rand() * (w.length - 6));
      return `${w.slice(0, k)} ${w.slice(k)}`;
    }
    if (x < 0.06) return w.replace(/l/g, '1').replace(/O/g, '0');
    if (x < 0.08) return w.replace(/i/g, 'l');
    return w;
  });
}

const docs: { text: string; y: number }[] = [];
const addText = (text: string, type: DocumentType) => {
  const y = DOCUMENT_TYPES.indexOf(type);
  docs.push({ text, y }, { text: ocrNoise(text, r), y });
};
const textOf = async (pdf: Uint8Array) => pagesText((await extractText(pdf, { ocr: false })).pages);

const started = Date.now();
for (let i = 0; i < count; i++) {
  for (const fi of POOLS.dev.families.keys()) {
    for (const type of DOCUMENT_TYPES) {
      const n = await generatePooledNotice('dev', 1000 + i, type, fi, i);
      addText(await textOf(n.pdf), type);
    }
  }
  for (const l of LAYOUTS) {
    for (const type of DOCUMENT_TYPES) {
      const n = await generateNotice(5000 + i, type, l);
      addText(await textOf(n.pdf), type);
    }
  }
}
console.error(`${docs.length} training texts in ${((Date.now() - started) / 1000).toFixed(0)} s`);

// Features seen in fewer than 4 texts (names, numbers, one-off words) are left out: the model
// must rest on what notices of a type share, not on what identifies one training letter.
const raw = docs.map((d) => features(d.text));
const df = new Map<string, number>();
for (const x of raw) for (const f of x.keys()) df.set(f, (df.get(f) ?? 0) + 1);
const X = raw.map((x) => new Map([...x].filter(([f]) => (df.get(f) ?? 0) >= 4)));
const K = DOCUMENT_TYPES.length;
const W = new Map<string, Float64Array>();
const G = new Map<string, Float64Array>();
const bias = new Float64Array(K);
const gBias = new Float64Array(K).fill(1e-8);
const lr = 0.5;
const l2 = 1e-4;
const order = docs.map((_, i) => i);
for (let epoch = 0; epoch < 12; epoch++) {
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  let loss = 0;
  for (const idx of order) {
    const x = X[idx]!;
    const y = docs[idx]!.y;
    const z = Array.from(bias);
    for (const [f, v] of x) {
      const w = W.get(f);
      if (w) for (let c = 0; c < K; c++) z[c]! += w[c]! * v;
    }
    const max = Math.max(...z);
    const e = z.map((v) => Math.exp(v - max));
    const sum = e.reduce((a, b) => a + b, 0);
    const p = e.map((v) => v / sum);
    loss -= Math.log(p[y]! + 1e-12);
    for (let c = 0; c < K; c++) {
      const g = p[c]! - (c === y ? 1 : 0);
      gBias[c]! += g * g;
      bias[c]! -= (lr * g) / Math.sqrt(gBias[c]!);
    }
    for (const [f, v] of x) {
      let w = W.get(f);
      let gg = G.get(f);
      if (!w || !gg) {
        w = new Float64Array(K);
        gg = new Float64Array(K).fill(1e-8);
        W.set(f, w);
        G.set(f, gg);
      }
      for (let c = 0; c < K; c++) {
        const g = (p[c]! - (c === y ? 1 : 0)) * v + l2 * w[c]!;
        gg[c]! += g * g;
        w[c]! -= (lr * g) / Math.sqrt(gg[c]!);
      }
    }
  }
  console.error(`epoch ${epoch + 1}: mean loss ${(loss / docs.length).toFixed(4)}`);
}

// Keep the features that matter (largest weight spread), rounded: the shipped file stays small.
const ranked = [...W]
  .map(([f, w]) => [f, Math.max(...w) - Math.min(...w)] as const)
  .sort((a, b) => b[1] - a[1]);
const keep = ranked.slice(0, 5000).filter(([, spread]) => spread > 0.05);
const q = (x: number) => Math.round(x * 1000) / 1000;
const model: Model = {
  version: 1,
  classes: [...DOCUMENT_TYPES],
  bias: Array.from(bias, q),
  weights: Object.fromEntries(keep.map(([f]) => [f, Array.from(W.get(f)!, q)])),
};
const file = path.resolve(import.meta.dirname, '../../packages/extraction/src/classifier-model.json');
writeFileSync(file, `${JSON.stringify(model)}\n`);
console.error(`${keep.length} features written to ${file}`);
