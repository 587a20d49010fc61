import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { multipartFiles } from '../../../test/documents-support';
import { bearer, useTestApp } from '../../../test/helpers';
import { loadConfig } from '../../config';
import { nextRunAfter } from './schedule';
import { createBackupService } from './service';
import { listBackups, waitIdle } from './test-support';

const ctx = useTestApp({ BACKUP_TIME: 'aus' });
const admin = async () => bearer(await ctx.token('admin'));
const tmp = mkdtempSync(path.join(os.tmpdir(), 'gewst-backup-api-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function createBackup(): Promise<string> {
  const res = await ctx.inject({ method: 'POST', url: '/api/backups', headers: await admin() });
  expect(res.statusCode, res.body).toBe(202);
  const { name } = res.json() as { name: string };
  const list = await waitIdle(ctx);
  expect(list.last).toMatchObject({ kind: 'backup', name, ok: true });
  return name;
}

async function download(name: string): Promise<Buffer> {
  const res = await ctx.inject({
    method: 'GET',
    url: `/api/backups/${name}/download`,
    headers: await admin(),
  });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toBe('application/gzip');
  expect(res.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
  return res.rawPayload;
}

async function uploadArchive(bytes: Buffer, filename = 'sicherung.tar.gz') {
  const mp = multipartFiles({}, [{ name: filename, content: bytes }]);
  return ctx.inject({
    method: 'POST',
    url: '/api/backups/upload',
    headers: { ...(await admin()), ...mp.headers },
    payload: mp.body,
  });
}

describe('Admin → Backup API', () => {
  let name = '';
  let archive: Buffer = Buffer.alloc(0);

  it('needs change-permissions-of-user', async () => {
    for (const user of ['leser', 'sachbearbeitung', 'freigabe']) {
      const res = await ctx.inject({
        method: 'GET',
        url: '/api/backups',
        headers: bearer(await ctx.token(user)),
      });
      expect(res.statusCode, user).toBe(403);
      const post = await ctx.inject({
        method: 'POST',
        url: '/api/backups',
        headers: bearer(await ctx.token(user)),
      });
      expect(post.statusCode, user).toBe(403);
    }
  });

  it('creates a backup that is listed with size, date and schema version', async () => {
    const empty = await listBackups(ctx);
    expect(empty.data).toEqual([]);
    expect(empty.schedule).toMatchObject({ daily_at: null, keep: 7, next_at: null });
    name = await createBackup();
    expect(name).toMatch(/^gewst-backup-\d{8}-\d{6}-\d{3}-manuell\.tar\.gz$/);
    const list = await listBackups(ctx);
    expect(list.data).toHaveLength(1);
    const item = list.data[0]!;
    expect(item).toMatchObject({
      name,
      kind: 'manuell',
      created_by: 'admin',
      compatible: true,
      problem: null,
      schema_version: list.schema_version,
      database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
    });
    expect(item.size).toBeGreaterThan(1000);
    expect(item.rows).toBeGreaterThan(10_000); // municipalities and rates are data, too
    expect(Date.parse(item.created_at)).toBeGreaterThan(Date.now() - 120_000);
    expect(list.schema_version).toMatch(/^\d{4}_/);
  });

  it('downloads an archive that tar reads, with a manifest whose checksums hold', async () => {
    archive = await download(name);
    const file = path.join(tmp, name);
    writeFileSync(file, archive);
    // an independent reader: GNU tar
    const entries = execFileSync('tar', ['-tzf', file], { encoding: 'utf8' }).trim().split('\n');
    expect(entries[0]).toBe('manifest.json');
    expect(entries).toContain('db/documents.jsonl');
    expect(entries).toContain('db/municipalities.jsonl');
    expect(entries).not.toContain('db/oidc_payloads.jsonl');
    const out = path.join(tmp, 'x');
    execFileSync('mkdir', ['-p', out]);
    execFileSync('tar', ['-xzf', file, '-C', out]);
    const manifest = JSON.parse(readFileSync(path.join(out, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({
      format: 'gewst-desk-backup',
      format_version: 1,
      consistency: 'snapshot',
    });
    expect(manifest.schema.migrations.length).toBeGreaterThan(5);
    expect(manifest.excluded.tables).toEqual([
      'oidc_payloads',
      'app_settings_version',
      'zerlegung_inputs_version',
      'report_sums',
    ]);
    for (const t of manifest.tables as { name: string; rows: number; sha256: string }[]) {
      const body = readFileSync(path.join(out, 'db', `${t.name}.jsonl`));
      expect(createHash('sha256').update(body).digest('hex'), t.name).toBe(t.sha256);
      expect(body.toString('utf8').split('\n').filter(Boolean)).toHaveLength(t.rows);
    }
    const companies = readFileSync(path.join(out, 'db', 'companies.jsonl'), 'utf8');
    expect(companies).toContain('Nordlicht');
  });

  it('never contains the sign-in secrets of the embedded provider', async () => {
    const rows = await ctx.built.database.query<{ key: string; value: unknown }>(
      `select key, value from app_settings where key like 'oidc.%'`,
    );
    expect(rows.map((r) => r.key).sort()).toEqual(['oidc.cookie_keys', 'oidc.signing_key']);
    const text = gunzipSync(archive).toString('latin1');
    const signing = rows.find((r) => r.key === 'oidc.signing_key')!.value as { d: string; p: string };
    const cookies = rows.find((r) => r.key === 'oidc.cookie_keys')!.value as string[];
    expect(text).not.toContain(signing.d);
    expect(text).not.toContain(signing.p);
    for (const c of cookies) expect(text).not.toContain(c);
    const settingsRows = readFileSync(path.join(tmp, 'x', 'db', 'app_settings.jsonl'), 'utf8');
    expect(settingsRows).toContain('seed.roles');
    expect(settingsRows).not.toContain('oidc.signing_key');
    expect(settingsRows).not.toContain('oidc.cookie_keys');
    // sessions and refresh tokens of signed-in users
    const payloads = await ctx.built.database.query<{ id: string }>(`select id from oidc_payloads limit 5`);
    expect(payloads.length).toBeGreaterThan(0);
    for (const p of payloads) expect(text).not.toContain(p.id);
  });

  it('refuses a restore without the typed confirmation', async () => {
    for (const confirmation of [undefined, '', 'ja', 'wiederherstellen']) {
      const res = await ctx.inject({
        method: 'POST',
        url: `/api/backups/${name}/restore`,
        headers: await admin(),
        payload: confirmation === undefined ? {} : { confirmation },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.confirmation[0]).toContain('WIEDERHERSTELLEN');
    }
  });

  it('rejects names that are not archives of ours (no path traversal)', async () => {
    for (const bad of ['..%2F..%2Fetc%2Fpasswd', 'gewst-backup-x.tar.gz', 'manifest.json']) {
      const res = await ctx.inject({
        method: 'GET',
        url: `/api/backups/${bad}/download`,
        headers: await admin(),
      });
      expect(res.statusCode, bad).toBe(400);
    }
    const missing = await ctx.inject({
      method: 'GET',
      url: '/api/backups/gewst-backup-20990101-000000-000-manuell.tar.gz/download',
      headers: await admin(),
    });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses an archive of another schema version with a clear German message', async () => {
    const dir = path.join(tmp, 'x');
    const manifestFile = path.join(dir, 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    manifest.schema.migrations.push({ tag: '9999_future', hash: 'f'.repeat(64) });
    manifest.schema.version = '9999_future';
    writeFileSync(manifestFile, JSON.stringify(manifest));
    const future = path.join(tmp, 'future.tar.gz');
    execFileSync('tar', ['-czf', future, '-C', dir, 'manifest.json', 'db', 'files']);
    const up = await uploadArchive(readFileSync(future), 'future.tar.gz');
    expect(up.statusCode, up.body).toBe(201);
    const uploaded = up.json();
    expect(uploaded).toMatchObject({ kind: 'hochgeladen', compatible: false, schema_version: '9999_future' });
    expect(uploaded.problem).toContain('9999_future');
    expect(uploaded.problem).toContain('neueren Version');
    const res = await ctx.inject({
      method: 'POST',
      url: `/api/backups/${uploaded.name}/restore`,
      headers: await admin(),
      payload: { confirmation: 'WIEDERHERSTELLEN' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'BACKUP_INCOMPATIBLE' });
    expect(res.json().error).toContain('Datenbankstand 9999_future');
    const del = await ctx.inject({
      method: 'DELETE',
      url: `/api/backups/${uploaded.name}`,
      headers: await admin(),
    });
    expect(del.statusCode).toBe(204);
  });

  it('refuses uploads that are not backups', async () => {
    const res = await uploadArchive(Buffer.from('%PDF-1.4 kein Archiv'), 'x.pdf');
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toContain('keine GewSt-Desk-Sicherung');
    expect((await listBackups(ctx)).data).toHaveLength(1);
  });

  it('refuses a tampered archive before changing anything', async () => {
    const dir = path.join(tmp, 'x');
    // restore the original manifest, then change one row of a table
    execFileSync('tar', ['-xzf', path.join(tmp, name), '-C', dir, 'manifest.json']);
    const file = path.join(dir, 'db', 'companies.jsonl');
    writeFileSync(file, readFileSync(file, 'utf8').replace('Nordlicht', 'Fälscher'));
    const tampered = path.join(tmp, 'tampered.tar.gz');
    execFileSync('tar', ['-czf', tampered, '-C', dir, 'manifest.json', 'db', 'files']);
    const up = await uploadArchive(readFileSync(tampered));
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json().compatible).toBe(true); // the manifest itself is fine
    const res = await ctx.inject({
      method: 'POST',
      url: `/api/backups/${up.json().name}/restore`,
      headers: await admin(),
      payload: { confirmation: 'WIEDERHERSTELLEN' },
    });
    expect(res.statusCode).toBe(202);
    const list = await waitIdle(ctx);
    expect(list.last).toMatchObject({ kind: 'restore', ok: false });
    expect(list.last!.message).toContain('Prüfsumme der Tabelle companies');
    expect(list.last!.message).toContain('unverändert');
    const companies = await ctx.built.database.query<{ name: string }>(`select name from companies`);
    expect(companies.some((c) => c.name.includes('Fälscher'))).toBe(false);
    await ctx.inject({ method: 'DELETE', url: `/api/backups/${up.json().name}`, headers: await admin() });
  });

  it('deletes a backup', async () => {
    const res = await ctx.inject({ method: 'DELETE', url: `/api/backups/${name}`, headers: await admin() });
    expect(res.statusCode).toBe(204);
    expect((await listBackups(ctx)).data).toEqual([]);
    const logs = await ctx.built.database.query<{ action: string }>(
      `select action from audit_logs where entity = 'backup' order by id`,
    );
    expect(logs.map((l) => l.action)).toEqual(
      expect.arrayContaining(['create', 'download', 'upload', 'delete']),
    );
  });
});

describe('the daily automatic backup', () => {
  const at = (day: string, time: string) => new Date(`${day}T${time}:00`); // local time, as BACKUP_TIME

  it('runs once per day after BACKUP_TIME, on one instance, and keeps BACKUP_KEEP of them', async () => {
    const dataDir = path.join(tmp, 'schedule');
    const config = loadConfig({
      DATA_DIR: dataDir,
      BACKUP_TIME: '02:30',
      BACKUP_KEEP: '2',
      LOG_LEVEL: 'silent',
    });
    const make = () =>
      createBackupService({
        config,
        database: ctx.built.database,
        hooks: { enqueueProcessing: async () => 'unbenutzt' },
        pauseWork: async () => {},
        resumeWork: async () => {},
        afterRestore: () => {},
        log: { info: () => {}, error: () => {} },
      });
    // two instances on one database
    const [a, b] = [make(), make()];
    expect(await a.tick(at('2031-03-01', '02:29'))).toBeNull();
    const [first, second] = await Promise.all([
      a.tick(at('2031-03-01', '02:31')),
      b.tick(at('2031-03-01', '02:31')),
    ]);
    expect([first, second].filter(Boolean)).toHaveLength(1);
    expect(await a.tick(at('2031-03-01', '23:59'))).toBeNull();
    expect(await b.tick(at('2031-03-01', '23:59'))).toBeNull();
    const day2 = await b.tick(at('2031-03-02', '08:00')); // missed 02:30 (server down): taken at start
    const day3 = await a.tick(at('2031-03-03', '02:30'));
    expect(day2).toMatch(/-automatisch\.tar\.gz$/);
    expect(day3).toMatch(/-automatisch\.tar\.gz$/);
    const list = await a.list();
    expect(list.data.map((d) => d.name).sort()).toEqual([day2, day3].sort());
    expect(list.schedule).toMatchObject({ daily_at: '02:30', keep: 2 });
    expect(list.schedule.last_automatic_at).toBe(list.data[0]!.created_at);
    expect(readdirSync(path.join(dataDir, 'backups')).filter((n) => n.endsWith('.tar.gz'))).toHaveLength(2);
  });

  it('computes the next run in local time', () => {
    expect(nextRunAfter(at('2031-03-01', '01:00'), '02:30')).toEqual(at('2031-03-01', '02:30'));
    expect(nextRunAfter(at('2031-03-01', '02:30'), '02:30')).toEqual(at('2031-03-02', '02:30'));
    expect(nextRunAfter(at('2031-12-31', '23:00'), '00:15')).toEqual(at('2032-01-01', '00:15'));
  });
});

describe('download links', () => {
  it('let the browser download without a token for a minute, and nothing else', async () => {
    const name = await createBackup();
    const res = await ctx.inject({
      method: 'POST',
      url: `/api/backups/${name}/link`,
      headers: await admin(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { url, expires_at } = res.json() as { url: string; expires_at: string };
    expect(Date.parse(expires_at) - Date.now()).toBeLessThanOrEqual(60_000);
    const got = await ctx.inject({ method: 'GET', url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
    expect(got.rawPayload.equals(readFileSync(path.join(ctx.built.app.deps.config.backup.dir, name)))).toBe(
      true,
    );
    // a changed name or signature is refused
    const token = new URL(url, 'http://x').searchParams.get('token')!;
    const [payload, signature] = token.split('.');
    const other = Buffer.from(
      JSON.stringify({ n: name.replace('manuell', 'automatisch'), e: Date.now() + 60_000 }),
    ).toString('base64url');
    for (const bad of [`${other}.${signature}`, `${payload}.${signature!.slice(1)}x`, 'abc', `${payload}`]) {
      const r = await ctx.inject({ method: 'GET', url: `/api/backups/download?token=${bad}` });
      expect(r.statusCode, bad).toBe(404);
      expect(r.json().code).toBe('LINK_EXPIRED');
    }
    await ctx.inject({ method: 'DELETE', url: `/api/backups/${name}`, headers: await admin() });

    // the key that signs the links is a secret of this installation: never in a backup
    const [key] = await ctx.built.database.query<{ value: string }>(
      `select value #>> '{}' as value from app_settings where key = 'backup.download_key'`,
    );
    expect(key!.value.length).toBeGreaterThan(20);
    const next = await createBackup();
    const text = gunzipSync(readFileSync(path.join(ctx.built.app.deps.config.backup.dir, next))).toString(
      'latin1',
    );
    expect(text).not.toContain(key!.value);
  });
});
