import type { DocumentDetail, PaymentDetail, PaymentDue } from '@gewst/domain';
import { describe, expect, it } from 'vitest';
import { generateNotice } from '../bench/notices/generate';
import { api, apiToken, assignNewEstablishment, uploadDocument } from './support/api';
import { baseUrl, fillDate, openSignedIn, screenshot, useBrowser } from './support/browser';

const { newContext } = useBrowser();

describe('Zahlungsdaten', () => {
  it('confirming a notice creates its lines; one is marked paid; the dashboard tiles change', async () => {
    const token = await apiToken(baseUrl(), 'sachbearbeitung');
    const n = await generateNotice(41, 'zinsbescheid', 'L2');
    const id = await uploadDocument(baseUrl(), token, 1, `e2e-zins-${Date.now()}.pdf`, n.pdf);
    let doc: DocumentDetail | null = null;
    await expect
      .poll(
        async () => {
          doc = (await api<DocumentDetail>(baseUrl(), token, 'GET', `/documents/${id}`)).body;
          return doc.status;
        },
        { timeout: 60_000, interval: 500 },
      )
      .toBe('zu_pruefen');
    const ags = (doc!.fields.ags?.value as string | undefined) ?? '05315000';
    const mdId = await assignNewEstablishment(baseUrl(), token, id, ags, `E2E Zahlungen ${Date.now()}`);
    const year = n.truth.erhebungszeitraum as number;
    const before = (await api<PaymentDue>(baseUrl(), token, 'GET', '/payments/due?company_id=1')).body;

    const page = await (await newContext()).newPage();
    await openSignedIn(page, `/dokumente/${id}`, 'sachbearbeitung');
    const confirmButton = page.getByRole('button', { name: 'Prüfung abschließen' });
    await expect.poll(() => confirmButton.isEnabled(), { timeout: 30_000 }).toBe(true);
    await confirmButton.click();
    await page
      .getByRole('dialog', { name: 'Prüfung abschließen' })
      .getByRole('button', { name: 'Abschließen' })
      .click();
    await expect
      .poll(
        async () => (await api<DocumentDetail>(baseUrl(), token, 'GET', `/documents/${id}`)).body.status,
        {
          timeout: 20_000,
        },
      )
      .toBe('geprueft');

    // The payment data of the establishment and year: the interest line from the notice.
    await page.goto(`/zahlungsdaten/${mdId}/${year}`);
    const lines = page.getByRole('table', { name: 'Zahlungszeilen' });
    const row = lines.getByRole('row', { name: /Nachzahlungszinsen/ });
    await expect.poll(() => row.isVisible(), { timeout: 20_000 }).toBe(true);
    const amount = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(
      Number(n.truth.zinsen),
    );
    expect((await row.textContent())?.replace(/\s/g, ' ')).toContain(amount.replace(/\s/g, ' '));
    expect(await page.getByRole('link', { name: /Zinsbescheid/ }).getAttribute('href')).toBe(
      `/dokumente/${id}`,
    );
    await screenshot(page, 'payment-data-view');

    // Mark it as paid with a date.
    await row.getByRole('button', { name: 'Bezahlt' }).click();
    const dialog = page.getByRole('dialog');
    await fillDate(dialog, 'Datum', '2025-03-14');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain('bezahlt 14.03.2025');
    const detail = (await api<PaymentDetail>(baseUrl(), token, 'GET', `/payments/${mdId}/${year}`)).body;
    expect(detail.payment_lines.map((l) => [l.kind, l.status, l.status_date])).toEqual([
      ['nachzahlungszinsen', 'bezahlt', '2025-03-14'],
    ]);

    // The list shows the establishment and year.
    await page.goto('/zahlungsdaten');
    await expect
      .poll(
        () =>
          page
            .getByRole('row', { name: /E2E Zahlungen/ })
            .first()
            .isVisible(),
        {
          timeout: 20_000,
        },
      )
      .toBe(true);

    // Dashboard tiles: the paid line no longer counts as overdue, the notice is no longer to review.
    const after = (await api<PaymentDue>(baseUrl(), token, 'GET', '/payments/due?company_id=1')).body;
    expect(after.to_review).toBe(before.to_review - 1);
    expect(after.overdue).toEqual(before.overdue);
    await page.goto('/');
    const overdue = page.getByTestId('payment-tile-overdue');
    await expect.poll(() => overdue.isVisible(), { timeout: 20_000 }).toBe(true);
    const money = (v: string) =>
      new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' })
        .format(Number(v))
        .replace(/\s/g, ' ');
    // The tile renders "–" until its query answers: wait for the amount.
    await expect
      .poll(async () => (await overdue.textContent())?.replace(/\s/g, ' '), { timeout: 20_000 })
      .toContain(money(after.overdue.sum));
    // "Bescheide zu prüfen" is the inbox filter tile in the same row (document status, not a payment tile).
    const stats = (
      await api<{ by_status: Record<string, number> }>(
        baseUrl(),
        token,
        'GET',
        '/documents/stats?company_id=1',
      )
    ).body;
    const toReview = page.getByTestId('tile-to-review');
    await expect
      .poll(async () => (await toReview.textContent())?.replace(/\s/g, ' '), { timeout: 20_000 })
      .toBe(`Bescheide zu prüfen${stats.by_status.zu_pruefen ?? 0}`);
    expect(await page.getByTestId('payment-tile-to-review').count()).toBe(0);
    const tileRow = page.getByTestId('dashboard-tiles');
    expect(await tileRow.getByTestId('payment-tile-due-soon').textContent()).toContain(
      'Zahlungen fällig in 14 Tagen',
    );
    expect(await tileRow.getByTestId('tile-overdue').textContent()).toContain('Wiedervorlage überfällig');
    expect(await tileRow.getByTestId('tile-due-soon').textContent()).toContain('Wiedervorlage in 14 Tagen');

    // Reopen the line: it is overdue again and the tile shows it.
    await page.goto(`/zahlungsdaten/${mdId}/${year}`);
    await row.getByRole('button', { name: 'Wieder offen' }).click();
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain('offen');
    const reopened = (await api<PaymentDue>(baseUrl(), token, 'GET', '/payments/due?company_id=1')).body;
    expect(reopened.overdue.count).toBe(after.overdue.count + 1);
    await page.goto('/');
    await expect
      .poll(async () => (await page.getByTestId('payment-tile-overdue').textContent())?.replace(/\s/g, ' '), {
        timeout: 20_000,
      })
      .toContain(money(reopened.overdue.sum));
    await screenshot(page, 'payment-dashboard-tiles');
    // The overdue tile opens the payment data filtered to overdue years, with the switch on.
    await page.getByTestId('payment-tile-overdue').click();
    await expect.poll(() => page.url(), { timeout: 10_000 }).toContain('/zahlungsdaten?only_overdue=true');
    await expect
      .poll(() => page.getByRole('switch', { name: 'nur überfällige' }).isChecked(), { timeout: 10_000 })
      .toBe(true);
  });
});
