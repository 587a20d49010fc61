import { createRequire } from 'node:module';
import path from 'node:path';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { germanPdfDetail, PdfDamagedError, PdfEmptyError, PdfPasswordError } from './errors.js';
import { buildLines } from './layout.js';
import { estimateSkew, shouldDeskew } from './deskew.js';
import { cleanForOcr } from './preprocess.js';
import type { Page, Word } from './types.js';

const require = createRequire(import.meta.url);
const pdfjsRoot = path.dirname(require.resolve('pdfjs-dist/package.json'));
const STANDARD_FONTS = `${path.join(pdfjsRoot, 'standard_fonts')}/`;
const CMAPS = `${path.join(pdfjsRoot, 'cmaps')}/`;

/**
 * The @napi-rs/canvas module that pdf.js itself loads (it may be a nested copy of another
 * version): pdf.js draws glyphs with its Path2D, which only that copy's contexts accept.
 */
export function canvasModule(): typeof import('@napi-rs/canvas') {
  const fromPdfjs = createRequire(require.resolve('pdfjs-dist/legacy/build/pdf.mjs'));
  try {
    return fromPdfjs('@napi-rs/canvas');
  } catch {
    return require('@napi-rs/canvas');
  }
}

/**
 * Images larger than this (pixels) are not decoded (pdf.js `maxImageSize`): an A4 scan at
 * 600 dpi has 35 million; a hostile 20000 × 20000 image (400 million) is skipped.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** A rendered page never has more pixels than this: the resolution is lowered for huge page boxes. */
export const MAX_RENDER_PIXELS = 20_000_000;

/** Opens a PDF with pdf.js, mapping failures to the typed errors. */
export async function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  if (bytes.length === 0) throw new PdfEmptyError('0 Bytes');
  // pdf.js transfers (detaches) the buffer it gets: always give it a copy.
  const data = new Uint8Array(bytes);
  const head = Buffer.from(data.subarray(0, 1024)).toString('latin1');
  if (!head.includes('%PDF-')) throw new PdfDamagedError('kein PDF-Kopf');
  const task = getDocument({
    data,
    isEvalSupported: false,
    maxImageSize: MAX_IMAGE_PIXELS,
    disableFontFace: true,
    useSystemFonts: false,
    standardFontDataUrl: STANDARD_FONTS,
    cMapUrl: CMAPS,
    cMapPacked: true,
    stopAtErrors: false,
    verbosity: 0,
  });
  let doc: PDFDocumentProxy;
  try {
    doc = await task.promise;
  } catch (err) {
    await task.destroy().catch(() => {});
    const name = (err as { name?: string } | null)?.name;
    if (name === 'PasswordException') throw new PdfPasswordError({ cause: err });
    throw new PdfDamagedError(germanPdfDetail((err as Error)?.message) ?? undefined, { cause: err });
  }
  if (doc.numPages < 1) {
    await doc.destroy();
    throw new PdfEmptyError('keine Seiten');
  }
  return doc;
}

// Approximate Helvetica advance widths (1/1000 em), used to split text runs into words.
const NARROW = new Set([..."iljIt.,;:!|'`()[]f1 "]);
const WIDE = new Set([...'mwMWÄÖÜ%@']);
function charWeight(ch: string): number {
  if (NARROW.has(ch)) return 0.3;
  if (WIDE.has(ch)) return 0.85;
  if (ch >= 'A' && ch <= 'Z') return 0.68;
  if (ch >= '0' && ch <= '9') return 0.556;
  return 0.53;
}

interface TextItemLike {
  str: string;
  transform: number[];
  width: number;
  height: number;
}

/** Reads the text layer of one page as words in top-left PDF points. */
export async function readTextLayer(page: PDFPageProxy, pageNumber: number): Promise<Page> {
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const words: Word[] = [];
  for (const raw of content.items) {
    const item = raw as TextItemLike;
    if (typeof item.str !== 'string' || item.str.trim() === '') continue;
    const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = item.transform;
    const fontSize = Math.hypot(c, d) || item.height || 10;
    const [bx, by] = viewport.convertToViewportPoint(e, f) as [number, number];
    const horizontal = Math.abs(b) < 1e-3 * Math.abs(a) || Math.abs(a) < 1e-9;
    const width = item.width * viewport.scale;
    const weights = [...item.str].map(charWeight);
    const total = weights.reduce((s, w) => s + w, 0) || 1;
    let offset = 0;
    const chars = [...item.str];
    let i = 0;
    while (i < chars.length) {
      if (/\s/.test(chars[i] ?? '')) {
        offset += weights[i] ?? 0;
        i++;
        continue;
      }
      const start = offset;
      let text = '';
      while (i < chars.length && !/\s/.test(chars[i] ?? '')) {
        text += chars[i];
        offset += weights[i] ?? 0;
        i++;
      }
      const x0 = horizontal ? bx + (width * start) / total : bx;
      const w = horizontal ? (width * (offset - start)) / total : fontSize;
      words.push({
        text,
        rect: [round(x0), round(by - 0.8 * fontSize), round(w), round(fontSize)],
        confidence: 1,
      });
    }
  }
  return {
    page: pageNumber,
    width: round(viewport.width),
    height: round(viewport.height),
    words,
    lines: buildLines(words),
    source: 'text',
  };
}

