import { DEFAULT_EXPORT_SETTINGS, type SettingEntry } from '@gewst/domain';
import { describe, expect, it } from 'vitest';
import { bearer, useTestApp } from './helpers';

const ctx = useTestApp();

describe('Admin → Einstellungen API', () => {
  it('validates a change, logs it with before/after and applies it to the next document lock without a restart', async () => {
    const admin = bearer(await ctx.token('admin'));
    const clerk = bearer(await ctx.token('sachbearbeitung'));
    const db = ctx.built.database;
    const [company] = await db.query<{ id: number }>(`select id from companies order by id limit 1`);
    const [doc] = await db.query<{ id: number }>(
      `insert into documents (company_id, filename, sha256, size, original_path, file_path, status)
       values ($1, 'sperre.pdf', $2, 1, 'x', 'x', 'zu_pruefen') returning id`,
      [company!.id, 'e'.repeat(64)],
    );
    const lockFor = async () => {
      const res = await ctx.inject({
        method: 'POST',
        url: `/api/documents/${doc!.id}/keepLocking`,
        headers: clerk,
      });
      expect(res.statusCode).toBe(200);
      return (new Date(res.json().expires_at).getTime() - Date.now()) / 1000;
    };

    const list = await ctx.inject({ method: 'GET', url: '/api/settings', headers: admin });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual(
      expect.objectContaining({
        key: 'documents.lock_seconds',
        group: 'documents',
        value: null,
        stored: false,
      }),
    );
    const envSeconds = ctx.built.app.deps.config.documents.lockSeconds;
    expect(Math.abs((await lockFor()) - envSeconds)).toBeLessThan(60);

    const bad = await ctx.inject({
      method: 'PUT',
      url: '/api/settings/documents.lock_seconds',
      headers: admin,
      payload: { value: 5 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors['documents.lock_seconds'][0]).toContain('mindestens 60 Sekunden');
    const unknown = await ctx.inject({
      method: 'PUT',
      url: '/api/settings/gibt.es.nicht',
      headers: admin,
      payload: { value: 1 },
    });
    expect(unknown.statusCode).toBe(400);
    const reader = await ctx.inject({
      method: 'PUT',
      url: '/api/settings/documents.lock_seconds',
      headers: bearer(await ctx.token('leser')),
      payload: { value: 600 },
    });
    expect(reader.statusCode).toBe(403);

    const set = await ctx.inject({
      method: 'PUT',
      url: '/api/settings/documents.lock_seconds',
      headers: admin,
      payload: { value: 7200 },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json() as SettingEntry).toMatchObject({ value: 7200, stored: true });
    expect(Math.abs((await lockFor()) - 7200)).toBeLessThan(60);

    const reset = await ctx.inject({
      method: 'DELETE',
      url: '/api/settings/documents.lock_seconds',
      headers: admin,
    });
    expect(reset.json()).toMatchObject({ value: null, stored: false });
    expect(Math.abs((await lockFor()) - envSeconds)).toBeLessThan(60);

    const logs = await db.query<{ action: string; before: unknown; after: unknown }>(
      `select action, before, after from audit_logs where entity = 'setting' and entity_id = 'documents.lock_seconds' order by id`,
    );
    expect(logs).toEqual([
      { action: 'update', before: { value: null }, after: { value: 7200 } },
      { action: 'reset', before: { value: 7200 }, after: { value: null } },
    ]);
  });

  it('Vorgaben → rounding of the Zerlegung: refuses an unknown rule, logs the change and the next calculation uses it', async () => {
    const admin = bearer(await ctx.token('admin'));
    const db = ctx.built.database;
    // Three equal shares of 100.00 €: 33.333… each.
    const zerlegung = async (extra: Record<string, unknown> = {}) => {
      const res = await ctx.inject({
        method: 'POST',
        url: '/api/calculations/zerlegung',
        headers: bearer(await ctx.token('leser')),
        payload: {
          year: 2024,
          messbetrag: '100',
          schluessel: 'arbeitslohn',
          rechtsform: 'kapitalgesellschaft',
          zeilen: [
            { ags: '07111000', geschaeftsleitung: true, arbeitsloehne: '100000', hebesatz: 400 },
            { ags: '07211000', arbeitsloehne: '100000', hebesatz: 400 },
            { ags: '07315000', arbeitsloehne: '100000', hebesatz: 400 },
          ],
          ...extra,
        },
      });
      expect(res.statusCode).toBe(200);
      return (res.json().zeilen as { anteil: string }[]).map((z) => z.anteil);
    };
    expect(await zerlegung()).toEqual(['33.34', '33.33', '33.33']);

    const bad = await ctx.inject({
      method: 'PUT',
      url: '/api/settings/zerlegung.rundung',
      headers: admin,
      payload: { value: 'abrunden' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors['zerlegung.rundung'][0]).toContain('Bitte eine der Rundungsregeln wählen');

    const set = await ctx.inject({
      method: 'PUT',
      url: '/api/settings/zerlegung.rundung',
      headers: admin,
      payload: { value: 'half_up' },
    });
    expect(set.json()).toMatchObject({ group: 'defaults', value: 'half_up', stored: true });
    expect(await zerlegung()).toEqual(['33.33', '33.33', '33.33']);
    // A request naming its rule keeps it.
    expect(await zerlegung({ rundung: 'largest_remainder' })).toEqual(['33.34', '33.33', '33.33']);

    await ctx.inject({ method: 'DELETE', url: '/api/settings/zerlegung.rundung', headers: admin });
    expect(await zerlegung()).toEqual(['33.34', '33.33', '33.33']);
    const logs = await db.query<{ action: string; before: unknown; after: unknown }>(
      `select action, before, after from audit_logs where entity = 'setting' and entity_id = 'zerlegung.rundung' order by id`,
    );
    expect(logs).toEqual([
      { action: 'update', before: { value: 'largest_remainder' }, after: { value: 'half_up' } },
      { action: 'reset', before: { value: 'half_up' }, after: { value: 'largest_remainder' } },
    ]);
  });

  it('Je Firma → export targets: validated on the field, logged with before/after per company, reset to the default', async () => {
    const admin = bearer(await ctx.token('admin'));
    const db = ctx.built.database;
    const [a, b] = await db.query<{ id: number }>(`select id from companies order by id limit 2`);
    const url = (id: number) => `/api/companies/${id}/settings/export.targets`;
    const list = await ctx.inject({ method: 'GET', url: `/api/companies/${a!.id}/settings`, headers: admin });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual(
      expect.objectContaining({ key: 'export.targets', group: 'company', stored: false }),
    );

    const bad = await ctx.inject({
      method: 'PUT',
      url: url(a!.id),
      headers: admin,
      payload: {
        value: {
          format: 'datev',
          directory: { enabled: true, path: '../etc' },
          http: { url: 'http://erp.example.com/in', token_env: 'geheim' },
          datev_festschreibung: false,
        },
      },
    });
    expect(bad.statusCode).toBe(400);
    const errors = bad.json().errors as Record<string, string[]>;
    expect(errors['export.targets.directory.path']![0]).toContain('unterhalb von EXPORT_DIR');
    expect(errors['export.targets.http.url']![0]).toContain('https://');
    expect(errors['export.targets.http.token_env']![0]).toContain('EXPORT_TOKEN_');
    for (const [method, who, status] of [
      ['PUT', bearer(await ctx.token('leser')), 403],
      ['PUT', admin, 404],
    ] as const) {
      const res = await ctx.inject({
        method,
        url: status === 404 ? url(999_999) : url(a!.id),
        headers: who,
        payload: { value: null },
      });
      expect(res.statusCode).toBe(status);
    }
    const unknown = await ctx.inject({
      method: 'PUT',
      url: `/api/companies/${a!.id}/settings/documents.lock_seconds`,
      headers: admin,
      payload: { value: 600 },
    });
    expect(unknown.statusCode).toBe(400);

    const value = {
      format: 'csv',
      directory: { enabled: true, path: 'erp/gewst' },
      http: { url: 'https://erp.example.com/in', token_env: 'EXPORT_TOKEN_ERP' },
      datev_festschreibung: true,
    };
    const set = await ctx.inject({ method: 'PUT', url: url(a!.id), headers: admin, payload: { value } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ value, stored: true });
    const other = await ctx.inject({
      method: 'GET',
      url: `/api/companies/${b!.id}/settings`,
      headers: admin,
    });
    expect(other.json()).toContainEqual(expect.objectContaining({ key: 'export.targets', stored: false }));

    const reset = await ctx.inject({ method: 'DELETE', url: url(a!.id), headers: admin });
    expect(reset.json()).toMatchObject({ value: DEFAULT_EXPORT_SETTINGS, stored: false });
    const logs = await db.query<{ action: string; before: unknown; after: unknown }>(
      `select action, before, after from audit_logs where entity = 'setting' and entity_id = 'export.targets' order by id`,
    );
    expect(logs.slice(-2)).toEqual([
      {
        action: 'update',
        before: { company_id: a!.id, value: DEFAULT_EXPORT_SETTINGS },
        after: { company_id: a!.id, value },
      },
      {
        action: 'reset',
        before: { company_id: a!.id, value },
        after: { company_id: a!.id, value: DEFAULT_EXPORT_SETTINGS },
      },
    ]);
  });

  it('Je Firma → cost-centre rules: DATEV limits with German messages on the field, audit-logged', async () => {
    const admin = bearer(await ctx.token('admin'));
    const db = ctx.built.database;
    const [a] = await db.query<{ id: number }>(`select id from companies order by id limit 1`);
    const url = `/api/companies/${a!.id}/settings/bookings.cost_centres`;
    const bad = await ctx.inject({
      method: 'PUT',
      url,
      headers: admin,
      payload: {
        value: {
          default_kost1: 'K'.repeat(37),
          default_kost2: null,
          rules: [{ purpose: 'zinsen', ags: null, master_data_id: null, kost1: 'A"B', kost2: null }],
        },
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      'bookings.cost_centres.default_kost1': ['KOST1: höchstens 36 Zeichen (DATEV).'],
      'bookings.cost_centres.rules.0.kost1': ['KOST1: keine Anführungszeichen und keine Steuerzeichen.'],
    });
    const value = {
      default_kost1: 'GEWST',
      default_kost2: null,
      rules: [{ purpose: 'zinsen', ags: '05315000', master_data_id: null, kost1: null, kost2: 'ZINS' }],
    };
    const set = await ctx.inject({ method: 'PUT', url, headers: admin, payload: { value } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ key: 'bookings.cost_centres', group: 'company', value, stored: true });
    await ctx.inject({ method: 'DELETE', url, headers: admin });
    const logs = await db.query<{ action: string; after: unknown }>(
      `select action, after from audit_logs where entity = 'setting' and entity_id = 'bookings.cost_centres' order by id`,
    );
    expect(logs).toEqual([
      { action: 'update', after: { company_id: a!.id, value } },
      {
        action: 'reset',
        after: { company_id: a!.id, value: { default_kost1: null, default_kost2: null, rules: [] } },
      },
    ]);
  });
});
