import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { simplePdf } from '../../../test/documents-support';
import { bearer, type StartedTestApp, startTestApp } from '../../../test/helpers';
import { watchImportDir } from './import-folder';

/**
 * Entries of the import folder that fail before intake (issue 16): a folder named like a PDF,
 * a link whose target is gone, and a file removed between listing and reading (held there by
 * the test's hook). Each becomes a refused upload of the run's import batch with a German
 * reason, so Service → Importe and the notifications show it; all of these fail as root too.
 * The scans are called directly (no timing).
 */
let app: StartedTestApp;
afterAll(async () => {
  await app?.stop().catch(() => {});
});

const silent = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;

describe('import folder: entries that cannot be read', () => {
  it('are refused uploads of the import batch with the reason, shown in Service → Importe and the bell', async () => {
    app = await startTestApp();
    await app.built.documents.pause();
    const dir = path.join(app.dir, 'eingang');
    const company = path.join(dir, '1');
    mkdirSync(path.join(company, 'ordner.pdf'), { recursive: true });
    symlinkSync(path.join(app.dir, 'gibt-es-nicht.pdf'), path.join(company, 'verweis.pdf'));
    writeFileSync(path.join(company, 'gut.pdf'), await simplePdf(['Stadt Importhausen', 'Schreiben 2024']));
    writeFileSync(path.join(company, 'weg.pdf'), await simplePdf(['Stadt Importhausen', 'Weg 2024']));
    const watcher = await watchImportDir(
      app.built.documents.intake,
      async () => ({ dir, intervalMs: 3_600_000 }),
      silent,
      {
        // weg.pdf is removed after the scan listed it and before it reads it
        async beforeRead(file) {
          if (path.basename(file) === 'weg.pdf') rmSync(file);
        },
      },
    );
    try {
      // The first scan takes the folder and the link at once (nothing to wait for) and notes
      // the files' sizes; the second takes the files.
      await watcher.scan();
      await watcher.scan();
    } finally {
      await watcher.close();
    }

    const headers = bearer(await app.token('admin'));
    const get = (url: string) => app.inject({ method: 'GET', url, headers });
    const batches = (await get('/api/imports?source=import')).json();
    const files = [];
    for (const b of batches.data as { id: number }[])
      files.push(...(await get(`/api/imports/${b.id}`)).json().files);
    const byName = Object.fromEntries(
      files.map((f: { filename: string; result: string; reason: string | null }) => [f.filename, f]),
    );
    expect(Object.keys(byName).sort()).toEqual(['gut.pdf', 'ordner.pdf', 'verweis.pdf', 'weg.pdf']);
    expect(byName['gut.pdf']).toMatchObject({ result: 'stored' });
    expect(byName['ordner.pdf']).toMatchObject({
      result: 'refused',
      reason: '„ordner.pdf“ ist ein Ordner, keine Datei; aus dem Importordner werden nur Dateien übernommen.',
    });
    expect(byName['verweis.pdf']).toMatchObject({
      result: 'refused',
      reason:
        '„verweis.pdf“ ist eine Verknüpfung (symbolischer Link); aus dem Importordner werden nur Dateien übernommen.',
    });
    expect(byName['weg.pdf']).toMatchObject({
      result: 'refused',
      reason: '„weg.pdf“ war beim Lesen nicht mehr im Importordner (verschoben oder gelöscht).',
    });

    // the bell of whoever may upload in the company names the file and the reason
    const bell = (
      await app.inject({
        method: 'GET',
        url: '/api/notifications',
        headers: bearer(await app.token('sachbearbeitung')),
      })
    ).json() as { items: { event: string; text: string }[] };
    const refused = bell.items.filter((i) => i.event === 'refused').map((i) => i.text);
    expect(refused).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Importordner abgelehnt: „ordner\.pdf“ ist ein Ordner/),
        expect.stringMatching(/^Importordner abgelehnt: „verweis\.pdf“ ist eine Verknüpfung/),
        expect.stringMatching(/^Importordner abgelehnt: „weg\.pdf“ war beim Lesen nicht mehr/),
      ]),
    );

    // the folder and the link moved to failed/ with the reason; nothing is left to be taken again
    expect(readdirSync(company).sort()).toEqual(['failed', 'imported']);
    const failed = readdirSync(path.join(company, 'failed'));
    for (const name of ['ordner.pdf', 'verweis.pdf'])
      expect(failed.some((f) => f.endsWith(`_${name}`))).toBe(true);
    const note = failed.find((f) => f.endsWith('_ordner.pdf.txt'))!;
    expect(readFileSync(path.join(company, 'failed', note), 'utf8')).toContain('ist ein Ordner');
    expect(existsSync(path.join(company, 'weg.pdf'))).toBe(false);
  }, 120_000);
});
