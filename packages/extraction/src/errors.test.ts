import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { PdfDamagedError, PdfEmptyError, PdfPasswordError, processPdf } from './index.js';

async function textPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage();
  page.drawText('Gewerbesteuerbescheid 2021', {
    x: 60,
    y: 700,
    size: 14,
    font: await doc.embedFont(StandardFonts.Helvetica),
  });
  return doc.save({ useObjectStreams: false });
}

/** Adds a Standard security handler whose user password is not empty to the trailer. */
function encrypt(bytes: Uint8Array): Uint8Array {
  const s = Buffer.from(bytes).toString('latin1');
  const hex = (n: number) => 'a7'.repeat(n);
  const dict = `/Encrypt << /Filter /Standard /V 1 /R 2 /Length 40 /O <${hex(32)}> /U <${hex(32)}> /P -44 >> /ID [<${hex(16)}> <${hex(16)}>]`;
  const out = s.replace(/trailer\s*<</, (m) => `${m} ${dict}`);
  if (out === s) throw new Error('no trailer');
  return new Uint8Array(Buffer.from(out, 'latin1'));
}

describe('unreadable PDFs raise typed errors with German messages', () => {
  it('encrypted → PdfPasswordError', async () => {
    const err = await processPdf(encrypt(await textPdf()), { ocr: false }).catch((e) => e);
    expect(err).toBeInstanceOf(PdfPasswordError);
    expect(err.message).toMatch(/passwortgeschützt/);
    expect(err.code).toBe('pdf_password');
  });

  it('truncated bytes → PdfDamagedError', async () => {
    const bytes = await textPdf();
    for (const frac of [0.3, 0.7]) {
      const err = await processPdf(bytes.slice(0, Math.floor(bytes.length * frac)), { ocr: false }).catch(
        (e) => e,
      );
      expect(err).toBeInstanceOf(PdfDamagedError);
      expect(err.message).toMatch(/beschädigt/);
    }
    await expect(processPdf(new TextEncoder().encode('Hallo Welt'))).rejects.toBeInstanceOf(PdfDamagedError);
  });

  it('blank page or no bytes → PdfEmptyError (a blank page is not sent to OCR)', async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    const blank = await doc.save();
    const err = await processPdf(blank).catch((e) => e);
    expect(err).toBeInstanceOf(PdfEmptyError);
    expect(err.message).toMatch(/keinen lesbaren Text/);
    await expect(processPdf(new Uint8Array())).rejects.toBeInstanceOf(PdfEmptyError);
  });

  it('does not detach the caller’s buffer', async () => {
    const bytes = await textPdf();
    await processPdf(bytes, { ocr: false });
    expect(bytes.length).toBeGreaterThan(0);
  });
});
