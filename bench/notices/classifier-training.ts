/**
 * Training of the notice classifier of packages/extraction, shared by `train-classifier.ts`
 * (writes the shipped model) and `classifier-lofo.ts` (leave-one-family-out measure). Draws
 * from the DEVELOPMENT pools (pools-dev.ts) and the eight classic layouts only, never a blind part.
 * Multinomial logistic regression (AdaGrad, L2) over the features of `features()` in classify.ts;
 * every text also enters once with simulated OCR damage (ß/ss, lost umlauts, 0/O and l/1
 * confusions, split words). Deterministic for given texts and seed.
 */
import { DOCUMENT_TYPES, type DocumentType } from '@gewst/domain';
import { features, type Model } from '../../packages/extraction/src/classify.js';
import { extractText, pagesText } from '../../packages/extraction/src/process.js';
import { rng } from './data.js';
import { generateNotice, generatePooledNotice, POOLS } from './generate.js';
import { LAYOUTS } from './layouts.js';

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

/** A training text: its type and where it came from (a development family id or a classic layout id). */
export interface TrainingText {
  text: string;
  type: DocumentType;
  source: string;
}

export const textOf = async (pdf: Uint8Array) => pagesText((await extractText(pdf, { ocr: false })).pages);

/** `count` notices per (development family or classic layout, type), seeds disjoint from the benchmark's. */
export async function trainingTexts(count: number): Promise<TrainingText[]> {
  const out: TrainingText[] = [];
  for (let i = 0; i < count; i++) {
    for (const [fi, fam] of POOLS.dev.families.entries()) {
      for (const type of DOCUMENT_TYPES) {
        const n = await generatePooledNotice('dev', 1000 + i, type, fi, i);
        out.push({ text: await textOf(n.pdf), type, source: fam.id });
      }
    }
    for (const l of LAYOUTS) {
      for (const type of DOCUMENT_TYPES) {
        const n = await generateNotice(5000 + i, type, l);
        out.push({ text: await textOf(n.pdf), type, source: l.id });
      }
    }
  }
  return out;
}

export interface TrainOptions {
  seed?: number;
  epochs?: number;
  /** Features kept in the model (largest weight spread first). */
  maxFeatures?: number;
  log?: (line: string) => void;
}

export function trainModel(texts: readonly TrainingText[], opts: TrainOptions = {}): Model {
  const r = rng(opts.seed ?? 20_261_124);
  const docs: { text: string; y: number }[] = [];
  for (const t of texts) {
    const y = DOCUMENT_TYPES.indexOf(t.type);
    docs.push({ text: t.text, y }, { text: ocrNoise(t.text, r), y });
  }
  // Features seen in fewer than 4 texts (names, numbers, one-off words) are left out: the model
  // must rest on what notices of a type share, not on what identifies one training letter.
  const raw = docs.map((d) => features(d.text));
  const df = new Map<string, number>();
  for (const x of raw) for (const f of x.keys()) df.set(f, (df.get(f) ?? 0) + 1);
  const X = raw.map((x) => [...x].filter(([f]) => (df.get(f) ?? 0) >= 4));
  const K = DOCUMENT_TYPES.length;
  const epochs = opts.epochs ?? 5;
  const fit = (rows: [string, number][][], label: string) => {
    const W = new Map<string, Float64Array>();
    const G = new Map<string, Float64Array>();
    const bias = new Float64Array(K);
    const gBias = new Float64Array(K).fill(1e-8);
    const lr = 0.5;
    const l2 = 1e-4;
    const order = docs.map((_, i) => i);
    for (let epoch = 0; epoch < epochs; epoch++) {
      for (let i = order.length - 1; i > 0; i--) {
        const j = Math.floor(r() * (i + 1));
        [order[i], order[j]] = [order[j]!, order[i]!];
      }
      let loss = 0;
      for (const idx of order) {
        const x = rows[idx]!;
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
      opts.log?.(`${label} epoch ${epoch + 1}: mean loss ${(loss / docs.length).toFixed(4)}`);
    }
    return { W, bias };
  };
  // Pass 1 on every feature chooses the features that matter (largest weight spread); pass 2
  // refits on those only, so the shipped (small) model carries all of its weight in the
  // features it keeps — pruning a model fitted on all features left texts with almost none of
  // their weight (a classic Messbescheid at 0.29 confidence).
  const first = fit(X, 'selection');
  const keep = new Set(
    [...first.W]
      .map(([f, w]) => [f, Math.max(...w) - Math.min(...w)] as const)
      .sort((a, b) => b[1] - a[1])
      .slice(0, opts.maxFeatures ?? 5000)
      .filter(([, spread]) => spread > 0.05)
      .map(([f]) => f),
  );
  const { W, bias } = fit(
    X.map((x) => x.filter(([f]) => keep.has(f))),
    'refit',
  );
  const q = (x: number) => Math.round(x * 1000) / 1000;
  return {
    version: 1,
    classes: [...DOCUMENT_TYPES],
    bias: Array.from(bias, q),
    weights: Object.fromEntries([...keep].filter((f) => W.has(f)).map((f) => [f, Array.from(W.get(f)!, q)])),
  };
}
