import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BackupList } from '@gewst/domain';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { multipartFiles } from '../../../test/documents-support';
import { bearer, type StartedTestApp, type TestContext } from '../../../test/helpers';
import type { Database } from '../../db/client';
import { walkFiles } from './archive';
import { EXCLUDED_TABLES, SECRET_SETTINGS } from './manifest';
import { rowsOf } from './repo';

/**
 * Test helpers of the backup module. The fingerprints here are computed independently of
 * the backup code: PostgreSQL's own record text of every row, sorted bytewise, hashed with md5.
 */

const q = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** Per table: row count and md5 of all rows' record text. Sign-in secrets and sessions are left out. */
export async function fingerprintDatabase(database: Database): Promise<Record<string, string>> {
  return database.db.transaction(async (tx) => {
    const query = async <T>(text: string) => rowsOf<T>(tx, sql.raw(text));
    await query(`set local timezone = 'UTC'`);
    await query(`set local extra_float_digits = 1`);
    const tables = await query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by 1`,
    );
    return fingerprintTables(
      query,
      tables.map((t) => t.name),
    );
  });
}

async function fingerprintTables(
  query: <T>(text: string) => Promise<T[]>,
  tables: string[],
): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const filters: Record<string, string> = {
    app_settings: `where key not in (${SECRET_SETTINGS.map((k) => `'${k}'`).join(', ')})`,
    // the restore's own audit entry and backup bookkeeping are not data of the archive
    audit_logs: `where entity <> 'backup'`,
  };
  // users.last_login_at is left out: the restoring administrator's next request updates it.
  for (const name of tables) {
    if (EXCLUDED_TABLES.includes(name)) continue;
    const rowText = name === 'users' ? `(to_jsonb(t) - 'last_login_at')::text` : 't::text';
    const [row] = await query<{ n: string; h: string | null }>(
      `select count(*)::text as n, md5(string_agg(r, E'\\n' order by r collate "C")) as h
       from (select ${rowText} as r from public.${q(name)} t ${filters[name] ?? ''}) x`,
    );
    out[name] = `${row?.n}:${row?.h ?? '-'}`;
  }
  return out;
}

/** SHA-256 of every file under the store, by relative path. */
export async function fingerprintFiles(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const rel of await walkFiles(root)) {
    out[rel] = createHash('sha256')
      .update(readFileSync(path.join(root, rel)))
      .digest('hex');
  }
  return out;
}

export async function listBackups(ctx: TestContext): Promise<BackupList> {
  const res = await ctx.inject({
    method: 'GET',
    url: '/api/backups',
    headers: bearer(await ctx.token('admin')),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as BackupList;
}

/** Waits until no backup or restore runs in the app; returns the list then. */
export async function waitIdle(ctx: TestContext, timeoutMs = 120_000): Promise<BackupList> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const list = await listBackups(ctx);
    if (!list.running) return list;
    if (Date.now() > deadline) throw new Error(`Vorgang läuft noch: ${JSON.stringify(list.running)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const as = async (ctx: TestContext) => bearer(await ctx.token('admin'));

/** Takes a backup through the API and answers the archive's name and bytes. */
export async function backupOf(ctx: StartedTestApp): Promise<{ name: string; bytes: Buffer }> {
  const res = await ctx.inject({ method: 'POST', url: '/api/backups', headers: await as(ctx) });
  expect(res.statusCode, res.body).toBe(202);
  const { name } = res.json() as { name: string };
  const list = await waitIdle(ctx);
  expect(list.last, JSON.stringify(list.last)).toMatchObject({ name, ok: true });
  return { name, bytes: readFileSync(path.join(ctx.dir, 'backups', name)) };
}

/** Uploads the archive to the installation and restores it there through the API. */
export async function restoreInto(ctx: StartedTestApp, bytes: Buffer) {
  const mp = multipartFiles({}, [{ name: 'sicherung.tar.gz', content: bytes }]);
  const up = await ctx.inject({
    method: 'POST',
    url: '/api/backups/upload',
    headers: { ...(await as(ctx)), ...mp.headers },
    payload: mp.body,
  });
  expect(up.statusCode, up.body).toBe(201);
  expect(up.json().compatible).toBe(true);
  const res = await ctx.inject({
    method: 'POST',
    url: `/api/backups/${up.json().name}/restore`,
    headers: await as(ctx),
    payload: { confirmation: 'WIEDERHERSTELLEN' },
  });
  expect(res.statusCode, res.body).toBe(202);
  const list = await waitIdle(ctx, 300_000);
  expect(list.last, JSON.stringify(list.last)).toMatchObject({ kind: 'restore', ok: true });
  return list.last!;
}
