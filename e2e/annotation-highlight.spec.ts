import type { DocumentDetail } from '@gewst/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { generateNotice } from '../bench/notices/generate';
import { api, apiToken, uploadDocument } from './support/api';
import { baseUrl, openSignedIn, screenshot, useBrowser } from './support/browser';

const { newContext } = useBrowser();

/** Pixels of the visible page area in a highlighter's yellow (the notices print black on white). */
async function yellowPixels(page: Page): Promise<number> {
  const box = (await page.getByTestId('pdf-container').boundingBox())!;
  const shot = await page.screenshot({ clip: box });
  return page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const ctx = c.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i]! > 200 && d[i + 1]! > 190 && d[i + 2]! < 170) n++;
    return n;
  }, shot.toString('base64'));
}

/** How many pixels of a screen region differ from an earlier screenshot of the same region. */
async function changedPixels(page: Page, before: Buffer, clip: Clip): Promise<number> {
  const after = await page.screenshot({ clip });
  return page.evaluate(
    async ([a, b]) => {
      const pixels = async (b64: string) => {
        const img = new Image();
        img.src = `data:image/png;base64,${b64}`;
        await img.decode();
        const c = document.createElement('canvas');
        c.width = img.width;
        c.height = img.height;
        const ctx = c.getContext('2d')!;
        ctx.drawImage(img, 0, 0);
        return ctx.getImageData(0, 0, c.width, c.height).data;
      };
      const [p, q] = [await pixels(a!), await pixels(b!)];
      let n = 0;
      for (let i = 0; i < p.length; i += 4)
        if (Math.abs(p[i]! - q[i]!) + Math.abs(p[i + 1]! - q[i + 1]!) + Math.abs(p[i + 2]! - q[i + 2]!) > 30)
          n++;
      return n;
    },
    [before.toString('base64'), after.toString('base64')],
  );
}

type Clip = { x: number; y: number; width: number; height: number };

/** The screen region a highlightDrag at that height sweeps (with a margin for the strip's height). */
async function dragRegion(page: Page, down: number): Promise<Clip> {
  const pageBox = (await page.locator('.pdfViewer .page').first().boundingBox())!;
  const x0 = pageBox.x + pageBox.width * 0.12;
  const y0 = pageBox.y + pageBox.width * down;
  return {
    x: Math.round(x0 - 4),
    y: Math.round(y0 - 16),
    width: Math.round(pageBox.width * 0.5 + 8),
    height: 32,
  };
}

/** A drag with the highlight tool at a height of the page (share of its width from the top). */
async function highlightDrag(page: Page, label: string, down: number) {
  const pageBox = (await page.locator('.pdfViewer .page').first().boundingBox())!;
  await page.getByRole('button', { name: 'Markieren' }).click();
  // pdf.js switches its editor mode asynchronously
  await page.locator('.annotationEditorLayer.highlightEditing').first().waitFor({ state: 'attached' });
  const x0 = pageBox.x + pageBox.width * 0.12;
  const y0 = pageBox.y + pageBox.width * down;
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(x0 + i * pageBox.width * 0.05, y0 + i * 0.5);
  await page.mouse.up();
  await page.getByRole('button', { name: 'Auswählen', exact: true }).click();
  await screenshot(page, `annotation-highlight-${label}`);
  return pageBox.width;
}

describe('annotation editor: highlight', () => {
  it('a drag with the highlight tool leaves a visible mark, over text and over blank paper; the saved version shows them', async () => {
    const token = await apiToken(baseUrl(), 'sachbearbeitung');
    // A seed of its own: review.spec uploads seed 62, and the same content twice is refused as a duplicate.
    const n = await generateNotice(6201, 'gewst_bescheid', 'L1-kaemmerei');
    const id = await uploadDocument(baseUrl(), token, 1, `e2e-highlight-${Date.now()}.pdf`, n.pdf);
    const doc = async () => (await api<DocumentDetail>(baseUrl(), token, 'GET', `/documents/${id}`)).body;
    await expect.poll(async () => (await doc()).status, { timeout: 60_000 }).toBe('zu_pruefen');

    const page = await (await newContext()).newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.addInitScript(() => window.localStorage.setItem('currentCompanyId', '1'));
    await openSignedIn(page, `/dokumente/${id}`, 'sachbearbeitung');
    await page.locator('.pdfViewer .page canvas').first().waitFor({ timeout: 30_000 });
    let before = await yellowPixels(page);
    let width = await highlightDrag(page, 'blank-fresh', 1.05);
    await expect
      .poll(() => yellowPixels(page), { timeout: 10_000 })
      .toBeGreaterThan(before + width * 0.3 * 4);
    before = await yellowPixels(page);
    width = await highlightDrag(page, 'text-fresh', 0.5);
    await expect
      .poll(() => yellowPixels(page), { timeout: 10_000 })
      .toBeGreaterThan(before + width * 0.3 * 4);

    await page.getByRole('button', { name: 'Anmerkungen als neue Fassung speichern' }).click();
    await expect.poll(async () => (await doc()).versions.length, { timeout: 20_000 }).toBe(2);
    const versions = (await doc()).versions;
    const annotated = await fetch(`${baseUrl()}${versions[1]!.pdf}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(Buffer.from(await annotated.arrayBuffer()).toString('latin1')).toMatch(/\/Highlight|\/Ink/);

    await page.reload();
    await page.locator('.pdfViewer .page canvas').first().waitFor({ timeout: 30_000 });
    // the saved version shows both marks
    await expect.poll(() => yellowPixels(page), { timeout: 15_000 }).toBeGreaterThan(2 * width * 0.3 * 4);

    // A further drag on the version that already carries annotations leaves a visible mark too
    // (without highlight colours pdf.js threw while rebuilding the saved highlight on entering
    // highlight mode, and the mode never came on). The screen region of the drag is compared
    // before and after, pixel by pixel.
    await page.getByRole('button', { name: 'Markieren' }).waitFor();
    const region = await dragRegion(page, 0.9);
    const regionBefore = await page.screenshot({ clip: region });
    width = await highlightDrag(page, 'blank-annotated', 0.9);
    // the new mark exists in the DOM (the saved ones are drawn into the canvas by pdf.js) …
    await expect.poll(() => page.locator('.canvasWrapper svg.highlight').count()).toBeGreaterThan(0);
    // … and on screen
    await expect
      .poll(() => changedPixels(page, regionBefore, region), { timeout: 10_000 })
      .toBeGreaterThan(width * 0.3 * 4);
    // pdf.js threw while adding highlight editors when the viewer had no highlight colours
    expect(pageErrors).toEqual([]);
  });
});
