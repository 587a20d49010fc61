import { describe, expect, it } from 'vitest';
import { bearer, useTestApp } from './helpers';

const ctx = useTestApp();

interface Operation {
  method: string;
  path: string;
  permission: string | undefined;
}

async function operations(): Promise<Operation[]> {
  const res = await ctx.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  const doc = res.json() as {
    paths: Record<string, Record<string, { 'x-permission'?: string; security?: unknown }>>;
  };
  const ops: Operation[] = [];
  for (const [p, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (method === 'head') continue;
      ops.push({ method: method.toUpperCase(), path: p, permission: op['x-permission'] });
    }
  }
  return ops;
}

const concrete = (p: string) => p.replace(/\{[^}]+\}/g, '1');

describe('every route in the OpenAPI document', () => {
  it('is documented with its permission', async () => {
    const ops = await operations();
    expect(ops.length).toBeGreaterThan(10);
    const publicOps = ops.filter((o) => !o.permission).map((o) => `${o.method} ${o.path}`);
    // the backup download is authorised by its signed, expiring link (POST /backups/{name}/link)
    expect(publicOps.sort()).toEqual(['GET /api/backups/download', 'GET /api/config', 'GET /api/health']);
  });

  it('answers 401 without a token, 403 without the permission and neither with it', async () => {
    const ops = (await operations()).filter((o) => o.permission);
    const admin = await ctx.token('admin');
    const none = await ctx.token('ohne-rechte');
    const failures: string[] = [];
    for (const op of ops) {
      const url = concrete(op.path);
      const method = op.method as 'GET' | 'POST' | 'PUT' | 'DELETE';
      const anon = await ctx.inject({ method, url });
      if (anon.statusCode !== 401) failures.push(`${op.method} ${op.path} ohne Token → ${anon.statusCode}`);
      const lacking = await ctx.inject({ method, url, headers: bearer(none) });
      const expected = op.permission === 'authenticated' ? [200, 204, 400, 404] : [403];
      if (!expected.includes(lacking.statusCode))
        failures.push(`${op.method} ${op.path} ohne Recht → ${lacking.statusCode}`);
      if (op.permission !== 'authenticated' && lacking.statusCode === 403) {
        expect(lacking.json()).toMatchObject({
          code: 'FORBIDDEN',
          error: expect.stringContaining('Berechtigung'),
        });
      }
      // DELETE of id 1 with full rights would really delete: probe with an id that does not exist.
      const allowedUrl = method === 'DELETE' ? url.replace(/\/1$/, '/999999') : url;
      const allowed = await ctx.inject({ method, url: allowedUrl, headers: bearer(admin) });
      if ([401, 403].includes(allowed.statusCode) || allowed.statusCode >= 500) {
        failures.push(`${op.method} ${op.path} mit Recht → ${allowed.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers malformed input on every route with a German 4xx body, never a 500', async () => {
    const admin = bearer(await ctx.token('admin'));
    const junkQuery =
      '?page=99999999999&per_page=abc&company_id=2147483648&year=99999&from=0000-01-01&to=9999-12-31&dueDate=9999-99-99&search=%00';
    const failures: string[] = [];
    for (const op of (await operations()).filter((o) => o.permission)) {
      const method = op.method as 'GET' | 'POST' | 'PUT' | 'DELETE';
      // ids beyond the database's integer range, and ids that are no numbers at all
      const ids = op.path.includes('{') ? ['2147483648', 'abc'] : [null];
      for (const id of ids) {
        if (id === null && method === 'DELETE') continue;
        const url = id === null ? op.path : op.path.replace(/\{[^}]+\}/g, id);
        const probes = method === 'GET' ? [`${url}${junkQuery}`, url] : [url];
        for (const probe of probes) {
          const res = await ctx.inject({
            method,
            url: probe,
            headers: admin,
            ...(method === 'POST' || method === 'PUT' ? { payload: {} } : {}),
          });
          if (res.statusCode < 400) continue;
          const body = res.headers['content-type']?.toString().includes('json') ? res.json() : null;
          if (res.statusCode >= 500 || typeof body?.error !== 'string' || typeof body?.code !== 'string')
            failures.push(`${method} ${probe} → ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
