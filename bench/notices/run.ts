/**
 * Accuracy and speed benchmark of packages/extraction on the generated corpus.
 *   node --import tsx bench/notices/run.ts [--count N] [--seed S] [--layouts L1,L2] [--no-scans] [--no-compare]
 * Writes bench/notices/results.md (and results.json with every error).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { classify, createOcrEngine, extractFields, processPdf } from '../../packages/extraction/src/index.js';
import { pagesText } from '../../packages/extraction/src/process.js';
import { hasTool, pdftotextPages, tesseractPages, toolVersions } from './compare.js';
import { median, type Score, score } from './evaluate.js';
import { generateCorpus } from './generate.js';
import { LAYOUTS } from './layouts.js';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const flag = (name: string) => process.argv.includes(`--${name}`);
const out = path.resolve(arg('out') ?? path.join(import.meta.dirname, 'out'));
const count = Number(arg('count') ?? 1);
const seed = Number(arg('seed') ?? 1);
const layouts = arg('layouts')
  ? LAYOUTS.filter((l) =>
      arg('layouts')!
        .split(',')
        .some((x) => l.id.startsWith(x)),
    )
  : LAYOUTS;
const scans = !flag('no-scans');
const compare = !flag('no-compare');

type Truth = { type: string; fields: Record<string, unknown> };
interface Tally {
  docs: number;
  typeOk: number;
  fields: number;
  correct: number;
  errors: { id: string; field: string; expected: unknown; actual: unknown }[];
  byField: Map<string, [number, number]>;
}
const tally = (): Tally => ({ docs: 0, typeOk: 0, fields: 0, correct: 0, errors: [], byField: new Map() });
function add(t: Tally, id: string, s: Score, truth: Truth) {
  t.docs++;
  if (s.typeOk) t.typeOk++;
  t.fields += s.fields;
  t.correct += s.correct;
  for (const e of s.errors) t.errors.push({ id, ...e });
  for (const f of Object.keys(truth.fields)) {
    const [c, n] = t.byField.get(f) ?? [0, 0];
    t.byField.set(f, [c + (s.errors.some((e) => e.field === f) ? 0 : 1), n + 1]);
  }
}

const started = Date.now();
console.error(`generating ${count} × ${layouts.length} layouts × 7 types into ${out} …`);
const corpus = await generateCorpus({ out, count, seed, scans, layouts });
const res = {
  text: tally(),
  scan: tally(),
  pdftotext: tally(),
  tesseract: tally(),
  textMsPerPage: [] as number[],
  ocrMsPerPage: [] as number[],
  pdftotextMsPerPage: [] as number[],
  tesseractMsPerPage: [] as number[],
  byLayout: new Map<string, [Tally, Tally]>(),
};
const doCompare = compare && hasTool('pdftotext') && hasTool('tesseract');
const ocr = createOcrEngine({ workers: 1 });
try {
  for (const [i, e] of corpus.entries()) {
    const truth = JSON.parse(readFileSync(e.truth, 'utf8')) as Truth;
    const perLayout = res.byLayout.get(e.layout) ?? [tally(), tally()];
    res.byLayout.set(e.layout, perLayout);
    const text = readFileSync(e.text);
    let t0 = performance.now();
    const r = await processPdf(text, { ocr: false });
    res.textMsPerPage.push((performance.now() - t0) / r.pages.length);
    const s = score(truth, r);
    add(res.text, e.id, s, truth);
    add(perLayout[0], e.id, s, truth);
    if (doCompare) {
      const p = pdftotextPages(e.text);
      res.pdftotextMsPerPage.push(p.ms / p.pages.length);
      const type = classify(pagesText(p.pages)).type;
      add(res.pdftotext, e.id, score(truth, { type, fields: extractFields(type, p.pages) }), truth);
    }
    if (e.scan) {
      const bytes = readFileSync(e.scan);
      t0 = performance.now();
      const rs = await processPdf(bytes, { ocr });
      res.ocrMsPerPage.push((performance.now() - t0) / Math.max(1, rs.ocrPages.length));
      const ss = score(truth, rs);
      add(res.scan, e.id, ss, truth);
      add(perLayout[1], e.id, ss, truth);
      if (doCompare) {
        const tp = await tesseractPages(bytes);
        res.tesseractMsPerPage.push(...tp.msPerPage);
        const type = classify(pagesText(tp.pages)).type;
        add(res.tesseract, e.id, score(truth, { type, fields: extractFields(type, tp.pages) }), truth);
      }
    }
    console.error(`${i + 1}/${corpus.length} ${e.id}`);
  }
} finally {
  await ocr.terminate();
}

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)} %` : 'n/a');
const ms = (xs: number[]) => (xs.length ? `${median(xs).toFixed(0)} ms` : 'n/a');
const row = (name: string, t: Tally, time: string) =>
  `| ${name} | ${t.docs} | ${pct(t.typeOk, t.docs)} | ${pct(t.correct, t.fields)} (${t.correct}/${t.fields}) | ${time} |`;
const v = toolVersions();
const lines = [
  '# Notice extraction benchmark — results',
  '',
  `Measured ${new Date().toISOString().slice(0, 10)} on this machine: ${os.cpus().length} cores (${v.cpu}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${v.node}; ${v.pdftotext}; ${v.tesseract}.`,
  `Corpus: \`--count ${count} --seed ${seed}\`, ${layouts.length} layouts × 7 types = ${corpus.length} notices, ${res.text.docs} text PDFs${scans ? ` and ${res.scan.docs} scans` : ''}. Wall time ${((Date.now() - started) / 60000).toFixed(1)} min.`,
  '',
  'Field accuracy = share of ground-truth fields whose normalised value matches exactly (lists as a whole). Type accuracy = share of notices classified as their type. Times are medians per page; OCR includes rendering at 300 dpi.',
  '',
  '| engine | notices | type accuracy | field accuracy | median time / page |',
  '|---|---|---|---|---|',
  row('**@gewst/extraction, text PDFs** (pdf.js text layer)', res.text, ms(res.textMsPerPage)),
  ...(scans
    ? [row('**@gewst/extraction, scans** (tesseract.js deu, 1 worker)', res.scan, ms(res.ocrMsPerPage))]
    : []),
  ...(doCompare
    ? [
        row(
          'comparison: `pdftotext -bbox` words + same rules, text PDFs',
          res.pdftotext,
          ms(res.pdftotextMsPerPage),
        ),
        ...(scans
          ? [
              row(
                'comparison: `tesseract` CLI (OMP_THREAD_LIMIT=1) + same rules, scans',
                res.tesseract,
                ms(res.tesseractMsPerPage),
              ),
            ]
          : []),
      ]
    : []),
  '',
  '## By layout (field accuracy)',
  '',
  '| layout | text | scan |',
  '|---|---|---|',
  ...[...res.byLayout].map(
    ([l, [t, s]]) => `| ${l} | ${pct(t.correct, t.fields)} | ${scans ? pct(s.correct, s.fields) : 'n/a'} |`,
  ),
  '',
  '## By field (text / scan)',
  '',
  '| field | text | scan |',
  '|---|---|---|',
  ...[...res.text.byField].map(([f, [c, n]]) => {
    const [sc, sn] = res.scan.byField.get(f) ?? [0, 0];
    return `| ${f} | ${pct(c, n)} | ${scans ? pct(sc, sn) : 'n/a'} |`;
  }),
  '',
  '## Errors (first 40 per engine)',
  '',
  ...(['text', 'scan'] as const).flatMap((k) => [
    `### ${k}`,
    '',
    ...res[k].errors
      .slice(0, 40)
      .map(
        (e) =>
          `- ${e.id} \`${e.field}\`: expected \`${JSON.stringify(e.expected)}\`, got \`${JSON.stringify(e.actual)}\``,
      ),
    '',
  ]),
];
writeFileSync(path.join(import.meta.dirname, 'results.md'), `${lines.join('\n')}\n`);
writeFileSync(
  path.join(out, 'results.json'),
  JSON.stringify(
    {
      text: res.text.errors,
      scan: res.scan.errors,
      pdftotext: res.pdftotext.errors,
      tesseract: res.tesseract.errors,
    },
    null,
    2,
  ),
);
console.log(lines.slice(0, 14).join('\n'));
