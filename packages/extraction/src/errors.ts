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
