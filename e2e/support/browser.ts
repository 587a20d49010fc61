import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';

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

/**
 * What the page did during a sign-in: main-frame navigations, requests and answers of the app,
 * console errors, each with its time since the start. Printed with a failed or slow sign-in,
 * together with the server's warnings of the same time, so the step it waited for shows up.
 */
function recordTimeline(page: Page): { started: number; text(): string; stop(): void } {
  const t0 = Date.now();
  const events: string[] = [];
  const add = (line: string) => events.push(`+${String(Date.now() - t0).padStart(6)} ms ${line}`);
  const short = (url: string) => url.replace(/^https?:\/\/[^/]+/, '').slice(0, 120);
  const onNav = (frame: import('playwright-core').Frame) => {
    if (frame === page.mainFrame()) add(`navigated ${short(frame.url())}`);
  };
  const onRequest = (r: import('playwright-core').Request) => {
    if (!r.url().includes('/assets/')) add(`→ ${r.method()} ${short(r.url())}`);
  };
  const onResponse = (r: import('playwright-core').Response) => {
    if (!r.url().includes('/assets/')) add(`← ${r.status()} ${r.request().method()} ${short(r.url())}`);
  };
  const onFailed = (r: import('playwright-core').Request) =>
    add(`✗ ${short(r.url())} ${r.failure()?.errorText}`);
  const onConsole = (m: import('playwright-core').ConsoleMessage) => {
    if (m.type() === 'error' || m.type() === 'warning') add(`console.${m.type()} ${m.text().slice(0, 200)}`);
  };
  const onLoad = () => add('load event');
  page.on('framenavigated', onNav);
  page.on('request', onRequest);
  page.on('response', onResponse);
  page.on('requestfailed', onFailed);
  page.on('console', onConsole);
  page.on('load', onLoad);
  return {
    started: t0,
    text: () => `ab ${new Date(t0).toISOString()}\n${events.join('\n')}`,
    stop() {
      page.off('framenavigated', onNav);
      page.off('request', onRequest);
      page.off('response', onResponse);
      page.off('requestfailed', onFailed);
      page.off('console', onConsole);
      page.off('load', onLoad);
    },
  };
}

/** The server's warnings (slow sign-in steps, a blocked event loop) since `since`, from its log file. */
function serverWarnings(since: number): string {
  let file: string;
  try {
    file = inject('serverLog');
  } catch {
    return '';
  }
  if (!file || !existsSync(file)) return '';
  const lines: string[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line) as { time?: number; level?: number; msg?: string } & Record<
        string,
        unknown
      >;
      if ((entry.time ?? 0) < since || (entry.level ?? 0) < 40) continue;
      const { time, level: _level, msg, pid: _pid, hostname: _host, reqId: _req, ...rest } = entry;
      lines.push(`+${String(time! - since).padStart(6)} ms Server: ${msg} ${JSON.stringify(rest)}`);
    } catch {
      // not a log entry
    }
  }
  return lines.length ? `\nServer-Warnungen:\n${lines.join('\n')}` : '';
}

/** A sign-in slower than this prints its timeline even when it succeeds. */
const SLOW_SIGN_IN_MS = 10_000;

/**
 * Opens a path and signs in when the app redirects to the provider. Done when the app is back at
 * an address of its own (the callback has exchanged the code); the callback page's load event
 * is not waited for (`commit`): the tests after this wait for what they need on the page.
 */
export async function openSignedIn(page: Page, path: string, username: string): Promise<void> {
  const timeline = recordTimeline(page);
  try {
    await page.goto(path);
    await signIn(page, username);
    await page.waitForURL((url) => !url.pathname.startsWith('/idp') && !url.pathname.startsWith('/auth/'), {
      timeout: 30_000,
      waitUntil: 'commit',
    });
    const took = Date.now() - timeline.started;
    if (took > SLOW_SIGN_IN_MS || process.env.E2E_SIGNIN_TRACE)
      console.warn(
        `Anmeldung als ${username} (${path}) dauerte ${took} ms\n${timeline.text()}${serverWarnings(timeline.started)}`,
      );
  } catch (error) {
    const at = new URL(page.url());
    throw new Error(
      `Anmeldung als ${username} nicht abgeschlossen (Seite: ${at.pathname}): ${(error as Error).message}\n${timeline.text()}${serverWarnings(timeline.started)}`,
      { cause: error },
    );
  } finally {
    timeline.stop();
  }
}

export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS)
    await page.screenshot({ path: `e2e/artifacts/${name}.png`, fullPage: true });
}

/**
 * Types an ISO date ('2026-03-31') into a German date picker found by its label: the field's
 * sections (TT.MM.JJJJ) take the digits one after the other, as a user types them.
 */
export async function fillDate(scope: Page | Locator, label: string, iso: string): Promise<void> {
  const group = scope.getByRole('group', { name: label, exact: true });
  await group.getByRole('spinbutton').first().click();
  const [y, m, d] = iso.split('-');
  await group.page().keyboard.type(`${d}${m}${y}`);
}
