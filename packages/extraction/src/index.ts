export { type Classification, classify } from './classify.js';
export {
  PdfDamagedError,
  PdfEmptyError,
  PdfError,
  PdfPasswordError,
  PdfTooManyPagesError,
} from './errors.js';
export { type ExtractOptions, extractFields, extractFieldsChecked, type FieldsResult } from './fields.js';
export { formatCents, isValidIban, parseDate, parseMoney, parsePercent, parseYear } from './normalize.js';
export { createOcrEngine, type OcrEngine, type OcrEngineOptions, tesseractPaths } from './ocr.js';
export { openPdf, readTextLayer, renderPage } from './pdf.js';
export type { SolverCheck } from './solver.js';
export {
  type ExtractTextOptions,
  extractText,
  type ProcessOptions,
  type ProcessResult,
  pagesText,
  processPdf,
  processText,
  type TextProgress,
  type TextResult,
} from './process.js';
export {
  createSandbox,
  type Sandbox,
  SandboxError,
  type SandboxFailure,
  type SandboxOptions,
  sandboxMessages,
} from './sandbox.js';
export { sweepSandboxOrphans } from './sandbox-pids.js';
export { TYPE_FIELDS } from './specs.js';
export { textInRect } from './textindex.js';
export * from './types.js';
