import type { DocumentLock, ExportQueues, UploadResult } from '@gewst/domain';
import { describe, expect, it } from 'vitest';
import { generateNotice } from '../bench/notices/generate';
import { api, apiToken } from './support/api';
import { baseUrl, openSignedIn, screenshot, useBrowser } from './support/browser';

const { newContext } = useBrowser();

describe('Admin → Einstellungen', () => {
  it('a changed lock time applies to the next document lock at once; back to the default afterwards', async () => {
    const admin = await apiToken(baseUrl(), 'admin');
    const clerk = await apiToken(baseUrl(), 'sachbearbeitung');
    const companies = (await api<{ id: number }[]>(baseUrl(), admin, 'GET', '/companies')).body;
    const notice = await generateNotice(4242, 'zinsbescheid', 'L6-formular');
    const form = new FormData();
    form.append('company_id', String(companies[0]!.id));
    form.append(
      'files',
      new Blob([new Uint8Array(notice.pdf)], { type: 'application/pdf' }),
      'e2e-sperre.pdf',
    );
    const res = await fetch(`${baseUrl()}/api/documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    const id = ((await res.json()) as UploadResult).results[0]!.document_id!;
    const lockSeconds = async () => {
      const lock = await api<DocumentLock>(baseUrl(), clerk, 'POST', `/documents/${id}/keepLocking`);
      expect(lock.status).toBe(200);
      return (new Date(lock.body.expires_at!).getTime() - Date.now()) / 1000;
    };

    const page = await (await newContext()).newPage();
    await openSignedIn(page, '/admin/einstellungen', 'admin');
    const field = page.getByLabel('Sperrzeit in Prüfung (Sekunden)');
    await expect.poll(() => field.isVisible(), { timeout: 60_000 }).toBe(true);
    await field.fill('30');
    await page
      .getByRole('region', { name: 'Dokumentenverarbeitung', exact: true })
      .getByRole('button', { name: 'Speichern', exact: true })
      .click();
    await expect
      .poll(() => page.getByText('mindestens 60 Sekunden').isVisible(), { timeout: 30_000 })
      .toBe(true);

    await field.fill('7200');
    await page
      .getByRole('region', { name: 'Dokumentenverarbeitung', exact: true })
      .getByRole('button', { name: 'Speichern', exact: true })
      .click();
    await expect
      .poll(() => page.getByText('Einstellung gespeichert.').isVisible(), { timeout: 30_000 })
      .toBe(true);
    await screenshot(page, 'admin-settings');
    expect(Math.abs((await lockSeconds()) - 7200)).toBeLessThan(120);

    await page
      .getByRole('region', { name: 'Dokumentenverarbeitung', exact: true })
      .getByRole('button', { name: 'Vorgabe verwenden' })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Zurücksetzen' }).click();
    await expect
      .poll(() => page.getByText('Einstellung auf die Vorgabe zurückgesetzt.').isVisible(), {
        timeout: 30_000,
      })
      .toBe(true);
    expect(await lockSeconds()).toBeLessThan(7000);
    await api(baseUrl(), clerk, 'POST', `/documents/${id}/releaseLock`);

    // Defaults → working days: 15 August in Bavaria, read by the next calculation.
    const calendar = async () =>
      (await api<{ key: string; value: unknown }[]>(baseUrl(), admin, 'GET', '/settings')).body.find(
        (e) => e.key === 'calendar.holidays',
      )!.value;
    const bayern = page.getByLabel('15. August (Mariä Himmelfahrt) in ganz Bayern als Feiertag behandeln');
    await expect.poll(() => bayern.isChecked(), { timeout: 30_000 }).toBe(false);
    // Saved on the switch; it shows the stored value once the server answered.
    await bayern.click();
    await expect
      .poll(() => calendar(), { timeout: 30_000 })
      .toEqual({
        bayern_mariae_himmelfahrt: true,
        fronleichnam_ortsteile: false,
      });
    await page.reload();
    await expect.poll(() => bayern.isChecked(), { timeout: 60_000 }).toBe(true);
    await api(baseUrl(), admin, 'DELETE', '/settings/calendar.holidays');

    // Defaults → rounding of the Zerlegung: three equal shares of 100 €, read by the next calculation.
    const shares = async () =>
      (
        await api<{ zeilen: { anteil: string }[] }>(baseUrl(), clerk, 'POST', '/calculations/zerlegung', {
          year: 2024,
          messbetrag: '100',
          schluessel: 'arbeitslohn',
          rechtsform: 'kapitalgesellschaft',
          zeilen: ['07111000', '07211000', '07315000'].map((ags, i) => ({
            ags,
            geschaeftsleitung: i === 0,
            arbeitsloehne: '100000',
            hebesatz: 400,
          })),
        })
      ).body.zeilen.map((z) => z.anteil);
    expect(await shares()).toEqual(['33.34', '33.33', '33.33']);
    const halfUp = page.getByRole('radio', { name: /Kaufmännisch je Gemeinde/ });
    await halfUp.click();
    await expect
      .poll(() => page.getByText('Einstellung gespeichert.').first().isVisible(), { timeout: 30_000 })
      .toBe(true);
    await expect.poll(() => shares(), { timeout: 30_000 }).toEqual(['33.33', '33.33', '33.33']);
    await api(baseUrl(), admin, 'DELETE', '/settings/zerlegung.rundung');
  }, 240_000);

  it('Je Firma → export targets: a wrong folder is refused on the field; the saved folder receives the next export', async () => {
    const url = baseUrl();
    const [admin, frei] = await Promise.all([apiToken(url, 'admin'), apiToken(url, 'freigabe')]);
    // A company of its own, with DATEV numbers and one prepayment line to book. Named to sort
    // after the demo companies: it keeps its bookings, so it stays, and the first company by
    // name is every user's default, which the other specs expect to be a demo company.
    const name = `Zz E2E Exportziel ${Date.now()}`;
    const created = await api<{ id: number }>(url, admin, 'POST', '/companies', {
      name,
      main_color: '#2255aa',
      chart_of_accounts: 'SKR03',
    });
    expect(created.status).toBe(201);
    const companyId = created.body.id;
    const mapping = await api<{ mapping: Record<string, unknown> }>(
      url,
      admin,
      'GET',
      `/companies/${companyId}/account-mapping`,
    );
    const datev = { ...mapping.body.mapping, datev_berater: 29098, datev_mandant: 55003 };
    expect((await api(url, admin, 'PUT', `/companies/${companyId}/account-mapping`, datev)).status).toBe(200);
    const md = await api<{ id: number }>(url, admin, 'POST', `/companies/${companyId}/masterData`, {
      ags: '05315000',
      designation: `E2E Exportziel Köln ${Date.now()}`,
    });
    expect(md.status).toBe(201);
    const line = await api(url, admin, 'POST', `/payments/${md.body.id}/2014/lines`, {
      kind: 'vorauszahlung',
      quartal: 1,
      betrag: '1234.00',
      faellig_am: '2014-02-15',
      reason: 'E2E Exportziel',
    });
    expect(line.status).toBe(201);

    const page = await (await newContext()).newPage();
    await openSignedIn(page, '/admin/einstellungen', 'admin');
    const selector = page.getByTestId('app-bar').getByRole('combobox');
    await expect.poll(() => selector.isVisible(), { timeout: 60_000 }).toBe(true);
    await selector.click();
    await page.getByRole('option', { name }).click();
    const section = page.getByRole('region', { name: 'Je Firma: Exportziele', exact: true });
    await expect.poll(() => section.getByText(`Firma: ${name}`).isVisible(), { timeout: 30_000 }).toBe(true);
    const folder = section.getByLabel('Ordner unterhalb von EXPORT_DIR');
    await expect.poll(() => folder.isVisible(), { timeout: 30_000 }).toBe(true);
    await folder.fill('../etc');
    await section.getByRole('button', { name: 'Speichern', exact: true }).click();
    await expect
      .poll(() => section.getByText('Ordner unterhalb von EXPORT_DIR: Buchstaben').isVisible(), {
        timeout: 30_000,
      })
      .toBe(true);
    const target = `e2e/exportziel-${companyId}`;
    await folder.fill(target);
    await section.getByRole('button', { name: 'Speichern', exact: true }).click();
    await expect
      .poll(() => page.getByText('Einstellung gespeichert.').isVisible(), { timeout: 30_000 })
      .toBe(true);

    // The next export reads it: the quarter's prepayment session goes to the new folder.
    const batch = await api<{ session: { id: number } }>(
      url,
      frei,
      'PUT',
      `/bookings/prepayments/create?company_id=${companyId}&year=2014&quartal=1`,
    );
    expect(batch.status).toBe(201);
    const sessionId = batch.body.session.id;
    // Freigabe closes and submits, the admin approves (four eyes).
    expect((await api(url, frei, 'PUT', `/bookings/${sessionId}/close`, {})).status).toBe(200);
    expect((await api(url, frei, 'PUT', `/bookings/${sessionId}/submit`, { comment: 'E2E' })).status).toBe(
      200,
    );
    expect((await api(url, admin, 'PUT', `/bookings/${sessionId}/approve`, {})).status).toBe(200);
    await expect
      .poll(
        async () => (await api<ExportQueues>(url, admin, 'GET', `/bookings/${sessionId}/queues`)).body.status,
        { timeout: 120_000, interval: 500 },
      )
      .toBe('exportiert');
    const queues = (await api<ExportQueues>(url, admin, 'GET', `/bookings/${sessionId}/queues`)).body;
    expect(queues.targets).toEqual([
      expect.objectContaining({ target: 'verzeichnis', location: target, state: 'exportiert' }),
    ]);
    await page.goto(`/buchungen/${sessionId}`);
    const shown = page.getByTestId('export-target-verzeichnis');
    await expect.poll(() => shown.textContent(), { timeout: 30_000 }).toContain(target);

    // Back to the default, after a confirmation.
    await page.goto('/admin/einstellungen');
    await section.getByRole('button', { name: 'Vorgabe verwenden' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Zurücksetzen' }).click();
    await expect
      .poll(() => page.getByText('Einstellung auf die Vorgabe zurückgesetzt.').isVisible(), {
        timeout: 30_000,
      })
      .toBe(true);
    expect(await folder.inputValue()).toBe('');
  }, 300_000);

  it('Je Firma → cost centres: a KOST over 36 characters is refused on the field; default and rule are stored', async () => {
    const url = baseUrl();
    const admin = await apiToken(url, 'admin');
    // A company of its own, so no other spec's bookings meet these rules (named to sort after
    // the demo companies, as above).
    const name = `Zz E2E Kostenstellen ${Date.now()}`;
    const created = await api<{ id: number }>(url, admin, 'POST', '/companies', {
      name,
      main_color: '#aa5522',
      chart_of_accounts: 'SKR04',
    });
    expect(created.status).toBe(201);
    const companyId = created.body.id;
    const page = await (await newContext()).newPage();
    await openSignedIn(page, '/admin/einstellungen', 'admin');
    const selector = page.getByTestId('app-bar').getByRole('combobox');
    await expect.poll(() => selector.isVisible(), { timeout: 60_000 }).toBe(true);
    await selector.click();
    await page.getByRole('option', { name }).click();
    const section = page.getByRole('region', { name: 'Je Firma: Kostenstellen (KOST1/KOST2)', exact: true });
    await expect.poll(() => section.getByText(`Firma: ${name}`).isVisible(), { timeout: 30_000 }).toBe(true);
    const kost1 = section.getByLabel('Vorgabe KOST1');
    await expect.poll(() => kost1.isVisible(), { timeout: 30_000 }).toBe(true);
    await kost1.fill('K'.repeat(37));
    await section.getByRole('button', { name: 'Regel hinzufügen' }).click();
    await section.getByLabel('Buchungszweck (Regel 1)').click();
    await page.getByRole('option', { name: 'Zinsen § 233a AO' }).click();
    await section.getByLabel('KOST2 (Regel 1)').fill('ZINS-E2E');
    await section.getByRole('button', { name: 'Speichern', exact: true }).click();
    await expect
      .poll(() => section.getByText('KOST1: höchstens 36 Zeichen (DATEV).').isVisible(), { timeout: 30_000 })
      .toBe(true);
    await kost1.fill('GEWST-E2E');
    await section.getByRole('button', { name: 'Speichern', exact: true }).click();
    const stored = async () =>
      (
        await api<{ key: string; value: unknown }[]>(url, admin, 'GET', `/companies/${companyId}/settings`)
      ).body.find((e) => e.key === 'bookings.cost_centres')!.value;
    await expect
      .poll(() => stored(), { timeout: 30_000 })
      .toEqual({
        default_kost1: 'GEWST-E2E',
        default_kost2: null,
        rules: [{ purpose: 'zinsen', ags: null, master_data_id: null, kost1: null, kost2: 'ZINS-E2E' }],
      });
    await screenshot(page, 'admin-settings-cost-centres');
    await section.getByRole('button', { name: 'Vorgabe verwenden' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Zurücksetzen' }).click();
    await expect
      .poll(() => stored(), { timeout: 30_000 })
      .toEqual({ default_kost1: null, default_kost2: null, rules: [] });
  }, 180_000);
});
