/** Base class of all errors raised for unreadable input documents. */
export class PdfError extends Error {
  readonly code: string;
  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.name = new.target.name;
  }
}

/** The PDF is encrypted and cannot be opened without a password. */
export class PdfPasswordError extends PdfError {
  constructor(options?: { cause?: unknown }) {
    super('pdf_password', 'Die PDF-Datei ist passwortgeschützt und kann nicht gelesen werden.', options);
  }
}

/** The bytes are not a readable PDF (truncated, corrupted, not a PDF at all). */
export class PdfDamagedError extends PdfError {
  constructor(detail?: string, options?: { cause?: unknown }) {
    super(
      'pdf_damaged',
      `Die PDF-Datei ist beschädigt oder keine gültige PDF-Datei${detail ? ` (${detail})` : ''}.`,
      options,
    );
  }
}

/** The PDF has no pages or no readable text, not even after OCR. */
export class PdfEmptyError extends PdfError {
  constructor(detail?: string) {
    super('pdf_empty', `Die PDF-Datei enthält keinen lesbaren Text${detail ? ` (${detail})` : ''}.`);
  }
}

/** More pages than the configured limit: refused before any page is read. */
export class PdfTooManyPagesError extends PdfError {
  constructor(pages: number, max: number) {
    super('pdf_pages', `Verarbeitung abgebrochen: zu viele Seiten (${pages}, höchstens ${max}).`);
  }
}

/**
 * A German detail for pdf.js's (English) reason a file could not be opened; null when there is
 * no fitting one. The original message stays on the error's `cause` for the log.
 */
export function germanPdfDetail(message: string | undefined): string | null {
  const m = message ?? '';
  if (/circular reference/i.test(m)) return 'Seitenbaum verweist auf sich selbst';
  if (/xref|root reference|trailer|startxref/i.test(m)) return 'Querverweistabelle fehlerhaft';
  if (/invalid pdf structure|bad file|no pdf header/i.test(m)) return 'ungültige Struktur';
  if (/illegal character|unexpected|unterminated|bad encoding|missing endstream/i.test(m))
    return 'unlesbarer Inhalt';
  if (/page|kids|count/i.test(m)) return 'Seitenbaum fehlerhaft';
  return null;
}
