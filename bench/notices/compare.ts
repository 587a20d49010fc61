/** The comparison engines: poppler's pdftotext -bbox and the tesseract command line. */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildLines, splitRow } from '../../packages/extraction/src/layout.js';
import { openPdf, renderPage } from '../../packages/extraction/src/pdf.js';
import type { Line, Page, Word } from '../../packages/extraction/src/types.js';

export const hasTool = (cmd: string) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;

const unescapeXml = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");

/** Words of a text PDF through `pdftotext -bbox` (coordinates already top-left, in points). */
export function pdftotextPages(file: string): { pages: Page[]; ms: number } {
  const t0 = performance.now();
  const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
  const ms = performance.now() - t0;
  const pages: Page[] = [];
  const pageRe = /<page width="([\d.]+)" height="([\d.]+)">([\s\S]*?)<\/page>/g;
  for (const m of html.matchAll(pageRe)) {
    const words: Word[] = [];
    const wordRe = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g;
    for (const w of (m[3] ?? '').matchAll(wordRe)) {
      const [x0, y0, x1, y1] = [w[1], w[2], w[3], w[4]].map(Number) as [number, number, number, number];
      words.push({ text: unescapeXml(w[5] ?? ''), rect: [x0, y0, x1 - x0, y1 - y0], confidence: 1 });
    }
    pages.push({
      page: pages.length + 1,
      width: Number(m[1]),
      height: Number(m[2]),
      words,
      lines: buildLines(words),
      source: 'text',
    });
  }
  return { pages, ms };
}

/** OCR of a scanned PDF with the native `tesseract` (OMP_THREAD_LIMIT=1, deu, 300 dpi renders). */
export async function tesseractPages(bytes: Uint8Array): Promise<{ pages: Page[]; msPerPage: number[] }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tess-'));
  const doc = await openPdf(bytes);
  const pages: Page[] = [];
  const msPerPage: number[] = [];
  try {
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const view = page.getViewport({ scale: 1 });
      const img = await renderPage(page, 300);
      const png = path.join(dir, `p${n}.png`);
      writeFileSync(png, img.png);
      const t0 = performance.now();
      execFileSync('tesseract', [png, path.join(dir, `p${n}`), '-l', 'deu', '--dpi', '300', 'tsv'], {
        env: { ...process.env, OMP_THREAD_LIMIT: '1' },
        stdio: ['ignore', 'ignore', 'ignore'],
      });
      msPerPage.push(performance.now() - t0);
      pages.push(
        parseTsv(readFileSync(path.join(dir, `p${n}.tsv`), 'utf8'), n, view.width, view.height, img.scale),
      );
    }
  } finally {
    await doc.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
  return { pages, msPerPage };
}

function parseTsv(tsv: string, n: number, width: number, height: number, scale: number): Page {
  const groups = new Map<string, Word[]>();
  const words: Word[] = [];
  for (const row of tsv.split('\n').slice(1)) {
    const c = row.split('\t');
    if (c[0] !== '5' || !c[11]?.trim()) continue;
    const [l, t, w, h] = [c[6], c[7], c[8], c[9]].map((v) => Number(v) / scale) as [
      number,
      number,
      number,
      number,
    ];
    const word: Word = {
      text: c[11].trim(),
      rect: [l, t, w, h],
      confidence: Math.max(0, Number(c[10]) / 100),
    };
    const key = `${c[2]}-${c[3]}-${c[4]}`;
    groups.set(key, [...(groups.get(key) ?? []), word]);
    words.push(word);
  }
  const lines: Line[] = [...groups.values()].flatMap((g) => splitRow(g));
  lines.sort((a, b) => a.rect[1] + a.rect[3] / 2 - (b.rect[1] + b.rect[3] / 2) || a.rect[0] - b.rect[0]);
  return { page: n, width, height, words, lines, source: 'ocr' };
}

export function toolVersions(): Record<string, string> {
  const v = (cmd: string, args: string[]) => {
    const r = spawnSync(cmd, args, { encoding: 'utf8' });
    return `${r.stdout ?? ''}${r.stderr ?? ''}`.split('\n')[0]?.trim() ?? '';
  };
  return {
    cpu: readFileSync('/proc/cpuinfo', 'utf8').match(/model name\s*:\s*(.*)/)?.[1] ?? 'unknown',
    node: process.version,
    pdftotext: hasTool('pdftotext') ? v('pdftotext', ['-v']) : 'not installed',
    tesseract: hasTool('tesseract') ? v('tesseract', ['--version']) : 'not installed',
  };
}
