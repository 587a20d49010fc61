import type { DocumentDetail, DocumentList, UploadResult } from '@gewst/domain';
import { describe, expect, it } from 'vitest';
import { generateNotice } from '../bench/notices/generate';
import { api, apiToken } from './support/api';
import { baseUrl, openSignedIn, screenshot, useBrowser } from './support/browser';

const { newContext } = useBrowser();

/** POST /documents for company 1, the way a script would; the file must be new (stored). */
async function uploadNotice(token: string, name: string, pdf: Uint8Array): Promise<number> {
  const form = new FormData();
  form.append('company_id', '1');
  form.append('files', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), name);
  const res = await fetch(`${baseUrl()}/api/documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(res.status).toBe(201);
  const result = ((await res.json()) as UploadResult).results[0]!;
  expect(result.status).toBe('stored');
  return result.document_id!;
}

describe('Admin → Dokumente', () => {
  it('shows the upload in the audit trail; a deleted document is listed and restored by the admin', async () => {
    const token = await apiToken(baseUrl(), 'sachbearbeitung');
    // a notice no other spec uploads (another seed and layout): it is stored, not a duplicate
    const notice = await generateNotice(4711, 'messbescheid', 'L6-formular');
    const name = `e2e-papierkorb-${Date.now().toString(36)}.pdf`;
    const id = await uploadNotice(token, name, notice.pdf);
    const doc = async () => api<DocumentDetail>(baseUrl(), token, 'GET', `/documents/${id}`);
    await expect
      .poll(async () => (await doc()).body.status, { timeout: 60_000, interval: 500 })
      .toBe('zu_pruefen');
    expect((await api(baseUrl(), token, 'DELETE', `/documents/${id}`)).status).toBe(200);
    expect((await doc()).status).toBe(404);

    const page = await (await newContext()).newPage();
    await page.addInitScript(() => window.localStorage.setItem('currentCompanyId', '1'));
    await openSignedIn(page, '/admin/dokumente', 'admin');

    // the audit trail: who, which file, result, link to the document, download of the stored file
    const uploadRow = page.getByTestId('upload-audit-row').filter({ hasText: name });
    await expect.poll(() => uploadRow.count(), { timeout: 30_000 }).toBe(1);
    expect(await uploadRow.getAttribute('data-status')).toBe('stored');
    const rowText = await uploadRow.textContent();
    expect(rowText).toContain('sachbearbeitung');
    expect(rowText).toContain('gespeichert');
    expect(await uploadRow.getByRole('link', { name: `Dokument ${id} öffnen` }).getAttribute('href')).toBe(
      `/dokumente/${id}`,
    );
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      uploadRow.getByRole('button', { name: `„${name}“ herunterladen` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(name);
    await screenshot(page, 'admin-upload-audit');

    // the deleted documents of the current company
    await page.getByRole('tab', { name: 'Gelöschte Dokumente' }).click();
    await page.waitForURL(/ansicht=geloescht/);
    const deletedRow = page.getByTestId('deleted-document-row').filter({ hasText: name });
    await expect.poll(() => deletedRow.count(), { timeout: 30_000 }).toBe(1);
    expect(await deletedRow.textContent()).toContain('sachbearbeitung');
    await screenshot(page, 'admin-deleted-documents');

    // restore asks first; "Abbrechen" changes nothing
    await deletedRow.getByRole('button', { name: `„${name}“ wiederherstellen` }).click();
    const dialog = page.getByRole('dialog', { name: 'Dokument wiederherstellen' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain(name);
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect((await doc()).status).toBe(404);

    await deletedRow.getByRole('button', { name: `„${name}“ wiederherstellen` }).click();
    await dialog.getByRole('button', { name: 'Wiederherstellen' }).click();
    await expect.poll(() => page.getByText(`Dokument „${name}“ wiederhergestellt.`).isVisible()).toBe(true);
    await expect.poll(() => deletedRow.count()).toBe(0);

    // back for everyone: readable again and in the company's inbox
    const restored = await doc();
    expect(restored.status).toBe(200);
    expect(restored.body.deleted).toBe(false);
    const inbox = await api<DocumentList>(baseUrl(), token, 'GET', '/documents?company_id=1&per_page=200');
    expect(inbox.body.data.map((d) => d.id)).toContain(id);
    await page.goto('/');
    await page.getByLabel('Suche (Datei, Gemeinde, Kassenzeichen)').fill(name);
    await expect.poll(() => page.getByRole('link', { name }).count(), { timeout: 20_000 }).toBeGreaterThan(0);
  });
  it('refuses to restore a deleted document whose file is active again and says which document holds it', async () => {
    const token = await apiToken(baseUrl(), 'sachbearbeitung');
    const notice = await generateNotice(4712, 'messbescheid', 'L6-formular');
    const stamp = Date.now().toString(36);
    const removedName = `e2e-doppelt-alt-${stamp}.pdf`;
    const againName = `e2e-doppelt-neu-${stamp}.pdf`;
    const removed = await uploadNotice(token, removedName, notice.pdf);
    expect((await api(baseUrl(), token, 'DELETE', `/documents/${removed}`)).status).toBe(200);
    // the same file again: stored anew, the removed document does not count
    const again = await uploadNotice(token, againName, notice.pdf);

    const page = await (await newContext()).newPage();
    await page.addInitScript(() => window.localStorage.setItem('currentCompanyId', '1'));
    await openSignedIn(page, '/admin/dokumente?ansicht=geloescht', 'admin');
    const deletedRow = page.getByTestId('deleted-document-row').filter({ hasText: removedName });
    await expect.poll(() => deletedRow.count(), { timeout: 30_000 }).toBe(1);
    await deletedRow.getByRole('button', { name: `„${removedName}“ wiederherstellen` }).click();
    const dialog = page.getByRole('dialog', { name: 'Dokument wiederherstellen' });
    await dialog.getByRole('button', { name: 'Wiederherstellen' }).click();
    const message = page.getByText(
      `Das Dokument kann nicht wiederhergestellt werden: Dieselbe Datei ist bereits als Dokument ${again} („${againName}“) vorhanden.`,
      { exact: false },
    );
    await expect.poll(() => message.isVisible(), { timeout: 20_000 }).toBe(true);
    await screenshot(page, 'admin-restore-duplicate');
    // nothing changed: still deleted, the other one active
    expect(await deletedRow.count()).toBe(1);
    expect((await api(baseUrl(), token, 'GET', `/documents/${removed}`)).status).toBe(404);
    expect((await api(baseUrl(), token, 'GET', `/documents/${again}`)).status).toBe(200);
  });
});
