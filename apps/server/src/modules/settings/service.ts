import { SETTINGS, type SettingDefinition, type SettingDefinitions } from '@gewst/domain';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { validationFailed } from '../../http/errors';
import { type Actor, recordAudit, SYSTEM_ACTOR } from '../audit/service';
import * as repo from './repo';

/** Which value of a key: the installation's (default) or one company's. */
export interface SettingScopeRef {
  companyId?: number | null;
}

type Value<D extends SettingDefinitions, K extends keyof D> = z.output<D[K]['schema']>;
type Input<D extends SettingDefinitions, K extends keyof D> = z.input<D[K]['schema']>;

interface Snapshot {
  version: number;
  values: Map<string, unknown>;
}

const slot = (key: string, companyId: number | null) => `${companyId ?? ''}\u0000${key}`;

/**
 * The one way to read and write `app_settings`, for a registry of typed keys (the
 * domain's SETTINGS; tests pass their own).
 *
 * Reads are cached per database handle (the pool, or one open transaction). Before
 * answering from the cache a read fetches the table's version counter (one primary-key
 * read); a statement trigger raises it inside every writing transaction, so a write by
 * another instance, a restore or hand-written SQL is seen by the very next read, with no
 * time-to-live and no timing involved. Only when the counter moved is the (small)
 * table read again, in one statement together with the counter.
 */
