import { describe, expect, it } from 'vitest';
import { api, apiToken } from './support/api';
import { baseUrl, openSignedIn, screenshot, signIn, useBrowser } from './support/browser';

const { newContext } = useBrowser();

describe('sign-in and the web shell', () => {
  it('sends an unauthenticated visitor to the sign-in page and back to the requested address', async () => {
    const page = await (await newContext()).newPage();
    await page.goto('/stammdaten?suche=test');
    await signIn(page, 'admin');
    await page.waitForURL((url) => url.pathname === '/stammdaten', { timeout: 30_000 });
    expect(new URL(page.url()).search).toBe('?suche=test');
  });

  it('shows the admin the dashboard with the three demo companies', async () => {
    const page = await (await newContext()).newPage();
    await openSignedIn(page, '/', 'admin');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Posteingang – Nordlicht Energie GmbH' }).isVisible(), {
        timeout: 20_000,
      })
      .toBe(true);
    await page.getByTestId('app-bar').getByRole('combobox').click();
    // Companies that other specs create keep their data and sort after the demo companies.
    const options = (await page.getByRole('option').allTextContents()).slice(0, 3);
    expect(options).toEqual([
      'Nordlicht Energie GmbH',
      'Rheinwerk Handel AG',
      'Südhang Logistik GmbH & Co. KG',
    ]);
    await page.keyboard.press('Escape');
    await screenshot(page, 'dashboard-admin');
  });

  it('sends a reader who opens the user administration to /no-access', async () => {
    const page = await (await newContext()).newPage();
    await openSignedIn(page, '/admin/benutzer', 'leser');
    await page.waitForURL((url) => url.pathname === '/no-access', { timeout: 20_000 });
    await expect.poll(() => page.getByRole('heading', { name: 'Kein Zugriff' }).isVisible()).toBe(true);
  });

  it('sends a user without any permission to /no-access', async () => {
    const page = await (await newContext()).newPage();
    await openSignedIn(page, '/', 'ohne-rechte');
    await page.waitForURL((url) => url.pathname === '/no-access', { timeout: 20_000 });
    await expect.poll(() => page.getByRole('heading', { name: 'Kein Zugriff' }).isVisible()).toBe(true);
  });

  it('shows the 404 page for an unknown address', async () => {
    const page = await (await newContext()).newPage();
    await openSignedIn(page, '/gibt-es-nicht', 'admin');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Seite nicht gefunden' }).isVisible(), {
        timeout: 20_000,
      })
      .toBe(true);
    expect(new URL(page.url()).pathname).toBe('/gibt-es-nicht');
  });

  it('keeps the chosen company across a reload and recolours the app bar', async () => {
    const page = await (await newContext()).newPage();
    await openSignedIn(page, '/', 'sachbearbeitung');
    const bar = page.getByTestId('app-bar');
    await expect
      .poll(() => bar.evaluate((el) => getComputedStyle(el).backgroundColor), { timeout: 20_000 })
      .toBe('rgb(18, 100, 175)');
    await bar.getByRole('combobox').click();
    await page.getByRole('option', { name: 'Rheinwerk Handel AG' }).click();
    await expect
      .poll(() => bar.evaluate((el) => getComputedStyle(el).backgroundColor))
      .toBe('rgb(198, 40, 40)');
    await page.reload();
    await expect
      .poll(() => page.getByTestId('app-bar').evaluate((el) => getComputedStyle(el).backgroundColor), {
        timeout: 20_000,
      })
      .toBe('rgb(198, 40, 40)');
    expect(await page.getByTestId('app-bar').getByRole('combobox').textContent()).toContain(
      'Rheinwerk Handel AG',
    );
  });

  it('sends a signed-in user to /no-access within 15 s when an admin removes their role', async () => {
    const page = await (await newContext()).newPage();
    await openSignedIn(page, '/', 'freigabe');
    await expect
      .poll(() => page.getByRole('heading', { name: /^Posteingang – / }).isVisible(), { timeout: 20_000 })
      .toBe(true);

    const admin = await apiToken(baseUrl(), 'admin');
    const users = (
      await api<{ id: number; username: string; roles: { id: number }[] }[]>(
        baseUrl(),
        admin,
        'GET',
        '/users/getAll',
      )
    ).body;
    const freigabe = users.find((u) => u.username === 'freigabe')!;
    const removedAt = Date.now();
    expect((await api(baseUrl(), admin, 'PUT', `/users/${freigabe.id}/roles`, { role_ids: [] })).status).toBe(
      200,
    );
    try {
      await page.waitForURL((url) => url.pathname === '/no-access', { timeout: 15_000 });
      expect(Date.now() - removedAt).toBeLessThan(15_000);
    } finally {
      await api(baseUrl(), admin, 'PUT', `/users/${freigabe.id}/roles`, {
        role_ids: freigabe.roles.map((r) => r.id),
      });
    }
  });
});

describe('sign-out', () => {
  it('ends the session at the provider and asks for the password again', async () => {
    const page = await (await newContext()).newPage();
    await openSignedIn(page, '/', 'leser');
    await page.getByRole('button', { name: 'Benutzermenü' }).click();
    await page.getByRole('menuitem', { name: 'Abmelden' }).click();
    // back at the app, which finds no session and sends us to the sign-in form again
    await page.waitForURL(/\/idp\/interaction\//, { timeout: 30_000 });
    expect(await page.getByLabel('Passwort').inputValue()).toBe('');
  });
});

describe('deleting with confirmation', () => {
  it('asks before deleting a role, deletes it on confirmation and says so', async () => {
    const admin = await apiToken(baseUrl(), 'admin');
    const name = `Prüfrolle ${Date.now()}`;
    expect((await api(baseUrl(), admin, 'POST', '/roles', { name, permissions: ['read-data'] })).status).toBe(
      201,
    );
    const page = await (await newContext()).newPage();
    await openSignedIn(page, '/admin/benutzer?ansicht=rollen', 'admin');
    await page.getByRole('button', { name: `Rolle ${name} löschen` }).click();
    const dialog = page.getByRole('dialog', { name: 'Rolle löschen?' });
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await page.getByRole('button', { name: `Rolle ${name} löschen` }).click();
    await page
      .getByRole('dialog', { name: 'Rolle löschen?' })
      .getByRole('button', { name: 'Löschen' })
      .click();
    await expect
      .poll(() => page.getByText(`Rolle „${name}“ gelöscht.`).isVisible(), { timeout: 10_000 })
      .toBe(true);
    const roles = (await api<{ name: string }[]>(baseUrl(), admin, 'GET', '/roles')).body;
    expect(roles.map((r) => r.name)).not.toContain(name);
  });
});
