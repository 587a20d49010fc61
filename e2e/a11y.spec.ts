import type { DocumentDetail } from '@gewst/domain';
import type { Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateNotice } from '../bench/notices/generate';
import { api, apiToken, assignNewEstablishment, uploadDocument } from './support/api';
import { baseUrl, openSignedIn, useBrowser } from './support/browser';

const { newContext } = useBrowser();

/** How far the page is wider than the window (0 = no horizontal scrolling). */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const el = document.scrollingElement!;
    return el.scrollWidth - el.clientWidth;
  });

describe('accessibility and layout of the inbox, the review screen and payment data', () => {
  let docId = 0;
  let paymentPath = '';
  beforeAll(async () => {
    const token = await apiToken(baseUrl(), 'sachbearbeitung');
    const n = await generateNotice(57, 'gewst_bescheid', 'L2');
    // a long file name without spaces (as scanners and exports name files) must not widen the inbox
    docId = await uploadDocument(
      baseUrl(),
      token,
      1,
      `e2e-a11y-${Date.now()}-gewerbesteuerbescheid_2023_stadt_musterstadt_kassenzeichen_4711-0815-2023_scan.pdf`,
      n.pdf,
    );
    // processing a text notice takes seconds (expect.poll is not available outside a test)
    let doc = (await api<DocumentDetail>(baseUrl(), token, 'GET', `/documents/${docId}`)).body;
    for (let i = 0; i < 120 && doc.status !== 'zu_pruefen'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      doc = (await api<DocumentDetail>(baseUrl(), token, 'GET', `/documents/${docId}`)).body;
    }
    expect(doc.status).toBe('zu_pruefen');
    const ags = (doc.fields.ags?.value as string | undefined) ?? '05315000';
    const mdId = await assignNewEstablishment(baseUrl(), token, docId, ags, `E2E Barrierefrei ${Date.now()}`);
    // a second notice of the same establishment stays to be reviewed; this one gets payment lines
    const confirmed = await api(baseUrl(), token, 'POST', `/documents/${docId}/confirm`, {
      override_reason: 'e2e: Layoutprüfung',
    });
    expect(confirmed.status).toBe(200);
    paymentPath = `/zahlungsdaten/${mdId}/${n.truth.erhebungszeitraum as number}`;

    // the worst free text the inbox can meet, whatever other specs uploaded before: a very long
    // file name without a space, a municipality and a follow-up text of one long word each
    const second = await generateNotice(58, 'vorauszahlungsbescheid', 'L1-kaemmerei');
    const longId = await uploadDocument(
      baseUrl(),
      token,
      1,
      `e2e-a11y-${Date.now()}-${'vorauszahlungsbescheid_2024_'.repeat(8)}scan.pdf`,
      second.pdf,
    );
    for (let i = 0; i < 120; i++) {
      const d = (await api<DocumentDetail>(baseUrl(), token, 'GET', `/documents/${longId}`)).body;
      if (d.status !== 'neu' && d.status !== 'in_verarbeitung') break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const long = await api(baseUrl(), token, 'PUT', `/documents/${longId}`, {
      fields: { gemeinde: { value: `Gemeindeverwaltungsgemeinschaft${'Oberunterhausen'.repeat(6)}` } },
    });
    expect(long.status).toBe(200);
    const followUp = await api(baseUrl(), token, 'PUT', `/documents/${longId}`, {
      dueDate: '2031-12-31',
      dueText: `Einspruchsfristverlängerungsantrag${'nachreichen'.repeat(8)}`,
    });
    expect(followUp.status).toBe(200);
  });

  /** The inbox table against its box (the sideways scroll inside the box), and cells running over. */
  const inboxFit = (page: Page) =>
    page.getByRole('table', { name: 'Posteingang' }).evaluate((table) => ({
      table: table.scrollWidth,
      box: table.parentElement!.clientWidth,
      cellsRunningOver: Array.from(table.querySelectorAll('td, th'))
        .filter((cell) => cell.scrollWidth > cell.clientWidth + 1)
        .map((cell) => `${cell.textContent?.slice(0, 40)} (${cell.scrollWidth} > ${cell.clientWidth})`),
    }));

  it('no serious or critical axe violations and no horizontal scrolling at 1280 and 390 px (long file names included)', async () => {
    const page = await (await newContext()).newPage();
    await page.addInitScript(() => window.localStorage.setItem('currentCompanyId', '1'));
    await openSignedIn(page, '/', 'sachbearbeitung');
    const screens: [string, string, () => Promise<unknown>][] = [
      ['Posteingang', '/', () => page.getByRole('table', { name: 'Posteingang' }).waitFor()],
      [
        'Prüfung',
        `/dokumente/${docId}`,
        () => page.locator('.pdfViewer .page canvas').first().waitFor({ timeout: 30_000 }),
      ],
      ['Zahlungsdaten', '/zahlungsdaten', () => page.getByRole('table').first().waitFor()],
      [
        'Zahlungsdaten (Detail)',
        paymentPath,
        () => page.getByRole('table', { name: 'Zahlungszeilen' }).waitFor({ timeout: 20_000 }),
      ],
    ];
    const found: Record<string, string[]> = {};
    const widths: Record<string, number> = {};
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 });
      for (const [name, path, ready] of screens) {
        await page.goto(path);
        await ready();
        widths[`${name} @${width}`] = await overflow(page);
        // the inbox table may scroll inside its own box below 1440 px, but no cell runs over
        if (name === 'Posteingang')
          widths[`Posteingang (Zellen) @${width}`] = (await inboxFit(page)).cellsRunningOver.length;
        if (width === 1280) found[name] = await seriousViolations(page);
      }
    }
    console.log('a11y', JSON.stringify({ found, widths }));
    expect(found).toEqual({ Posteingang: [], Prüfung: [], Zahlungsdaten: [], 'Zahlungsdaten (Detail)': [] });
    expect(Object.entries(widths).filter(([, extra]) => extra > 0)).toEqual([]);
  });

  it('review at 1440 × 900: the page fills the height and stays in view; keyboard zoom; visible focus', async () => {
    const page = await (await newContext()).newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.addInitScript(() => window.localStorage.setItem('currentCompanyId', '1'));
    await openSignedIn(page, `/dokumente/${docId}`, 'sachbearbeitung');
    const viewer = page.getByTestId('pdf-container');
    await page.locator('.pdfViewer .page canvas').first().waitFor({ timeout: 30_000 });
    const box = (await viewer.boundingBox())!;
    expect(box.y + box.height).toBeGreaterThan(900 - 40);
    expect(box.height).toBeGreaterThan(900 * 0.7);
    // the field column scrolls, the page stays
    await page.mouse.move(1300, 600);
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => page.evaluate(() => document.scrollingElement!.scrollTop)).toBeGreaterThan(0);
    const after = (await viewer.boundingBox())!;
    expect(after.y).toBeGreaterThanOrEqual(0);
    expect(after.y + after.height).toBeLessThanOrEqual(900 + 1);

    // keyboard zoom in the viewer: + larger, − smaller, 0 back to the page width
    const percent = async () =>
      Number((await page.getByTestId('zoom-percent').textContent())?.replace(/\D/g, ''));
    const fit = await percent();
    await viewer.focus();
    await page.keyboard.press('+');
    await expect.poll(percent).toBeGreaterThan(fit);
    await page.keyboard.press('0');
    await expect.poll(percent).toBe(fit);
    await page.keyboard.press('-');
    await expect.poll(percent).toBeLessThan(fit);
    await page.getByRole('button', { name: 'Seitenbreite' }).click();
    await expect.poll(percent).toBe(fit);

    // the inbox at 1440 shows every column; keyboard focus is visible on tiles and chips
    await page.goto('/');
    const table = page.getByRole('table', { name: 'Posteingang' });
    await table.waitFor();
    await page.getByRole('link', { name: /^e2e-a11y-\d+-vorauszahlungsbescheid/ }).waitFor();
    // every column in the box: long file names, municipalities and follow-up texts are cut with "…"
    const inbox = await inboxFit(page);
    console.log('inbox @1440', JSON.stringify(inbox));
    expect(inbox.cellsRunningOver).toEqual([]);
    expect(inbox.table).toBeLessThanOrEqual(inbox.box);
    expect(await overflow(page)).toBe(0);
    // the cut file name keeps its full text as tooltip
    const cut = page.locator('[data-ellipsis]', {
      has: page.getByRole('link', { name: /^e2e-a11y-\d+-vorauszahlungsbescheid/ }),
    });
    expect(await cut.getAttribute('title')).toMatch(/vorauszahlungsbescheid_2024_scan\.pdf$/);
    const outline = () =>
      page.evaluate(() => {
        const s = getComputedStyle(document.activeElement!);
        return s.outlineStyle === 'none' ? 0 : parseFloat(s.outlineWidth);
      });
    await page.getByTestId('tile-to-review').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'tile-overdue',
    );
    expect(await outline()).toBeGreaterThanOrEqual(2);
    await page.getByTestId('type-chip-gewst_bescheid').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'type-chip-vorauszahlungsbescheid',
    );
    expect(await outline()).toBeGreaterThanOrEqual(2);

    // at 390 px the header's controls are inside the window
    await page.setViewportSize({ width: 390, height: 844 });
    const outside = await page.getByTestId('app-bar').evaluate(
      (bar) =>
        Array.from(bar.querySelectorAll('button, a, svg'))
          .map((el) => el.getBoundingClientRect())
          .filter((r) => r.width > 0 && (r.left < 0 || r.right > window.innerWidth)).length,
    );
    expect(outside).toBe(0);
  });
});

describe('accessibility of reporting, archive and the service screens', () => {
  it('no serious or critical axe violations on each report, the archive, Importe and Stand der Bearbeitung', async () => {
    const page = await (await newContext()).newPage();
    await openSignedIn(page, '/reporting', 'admin');
    const main = page.locator('main').first();
    for (const [path, text] of [
      ['/reporting', 'Summen je Jahr'],
      ['/reporting?bericht=provision', 'Rückstellung gesamt'],
      ['/reporting?bericht=cashplan', 'Werktag'],
      // with or without interest in the shared data (totals line or empty state)
      ['/reporting?bericht=interest', 'steuerpflichtig'],
      ['/reporting?bericht=reconciliation', 'Abweichungen'],
      ['/archiv', 'Archiv'],
      ['/service/importe', 'Quelle'],
      ['/service/stand-der-bearbeitung', 'Lücken'],
    ] as const) {
      await page.goto(path);
      await expect.poll(() => main.textContent(), { timeout: 60_000 }).toContain(text);
      // the screen itself (the shell around it is checked above)
      expect({ path, violations: await seriousViolations(page, 'main') }).toEqual({ path, violations: [] });
    }
  }, 300_000);
});
