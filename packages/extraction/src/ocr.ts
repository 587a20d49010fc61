import { createRequire } from 'node:module';
import path from 'node:path';
import Tesseract from 'tesseract.js';
import { splitRow } from './layout.js';
import { looksUnread, prefersTurned, readability } from './deskew.js';
import { canvasModule, turnPng } from './pdf.js';
import type { Line, Page, Rect, Word } from './types.js';

const require = createRequire(import.meta.url);
const dirOf = (pkg: string) => path.dirname(require.resolve(`${pkg}/package.json`));

export interface OcrEngineOptions {
  /** Number of tesseract workers (default 1). Each uses about one CPU core while busy. */
  workers?: number;
  /** Tesseract language (default 'deu', shipped by @tesseract.js-data/deu). */
  lang?: string;
  /**
   * Folder of an uncompressed `<lang>.traineddata` to use instead of the shipped model (the
   * benchmark compares Debian's "fast" German model with it this way).
   */
  modelDir?: string;
}

export interface OcrInput {
  png: Buffer;
  /** Pixels per PDF point of the image. */
  scale: number;
  pageNumber: number;
  /** Page size in PDF points. */
  width: number;
  height: number;
}

/**
 * A reusable OCR engine: a pool of tesseract.js workers, started on first use and kept
 * until `terminate()`. Create one per process and share it between documents.
 */
export interface OcrEngine {
  recognize(input: OcrInput): Promise<Page>;
  terminate(): Promise<void>;
}

/** Changes whenever the recognition settings or the image preparation change (dev caches key on it). */
export const OCR_SETTINGS_VERSION = 'v6';

/** Offline paths: nothing is fetched at run time. */
export function tesseractPaths(): { langPath: string; corePath: string; workerPath: string } {
  return {
    langPath: path.join(dirOf('@tesseract.js-data/deu'), '4.0.0_best_int'),
    corePath: dirOf('tesseract.js-core'),
    workerPath: path.join(dirOf('tesseract.js'), 'src', 'worker-script', 'node', 'index.js'),
  };
}

export function createOcrEngine(options: OcrEngineOptions = {}): OcrEngine {
  const size = Math.max(1, options.workers ?? 1);
  const lang = options.lang ?? 'deu';
  const idle: Tesseract.Worker[] = [];
  const all: Tesseract.Worker[] = [];
  const waiting: ((w: Tesseract.Worker) => void)[] = [];
  let starting: Promise<void> | null = null;
  let terminated = false;

  const start = async (): Promise<void> => {
    const paths = tesseractPaths();
    for (let i = 0; i < size; i++) {
      const worker = await Tesseract.createWorker(lang, Tesseract.OEM.LSTM_ONLY, {
        ...paths,
        ...(options.modelDir ? { langPath: options.modelDir, gzip: false } : { gzip: true }),
        cacheMethod: 'none',
      });
      await worker.setParameters({
        tessedit_pageseg_mode: Tesseract.PSM.AUTO,
        user_defined_dpi: '300',
        preserve_interword_spaces: '0',
        // Keeps tesseract's diagnostics ("Detected N diacritics") off stdout.
        debug_file: '/dev/null',
      });
      all.push(worker);
      release(worker);
    }
  };
  const release = (w: Tesseract.Worker) => {
    const next = waiting.shift();
    if (next) next(w);
    else idle.push(w);
  };
  const acquire = (): Promise<Tesseract.Worker> => {
    const w = idle.pop();
    return w ? Promise.resolve(w) : new Promise((resolve) => waiting.push(resolve));
  };

  return {
    async recognize(input) {
      if (terminated) throw new Error('OCR engine has been terminated');
      starting ??= start();
      await starting;
      const worker = await acquire();
      try {
        const { page, image } = await readUpright(worker, input);
        return await secondPass(worker, page, image);
      } finally {
        release(worker);
      }
    },
    async terminate() {
      terminated = true;
      if (starting) await starting.catch(() => {});
      await Promise.all(all.map((w) => w.terminate()));
      all.length = 0;
      idle.length = 0;
    },
  };
}

/**
 * Reads a page; when the reading looks bad (`looksUnread`), reads it again turned 180° (a sheet
 * fed upside down) and keeps the clearly better reading with the image it came from. The turned
 * image has the page's own size, so its word boxes are in the (upright) page's coordinates.
 */
