import type { DocumentDetail } from '@gewst/domain';
import { describe, expect, it } from 'vitest';
import { generateNotice } from '../bench/notices/generate';
import { api, apiToken, uploadDocument } from './support/api';
import { baseUrl, openSignedIn, screenshot, useBrowser } from './support/browser';

const { newContext } = useBrowser();

describe('Admin → Einstellungen: Aufbewahrung', () => {
  it('a changed retention period changes the list of expired documents at once', async () => {
    const admin = await apiToken(baseUrl(), 'admin');
    const companies = (await api<{ id: number }[]>(baseUrl(), admin, 'GET', '/companies')).body;
    const companyId = companies[0]!.id;
    const notice = await generateNotice(9371, 'zinsbescheid', 'L6-formular');
    const id = await uploadDocument(
      baseUrl(),
      admin,
      companyId,
      `e2e-aufbewahrung-${Date.now().toString(36)}.pdf`,
      notice.pdf,
    );
    const doc = async () => api<DocumentDetail>(baseUrl(), admin, 'GET', `/documents/${id}`);
    await expect
      .poll(async () => (await doc()).body.status, { timeout: 90_000, interval: 500 })
      .toBe('zu_pruefen');
    // a notice dated 11 years ago: kept 10 years it has expired, kept 12 years it has not
    const year = new Date().getFullYear();
    expect((await api(baseUrl(), admin, 'POST', `/documents/${id}/keepLocking`)).status).toBe(200);
    const put = await api(baseUrl(), admin, 'PUT', `/documents/${id}`, {
      fields: { bescheid_datum: { value: `${year - 11}-03-01` } },
    });
    expect(put.status).toBe(200);
    await api(baseUrl(), admin, 'POST', `/documents/${id}/releaseLock`);

    const page = await (await newContext()).newPage();
    await page.addInitScript((c) => window.localStorage.setItem('currentCompanyId', String(c)), companyId);
    await openSignedIn(page, '/admin/einstellungen', 'admin');
    const row = page.getByTestId(`expired-${id}`);
    await expect.poll(() => row.isVisible(), { timeout: 60_000 }).toBe(true);
    // not reviewed yet: listed, but its original may not be deleted
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain('Noch nicht geprüft');

    const years = page.getByTestId('retention-years');
    await years.fill('3');
    const section = page.getByRole('region', { name: /Aufbewahrung der Originale/ });
    await section.getByRole('button', { name: 'Speichern', exact: true }).click();
    await expect.poll(() => page.getByText('mindestens 6 Jahre').isVisible(), { timeout: 30_000 }).toBe(true);
    await years.fill('12');
    await section.getByRole('button', { name: 'Speichern', exact: true }).click();
    await expect.poll(() => row.count(), { timeout: 30_000 }).toBe(0);
    await screenshot(page, 'admin-settings-retention');

    await section.getByRole('button', { name: 'Vorgabe verwenden' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Vorgabe verwenden' }).click();
    await expect.poll(() => row.isVisible(), { timeout: 30_000 }).toBe(true);
    expect((await years.inputValue()).trim()).toBe('10');
  }, 240_000);
});
