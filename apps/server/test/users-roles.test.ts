import { describe, expect, it } from 'vitest';
import { bearer, useTestApp } from './helpers';

const ctx = useTestApp();

describe('users and roles', () => {
  it('returns the current user with roles and the de-duplicated permission union', async () => {
    const res = await ctx.inject({
      method: 'GET',
      url: '/api/users',
      headers: bearer(await ctx.token('sachbearbeitung')),
    });
    expect(res.statusCode).toBe(200);
    const user = res.json();
    expect(user.username).toBe('sachbearbeitung');
    expect(user.roles.map((r: { name: string }) => r.name)).toEqual(['Sachbearbeitung']);
    expect(user.permissions).toEqual(['read-data', 'read-all-data', 'add-payment-data', 'change-masterdata']);
  });

  it('unions permissions of several roles without duplicates and applies changes at once', async () => {
    const admin = bearer(await ctx.token('admin'));
    const users = (await ctx.inject({ method: 'GET', url: '/api/users/getAll', headers: admin })).json() as {
      id: number;
      username: string;
    }[];
    const roles = (await ctx.inject({ method: 'GET', url: '/api/roles', headers: admin })).json() as {
      id: number;
      name: string;
    }[];
    const leser = users.find((u) => u.username === 'leser')!;
    const roleId = (name: string) => roles.find((r) => r.name === name)!.id;

    const assigned = await ctx.inject({
      method: 'PUT',
      url: `/api/users/${leser.id}/roles`,
      headers: admin,
      payload: { role_ids: [roleId('Lesen'), roleId('Freigabe'), roleId('Lesen')] },
    });
    expect(assigned.statusCode).toBe(200);
    expect(
      assigned
        .json()
        .roles.map((r: { name: string }) => r.name)
        .sort(),
    ).toEqual(['Freigabe', 'Lesen']);

    const leserToken = bearer(await ctx.token('leser'));
    const me = (await ctx.inject({ method: 'GET', url: '/api/users', headers: leserToken })).json();
    expect(me.permissions).toEqual([
      'read-data',
      'read-all-data',
      'close-bi-sessions-generate-reports',
      'approve-bi-sessions',
    ]);

    // Removing every role takes effect on the next request with the same token.
    await ctx.inject({
      method: 'PUT',
      url: `/api/users/${leser.id}/roles`,
      headers: admin,
      payload: { role_ids: [] },
    });
    const after = (await ctx.inject({ method: 'GET', url: '/api/users', headers: leserToken })).json();
    expect(after.permissions).toEqual([]);
    expect((await ctx.inject({ method: 'GET', url: '/api/companies', headers: leserToken })).statusCode).toBe(
      403,
    );

    const unknown = await ctx.inject({
      method: 'PUT',
      url: `/api/users/${leser.id}/roles`,
      headers: admin,
      payload: { role_ids: [9999] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.role_ids[0]).toMatch(/Unbekannte Rolle/);

    const logs = (await ctx.inject({ method: 'GET', url: '/api/logs?entity=user', headers: admin })).json();
    expect(
      logs.data.some(
        (e: { action: string; after: { roles: string[] } }) =>
          e.action === 'assign-roles' && e.after.roles.length === 0,
      ),
    ).toBe(true);
  });

  it('creates, renames and deletes roles with validation and duplicate refusal', async () => {
    const admin = bearer(await ctx.token('admin'));
    const created = await ctx.inject({
      method: 'POST',
      url: '/api/roles',
      headers: admin,
      payload: {
        name: 'Prüfung',
        description: 'Betriebsprüfer',
        permissions: ['read-data', 'read-data', 'read-all-data'],
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().permissions.map((p: { name: string }) => p.name)).toEqual([
      'read-data',
      'read-all-data',
    ]);
    const id = created.json().id;

    const dup = await ctx.inject({
      method: 'POST',
      url: '/api/roles',
      headers: admin,
      payload: { name: 'Prüfung', permissions: [] },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toContain('gibt es bereits');

    const bad = await ctx.inject({
      method: 'POST',
      url: '/api/roles',
      headers: admin,
      payload: { name: ' ', permissions: ['fly'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.name[0]).toBe('Bitte einen Rollennamen angeben.');
    expect(bad.json().errors['permissions.0'][0]).toBe('Unbekanntes Recht.');

    const renamed = await ctx.inject({
      method: 'PUT',
      url: `/api/roles/${id}`,
      headers: admin,
      payload: { name: 'Revision', permissions: ['read-data'] },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'Revision',
      description: null,
      permissions: [{ name: 'read-data', label: 'Daten lesen' }],
    });

    expect((await ctx.inject({ method: 'DELETE', url: `/api/roles/${id}`, headers: admin })).statusCode).toBe(
      204,
    );
    expect((await ctx.inject({ method: 'DELETE', url: `/api/roles/${id}`, headers: admin })).statusCode).toBe(
      404,
    );
  });

  it('refuses changes that would leave nobody able to manage users and roles', async () => {
    const admin = bearer(await ctx.token('admin'));
    const users = (await ctx.inject({ method: 'GET', url: '/api/users/getAll', headers: admin })).json() as {
      id: number;
      username: string;
      roles: { id: number; name: string }[];
    }[];
    const roles = (await ctx.inject({ method: 'GET', url: '/api/roles', headers: admin })).json() as {
      id: number;
      name: string;
      permissions: { name: string }[];
    }[];
    const adminRole = roles.find((r) => r.name === 'Administration')!;
    const holders = users.filter((u) => u.roles.some((r) => r.id === adminRole.id));
    expect(holders.map((u) => u.username)).toEqual(['admin']);
    const me = holders[0]!;
    const lastAdmin = (res: { statusCode: number; json: () => { code: string; error: string } }) => {
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('LAST_USER_ADMIN');
      expect(res.json().error).toContain('niemand mehr Benutzer und Rollen verwalten');
    };

    // The only administrator removes their own role, deletes the role, or strips its permission.
    lastAdmin(
      await ctx.inject({
        method: 'PUT',
        url: `/api/users/${me.id}/roles`,
        headers: admin,
        payload: { role_ids: [] },
      }),
    );
    lastAdmin(await ctx.inject({ method: 'DELETE', url: `/api/roles/${adminRole.id}`, headers: admin }));
    lastAdmin(
      await ctx.inject({
        method: 'PUT',
        url: `/api/roles/${adminRole.id}`,
        headers: admin,
        payload: { name: adminRole.name, permissions: ['read-data', 'read-all-data'] },
      }),
    );
    // Nothing changed: the administrator still holds the role with all its permissions.
    const after = (await ctx.inject({ method: 'GET', url: '/api/users', headers: admin })).json();
    expect(after.roles.map((r: { name: string }) => r.name)).toContain('Administration');
    expect(after.permissions).toContain('change-permissions-of-user');

    // With a second administrator the first may step down.
    const leser = users.find((u) => u.username === 'leser')!;
    const give = await ctx.inject({
      method: 'PUT',
      url: `/api/users/${leser.id}/roles`,
      headers: admin,
      payload: { role_ids: [...leser.roles.map((r) => r.id), adminRole.id] },
    });
    expect(give.statusCode).toBe(200);
    const stepDown = await ctx.inject({
      method: 'PUT',
      url: `/api/users/${me.id}/roles`,
      headers: admin,
      payload: { role_ids: [] },
    });
    expect(stepDown.statusCode).toBe(200);
    // Restore for the other tests of this file.
    const leserAdmin = bearer(await ctx.token('leser'));
    expect(
      (
        await ctx.inject({
          method: 'PUT',
          url: `/api/users/${me.id}/roles`,
          headers: leserAdmin,
          payload: { role_ids: [adminRole.id] },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await ctx.inject({
          method: 'PUT',
          url: `/api/users/${leser.id}/roles`,
          headers: admin,
          payload: { role_ids: leser.roles.map((r) => r.id) },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('lists all permissions with German labels', async () => {
    const res = await ctx.inject({
      method: 'GET',
      url: '/api/permissions',
      headers: bearer(await ctx.token('admin')),
    });
    expect(res.json()).toHaveLength(10);
    expect(res.json()[0]).toMatchObject({ name: 'read-data', label: 'Daten lesen' });
  });

  it('records sign-out and names the end-session address', async () => {
    const res = await ctx.inject({
      method: 'GET',
      url: '/api/logout',
      headers: bearer(await ctx.token('freigabe')),
    });
    expect(res.json()).toEqual({ end_session_url: 'http://localhost:3000/idp/session/end' });
  });

  it('filters the audit log by user and date and pages it', async () => {
    const admin = bearer(await ctx.token('admin'));
    const today = new Date().toISOString().slice(0, 10);
    const all = (
      await ctx.inject({
        method: 'GET',
        url: `/api/logs?from=${today}&to=${today}&per_page=2`,
        headers: admin,
      })
    ).json();
    expect(all.meta).toMatchObject({ page: 1, per_page: 2 });
    expect(all.meta.total).toBeGreaterThan(2);
    expect(all.data).toHaveLength(2);
    const none = (await ctx.inject({ method: 'GET', url: '/api/logs?to=2000-01-01', headers: admin })).json();
    expect(none.meta.total).toBe(0);
    const bad = await ctx.inject({
      method: 'GET',
      url: '/api/logs?from=21.11.2026&per_page=1000',
      headers: admin,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['from', 'per_page']);
  });

  it('accepts the outermost valid dates of the log filter without failing', async () => {
    const admin = bearer(await ctx.token('admin'));
    const whole = await ctx.inject({
      method: 'GET',
      url: '/api/logs?from=0000-01-01&to=9999-12-31&per_page=1',
      headers: admin,
    });
    expect(whole.statusCode).toBe(200);
    const all = (await ctx.inject({ method: 'GET', url: '/api/logs?per_page=1', headers: admin })).json();
    expect(whole.json().meta.total).toBe(all.meta.total);
    const before = await ctx.inject({ method: 'GET', url: '/api/logs?to=0000-01-01', headers: admin });
    expect(before.statusCode).toBe(200);
    expect(before.json().meta.total).toBe(0);
  });

  it('refuses role ids beyond the id range with a German 400 instead of a 500', async () => {
    const admin = bearer(await ctx.token('admin'));
    const me = (await ctx.inject({ method: 'GET', url: '/api/users', headers: admin })).json();
    const res = await ctx.inject({
      method: 'PUT',
      url: `/api/users/${me.id}/roles`,
      headers: admin,
      payload: { role_ids: [2147483648] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().errors['role_ids.0']).toEqual(['Die ID darf höchstens 2147483647 sein.']);
  });
});

describe('first sign-in without demo data', () => {
  const fresh = useTestApp({ DEMO_DATA: 'never', ADMIN_USERNAMES: 'leser' });

  it('creates users on first sign-in; named administrators get the Administration role', async () => {
    const leser = (
      await fresh.inject({ method: 'GET', url: '/api/users', headers: bearer(await fresh.token('leser')) })
    ).json();
    expect(leser.roles.map((r: { name: string }) => r.name)).toEqual(['Administration']);
    const other = (
      await fresh.inject({
        method: 'GET',
        url: '/api/users',
        headers: { ...bearer(await fresh.token('freigabe')), 'x-request-id': 'erstanmeldung-0001' },
      })
    ).json();
    expect(other).toMatchObject({
      username: 'freigabe',
      name: 'Frieda Freigabe',
      roles: [],
      permissions: [],
    });
    const companies = await fresh.inject({
      method: 'GET',
      url: '/api/companies',
      headers: bearer(await fresh.token('leser')),
    });
    expect(companies.json()).toEqual([]);
    const logs = await fresh.inject({
      method: 'GET',
      url: `/api/logs?entity=user&user_id=${other.id}`,
      headers: bearer(await fresh.token('leser')),
    });
    expect(logs.json().data).toContainEqual(
      expect.objectContaining({
        action: 'first-sign-in',
        username: 'freigabe',
        request_id: 'erstanmeldung-0001',
      }),
    );
  });
});
