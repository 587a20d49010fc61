/**
 * Review benchmark (issue 11): a scripted reviewer confirms a text Gewerbesteuerbescheid whose
 * fields were all read right, in real Chromium against the built app (PGlite), from opening
 * `/dokumente/:id` to the payment lines existing. Goal: ≤ 5 s of application time.
 *
 *   npm run build && node --import tsx bench/review/run.ts [--runs 12] [--port 3233]
 *
 * Not part of `npm test`. See README.md for what is timed and the recorded figures.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ConfirmationPreview, DocumentDetail, PaymentDetail } from '@gewst/domain';
import { chromium, type Page } from 'playwright-core';
import { api, apiToken, uploadDocument } from '../../e2e/support/api';
import { startServer } from '../../e2e/support/server';
import { generateNotice, type GeneratedNotice } from '../notices/generate';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const RUNS = arg('runs', 12);
const PORT = arg('port', 3233);
const COMPANY = 1;
const USER = 'sachbearbeitung';
const LAYOUTS = ['L1', 'L2', 'L3', 'L4', 'L5', 'L6'];

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
function cpuSeconds(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}
/** The server child this script started (its cmdline runs apps/server/dist/main.js). */
function serverPid(): number | null {
  try {
    const children = readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    return (
      children.find((pid) =>
        readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('apps/server/dist/main.js'),
      ) ?? null
    );
  } catch {
    return null;
  }
}
const quantile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)]!;
};
const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function poll<T>(what: string, fn: () => Promise<T>, ok: (v: T) => boolean, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() > until) throw new Error(`${what}: Zeitüberschreitung`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** Resolves when a locator is visible (playwright's own wait, no fixed sleeps). */
const visible = (page: Page, locator: ReturnType<Page['locator']>, timeout = 60_000) =>
  locator.first().waitFor({ state: 'visible', timeout });

interface Prepared {
  id: number;
  mdId: number;
  year: number;
  notice: GeneratedNotice;
}

/**
 * Uploads notices and makes each one ready for review as in daily work: processed, assigned to
 * an establishment of its municipality without payment data. Only notices whose reading is all
 * right are kept (the reviewer has nothing to correct): no blocking check, our Abrechnung equals
 * the printed one, and the key figures equal the generator's truth.
 */
async function prepare(
  url: string,
  token: string,
  count: number,
): Promise<{ ready: Prepared[]; skipped: string[] }> {
  const ready: Prepared[] = [];
  const skipped: string[] = [];
  const stamp = Date.now().toString(36);
  for (let seed = 700; ready.length < count && seed < 700 + count * 4; seed++) {
    const notice = await generateNotice(seed, 'gewst_bescheid', LAYOUTS[seed % LAYOUTS.length]!);
    const truth = notice.truth as Record<string, unknown>;
    const id = await uploadDocument(url, token, COMPANY, `bench-review-${seed}-${stamp}.pdf`, notice.pdf);
    const doc = await poll(
      `Verarbeitung ${id}`,
      async () => (await api<DocumentDetail>(url, token, 'GET', `/documents/${id}`)).body,
      (d) => d.status !== 'neu' && d.status !== 'in_verarbeitung',
      120_000,
    );
    const ags = doc.fields.ags?.value;
    if (doc.status !== 'zu_pruefen' || typeof ags !== 'string') {
      skipped.push(`${notice.id}: Status ${doc.status}, AGS ${String(ags)}`);
      continue;
    }
    const md = await api<{ id: number }>(url, token, 'POST', `/companies/${COMPANY}/masterData`, {
      ags,
      designation: `Bench Prüfung ${seed} ${stamp}`,
    });
    await api(url, token, 'PUT', `/documents/${id}`, { master_data_id: md.body.id });
    const preview = (await api<ConfirmationPreview>(url, token, 'GET', `/documents/${id}/confirmation`)).body;
    const fields = (await api<DocumentDetail>(url, token, 'GET', `/documents/${id}`)).body.fields;
    const wrong = ['erhebungszeitraum', 'hebesatz', 'festgesetzte_steuer', 'abrechnung'].filter(
      (k) => truth[k] !== undefined && String(fields[k]?.value) !== String(truth[k]),
    );
    const blocking = preview.checks.filter((c) => c.blocking).map((c) => c.code);
    if (wrong.length || blocking.length || !preview.abrechnung || preview.abrechnung.differs) {
      skipped.push(
        `${notice.id}: ${[...wrong.map((k) => `${k} falsch gelesen`), ...blocking, preview.abrechnung?.differs ? 'Abrechnung weicht ab' : ''].filter(Boolean).join(', ')}`,
      );
      continue;
    }
    ready.push({ id, mdId: md.body.id, year: Number(truth.erhebungszeitraum), notice });
  }
  return { ready, skipped };
}

interface Run {
  notice: string;
  ready: number;
  dialog: number;
  confirmed: number;
  total: number;
}

/** One reviewer pass; times are ms from the start of the navigation to /dokumente/:id. */
async function review(page: Page, id: number): Promise<Omit<Run, 'notice'>> {
  const t0 = performance.now();
  await page.goto(`/dokumente/${id}`);
  const confirm = page.getByRole('button', { name: 'Prüfung abschließen' });
  // The screen is ready when the fields can be confirmed and the PDF's page shows its text.
  await Promise.all([visible(page, confirm), visible(page, page.locator('.pdfViewer .textLayer span'))]);
  const ready = performance.now() - t0;
  await confirm.click();
  const dialog = page.getByRole('dialog', { name: 'Prüfung abschließen' });
  await visible(page, dialog.getByTestId('confirm-lines'));
  const dialogAt = performance.now() - t0;
  await dialog.getByRole('button', { name: 'Abschließen' }).click();
  // The banner appears after the server answered the confirmation, i.e. the lines are committed.
  await visible(page, page.getByTestId('confirmed-banner'));
  const total = performance.now() - t0;
  return { ready, dialog: dialogAt, confirmed: total - dialogAt, total };
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gewst-bench-review-'));
  const started = performance.now();
  const server = await startServer({ port: PORT, dataDir });
  console.log(`Server bereit nach ${fmt(performance.now() - started)} (Port ${PORT}), Last ${load()}`);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-dev-shm-usage'],
  });
  try {
    const token = await apiToken(server.url, USER);
    const { ready, skipped } = await prepare(server.url, token, RUNS + 1);
    console.log(
      `${ready.length} Bescheide bereit, ${skipped.length} übersprungen${skipped.length ? `: ${skipped.join('; ')}` : ''}`,
    );
    if (ready.length < RUNS + 1) throw new Error('Zu wenige fehlerfrei gelesene Bescheide.');

    const context = await browser.newContext({
      locale: 'de-DE',
      baseURL: server.url,
      viewport: { width: 1440, height: 900 },
    });
    const page = await context.newPage();
    await page.goto('/');
    await page.waitForURL(/\/idp\/interaction\//, { timeout: 60_000 });
    await page.getByLabel('Benutzername').fill(USER);
    await page.getByLabel('Passwort').fill(USER);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/idp') && !u.pathname.startsWith('/auth/'), {
      timeout: 60_000,
    });

    const loadBefore = load();
    const pid = serverPid();
    const serverCpu0 = pid === null ? null : cpuSeconds(pid);
    const runs: Run[] = [];
    // The first pass warms caches (assets, pdf.js worker, query plans) and is reported apart.
    const warm = await review(page, ready[0]!.id);
    console.log(`Aufwärmen (${ready[0]!.notice.id}): ${fmt(warm.total)}`);
    for (const p of ready.slice(1, RUNS + 1)) {
      const r = { notice: p.notice.id, ...(await review(page, p.id)) };
      const doc = (await api<DocumentDetail>(server.url, token, 'GET', `/documents/${p.id}`)).body;
      const lines = (
        await api<PaymentDetail>(server.url, token, 'GET', `/payments/${p.mdId}/${p.year}`)
      ).body.payment_lines.filter((l) => l.document_id === p.id);
      if (doc.status !== 'geprueft' || lines.length === 0)
        throw new Error(`${p.notice.id}: Status ${doc.status}, ${lines.length} Zahlungszeilen`);
      runs.push(r);
      console.log(
        `${r.notice.padEnd(24)} bereit ${fmt(r.ready)}, Dialog ${fmt(r.dialog)}, bestätigt ${fmt(r.confirmed)} → gesamt ${fmt(r.total)} (${lines.length} Zahlungszeile(n))`,
      );
    }
    const serverCpu = pid === null || serverCpu0 === null ? null : cpuSeconds(pid)! - serverCpu0;
    const col = (k: keyof Omit<Run, 'notice'>) => runs.map((r) => r[k]);
    console.log(
      `\nn=${runs.length}, Last vorher ${loadBefore}, nachher ${load()} (1/5/15 min), ${os.cpus().length} CPUs`,
    );
    console.log('| Schritt | Median | p95 |');
    console.log('|---|---|---|');
    for (const [label, k] of [
      ['Öffnen bis bereit (Felder + PDF-Text)', 'ready'],
      ['Öffnen bis Bestätigungsdialog mit Zeilen', 'dialog'],
      ['„Abschließen“ bis Zahlungszeilen angelegt', 'confirmed'],
      ['**gesamt**', 'total'],
    ] as const)
      console.log(`| ${label} | ${fmt(quantile(col(k), 0.5))} | ${fmt(quantile(col(k), 0.95))} |`);
    if (serverCpu !== null)
      console.log(`Server-CPU je Bescheid (Mittel): ${fmt((serverCpu * 1000) / runs.length)}`);
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
