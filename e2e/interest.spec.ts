import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fillDate, openSignedIn, screenshot, useBrowser } from './support/browser';

const { newContext } = useBrowser();
/** Intl puts a no-break space before €; compare with plain spaces. */
const text = async (l: Locator) => (await l.textContent())?.replace(/\u00a0/g, ' ');

describe('interest admin screens', () => {
  it('shows the seeded rates and computes the AEAO example with its breakdown per rate period', async () => {
    const page = await (await newContext()).newPage();
    await openSignedIn(page, '/admin/zinssatz', 'admin');
    const rates = page.getByRole('table', { name: 'Zinssätze (§ 238 AO)' });
    await expect.poll(() => rates.getByRole('row').count(), { timeout: 20_000 }).toBe(3);
    expect(await rates.textContent()).toContain('0,15 % pro Monat');

    await page.getByLabel('Betrag (€)').fill('10.000,00');
    await fillDate(page, 'Erster Zinstag', '2018-04-01');
    await fillDate(page, 'Letzter Zinstag', '2022-08-03');
    // German date picker whatever the browser's locale: TT.MM.JJJJ with leading zeros
    expect(await page.getByRole('group', { name: 'Erster Zinstag', exact: true }).textContent()).toContain(
      '01.04.2018',
    );
    await page.getByRole('button', { name: 'Berechnen' }).click();
    const total = page.getByTestId('interest-total');
    await expect.poll(() => text(total), { timeout: 20_000 }).toBe('1.095,00 €');
    const breakdown = page.getByRole('table', { name: 'Ergebnis' });
    const rows = (await breakdown.getByRole('row').allTextContents()).map((r) => r.replace(/\u00a0/g, ' '));
    expect(rows.slice(1)).toEqual([
      '01.04.2018 – 31.12.20180,5 %270450,00 €',
      '01.01.2019 – 31.07.20220,15 %1290645,00 €',
    ]);
    expect(await page.getByTestId('interest-result').textContent()).toContain('52');

    // impossible input: the server's German message appears at the field
    await fillDate(page, 'Letzter Zinstag', '2017-01-01');
    await page.getByRole('button', { name: 'Berechnen' }).click();
    await expect
      .poll(() => page.getByText('Das Ende des Zinslaufs darf nicht vor seinem Beginn liegen.').isVisible())
      .toBe(true);
    await screenshot(page, 'interest-calculator');
  });

  it('lists the default interest periods', async () => {
    const page = await (await newContext()).newPage();
    await openSignedIn(page, '/admin/zins-zeitraeume', 'admin');
    const table = page.getByRole('table', { name: 'Standard-Zinszeiträume' });
    await expect.poll(() => table.getByRole('row').count(), { timeout: 20_000 }).toBe(22);
    const rows = await table.getByRole('row').allTextContents();
    expect(rows.find((r) => r.startsWith('2019'))).toBe('201901.10.2021');
  });
});
