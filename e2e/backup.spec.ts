import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSignedIn, screenshot, useBrowser } from './support/browser';

const { newContext } = useBrowser();
const tmp = mkdtempSync(path.join(os.tmpdir(), 'gewst-e2e-backup-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('Admin → Backup', () => {
  it('creates, lists and downloads a backup, and restores it after the typed confirmation', async () => {
    const page = await (await newContext()).newPage();
    await openSignedIn(page, '/admin/backup', 'admin');
    await expect
      .poll(() => page.getByTestId('backup-schedule').textContent(), { timeout: 30_000 })
      .toContain('Datenbankstand');
    const rows = page.getByTestId('backup-row');
    const before = await rows.count();

    await page.getByRole('button', { name: 'Sicherung erstellen' }).click();
    await expect.poll(() => rows.count(), { timeout: 120_000, interval: 500 }).toBe(before + 1);
    const outcome = page.getByTestId('backup-outcome');
    await expect.poll(() => outcome.textContent(), { timeout: 30_000 }).toMatch(/Sicherung .* erstellt/);
    const row = rows.first();
    const name = (await row.getAttribute('data-name'))!;
    expect(name).toMatch(/^gewst-backup-\d{8}-\d{6}-\d{3}-manuell\.tar\.gz$/);
    const text = (await row.textContent())!;
    expect(text).toContain('manuell');
    expect(text).toMatch(/\d+(,\d)? (KB|MB)/); // size
    expect(text).toMatch(/[\d.]+ Datensätze, \d+ Dateien/);
    expect(text).toContain('admin');
    await screenshot(page, 'admin-backup');

    // the download goes through the browser's own download (signed link), read back with tar
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: `${name} herunterladen` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(name);
    const file = path.join(tmp, name);
    await download.saveAs(file);
    const entries = execFileSync('tar', ['-tzf', file], { encoding: 'utf8' }).split('\n');
    expect(entries[0]).toBe('manifest.json');
    expect(entries).toContain('db/documents.jsonl');
    const manifest = JSON.parse(execFileSync('tar', ['-xzOf', file, 'manifest.json'], { encoding: 'utf8' }));
    expect(manifest.name).toBe(name);
    expect(readFileSync(file).length).toBeGreaterThan(1000);

    // restore: nothing happens until the word is typed
    await row.getByRole('button', { name: `${name} wiederherstellen` }).click();
    const dialog = page.getByRole('dialog', { name: 'Sicherung wiederherstellen' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const confirm = dialog.getByRole('button', { name: 'Wiederherstellen' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Zum Bestätigen WIEDERHERSTELLEN eingeben').fill('wiederherstellen');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Zum Bestätigen WIEDERHERSTELLEN eingeben').fill('WIEDERHERSTELLEN');
    await confirm.click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect
      .poll(() => outcome.textContent(), { timeout: 180_000, interval: 1000 })
      .toContain(`Sicherung ${name} wiederhergestellt`);
    expect(await outcome.textContent()).toContain('alle Prüfsummen stimmen');
    // the user stays signed in and the app works on the restored data
    await page.getByRole('tab', { name: 'Logs' }).click();
    await page.waitForURL(/\/admin\/logs/);
    await expect
      .poll(() => page.getByRole('cell', { name: 'Wiederhergestellt' }).first().isVisible(), {
        timeout: 30_000,
      })
      .toBe(true);
  });
});
