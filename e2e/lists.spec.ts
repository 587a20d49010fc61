import type { UploadResult } from '@gewst/domain';
import { type Page } from 'playwright-core';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { api, apiToken } from './support/api';
import { baseUrl, openSignedIn, useBrowser } from './support/browser';

const { newContext } = useBrowser();

/** The first cells of the table's body rows (the name or file name column). */
const columnTexts = (page: Page, table: string, column: number) =>
  page
    .getByRole('table', { name: table })
    .locator('tbody tr')
    .evaluateAll(
      (rows, i) => rows.map((r) => (r.children[i] as HTMLElement | undefined)?.innerText.trim() ?? ''),
      column,
    );

const waitForRows = async (
  page: Page,
  table: string,
  column: number,
  expected: (texts: string[]) => boolean,
) => {
  await expect
    .poll(async () => expected(await columnTexts(page, table, column)), { timeout: 30_000, interval: 250 })
    .toBe(true);
  return columnTexts(page, table, column);
};

async function textPdf(line: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595, 842]).drawText(line, { x: 60, y: 760, size: 12, font });
  return doc.save();
}

const two = (n: number) => String(n).padStart(2, '0');

describe('the shared data table', () => {
  const created: number[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  let adminToken = '';
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
    // the other specs expect the three demo companies only
    for (const id of created) await api(baseUrl(), adminToken, 'DELETE', `/companies/${id}`);
  });

  it('pages, sorts and filters the companies (a client list) and keeps it in the address', async () => {
    adminToken = await apiToken(baseUrl(), 'admin');
    const tag = Date.now().toString(36);
    for (let i = 1; i <= 26; i++) {
      const res = await api<{ id: number }>(baseUrl(), adminToken, 'POST', '/companies', {
        name: `Listenprobe ${tag} ${two(i)}`,
        main_color: '#1264af',
      });
      expect(res.status).toBe(201);
      created.push(res.body.id);
    }

    // The three demo companies, these 26 and any that other specs created and had to keep
    // (they hold bookings): 25 on the first page, sorted by name, the rest on the second.
    const all = await api<unknown[]>(baseUrl(), adminToken, 'GET', '/companies');
    const total = all.body.length;
    expect(total).toBeGreaterThanOrEqual(29);
    expect(total).toBeLessThanOrEqual(50);

    const page = await (await newContext()).newPage();
    await openSignedIn(page, '/admin/firmen', 'admin');
    const table = 'Firmen';
    const first = await waitForRows(page, table, 0, (t) => t.length === 25);
    expect(first).toEqual([...first].sort((a, b) => a.localeCompare(b, 'de')));
    await page.getByRole('button', { name: 'Zur nächsten Seite' }).click();
    await page.waitForURL(/[?&]page=2/);
    await waitForRows(page, table, 0, (t) => t.length === total - 25);

    // filtering goes back to page 1 and into the address
    await page.getByLabel(/^Suche \(Name/).fill(`listenprobe ${tag}`);
    await page.waitForURL(/[?&]suche=listenprobe/);
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    const filtered = await waitForRows(page, table, 0, (t) => t.length === 25 && t[0]!.endsWith(' 01'));
    expect(filtered.every((t) => t.startsWith(`Listenprobe ${tag}`))).toBe(true);

    // sorting by name: descending on the second click
    await page.getByRole('button', { name: 'Name', exact: true }).click();
    await page.waitForURL(/orderDirection=desc/);
    await waitForRows(page, table, 0, (t) => t[0] === `Listenprobe ${tag} 26`);
    await page.getByRole('button', { name: 'Zur nächsten Seite' }).click();
    await waitForRows(page, table, 0, (t) => t.length === 1 && t[0] === `Listenprobe ${tag} 01`);

    // a reload shows the same state
    await page.reload();
    await waitForRows(page, table, 0, (t) => t.length === 1 && t[0] === `Listenprobe ${tag} 01`);
    expect(await page.getByLabel(/^Suche \(Name/).inputValue()).toBe(`listenprobe ${tag}`);
  });

  it('pages, sorts and filters the documents (a server-paged list)', async () => {
    const token = await apiToken(baseUrl(), 'sachbearbeitung');
    const tag = Date.now().toString(36);
    // 27 small text documents for company 3, uploaded at once
    const form = new FormData();
    form.append('company_id', '3');
    for (let i = 1; i <= 27; i++) {
      const pdf = await textPdf(`Listenprobe ${tag} Schreiben ${two(i)}`);
      form.append(
        'files',
        new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }),
        `liste-${tag}-${two(i)}.pdf`,
      );
    }
    const res = await fetch(`${baseUrl()}/api/documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status).toBe(201);
    const ids = ((await res.json()) as UploadResult).results.map((r) => r.document_id!);
    expect(ids).toHaveLength(27);
    // deleted afterwards: their processing jobs then end at once instead of queueing before later specs
    cleanups.push(async () => {
      for (const id of ids) await api(baseUrl(), token, 'DELETE', `/documents/${id}`);
    });

    const page = await (await newContext()).newPage();
    await page.addInitScript(() => window.localStorage.setItem('currentCompanyId', '3'));
    await openSignedIn(page, '/', 'sachbearbeitung');
    const table = 'Posteingang';
    const fileColumn = 2;
    await page.getByLabel(/^Suche \(Datei/).fill(`liste-${tag}`);
    // the typed search goes into the address after a pause (and sends the table back to page 1)
    await page.waitForURL(/[?&]suche=liste-/);
    const mine = (t: string[]) => t.every((f) => f.startsWith(`liste-${tag}-`));
    await waitForRows(page, table, fileColumn, (t) => t.length === 25 && mine(t));
    // the server answered page 1 of 27; page 2 holds the other two
    await page.getByRole('button', { name: 'Zur nächsten Seite' }).click();
    await waitForRows(page, table, fileColumn, (t) => t.length === 2 && mine(t));

    // sorting by file (name) asks the server again, from page 1
    await page.getByRole('button', { name: 'Datei', exact: true }).click();
    await waitForRows(page, table, fileColumn, (t) => t.length === 25 && t[0] === `liste-${tag}-01.pdf`);
    await page.getByRole('button', { name: 'Datei', exact: true }).click();
    await waitForRows(page, table, fileColumn, (t) => t.length === 25 && t[0] === `liste-${tag}-27.pdf`);

    // the state is in the address: a reload shows the same page of the same sort and search
    await page.getByRole('button', { name: 'Zur nächsten Seite' }).click();
    await waitForRows(page, table, fileColumn, (t) => t.length === 2 && t[0] === `liste-${tag}-02.pdf`);
    const address = new URL(page.url()).searchParams;
    expect([address.get('suche'), address.get('page'), address.get('orderBy')]).toEqual([
      `liste-${tag}`,
      '2',
      'filename',
    ]);
    await page.reload();
    await waitForRows(page, table, fileColumn, (t) => t.length === 2 && t[0] === `liste-${tag}-02.pdf`);
    expect(await page.getByLabel(/^Suche \(Datei/).inputValue()).toBe(`liste-${tag}`);

    // a narrower filter: one document; opening it and going back keeps the filter
    await page.getByLabel(/^Suche \(Datei/).fill(`liste-${tag}-13`);
    await waitForRows(page, table, fileColumn, (t) => t.length === 1 && t[0] === `liste-${tag}-13.pdf`);
    await page.getByRole('link', { name: `liste-${tag}-13.pdf` }).click();
    await page.waitForURL(/\/dokumente\/\d+$/);
    await page.goBack();
    await waitForRows(page, table, fileColumn, (t) => t.length === 1 && t[0] === `liste-${tag}-13.pdf`);
    expect(await page.getByLabel(/^Suche \(Datei/).inputValue()).toBe(`liste-${tag}-13`);
  });
});