async function readUpright(
  worker: Tesseract.Worker,
  input: OcrInput,
): Promise<{ page: Page; image: OcrInput }> {
  const result = await worker.recognize(input.png, {}, { blocks: true, text: false });
  const page = toPage(result.data, input);
  const first = readability(page);
  if (!looksUnread(first)) return { page, image: input };
  const png = await turnPng(input.png, 180);
  const again = await worker.recognize(png, {}, { blocks: true, text: false });
  const turned = toPage(again.data, input);
  return prefersTurned(first, readability(turned))
    ? { page: turned, image: { ...input, png } }
    : { page, image: input };
}

/** Tesseract's words of one recognition, in PDF points (offset: the crop's corner in pixels). */
function collect(data: Tesseract.Page, scale: number, dx = 0, dy = 0) {
  const lines: Word[][] = [];
  const slopes: number[] = [];
  const k = 1 / scale;
  for (const block of data.blocks ?? []) {
    for (const para of block.paragraphs) {
      for (const line of para.lines) {
        const b = line.baseline;
        if (b && b.x1 - b.x0 > 150) slopes.push((b.y1 - b.y0) / (b.x1 - b.x0));
        const lineWords: Word[] = [];
        for (const w of line.words) {
          const text = w.text.trim();
          if (!text) continue;
          // Drop isolated noise: single non-alphanumeric symbols with low confidence.
          if (w.confidence < 40 && !/[\p{L}\p{N}]/u.test(text)) continue;
          const { x0, y0, x1, y1 } = w.bbox;
          lineWords.push({
            text,
            rect: [r((x0 + dx) * k), r((y0 + dy) * k), r((x1 - x0) * k), r((y1 - y0) * k)],
            confidence: Math.max(0, Math.min(1, w.confidence / 100)),
          });
        }
        if (lineWords.length) lines.push(lineWords);
      }
    }
  }
  return { lines, slopes };
}

function toPage(data: Tesseract.Page, input: OcrInput): Page {
  const { lines: raw, slopes } = collect(data, input.scale);
  slopes.sort((a, b) => a - b);
  const median = slopes[Math.floor(slopes.length / 2)] ?? 0;
  const skew = Math.abs(median) < 0.05 ? median : 0;
  return assemble(raw, input, skew);
}

function assemble(raw: Word[][], input: OcrInput, skew: number): Page {
  // Tesseract's own lines follow the (slightly rotated) text; split them at column gaps.
  const lines = raw.flatMap((ws) => splitRow(ws));
  const key = (l: Line) => l.rect[1] + l.rect[3] / 2 - skew * (l.rect[0] + l.rect[2] / 2);
  lines.sort((a, b) => key(a) - key(b) || a.rect[0] - b.rect[0]);
  return {
    page: input.pageNumber,
    width: input.width,
    height: input.height,
    words: raw.flat(),
    lines,
    source: 'ocr',
    skew,
  };
}

const r = (n: number) => Math.round(n * 100) / 100;

/** Below this word confidence a line is read again on its own. */
const WEAK = 0.45;
/** At most this many regions are read again per page (bounds the extra time). */
const MAX_REGIONS = 30;

type Box = [number, number, number, number]; // x0, y0, x1, y1 in pixels

/**
 * Second pass on the hard parts of a page. Tesseract's page segmentation sometimes reads a
 * line as garbage with confidence ≈ 0 ("AORTA" for "210/308/47416") or drops a small text block
 * altogether (an info block, a BIC line). Those regions are cut out and read again as single text
 * lines; the new words replace the old ones when they are more confident.
 * - weak lines: any letter/digit word under WEAK confidence;
 * - unread ink: print not covered by any word box (found on a coarse grid of the image).
 */
