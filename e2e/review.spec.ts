import type { DocumentDetail, PaymentDue } from '@gewst/domain';
import { PDFDocument } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { generateNotice } from '../bench/notices/generate';
import { api, apiToken, assignNewEstablishment } from './support/api';
import { baseUrl, openSignedIn, screenshot, useBrowser } from './support/browser';

const { newContext } = useBrowser();

type Doc = DocumentDetail;
type Vz = { jahr: number; quartal: number; betrag: string; faellig_am: string };

const euro = (v: string) =>
  new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' })
    .format(Number(v))
    .replace(/\s/g, ' ');
const plain = (v: string) =>
  new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(v));
const norm = (s: string | null) => (s ?? '').replace(/\s/g, ' ');

type Box = { x: number; y: number; width: number; height: number };

/** Where the first text-layer word showing `text` is on the screen (only the words themselves). */
async function textBox(page: Page, text: string): Promise<Box> {
  const span = page.locator('.pdfViewer .textLayer span', { hasText: text }).first();
  await expect.poll(() => span.count(), { timeout: 20_000 }).toBe(1);
  await span.scrollIntoViewIfNeeded();
  return span.evaluate((el, wanted) => {
    const node = Array.from(el.childNodes).find((c) => c.textContent?.includes(wanted)) ?? el.firstChild!;
    const range = document.createRange();
    const start = Math.max(0, node.textContent!.indexOf(wanted));
    range.setStart(node, start);
    range.setEnd(node, start + wanted.length);
    const r = range.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  }, text);
}

/** A rectangle in PDF points (top-left origin) of page 1 on the screen. */
async function screenBox(page: Page, rect: readonly number[], pageWidthPt: number): Promise<Box> {
  const pageBox = (await page.locator('.pdfViewer .page[data-page-number="1"]').boundingBox())!;
  const scale = pageBox.width / pageWidthPt;
  const [x, y, w, h] = rect as [number, number, number, number];
  return { x: pageBox.x + x * scale, y: pageBox.y + y * scale, width: w * scale, height: h * scale };
}

/** Draws a rectangle on the PDF around a box, as a user would with the mouse. */
async function drawAround(page: Page, box: Box) {
  await expect.poll(() => page.getByTestId('pick-hint').isVisible(), { timeout: 10_000 }).toBe(true);
  const pad = 2;
  await page.mouse.move(box.x - pad, box.y - pad);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
  await page.mouse.move(box.x + box.width + pad, box.y + box.height + pad, { steps: 4 });
  await page.mouse.up();
}

