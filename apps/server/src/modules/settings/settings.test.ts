import { defineSetting } from '@gewst/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openTestDatabase } from '../../../test/helpers';
import type { Database } from '../../db/client';
import { AppError } from '../../http/errors';
import { type Actor, SYSTEM_ACTOR } from '../audit/service';
import * as companiesRepo from '../companies/repo';
import { createSettings, runOnce, settings } from './index';

/** A registry like the product's, with one business key per scope. */
const TEST_SETTINGS = {
  'test.threshold': defineSetting({
    scope: 'global',
    kind: 'setting',
    label: 'Schwellenwert',
    schema: z.object({
      amount: z.string().regex(/^\d+\.\d{2}$/, 'Betrag mit zwei Nachkommastellen angeben.'),
    }),
    default: { amount: '10.00' },
  }),
  'test.accounts': defineSetting({
    scope: 'company',
    kind: 'setting',
    label: 'Kontenzuordnung',
    schema: z.record(z.string(), z.string().regex(/^\d{4,8}$/, 'Kontonummer mit 4 bis 8 Ziffern angeben.')),
    default: {},
  }),
  'test.marker': defineSetting({
    scope: 'global',
    kind: 'internal',
    label: 'Markierung',
    schema: z.object({ n: z.number() }).nullable(),
    default: null,
  }),
};

const admin: Actor = { userId: null, username: 'admin', permissions: new Set(), requestId: 'req-1' };

let database: Database;
let drop: () => Promise<void>;
let companyA: number;
let companyB: number;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  const values = { legal_form: 'kapitalgesellschaft', chart_of_accounts: 'SKR03' } as const;
  companyA = (await companiesRepo.insertCompany(database.db, { name: 'A GmbH', ...values })).id;
  companyB = (await companiesRepo.insertCompany(database.db, { name: 'B GmbH', ...values })).id;
});
afterAll(() => drop());

const auditOf = (key: string) =>
  database.query<{ action: string; username: string; before: unknown; after: unknown; request_id: string }>(
    `select action, username, before, after, request_id from audit_logs where entity = 'setting' and entity_id = $1 order by id`,
    [key],
  );