async function secondPass(worker: Tesseract.Worker, page: Page, input: OcrInput): Promise<Page> {
  const { createCanvas, loadImage } = canvasModule();
  const img = await loadImage(input.png);
  const W = img.width;
  const H = img.height;
  const canvas = createCanvas(W, H);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(img, 0, 0);
  const px = ctx.getImageData(0, 0, W, H).data;
  const s = input.scale;
  const toBox = (rect: Rect, pad = 0): Box => [
    Math.max(0, Math.floor(rect[0] * s - pad)),
    Math.max(0, Math.floor(rect[1] * s - pad)),
    Math.min(W, Math.ceil((rect[0] + rect[2]) * s + pad)),
    Math.min(H, Math.ceil((rect[1] + rect[3]) * s + pad)),
  ];

  const regions: Box[] = [];
  for (const line of page.lines) {
    if (line.words.some((w) => w.confidence < WEAK && /[\p{L}\p{N}]{2}/u.test(w.text))) {
      regions.push(toBox(line.rect, 0.3 * line.rect[3] * s));
    }
  }
  regions.push(...unreadInk(px, W, H, page, s));
  if (regions.length === 0) return page;

  const raw: Word[][] = page.lines.map((l) => l.words);
  let changed = false;
  const boxes = regions.flatMap((b) => textLines(px, W, b, s)).slice(0, MAX_REGIONS);
  if (boxes.length === 0) return page;
  await worker.setParameters({ tessedit_pageseg_mode: Tesseract.PSM.SINGLE_LINE });
  try {
    for (const box of boxes) {
      const [x0, y0, x1, y1] = box;
      const w = x1 - x0;
      const h = y1 - y0;
      // Crop with a white margin: tesseract reads a line better with some paper around it.
      const m = Math.round(h * 0.6);
      const crop = createCanvas(w + 2 * m, h + 2 * m);
      const cctx = crop.getContext('2d');
      cctx.fillStyle = '#ffffff';
      cctx.fillRect(0, 0, w + 2 * m, h + 2 * m);
      cctx.drawImage(canvas, x0, y0, w, h, m, m, w, h);
      const res = await worker.recognize(crop.toBuffer('image/png'), {}, { blocks: true, text: false });
      const inside = (wd: Word) => {
        const cx = (wd.rect[0] + wd.rect[2] / 2) * s;
        const cy = (wd.rect[1] + wd.rect[3] / 2) * s;
        return cx >= x0 && cx <= x1 && cy >= y0 && cy <= y1;
      };
      const fresh = collect(res.data, s, x0 - m, y0 - m)
        .lines.flat()
        .filter(inside);
      if (!fresh.some((wd) => /[\p{L}\p{N}]/u.test(wd.text))) continue;
      const mean = (ws: Word[]) => ws.reduce((a, wd) => a + wd.confidence, 0) / Math.max(1, ws.length);
      const old = raw.flat().filter(inside);
      if (mean(fresh) < 0.6 || (old.length > 0 && mean(fresh) <= mean(old) + 0.05)) continue;
      // Old words inside the line go; so do weak ones that merely touch it (a garbled taller box).
      const touches = (wd: Word) =>
        wd.confidence < WEAK &&
        wd.rect[0] * s < x1 &&
        (wd.rect[0] + wd.rect[2]) * s > x0 &&
        wd.rect[1] * s < y1 &&
        (wd.rect[1] + wd.rect[3]) * s > y0;
      for (let i = 0; i < raw.length; i++)
        raw[i] = (raw[i] ?? []).filter((wd) => !inside(wd) && !touches(wd));
      raw.push(fresh);
      changed = true;
    }
  } finally {
    await worker.setParameters({ tessedit_pageseg_mode: Tesseract.PSM.AUTO });
  }
  return changed
    ? assemble(
        raw.filter((ws) => ws.length > 0),
        input,
        page.skew ?? 0,
      )
    : page;
}

/**
 * Splits a region into text lines by its row profile (rows with ink, separated by blank rows;
 * accents and i-dots join the line below), each trimmed to its ink horizontally.
 */
function textLines(px: Uint8ClampedArray, W: number, box: Box, s: number): Box[] {
  const [x0, y0, x1, y1] = box;
  const dark = (x: number, y: number) => (px[(y * W + x) * 4] ?? 255) < 110;
  const runs: [number, number][] = [];
  let start = -1;
  for (let y = y0; y <= y1; y++) {
    let ink = false;
    if (y < y1) for (let x = x0; x < x1 && !ink; x++) ink = dark(x, y);
    if (ink && start < 0) start = y;
    if (!ink && start >= 0) {
      runs.push([start, y]);
      start = -1;
    }
  }
  const tallest = Math.max(0, ...runs.map(([a, b]) => b - a));
  const merged: [number, number][] = [];
  for (let i = 0; i < runs.length; i++) {
    const run = runs[i]!;
    const next = runs[i + 1];
    // A short run close above the next one is its accents/dots.
    if (next && run[1] - run[0] < 0.35 * tallest && next[0] - run[1] < 0.25 * tallest) {
      next[0] = run[0];
      continue;
    }
    merged.push(run);
  }
  const out: Box[] = [];
  for (const [a, b] of merged) {
    if ((b - a) / s < 4 || (b - a) / s > 24) continue; // not a line of text (rule, speck, picture)
    let lx = x1;
    let rx = x0;
    for (let y = a; y < b; y++) {
      for (let x = x0; x < x1; x++) {
        if (dark(x, y)) {
          lx = Math.min(lx, x);
          rx = Math.max(rx, x + 1);
        }
      }
    }
    if (rx - lx < 4 * s) continue;
    const pad = Math.round(0.15 * (b - a));
    out.push([Math.max(0, lx - pad), Math.max(0, a - pad), Math.min(W, rx + pad), b + pad]);
  }
  return out;
}

