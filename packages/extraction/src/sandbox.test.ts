import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox, PdfDamagedError, PdfTooManyPagesError, SandboxError } from './index.js';

async function pdfWithPages(n: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= n; i++)
    doc.addPage().drawText(`Gewerbesteuerbescheid Seite ${i}`, { x: 60, y: 700, size: 14, font });
  return doc.save({ useObjectStreams: false });
}

describe('the processing sandbox (child process with limits)', () => {
  const sandbox = createSandbox({ maxPages: 2 });
  const strict = createSandbox({ timeoutMs: 1 });
  afterAll(async () => {
    await sandbox.close();
    await strict.close();
  });

  it('reads a PDF in the child; refuses more pages than the limit and damaged files in German', async () => {
    const ok = await sandbox.extractText(await pdfWithPages(2), { ocr: false });
    expect(ok.pages.map((p) => p.words.map((w) => w.text).join(' '))).toEqual([
      'Gewerbesteuerbescheid Seite 1',
      'Gewerbesteuerbescheid Seite 2',
    ]);
    const many = await sandbox.extractText(await pdfWithPages(3), { ocr: false }).catch((e) => e);
    expect(many).toBeInstanceOf(Error);
    expect(many.code).toBe('pdf_pages');
    expect(many.message).toBe(new PdfTooManyPagesError(3, 2).message);
    const broken = await sandbox
      .extractText(new Uint8Array(Buffer.from('%PDF-1.4\nnichts\n', 'latin1')), { ocr: false })
      .catch((e) => e);
    expect(broken.code).toBe('pdf_damaged');
    expect(broken.message).toBe(new PdfDamagedError('ungültige Struktur').message);
    // The library's English reason is kept for the log, not shown.
    expect(broken.detail).toMatch(/Invalid PDF structure/);
  });

  it('kills the child at the time limit and starts a fresh one for the next file', async () => {
    const bytes = await pdfWithPages(1);
    for (let i = 0; i < 2; i++) {
      const err = await strict.extractText(bytes, { ocr: false }).catch((e) => e);
      expect(err).toBeInstanceOf(SandboxError);
      expect(err.reason).toBe('timeout');
      expect(err.message).toBe('Verarbeitung abgebrochen: Zeitlimit überschritten (1 ms).');
    }
  });
});
