import type { DocumentDetail } from '@gewst/domain';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { api, apiToken, uploadDocument } from './support/api';
import { baseUrl, openSignedIn, useBrowser } from './support/browser';

const { newContext } = useBrowser();

async function textPdf(line: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595, 842]).drawText(line, { x: 60, y: 760, size: 12, font });
  return doc.save();
}

describe('the edit lock of a document', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it('a waiting user is offered "Jetzt bearbeiten" when the holder leaves, without a reload', async () => {
    const token = await apiToken(baseUrl(), 'sachbearbeitung');
    const tag = Date.now().toString(36);
    const id = await uploadDocument(baseUrl(), token, 3, `sperre-${tag}.pdf`, await textPdf(`Sperre ${tag}`));
    cleanups.push(() => api(baseUrl(), token, 'DELETE', `/documents/${id}`));
    const holder = async () =>
      (await api<DocumentDetail>(baseUrl(), token, 'GET', `/documents/${id}`)).body.lock.locked_by
        ?.username ?? null;

    const first = await (await newContext()).newPage();
    await openSignedIn(first, `/dokumente/${id}`, 'sachbearbeitung');
    await expect.poll(holder, { timeout: 20_000 }).toBe('sachbearbeitung');

    const second = await (await newContext()).newPage();
    await openSignedIn(second, `/dokumente/${id}`, 'admin');
    await expect
      .poll(() => second.getByTestId('lock-banner').textContent(), { timeout: 20_000 })
      .toContain('Wird bearbeitet von Sven Sachbearbeiter');
    expect(await second.getByTestId('lock-free').count()).toBe(0);

    // the holder leaves; the waiting user is told, but nothing is taken behind their back
    await first.close({ runBeforeUnload: true });
    await expect.poll(() => second.getByTestId('lock-free').isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await second.getByTestId('lock-banner').count()).toBe(0);
    expect(await holder()).toBeNull();

    await second.getByRole('button', { name: 'Jetzt bearbeiten' }).click();
    await expect.poll(holder, { timeout: 10_000 }).toBe('admin');
    await expect.poll(() => second.getByTestId('lock-free').count()).toBe(0);
    expect(await second.getByText('Das Dokument ist nur lesbar geöffnet').count()).toBe(0);
  });
});
