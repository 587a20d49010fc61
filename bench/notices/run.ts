/**
 * Accuracy and speed benchmark of packages/extraction on the generated corpus, in two parts:
 * development (pools-dev.ts) and blind (pools-blind.ts), plus a second blind part by an
 * independent author (blind2, pools-blind2.ts), a third (blind3, pools-blind3.ts) and a fourth
 * (blind4, pools-blind4.ts) and a fifth (blind5, pools-blind5.ts), a sixth (blind6, pools-blind6.ts)
 * a seventh (blind7, pools-blind7.ts) and an eighth (blind8, pools-blind8.ts). Of the blind parts
 * only aggregate figures are printed: no file names, no values, no per-file errors, no per-family
 * figures.
 *   node --import tsx bench/notices/run.ts [--count N] [--seed S] [--parts dev,dev5,blind,blind2,blind3,blind4,blind5,blind6,blind7,blind8]
 *     [--scan-every K] [--blind-scan-every K] [--scan-profile default|rough] [--no-compare] [--families F01,F07] [--out dir] [--label text]
 * Writes bench/notices/results.md (and out/dev-errors.json, out/dev2-errors.json, out/dev3-errors.json,
 * out/dev4-errors.json, out/dev5-errors.json with the errors of the development parts only; dev2 =
 * pools-dev2.ts, dev3 = pools-dev3.ts, dev4 = pools-dev4.ts and dev5 = pools-dev5.ts, development
 * parts by independent authors).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DOCUMENT_TYPE_FIELDS, DOCUMENT_TYPES } from '@gewst/domain';
import { classify, createOcrEngine, extractFields, processPdf } from '../../packages/extraction/src/index.js';
import { pagesText } from '../../packages/extraction/src/process.js';
import { hasTool, pdftotextPages, tesseractPages, toolVersions } from './compare.js';
import { confusionTable, median, type Score, score } from './evaluate.js';
import { generatePooledCorpus, type PooledEntry } from './generate.js';
import type { Part } from './pools.js';
import { SCAN_PROFILES, type ScanProfile } from './scan.js';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const flag = (name: string) => process.argv.includes(`--${name}`);
const out = path.resolve(arg('out') ?? path.join(import.meta.dirname, 'out'));
const count = Number(arg('count') ?? 1);
const seed = Number(arg('seed') ?? 1);
const parts = (arg('parts') ?? 'dev,blind').split(',') as Part[];
for (const p of parts)
  if (
    ![
      'dev',
      'dev2',
      'dev3',
      'dev4',
      'dev5',
      'blind',
      'blind2',
      'blind3',
      'blind4',
      'blind5',
      'blind6',
      'blind7',
      'blind8',
    ].includes(p)
  )
    throw new Error(`unknown part ${p}`);
/** Development parts: per-file errors and per-family figures are written; of the others only aggregates. */
const isDev = (p: Part) => p === 'dev' || p === 'dev2' || p === 'dev3' || p === 'dev4' || p === 'dev5';
// Every K-th notice also as a scan; K coprime to the 7 types so every type gets scans.
const scanEvery = Number(arg('scan-every') ?? 3);
// The blind parts may be scanned more densely than the development part (a larger blind scan sample).
const blindScanEvery = Number(arg('blind-scan-every') ?? scanEvery);
const families = arg('families')?.split(',');
// The scans' profile: 'default' (gentle, the recorded figures) or 'rough' (skew to ±3.5°, 150–200 dpi, upside-down pages).
const scanProfile = (arg('scan-profile') ?? 'default') as ScanProfile;
if (!SCAN_PROFILES.includes(scanProfile)) throw new Error(`unknown scan profile ${scanProfile}`);
const compare = !flag('no-compare') && hasTool('pdftotext') && hasTool('tesseract');
const label = arg('label') ?? '';

type Truth = { type: string; fields: Record<string, unknown> };
interface Tally {
  docs: number;
  typeOk: number;
  fields: number;
  correct: number;
  errors: { id: string; field: string; expected: unknown; actual: unknown }[];
  byField: Map<string, [number, number]>;
  /** type → [docs, typeOk, fields, correct] */
  byType: Map<string, [number, number, number, number]>;
  byFamily: Map<string, [number, number]>;
  /** truth type → predicted type → count */
  confusion: Map<string, Map<string, number>>;
}
const tally = (): Tally => ({
  docs: 0,
  typeOk: 0,
  fields: 0,
  correct: 0,
  errors: [],
  byField: new Map(),
  byType: new Map(),
  byFamily: new Map(),
  confusion: new Map(),
});
function add(t: Tally, e: PooledEntry, s: Score, truth: Truth, predicted: string) {
  t.docs++;
  if (s.typeOk) t.typeOk++;
  t.fields += s.fields;
  t.correct += s.correct;
  if (isDev(e.part)) for (const x of s.errors) t.errors.push({ id: e.id, ...x });
  for (const f of Object.keys(truth.fields)) {
    const [c, n] = t.byField.get(f) ?? [0, 0];
    t.byField.set(f, [c + (s.errors.some((x) => x.field === f) ? 0 : 1), n + 1]);
  }
  const bt = t.byType.get(truth.type) ?? [0, 0, 0, 0];
  t.byType.set(truth.type, [bt[0] + 1, bt[1] + (s.typeOk ? 1 : 0), bt[2] + s.fields, bt[3] + s.correct]);
  const bf = t.byFamily.get(e.layout) ?? [0, 0];
  t.byFamily.set(e.layout, [bf[0] + s.correct, bf[1] + s.fields]);
  const row = t.confusion.get(truth.type) ?? new Map<string, number>();
  row.set(predicted, (row.get(predicted) ?? 0) + 1);
  t.confusion.set(truth.type, row);
}

