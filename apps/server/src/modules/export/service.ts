import {
  EXPORT_TARGET_LABELS,
  type ExportFormat,
  type ExportJobState,
  type ExportQueues,
  SESSION_ACTION_LABELS,
  SESSION_STATUS_LABELS,
  type SessionAction,
  type SessionStatus,
  transition,
} from '@gewst/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/sql';
import { AppError, notFound } from '../../http/errors';
import type { Actor } from '../audit/service';
import { runTransition } from '../bookings';
import { buildFiles, jobsOfSession } from './job';
import { protocolFileName } from './protocol';
import { protocolPdf } from './protocol-pdf';
import { protocolXlsx } from './protocol-xlsx';
import type { ExportRuntime } from './runtime';
import { exportDeliveries, exportFiles, exportReports } from './schema';
import { exportBookings, exportSettingsOf, sessionHead, sessionLabel } from './source';
import { resolveTargets } from './targets';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** `GET bookings/{id}/queues`: jobs, per-target state, stored files and the protocol. */
export async function queuesView(db: DbOrTx, config: AppConfig, sessionId: number): Promise<ExportQueues> {
  const head = await sessionHead(db, sessionId);
  const [jobs, deliveries, files, reports, users] = await Promise.all([
    jobsOfSession(db, sessionId),
    db.select().from(exportDeliveries).where(eq(exportDeliveries.session_id, sessionId)),
    db
      .select({
        format: exportFiles.format,
        part: exportFiles.part,
        file_name: exportFiles.file_name,
        sha256: exportFiles.sha256,
        size: exportFiles.size,
        bookings: exportFiles.bookings,
      })
      .from(exportFiles)
      .where(eq(exportFiles.session_id, sessionId))
      .orderBy(exportFiles.format, exportFiles.part),
    db
      .select({ generated_at: exportReports.generated_at, generated_by: exportReports.generated_by })
      .from(exportReports)
      .where(eq(exportReports.session_id, sessionId)),
    rowsOf<{ id: number; username: string }>(db, sql`select id, username from users`),
  ]);
  const userName = (id: number | null) => users.find((u) => u.id === id)?.username ?? null;
  const delivery = (d: (typeof deliveries)[number]) => ({
    target: d.target as 'verzeichnis' | 'http',
    location: d.location,
    format: d.format as ExportFormat,
    part: d.part,
    file_name: d.file_name,
    sha256: d.sha256,
    delivered_at: d.delivered_at.toISOString(),
  });
  const exportSettings = await exportSettingsOf(db, head.company_id);
  const { targets } = resolveTargets(config, exportSettings, head.company_id);
  const configured = [
    ...targets.map((t) => ({ target: t.kind, location: t.location })),
    // a target whose token is missing still shows (it is why the export failed)
    ...(exportSettings.http && !targets.some((t) => t.kind === 'http')
      ? [{ target: 'http' as const, location: new URL(exportSettings.http.url).origin }]
      : []),
  ];
  const wanted = files.filter((f) => f.format === exportSettings.format).length;
  const report = reports[0];
  return {
    session_id: sessionId,
    status: head.status,
    export_error: head.export_error,
    jobs: jobs.map((j) => ({
      id: j.id,
      state: j.state as ExportJobState,
      attempts: j.attempts,
      retry_limit: j.retry_limit,
      last_error: j.last_error,
      messages: j.messages,
      created_at: j.created_at.toISOString(),
      started_at: iso(j.started_at),
      finished_at: iso(j.finished_at),
      created_by: userName(j.created_by),
      deliveries: deliveries.filter((d) => d.job_id === j.id).map(delivery),
    })),
    targets: configured.map((t) => {
      const got = deliveries.filter((d) => d.target === t.target && d.location === t.location);
      const complete = wanted > 0 && got.filter((d) => d.format === exportSettings.format).length >= wanted;
      return {
        target: t.target,
        label: EXPORT_TARGET_LABELS[t.target],
        location: t.location,
        state: complete
          ? 'exportiert'
          : head.status === 'export_fehlgeschlagen'
            ? 'fehlgeschlagen'
            : 'ausstehend',
        deliveries: got.map(delivery),
      };
    }),
    files: files.map((f) => ({
      ...f,
      format: f.format as ExportFormat,
      download: `bookings/${sessionId}/export?format=${f.format}&part=${f.part}`,
    })),
    report: report
      ? {
          generated_at: report.generated_at.toISOString(),
          generated_by: userName(report.generated_by),
          pdf: `bookings/${sessionId}/report?format=pdf`,
          xlsx: `bookings/${sessionId}/report?format=xlsx`,
        }
      : null,
  };
}

/** `PUT bookings/{id}/retrigger-failed-jobs`: back to `freigegeben` and a new job, under the row lock. */
export async function retrigger(db: Db, runtime: ExportRuntime, actor: Actor, sessionId: number) {
  await db.transaction((tx) =>
    runTransition(tx, actor, sessionId, 'retrigger-failed-jobs', {
      step: async () => {
        const jobId = await runtime.enqueue(tx, sessionId, actor);
        return { patch: { export_error: null }, details: { job_id: jobId } };
      },
    }),
  );
}

