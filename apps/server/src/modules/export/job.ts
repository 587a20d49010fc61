import { type ExportFormat, OPENING_KINDS } from '@gewst/domain';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppConfig } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { SYSTEM_ACTOR } from '../audit/service';
import { lockSession, recordExportResult } from '../bookings';
import type { QueuePolicy } from '../jobs/queue';
import { writeDatev } from './datev';
import { writeGeneric } from './generic';
import { exportDeliveries, exportFiles, exportJobs } from './schema';
import { datevConfigOf, exportSession, exportSettingsOf, type SessionHead, sessionHead } from './source';
import { deliver, type ExportArtifact, resolveTargets, type ResolvedTarget } from './targets';

/** Typed job definition (CONVENTIONS 9): name, payload, retry policy. */
export const EXPORT_SESSION = {
  name: 'export-session',
  payload: z.object({ sessionId: z.number().int().positive() }),
  policy: (config: AppConfig): QueuePolicy => ({
    retryLimit: config.export.retryLimit,
    retryDelay: config.export.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: Math.max(300, config.documents.jobTimeoutSeconds),
  }),
} as const;

export interface StoredFile extends ExportArtifact {
  bookingIds: number[];
}

/** Both formats of a session: DATEV (one part per fiscal year) and the generic CSV (one part). */
export async function buildFiles(
  db: DbOrTx,
  head: SessionHead,
  format: ExportFormat,
): Promise<{ files: StoredFile[]; messages: string[] }> {
  const exportSettings = await exportSettingsOf(db, head.company_id);
  const session = await exportSession(db, head);
  const files: StoredFile[] = [];
  const messages: string[] = [];
  try {
    const datev = writeDatev(session, await datevConfigOf(db, head.company_id, exportSettings));
    for (const p of datev.parts)
      files.push({
        format: 'datev',
        part: p.part,
        fileName: p.fileName,
        bytes: p.bytes,
        sha256: p.sha256,
        bookingIds: p.bookingIds,
      });
    messages.push(...datev.messages.map((m) => m.message));
  } catch (err) {
    // The DATEV file is required only when it is the format delivered to the targets.
    if (format === 'datev') throw err;
    messages.push(`DATEV-Datei nicht erzeugt: ${(err as Error).message}`);
  }
  const generic = writeGeneric(session);
  files.push({ format: 'csv', part: 1, ...generic });
  return { files, messages };
}

/** Records the files (same key, same name and SHA-256 on a repeat). */
async function storeFiles(db: DbOrTx, sessionId: number, files: StoredFile[]) {
  for (const f of files) {
    const values = {
      session_id: sessionId,
      format: f.format,
      part: f.part,
      file_name: f.fileName,
      sha256: f.sha256,
      size: f.bytes.length,
      bookings: f.bookingIds.length,
    };
    await db
      .insert(exportFiles)
      .values(values)
      .onConflictDoUpdate({
        target: [exportFiles.session_id, exportFiles.format, exportFiles.part],
        set: values,
      });
  }
}

export interface ExportRunDeps {
  db: Db;
  config: AppConfig;
  log?: { warn(obj: object, msg: string): void };
  /**
   * Fault injection for tests: runs after a file reached a target and before the delivery
   * is recorded (where a killed worker leaves the export).
   */
  afterDeliver?: (target: ResolvedTarget, file: StoredFile) => Promise<void>;
}

export interface ExportRun {
  jobId: string;
  sessionId: number;
  retryCount: number;
  retryLimit: number;
}

const setJob = (db: DbOrTx, id: string, values: Partial<typeof exportJobs.$inferInsert>) =>
  db.update(exportJobs).set(values).where(eq(exportJobs.id, id));

/**
 * The job handler: builds the files, stores them, delivers each not yet delivered file to
 * each target (recording the delivery right after), then marks the session exported (and
 * its documents `gebucht`) in one transaction. Every step is idempotent, so a retry or a
 * worker that died anywhere repeats only what was not recorded, with the same names and
 * bytes. After the last retry the session becomes `export_fehlgeschlagen` with the reason.
 */