const started = Date.now();
const res = new Map<Part, { text: Tally; scan: Tally }>();
const times = {
  text: [] as number[],
  ocr: [] as number[],
  pdftotext: [] as number[],
  tesseract: [] as number[],
};
const cmp = { pdftotext: tally(), tesseract: tally() };
const ocr = createOcrEngine({ workers: 1 });
const corpusSize = { text: 0, scan: 0 };
try {
  for (const part of parts) {
    rmSync(path.join(out, part), { recursive: true, force: true });
    console.error(`generating the ${part} part …`);
    const corpus = await generatePooledCorpus({
      out,
      part,
      count,
      seed,
      scanEvery: isDev(part) ? scanEvery : blindScanEvery,
      families,
      scanProfile,
    });
    const r = { text: tally(), scan: tally() };
    res.set(part, r);
    for (const [i, e] of corpus.entries()) {
      const truth = JSON.parse(readFileSync(e.truth, 'utf8')) as Truth;
      const text = readFileSync(e.text);
      let t0 = performance.now();
      const rt = await processPdf(text, { ocr: false });
      times.text.push((performance.now() - t0) / rt.pages.length);
      add(r.text, e, score(truth, rt), truth, rt.type);
      corpusSize.text++;
      if (compare && part === 'dev') {
        const p = pdftotextPages(e.text);
        times.pdftotext.push(p.ms / p.pages.length);
        const type = classify(pagesText(p.pages)).type;
        add(cmp.pdftotext, e, score(truth, { type, fields: extractFields(type, p.pages) }), truth, type);
      }
      if (e.scan) {
        const bytes = readFileSync(e.scan);
        t0 = performance.now();
        const rs = await processPdf(bytes, { ocr });
        times.ocr.push((performance.now() - t0) / Math.max(1, rs.ocrPages.length));
        add(r.scan, e, score(truth, rs), truth, rs.type);
        corpusSize.scan++;
        if (compare && part === 'dev') {
          const tp = await tesseractPages(bytes);
          times.tesseract.push(...tp.msPerPage);
          const type = classify(pagesText(tp.pages)).type;
          add(cmp.tesseract, e, score(truth, { type, fields: extractFields(type, tp.pages) }), truth, type);
        }
      }
      if (isDev(part) || (i + 1) % 20 === 0) console.error(`${part} ${i + 1}/${corpus.length}`);
    }
  }
} finally {
  await ocr.terminate();
}

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)} %` : 'n/a');
const ms = (xs: number[]) => (xs.length ? `${median(xs).toFixed(0)} ms` : 'n/a');
const v = toolVersions();
const P = (p: Part) => res.get(p);
const cell = (t: Tally | undefined, kind: 'type' | 'fields') =>
  !t || !t.docs
    ? 'n/a'
    : kind === 'type'
      ? `${pct(t.typeOk, t.docs)} (${t.typeOk}/${t.docs})`
      : `${pct(t.correct, t.fields)} (${t.correct}/${t.fields})`;
const lines: string[] = [
  '# Notice extraction benchmark — results',
  '',
  `Measured ${new Date().toISOString().slice(0, 10)}${label ? ` (${label})` : ''} on this machine: ${os.cpus().length} cores (${v.cpu}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${v.node}; ${v.pdftotext}; ${v.tesseract}.`,
  `Corpus: \`--count ${count} --seed ${seed} --scan-every ${scanEvery}${blindScanEvery !== scanEvery ? ` --blind-scan-every ${blindScanEvery}` : ''}${scanProfile !== 'default' ? ` --scan-profile ${scanProfile}` : ''}\`${families ? ` families ${families.join(',')}` : ''}: ${corpusSize.text} text PDFs, ${corpusSize.scan} scans. Wall time ${((Date.now() - started) / 60000).toFixed(1)} min.`,
  '',
  'Field accuracy = share of ground-truth fields whose normalised value matches exactly (lists as a whole). Type accuracy = share of notices classified as their type. The goals (type ≥ 99 %, fields ≥ 98 % text / ≥ 93 % scans) apply to the blind part.',
  '',
  '| part | text: type | text: fields | scans: type | scans: fields |',
  '|---|---|---|---|---|',
  ...parts.map(
    (p) =>
      `| ${p} | ${cell(P(p)?.text, 'type')} | ${cell(P(p)?.text, 'fields')} | ${cell(P(p)?.scan, 'type')} | ${cell(P(p)?.scan, 'fields')} |`,
  ),
  '',
  '## Time per page (medians, same run)',
  '',
  '| engine | median time / page |',
  '|---|---|',
  `| @gewst/extraction, text PDFs (pdf.js text layer, whole processPdf) | ${ms(times.text)} |`,
  `| @gewst/extraction, scans (render + tesseract.js deu + fields, per OCR page) | ${ms(times.ocr)} |`,
  ...(compare
    ? [
        `| \`pdftotext -bbox\` (development text PDFs; tool alone) | ${ms(times.pdftotext)} |`,
        `| \`tesseract\` CLI, OMP_THREAD_LIMIT=1, 300 dpi PNG (development scans; tool alone) | ${ms(times.tesseract)} |`,
        '',
        `Comparison engines with the same rules (development part): pdftotext words ${cell(cmp.pdftotext, 'type')} type / ${cell(cmp.pdftotext, 'fields')} fields; tesseract CLI words ${cell(cmp.tesseract, 'type')} type / ${cell(cmp.tesseract, 'fields')} fields.`,
      ]
    : []),
  '',
  '## By type (type accuracy / field accuracy)',
  '',
  `| type | ${parts.map((p) => `${p} text | ${p} scans`).join(' | ')} |`,
  `|---|${parts.map(() => '---|---').join('|')}|`,
  ...DOCUMENT_TYPES.map((ty) => {
    const c = (t: Tally | undefined) => {
      const x = t?.byType.get(ty);
      return x ? `${pct(x[1], x[0])} / ${pct(x[3], x[2])}` : 'n/a';
    };
    return `| ${ty} | ${parts.map((p) => `${c(P(p)?.text)} | ${c(P(p)?.scan)}`).join(' | ')} |`;
  }),
  '',
  '## By field (field accuracy)',
  '',
  `| field | ${parts.map((p) => `${p} text | ${p} scans`).join(' | ')} |`,
  `|---|${parts.map(() => '---|---').join('|')}|`,
  ...[...new Set(Object.values(DOCUMENT_TYPE_FIELDS).flat())].map((f) => {
    const c = (t: Tally | undefined) => {
      const x = t?.byField.get(f);
      return x ? `${pct(x[0], x[1])} (${x[1]})` : 'n/a';
    };
    return `| ${f} | ${parts.map((p) => `${c(P(p)?.text)} | ${c(P(p)?.scan)}`).join(' | ')} |`;
  }),
  '',
  '## Confusion matrix of the classifier (rows: true type, columns: predicted; text and scans together)',
  '',
];
for (const p of parts) {
  const r = P(p);
  if (!r) continue;
  lines.push(
    `### ${p}`,
    '',
    ...confusionTable(
      (t, q) => (r.text.confusion.get(t)?.get(q) ?? 0) + (r.scan.confusion.get(t)?.get(q) ?? 0),
    ),
    '',
  );
}
for (const devPart of ['dev', 'dev2', 'dev3', 'dev4', 'dev5'] as const) {
  const dev = P(devPart);
  if (!dev) continue;
  const suffix = devPart === 'dev' ? '' : ` (${devPart})`;
  lines.push(
    `## Development part${suffix} by family (field accuracy, text / scans)`,
    '',
    '| family | text | scans |',
    '|---|---|---|',
  );
  for (const [f, [c, n]] of [...dev.text.byFamily].sort()) {
    const s = dev.scan.byFamily.get(f);
    lines.push(`| ${f} | ${pct(c, n)} | ${s ? pct(s[0], s[1]) : 'n/a'} |`);
  }
  lines.push('', `## Development errors${suffix} (first 60 per engine; the blind part lists none)`, '');
  for (const k of ['text', 'scan'] as const) {
    lines.push(`### ${k}`, '');
    for (const e of dev[k].errors.slice(0, 60))
      lines.push(
        `- ${e.id} \`${e.field}\`: expected \`${JSON.stringify(e.expected)}\`, got \`${JSON.stringify(e.actual)}\``,
      );
    lines.push('');
  }
  writeFileSync(
    path.join(out, `${devPart}-errors.json`),
    JSON.stringify({ text: dev.text.errors, scan: dev.scan.errors }, null, 2),
  );
}
const target = arg('results') ?? path.join(import.meta.dirname, 'results.md');
writeFileSync(target, `${lines.join('\n')}\n`);
console.log(lines.slice(0, 12 + parts.length).join('\n'));
