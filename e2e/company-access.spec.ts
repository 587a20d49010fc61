import type { UploadResult } from '@gewst/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { generateNotice } from '../bench/notices/generate';
import { api, apiToken } from './support/api';
import { baseUrl, openSignedIn, screenshot, useBrowser } from './support/browser';

const { newContext } = useBrowser();
let restore: (() => Promise<unknown>) | null = null;
afterAll(async () => restore?.());

describe('company-scoped access', () => {
  it('a user limited to one company sees only it in the selector and a not-found page for another company’s document', async () => {
    const admin = await apiToken(baseUrl(), 'admin');
    const companies = (await api<{ id: number; name: string }[]>(baseUrl(), admin, 'GET', '/companies')).body;
    const [a, b] = companies as [{ id: number; name: string }, { id: number; name: string }];

    // a notice of company B
    const notice = await generateNotice(8150, 'vorauszahlungsbescheid', 'L6-formular');
    const form = new FormData();
    form.append('company_id', String(b.id));
    form.append(
      'files',
      new Blob([new Uint8Array(notice.pdf)], { type: 'application/pdf' }),
      'e2e-firma-b.pdf',
    );
    const res = await fetch(`${baseUrl()}/api/documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    const docB = ((await res.json()) as UploadResult).results[0]!.document_id!;
    expect(docB).toBeGreaterThan(0);

    const users = (await api<{ id: number; username: string }[]>(baseUrl(), admin, 'GET', '/users/getAll'))
      .body;
    const leser = users.find((u) => u.username === 'leser')!;
    restore = () => api(baseUrl(), admin, 'PUT', `/users/${leser.id}/companies`, { company_ids: null });
    // The administrator limits "leser" to company A in Admin → Benutzer.
    const adminPage = await (await newContext()).newPage();
    await openSignedIn(adminPage, '/admin/benutzer', 'admin');
    await adminPage.getByRole('button', { name: 'Firmenzugriff von leser bearbeiten' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Firmenzugriff von leser' });
    await dialog.getByRole('radio', { name: 'Nur ausgewählte Firmen' }).check();
    await dialog.getByRole('checkbox', { name: a.name }).check();
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect
      .poll(
        async () =>
          (
            await api<{ username: string; company_ids: number[] | null }[]>(
              baseUrl(),
              admin,
              'GET',
              '/users/getAll',
            )
          ).body.find((u) => u.username === 'leser')?.company_ids,
        { timeout: 20_000 },
      )
      .toEqual([a.id]);
    await adminPage.close();

    const page = await (await newContext()).newPage();
    await openSignedIn(page, '/', 'leser');
    const selector = page.getByTestId('app-bar').getByRole('combobox');
    await expect.poll(() => selector.textContent(), { timeout: 30_000 }).toContain(a.name);
    await selector.click();
    const options = page.getByRole('option');
    await expect.poll(() => options.count(), { timeout: 10_000 }).toBe(1);
    expect(await options.first().textContent()).toContain(a.name);
    await page.keyboard.press('Escape');

    await page.goto(`${baseUrl()}/dokumente/${docB}`);
    await expect
      .poll(() => page.getByText('Dieses Dokument gibt es nicht oder nicht mehr.').isVisible(), {
        timeout: 60_000,
      })
      .toBe(true);
    await screenshot(page, 'company-access-not-found');
  });
});