/**
 * Print that no word box covers, grouped into line-shaped boxes: the image on a grid of
 * cells, a cell counts when it holds a few dark pixels outside every word box; neighbouring
 * cells on a row (gaps up to about a character) join into one box.
 */
function unreadInk(px: Uint8ClampedArray, W: number, H: number, page: Page, s: number): Box[] {
  const C = Math.max(4, Math.round(s * 2)); // cell ≈ 2 pt
  const cols = Math.ceil(W / C);
  const rows = Math.ceil(H / C);
  const covered = new Uint8Array(W * H);
  for (const wd of page.words) {
    const x0 = Math.max(0, Math.floor(wd.rect[0] * s) - 3);
    const y0 = Math.max(0, Math.floor(wd.rect[1] * s) - 3);
    const x1 = Math.min(W, Math.ceil((wd.rect[0] + wd.rect[2]) * s) + 3);
    const y1 = Math.min(H, Math.ceil((wd.rect[1] + wd.rect[3]) * s) + 3);
    for (let y = y0; y < y1; y++) covered.fill(1, y * W + x0, y * W + x1);
  }
  const count = new Uint16Array(cols * rows);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      if (!covered[i] && (px[i * 4] ?? 255) < 110) {
        const c = Math.floor(y / C) * cols + Math.floor(x / C);
        count[c] = (count[c] ?? 0) + 1;
      }
    }
  }
  const ink = new Uint8Array(cols * rows);
  for (let c = 0; c < ink.length; c++) ink[c] = (count[c] ?? 0) >= 3 ? 1 : 0;
  // Connected cells, 4-neighbours vertically, up to 2 empty cells horizontally.
  const seen = new Uint8Array(cols * rows);
  const boxes: Box[] = [];
  const stack: number[] = [];
  for (let c = 0; c < ink.length; c++) {
    if (!ink[c] || seen[c]) continue;
    seen[c] = 1;
    stack.push(c);
    let cx0 = cols;
    let cy0 = rows;
    let cx1 = 0;
    let cy1 = 0;
    let cells = 0;
    while (stack.length) {
      const p = stack.pop() ?? 0;
      const x = p % cols;
      const y = (p - x) / cols;
      cells++;
      cx0 = Math.min(cx0, x);
      cy0 = Math.min(cy0, y);
      cx1 = Math.max(cx1, x);
      cy1 = Math.max(cy1, y);
      const nb: number[] = [];
      if (y > 0) nb.push(p - cols);
      if (y < rows - 1) nb.push(p + cols);
      for (let d = 1; d <= 3; d++) {
        if (x - d >= 0) nb.push(p - d);
        if (x + d < cols) nb.push(p + d);
      }
      for (const q of nb) {
        if (ink[q] && !seen[q]) {
          seen[q] = 1;
          stack.push(q);
        }
      }
    }
    const wPt = ((cx1 - cx0 + 1) * C) / s;
    const hPt = ((cy1 - cy0 + 1) * C) / s;
    // Text-line shaped: 5–20 pt high, at least ~3 characters wide, not a thin rule.
    if (hPt >= 5 && hPt <= 20 && wPt >= 15 && cells >= 6) {
      boxes.push([cx0 * C, cy0 * C, Math.min(W, (cx1 + 1) * C), Math.min(H, (cy1 + 1) * C)]);
    }
  }
  // Largest first: a whole missing line matters more than a stray fragment.
  return boxes.sort((a, b) => (b[2] - b[0]) * (b[3] - b[1]) - (a[2] - a[0]) * (a[3] - a[1]));
}
