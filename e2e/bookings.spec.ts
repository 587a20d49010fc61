import type { BookingSession, BookingSessionDetail, DocumentDetail } from '@gewst/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { api, apiToken, uploadDocument } from './support/api';
import { baseUrl, openSignedIn, screenshot, useBrowser } from './support/browser';

const { newContext } = useBrowser();

async function letter(ez: number) {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const lines = ['Stadt Köln – Steueramt', `Zinsbescheid zur Gewerbesteuer ${ez}`, `Lauf ${Date.now()}`];
  lines.forEach((l, i) => page.drawText(l, { x: 60, y: 780 - i * 18, size: 11, font }));
  return doc.save({ useObjectStreams: false });
}

/** Signs in and makes `company` the current company through the app bar. */
async function signInFor(username: string, company: string, path: string): Promise<Page> {
  const page = await (await newContext()).newPage();
  await openSignedIn(page, '/', username);
  const bar = page.getByTestId('app-bar');
  await expect.poll(() => bar.getByRole('combobox').isVisible(), { timeout: 20_000 }).toBe(true);
  await bar.getByRole('combobox').click();
  await page.getByRole('option', { name: company }).click();
  await page.goto(path);
  return page;
}

async function act(page: Page, action: string, label: string, comment?: string) {
  await page.getByTestId(`action-${action}`).click();
  const dialog = page.getByRole('dialog');
  await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(true);
  if (comment !== undefined) await dialog.getByTestId('action-comment').fill(comment);
  await dialog.getByTestId('action-confirm').click();
  await expect
    .poll(() => page.getByTestId('session-status').first().textContent(), { timeout: 20_000 })
    .toBe(label);
}

