/**
 * Dev-only loop for the scan rules: runs processPdf on the scans of an existing corpus with an
 * OCR engine whose results are cached on disk (bench/notices/out/ocr-cache, keyed by the hash of
 * the rendered page image and the engine's settings), so changes to the field rules can be
 * re-measured in seconds instead of re-OCRing every page. Not used by the product code.
 *   node --import tsx bench/notices/dev-scans.ts [--out dir] [--layouts L1,L7] [--types mahnung] [--ids a,b] [--dump]
 * The corpus must exist (generate.ts or run.ts with the same --out).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  classify,
  createOcrEngine,
  extractFields,
  type OcrEngine,
  type Page,
  pagesText,
  processPdf,
} from '../../packages/extraction/src/index.js';
import { OCR_SETTINGS_VERSION } from '../../packages/extraction/src/ocr.js';
import { type Score, score } from './evaluate.js';
import type { CorpusEntry } from './generate.js';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const out = path.resolve(arg('out') ?? path.join(import.meta.dirname, 'out'));
const cacheDir = path.join(out, 'ocr-cache');
mkdirSync(cacheDir, { recursive: true });
const list = (name: string) => arg(name)?.split(',');

/** Wraps an engine with a disk cache keyed by image hash + OCR settings. */
export function cachedEngine(inner: OcrEngine): OcrEngine & { hits: number; misses: number } {
  const e = {
    hits: 0,
    misses: 0,
    async recognize(input: Parameters<OcrEngine['recognize']>[0]): Promise<Page> {
      const key = createHash('sha1')
        .update(input.png)
        .update(`${OCR_SETTINGS_VERSION}|${input.scale}|${input.pageNumber}`)
        .digest('hex');
      const file = path.join(cacheDir, `${key}.json`);
      if (existsSync(file)) {
        e.hits++;
        return JSON.parse(readFileSync(file, 'utf8')) as Page;
      }
      e.misses++;
      const page = await inner.recognize(input);
      writeFileSync(file, JSON.stringify(page));
      return page;
    },
    terminate: () => inner.terminate(),
  };
  return e;
}

const corpus = JSON.parse(readFileSync(path.join(out, 'corpus.json'), 'utf8')) as CorpusEntry[];
const layouts = list('layouts');
const types = list('types');
const ids = list('ids');
const entries = corpus.filter(
  (e) =>
    e.scan &&
    (!layouts || layouts.some((l) => e.layout.startsWith(l))) &&
    (!types || types.includes(e.type)) &&
    (!ids || ids.includes(e.id)),
);
const src = path.join(import.meta.dirname, '../../packages/extraction/src');
const ocrSources = ['ocr.ts', 'pdf.ts', 'preprocess.ts', 'process.ts']
  .map((f) => readFileSync(path.join(src, f), 'utf8'))
  .join('\n');
const engine = cachedEngine(createOcrEngine({ workers: 1 }));
let fields = 0;
let correct = 0;
let typeOk = 0;
const byLayout = new Map<string, [number, number]>();
const byField = new Map<string, [number, number]>();
const lines: string[] = [];
try {
  for (const e of entries) {
    const truth = JSON.parse(readFileSync(e.truth, 'utf8')) as {
      type: string;
      fields: Record<string, unknown>;
    };
    const bytes = readFileSync(e.scan!);
    // Whole-document cache: the scan's hash + the sources that shape the OCR words.
    const key = createHash('sha1')
      .update(bytes)
      .update(OCR_SETTINGS_VERSION)
      .update(ocrSources)
      .digest('hex');
    const docFile = path.join(cacheDir, `doc-${key}.json`);
    let pages: Page[];
    if (existsSync(docFile)) pages = JSON.parse(readFileSync(docFile, 'utf8')) as Page[];
    else {
      pages = (await processPdf(bytes, { ocr: engine })).pages;
      writeFileSync(docFile, JSON.stringify(pages));
    }
    const type = classify(pagesText(pages)).type;
    const r = { type, fields: extractFields(type, pages), pages };
    const s: Score = score(truth, r);
    fields += s.fields;
    correct += s.correct;
    if (s.typeOk) typeOk++;
    else lines.push(`${e.id} TYPE: expected ${truth.type}, got ${r.type}`);
    const [c, n] = byLayout.get(e.layout) ?? [0, 0];
    byLayout.set(e.layout, [c + s.correct, n + s.fields]);
    for (const f of Object.keys(truth.fields)) {
      const [fc, fn] = byField.get(f) ?? [0, 0];
      byField.set(f, [fc + (s.errors.some((x) => x.field === f) ? 0 : 1), fn + 1]);
    }
    for (const x of s.errors)
      lines.push(
        `${e.id} ${x.field}: expected ${JSON.stringify(x.expected)}, got ${JSON.stringify(x.actual)}`,
      );
    if (process.argv.includes('--dump')) {
      writeFileSync(path.join(out, `${e.id}.scan.txt`), pagesText(r.pages));
      writeFileSync(path.join(out, `${e.id}.scan.pages.json`), JSON.stringify(r.pages));
    }
  }
} finally {
  await engine.terminate();
}
const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(1)} %`;
console.log(lines.join('\n'));
for (const [l, [c, n]] of byLayout) console.log(`${l}: ${pct(c, n)} (${c}/${n})`);
for (const [f, [c, n]] of byField) if (c < n) console.log(`  ${f}: ${c}/${n}`);
console.log(
  `type ${pct(typeOk, entries.length)} (${typeOk}/${entries.length}), fields ${pct(correct, fields)} (${correct}/${fields}); OCR cache ${engine.hits} hits, ${engine.misses} misses`,
);
