/**
 * Corpus generator: notices of every type in every layout, as text PDF and as scan, with the
 * ground truth beside each.
 *   node --import tsx bench/notices/generate.ts [--count N] [--out dir] [--seed S] [--no-scans]
 * --count N: notices per (type, layout) pair (default 1).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildLetter } from './content.js';
import { loadMunicipalities, type Municipality, rng } from './data.js';
import { LAYOUTS, type Layout } from './layouts.js';
import { makeNotice, type NoticeType, TYPES, truth } from './notice.js';
import { renderLetter } from './render.js';
import { scanOptions, scanPdf } from './scan.js';

export interface GeneratedNotice {
  id: string;
  type: NoticeType;
  layout: string;
  pdf: Uint8Array;
  truth: Record<string, unknown>;
}

let cachedMunicipalities: Municipality[] | null = null;
const municipalities = () => (cachedMunicipalities ??= loadMunicipalities());

/** One notice, reproducible from (seed, type, layout). */
export async function generateNotice(
  seed: number,
  type: NoticeType,
  layout: Layout | string,
): Promise<GeneratedNotice> {
  const l =
    typeof layout === 'string' ? LAYOUTS.find((x) => x.id === layout || x.id.startsWith(layout)) : layout;
  if (!l) throw new Error(`unknown layout ${String(layout)}`);
  const r = rng(seed * 7919 + TYPES.indexOf(type) * 131 + LAYOUTS.indexOf(l) * 17);
  const data = makeNotice(r, type, municipalities());
  const pdf = await renderLetter(buildLetter(data, l), l);
  return {
    id: `${l.id.slice(0, 2)}-${type}-${seed}`,
    type,
    layout: l.id,
    pdf,
    truth: truth(data, l.printsAgs),
  };
}

/** The scanned variant of a generated notice. */
export async function scanNotice(n: GeneratedNotice, seed: number): Promise<Uint8Array> {
  const r = rng(seed * 104729 + n.id.length * 31 + n.pdf.length);
  return scanPdf(n.pdf, scanOptions(r), r);
}

export interface CorpusEntry {
  id: string;
  type: NoticeType;
  layout: string;
  text: string;
  scan?: string;
  truth: string;
}

export async function generateCorpus(opts: {
  out: string;
  count?: number;
  seed?: number;
  scans?: boolean;
  types?: readonly NoticeType[];
  layouts?: readonly Layout[];
}): Promise<CorpusEntry[]> {
  const { out, count = 1, seed = 1, scans = true } = opts;
  mkdirSync(out, { recursive: true });
  const entries: CorpusEntry[] = [];
  for (let i = 0; i < count; i++) {
    for (const l of opts.layouts ?? LAYOUTS) {
      for (const type of opts.types ?? TYPES) {
        const n = await generateNotice(seed + i, type, l);
        const base = path.join(out, n.id);
        const entry: CorpusEntry = {
          id: n.id,
          type,
          layout: l.id,
          text: `${base}.pdf`,
          truth: `${base}.json`,
        };
        writeFileSync(entry.text, n.pdf);
        if (scans) {
          entry.scan = `${base}.scan.pdf`;
          writeFileSync(entry.scan, await scanNotice(n, seed + i));
        }
        writeFileSync(entry.truth, `${JSON.stringify({ type, layout: l.id, fields: n.truth }, null, 2)}\n`);
        entries.push(entry);
      }
    }
  }
  writeFileSync(path.join(out, 'corpus.json'), `${JSON.stringify(entries, null, 2)}\n`);
  return entries;
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('generate.ts')) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const out = path.resolve(arg('out') ?? path.join(import.meta.dirname, 'out'));
  const started = Date.now();
  const entries = await generateCorpus({
    out,
    count: Number(arg('count') ?? 1),
    seed: Number(arg('seed') ?? 1),
    scans: !process.argv.includes('--no-scans'),
  });
  console.log(
    `${entries.length} notices written to ${out} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}