export function createSettings<const D extends SettingDefinitions>(definitions: D) {
  const caches = new WeakMap<object, Snapshot>();

  function definition<K extends keyof D & string>(key: K, scope: SettingScopeRef | undefined) {
    const def = definitions[key] as SettingDefinition | undefined;
    if (!def) throw new Error(`Unknown setting ${key}`);
    const companyId = scope?.companyId ?? null;
    if ((def.scope === 'company') !== (companyId !== null)) {
      throw new Error(`Setting ${key} is ${def.scope}-scoped: company id ${companyId ?? 'missing'}`);
    }
    return { def, companyId };
  }

  function parseStored(key: string, def: SettingDefinition, raw: unknown) {
    const parsed = def.schema.safeParse(raw);
    if (!parsed.success) throw new Error(`Stored setting ${key} does not match its schema`);
    return parsed.data;
  }

  async function snapshot(db: DbOrTx): Promise<Snapshot> {
    const cached = caches.get(db);
    if (cached && cached.version === (await repo.readVersion(db))) return cached;
    const { version, rows } = await repo.readAll(db);
    const fresh = { version, values: new Map(rows.map((r) => [slot(r.key, r.company_id), r.value])) };
    caches.set(db, fresh);
    return fresh;
  }

  /** The stored value, or the key's default while nothing is stored. */
  async function get<K extends keyof D & string>(
    db: DbOrTx,
    key: K,
    scope?: SettingScopeRef,
  ): Promise<Value<D, K>> {
    const { def, companyId } = definition(key, scope);
    const raw = (await snapshot(db)).values.get(slot(key, companyId));
    // A fresh copy every time: callers may change what they get without touching the cache.
    return (
      raw === undefined ? structuredClone(def.default) : parseStored(key, def, structuredClone(raw))
    ) as Value<D, K>;
  }

  /** Whether a value is stored (rather than the default in force). */
  async function isStored<K extends keyof D & string>(db: DbOrTx, key: K, scope?: SettingScopeRef) {
    const { companyId } = definition(key, scope);
    return (await snapshot(db)).values.has(slot(key, companyId));
  }

  function validate(key: string, def: SettingDefinition, value: unknown) {
    const parsed = def.schema.safeParse(value);
    if (parsed.success) return parsed.data;
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const field = [key, ...issue.path.map(String)].join('.');
      (errors[field] ??= []).push(issue.message);
    }
    throw validationFailed(errors, `Die Einstellung „${def.label}“ ist ungültig.`);
  }

  async function audit(
    db: DbOrTx,
    actor: Actor,
    key: string,
    def: SettingDefinition,
    companyId: number | null,
    change: { action: 'update' | 'reset'; before: unknown; after: unknown },
  ) {
    // Internal bookkeeping is not a change anybody made; secrets never reach the log.
    if (def.kind !== 'setting') return;
    const scoped = (value: unknown) => (companyId === null ? { value } : { company_id: companyId, value });
    await recordAudit(db, actor, {
      action: change.action,
      entity: 'setting',
      entityId: key,
      before: scoped(change.before),
      after: scoped(change.after),
    });
  }

  /**
   * Validates and stores a value (400 with German messages when it does not fit the
   * key's schema) and, for business settings, writes the audit entry with before and
   * after in the same transaction (a savepoint when `db` is already a transaction).
   */
  async function set<K extends keyof D & string>(
    db: DbOrTx,
    actor: Actor,
    key: K,
    value: Input<D, K>,
    scope?: SettingScopeRef,
  ): Promise<Value<D, K>> {
    const { def, companyId } = definition(key, scope);
    const next = validate(key, def, value) as Value<D, K>;
    await db.transaction(async (tx) => {
      const before = await repo.findSettingForUpdate(tx, key, companyId);
      await repo.upsertSetting(tx, key, companyId, next);
      await audit(tx, actor, key, def, companyId, {
        action: 'update',
        before: before ? before.value : def.default,
        after: next,
      });
    });
    return next;
  }

  /** Removes the stored value, so the default applies again (audited like a write). */
  async function reset<K extends keyof D & string>(
    db: DbOrTx,
    actor: Actor,
    key: K,
    scope?: SettingScopeRef,
  ) {
    const { def, companyId } = definition(key, scope);
    await db.transaction(async (tx) => {
      const before = await repo.findSettingForUpdate(tx, key, companyId);
      if (!before) return;
      await repo.deleteSetting(tx, key, companyId);
      await audit(tx, actor, key, def, companyId, {
        action: 'reset',
        before: before.value,
        after: def.default,
      });
    });
  }

  /**
   * The stored value, or `create()`'s result stored now. When several instances start at
   * once, the first insert wins and everybody returns that one.
   */
  async function getOrCreate<K extends keyof D & string>(
    db: DbOrTx,
    key: K,
    create: () => Promise<Input<D, K>> | Input<D, K>,
    scope?: SettingScopeRef,
  ): Promise<NonNullable<Value<D, K>>> {
    const { def, companyId } = definition(key, scope);
    const stored = await repo.findSetting(db, key, companyId);
    if (stored) return parseStored(key, def, stored.value) as NonNullable<Value<D, K>>;
    const created = validate(key, def, await create());
    await db.transaction(async (tx) => {
      if (await repo.insertSettingIfAbsent(tx, key, companyId, created)) {
        await audit(tx, SYSTEM_ACTOR, key, def, companyId, {
          action: 'update',
          before: def.default,
          after: created,
        });
      }
    });
    const winner = await repo.findSetting(db, key, companyId);
    return parseStored(key, def, winner!.value) as NonNullable<Value<D, K>>;
  }

  return { definitions, get, isStored, set, reset, getOrCreate };
}

export type SettingsAccess<D extends SettingDefinitions> = ReturnType<typeof createSettings<D>>;

/** Every key the product knows (the domain's registry). */
export const settings = createSettings(SETTINGS);

type SeedMarkerKey = Extract<keyof typeof SETTINGS, `seed.${string}`>;

/**
 * Runs a one-time seed in a transaction unless its marker is stored, then stores the
 * marker. An advisory lock makes instances that start together run it once.
 */
export async function runOnce(db: DbOrTx, marker: SeedMarkerKey, work: (tx: DbOrTx) => Promise<void>) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${marker}))`);
    if (await settings.isStored(tx, marker)) return;
    await work(tx);
    await settings.set(tx, SYSTEM_ACTOR, marker, { at: new Date().toISOString() });
  });
}