const round = (n: number) => Math.round(n * 100) / 100;

export interface RenderedPage {
  /** Grey or RGBA PNG-encodable canvas image. */
  png: Buffer;
  widthPx: number;
  heightPx: number;
  /** Pixels per PDF point. */
  scale: number;
  /** True when (almost) every pixel is white. */
  blank: boolean;
  /** Degrees the print was turned back by to straighten it (0 = not deskewed). */
  deskewed: number;
}

export interface RenderOptions {
  /**
   * Prepare the image for OCR: remove dust specks, stretch grey print to black on white
   * (`cleanForOcr`), and straighten print skewed by more than DESKEW_MIN_ANGLE (1.2°) degrees
   * (`estimateSkew`; turned about the image centre, so positions stay in the page's frame).
   */
  clean?: boolean;
  /** With `clean`: straighten skewed print (default true). */
  deskew?: boolean;
}

/** Renders a page to a PNG at `dpi` with pdf.js on @napi-rs/canvas. */
export async function renderPage(
  page: PDFPageProxy,
  dpi = 300,
  options: RenderOptions = {},
): Promise<RenderedPage> {
  const unit = page.getViewport({ scale: 1 });
  // A huge media box is rendered at a lower resolution instead of allocating gigabytes.
  const fit = Math.sqrt(MAX_RENDER_PIXELS / Math.max(1, unit.width * unit.height));
  const scale = Math.min(dpi / 72, fit);
  const viewport = page.getViewport({ scale });
  const width = Math.ceil(viewport.width);
  const height = Math.ceil(viewport.height);
  const canvas = canvasModule().createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  type RenderParams = Parameters<PDFPageProxy['render']>[0];
  await page.render({ canvas, canvasContext: ctx, viewport } as unknown as RenderParams).promise;
  const image = ctx.getImageData(0, 0, width, height);
  const blank = isBlank(image.data);
  let out = canvas;
  let deskewed = 0;
  if (options.clean && !blank) {
    // A speck at the scan's resolution covers about (dpi/300)² pixels per dot of the original.
    cleanForOcr(image.data, width, height, Math.max(2, Math.round(6 * (dpi / 300) ** 2)), dpi);
    ctx.putImageData(image, 0, 0);
    const skew = options.deskew === false ? null : estimateSkew(image.data, width, height);
    if (skew && shouldDeskew(skew)) {
      out = turned(canvas, width, height, -skew.angle);
      deskewed = -skew.angle;
    }
  }
  return { png: out.toBuffer('image/png'), widthPx: width, heightPx: height, scale, blank, deskewed };
}

type Canvas = import('@napi-rs/canvas').Canvas;

/** A PNG turned by `degrees` about its centre (180: a page fed upside down). */
export async function turnPng(png: Buffer, degrees: number): Promise<Buffer> {
  const { createCanvas, loadImage } = canvasModule();
  const img = await loadImage(png);
  const src = createCanvas(img.width, img.height);
  src.getContext('2d').drawImage(img, 0, 0);
  return turned(src, img.width, img.height, degrees).toBuffer('image/png');
}

/** The image turned by `degrees` (clockwise on screen) about its centre, on white paper, same size. */
export function turned(src: Canvas, width: number, height: number, degrees: number): Canvas {
  const dst = canvasModule().createCanvas(width, height);
  const ctx = dst.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.translate(width / 2, height / 2);
  ctx.rotate((degrees * Math.PI) / 180);
  ctx.translate(-width / 2, -height / 2);
  ctx.drawImage(src, 0, 0);
  return dst;
}

function isBlank(rgba: Uint8ClampedArray): boolean {
  let dark = 0;
  // Sample every 7th pixel: enough to tell a blank page from one with print on it.
  for (let i = 0; i < rgba.length; i += 28) {
    if ((rgba[i] ?? 255) < 160) dark++;
  }
  return dark < 20;
}
