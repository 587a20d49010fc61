import { constants } from 'node:fs';
import { access, mkdir, open, rename } from 'node:fs/promises';
import path from 'node:path';
import type { ExportFormat, ExportSettings } from '@gewst/domain';
import type { AppConfig } from '../../config';
import { AppError } from '../../http/errors';

/**
 * Where export files go: a directory below EXPORT_DIR and, optionally, an HTTPS endpoint.
 *
 * Both are idempotent by construction. A file is written under a deterministic temporary
 * name, synced and renamed onto its deterministic final name, so a repeat (retry, a worker
 * that died after writing and before recording) replaces the same file with the same bytes
 * and a reader never sees half a file. The HTTP target gets an Idempotency-Key derived from
 * session, format and part only, so the receiver can drop a repeated delivery.
 */

export interface ExportArtifact {
  format: ExportFormat;
  part: number;
  fileName: string;
  bytes: Buffer;
  sha256: string;
}

export interface DirectoryTarget {
  kind: 'verzeichnis';
  /** Absolute directory. */
  dir: string;
  /** Shown to users: the directory relative to EXPORT_DIR. */
  location: string;
}

export interface HttpTarget {
  kind: 'http';
  url: string;
  token: string;
  /** Shown to users: the URL's origin and path, never the token. */
  location: string;
}

export type ResolvedTarget = DirectoryTarget | HttpTarget;

export const targetFailed = (message: string) => new AppError(502, 'EXPORT_TARGET_FAILED', message);

/** The company's configured targets, or a German reason why they cannot be used. */
export function resolveTargets(
  config: AppConfig,
  settings: ExportSettings,
  companyId: number,
): { targets: ResolvedTarget[]; problems: string[] } {
  const targets: ResolvedTarget[] = [];
  const problems: string[] = [];
  if (settings.directory.enabled) {
    const relative = settings.directory.path || `firma-${companyId}`;
    const dir = path.resolve(config.export.dir, relative);
    // The setting's pattern already forbids "..", this keeps it so whatever the pattern says.
    if (!dir.startsWith(config.export.dir + path.sep))
      problems.push('Der Exportordner liegt nicht unter EXPORT_DIR.');
    else targets.push({ kind: 'verzeichnis', dir, location: relative });
  }
  if (settings.http) {
    const token = config.export.tokens[settings.http.token_env];
    if (!token) {
      problems.push(
        `Für das HTTPS-Ziel fehlt das Token: Die Umgebungsvariable ${settings.http.token_env} ist nicht gesetzt.`,
      );
    } else {
      const u = new URL(settings.http.url);
      targets.push({ kind: 'http', url: settings.http.url, token, location: `${u.origin}${u.pathname}` });
    }
  }
  if (!targets.length && !problems.length) problems.push('Für diese Firma ist kein Exportziel eingerichtet.');
  return { targets, problems };
}

const FS_REASONS: Record<string, string> = {
  EACCES: 'keine Schreibrechte',
  EPERM: 'keine Schreibrechte',
  EROFS: 'nur lesbares Dateisystem',
  ENOSPC: 'kein Speicherplatz mehr',
  EDQUOT: 'Speicherkontingent erschöpft',
  ENOTDIR: 'ein Teil des Pfades ist kein Ordner',
  EEXIST: 'ein Teil des Pfades ist eine Datei',
  EISDIR: 'am Ziel liegt ein Ordner',
};

/** Writes `file` into the directory: temporary name, fsync, atomic rename, fsync of the directory. */
export async function writeToDirectory(target: DirectoryTarget, file: ExportArtifact): Promise<void> {
  const final = path.join(target.dir, file.fileName);
  const temp = path.join(target.dir, `.${file.fileName}.tmp`);
  try {
    await mkdir(target.dir, { recursive: true });
    await access(target.dir, constants.W_OK);
    const handle = await open(temp, 'w', 0o640);
    try {
      await handle.writeFile(file.bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, final);
    const dir = await open(target.dir, 'r');
    try {
      await dir.sync();
    } catch {
      // Some file systems cannot sync a directory; the rename is still atomic.
    } finally {
      await dir.close();
    }
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? '';
    const reason = FS_REASONS[code] ?? (code || (err as Error).message);
    throw targetFailed(
      `Die Datei ${file.fileName} konnte nicht in das Exportverzeichnis „${target.location}“ geschrieben werden (${reason}).`,
    );
  }
}

/** The key a receiver uses to drop repeats: the same for every attempt at the same file. */
export const idempotencyKey = (sessionId: number, file: Pick<ExportArtifact, 'format' | 'part'>) =>
  `gewst-desk-session-${sessionId}-${file.format}-part-${file.part}`;

/** POSTs `file` with the bearer token and an idempotency key; any answer but 2xx is an error. */
export async function postToHttp(
  target: HttpTarget,
  sessionId: number,
  file: ExportArtifact,
  timeoutMs = 60_000,
): Promise<void> {
  let res: Response;
  try {
    res = await fetch(target.url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${target.token}`,
        'idempotency-key': idempotencyKey(sessionId, file),
        'content-type':
          file.format === 'datev' ? 'text/csv; charset=windows-1252' : 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${file.fileName}"`,
        'x-content-sha256': file.sha256,
      },
      body: new Uint8Array(file.bytes),
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    const name = (err as Error).name;
    throw targetFailed(
      name === 'TimeoutError'
        ? `Das HTTPS-Ziel ${target.location} hat nicht innerhalb von ${Math.round(timeoutMs / 1000)} s geantwortet.`
        : `Das HTTPS-Ziel ${target.location} ist nicht erreichbar.`,
    );
  }
  // Drain the body so the connection is released; its content is not needed.
  await res.arrayBuffer().catch(() => undefined);
  if (!res.ok) {
    throw targetFailed(
      res.status === 401 || res.status === 403
        ? `Das HTTPS-Ziel ${target.location} hat das Token abgelehnt (HTTP ${res.status}).`
        : `Das HTTPS-Ziel ${target.location} hat die Datei ${file.fileName} nicht angenommen (HTTP ${res.status}).`,
    );
  }
}

export async function deliver(
  target: ResolvedTarget,
  sessionId: number,
  file: ExportArtifact,
): Promise<void> {
  if (target.kind === 'verzeichnis') await writeToDirectory(target, file);
  else await postToHttp(target, sessionId, file);
}
