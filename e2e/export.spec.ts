import { readFileSync } from 'node:fs';
import type { BookingSession, DocumentDetail, ExportQueues } from '@gewst/domain';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, apiToken, uploadDocument } from './support/api';
import { baseUrl, openSignedIn, screenshot, useBrowser } from './support/browser';

const { newContext } = useBrowser();

/** A one-page interest notice (text PDF); its fields are set through the API. */
async function notice(year: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  page.drawText(`Stadt Köln – Zinsbescheid Gewerbesteuer ${year} – Export ${Date.now()}`, {
    x: 50,
    y: 760,
    size: 11,
    font,
  });
  return pdf.save({ useObjectStreams: false });
}

async function bytesOf(download: Download): Promise<Buffer> {
  const file = await download.path();
  return readFileSync(file);
}

async function clickAndDownload(page: Page, name: string | RegExp): Promise<Download> {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 30_000 }),
    page.getByRole('button', { name }).first().click(),
  ]);
  return download;
}

describe('ERP-Export', () => {
  it('admin approves, the export completes, EXTF file and protocol PDF download from /buchungen/:id; the notice is gebucht', async () => {
    const url = baseUrl();
    const [admin, sb, frei] = await Promise.all([
      apiToken(url, 'admin'),
      apiToken(url, 'sachbearbeitung'),
      apiToken(url, 'freigabe'),
    ]);
    // A demo company no other spec books in; the export needs its DATEV numbers.
    const companyId = 3;
    const mapping = await api<{ mapping: Record<string, unknown> }>(
      url,
      admin,
      'GET',
      `/companies/${companyId}/account-mapping`,
    );
    const put = await api(url, admin, 'PUT', `/companies/${companyId}/account-mapping`, {
      ...mapping.body.mapping,
      datev_berater: 29098,
      datev_mandant: 55003,
    });
    expect(put.status).toBe(200);

    const ez = new Date().getFullYear() - 2;
    const docId = await uploadDocument(url, sb, companyId, `e2e-export-${Date.now()}.pdf`, await notice(ez));
    await expect
      .poll(async () => (await api<DocumentDetail>(url, sb, 'GET', `/documents/${docId}`)).body.status, {
        timeout: 120_000,
        interval: 500,
      })
      .toBe('zu_pruefen');
    const md = await api<{ id: number }>(url, sb, 'POST', `/companies/${companyId}/masterData`, {
      ags: '05315000',
      designation: `E2E Export Köln ${Date.now()}`,
      cost_center: 'KST-88',
    });
    expect(md.status).toBe(201);
    const fields = { erhebungszeitraum: ez, bescheid_datum: `${ez + 1}-09-01`, zinsen: '45.50' };
    for (const body of [
      { type: 'zinsbescheid' },
      { fields: Object.fromEntries(Object.entries(fields).map(([k, value]) => [k, { value }])) },
      { master_data_id: md.body.id },
    ])
      expect((await api(url, sb, 'PUT', `/documents/${docId}`, body)).status).toBe(200);
    expect((await api(url, sb, 'POST', `/documents/${docId}/confirm`)).status).toBe(200);

    // Freigabe closes and submits the company's open session.
    const sessions = await api<{ data: BookingSession[] }>(
      url,
      frei,
      'GET',
      `/companies/${companyId}/bookings?type=bescheid`,
    );
    const open = sessions.body.data.find((s) => s.status === 'offen');
    expect(open, 'offener Bescheid-Stapel').toBeDefined();
    const sessionId = open!.id;
    expect((await api(url, frei, 'PUT', `/bookings/${sessionId}/close`, {})).status).toBe(200);
    expect((await api(url, frei, 'PUT', `/bookings/${sessionId}/submit`, { comment: 'Export' })).status).toBe(
      200,
    );

    // Admin approves in the browser; the export job runs and the page follows it.
    const page = await (await newContext()).newPage();
    await openSignedIn(page, `/buchungen/${sessionId}`, 'admin');
    const approve = page.getByTestId('action-approve');
    await expect.poll(() => approve.isEnabled(), { timeout: 20_000 }).toBe(true);
    await approve.click();
    await page.getByRole('dialog').getByTestId('action-confirm').click();
    await expect
      .poll(() => page.getByTestId('session-status').first().textContent(), { timeout: 90_000 })
      .toBe('exportiert');
    const section = page.getByTestId('export-section');
    const target = section.getByTestId('export-target-verzeichnis');
    await expect.poll(() => target.textContent(), { timeout: 20_000 }).toContain('exportiert');
    const queues = await api<ExportQueues>(url, admin, 'GET', `/bookings/${sessionId}/queues`);
    const extf = queues.body.files.find((f) => f.format === 'datev')!;
    expect(await target.textContent()).toContain(extf.sha256);

    const file = await clickAndDownload(page, `${extf.file_name} herunterladen`);
    expect(file.suggestedFilename()).toBe(extf.file_name);
    const bytes = await bytesOf(file);
    expect(bytes.toString('latin1').startsWith('"EXTF";700;21;"Buchungsstapel";13;')).toBe(true);
    expect(bytes.toString('latin1')).toContain('45,50');

    // The booking protocol: generated after a confirmation, then downloaded as PDF.
    await section.getByTestId('export-report').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Buchungsprotokoll erzeugen' }).click();
    const pdfButton = section.getByRole('button', {
      name: `Buchungsprotokoll_S${sessionId}.pdf herunterladen`,
    });
    await expect.poll(() => pdfButton.isVisible(), { timeout: 60_000 }).toBe(true);
    await screenshot(page, 'booking-session-exported');
    const pdf = await clickAndDownload(page, `Buchungsprotokoll_S${sessionId}.pdf herunterladen`);
    expect((await bytesOf(pdf)).subarray(0, 5).toString()).toBe('%PDF-');

    // The notice's lines are booked and exported: it is gebucht.
    expect((await api<DocumentDetail>(url, sb, 'GET', `/documents/${docId}`)).body.status).toBe('gebucht');
    await page.goto(`/dokumente/${docId}`);
    await expect
      .poll(() => page.getByText('gebucht', { exact: true }).first().isVisible(), { timeout: 20_000 })
      .toBe(true);
  }, 300_000);
});
