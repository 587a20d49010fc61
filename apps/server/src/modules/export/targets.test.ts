import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_EXPORT_SETTINGS } from '@gewst/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { writeDatev } from './datev';
import { GOLDEN_CONFIG, GOLDEN_SESSION } from './fixtures';
import { type ExportArtifact, idempotencyKey, postToHttp, resolveTargets, writeToDirectory } from './targets';
import { startReceiver } from './testing/http-target';

const root = mkdtempSync(path.join(os.tmpdir(), 'gewst-export-targets-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const part = writeDatev(GOLDEN_SESSION, GOLDEN_CONFIG).parts[0]!;
const file: ExportArtifact = { format: 'datev', ...part };

describe('directory target', () => {
  it('writes under the final name only, and a repeat leaves one file with the same bytes', async () => {
    const target = {
      kind: 'verzeichnis' as const,
      dir: path.join(root, 'a', 'firma-1'),
      location: 'firma-1',
    };
    await writeToDirectory(target, file);
    await writeToDirectory(target, file);
    expect(readdirSync(target.dir)).toEqual([file.fileName]);
    expect(readFileSync(path.join(target.dir, file.fileName)).equals(file.bytes)).toBe(true);
  });

  it('refuses a directory it cannot write to with a German reason', async () => {
    const dir = path.join(root, 'blocked');
    if (process.getuid?.() === 0) {
      // root ignores permission bits: a file where the directory should be blocks it just as well.
      writeFileSync(dir, 'kein Ordner');
    } else {
      mkdirSync(dir);
      chmodSync(dir, 0o500);
    }
    const target = { kind: 'verzeichnis' as const, dir, location: 'blocked' };
    await expect(writeToDirectory(target, file)).rejects.toMatchObject({
      code: 'EXPORT_TARGET_FAILED',
      message: expect.stringMatching(
        /^Die Datei EXTF_Buchungsstapel_S42_WJ2025_T1\.csv konnte nicht in das Exportverzeichnis „blocked“ geschrieben werden \((keine Schreibrechte|ein Teil des Pfades ist eine Datei|ein Teil des Pfades ist kein Ordner)\)\.$/,
      ),
    });
  });
});

describe('HTTP target', () => {
  it('POSTs the bytes with bearer token and idempotency key; non-2xx answers are German errors', async () => {
    const receiver = await startReceiver([500, 401, 200]);
    try {
      const target = { kind: 'http' as const, url: receiver.url, token: 's3cret', location: receiver.url };
      await expect(postToHttp(target, 42, file)).rejects.toThrow(
        `Das HTTPS-Ziel ${receiver.url} hat die Datei ${file.fileName} nicht angenommen (HTTP 500).`,
      );
      await expect(postToHttp(target, 42, file)).rejects.toThrow('hat das Token abgelehnt (HTTP 401)');
      await postToHttp(target, 42, file);
      expect(receiver.requests).toHaveLength(3);
      const last = receiver.requests[2]!;
      expect(last.headers.authorization).toBe('Bearer s3cret');
      expect(last.headers['idempotency-key']).toBe('gewst-desk-session-42-datev-part-1');
      expect(last.headers['content-type']).toBe('text/csv; charset=windows-1252');
      expect(last.headers['x-content-sha256']).toBe(file.sha256);
      expect(last.body.equals(file.bytes)).toBe(true);
      // Every attempt carries the same key, so the receiver can drop repeats.
      expect(new Set(receiver.requests.map((r) => r.headers['idempotency-key'])).size).toBe(1);
    } finally {
      await receiver.close();
    }
    await expect(
      postToHttp({ kind: 'http', url: receiver.url, token: 't', location: 'x' }, 42, file, 2000),
    ).rejects.toThrow('Das HTTPS-Ziel x ist nicht erreichbar.');
  });

  it('derives the key from session, format and part only', () => {
    expect(idempotencyKey(7, { format: 'csv', part: 2 })).toBe('gewst-desk-session-7-csv-part-2');
  });
});

describe('resolveTargets', () => {
  const config = loadConfig({ DATA_DIR: root, EXPORT_TOKEN_ERP: 'geheim', OTHER_SECRET: 'x' });

  it('puts the directory below EXPORT_DIR (default firma-<id>) and takes the token from the environment', () => {
    expect(config.export.dir).toBe(path.join(root, 'exports'));
    expect(config.export.tokens).toEqual({ EXPORT_TOKEN_ERP: 'geheim' });
    const { targets, problems } = resolveTargets(
      config,
      {
        ...DEFAULT_EXPORT_SETTINGS,
        http: { url: 'https://erp.example.com/in?x=1', token_env: 'EXPORT_TOKEN_ERP' },
      },
      3,
    );
    expect(problems).toEqual([]);
    expect(targets).toEqual([
      { kind: 'verzeichnis', dir: path.join(root, 'exports', 'firma-3'), location: 'firma-3' },
      {
        kind: 'http',
        url: 'https://erp.example.com/in?x=1',
        token: 'geheim',
        location: 'https://erp.example.com/in',
      },
    ]);
  });

  it('names a missing token variable', () => {
    const { targets, problems } = resolveTargets(
      config,
      {
        ...DEFAULT_EXPORT_SETTINGS,
        directory: { enabled: false, path: '' },
        http: { url: 'https://erp.example.com/in', token_env: 'EXPORT_TOKEN_FEHLT' },
      },
      3,
    );
    expect(targets).toEqual([]);
    expect(problems).toEqual([
      'Für das HTTPS-Ziel fehlt das Token: Die Umgebungsvariable EXPORT_TOKEN_FEHLT ist nicht gesetzt.',
    ]);
  });
});
