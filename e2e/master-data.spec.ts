import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { api, apiToken } from './support/api';
import { baseUrl, openSignedIn, screenshot, useBrowser } from './support/browser';

const { newContext } = useBrowser();

describe('Stammdaten', () => {
  it('creates an establishment via the autocomplete, changes its rate, sees the conflict, exports and re-imports', async () => {
    const page = await (await newContext()).newPage();
    await openSignedIn(page, '/stammdaten/neu', 'admin');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Neue Betriebsstätte' }).isVisible(), { timeout: 20_000 })
      .toBe(true);

    // municipality autocomplete over the whole reference table, without umlauts
    await page.getByRole('combobox', { name: /Gemeinde \(Name, AGS oder PLZ\)/ }).fill('flensb');
    await page.getByRole('option', { name: /Stadt Flensburg \(01001000\)/ }).click();
    await page.getByLabel(/^Bezeichnung/).fill('E2E Flensburg');
    await page.getByLabel('Zeichen', { exact: true }).fill('E2E-KZ-1');
    // a bad IBAN is refused at the field, in German
    await page.getByLabel('IBAN').fill('DE00 1234');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect.poll(() => page.getByText('Die IBAN ist ungültig').isVisible()).toBe(true);
    await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.waitForURL(/\/stammdaten\/\d+$/, { timeout: 20_000 });
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    // a new establishment lists its (still empty) documents and payment years
    await expect
      .poll(() => page.getByText('Dieser Betriebsstätte ist noch kein Dokument zugeordnet.').isVisible(), {
        timeout: 20_000,
      })
      .toBe(true);
    await expect
      .poll(() => page.getByText('Für diese Betriebsstätte gibt es noch keine Zahlungsdaten.').isVisible())
      .toBe(true);

    // change the rate for 2021 (reference 410) with a note
    const rates = page.getByRole('table', { name: 'Hebesatz-Historie' });
    await expect
      .poll(() => rates.getByRole('row', { name: /2021/ }).isVisible(), { timeout: 20_000 })
      .toBe(true);
    await rates.getByRole('row', { name: /2021/ }).getByRole('button', { name: 'Hebesatz ändern' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Hebesatz (%)').fill('430');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect.poll(() => dialog.getByText(/Referenzwert 410/).isVisible()).toBe(true);
    await dialog.getByLabel(/^Notiz/).fill('laut Bescheid 2021');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect.poll(() => rates.getByRole('row', { name: /2021/ }).textContent()).toContain('430 %');
    await screenshot(page, 'master-data-view');

    // the conflict list shows it, with the difference and a link back
    await page.goto('/service/hebesatzkonflikte');
    const conflict = page.getByRole('row', { name: /E2E Flensburg/ });
    await expect.poll(() => conflict.first().isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await conflict.first().textContent()).toContain('+20 Pkt.');
    expect(await conflict.first().getByRole('link', { name: 'E2E Flensburg' }).getAttribute('href')).toBe(
      `/stammdaten/${id}`,
    );

    // export, change the city in the file, import through the preview
    await page.goto('/service/stammdaten');
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      page.getByRole('button', { name: 'Excel-Export herunterladen' }).click(),
    ]);
    // The name carries HH:mm as the seed asks; Chromium replaces the colon when saving.
    expect(download.suggestedFilename()).toMatch(
      /^\d{4}-\d{2}-\d{2}-\d{2}[:_]\d{2}-Stammdaten-Export-.+\.xlsx$/,
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    const col = (h: string) => headers.indexOf(h) + 1;
    let found = false;
    sheet.eachRow((row) => {
      if (row.getCell(col('ID')).value === id) {
        row.getCell(col('Ort')).value = 'Flensburg-Mitte';
        found = true;
      }
    });
    expect(found).toBe(true);
    const modified = Buffer.from(await wb.xlsx.writeBuffer());
    await page.getByTestId('master-data-import-file').setInputFiles({
      name: 'stammdaten-geaendert.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: modified,
    });
    await page.getByRole('button', { name: 'Vorschau' }).click();
    const previewRow = page
      .getByRole('table', { name: 'Vorschau' })
      .getByRole('row', { name: /E2E Flensburg/ });
    await expect.poll(() => previewRow.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await previewRow.textContent()).toContain('Ort: – → Flensburg-Mitte');
    await screenshot(page, 'master-data-import-preview');
    await page.getByRole('button', { name: 'Import übernehmen' }).click();
    await expect
      .poll(() => page.getByText(/Import übernommen: 1 Zeile/).isVisible(), { timeout: 20_000 })
      .toBe(true);

    const token = await apiToken(baseUrl(), 'admin');
    const record = await api<{ city: string; rates: { year: number; hebesatz: number }[] }>(
      baseUrl(),
      token,
      'GET',
      `/masterData/${id}`,
    );
    expect(record.body.city).toBe('Flensburg-Mitte');
    expect(record.body.rates.find((r) => r.year === 2021)?.hebesatz).toBe(430);
  });
});