export async function runExport(deps: ExportRunDeps, run: ExportRun): Promise<void> {
  const { db, config } = deps;
  await db
    .insert(exportJobs)
    .values({ id: run.jobId, session_id: run.sessionId, retry_limit: run.retryLimit })
    .onConflictDoNothing();
  await setJob(db, run.jobId, {
    state: 'laeuft',
    attempts: run.retryCount + 1,
    retry_limit: run.retryLimit,
    started_at: new Date(),
    finished_at: null,
  });
  let messages: string[] = [];
  try {
    const head = await sessionHead(db, run.sessionId);
    if (head.status !== 'freigegeben') {
      // Exported by an earlier run (or taken back): nothing left to do.
      await setJob(db, run.jobId, {
        state: head.status === 'exportiert' || head.status === 'storniert' ? 'exportiert' : 'fehlgeschlagen',
        last_error:
          head.status === 'exportiert' || head.status === 'storniert'
            ? null
            : `Der Stapel ist nicht mehr freigegeben (Status ${head.status}); der Export entfällt.`,
        finished_at: new Date(),
      });
      return;
    }
    const exportSettings = await exportSettingsOf(db, head.company_id);
    const built = await buildFiles(db, head, exportSettings.format);
    messages = built.messages;
    await storeFiles(db, head.id, built.files);
    const { targets, problems } = resolveTargets(config, exportSettings, head.company_id);
    if (problems.length) throw new Error(problems.join(' '));
    const done = await db.select().from(exportDeliveries).where(eq(exportDeliveries.session_id, head.id));
    for (const target of targets) {
      const location = target.location;
      for (const file of built.files.filter((f) => f.format === exportSettings.format)) {
        const already = done.find(
          (d) =>
            d.target === target.kind &&
            d.location === location &&
            d.format === file.format &&
            d.part === file.part &&
            d.sha256 === file.sha256,
        );
        if (already) continue;
        await deliver(target, head.id, file);
        await deps.afterDeliver?.(target, file);
        const values = {
          session_id: head.id,
          job_id: run.jobId,
          target: target.kind,
          location,
          format: file.format,
          part: file.part,
          file_name: file.fileName,
          sha256: file.sha256,
          delivered_at: new Date(),
        };
        await db
          .insert(exportDeliveries)
          .values(values)
          .onConflictDoUpdate({
            target: [
              exportDeliveries.session_id,
              exportDeliveries.target,
              exportDeliveries.location,
              exportDeliveries.format,
              exportDeliveries.part,
            ],
            set: values,
          });
      }
    }
    await db.transaction(async (tx) => {
      const locked = await lockSession(tx, head.id);
      if (locked?.status === 'freigegeben') {
        await recordExportResult(tx, SYSTEM_ACTOR, head.id, { ok: true });
        await markDocumentsBooked(tx, head.id);
      }
      await setJob(tx, run.jobId, {
        state: 'exportiert',
        last_error: null,
        messages,
        finished_at: new Date(),
      });
    });
  } catch (err) {
    const reason = (err as Error).message || 'Unbekannter Fehler beim Export.';
    const last = run.retryCount >= run.retryLimit;
    deps.log?.warn({ err, sessionId: run.sessionId, attempt: run.retryCount + 1 }, 'export failed');
    await db.transaction(async (tx) => {
      if (last) {
        const locked = await lockSession(tx, run.sessionId);
        if (locked?.status === 'freigegeben')
          await recordExportResult(tx, SYSTEM_ACTOR, run.sessionId, {
            ok: false,
            error: `Export nach ${run.retryCount + 1} Versuchen fehlgeschlagen: ${reason}`,
          });
      }
      await setJob(tx, run.jobId, {
        state: last ? 'fehlgeschlagen' : 'wiederholung',
        last_error: reason,
        messages,
        finished_at: last ? new Date() : null,
      });
    });
    throw err;
  }
}

/**
 * Documents whose payment lines in force are all booked by exported bookings become
 * `gebucht` (only confirmed ones: `geprueft`). Candidates are the documents of this
 * session's bookings and of the lines they book.
 */
export async function markDocumentsBooked(tx: DbOrTx, sessionId: number) {
  await tx.execute(sql`
    with candidates as (
      select b.document_id as id from bookings b where b.session_id = ${sessionId} and b.document_id is not null
      union
      select l.document_id from booking_lines bl join bookings b on b.id = bl.booking_id
        join payment_lines l on l.id = bl.payment_line_id
        where b.session_id = ${sessionId} and l.document_id is not null
    )
    update documents d set status = 'gebucht', updated_at = now()
    from candidates c
    where d.id = c.id and d.status = 'geprueft'
      and not exists (
        select 1 from payment_lines l
        left join bookings b on b.id = l.booking_id
        where l.document_id = d.id and l.superseded_by is null and l.status <> 'storniert' and l.betrag <> 0
          and l.kind not in ${[...OPENING_KINDS]}
          and (b.id is null or b.exported_at is null)
      )`);
}

/** The job rows of a session, newest first. */
export const jobsOfSession = (db: DbOrTx, sessionId: number) =>
  db
    .select()
    .from(exportJobs)
    .where(eq(exportJobs.session_id, sessionId))
    .orderBy(sql`${exportJobs.created_at} desc, ${exportJobs.id} desc`);
