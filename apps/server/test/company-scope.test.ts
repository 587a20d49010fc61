import { describe, expect, it } from 'vitest';
import { bearer, useTestApp } from './helpers';

const ctx = useTestApp();

/**
 * Routes that hold no company's data (reference data, calculators, the own user): a limited
 * user may call them; their answer must still not name company B.
 */
const NO_COMPANY_DATA = new Set([
  'GET /api/config',
  'GET /api/health',
  'GET /api/users',
  'GET /api/logout',
  'GET /api/companies',
  'GET /api/interestrates',
  'POST /api/interestrates',
  'GET /api/interestrates/calculate',
  'PUT /api/interestrates/{id}',
  'DELETE /api/interestrates/{id}',
  'GET /api/default_interest_periods',
  'POST /api/default_interest_periods',
  'PUT /api/default_interest_periods/{id}',
  'DELETE /api/default_interest_periods/{id}',
  'GET /api/municipalities',
  'GET /api/municipalities/{ags}',
  'POST /api/calculations/messbetrag',
  'POST /api/calculations/vorauszahlungen',
  'POST /api/calculations/abschlusszahlung',
  'POST /api/calculations/saeumniszuschlag',
  'POST /api/calculations/zerlegung',
  'POST /api/zerlegungen/wage-import',
  'GET /api/payment-years',
  'GET /api/backups/download',
  'GET /api/service/processing-status',
  'GET /api/service/processing-status/export',
  'GET /api/notifications',
  'POST /api/notifications/read',
]);

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query: string[];
}

async function operations(): Promise<Operation[]> {
  const doc = (await ctx.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
  };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([m]) => m !== 'head')
      .map(([m, op]) => ({
        method: m.toUpperCase() as Operation['method'],
        path,
        query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      })),
  );
}

