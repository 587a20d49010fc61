import { describe, expect, it } from 'vitest';
import { bearer, useTestApp } from './helpers';

const ctx = useTestApp();

const calc = async (query: string, user = 'leser') =>
  ctx.inject({
    method: 'GET',
    url: `/api/interestrates/calculate?${query}`,
    headers: bearer(await ctx.token(user)),
  });

describe('interest rates and default interest periods', () => {
  it('are seeded once with the values of DOMAIN.md §4', async () => {
    const headers = bearer(await ctx.token('leser'));
    const rates = await ctx.inject({ method: 'GET', url: '/api/interestrates', headers });
    expect(rates.statusCode).toBe(200);
    expect(rates.json().map((r: { valid_from: string; rate: string }) => [r.valid_from, r.rate])).toEqual([
      ['1900-01-01', '0.5'],
      ['2019-01-01', '0.15'],
    ]);
    const periods = (
      await ctx.inject({ method: 'GET', url: '/api/default_interest_periods', headers })
    ).json() as { year: number; starts_at: string }[];
    expect(periods).toHaveLength(21);
    expect(periods.find((p) => p.year === 2018)?.starts_at).toBe('2020-04-01');
    expect(periods.find((p) => p.year === 2019)?.starts_at).toBe('2021-10-01');
    expect(periods.find((p) => p.year === 2024)?.starts_at).toBe('2026-06-01');
  });

  it('lets only change-customizing-data change them', async () => {
    for (const user of ['sachbearbeitung', 'freigabe', 'leser']) {
      const res = await ctx.inject({
        method: 'POST',
        url: '/api/interestrates',
        headers: bearer(await ctx.token(user)),
        payload: { valid_from: '2030-01-01', rate: '0.1' },
      });
      expect(res.statusCode).toBe(403);
    }
    const none = await ctx.inject({
      method: 'GET',
      url: '/api/interestrates',
      headers: bearer(await ctx.token('ohne-rechte')),
    });
    expect(none.statusCode).toBe(403);
    expect((await ctx.inject({ method: 'GET', url: '/api/interestrates' })).statusCode).toBe(401);
  });

  it('creates, updates and deletes a rate, refuses duplicates and writes the audit log', async () => {
    const admin = bearer(await ctx.token('admin'));
    const created = await ctx.inject({
      method: 'POST',
      url: '/api/interestrates',
      headers: admin,
      payload: { valid_from: '2031-01-01', rate: 0.2 },
    });
    expect(created.statusCode).toBe(201);
    const rate = created.json();
    expect(rate).toMatchObject({ valid_from: '2031-01-01', rate: '0.2' });

    const dup = await ctx.inject({
      method: 'POST',
      url: '/api/interestrates',
      headers: admin,
      payload: { valid_from: '2019-01-01', rate: '0.1' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      code: 'INTEREST_RATE_EXISTS',
      error: expect.stringContaining('01.01.2019'),
    });

    const moveOnto = await ctx.inject({
      method: 'PUT',
      url: `/api/interestrates/${rate.id}`,
      headers: admin,
      payload: { valid_from: '2019-01-01', rate: '0.2' },
    });
    expect(moveOnto.statusCode).toBe(409);

    const updated = await ctx.inject({
      method: 'PUT',
      url: `/api/interestrates/${rate.id}`,
      headers: admin,
      payload: { valid_from: '2032-01-01', rate: '0.25' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ valid_from: '2032-01-01', rate: '0.25' });

    const bad = await ctx.inject({
      method: 'POST',
      url: '/api/interestrates',
      headers: admin,
      payload: { valid_from: '2033-02-30', rate: 'viel' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      valid_from: ['Kein gültiges Datum.'],
      rate: ['Zinssatz in Prozent pro Monat angeben, z. B. 0,15.'],
    });

    expect(
      (await ctx.inject({ method: 'DELETE', url: `/api/interestrates/${rate.id}`, headers: admin }))
        .statusCode,
    ).toBe(204);
    expect(
      (await ctx.inject({ method: 'DELETE', url: `/api/interestrates/${rate.id}`, headers: admin }))
        .statusCode,
    ).toBe(404);

    const logs = await ctx.built.database.query<{ action: string }>(
      `select action from audit_logs where entity = 'interest_rate' and entity_id = $1 order by id`,
      [String(rate.id)],
    );
    expect(logs.map((l) => l.action)).toEqual(['create', 'update', 'delete']);
  });

  it('creates, updates and deletes a default interest period and refuses a second one for a year', async () => {
    const admin = bearer(await ctx.token('admin'));
    const created = await ctx.inject({
      method: 'POST',
      url: '/api/default_interest_periods',
      headers: admin,
      payload: { year: 2031, starts_at: '2033-04-01' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const dup = await ctx.inject({
      method: 'POST',
      url: '/api/default_interest_periods',
      headers: admin,
      payload: { year: 2019, starts_at: '2021-04-01' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      code: 'INTEREST_PERIOD_EXISTS',
      error: expect.stringContaining('2019'),
    });

    const early = await ctx.inject({
      method: 'PUT',
      url: `/api/default_interest_periods/${id}`,
      headers: admin,
      payload: { year: 2031, starts_at: '2031-06-01' },
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors.starts_at[0]).toMatch(/frühestens nach Ablauf des Jahres 2031/);

    const updated = await ctx.inject({
      method: 'PUT',
      url: `/api/default_interest_periods/${id}`,
      headers: admin,
      payload: { year: 2031, starts_at: '2033-05-01' },
    });
    expect(updated.json()).toMatchObject({ year: 2031, starts_at: '2033-05-01' });
    expect(
      (await ctx.inject({ method: 'DELETE', url: `/api/default_interest_periods/${id}`, headers: admin }))
        .statusCode,
    ).toBe(204);
    const forbidden = await ctx.inject({
      method: 'DELETE',
      url: `/api/default_interest_periods/${id}`,
      headers: bearer(await ctx.token('sachbearbeitung')),
    });
    expect(forbidden.statusCode).toBe(403);
  });
});

describe('GET /interestrates/calculate', () => {
  it('reproduces the AEAO example: 10,000 € from 1 Apr 2018 to 3 Aug 2022 → 1,095 €', async () => {
    const res = await calc('amount=10000&startDate=2018-04-01&endDate=2022-08-03');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      base: '10000.00',
      months: 52,
      interest: '1095.00',
      kind: 'nachzahlung',
      periods: [
        { from: '2018-04-01', to: '2018-12-31', rate: '0.5', days: 270, interest: '450.00' },
        { from: '2019-01-01', to: '2022-07-31', rate: '0.15', days: 1290, interest: '645.00' },
      ],
    });
  });

  it('rounds the base down to 50 € (court record: 2,021.60 → 2,000, 3 months × 0.5 % = 30 €)', async () => {
    const res = await calc('amount=2021.60&startDate=2016-04-01&endDate=2016-07-25');
    expect(res.json()).toMatchObject({ base: '2000.00', months: 3, interest: '30.00' });
  });

  it('sets interest below 10 € to 0.00 with a note, and rounds refunds up', async () => {
    const small = (await calc('amount=1000&startDate=2020-01-01&endDate=2020-03-31')).json();
    expect(small).toMatchObject({ base: '1000.00', months: 3, interest: '0.00' });
    expect(small.note).toMatch(/weniger als 10 Euro/);
    const refund = (
      await calc('amount=-10050&startDate=2020-01-01&endDate=2020-07-31&kind=erstattung')
    ).json();
    // 10,050 × 0.15 % × 7 = 105.525 → refund rounded up to 106
    expect(refund).toMatchObject({ base: '10050.00', months: 7, interest: '106.00', kind: 'erstattung' });
  });

  it('uses the rates of the table: a changed rate changes the result', async () => {
    const admin = bearer(await ctx.token('admin'));
    const rates = (await ctx.inject({ method: 'GET', url: '/api/interestrates', headers: admin })).json();
    const current = rates.find((r: { valid_from: string }) => r.valid_from === '2019-01-01');
    const put = (rate: string) =>
      ctx.inject({
        method: 'PUT',
        url: `/api/interestrates/${current.id}`,
        headers: admin,
        payload: { valid_from: '2019-01-01', rate },
      });
    expect((await put('0.25')).statusCode).toBe(200);
    try {
      const res = (await calc('amount=10000&startDate=2020-01-01&endDate=2020-12-31')).json();
      expect(res).toMatchObject({ months: 12, interest: '300.00' });
    } finally {
      await put('0.15');
    }
    expect((await calc('amount=10000&startDate=2020-01-01&endDate=2020-12-31')).json().interest).toBe(
      '180.00',
    );
  });

  it('answers impossible input with 400 and German field messages', async () => {
    const res = await calc('amount=1.000,00&startDate=2020-02-30&endDate=2019-01-01&kind=zins');
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors as Record<string, string[]>;
    expect(Object.keys(errors).sort()).toEqual(['amount', 'kind', 'startDate']);
    expect(errors.startDate).toEqual(['Kein gültiges Datum.']);

    const reversed = await calc('amount=100&startDate=2020-02-01&endDate=2019-01-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors.endDate[0]).toMatch(/nicht vor seinem Beginn/);

    const missing = await calc('');
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['amount', 'endDate', 'startDate']);

    expect((await calc('amount=100&startDate=2020-01-01&endDate=2020-12-31', 'ohne-rechte')).statusCode).toBe(
      403,
    );
  });
});
