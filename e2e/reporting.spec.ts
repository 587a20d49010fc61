import { readFile } from 'node:fs/promises';
import type { PaymentDetail } from '@gewst/domain';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { generateNotice } from '../bench/notices/generate';
import { api, apiToken, assignNewEstablishment, uploadForReview } from './support/api';
import { seriousViolations } from './support/axe';
import { baseUrl, openSignedIn, useBrowser } from './support/browser';

const { newContext } = useBrowser();

describe('Reporting', () => {
  it('opens each report, filters, traces a cell and downloads xlsx and PDF', async () => {
    const token = await apiToken(baseUrl(), 'sachbearbeitung');
    // An establishment of its own in a year nobody else uses: 1,000 € paid, 1,000 € open.
    const md = await api<{ id: number }>(baseUrl(), token, 'POST', '/companies/1/masterData', {
      ags: '02000000',
      designation: `E2E Reporting ${Date.now()}`,
    });
    expect(md.status).toBe(201);
    const year = 2013;
    let paidId = 0;
    for (const q of [1, 2]) {
      const res = await api<PaymentDetail>(
        baseUrl(),
        token,
        'POST',
        `/payments/${md.body.id}/${year}/lines`,
        {
          kind: 'vorauszahlung',
          quartal: q,
          betrag: '1000.00',
          faellig_am: `${year}-0${q * 3 - 1}-15`,
          reason: 'E2E Reporting',
        },
      );
      expect(res.status).toBe(201);
      if (q === 1) paidId = res.body.payment_lines.at(-1)!.id;
    }
    expect(
      (
        await api(baseUrl(), token, 'POST', `/payment-lines/${paidId}/status`, {
          status: 'bezahlt',
          date: '2013-02-15',
        })
      ).status,
    ).toBe(200);

    const page = await (await newContext()).newPage();
    await openSignedIn(page, '/reporting', 'freigabe');
    await expect
      .poll(() => page.getByRole('table', { name: 'Summen je Jahr' }).isVisible(), { timeout: 30_000 })
      .toBe(true);

    // the municipality filter is optional, and the chart of the top municipalities names every bar
    expect(await page.getByRole('combobox', { name: /Gemeinde/ }).getAttribute('required')).toBeNull();
    const top = page.locator('figure[aria-label="Gemeinden mit dem höchsten Aufwand"]');
    const bars = top.locator('.recharts-bar-rectangle');
    await expect.poll(() => bars.count(), { timeout: 20_000 }).toBeGreaterThan(4);
    const names = await top
      .locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value')
      .allTextContents();
    expect(names.length).toBe(await bars.count());
    for (const tick of await top
      .locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value')
      .allTextContents())
      expect(tick.replace(/\s/g, ' ')).toMatch(/^-?\d{1,3}(\.\d{3})* €$|Mio\. €$/);

    // filters through the form; they land in the URL
    // the range selects tax years, and says so
    expect(await page.getByText(/^Erhebungszeitraum: das Steuerjahr/).count()).toBe(1);
    for (const label of ['Erhebungszeitraum von', 'Erhebungszeitraum bis']) {
      await page.getByLabel(label).click();
      await page.getByRole('option', { name: String(year), exact: true }).click();
    }
    await expect.poll(() => page.url()).toContain(`year_to=${year}`);
    const years = page.getByRole('table', { name: 'Summen je Jahr' });
    const row = years.getByRole('row', { name: new RegExp(`^${year}`) });
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain('2.000,00');

    // a click on the paid figure lists the line behind it
    await row
      .getByRole('button', { name: /1\.000,00/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent(), { timeout: 20_000 }).toContain('Bezahlt 2013');
    expect(await dialog.getByRole('table', { name: 'Zahlungszeilen' }).textContent()).toContain(
      'E2E Reporting',
    );
    await dialog.getByRole('button', { name: 'Schließen' }).click();

    // the export shows its progress until the file is there (the request is held back here)
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/reports/expense/export**', async (route) => {
      await held;
      await route.continue();
    });
    const xlsxDownload = page.waitForEvent('download', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Excel (xlsx)' }).click();
    const busy = page.getByRole('button', { name: 'Excel (xlsx) wird erstellt …' });
    await expect.poll(() => busy.isDisabled(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByRole('button', { name: 'PDF' }).isDisabled()).toBe(true);
    release();
    const xlsx = await xlsxDownload;
    await page.unroute('**/api/reports/expense/export**');
    // named by report, company, years and day, so several downloads stay apart
    expect(xlsx.suggestedFilename()).toMatch(
      new RegExp(`^Steueraufwand_Nordlicht Energie GmbH_${year}_\\d{4}-\\d{2}-\\d{2}\\.xlsx$`),
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await readFile((await xlsx.path())!)) as unknown as ArrayBuffer);
    const sums = wb.getWorksheet('Summen je Jahr')!;
    const values = (sums.getRow(10).values as unknown[]).slice(1);
    expect(values[0]).toBe(year);
    expect(values[3]).toBe(1000); // bezahlt, a number
    const [pdf] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      page.getByRole('button', { name: 'PDF' }).click(),
    ]);
    expect((await readFile((await pdf.path())!)).subarray(0, 5).toString()).toBe('%PDF-');

    // every other report opens with the same filters
    for (const [tab, text] of [
      ['Rückstellung', 'Rückstellung gesamt'],
      // 2013's open line fell due long before the plan's twelve months: a German text, no empty tables
      ['Liquiditätsplan', 'ist keine Zahlung fällig'],
      // no interest in 2013: what the report shows, where interest comes from, what to do
      ['Zinsen', 'Für 2013 sind keine Zinsen oder Säumniszuschläge erfasst.'],
      ['Abstimmung', year === 2013 ? '2013' : ''],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      await expect
        .poll(() => page.locator('main').first().textContent(), { timeout: 30_000 })
        .toContain(text);
    }

    await page.getByRole('tab', { name: 'Zinsen' }).click();
    const empty = page.getByTestId('interest-empty');
    await expect.poll(() => empty.isVisible(), { timeout: 30_000 }).toBe(true);
    const interestEmpty = await empty.textContent();
    for (const part of ['Zinsbescheid', '§ 233a AO', 'Zahlungsdaten']) expect(interestEmpty).toContain(part);

    // from January 2013 on, the plan lists the open line in May
    await page.goto(`/reporting?bericht=cashplan&year_from=${year}&year_to=${year}&from=${year}-01`);
    const months = page.getByRole('table', { name: 'Je Monat' });
    await expect.poll(() => months.isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await months.getByRole('row', { name: new RegExp(`^05/${year}`) }).textContent()).toContain(
      '1.000,00',
    );
    expect(await page.getByTestId('cashplan-empty').count()).toBe(0);
    // its year range filters tax years, the months come from the start month
    expect(
      await page.getByRole('combobox', { name: /^Erhebungszeitraum von/ }).getAttribute('aria-describedby'),
    ).toContain('report-years-hint');
    expect(await page.locator('#report-years-hint').textContent()).toContain(
      'die zwölf Monate des Plans (Fälligkeiten) wählt der Startmonat',
    );
  });

  it('the trace of an assessed figure lists its notice in a table with German column headers', async () => {
    const url = baseUrl();
    const token = await apiToken(url, 'sachbearbeitung');
    const stamp = Date.now().toString(36);
    // a confirmed Gewerbesteuerbescheid of an establishment of its own: the payment's assessed tax comes from it
    const n = await generateNotice(1515, 'gewst_bescheid', 'L1-kaemmerei');
    const name = `e2e-trace-${stamp}.pdf`;
    const doc = await uploadForReview(url, token, 1, name, n.pdf);
    const docId = doc.id;
    const ags = doc.fields.ags?.value as string;
    const year = Number(doc.fields.erhebungszeitraum?.value);
    const designation = `E2E Trace ${stamp}`;
    const mdId = await assignNewEstablishment(url, token, docId, ags, designation);
    const confirmed = await api(url, token, 'POST', `/documents/${docId}/confirm`);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const payment = await api<PaymentDetail>(url, token, 'GET', `/payments/${mdId}/${year}`);
    expect(payment.body.payment?.festgesetzte_steuer ?? null).not.toBeNull();

    const page = await (await newContext()).newPage();
    await openSignedIn(
      page,
      `/reporting?group_by=betriebsstaette&year_from=${year}&year_to=${year}&ags=${ags}`,
      'freigabe',
    );
    const rows = page.getByRole('table', { name: 'Je Jahr und Betriebsstätte' });
    const row = rows.getByRole('row').filter({ hasText: designation });
    await expect.poll(() => row.count(), { timeout: 30_000 }).toBe(1);
    // the first figure of the row is the assessed tax
    await row.getByRole('button').first().click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent(), { timeout: 20_000 }).toContain(`Festgesetzt ${year}`);
    const notices = dialog.getByRole('table', { name: 'Bescheide' });
    await expect.poll(() => notices.textContent(), { timeout: 20_000 }).toContain(name);
    expect(await notices.getByRole('columnheader').allTextContents()).toEqual([
      'Datei',
      'Bescheidart',
      'Betriebsstätte',
      'Jahr',
      'Bescheiddatum',
      'Festgesetzte Steuer',
    ]);
    for (const th of await notices.locator('th').all()) expect(await th.getAttribute('scope')).toBe('col');
    expect(await notices.getByRole('row').filter({ hasText: name }).textContent()).toContain(designation);
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  }, 300_000);
});
