import type { ArchiveList, DocumentDetail } from '@gewst/domain';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { api, apiToken, uploadDocument } from './support/api';
import { baseUrl, openSignedIn, useBrowser } from './support/browser';

const { newContext } = useBrowser();

async function pdf(text: string) {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText(text, { x: 60, y: 780, size: 11, font });
  return doc.save({ useObjectStreams: false });
}

describe('Archiv', () => {
  it('archives a document in its view, finds it in /archiv and restores it after confirming', async () => {
    const sb = await apiToken(baseUrl(), 'sachbearbeitung');
    const name = `e2e-archiv-${Date.now()}.pdf`;
    const id = await uploadDocument(baseUrl(), sb, 1, name, await pdf(`Archivtest ${name}`));
    await expect
      .poll(async () => (await api<DocumentDetail>(baseUrl(), sb, 'GET', `/documents/${id}`)).body.status, {
        timeout: 120_000,
        interval: 500,
      })
      .not.toMatch(/^(neu|in_verarbeitung)$/);

    const page = await (await newContext()).newPage();
    await openSignedIn(page, `/dokumente/${id}`, 'sachbearbeitung');
    const archiveButton = page.getByRole('button', { name: 'Archivieren', exact: true });
    await expect.poll(() => archiveButton.isEnabled(), { timeout: 30_000 }).toBe(true);
    await archiveButton.click();
    await expect
      .poll(async () => (await api<DocumentDetail>(baseUrl(), sb, 'GET', `/documents/${id}`)).body.archived, {
        timeout: 20_000,
      })
      .toBe(true);

    // the archive: search by file name (the filter lands in the URL)
    await page.goto(`${baseUrl()}/archiv`);
    const search = page.getByRole('searchbox', { name: 'Suche' });
    await expect.poll(() => search.isVisible(), { timeout: 30_000 }).toBe(true);
    await search.fill(name);
    await search.press('Enter');
    await expect.poll(() => page.url()).toContain(`q=${encodeURIComponent(name)}`);
    const row = page.getByTestId('archive-row').filter({ hasText: name });
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
    expect(await row.textContent()).toContain('Dokument');
    await page.getByRole('combobox', { name: 'Art' }).click();
    await page.getByRole('option', { name: 'Buchungsstapel' }).click();
    await expect.poll(() => page.url()).toContain('art=stapel');
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(0);
    await page.getByRole('combobox', { name: 'Art' }).click();
    await page.getByRole('option', { name: 'Dokumente' }).click();
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);

    // restore: a confirmation first; cancelling changes nothing
    await row.getByRole('button', { name: `Wiederherstellen: ${name}` }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent(), { timeout: 10_000 }).toContain('wiederherstellen?');
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect.poll(() => dialog.count(), { timeout: 10_000 }).toBe(0);
    await row.getByRole('button', { name: `Wiederherstellen: ${name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Wiederherstellen' }).click();
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(0);
    await expect.poll(() => page.getByText('Keine Treffer für diese Filter.').isVisible()).toBe(true);
    expect((await api<DocumentDetail>(baseUrl(), sb, 'GET', `/documents/${id}`)).body.archived).toBe(false);
    const list = await api<ArchiveList>(
      baseUrl(),
      sb,
      'GET',
      `/archive?company_id=1&q=${encodeURIComponent(name)}`,
    );
    expect(list.body.meta.total).toBe(0);

    // leave company 1's inbox as it was
    const admin = await apiToken(baseUrl(), 'admin');
    expect((await api(baseUrl(), admin, 'DELETE', `/documents/${id}`)).status).toBeLessThan(300);
  });
});
