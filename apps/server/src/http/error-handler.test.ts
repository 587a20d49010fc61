import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../../test/helpers';

const ctx = useTestApp();
let port = 0;

beforeAll(async () => {
  await ctx.built.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.built.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  ctx.built.app.server.closeAllConnections();
});

/** Sends raw bytes and reads the whole answer (the server closes the connection). */
function raw(request: Buffer | string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', () => {});
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      if (!status) reject(new Error(`keine Antwort: ${JSON.stringify(text)}`));
      resolve({ status, body: text.slice(text.indexOf('\r\n\r\n') + 4) });
    });
    socket.write(request);
    socket.setTimeout(10_000, () => socket.destroy());
  });
}

describe('errors the HTTP layer produces carry { error, code }', () => {
  it('431 for an oversized header', async () => {
    const res = await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toEqual({
      error: 'Die Kopfzeilen der Anfrage sind zu groß.',
      code: 'HEADERS_TOO_LARGE',
    });
  });

  it('400 for a raw non-ASCII request line', async () => {
    const res = await raw(
      Buffer.from('GET /api/\u00fcber HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 'utf8'),
    );
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'BAD_REQUEST' });
    expect(JSON.parse(res.body).error).toMatch(/ungültig/);
  });

  it('400 for an address that cannot be decoded', async () => {
    const res = await raw('GET /api/masterData/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ error: 'Die Adresse der Anfrage ist ungültig.', code: 'BAD_URL' });
  });

  it('413 for a JSON body over the limit', async () => {
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/companies',
      headers: { ...bearer(await ctx.token('admin')), 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(3 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'Die Anfrage ist zu groß.', code: 'PAYLOAD_TOO_LARGE' });
  });
});

describe('ids are decimal digits only', () => {
  it('refuses hex, exponent, sign and blanks in a path id instead of reading another record', async () => {
    const headers = bearer(await ctx.token('admin'));
    const ok = await ctx.inject({ method: 'GET', url: '/api/companies/1', headers });
    expect(ok.statusCode).toBe(200);
    for (const id of ['0x1', '1e0', '+1', '%201', '1.0', '0b1']) {
      const res = await ctx.inject({ method: 'GET', url: `/api/companies/${id}`, headers });
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { id: [expect.any(String)] } });
    }
    const list = await ctx.inject({ method: 'GET', url: '/api/documents?company_id=0x1', headers });
    expect(list.statusCode).toBe(400);
    expect(list.json().errors.company_id).toEqual(['Firma muss eine Zahl sein.']);
  });
});
