import type { DocumentDetail } from '@gewst/domain';
import { PDFDocument } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cappedStampSize } from '../apps/web/src/areas/documents/pdf/editorLimits';
import { generateNotice, scanNotice } from '../bench/notices/generate';
import { api, apiToken } from './support/api';
import { baseUrl, fillDate, openSignedIn, screenshot, useBrowser } from './support/browser';

const { newContext } = useBrowser();

type Doc = DocumentDetail;

/** Drops files on an element the way a browser does: a real DataTransfer built in the page. */
async function dropFiles(page: Page, testId: string, files: { name: string; bytes: Uint8Array }[]) {
  const payload = files.map((f) => ({ name: f.name, b64: Buffer.from(f.bytes).toString('base64') }));
  const dataTransfer = await page.evaluateHandle((list) => {
    const dt = new DataTransfer();
    for (const f of list) {
      const bin = atob(f.b64);
      const bytes = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
      dt.items.add(new File([bytes], f.name, { type: 'application/pdf' }));
    }
    return dt;
  }, payload);
  const zone = page.getByTestId(testId);
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

/** A big PNG made in the page (larger than the page, so the 75 % cap must apply). */
async function bigPng(page: Page): Promise<Buffer> {
  const b64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 2400;
    canvas.height = 1200;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#b71c1c';
    ctx.fillRect(0, 0, 2400, 1200);
    ctx.fillStyle = '#ffffff';
    ctx.font = 'bold 360px sans-serif';
    ctx.fillText('GEPRÜFT', 120, 760);
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  return Buffer.from(b64, 'base64');
}

describe('Dokumente', () => {
  it('uploads notices by drag and drop, reviews one (rectangle pick, follow-up, stamp, confirm); a second user sees the lock', async () => {
    const text = await generateNotice(41, 'gewst_bescheid', 'L1-kaemmerei');
    const other = await generateNotice(42, 'vorauszahlungsbescheid', 'L2-stadtkasse');
    const scan = await scanNotice(other, 42);
    const suffix = Date.now().toString(36);
    const textName = `e2e-bescheid-${suffix}.pdf`;
    const scanName = `e2e-scan-${suffix}.pdf`;

    const page = await (await newContext()).newPage();
    // pdf.js runs under the server's CSP (worker, fonts, cmaps from our own origin): no violations
    const cspViolations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
    });
    await openSignedIn(page, '/', 'sachbearbeitung');
    await expect.poll(() => page.getByTestId('upload-drop-zone').isVisible(), { timeout: 20_000 }).toBe(true);

    // drag and drop both files at once: per-file progress, then the server's verdict per file
    await dropFiles(page, 'upload-drop-zone', [
      { name: textName, bytes: text.pdf },
      { name: scanName, bytes: scan },
    ]);
    const items = page.getByTestId('upload-item');
    await expect.poll(() => items.count(), { timeout: 10_000 }).toBe(2);
    await expect
      .poll(() => items.evaluateAll((els) => els.map((e) => e.getAttribute('data-status')).sort()), {
        timeout: 30_000,
      })
      .toEqual(['stored', 'stored']);

    // the same file again is recognised as a duplicate; a non-PDF is refused with a reason
    await page.getByTestId('upload-input').setInputFiles([
      { name: `nochmal-${textName}`, mimeType: 'application/pdf', buffer: Buffer.from(text.pdf) },
      { name: 'notiz.txt', mimeType: 'text/plain', buffer: Buffer.from('kein PDF') },
    ]);
    await expect
      .poll(
        () =>
          items.evaluateAll((els) =>
            els
              .slice(0, 2)
              .map((e) => e.getAttribute('data-status'))
              .sort(),
          ),
        { timeout: 30_000 },
      )
      .toEqual(['duplicate', 'refused']);
    expect(await page.getByTestId('upload-results').textContent()).toMatch(/abgelehnt – .+/);

    // both reach "zu prüfen" in the inbox (the scan through OCR)
    await page.getByLabel('Suche (Datei, Gemeinde, Kassenzeichen)').fill(suffix);
    const rowStatus = (name: string) =>
      page
        .getByRole('row', { name: new RegExp(name) })
        .getByTestId('status-chip')
        .getAttribute('data-status');
    await expect.poll(() => rowStatus(textName), { timeout: 90_000, interval: 1000 }).toBe('zu_pruefen');
    await expect.poll(() => rowStatus(scanName), { timeout: 90_000, interval: 1000 }).toBe('zu_pruefen');
    await screenshot(page, 'documents-inbox');

    // type chips filter the inbox; choosing the active chip again switches the filter off
    const chip = page.getByTestId('type-chip-vorauszahlungsbescheid');
    await chip.click();
    await expect.poll(() => page.getByRole('row', { name: new RegExp(textName) }).count()).toBe(0);
    expect(await chip.getAttribute('aria-pressed')).toBe('true');
    await chip.click();
    await expect.poll(() => page.getByRole('row', { name: new RegExp(textName) }).count()).toBe(1);
    expect(await chip.getAttribute('aria-pressed')).toBe('false');

    // open the text notice
    await page.getByRole('link', { name: textName }).click();
    await page.waitForURL(/\/dokumente\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const token = await apiToken(baseUrl(), 'sachbearbeitung');
    const doc = async () => (await api<Doc>(baseUrl(), token, 'GET', `/documents/${id}`)).body;
    const before = await doc();
    const field = before.fields.festgesetzte_steuer;
    expect(field?.rect).toBeTruthy();
    const expected = text.truth.festgesetzte_steuer as string;

    await expect
      .poll(() => page.locator('.pdfViewer .page canvas').count(), { timeout: 30_000 })
      .toBeGreaterThan(0);
    await expect.poll(() => page.getByRole('button', { name: 'Prüfung abschließen' }).isVisible()).toBe(true);

    // hovering a field shows where it was found
    const row = page.getByTestId('field-festgesetzte_steuer');
    await row.hover();
    await expect.poll(() => page.getByTestId('field-highlight').isVisible()).toBe(true);

    // correct by keyboard first (a wrong value), then fix it by drawing a rectangle on the PDF
    await row.getByRole('button', { name: 'Festgesetzte Steuer bearbeiten' }).click();
    const input = page.getByTestId('field-input-festgesetzte_steuer');
    await input.fill('1,00');
    await input.press('Enter');
    await expect.poll(async () => (await doc()).fields.festgesetzte_steuer?.value).toBe('1.00');
    await expect.poll(() => row.textContent()).toContain('1,00');

    // Escape leaves pick mode without change
    await row.getByRole('button', { name: 'Festgesetzte Steuer aus dem PDF übernehmen' }).click();
    await expect.poll(() => page.getByTestId('pick-hint').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('pick-hint').count()).toBe(0);

    await row.getByRole('button', { name: 'Festgesetzte Steuer aus dem PDF übernehmen' }).click();
    const [x, y, w, h] = field!.rect!;
    const pdf = await PDFDocument.load(text.pdf);
    const pageWidthPt = pdf.getPage((field!.page ?? 1) - 1).getWidth();
    const pageEl = page.locator(`.pdfViewer .page[data-page-number="${field!.page ?? 1}"]`);
    await pageEl.scrollIntoViewIfNeeded();
    await page.evaluate(
      ({ n, top }) => {
        const container = document.querySelector('[data-testid="pdf-container"]')!;
        const pageDiv = document.querySelector<HTMLElement>(`.pdfViewer .page[data-page-number="${n}"]`)!;
        container.scrollTop = pageDiv.offsetTop + top - container.clientHeight / 2;
      },
      { n: field!.page ?? 1, top: y * 1.2 },
    );
    const box = (await pageEl.boundingBox())!;
    const scale = box.width / pageWidthPt;
    const pad = 2;
    const x1 = box.x + (x - pad) * scale;
    const y1 = box.y + (y - pad) * scale;
    await page.mouse.move(x1, y1);
    await page.mouse.down();
    await page.mouse.move(x1 + ((w + 2 * pad) * scale) / 2, y1 + ((h + 2 * pad) * scale) / 2, { steps: 4 });
    await page.mouse.move(x1 + (w + 2 * pad) * scale, y1 + (h + 2 * pad) * scale, { steps: 4 });
    await page.mouse.up();
    await expect
      .poll(async () => (await doc()).fields.festgesetzte_steuer?.value, { timeout: 20_000 })
      .toBe(expected);
    const picked = (await doc()).fields.festgesetzte_steuer!;
    expect(picked.source).toBe('user');
    expect(picked.page).toBe(field!.page);
    // the stored rectangle is the drawn one, in points from the top-left (within a pixel)
    for (const [i, v] of [x - pad, y - pad, w + 2 * pad, h + 2 * pad].entries())
      expect(Math.abs((picked.rect?.[i] ?? 0) - v)).toBeLessThan(1.5);

    // follow-up: date + text
    const followUp = page.getByRole('form', { name: 'Wiedervorlage' });
    await fillDate(followUp, 'Fällig am', '2026-03-31');
    await followUp.getByLabel('Text').fill('Einspruchsfrist prüfen');
    await followUp.getByRole('button', { name: 'Wiedervorlage speichern' }).click();
    await expect
      .poll(async () => {
        const d = await doc();
        return [d.dueDate, d.dueText];
      })
      .toEqual(['2026-03-31', 'Einspruchsfrist prüfen']);

    // stamp the PDF: a big image is capped at 75 % of the page, then saved as a new version
    const png = await bigPng(page);
    await page
      .getByTestId('stamp-file-input')
      .setInputFiles({ name: 'stempel.png', mimeType: 'image/png', buffer: png });
    const stamp = page.locator('.stampEditor').first();
    await expect.poll(() => stamp.count(), { timeout: 15_000 }).toBe(1);
    await expect
      .poll(async () => (await stamp.boundingBox())?.width ?? 0, { timeout: 10_000 })
      .toBeGreaterThan(50);
    const stampBox = (await stamp.boundingBox())!;
    const pageBox = (await page.locator('.pdfViewer .page').first().boundingBox())!;
    const cap = cappedStampSize({ width: 2400, height: 1200 }, pageBox);
    expect(stampBox.width).toBeLessThanOrEqual(0.75 * pageBox.width + 2);
    expect(Math.abs(stampBox.width - cap.width)).toBeLessThan(pageBox.width * 0.03);
    await screenshot(page, 'documents-review-stamp');
    await page.getByRole('button', { name: 'Anmerkungen als neue Fassung speichern' }).click();
    await expect.poll(async () => (await doc()).versions.length, { timeout: 20_000 }).toBe(2);
    const versions = (await doc()).versions;
    expect(versions.map((v) => v.kind)).toEqual(['original', 'annotated']);
    const annotated = await fetch(`${baseUrl()}${versions[1]!.pdf}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(annotated.status).toBe(200);
    expect(Buffer.from(await annotated.arrayBuffer()).toString('latin1')).toContain('/Stamp');
    await expect.poll(() => page.getByTestId('version').count()).toBe(2);

    // a second user sees the lock and gets a read-only view
    const other2 = await (await newContext()).newPage();
    await openSignedIn(other2, `/dokumente/${id}`, 'admin');
    await expect
      .poll(() => other2.getByTestId('lock-banner').textContent(), { timeout: 20_000 })
      .toContain('Wird bearbeitet von Sven Sachbearbeiter');
    expect(await other2.getByRole('button', { name: 'Prüfung abschließen' }).count()).toBe(0);
    await expect
      .poll(() => other2.locator('.pdfViewer .page canvas').count(), { timeout: 30_000 })
      .toBeGreaterThan(0);
    expect(await other2.getByRole('button', { name: 'Festgesetzte Steuer bearbeiten' }).count()).toBe(0);
    await screenshot(other2, 'documents-locked');

    // confirm ("Prüfung abschließen") needs an establishment: assign one from the suggestions/search
    const confirmButton = page.getByRole('button', { name: 'Prüfung abschließen' });
    if ((await doc()).master_data_id == null) {
      expect(await confirmButton.isDisabled()).toBe(true);
      await page.getByRole('combobox', { name: 'Betriebsstätte' }).click();
      await page.getByRole('option').first().click();
      await expect.poll(async () => (await doc()).master_data_id, { timeout: 10_000 }).not.toBeNull();
    }
    // a dialog summarises the lines first
    await confirmButton.click();
    const confirmDialog = page.getByRole('dialog', { name: 'Prüfung abschließen' });
    await expect
      .poll(() => confirmDialog.getByTestId('confirm-lines').isVisible(), { timeout: 20_000 })
      .toBe(true);
    await confirmDialog.getByRole('button', { name: 'Abschließen' }).click();
    await expect.poll(async () => (await doc()).status, { timeout: 20_000 }).toBe('geprueft');
    await expect
      .poll(() => page.getByTestId('status-chip').first().getAttribute('data-status'))
      .toBe('geprueft');

    expect(cspViolations).toEqual([]);

    // leaving the screen by closing the tab releases the lock
    await page.close({ runBeforeUnload: true });
    const adminToken = await apiToken(baseUrl(), 'admin');
    await expect
      .poll(
        async () =>
          (await api<Doc>(baseUrl(), adminToken, 'GET', `/documents/${id}`)).body.lock.locked_by?.username ??
          null,
        { timeout: 15_000 },
      )
      .not.toBe('sachbearbeitung');
  });
});
