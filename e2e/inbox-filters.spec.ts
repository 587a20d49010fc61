import { describe, expect, it } from 'vitest';
import { baseUrl, fillDate, openSignedIn, useBrowser } from './support/browser';

const { newContext } = useBrowser();

describe('inbox filters', () => {
  it('"fällig bis" is the German date picker (TT.MM.JJJJ); the day is kept in the address', async () => {
    expect(baseUrl()).toBeTruthy();
    const page = await (await newContext()).newPage();
    await page.addInitScript(() => window.localStorage.setItem('currentCompanyId', '1'));
    await openSignedIn(page, '/?faellig=until', 'sachbearbeitung');
    await page
      .getByRole('table', { name: 'Posteingang' })
      .or(page.getByText('Keine Dokumente'))
      .first()
      .waitFor();
    // no browser date input (it follows the browser's locale, not German)
    expect(await page.locator('input[type="date"]').count()).toBe(0);
    await fillDate(page, 'fällig bis', '2031-03-05');
    await page.waitForURL(/[?&]bis=2031-03-05/);
    const field = page.getByRole('group', { name: 'fällig bis', exact: true });
    expect((await field.textContent())?.replace(/[\u2066-\u2069\s]/g, '')).toContain('05.03.2031');
    // reload and back keep the day
    await page.reload();
    await page.getByRole('group', { name: 'fällig bis', exact: true }).waitFor();
    expect(
      (await page.getByRole('group', { name: 'fällig bis', exact: true }).textContent())?.replace(
        /[\u2066-\u2069\s]/g,
        '',
      ),
    ).toContain('05.03.2031');
    expect(new URL(page.url()).searchParams.get('bis')).toBe('2031-03-05');
  });
});