/**
 * An exported file, exactly as the targets received it: written again from the session
 * (the writers are deterministic) and served only if its SHA-256 equals the recorded one.
 */
export async function exportFile(db: DbOrTx, sessionId: number, format: ExportFormat, part: number) {
  const head = await sessionHead(db, sessionId);
  const [file] = await db
    .select()
    .from(exportFiles)
    .where(
      and(eq(exportFiles.session_id, sessionId), eq(exportFiles.format, format), eq(exportFiles.part, part)),
    );
  if (!file)
    throw new AppError(
      404,
      'EXPORT_FILE_NOT_FOUND',
      `Für diesen Stapel gibt es keine exportierte ${format === 'datev' ? 'DATEV-Datei' : 'CSV-Datei'} (Teil ${part}).`,
    );
  const again = (await buildFiles(db, head, format)).files.find(
    (f) => f.format === format && f.part === part,
  );
  if (!again || again.sha256 !== file.sha256)
    throw new AppError(
      409,
      'EXPORT_FILE_CHANGED',
      `Die Datei ${file.file_name} lässt sich nicht mehr unverändert erzeugen (SHA-256 weicht ab). Bitte die Datei aus dem Exportziel verwenden.`,
    );
  return {
    fileName: file.file_name,
    bytes: again.bytes,
    type: format === 'datev' ? 'text/csv; charset=windows-1252' : 'text/csv; charset=utf-8',
  };
}

/**
 * `PUT bookings/{id}/generate_report`: the booking protocol as PDF and xlsx, stored as the
 * session's report (replacing an earlier one) and logged in the session log.
 */
export async function generateReport(db: Db, actor: Actor, sessionId: number) {
  const head = await sessionHead(db, sessionId);
  const check = transition(
    { status: head.status as SessionStatus, type: head.type, archived: head.archived },
    'generate_report',
  );
  if (!check.allowed) throw new AppError(409, check.code, check.message);
  const [bookings, log, deliveries] = await Promise.all([
    exportBookings(db, sessionId),
    rowsOf<{ at: string | Date; user: string | null; action: string; comment: string | null }>(
      db,
      sql`select l.created_at as at, u.username as user, l.action, l.comment
          from session_logs l left join users u on u.id = l.user_id
          where l.session_id = ${sessionId} order by l.id`,
    ),
    db.select().from(exportDeliveries).where(eq(exportDeliveries.session_id, sessionId)),
  ]);
  const generatedAt = new Date();
  const input = {
    session: {
      id: head.id,
      type: head.type,
      label: sessionLabel(head),
      status: SESSION_STATUS_LABELS[head.status as SessionStatus] ?? head.status,
      companyName: head.company_name,
    },
    bookings,
    log: log.map((l) => ({
      at: new Date(l.at),
      user: l.user ?? 'System',
      action: SESSION_ACTION_LABELS[l.action as SessionAction] ?? l.action,
      comment: l.comment,
    })),
    approval: head.approved_at ? { by: head.approved_by ?? 'unbekannt', at: head.approved_at } : null,
    exports: deliveries.map((d) => ({
      target: `${EXPORT_TARGET_LABELS[d.target as 'verzeichnis' | 'http']} ${d.location}`,
      fileName: d.file_name,
      sha256: d.sha256,
      at: d.delivered_at,
    })),
    generatedAt,
    generatedBy: actor.username,
  };
  const [pdf, xlsx] = await Promise.all([protocolPdf(input), protocolXlsx(input)]);
  await db.transaction(async (tx) => {
    await runTransition(tx, actor, sessionId, 'generate_report', {
      step: async () => ({ details: { pdf: protocolFileName(sessionId, 'pdf') } }),
    });
    // bytea through base64 text: a binary parameter costs PGlite about 15 times as much
    await tx.execute(sql`
      insert into export_reports (session_id, pdf, xlsx, generated_at, generated_by)
      values (${sessionId}, decode(${pdf.toString('base64')}, 'base64'), decode(${xlsx.toString('base64')}, 'base64'),
        ${generatedAt.toISOString()}, ${actor.userId})
      on conflict (session_id) do update set pdf = excluded.pdf, xlsx = excluded.xlsx,
        generated_at = excluded.generated_at, generated_by = excluded.generated_by`);
  });
}

export async function reportFile(db: DbOrTx, sessionId: number, format: 'pdf' | 'xlsx') {
  await sessionHead(db, sessionId);
  const [report] = await rowsOf<{ content: string }>(
    db,
    sql`select encode(${format === 'pdf' ? sql`pdf` : sql`xlsx`}, 'base64') as content
        from export_reports where session_id = ${sessionId}`,
  );
  if (!report) throw notFound('Das Buchungsprotokoll');
  return {
    fileName: protocolFileName(sessionId, format),
    bytes: Buffer.from(report.content, 'base64'),
    type:
      format === 'pdf'
        ? 'application/pdf'
        : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  };
}
