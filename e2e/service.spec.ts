import type { ImportBatchDetail, ImportBatchList } from '@gewst/domain';
import { describe, expect, it } from 'vitest';
import { api, apiToken } from './support/api';
import { baseUrl, openSignedIn, screenshot, useBrowser } from './support/browser';

const { newContext } = useBrowser();

describe('Service', () => {
  it('Stand der Bearbeitung: year and type come from the route and survive a reload', async () => {
    const page = await (await newContext()).newPage();
    await openSignedIn(page, '/service/stand-der-bearbeitung/2024/gewst_bescheid', 'admin');
    const heading = page.getByRole('heading', { name: 'Stand der Bearbeitung 2024' });
    await expect.poll(() => heading.isVisible(), { timeout: 60_000 }).toBe(true);
    const table = page.getByRole('table', { name: 'Erwartete Bescheide' });
    await expect.poll(() => table.isVisible(), { timeout: 60_000 }).toBe(true);
    // only the chosen type is listed; the demo establishments have no 2024 notices yet
    const types = await table.locator('tbody tr td:first-child').allTextContents();
    expect(types.length).toBeGreaterThan(0);
    expect(new Set(types)).toEqual(new Set(['Gewerbesteuerbescheid']));
    expect(await page.getByText(/Gewerbesteuerbescheid 2024 für Gemeinde .* fehlt/).count()).toBeGreaterThan(
      0,
    );
    await screenshot(page, 'service-processing-status');

    // another type through the card: the route changes, and a reload keeps it
    await page.getByRole('button', { name: 'Messbescheid' }).click();
    await page.waitForURL(/\/service\/stand-der-bearbeitung\/2024\/messbescheid$/);
    await page.reload();
    await expect.poll(() => heading.isVisible(), { timeout: 60_000 }).toBe(true);
    await expect
      .poll(async () => new Set(await table.locator('tbody tr td:first-child').allTextContents()), {
        timeout: 60_000,
      })
      .toEqual(new Set(['Messbescheid']));
  }, 300_000);

  it('Importe: an upload is a batch with each file’s result; the filter lives in the address', async () => {
    const token = await apiToken(baseUrl(), 'admin');
    // a file that is refused: recorded without any processing work
    const name = `e2e-import-${Date.now().toString(36)}.txt`;
    const body = new FormData();
    body.append('files', new Blob(['keine PDF'], { type: 'text/plain' }), name);
    body.append('company_id', '1');
    const res = await fetch(new URL('/api/documents', baseUrl()), {
      body,
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(415);
    const list = await api<ImportBatchList>(baseUrl(), token, 'GET', '/imports?result=refused&per_page=5');
    const batch = list.body.data[0]!;
    const detail = await api<ImportBatchDetail>(baseUrl(), token, 'GET', `/imports/${batch.id}`);
    expect(detail.body.files.map((f) => f.filename)).toEqual([name]);

    const page = await (await newContext()).newPage();
    await openSignedIn(page, '/service/importe?result=refused', 'admin');
    const row = page.getByTestId(`import-batch-${batch.id}`);
    await expect.poll(() => row.isVisible(), { timeout: 60_000 }).toBe(true);
    expect(await row.textContent()).toContain('Hochladen');
    await row.getByRole('button', { name: 'Details anzeigen' }).click();
    const file = page
      .getByRole('table', { name: `Dateien des Importvorgangs ${batch.id}` })
      .locator('tbody tr');
    await expect.poll(() => file.first().getAttribute('data-result'), { timeout: 30_000 }).toBe('refused');
    expect(await file.first().textContent()).toContain(name);
    expect(await file.first().textContent()).toContain('keine PDF-Datei');
    await screenshot(page, 'service-imports');

    // the filter survives a reload
    await page.reload();
    await expect.poll(() => row.isVisible(), { timeout: 60_000 }).toBe(true);
    expect(await page.getByRole('combobox', { name: 'Ergebnis' }).textContent()).toContain('abgelehnt');
  }, 300_000);
});