describe('settings module', () => {
  it('answers the default until a value is stored, then the stored value', async () => {
    const store = createSettings(TEST_SETTINGS);
    expect(await store.get(database.db, 'test.threshold')).toEqual({ amount: '10.00' });
    expect(await store.isStored(database.db, 'test.threshold')).toBe(false);
    await store.set(database.db, admin, 'test.threshold', { amount: '25.50' });
    expect(await store.get(database.db, 'test.threshold')).toEqual({ amount: '25.50' });
    const copy = await store.get(database.db, 'test.threshold');
    copy.amount = '99.99';
    expect(await store.get(database.db, 'test.threshold')).toEqual({ amount: '25.50' });
  });

  it('refuses a value that does not fit the key’s schema with German field messages', async () => {
    const store = createSettings(TEST_SETTINGS);
    const err = await store
      .set(database.db, admin, 'test.accounts', { steueraufwand: '12' }, { companyId: companyA })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(400);
    expect((err as AppError).message).toBe('Die Einstellung „Kontenzuordnung“ ist ungültig.');
    expect((err as AppError).errors).toEqual({
      'test.accounts.steueraufwand': ['Kontonummer mit 4 bis 8 Ziffern angeben.'],
    });
    expect(await store.isStored(database.db, 'test.accounts', { companyId: companyA })).toBe(false);
  });

  it('audit-logs business settings with before and after, internal bookkeeping not', async () => {
    const store = createSettings(TEST_SETTINGS);
    await store.set(database.db, admin, 'test.threshold', { amount: '30.00' });
    await store.reset(database.db, admin, 'test.threshold');
    expect(await store.get(database.db, 'test.threshold')).toEqual({ amount: '10.00' });
    const entries = await auditOf('test.threshold');
    expect(entries.slice(-3)).toEqual([
      {
        action: 'update',
        username: 'admin',
        request_id: 'req-1',
        before: { value: { amount: '10.00' } },
        after: { value: { amount: '25.50' } },
      },
      {
        action: 'update',
        username: 'admin',
        request_id: 'req-1',
        before: { value: { amount: '25.50' } },
        after: { value: { amount: '30.00' } },
      },
      {
        action: 'reset',
        username: 'admin',
        request_id: 'req-1',
        before: { value: { amount: '30.00' } },
        after: { value: { amount: '10.00' } },
      },
    ]);
    await store.set(database.db, SYSTEM_ACTOR, 'test.marker', { n: 1 });
    expect(await auditOf('test.marker')).toEqual([]);
  });

  it('keeps one value per company for company keys and refuses a missing or stray scope', async () => {
    const store = createSettings(TEST_SETTINGS);
    await store.set(database.db, admin, 'test.accounts', { steueraufwand: '7610' }, { companyId: companyA });
    await store.set(database.db, admin, 'test.accounts', { steueraufwand: '4320' }, { companyId: companyB });
    expect(await store.get(database.db, 'test.accounts', { companyId: companyA })).toEqual({
      steueraufwand: '7610',
    });
    expect(await store.get(database.db, 'test.accounts', { companyId: companyB })).toEqual({
      steueraufwand: '4320',
    });
    const [entry] = (await auditOf('test.accounts')).filter(
      (e) => (e.after as { company_id: number }).company_id === companyB,
    );
    expect(entry?.before).toEqual({ company_id: companyB, value: {} });
    await expect(store.get(database.db, 'test.accounts')).rejects.toThrow(/company-scoped/);
    await expect(store.get(database.db, 'test.threshold', { companyId: companyA })).rejects.toThrow(
      /global-scoped/,
    );
  });

  it('lets another instance see a change on its next read (no waiting, no time-to-live)', async () => {
    // Two stores = two instances' caches on the same database.
    const instanceA = createSettings(TEST_SETTINGS);
    const instanceB = createSettings(TEST_SETTINGS);
    await instanceB.set(database.db, admin, 'test.threshold', { amount: '11.00' });
    expect(await instanceA.get(database.db, 'test.threshold')).toEqual({ amount: '11.00' });
    await instanceB.set(database.db, admin, 'test.threshold', { amount: '12.00' });
    expect(await instanceA.get(database.db, 'test.threshold')).toEqual({ amount: '12.00' });
    // A write that bypasses the module (a restore, hand-written SQL) is seen as well.
    await database.query(`update app_settings set value = '{"amount":"13.00"}' where key = 'test.threshold'`);
    expect(await instanceA.get(database.db, 'test.threshold')).toEqual({ amount: '13.00' });
    await database.query(`delete from app_settings where key = 'test.threshold'`);
    expect(await instanceA.get(database.db, 'test.threshold')).toEqual({ amount: '10.00' });
  });

  it('sees its own uncommitted write inside a transaction; others see it only after commit', async () => {
    const instanceA = createSettings(TEST_SETTINGS);
    const instanceB = createSettings(TEST_SETTINGS);
    await instanceA.set(database.db, admin, 'test.threshold', { amount: '40.00' });
    await expect(
      database.db.transaction(async (tx) => {
        await instanceA.set(tx, admin, 'test.threshold', { amount: '41.00' });
        expect(await instanceA.get(tx, 'test.threshold')).toEqual({ amount: '41.00' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await instanceA.get(database.db, 'test.threshold')).toEqual({ amount: '40.00' });
    expect(await instanceB.get(database.db, 'test.threshold')).toEqual({ amount: '40.00' });
  });

  it('stores a generated value once when several instances create it at the same time', async () => {
    const results = await Promise.all(
      [1, 2, 3].map((n) =>
        createSettings(TEST_SETTINGS).getOrCreate(database.db, 'test.marker', () => ({ n })),
      ),
    );
    expect(new Set(results.map((r) => r.n)).size).toBe(1);
  });

  it('runs a one-time seed once and marks it', async () => {
    let runs = 0;
    await Promise.all([1, 2].map(() => runOnce(database.db, 'seed.demo', async () => void runs++)));
    await runOnce(database.db, 'seed.demo', async () => void runs++);
    expect(runs).toBe(1);
    expect(await settings.get(database.db, 'seed.demo')).toMatchObject({ at: expect.any(String) });
  });

  it('drops a company’s values with the company', async () => {
    const store = createSettings(TEST_SETTINGS);
    const values = { legal_form: 'kapitalgesellschaft', chart_of_accounts: 'SKR03' } as const;
    const gone = (await companiesRepo.insertCompany(database.db, { name: 'C GmbH', ...values })).id;
    await store.set(database.db, admin, 'test.accounts', { bank: '1200' }, { companyId: gone });
    await database.query('delete from companies where id = $1', [gone]);
    expect(await store.isStored(database.db, 'test.accounts', { companyId: gone })).toBe(false);
  });
});
