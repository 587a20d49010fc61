import { describe, expect, it } from 'vitest';
import { bearer, useTestApp } from './helpers';

const ctx = useTestApp();
const valid = {
  name: 'Testwerk GmbH',
  main_color: '#abc',
  legal_form: 'kapitalgesellschaft',
  chart_of_accounts: 'SKR04',
};

describe('companies', () => {
  it('lists the three demo companies with distinct colours', async () => {
    const res = await ctx.inject({
      method: 'GET',
      url: '/api/companies',
      headers: bearer(await ctx.token('leser')),
    });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { main_color: string }[];
    expect(list).toHaveLength(3);
    expect(new Set(list.map((c) => c.main_color)).size).toBe(3);
  });

  it('creates, reads, updates and deletes a company, each change in the audit log', async () => {
    const admin = bearer(await ctx.token('admin'));
    const created = await ctx.inject({
      method: 'POST',
      url: '/api/companies',
      headers: admin,
      payload: valid,
    });
    expect(created.statusCode).toBe(201);
    const company = created.json();
    expect(company).toMatchObject({ name: 'Testwerk GmbH', main_color: '#abc', steuernummer: null });

    const read = await ctx.inject({ method: 'GET', url: `/api/companies/${company.id}`, headers: admin });
    expect(read.json().name).toBe('Testwerk GmbH');

    const updated = await ctx.inject({
      method: 'PUT',
      url: `/api/companies/${company.id}`,
      headers: admin,
      payload: { ...valid, name: 'Testwerk AG', main_color: '#12AB9f', steuernummer: ' 12/345/67890 ' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      name: 'Testwerk AG',
      main_color: '#12AB9f',
      steuernummer: '12/345/67890',
    });

    const deleted = await ctx.inject({
      method: 'DELETE',
      url: `/api/companies/${company.id}`,
      headers: admin,
    });
    expect(deleted.statusCode).toBe(204);
    expect(
      (await ctx.inject({ method: 'GET', url: `/api/companies/${company.id}`, headers: admin })).statusCode,
    ).toBe(404);

    const logs = await ctx.inject({
      method: 'GET',
      url: `/api/logs?entity=company&per_page=50`,
      headers: admin,
    });
    expect(logs.statusCode).toBe(200);
    const entries = (
      logs.json().data as {
        action: string;
        entity_id: string;
        before: unknown;
        after: unknown;
        username: string;
        request_id: string;
      }[]
    ).filter((e) => e.entity_id === String(company.id));
    expect(entries.map((e) => e.action).sort()).toEqual(['create', 'delete', 'update']);
    const update = entries.find((e) => e.action === 'update')!;
    expect(update).toMatchObject({
      username: 'admin',
      before: { name: 'Testwerk GmbH' },
      after: { name: 'Testwerk AG' },
    });
    expect(update.request_id).toBeTruthy();
  });

  it('refuses an invalid colour with a German field message', async () => {
    const admin = bearer(await ctx.token('admin'));
    for (const main_color of ['#12', 'rot', '#1234567', '']) {
      const res = await ctx.inject({
        method: 'POST',
        url: '/api/companies',
        headers: admin,
        payload: { ...valid, main_color },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', error: 'Die Eingaben sind ungültig.' });
      expect(res.json().errors.main_color[0]).toMatch(/Hex-Farbe mit 3 oder 6 Stellen/);
    }
  });

  it('validates the other fields with German messages', async () => {
    const admin = bearer(await ctx.token('admin'));
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/companies',
      headers: admin,
      payload: {
        name: '',
        main_color: '#fff',
        legal_form: 'gmbh',
        ags_geschaeftsleitung: '123',
        chart_of_accounts: 'SKR99',
      },
    });
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors;
    expect(errors.name[0]).toBe('Bitte einen Namen angeben.');
    expect(errors.legal_form[0]).toBe('Unbekannte Rechtsform.');
    expect(errors.chart_of_accounts[0]).toMatch(/SKR03 oder SKR04/);
    expect(errors.ags_geschaeftsleitung[0]).toMatch(/8 Ziffern/);
  });

  it('answers malformed JSON and unknown ids with clear messages', async () => {
    const admin = bearer(await ctx.token('admin'));
    const bad = await ctx.inject({
      method: 'POST',
      url: '/api/companies',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('INVALID_BODY');
    const missing = await ctx.inject({ method: 'GET', url: '/api/companies/424242', headers: admin });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Die Firma wurde nicht gefunden.', code: 'NOT_FOUND' });
    const notNumeric = await ctx.inject({ method: 'GET', url: '/api/companies/abc', headers: admin });
    expect(notNumeric.statusCode).toBe(400);
    expect(notNumeric.json().errors.id[0]).toBe('Die ID muss eine Zahl sein.');
  });

  it('answers values the database refuses with a German 400, never a 500', async () => {
    const admin = bearer(await ctx.token('admin'));
    // beyond the range of the id column
    const huge = await ctx.inject({ method: 'GET', url: '/api/companies/2147483648', headers: admin });
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      error: expect.stringMatching(/ungültig/),
    });
    // PostgreSQL text cannot hold a NUL byte
    const nul = await ctx.inject({
      method: 'POST',
      url: '/api/companies',
      headers: admin,
      payload: { ...valid, name: 'Null\u0000Byte GmbH' },
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().code).toBe('VALIDATION_FAILED');
  });

  it('refuses to delete a company that still has data', async () => {
    const admin = bearer(await ctx.token('admin'));
    const company = (
      await ctx.inject({ method: 'POST', url: '/api/companies', headers: admin, payload: valid })
    ).json();
    // Any table that references companies (as every feature table does) blocks the delete.
    await ctx.built.database.query(
      'create table test_company_refs (id serial primary key, company_id integer not null references companies(id) on delete restrict)',
    );
    await ctx.built.database.query('insert into test_company_refs (company_id) values ($1)', [company.id]);
    const res = await ctx.inject({ method: 'DELETE', url: `/api/companies/${company.id}`, headers: admin });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'COMPANY_HAS_DATA',
      error: expect.stringContaining('zugehörige Daten'),
    });
    expect(
      (await ctx.inject({ method: 'GET', url: `/api/companies/${company.id}`, headers: admin })).statusCode,
    ).toBe(200);
    await ctx.built.database.query('drop table test_company_refs');
  });

  it('lets Sachbearbeitung read but not create companies', async () => {
    const sb = bearer(await ctx.token('sachbearbeitung'));
    expect((await ctx.inject({ method: 'GET', url: '/api/companies', headers: sb })).statusCode).toBe(200);
    const res = await ctx.inject({ method: 'POST', url: '/api/companies', headers: sb, payload: valid });
    expect(res.statusCode).toBe(403);
  });
});
