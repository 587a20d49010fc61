/**
 * Development part only: the classifier on the letter forms of letters-dev.ts (letters that are
 * no notice, and Mahnung phrasings), by form, on the text and on simulated OCR damage; and the
 * confusion matrix of all development types. Used to measure the engine on these forms before
 * and after a change (issue 9, engineer `types`).
 *
 *   node --import tsx bench/notices/classifier-letters.ts [--count N] [--seed S] [--types sonstiges,mahnung]
 */
import { DOCUMENT_TYPES, type DocumentType } from '@gewst/domain';
import { classify } from '../../packages/extraction/src/classify.js';
import { ocrNoise, textOf } from './classifier-training.js';
import { rng } from './data.js';
import { generatePooledNotice, POOLS } from './generate.js';

const arg = (k: string) => {
  const i = process.argv.indexOf(`--${k}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const count = Number(arg('count') ?? 4);
const seed = Number(arg('seed') ?? 1);
const types = (arg('types')?.split(',') ?? DOCUMENT_TYPES) as DocumentType[];
const r = rng(seed * 31 + 7);
const byForm = new Map<string, { n: number; ok: number; okOcr: number; wrong: Map<string, number> }>();
const matrix = new Map<string, number>();
let all = 0;
let ok = 0;
let okOcr = 0;
for (let i = 0; i < count; i++)
  for (const [fi] of POOLS.dev.families.entries())
    for (const type of types) {
      const n = await generatePooledNotice('dev', seed, type, fi, i);
      const text = await textOf(n.pdf);
      const got = classify(text).type;
      const gotOcr = classify(ocrNoise(text, r)).type;
      const form = `${type} · ${n.styles.sonstiges ?? n.styles.mahn ?? 'classic'}`;
      const t = byForm.get(form) ?? { n: 0, ok: 0, okOcr: 0, wrong: new Map() };
      t.n++;
      all++;
      if (got === type) {
        t.ok++;
        ok++;
      } else t.wrong.set(got, (t.wrong.get(got) ?? 0) + 1);
      if (gotOcr === type) {
        t.okOcr++;
        okOcr++;
      } else t.wrong.set(`${gotOcr} (ocr)`, (t.wrong.get(`${gotOcr} (ocr)`) ?? 0) + 1);
      byForm.set(form, t);
      matrix.set(`${type}>${got}`, (matrix.get(`${type}>${got}`) ?? 0) + 1);
    }
const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(1)} %`;
console.log(
  `seed ${seed}, count ${count}: text ${pct(ok, all)} (${ok}/${all}), OCR-noised ${pct(okOcr, all)} (${okOcr}/${all})`,
);
for (const [form, t] of [...byForm].sort())
  console.log(
    `${form.padEnd(34)} ${String(t.n).padStart(3)}  text ${pct(t.ok, t.n).padStart(7)}  ocr ${pct(t.okOcr, t.n).padStart(7)}  ${[...t.wrong].map(([k, v]) => `${k}×${v}`).join(' ')}`,
  );
console.log(`\ntext confusion (rows true, columns predicted): ${DOCUMENT_TYPES.join(' ')}`);
for (const a of types)
  console.log(
    `${a.padEnd(24)} ${DOCUMENT_TYPES.map((b) => String(matrix.get(`${a}>${b}`) ?? 0).padStart(4)).join('')}`,
  );