describe('Buchungen', () => {
  it('a confirmed notice is booked; freigabe closes and submits but may not approve; admin approves; the log shows every step', async () => {
    const admin = await apiToken(baseUrl(), 'admin');
    const sb = await apiToken(baseUrl(), 'sachbearbeitung');
    // A demo company no other spec books in (a new company would change everybody's company list).
    const companyId = 2;
    const name = 'Südhang Logistik GmbH & Co. KG';

    // A small text PDF, typed and filled in through the API (extraction has its own specs):
    // what matters here is what confirming it leads to.
    const ez = new Date().getFullYear() - 2;
    const docId = await uploadDocument(
      baseUrl(),
      sb,
      companyId,
      `e2e-buchung-${Date.now()}.pdf`,
      await letter(ez),
    );
    await expect
      .poll(
        async () => (await api<DocumentDetail>(baseUrl(), sb, 'GET', `/documents/${docId}`)).body.status,
        {
          timeout: 120_000,
          interval: 500,
        },
      )
      .toBe('zu_pruefen');
    const md = await api<{ id: number }>(baseUrl(), sb, 'POST', `/companies/${companyId}/masterData`, {
      ags: '05315000',
      designation: `E2E Niederlassung ${Date.now()}`,
      cost_center: 'KST-77',
    });
    expect(md.status).toBe(201);
    const fields = { erhebungszeitraum: ez, bescheid_datum: `${ez + 1}-10-01`, zinsen: '30.00' };
    for (const body of [
      { type: 'zinsbescheid' },
      { fields: Object.fromEntries(Object.entries(fields).map(([k, value]) => [k, { value }])) },
      { master_data_id: md.body.id },
    ])
      expect((await api(baseUrl(), sb, 'PUT', `/documents/${docId}`, body)).status).toBe(200);

    // Sachbearbeitung confirms the notice in the browser.
    const clerk = await (await newContext()).newPage();
    await openSignedIn(clerk, `/dokumente/${docId}`, 'sachbearbeitung');
    const confirm = clerk.getByRole('button', { name: 'Prüfung abschließen' });
    await expect.poll(() => confirm.isEnabled(), { timeout: 30_000 }).toBe(true);
    await confirm.click();
    // the confirmation dialog summarises the lines first
    await clerk
      .getByRole('dialog', { name: 'Prüfung abschließen' })
      .getByRole('button', { name: 'Abschließen' })
      .click();
    await expect
      .poll(
        async () => (await api<DocumentDetail>(baseUrl(), sb, 'GET', `/documents/${docId}`)).body.status,
        {
          timeout: 20_000,
        },
      )
      .toBe('geprueft');

    // Freigabe finds the booking in the company's open session.
    const approver = await signInFor('freigabe', name, '/buchungen');
    const row = approver.getByRole('row', { name: /offen/ }).first();
    await expect.poll(() => row.isVisible(), { timeout: 20_000 }).toBe(true);
    await row.click();
    await approver.waitForURL(/\/buchungen\/\d+/);
    const sessionId = Number(new URL(approver.url()).pathname.split('/').pop());
    const bookings = approver.getByRole('table', { name: 'Buchungen' });
    const booking = bookings.getByRole('row', { name: new RegExp(`GewSt ${ez} Köln Nachzahlungszinsen`) });
    await expect.poll(() => booking.isVisible(), { timeout: 20_000 }).toBe(true);
    const amount = '30,00 €';
    const text = (await booking.textContent())?.replace(/\s/g, ' ') ?? '';
    expect(text).toContain(amount);
    expect(text).toContain('2105'); // SKR03 interest expense
    expect(text).toContain('KST-77');
    expect(await booking.getByRole('link', { name: 'PDF' }).getAttribute('href')).toBe(`/dokumente/${docId}`);
    await screenshot(approver, 'booking-session-open');

    await act(approver, 'close', 'geschlossen');
    // Inline correction on the closed session: the cost centre, edited in the row.
    // (the row by its id: while it is edited its text is in text fields)
    const bookingRow = approver.getByTestId((await booking.getAttribute('data-testid'))!);
    await bookingRow.getByRole('button', { name: /^Buchung \d+ korrigieren$/ }).click();
    const kost = bookingRow.getByRole('textbox', { name: 'Kostenstelle (KOST1)' });
    await kost.fill('KST-78');
    await kost.press('Enter'); // saves, like the check mark
    await expect
      .poll(async () => (await bookingRow.textContent()) ?? '', { timeout: 20_000 })
      .toContain('KST-78');
    expect(await bookingRow.getByRole('textbox').count()).toBe(0);
    await act(approver, 'submit', 'eingereicht', 'Bitte freigeben');
    // The author edits their own comment in the log.
    const submitLog = approver.getByTestId('session-log').getByTestId('log-submit');
    await submitLog.getByRole('button', { name: 'Kommentar bearbeiten' }).click();
    await submitLog.getByRole('textbox', { name: 'Kommentar' }).fill('Bitte bis Freitag freigeben');
    await submitLog.getByRole('button', { name: 'Speichern' }).click();
    await expect
      .poll(async () => (await submitLog.textContent()) ?? '', { timeout: 20_000 })
      .toContain('„Bitte bis Freitag freigeben“ (bearbeitet)');
    // The submitter may not approve: the button is disabled, and the server refuses with the reason.
    expect(await approver.getByTestId('action-approve').isDisabled()).toBe(true);
    const frei = await apiToken(baseUrl(), 'freigabe');
    const refused = await api<{ code: string; error: string }>(
      baseUrl(),
      frei,
      'PUT',
      `/bookings/${sessionId}/approve`,
      {},
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'FOUR_EYES', error: expect.stringContaining('eingereicht') });

    // The dashboard tile counts the session awaiting approval.
    await approver.goto('/');
    await expect
      .poll(async () => Number(await approver.getByTestId('tile-awaiting-approval-count').textContent()), {
        timeout: 20_000,
      })
      .toBeGreaterThanOrEqual(1);

    // Admin approves.
    const boss = await signInFor('admin', name, `/buchungen/${sessionId}`);
    await expect.poll(() => boss.getByTestId('action-approve').isEnabled(), { timeout: 20_000 }).toBe(true);
    await act(boss, 'approve', 'freigegeben');
    const log = boss.getByTestId('session-log');
    for (const step of ['created', 'add', 'close', 'correct', 'submit', 'approve'])
      await expect.poll(() => log.getByTestId(`log-${step}`).count(), { timeout: 10_000 }).toBe(1);
    expect(await log.getByTestId('log-submit').textContent()).toContain('„Bitte bis Freitag freigeben“');
    // Not the author: no edit button on the submitter's comment.
    expect(
      await log.getByTestId('log-submit').getByRole('button', { name: 'Kommentar bearbeiten' }).count(),
    ).toBe(0);
    expect(await log.getByTestId('log-approve').textContent()).toContain('Anna Admin');
    await screenshot(boss, 'booking-session-approved');

    const detail = await api<BookingSessionDetail>(baseUrl(), admin, 'GET', `/bookings/${sessionId}`);
    expect(detail.body).toMatchObject({
      status: 'freigegeben',
      submitted_by: { username: 'freigabe' },
      approved_by: { username: 'admin' },
    });
    const list = await api<{ data: BookingSession[] }>(
      baseUrl(),
      admin,
      'GET',
      `/companies/${companyId}/bookings`,
    );
    expect(list.body.data.find((s) => s.id === sessionId)?.status).toBe('freigegeben');
  }, 240_000);
});
