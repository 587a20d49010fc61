import { afterAll, describe, expect, it } from 'vitest';
import { generateNotice, scanNotice } from '../../../bench/notices/generate.js';
import { createOcrEngine, processPdf, textInRect } from './index.js';

const ocr = createOcrEngine({ workers: 1 });
afterAll(() => ocr.terminate());

describe('OCR of a scanned page (tesseract.js, deu, offline)', () => {
  it('reads a one-page scan: type, fields with rectangles, textInRect', async () => {
    // A one-page Messbescheid, rasterised with rotation and noise and no text layer.
    const notice = await generateNotice(7, 'messbescheid', 'L2');
    const scan = await scanNotice(notice, 7);
    const r = await processPdf(scan, { ocr });
    expect(r.ocrPages).toEqual([1]);
    expect(r.pages[0]?.source).toBe('ocr');
    expect(r.type).toBe('messbescheid');
    expect(r.fields.erhebungszeitraum?.value).toBe(notice.truth.erhebungszeitraum);
    expect(r.fields.messbetrag?.value).toBe(notice.truth.messbetrag);
    const f = r.fields.steuernummer!;
    expect(f.value).toBe(notice.truth.steuernummer);
    expect(f.confidence).toBeGreaterThan(0.3);
    // The rectangle is in PDF points, top-left origin, on the A4 page.
    expect(f.rect[0]).toBeGreaterThan(0);
    expect(f.rect[1]).toBeLessThan(842 / 2);
    expect(textInRect(r.pages, f.page, ...f.rect)).toContain(String(notice.truth.steuernummer));
  });
});
