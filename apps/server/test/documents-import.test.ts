import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { simplePdf, waitProcessed } from './documents-support';
import { bearer, useTestApp } from './helpers';

const importDir = mkdtempSync(path.join(os.tmpdir(), 'gewst-import-'));
const ctx = useTestApp({ IMPORT_DIR: importDir, JOB_POLL_SECONDS: '0.5' });

/**
 * Waits until the watcher has moved a file ending in `suffix` into `dir`. The watcher creates
 * the folder before it moves the file, so the folder alone does not say the file is there.
 */
async function movedInto(dir: string, suffix: string, message: string) {
  const deadline = Date.now() + 60_000;
  while (!(existsSync(dir) && readdirSync(dir).some((f) => f.endsWith(suffix)))) {
    if (Date.now() > deadline) throw new Error(message);
    await new Promise((r) => setTimeout(r, 500));
  }
}

describe('watched import folder', () => {
  it('takes PDFs from IMPORT_DIR/<company_id>/ through the upload path and refuses the rest', async () => {
    mkdirSync(path.join(importDir, '1'), { recursive: true });
    writeFileSync(
      path.join(importDir, '1', 'import.pdf'),
      await simplePdf(['Stadt Importhausen', 'Schreiben 2024']),
    );
    writeFileSync(path.join(importDir, '1', 'notiz.txt'), 'keine PDF');
    const headers = bearer(await ctx.token('admin'));
    const deadline = Date.now() + 30_000;
    let entries: { filename: string; status: string; source: string; document_id: number | null }[] = [];
    while (entries.length < 2) {
      if (Date.now() > deadline) throw new Error('Importordner nicht gelesen');
      await new Promise((r) => setTimeout(r, 500));
      const res = await ctx.inject({ method: 'GET', url: '/api/uploadAuditTrail?page=1', headers });
      entries = res.json().data;
    }
    const pdf = entries.find((e) => e.filename === 'import.pdf')!;
    expect(pdf).toMatchObject({ status: 'stored', source: 'import' });
    expect(entries.find((e) => e.filename === 'notiz.txt')).toMatchObject({
      status: 'refused',
      source: 'import',
    });
    expect((await waitProcessed(ctx, pdf.document_id!)).status).toBe('zu_pruefen');
    await movedInto(
      path.join(importDir, '1', 'imported'),
      '_import.pdf',
      'PDF nicht nach imported/ verschoben',
    );
    await movedInto(path.join(importDir, '1', 'failed'), '_notiz.txt.txt', 'Begründung nicht in failed/');
    expect(existsSync(path.join(importDir, '1', 'import.pdf'))).toBe(false);

    // Service → Importe: the run is an import batch (one per company and run) with both files
    const batches = (await ctx.inject({ method: 'GET', url: '/api/imports?source=import', headers })).json();
    expect(batches.data.every((b: { source: string }) => b.source === 'import')).toBe(true);
    expect(batches.data.reduce((n: number, b: { counts: { files: number } }) => n + b.counts.files, 0)).toBe(
      2,
    );
  });

  it('reads the folder named by Admin → Einstellungen (validated, logged) without a restart', async () => {
    const admin = bearer(await ctx.token('admin'));
    const put = (value: unknown) =>
      ctx.inject({
        method: 'PUT',
        url: '/api/settings/documents.import_folder',
        headers: admin,
        payload: { value },
      });
    const traversal = await put({ enabled: true, path: '../etc', interval_seconds: 5 });
    expect(traversal.statusCode).toBe(400);
    expect(traversal.json().errors['documents.import_folder.path'][0]).toContain('kein ..');
    const tooOften = await put({ enabled: true, path: 'eingang', interval_seconds: 1 });
    expect(tooOften.json().errors['documents.import_folder.interval_seconds'][0]).toContain('5 Sekunden');

    const ok = await put({ enabled: true, path: 'eingang', interval_seconds: 5 });
    expect(ok.statusCode).toBe(200);
    const [log] = await ctx.built.database.query<{ before: unknown; after: unknown }>(
      `select before, after from audit_logs where entity = 'setting' and entity_id = 'documents.import_folder'`,
    );
    expect(log).toEqual({
      before: { value: null },
      after: { value: { enabled: true, path: 'eingang', interval_seconds: 5 } },
    });

    mkdirSync(path.join(importDir, 'eingang', '1'), { recursive: true });
    writeFileSync(
      path.join(importDir, 'eingang', '1', 'eingang.pdf'),
      await simplePdf(['Stadt Eingangshausen', 'Schreiben 2024']),
    );
    await movedInto(
      path.join(importDir, 'eingang', '1', 'imported'),
      '_eingang.pdf',
      'Eingestellter Importordner nicht gelesen',
    );
    await ctx.inject({ method: 'DELETE', url: '/api/settings/documents.import_folder', headers: admin });
  });
});
