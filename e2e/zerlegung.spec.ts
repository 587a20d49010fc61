import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSignedIn, screenshot, useBrowser } from './support/browser';

const { newContext } = useBrowser();
/** Intl puts a no-break space before €; compare with plain spaces. */
const text = async (l: Locator) => (await l.textContent())?.replace(/\u00a0/g, ' ');

async function download(page: Page, button: string): Promise<{ name: string; data: Buffer }> {
  const [file] = await Promise.all([
    page.waitForEvent('download', { timeout: 30_000 }),
    page.getByRole('button', { name: button }).click(),
  ]);
  return { name: file.suggestedFilename(), data: await readFile((await file.path())!) };
}

describe('GewSt-Zerlegung', () => {
  it('creates a Zerlegung from the establishments, previews a wage change, saves and exports xlsx and PDF', async () => {
    const page = await (await newContext()).newPage();
    await openSignedIn(page, '/gewst-zerlegung/neu', 'freigabe');
    await expect
      .poll(() => page.getByRole('heading', { name: 'GewSt-Zerlegung – Neuanlage' }).isVisible(), {
        timeout: 20_000,
      })
      .toBe(true);
    // the form starts with the company chosen in the app bar
    const company = (await page.getByTestId('app-bar').getByRole('combobox').textContent())?.trim() ?? '';
    expect(company).not.toBe('');
    // nothing typed yet: no field is red and the preview only says what it waits for
    expect(await page.getByTestId('preview-empty').isVisible()).toBe(true);
    expect(await page.locator('[aria-invalid="true"]').count()).toBe(0);
    await page.getByLabel('Erhebungszeitraum').fill('2024');
    await page.getByLabel('Messbetrag (€)').fill('10000');
    await page.getByRole('button', { name: 'Aus Stammdaten übernehmen' }).click();
    await expect
      .poll(() => page.getByText(/Betriebsstätte\(n\) aus den Stammdaten übernommen/).isVisible(), {
        timeout: 20_000,
      })
      .toBe(true);
    const lines = page.getByRole('table', { name: 'Gemeinden' }).getByRole('row');
    expect(await lines.count()).toBeGreaterThan(3);

    // the wind/solar key of 2024 asks for installed power; back to wages afterwards
    const chooseKey = async (name: string) => {
      await page.getByRole('combobox', { name: 'Maßstab' }).click();
      await page.getByRole('option', { name }).click();
    };
    const kw = page.getByRole('columnheader', { name: 'Installierte Leistung (kW)' });
    expect(await kw.count()).toBe(0);
    await chooseKey('Wind/Solar (§ 29 Abs. 1 Nr. 2)');
    await expect.poll(() => kw.isVisible()).toBe(true);
    expect(await page.getByLabel('Installierte Leistung Zeile 1', { exact: true }).isVisible()).toBe(true);
    await chooseKey('Arbeitslohn (§ 29 Abs. 1 Nr. 1)');
    await expect.poll(() => kw.count()).toBe(0);

    const preview = page.getByRole('table', { name: 'Vorschau' });
    await expect
      .poll(() => text(preview.getByTestId('summe-anteil')), { timeout: 20_000 })
      .toBe('10.000,00 €');
    const ags = (await page
      .getByRole('table', { name: 'Gemeinden' })
      .locator('tbody tr')
      .nth(1)
      .getAttribute('data-ags'))!;
    expect(ags).toMatch(/^\d{8}$/);
    const share = preview.getByTestId(`anteil-${ags}`);
    const before = await share.textContent();

    await page.getByLabel('Arbeitslöhne Zeile 2', { exact: true }).fill('25000000');
    await expect.poll(() => share.textContent()).not.toBe(before);
    const after = await share.textContent();
    expect(await text(preview.getByTestId('summe-anteil'))).toBe('10.000,00 €');
    await screenshot(page, 'zerlegung-create');

    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await page.waitForURL(/\/gewst-zerlegung\/\d+$/, { timeout: 30_000 });
    const result = page.getByRole('table', { name: 'Ergebnis' });
    await expect
      .poll(() => result.getByTestId(`anteil-${ags}`).textContent(), { timeout: 20_000 })
      .toBe(after);

    const xlsx = await download(page, 'Excel exportieren');
    expect(xlsx.name).toMatch(/^Zerlegung-.*-2024-v1\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.data as unknown as ArrayBuffer);
    const rows = wb
      .getWorksheet('Zerlegung')!
      .getSheetValues()
      .filter((r) => Array.isArray(r))
      .map((r) => r.slice(1));
    expect(rows.find((r) => r[0] === 'Firma')?.[1]).toBe(company);
    expect(rows.find((r) => r[0] === 'Summe')?.[5]).toBe(10000);
    expect(rows.some((r) => r[1] === ags)).toBe(true);

    const pdf = await download(page, 'PDF exportieren');
    expect(pdf.data.subarray(0, 5).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(pdf.data);
    expect(doc.getTitle()).toBe(`GewSt-Zerlegung ${company} 2024`);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);

    await page.goto('/gewst-zerlegung');
    await expect
      .poll(() => page.getByRole('link', { name: 'Zerlegung 2024 öffnen' }).count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
  });

  it('picks the municipality of a line with the municipality search; the sum row says whether the shares make the Messbetrag', async () => {
    const page = await (await newContext()).newPage();
    await openSignedIn(page, '/gewst-zerlegung/neu', 'freigabe');
    await page.getByLabel('Erhebungszeitraum').waitFor({ timeout: 20_000 });
    await page.getByLabel('Erhebungszeitraum').fill('2024');
    await page.getByLabel('Messbetrag (€)').fill('1000');
    // the new form starts with one empty line
    await page.getByRole('button', { name: 'Zeile hinzufügen' }).click();

    // the AGS is no plain text box: the municipality search (name, AGS or PLZ) as elsewhere
    const pick = async (row: number, search: string, option: RegExp) => {
      const input = page.getByRole('combobox', { name: `Gemeinde (AGS) Zeile ${row}`, exact: true });
      await input.fill(search);
      await page.getByRole('option', { name: option }).first().click();
    };
    await pick(1, 'Mindelheim', /Mindelheim \(09778\d{3}\)/);
    await pick(2, '05315000', /Köln \(05315000\)/);
    const lines = page.getByRole('table', { name: 'Gemeinden' }).locator('tbody tr');
    expect(await lines.nth(0).getAttribute('data-ags')).toMatch(/^09778\d{3}$/);
    expect(await lines.nth(1).getAttribute('data-ags')).toBe('05315000');
    // an unnamed line takes the municipality's full name
    expect(await page.getByLabel('Bezeichnung Zeile 1', { exact: true }).inputValue()).toBe(
      'Stadt Mindelheim',
    );
    await page.getByRole('radio', { name: 'Geschäftsleitung in Zeile 1' }).check();
    await page.getByLabel('Arbeitslöhne Zeile 1', { exact: true }).fill('200000');
    await page.getByLabel('Arbeitslöhne Zeile 2', { exact: true }).fill('100000');

    expect(await lines.count()).toBe(2);
    await screenshot(page, 'zerlegung-municipality');
    // the sum row: labelled, bold, with a German statement against the Messbetrag
    const preview = page.getByRole('table', { name: 'Vorschau' });
    await expect
      .poll(() => text(preview.getByTestId('summe-check')), { timeout: 20_000 })
      .toBe('Die Summe der Anteile entspricht dem Messbetrag von 1.000,00 €.');
    const sumRow = preview.getByTestId('summe-row');
    expect(await sumRow.getByRole('cell').first().textContent()).toBe('Summe aller Gemeinden');
    const style = await sumRow
      .getByRole('cell')
      .first()
      .evaluate((c) => ({
        weight: Number(getComputedStyle(c).fontWeight),
        size: parseFloat(getComputedStyle(c).fontSize),
      }));
    expect(style.weight).toBeGreaterThanOrEqual(700);
    expect(style.size).toBeGreaterThanOrEqual(14);

    // saved and opened again: the stored AGS shows its municipality's name
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await page.waitForURL(/\/gewst-zerlegung\/\d+$/, { timeout: 30_000 });
    expect(await text(page.getByRole('table', { name: 'Ergebnis' }).getByTestId('summe-check'))).toBe(
      'Die Summe der Anteile entspricht dem Messbetrag von 1.000,00 €.',
    );
  });
});