describe('company-scoped access', () => {
  it('a user limited to company A gets 403/404 on every route of the OpenAPI document with the ids of company B', async () => {
    const db = ctx.built.database;
    const admin = bearer(await ctx.token('admin'));
    const companies = (await ctx.inject({ method: 'GET', url: '/api/companies', headers: admin })).json() as {
      id: number;
      name: string;
    }[];
    const [a, b] = companies as [{ id: number; name: string }, { id: number; name: string }];

    // company B's rows of every kind a route addresses
    const one = async (text: string, params: unknown[] = []) =>
      (await db.query<{ id: number }>(text, params))[0]!.id;
    const mdB = await one(
      `insert into master_data (company_id, ags, designation) values ($1, '05315000', 'B-Werk') returning id`,
      [b.id],
    );
    const mdA = await one(
      `insert into master_data (company_id, ags, designation) values ($1, '05315000', 'A-Werk') returning id`,
      [a.id],
    );
    const doc = async (companyId: number, name: string) =>
      one(
        `insert into documents (company_id, filename, sha256, size, original_path, file_path)
         values ($1, $2, $3, 1, $4, $4) returning id`,
        [companyId, name, name.padEnd(64, '0'), `ab/cd/${name}.pdf`],
      );
    const docB = await doc(b.id, 'bbbb');
    const docA = await doc(a.id, 'aaaa');
    const paymentB = await one(
      `insert into payments (company_id, master_data_id, year) values ($1, $2, 2024) returning id`,
      [b.id, mdB],
    );
    const lineB = await one(
      `insert into payment_lines (payment_id, company_id, master_data_id, year, kind, betrag, reason)
       values ($1, $2, $3, 2024, 'vorauszahlung', '100.00', 'Test') returning id`,
      [paymentB, b.id, mdB],
    );
    const zerlegungB = await one(
      `insert into zerlegungen (company_id, year) values ($1, 2024) returning id`,
      [b.id],
    );
    const sessionB = await one(
      `insert into booking_sessions (company_id, type, year, quartal) values ($1, 'vorauszahlung', 2024, 1) returning id`,
      [b.id],
    );
    const biLogB = await one(
      `insert into prepayment_bi_logs (company_id, year, quartal, session_id, count, sum)
       values ($1, 2024, 1, $2, 0, '0') returning id`,
      [b.id, sessionB],
    );

    const batchB = await one(
      `insert into import_batches (company_id, source) values ($1, 'upload') returning id`,
      [b.id],
    );

    // 'freigabe' gets every permission but only company A
    const limitedId = await one(`select id from users where username = 'freigabe'`);
    await db.query(
      `insert into user_roles (user_id, role_id) select $1, id from roles where name = 'Administration'
       on conflict do nothing`,
      [limitedId],
    );
    const set = await ctx.inject({
      method: 'PUT',
      url: `/api/users/${limitedId}/companies`,
      headers: admin,
      payload: { company_ids: [a.id] },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().company_ids).toEqual([a.id]);
    const limited = bearer(await ctx.token('freigabe'));

    // positive control: company A's data stays reachable
    expect(
      (await ctx.inject({ method: 'GET', url: `/api/documents/${docA}`, headers: limited })).statusCode,
    ).toBe(200);
    expect(
      (await ctx.inject({ method: 'GET', url: `/api/masterData/${mdA}`, headers: limited })).statusCode,
    ).toBe(200);
    const list = await ctx.inject({
      method: 'GET',
      url: `/api/documents?company_id=${a.id}`,
      headers: limited,
    });
    expect(list.statusCode).toBe(200);
    const selector = await ctx.inject({ method: 'GET', url: '/api/companies', headers: limited });
    expect(selector.json()).toEqual([expect.objectContaining({ id: a.id })]);

    const idFor = (path: string): number => {
      if (path.startsWith('/api/documents/') || path.startsWith('/api/uploadAuditTrail')) return docB;
      if (path.startsWith('/api/masterData/') || path.startsWith('/api/payments/')) return mdB;
      if (path.startsWith('/api/payment-lines/')) return lineB;
      if (path.startsWith('/api/zerlegungen/')) return zerlegungB;
      if (
        path.startsWith('/api/bookings/') ||
        path.startsWith('/api/sessionLogs/') ||
        path.startsWith('/api/archive/sessions/')
      )
        return sessionB;
      if (path.startsWith('/api/prePaymentsBiLog/')) return biLogB;
      if (path.startsWith('/api/imports/')) return batchB;
      if (path.startsWith('/api/companies/')) return b.id;
      if (path.startsWith('/api/users/')) return limitedId;
      return 999999; // reference data: an id that does not exist, so nothing is changed
    };
    const queryValue: Record<string, string> = {
      company_id: String(b.id),
      document_id: String(docB),
      path: `ab/cd/bbbb.pdf`,
      year: '2024',
      quartal: '1',
      page: '1',
      x: '0',
      y: '0',
      width: '10',
      height: '10',
      report: 'expense',
      column: 'festgesetzt',
      format: 'xlsx',
      token: 'x',
      amount: '100',
      startDate: '2024-01-01',
      endDate: '2024-12-31',
    };

    const failures: string[] = [];
    const ops = await operations();
    expect(ops.length).toBeGreaterThan(100);
    for (const op of ops) {
      const id = idFor(op.path);
      const url =
        op.path
          .replace('{id}', String(id))
          .replace('{year}', '2024')
          .replace('{file_id}', '1')
          .replace('{name}', 'gewst-backup-x.tar.gz')
          .replace('{ags}', '05315000') +
        (op.query.length
          ? `?${op.query
              .filter((q) => queryValue[q] !== undefined)
              .map((q) => `${q}=${encodeURIComponent(queryValue[q]!)}`)
              .join('&')}`
          : '');
      const key = `${op.method} ${op.path}`;
      let res;
      if (key === 'POST /api/documents') {
        const boundary = 'x-boundary';
        const body =
          `--${boundary}\r\nContent-Disposition: form-data; name="company_id"\r\n\r\n${b.id}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="b.pdf"\r\n` +
          `Content-Type: application/pdf\r\n\r\n%PDF-1.4 test\r\n--${boundary}--\r\n`;
        res = await ctx.inject({
          method: 'POST',
          url,
          headers: { ...limited, 'content-type': `multipart/form-data; boundary=${boundary}` },
          payload: body,
        });
      } else {
        res = await ctx.inject({
          method: op.method,
          url,
          headers: limited,
          ...(op.method === 'GET' ? {} : { payload: { company_id: b.id, document_id: docB } }),
        });
      }
      if (NO_COMPANY_DATA.has(key)) {
        if (res.body.includes(b.name)) failures.push(`${key} → nennt Firma B`);
        continue;
      }
      if (![403, 404].includes(res.statusCode))
        failures.push(`${key} → ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);

    // company B's rows are untouched
    const [still] = await db.query<{ n: number }>(
      `select count(*)::int as n from documents where id = $1 and deleted_at is null`,
      [docB],
    );
    expect(still!.n).toBe(1);

    // an empty list: nothing to select, every company route refused with the reason
    await ctx.inject({
      method: 'PUT',
      url: `/api/users/${limitedId}/companies`,
      headers: admin,
      payload: { company_ids: [] },
    });
    expect((await ctx.inject({ method: 'GET', url: '/api/companies', headers: limited })).json()).toEqual([]);
    const none = await ctx.inject({
      method: 'GET',
      url: `/api/documents?company_id=${a.id}`,
      headers: limited,
    });
    expect(none.statusCode).toBe(403);
    expect(none.json()).toMatchObject({
      code: 'NO_COMPANY_ACCESS',
      error: expect.stringContaining('keine Firma'),
    });
    const me = await ctx.inject({ method: 'GET', url: '/api/users', headers: limited });
    expect(me.json().company_ids).toEqual([]);

    // unknown companies are refused; the change is in the audit log with before/after
    const bad = await ctx.inject({
      method: 'PUT',
      url: `/api/users/${limitedId}/companies`,
      headers: admin,
      payload: { company_ids: [999999] },
    });
    expect(bad.statusCode).toBe(400);
    const logs = await db.query<{ before: unknown; after: unknown }>(
      `select before, after from audit_logs where action = 'set-companies' order by id`,
    );
    expect(logs.map((l) => [l.before, l.after])).toEqual([
      [{ company_ids: null }, { company_ids: [a.id] }],
      [{ company_ids: [a.id] }, { company_ids: [] }],
    ]);
  });
});
