import type {
  ImportBatchDetail,
  ImportBatchList,
  MasterDataRate,
  RateConflictList,
  ZerlegungPrefill,
} from '@gewst/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { generateNotice } from '../bench/notices/generate';
import { api, apiToken, uploadForReview } from './support/api';
import { baseUrl, openSignedIn, screenshot, useBrowser } from './support/browser';

const { newContext } = useBrowser();

describe('Service', () => {
  it('Stand der Bearbeitung: year and type come from the route and survive a reload', async () => {
    const page = await (await newContext()).newPage();
    await openSignedIn(page, '/service/stand-der-bearbeitung/2024/gewst_bescheid', 'admin');
    const heading = page.getByRole('heading', { name: 'Stand der Bearbeitung 2024' });
    await expect.poll(() => heading.isVisible(), { timeout: 60_000 }).toBe(true);
    const table = page.getByRole('table', { name: 'Erwartete Bescheide' });
    await expect.poll(() => table.isVisible(), { timeout: 60_000 }).toBe(true);
    // only the chosen type is listed; the demo establishments have no 2024 notices yet
    const types = await table.locator('tbody tr td:first-child').allTextContents();
    expect(types.length).toBeGreaterThan(0);
    expect(new Set(types)).toEqual(new Set(['Gewerbesteuerbescheid']));
    expect(await page.getByText(/Gewerbesteuerbescheid 2024 für Gemeinde .* fehlt/).count()).toBeGreaterThan(
      0,
    );
    await screenshot(page, 'service-processing-status');

    // hundreds of gaps and expected notices stay one screen: ten gaps, then "alle anzeigen"; the table pages
    const gapList = page.getByRole('list', { name: /^Lücken \(\d+\)$/ });
    const gapCount = Number((await gapList.getAttribute('aria-label'))!.match(/\d+/)![0]);
    expect(gapCount).toBeGreaterThan(25);
    expect(await gapList.getByRole('listitem').count()).toBe(10);
    await page
      .getByRole('button', { name: `Alle ${gapCount.toLocaleString('de-DE')} Lücken anzeigen` })
      .click();
    await expect.poll(() => gapList.getByRole('listitem').count()).toBe(gapCount);
    expect(await table.locator('tbody tr').count()).toBe(25);
    await page.getByRole('button', { name: 'Zur nächsten Seite' }).click();
    await page.waitForURL(/[?&]page=2/);
    await expect.poll(() => table.locator('tbody tr').count()).toBeGreaterThan(0);

    // a new selection shows ten gaps again: another year ...
    const yearBox = page.getByRole('textbox', { name: 'Jahr', exact: true });
    await yearBox.fill('2023');
    await yearBox.press('Enter');
    await page.waitForURL(/\/service\/stand-der-bearbeitung\/2023\/gewst_bescheid$/);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Stand der Bearbeitung 2023' }).isVisible(), {
        timeout: 60_000,
      })
      .toBe(true);
    const showAll = page.getByRole('button', { name: /^Alle [\d.]+ Lücken anzeigen$/ });
    await expect.poll(() => showAll.getAttribute('aria-expanded'), { timeout: 60_000 }).toBe('false');
    await expect.poll(() => gapList.getByRole('listitem').count()).toBe(10);
    // ... and another type
    await showAll.click();
    await expect.poll(() => gapList.getByRole('listitem').count()).toBeGreaterThan(10);
    await page.getByRole('button', { name: 'Vorauszahlungsbescheid', exact: true }).click();
    await page.waitForURL(/\/service\/stand-der-bearbeitung\/2023\/vorauszahlungsbescheid$/);
    await expect
      .poll(async () => new Set(await table.locator('tbody tr td:first-child').allTextContents()), {
        timeout: 60_000,
      })
      .toEqual(new Set(['Vorauszahlungsbescheid']));
    expect(await gapList.getByRole('listitem').count()).toBe(10);
    expect(await showAll.getAttribute('aria-expanded')).toBe('false');

    // another type through the card: the route changes, and a reload keeps it
    await page.getByRole('button', { name: 'Messbescheid' }).click();
    await page.waitForURL(/\/service\/stand-der-bearbeitung\/2023\/messbescheid$/);
    await page.reload();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Stand der Bearbeitung 2023' }).isVisible(), {
        timeout: 60_000,
      })
      .toBe(true);
    await expect
      .poll(async () => new Set(await table.locator('tbody tr td:first-child').allTextContents()), {
        timeout: 60_000,
      })
      .toEqual(new Set(['Messbescheid']));

    // back in the browser: the year field follows the address (it kept the newer year before)
    await yearBox.fill('2022');
    await yearBox.press('Enter');
    await page.waitForURL(/\/service\/stand-der-bearbeitung\/2022\/messbescheid$/);
    await page.goBack();
    await page.waitForURL(/\/service\/stand-der-bearbeitung\/2023\/messbescheid$/);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Stand der Bearbeitung 2023' }).isVisible(), {
        timeout: 60_000,
      })
      .toBe(true);
    await expect.poll(() => yearBox.inputValue(), { timeout: 30_000 }).toBe('2023');
  }, 300_000);

  it('Importe: an upload is a batch with each file’s result; the filter lives in the address', async () => {
    const token = await apiToken(baseUrl(), 'admin');
    // a file that is refused: recorded without any processing work
    const name = `e2e-import-${Date.now().toString(36)}.txt`;
    const body = new FormData();
    body.append('files', new Blob(['keine PDF'], { type: 'text/plain' }), name);
    body.append('company_id', '1');
    const res = await fetch(new URL('/api/documents', baseUrl()), {
      body,
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(415);
    const list = await api<ImportBatchList>(baseUrl(), token, 'GET', '/imports?result=refused&per_page=5');
    const batch = list.body.data[0]!;
    const detail = await api<ImportBatchDetail>(baseUrl(), token, 'GET', `/imports/${batch.id}`);
    expect(detail.body.files.map((f) => f.filename)).toEqual([name]);

    const page = await (await newContext()).newPage();
    await openSignedIn(page, '/service/importe?result=refused', 'admin');
    const row = page.getByTestId(`import-batch-${batch.id}`);
    await expect.poll(() => row.isVisible(), { timeout: 60_000 }).toBe(true);
    expect(await row.textContent()).toContain('Hochladen');
    await row.getByRole('button', { name: 'Details anzeigen' }).click();
    const file = page
      .getByRole('table', { name: `Dateien des Importvorgangs ${batch.id}` })
      .locator('tbody tr');
    await expect.poll(() => file.first().getAttribute('data-result'), { timeout: 30_000 }).toBe('refused');
    expect(await file.first().textContent()).toContain(name);
    expect(await file.first().textContent()).toContain('keine PDF-Datei');
    await screenshot(page, 'service-imports');

    // the filter survives a reload
    await page.reload();
    await expect.poll(() => row.isVisible(), { timeout: 60_000 }).toBe(true);
    expect(await page.getByRole('combobox', { name: 'Ergebnis' }).textContent()).toContain('abgelehnt');
  }, 300_000);

  it('Hebesatzkonflikte: a confirmed notice’s rate is adopted (the Zerlegung uses it) or ours is kept with a reason', async () => {
    const url = baseUrl();
    const token = await apiToken(url, 'sachbearbeitung');
    const stamp = Date.now().toString(36);
    /** A confirmed Bescheid for a new establishment whose own rate for the year differs by 10 points. */
    const conflictFor = async (seed: number, label: string) => {
      const n = await generateNotice(seed, 'gewst_bescheid', 'L1-kaemmerei');
      const truth = n.truth as { erhebungszeitraum: number; hebesatz: number };
      const doc = await uploadForReview(url, token, 1, `e2e-hebesatz-${label}-${stamp}.pdf`, n.pdf);
      const docId = doc.id;
      const ags = doc.fields.ags?.value as string;
      const designation = `E2E Hebesatz ${label} ${stamp}`;
      const md = await api<{ id: number }>(url, token, 'POST', '/companies/1/masterData', {
        ags,
        designation,
      });
      expect(md.status).toBe(201);
      const year = truth.erhebungszeitraum;
      const ours = truth.hebesatz + 10;
      for (const [method, path, body] of [
        ['PUT', `/masterData/${md.body.id}/rates/${year}`, { hebesatz: ours, note: 'E2E eigener Satz' }],
        ['PUT', `/documents/${docId}`, { master_data_id: md.body.id }],
        ['POST', `/documents/${docId}/confirm`, undefined],
      ] as const) {
        const res = await api(url, token, method, path, body);
        expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
      }
      return { docId, mdId: md.body.id, ags, designation, year, ours, notice: truth.hebesatz };
    };
    const adopt = await conflictFor(73, 'übernehmen');
    const keep = await conflictFor(76, 'behalten');
    expect(adopt.ags).not.toBe(keep.ags);

    /** Opens the list on the page that holds the conflict of a notice (25 rows a page, as the screen). */
    const openConflict = async (page: Page, docId: number) => {
      let at = 0;
      for (let p = 1; at === 0; p++) {
        const list = await api<RateConflictList>(
          url,
          token,
          'GET',
          `/companies/1/masterData/conflictingMunicipalityRates?page=${p}&per_page=25`,
        );
        if (list.body.data.some((r) => r.document_id === docId)) at = p;
        else if (p >= list.body.meta.last_page) throw new Error(`kein Konflikt für Dokument ${docId}`);
      }
      const path = `/service/hebesatzkonflikte?page=${at}`;
      if (page.url().startsWith(url)) await page.goto(path);
      else await openSignedIn(page, path, 'sachbearbeitung');
      const row = page
        .getByRole('row')
        .filter({ has: page.getByRole('link', { name: new RegExp(`e2e-hebesatz-.*-${stamp}`) }) });
      await expect.poll(() => row.count(), { timeout: 60_000 }).toBeGreaterThan(0);
    };
    const page = await (await newContext()).newPage();

    // adopt: the dialog says what happens; the establishment's rate becomes the notice's
    await openConflict(page, adopt.docId);
    await page
      .getByRole('button', { name: `Satz des Bescheids übernehmen: ${adopt.designation}, ${adopt.year}` })
      .click();
    const adoptDialog = page.getByRole('dialog', { name: 'Satz des Bescheids übernehmen?' });
    await expect.poll(() => adoptDialog.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await adoptDialog.textContent()).toContain(`dann ${adopt.notice} % statt ${adopt.ours} %`);
    await screenshot(page, 'service-rate-conflict-adopt');
    await adoptDialog.getByRole('button', { name: 'Satz des Bescheids übernehmen' }).click();
    await expect.poll(() => adoptDialog.count(), { timeout: 20_000 }).toBe(0);
    await expect
      .poll(() => page.getByRole('link', { name: `e2e-hebesatz-übernehmen-${stamp}.pdf` }).count(), {
        timeout: 20_000,
      })
      .toBe(0);
    const rates = await api<MasterDataRate[]>(url, token, 'GET', `/masterData/${adopt.mdId}/rates`);
    expect(rates.body.find((r) => r.year === adopt.year)).toMatchObject({
      hebesatz: adopt.notice,
      source: 'notice',
    });
    // the Zerlegung of that year computes with the adopted rate
    const prefill = await api<ZerlegungPrefill>(
      url,
      await apiToken(url, 'freigabe'),
      'GET',
      `/zerlegungen/prefill?company_id=1&year=${adopt.year}`,
    );
    expect(prefill.body.zeilen.filter((z) => z.ags === adopt.ags).map((z) => z.hebesatz)).toContain(
      adopt.notice,
    );
    // and the establishment shows it with the notice as its source
    await page.goto(`/stammdaten/${adopt.mdId}`);
    const rateRow = page
      .getByRole('row')
      .filter({ hasText: String(adopt.year) })
      .filter({ hasText: 'Bescheid' });
    await expect.poll(() => rateRow.count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await rateRow.first().textContent()).toContain(`${adopt.notice}`);

    // keep: a reason is required; ours stays and the conflict leaves the list
    await openConflict(page, keep.docId);
    await page
      .getByRole('button', { name: `Unseren Satz behalten: ${keep.designation}, ${keep.year}` })
      .click();
    const keepDialog = page.getByRole('dialog', { name: 'Unseren Satz behalten?' });
    await expect.poll(() => keepDialog.isVisible(), { timeout: 10_000 }).toBe(true);
    await keepDialog.getByRole('button', { name: 'Unseren Satz behalten' }).click();
    await expect
      .poll(() => keepDialog.getByText('Bitte begründen, warum unser Hebesatz gilt.').count(), {
        timeout: 10_000,
      })
      .toBe(1);
    await keepDialog
      .getByRole('textbox', { name: 'Begründung' })
      .fill('Einspruch gegen den Bescheid eingelegt');
    await keepDialog.getByRole('button', { name: 'Unseren Satz behalten' }).click();
    await expect.poll(() => keepDialog.count(), { timeout: 20_000 }).toBe(0);
    await expect
      .poll(() => page.getByRole('link', { name: `e2e-hebesatz-behalten-${stamp}.pdf` }).count(), {
        timeout: 20_000,
      })
      .toBe(0);
    const kept = await api<MasterDataRate[]>(url, token, 'GET', `/masterData/${keep.mdId}/rates`);
    expect(kept.body.find((r) => r.year === keep.year)).toMatchObject({
      hebesatz: keep.ours,
      source: 'manual',
    });
    const all = await api<RateConflictList>(
      url,
      token,
      'GET',
      '/companies/1/masterData/conflictingMunicipalityRates?per_page=100&page=1',
    );
    expect(
      all.body.data.filter((r) => r.document_id === keep.docId || r.document_id === adopt.docId),
    ).toEqual([]);
  }, 400_000);
});