describe('Prüfen und Bestätigen', () => {
  it('first notice of an establishment: correct a list and a scalar field from the PDF, confirm through the dialog, the printed Abrechnung is open; then withdraw', async () => {
    // A Bescheid with prepayments already fixed ("bisher festgesetzt") and an amount due.
    const n = await generateNotice(62, 'gewst_bescheid', 'L1-kaemmerei');
    const truth = n.truth as Record<string, unknown>;
    const vz = truth.vorauszahlungen as Vz[];
    const year = truth.erhebungszeitraum as number;
    const abrechnung = truth.abrechnung as string;
    expect(Number(abrechnung)).toBeGreaterThan(0);
    const token = await apiToken(baseUrl(), 'sachbearbeitung');
    const doc = async (id: number) => (await api<Doc>(baseUrl(), token, 'GET', `/documents/${id}`)).body;
    const due = async () =>
      (await api<PaymentDue>(baseUrl(), token, 'GET', '/payments/due?company_id=1')).body;

    // Upload as a user does.
    const page = await (await newContext()).newPage();
    await openSignedIn(page, '/', 'sachbearbeitung');
    const name = `e2e-erstbescheid-${Date.now().toString(36)}.pdf`;
    await page
      .getByTestId('upload-input')
      .setInputFiles({ name, mimeType: 'application/pdf', buffer: Buffer.from(n.pdf) });
    const link = page.getByRole('link', { name });
    await expect.poll(() => link.count(), { timeout: 30_000 }).toBe(1);
    const id = Number((await link.getAttribute('href'))!.split('/').pop());
    await expect
      .poll(async () => (await doc(id)).status, { timeout: 90_000, interval: 500 })
      .toBe('zu_pruefen');

    // An establishment of the notice's municipality without any payment data yet.
    const processed = await doc(id);
    const designation = `E2E Erstbescheid ${Date.now()}`;
    const mdId = await assignNewEstablishment(
      baseUrl(),
      token,
      id,
      (processed.fields.ags?.value as string | undefined) ?? '09162000',
      designation,
    );
    // The reading went wrong in two places (as on a notice the engine had not seen).
    const misread = vz.map((q, i) => (i === 0 ? { ...q, betrag: '1.00' } : q));
    const wrong = await api(baseUrl(), token, 'PUT', `/documents/${id}`, {
      fields: { bisher_festgesetzt: { value: '1.00' }, vorauszahlungen: { value: misread } },
    });
    expect(wrong.status).toBe(200);
    const before = await due();

    await page.goto(`/dokumente/${id}`);
    await expect
      .poll(() => page.locator('.pdfViewer .textLayer span').count(), { timeout: 30_000 })
      .toBeGreaterThan(0);

    // Scalar field: "Bisher festgesetzt" picked from the PDF where the notice prints it. The text
    // layer sits a little off the painted glyphs; the offset measured here places the later pick.
    const pageWidthPt = (await PDFDocument.load(n.pdf)).getPage(0).getWidth();
    const printed = processed.fields.bisher_festgesetzt!;
    expect(printed.page).toBe(1);
    const bisher = page.getByTestId('field-bisher_festgesetzt');
    await bisher.getByRole('button', { name: 'Bisher festgesetzt aus dem PDF übernehmen' }).click();
    const layerBox = await textBox(page, plain(truth.bisher_festgesetzt as string));
    const target = await screenBox(page, printed.rect!, pageWidthPt);
    const dy = target.y + target.height / 2 - (layerBox.y + layerBox.height / 2);
    await drawAround(page, { ...layerBox, y: layerBox.y + dy });
    await expect
      .poll(async () => (await doc(id)).fields.bisher_festgesetzt?.value, { timeout: 20_000 })
      .toBe(truth.bisher_festgesetzt);

    // List field: the first prepayment's amount picked from the PDF into its cell, then saved.
    await page
      .getByTestId('field-vorauszahlungen')
      .getByRole('button', { name: 'Vorauszahlungen bearbeiten' })
      .click();
    const editor = page.getByTestId('list-editor-vorauszahlungen');
    await expect.poll(() => editor.isVisible()).toBe(true);
    expect(await page.getByTestId('cell-vorauszahlungen-0-betrag').inputValue()).toBe('1,00');
    await editor.getByRole('button', { name: 'Betrag (€) in Zeile 1 aus dem PDF übernehmen' }).click();
    const amountBox = await textBox(page, plain(vz[0]!.betrag));
    await drawAround(page, { ...amountBox, y: amountBox.y + dy });
    await expect
      .poll(() => page.getByTestId('cell-vorauszahlungen-0-betrag').inputValue(), { timeout: 20_000 })
      .toBe(plain(vz[0]!.betrag));
    // A repeated quarter is refused at the cell before anything is sent.
    if (vz.length > 1) {
      const q2 = page.getByTestId('cell-vorauszahlungen-1-quartal');
      await q2.fill(String(vz[0]!.quartal));
      await expect.poll(() => editor.textContent()).toContain('Dieses Quartal steht schon in der Liste.');
      await q2.fill(String(vz[1]!.quartal));
    }
    await screenshot(page, 'review-list-editor');
    await editor.getByRole('button', { name: 'Liste speichern' }).click();
    await expect
      .poll(async () => (await doc(id)).fields.vorauszahlungen?.value, { timeout: 20_000 })
      .toEqual(vz);

    // Confirm through the dialog: our Abrechnung equals the printed one.
    await page.getByRole('button', { name: 'Prüfung abschließen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Prüfung abschließen' });
    await expect.poll(() => dialog.getByTestId('confirm-lines').isVisible(), { timeout: 20_000 }).toBe(true);
    expect(norm(await dialog.textContent())).toContain(euro(abrechnung));
    await dialog.getByRole('button', { name: 'Abschließen' }).click();
    await expect.poll(async () => (await doc(id)).status, { timeout: 20_000 }).toBe('geprueft');

    // Read-only now: no pencils, an explicit way back.
    await expect.poll(() => page.getByTestId('confirmed-banner').isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await page.getByRole('button', { name: 'Festgesetzte Steuer bearbeiten' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Vorauszahlungen bearbeiten' }).count()).toBe(0);

    // Payment data: the year of the notice has exactly the printed Abrechnung open.
    await page.goto(`/zahlungsdaten?year=${year}`);
    const row = page.getByRole('row', { name: new RegExp(designation) });
    await expect.poll(() => row.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(norm(await row.textContent())).toContain(euro(abrechnung));
    await page.goto(`/zahlungsdaten/${mdId}/${year}`);
    await expect
      .poll(async () => norm(await page.getByTestId('sum-Offen').textContent()), { timeout: 20_000 })
      .toBe(euro(abrechnung));

    // Dashboard: overdue grows by the Abrechnung (due a month after the notice, long past) and the
    // notice's own prepayments for later years that are past due — nothing else.
    const today = new Date().toISOString().slice(0, 10);
    const cents = (v: string) => Math.round(Number(v) * 100);
    const expected =
      cents(before.overdue.sum) +
      cents(abrechnung) +
      vz.filter((q) => q.faellig_am < today).reduce((s, q) => s + cents(q.betrag), 0);
    const after = await due();
    expect(cents(after.overdue.sum)).toBe(expected);
    await page.goto('/');
    await expect
      .poll(async () => norm(await page.getByTestId('payment-tile-overdue').textContent()), {
        timeout: 20_000,
      })
      .toContain(euro(after.overdue.sum));

    // "Bestätigung zurücknehmen" (with a reason): back to review, the money gone again.
    await page.goto(`/dokumente/${id}`);
    await page.getByRole('button', { name: 'Bestätigung zurücknehmen' }).click();
    const undo = page.getByRole('dialog', { name: 'Bestätigung zurücknehmen' });
    await undo.getByRole('button', { name: 'Bestätigung zurücknehmen' }).click();
    await expect.poll(() => undo.textContent()).toContain('mindestens 5 Zeichen');
    await undo.getByLabel('Grund').fill('Falsche Betriebsstätte zugeordnet');
    await undo.getByRole('button', { name: 'Bestätigung zurücknehmen' }).click();
    await expect.poll(async () => (await doc(id)).status, { timeout: 20_000 }).toBe('zu_pruefen');
    expect((await due()).overdue.sum).toBe(before.overdue.sum);
    await expect
      .poll(() => page.getByRole('button', { name: 'Vorauszahlungen bearbeiten' }).count(), {
        timeout: 20_000,
      })
      .toBe(1);

    // "Neu verarbeiten" asks first and offers to keep the corrections.
    await page.getByRole('button', { name: 'Neu verarbeiten' }).click();
    const again = page.getByRole('dialog', { name: 'Dokument neu verarbeiten' });
    expect(await again.textContent()).toMatch(/Felder wurden von Ihnen korrigiert/);
    expect(await again.getByRole('button', { name: 'Korrekturen behalten' }).count()).toBe(1);
    await again.getByRole('button', { name: 'Abbrechen' }).click();
    expect((await doc(id)).status).toBe('zu_pruefen');
  });
});
