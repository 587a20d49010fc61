import { classify } from './classify.js';
import { PdfDamagedError, PdfEmptyError, PdfError, PdfTooManyPagesError } from './errors.js';
import { type ExtractOptions, extractFieldsChecked } from './fields.js';
import type { SolverCheck } from './solver.js';
import { createOcrEngine, type OcrEngine } from './ocr.js';
import { openPdf, readTextLayer, renderPage } from './pdf.js';
import { indexPage } from './textindex.js';
import type { DocumentType, Fields, Page } from './types.js';

export interface ExtractTextOptions {
  /**
   * OCR engine for pages without a usable text layer. `undefined`: a temporary engine is
   * created when needed and terminated afterwards; `false`: no OCR.
   */
  ocr?: OcrEngine | false;
  /** Rendering resolution for OCR (default DEFAULT_OCR_DPI). */
  dpi?: number;
  /** Workers of the temporary engine when no `ocr` engine is given (default 2). */
  ocrWorkers?: number;
  /** Clean the rendered image before OCR (dust specks, contrast; default true). */
  clean?: boolean;
  /** Straighten a skewed scan before OCR (with `clean`; default true). */
  deskew?: boolean;
  /** A page whose text layer has fewer letters/digits than this is OCRed (default 20). */
  minTextChars?: number;
  /** More pages than this: PdfTooManyPagesError before any page is read (default: no limit). */
  maxPages?: number;
  /** Called as the pages are read (text layer) and recognised (OCR). */
  onProgress?: (progress: TextProgress) => void;
}

export interface TextProgress {
  stage: 'text' | 'ocr';
  /** Pages done in this stage. */
  page: number;
  pages: number;
}

export interface TextResult {
  pages: Page[];
  /** 1-based numbers of the pages read by OCR. */
  ocrPages: number[];
}

/** Reads every page: text layer where usable, OCR otherwise (pages of a scan in parallel). */
export async function extractText(
  pdfBytes: Uint8Array,
  options: ExtractTextOptions = {},
): Promise<TextResult> {
  const doc = await openPdf(pdfBytes);
  let own: OcrEngine | null = null;
  const progress = options.onProgress ?? (() => {});
  try {
    if (options.maxPages && doc.numPages > options.maxPages)
      throw new PdfTooManyPagesError(doc.numPages, options.maxPages);
    const pages: Page[] = [];
    const toOcr: { n: number; png: Buffer; scale: number; width: number; height: number }[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      let pdfPage: Awaited<ReturnType<typeof doc.getPage>>;
      let page: Page;
      try {
        pdfPage = await doc.getPage(n);
        page = await readTextLayer(pdfPage, n);
      } catch (err) {
        if (err instanceof PdfError) throw err;
        throw new PdfDamagedError(`Seite ${n} nicht lesbar`, { cause: err });
      }
      const chars = page.words.reduce((s, w) => s + (w.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0), 0);
      if (chars < (options.minTextChars ?? 20) && options.ocr !== false) {
        const img = await renderPage(pdfPage, options.dpi ?? DEFAULT_OCR_DPI, {
          clean: options.clean ?? true,
          deskew: options.deskew ?? true,
        });
        if (!img.blank)
          toOcr.push({ n, png: img.png, scale: img.scale, width: page.width, height: page.height });
      }
      pdfPage.cleanup();
      pages.push(page);
      progress({ stage: 'text', page: n, pages: doc.numPages });
    }
    if (toOcr.length > 0) {
      // Without an engine of the caller: one worker per page, at most two (both cores of the
      // reference machine); the engine's pool runs the pages of a scan side by side.
      if (!options.ocr) own = createOcrEngine({ workers: Math.min(toOcr.length, options.ocrWorkers ?? 2) });
      const engine = options.ocr || own!;
      let recognised = 0;
      progress({ stage: 'ocr', page: 0, pages: toOcr.length });
      const read = await Promise.all(
        toOcr.map(async (p) => {
          const page = await engine.recognize({
            png: p.png,
            scale: p.scale,
            pageNumber: p.n,
            width: p.width,
            height: p.height,
          });
          progress({ stage: 'ocr', page: ++recognised, pages: toOcr.length });
          return page;
        }),
      );
      for (const [i, p] of toOcr.entries()) pages[p.n - 1] = read[i]!;
    }
    return { pages, ocrPages: toOcr.map((p) => p.n) };
  } finally {
    await own?.terminate();
    await doc.destroy();
  }
}

/** Rendering resolution for OCR: 200 dpi read the development scans as well as 300 dpi (better: 97.0 % against 93.7 % of the fields on 28 scans) at two thirds of the CPU time (bench/notices README, "OCR time"). */
export const DEFAULT_OCR_DPI = 200;

export interface ProcessOptions extends ExtractTextOptions, ExtractOptions {}

export interface ProcessResult {
  type: DocumentType;
  typeConfidence: number;
  fields: Fields;
  /** Where the printed figures contradict the tax arithmetic (German messages). */
  checks: SolverCheck[];
  pages: Page[];
  ocrPages: number[];
}

/** Text/OCR → type → fields. Throws PdfPasswordError, PdfDamagedError or PdfEmptyError. */
export async function processPdf(bytes: Uint8Array, options: ProcessOptions = {}): Promise<ProcessResult> {
  return processText(await extractText(bytes, options), options);
}

/** Type and fields of pages already read (e.g. by the sandbox). Throws PdfEmptyError without text. */
export function processText({ pages, ocrPages }: TextResult, options: ExtractOptions = {}): ProcessResult {
  const text = pagesText(pages);
  if (text.replace(/[^\p{L}\p{N}]/gu, '').length < 10) {
    throw new PdfEmptyError(pages.length === 1 ? 'leere Seite' : `${pages.length} leere Seiten`);
  }
  const { type, confidence } = classify(text);
  const { fields, checks } = extractFieldsChecked(type, pages, options);
  return { type, typeConfidence: confidence, fields, checks, pages, ocrPages };
}

/** The plain text of pages, rows top to bottom. */
export function pagesText(pages: readonly Page[]): string {
  return pages.map((p) => indexPage(p).text.replace(/\t/g, '  ')).join('\n\f\n');
}
