import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

export const baseUrl = () => inject('baseUrl');

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** One headless Chromium per spec file (Debian's /usr/bin/chromium, never a downloaded browser). */
export function useBrowser(): { browser: () => Browser; newContext: () => Promise<BrowserContext> } {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
  });
  return {
    browser: () => browser!,
    async newContext() {
      const ctx = await browser!.newContext({
        locale: 'de-DE',
        baseURL: baseUrl(),
        viewport: { width: 1400, height: 900 },
      });
      contexts.push(ctx);
      return ctx;
    },
  };
}

/** Fills the sign-in form of the identity provider, wherever the app sent us. */
export async function signIn(page: Page, username: string, password = username): Promise<void> {
  await page.waitForURL(/\/idp\/interaction\//, { timeout: 30_000 });
  await page.getByLabel('Benutzername').fill(username);
  await page.getByLabel('Passwort').fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

/** Opens a path and signs in when the app redirects to the provider. */
export async function openSignedIn(page: Page, path: string, username: string): Promise<void> {
  await page.goto(path);
  await signIn(page, username);
  await page.waitForURL((url) => !url.pathname.startsWith('/idp') && !url.pathname.startsWith('/auth/'), {
    timeout: 30_000,
  });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS)
    await page.screenshot({ path: `e2e/artifacts/${name}.png`, fullPage: true });
}
