import { describe, expect, it } from 'vitest';
import { openSignedIn, screenshot, useBrowser } from './support/browser';

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

    // another type through the card: the route changes, and a reload keeps it
    await page.getByRole('button', { name: 'Messbescheid' }).click();
    await page.waitForURL(/\/service\/stand-der-bearbeitung\/2024\/messbescheid$/);
    await page.reload();
    await expect.poll(() => heading.isVisible(), { timeout: 60_000 }).toBe(true);
    await expect
      .poll(async () => new Set(await table.locator('tbody tr td:first-child').allTextContents()), {
        timeout: 60_000,
      })
      .toEqual(new Set(['Messbescheid']));
  }, 300_000);
});
