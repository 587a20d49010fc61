import { PDFDocument, StandardFonts } from 'pdf-lib';
import { expect } from 'vitest';
import type { TestContext } from './helpers';
import { bearer } from './helpers';

export function multipartFiles(
  fields: Record<string, string>,
  files: { name: string; content: Buffer | Uint8Array }[],
) {
  const boundary = `----gewst${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.from(f.content),
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: Buffer.concat(parts),
  };
}

export async function upload(
  ctx: TestContext,
  user: string,
  companyId: number,
  files: { name: string; content: Buffer | Uint8Array }[],
) {
  const mp = multipartFiles({ company_id: String(companyId) }, files);
  return ctx.inject({
    method: 'POST',
    url: '/api/documents',
    headers: { ...bearer(await ctx.token(user)), ...mp.headers },
    payload: mp.body,
  });
}

/** Polls the document until it leaves neu/in_verarbeitung. */
export async function waitProcessed(ctx: TestContext, id: number, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  const headers = bearer(await ctx.token('admin'));
  for (;;) {
    const res = await ctx.inject({ method: 'GET', url: `/api/documents/${id}`, headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    if (!['neu', 'in_verarbeitung'].includes(body.status)) return body;
    if (Date.now() > deadline) throw new Error(`Dokument ${id} nicht verarbeitet: ${body.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function simplePdf(lines: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  lines.forEach((l, i) => {
    page.drawText(l, { x: 60, y: 780 - i * 18, size: 11, font });
  });
  return doc.save({ useObjectStreams: false });
}

/** Adds a Standard security handler whose user password is not empty (as in the extraction tests). */
export function encrypt(bytes: Uint8Array): Uint8Array {
  const s = Buffer.from(bytes).toString('latin1');
  const hex = (n: number) => 'a7'.repeat(n);
  const dict = `/Encrypt << /Filter /Standard /V 1 /R 2 /Length 40 /O <${hex(32)}> /U <${hex(32)}> /P -44 >> /ID [<${hex(16)}> <${hex(16)}>]`;
  const out = s.replace(/trailer\s*<</, (m) => `${m} ${dict}`);
  return new Uint8Array(Buffer.from(out, 'latin1'));
}

export async function blankPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage();
  return doc.save();
}

/**
 * A document row with a real stored file, uploaded in `createdYear` with the given status
 * (the retention tests: documents of past years without running their processing).
 */
export async function storedDocument(
  ctx: TestContext,
  companyId: number,
  name: string,
  createdYear: number,
  status: string,
  bytes = name,
) {
  const file = await ctx.built.documents.store.put(new TextEncoder().encode(`%PDF-1.4 ${bytes}`));
  const [row] = await ctx.built.database.query<{ id: number }>(
    `insert into documents (company_id, filename, sha256, size, original_path, file_path, status, created_at)
     values ($1, $2, $3, 10, $4, $4, $5, $6) returning id`,
    [companyId, name, file.sha256, file.path, status, `${createdYear}-06-01T10:00:00Z`],
  );
  return { id: row!.id, path: file.path };
}
