import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  BACKUP_NAME_PATTERN,
  type BackupKind,
  type BackupList,
  type BackupOperation,
  type BackupOutcome,
  type BackupPhase,
  type RestoreResult,
} from '@gewst/domain';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { AppError, conflict, notFound } from '../../http/errors';
import { APP_VERSION } from '../../version';
import { type Actor, recordAudit, SYSTEM_ACTOR } from '../audit/service';
import { settings } from '../settings';
import { readManifestEntry } from './archive';
import { createBackup } from './create';
import { describeSchema, incompatibility, type Manifest } from './manifest';
import { type BackupInfo, presentBackup } from './presenter';
import * as repo from './repo';
import { parseManifest, RestoreRefused, restoreBackup } from './restore';
import type { RestoreHookDeps } from './restore-hooks';
import { isDue, localDay, nextRunAfter } from './schedule';

export interface BackupServiceDeps {
  config: AppConfig;
  database: Database;
  hooks: RestoreHookDeps;
  /** Stops this instance's background work (jobs, import folder) during a restore. */
  pauseWork(): Promise<void>;
  resumeWork(): Promise<void>;
  /** Drops in-memory copies of data (caches) after a restore. */
  afterRestore(): void;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export type BackupService = ReturnType<typeof createBackupService>;

/** How long a download link works (it is used at once by the browser). */
const LINK_SECONDS = 60;

/** 20261124-053000-123 (UTC): names sort by the moment of the snapshot. */
const stamp = (d: Date) =>
  d.toISOString().replace(/[-:]/g, '').replace('T', '-').replace('.', '-').slice(0, 19);

/** A free archive name in dir for a snapshot taken at `at` (the next millisecond if taken). */
export async function archiveName(dir: string, kind: BackupKind, at = new Date()): Promise<string> {
  await mkdir(dir, { recursive: true });
  const t = new Date(at);
  while (existsSync(path.join(dir, `gewst-backup-${stamp(t)}-${kind}.tar.gz`))) t.setTime(t.getTime() + 1);
  return `gewst-backup-${stamp(t)}-${kind}.tar.gz`;
}

export function createBackupService(deps: BackupServiceDeps) {
  const { config, database } = deps;
  const dir = config.backup.dir;
  let running: BackupOperation | null = null;
  let last: BackupOutcome | null = null;
  let schemaHere: Manifest['schema'] | null = null;
  const cache = new Map<string, { key: string; info: BackupInfo }>();

  const progress = (phase: BackupPhase, done: number, total: number) => {
    if (running) Object.assign(running, { phase, done, total });
  };

  async function localSchema(): Promise<Manifest['schema']> {
    schemaHere ??= describeSchema(await repo.appliedMigrations(database.db));
    return schemaHere;
  }

  function begin(kind: 'backup' | 'restore', name: string, actor: Actor): void {
    if (running) {
      throw conflict(
        'BACKUP_RUNNING',
        running.kind === 'restore'
          ? 'Es läuft gerade eine Wiederherstellung. Bitte warten, bis sie abgeschlossen ist.'
          : 'Es wird gerade eine Sicherung erstellt. Bitte warten, bis sie abgeschlossen ist.',
      );
    }
    running = {
      kind,
      name,
      phase: kind === 'backup' ? 'datenbank' : 'pruefung',
      done: 0,
      total: 0,
      started_at: new Date().toISOString(),
      started_by: actor.username,
    };
  }

  function finish(kind: 'backup' | 'restore', name: string, ok: boolean, message: string): void {
    last = { kind, name, ok, message, finished_at: new Date().toISOString() };
    running = null;
  }

  const fileOf = (name: string) => {
    if (!BACKUP_NAME_PATTERN.test(name)) throw notFound('Die Sicherung');
    return path.join(dir, name);
  };

  const newName = (kind: BackupKind, at = new Date()) => archiveName(dir, kind, at);

  async function info(name: string): Promise<BackupInfo> {
    const file = path.join(dir, name);
    const s = await stat(file);
    const key = `${s.size}:${s.mtimeMs}`;
    const hit = cache.get(name);
    if (hit?.key === key) return hit.info;
    let manifest: Manifest | null = null;
    let problem: string | null;
    try {
      manifest = parseManifest(await readManifestEntry(file));
      problem = incompatibility(manifest, await localSchema(), null);
    } catch (err) {
      problem = err instanceof Error ? err.message : String(err);
    }
    const result: BackupInfo = { name, size: s.size, mtime: s.mtime, manifest, problem };
    cache.set(name, { key, info: result });
    return result;
  }

  async function names(): Promise<string[]> {
    const entries = await readdir(dir).catch(() => [] as string[]);
    return entries.filter((n) => BACKUP_NAME_PATTERN.test(n));
  }

  async function audit(actor: Actor, action: string, name: string, after?: unknown) {
    await recordAudit(database.db, actor, { action, entity: 'backup', entityId: name, after });
  }

  /** The key that signs download links: a secret setting, so never in a backup. */
  const downloadKey = () =>
    settings.getOrCreate(database.db, 'backup.download_key', () => randomBytes(32).toString('base64url'));

  /** True for exactly one caller per day, however many instances tick at once. */
  const claimDay = (day: string) =>
    database.db.transaction(async (tx) => {
      await repo.lockKey(tx, 'backup.automatic');
      if ((await settings.get(tx, 'backup.automatic'))?.day === day) return false;
      await settings.set(tx, SYSTEM_ACTOR, 'backup.automatic', { day });
      return true;
    });

  /** Deletes the oldest automatic backups beyond the retention count. */
  async function applyRetention(): Promise<string[]> {
    const automatic = (await names())
      .filter((n) => n.endsWith('-automatisch.tar.gz'))
      .sort()
      .reverse();
    const removed = automatic.slice(config.backup.keep);
    for (const n of removed) {
      await rm(path.join(dir, n), { force: true });
      cache.delete(n);
    }
    return removed;
  }

  const service = {
    isRestoring: () => running?.kind === 'restore',

    /** Starts a backup; `done` settles when the archive is written (the route does not wait). */
    async startBackup(kind: BackupKind, actor: Actor): Promise<{ name: string; done: Promise<Manifest> }> {
      const name = await newName(kind);
      begin('backup', name, actor);
      const done = (async () => {
        try {
          const manifest = await createBackup({
            database,
            filesDir: config.filesDir,
            archive: path.join(dir, name),
            kind,
            createdBy: actor.username,
            onProgress: progress,
          });
          await audit(actor, 'create', name, {
            kind,
            rows: manifest.totals.rows,
            files: manifest.totals.files,
            schema_version: manifest.schema.version,
          });
          const removed = kind === 'automatisch' ? await applyRetention() : [];
          deps.log.info(
            { name, rows: manifest.totals.rows, files: manifest.totals.files, removed },
            'backup created',
          );
          finish(
            'backup',
            name,
            true,
            `Sicherung ${name} erstellt (${manifest.totals.rows.toLocaleString('de-DE')} Datensätze, ${manifest.totals.files.toLocaleString('de-DE')} Dateien).`,
          );
          return manifest;
        } catch (err) {
          deps.log.error({ err, name }, 'backup failed');
          finish('backup', name, false, `Die Sicherung ist fehlgeschlagen: ${(err as Error).message}`);
          throw err;
        }
      })();
      done.catch(() => {});
      return { name, done };
    },

    /**
     * Starts a restore after checking the archive can be read and fits this schema (refusals
     * come back at once, as 409 with the reason). Background work pauses meanwhile.
     */
    async startRestore(name: string, actor: Actor): Promise<{ done: Promise<RestoreResult> }> {
      const file = fileOf(name);
      if (!existsSync(file)) throw notFound('Die Sicherung');
      const head = await info(name);
      if (!head.manifest || head.problem) {
        throw new AppError(
          409,
          'BACKUP_INCOMPATIBLE',
          head.problem ?? 'Die Sicherung kann nicht gelesen werden.',
        );
      }
      begin('restore', name, actor);
      const done = (async () => {
        let paused = false;
        try {
          await deps.pauseWork();
          paused = true;
          const result = await restoreBackup({
            database,
            filesDir: config.filesDir,
            archive: file,
            workDir: dir,
            actor,
            hooks: deps.hooks,
            onProgress: progress,
          });
          deps.afterRestore();
          deps.log.info({ ...result }, 'backup restored');
          finish(
            'restore',
            name,
            true,
            `Sicherung ${name} wiederhergestellt (${result.rows.toLocaleString('de-DE')} Datensätze, ${result.files.toLocaleString('de-DE')} Dateien; alle Prüfsummen stimmen).`,
          );
          return result;
        } catch (err) {
          deps.log.error({ err, name }, 'restore failed');
          const reason =
            err instanceof RestoreRefused ? err.message : `Unerwarteter Fehler: ${(err as Error).message}`;
          finish(
            'restore',
            name,
            false,
            `Die Wiederherstellung wurde abgebrochen, die Daten sind unverändert. ${reason}`,
          );
          throw err;
        } finally {
          if (paused)
            await deps.resumeWork().catch((err: unknown) => deps.log.error({ err }, 'resume failed'));
        }
      })();
      done.catch(() => {});
      return { done };
    },

    async list(): Promise<BackupList> {
      const items: BackupInfo[] = [];
      for (const n of await names()) {
        try {
          items.push(await info(n));
        } catch {
          // deleted meanwhile
        }
      }
      const data = items.map(presentBackup).sort((a, b) => (a.created_at < b.created_at ? 1 : -1));
      const now = new Date();
      const automatic = data.filter((b) => b.kind === 'automatisch');
      return {
        data,
        running: running ? { ...running } : null,
        last,
        schedule: {
          daily_at: config.backup.dailyAt,
          keep: config.backup.keep,
          next_at: config.backup.dailyAt ? nextRunAfter(now, config.backup.dailyAt).toISOString() : null,
          last_automatic_at: automatic[0]?.created_at ?? null,
        },
        schema_version: (await localSchema()).version,
        app_version: APP_VERSION,
      };
    },

    /**
     * A link the browser downloads without a bearer token (it streams to disk instead of
     * through memory): the archive name and an expiry, signed with the installation's key.
     */
    async downloadLink(name: string, actor: Actor): Promise<{ url: string; expires_at: string }> {
      const file = fileOf(name);
      if (!existsSync(file)) throw notFound('Die Sicherung');
      const expires = Date.now() + LINK_SECONDS * 1000;
      const payload = Buffer.from(JSON.stringify({ n: name, e: expires })).toString('base64url');
      const signature = createHmac('sha256', await downloadKey())
        .update(payload)
        .digest('base64url');
      await audit(actor, 'download', name);
      return {
        url: `/api/backups/download?token=${payload}.${signature}`,
        expires_at: new Date(expires).toISOString(),
      };
    },

    /** The archive a download link names, if its signature holds and it has not expired. */
    async archiveForLink(token: string): Promise<{ name: string; file: string }> {
      const [payload = '', signature = ''] = token.split('.');
      const expected = createHmac('sha256', await downloadKey())
        .update(payload)
        .digest();
      const given = Buffer.from(signature, 'base64url');
      const gone = () =>
        new AppError(
          404,
          'LINK_EXPIRED',
          'Der Download-Link ist abgelaufen oder ungültig. Bitte erneut herunterladen.',
        );
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw gone();
      let parsed: { n?: unknown; e?: unknown };
      try {
        parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
          n?: unknown;
          e?: unknown;
        };
      } catch {
        throw gone();
      }
      if (typeof parsed.n !== 'string' || typeof parsed.e !== 'number' || parsed.e < Date.now()) throw gone();
      const file = fileOf(parsed.n);
      if (!existsSync(file)) throw notFound('Die Sicherung');
      return { name: parsed.n, file };
    },

    /** Absolute path of an archive for download (404 unless it is one of ours). */
    async archiveFor(name: string, actor: Actor): Promise<string> {
      const file = fileOf(name);
      if (!existsSync(file)) throw notFound('Die Sicherung');
      await audit(actor, 'download', name);
      return file;
    },

    async remove(name: string, actor: Actor): Promise<void> {
      const file = fileOf(name);
      if (!existsSync(file)) throw notFound('Die Sicherung');
      if (running?.name === name) throw conflict('BACKUP_RUNNING', 'Diese Sicherung wird gerade verwendet.');
      await rm(file, { force: true });
      cache.delete(name);
      await audit(actor, 'delete', name);
    },

    /** A temporary upload becomes a listed archive, named after the snapshot it holds. */
    async acceptUpload(tmp: string, originalName: string, actor: Actor): Promise<BackupInfo> {
      try {
        let manifest: Manifest;
        try {
          manifest = parseManifest(await readManifestEntry(tmp));
        } catch (err) {
          throw new AppError(
            422,
            'BACKUP_UNREADABLE',
            `Die Datei ist keine GewSt-Desk-Sicherung: ${(err as Error).message}`,
          );
        }
        const name = await newName('hochgeladen', new Date(manifest.created_at));
        await rename(tmp, path.join(dir, name));
        await audit(actor, 'upload', name, { filename: originalName, created_at: manifest.created_at });
        return await info(name);
      } finally {
        await rm(tmp, { force: true });
      }
    },

    async uploadTarget(): Promise<string> {
      await mkdir(dir, { recursive: true });
      return path.join(dir, `.upload-${randomBytes(8).toString('hex')}.tmp`);
    },

    /**
     * The daily automatic backup: due once the local time has passed BACKUP_TIME and no
     * instance has taken today's yet (claimed in the database, so several instances run it once).
     */
    async tick(now = new Date()): Promise<string | null> {
      const at = config.backup.dailyAt;
      if (!at || running) return null;
      if (!isDue(now, at)) return null;
      if (!(await claimDay(localDay(now)))) return null;
      const { name, done } = await service.startBackup('automatisch', SYSTEM_ACTOR);
      await done.catch(() => {});
      return name;
    },
  };
  return service;
}
