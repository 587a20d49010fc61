import {
  ACCOUNT_PURPOSES,
  type AccountPurpose,
  type BookingChange,
  fourEyesRefusal,
  type SessionAction,
  type SessionStatus,
  type SessionType,
  transition,
  type TransitionEffect,
  formatMoneyPlain,
} from '@gewst/domain';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { AppError, conflict, notFound, validationFailed } from '../../http/errors';
import { type Actor, recordAudit } from '../audit/service';
import { rowsOf } from '../../db/sql';
import { accountMappingOf } from './accounts';
import { bookingToday, insertReversals } from './generation';
import * as repo from './repo';
import { sessionView } from './service';

type SessionPatch = Partial<typeof import('./schema').bookingSessions.$inferInsert>;

interface StepResult {
  patch?: SessionPatch;
  details?: unknown;
  created_session_id?: number | null;
}

interface RunOptions {
  comment?: string | null;
  /** Checked after the lock, before the state machine (e.g. the four-eyes rule needs the row). */
  step: (
    tx: Tx,
    session: repo.SessionRow,
    to: SessionStatus,
    effect: TransitionEffect,
  ) => Promise<StepResult | void>;
}

/**
 * The one place where a session changes status: locks the row (so two approvals at once
 * cannot both pass), asks the domain state machine, runs the action's step, writes the
 * session log and the audit log — all in one transaction. Refusals are 409 with the state
 * machine's German message.
 */
export async function runTransition(
  tx: Tx,
  actor: Actor,
  sessionId: number,
  action: SessionAction,
  options: RunOptions,
) {
  const session = await repo.lockSession(tx, sessionId);
  if (!session) throw notFound('Der Buchungsstapel');
  const storno = await repo.pendingStorno(tx, sessionId);
  const verdict = transition(
    {
      status: session.status as SessionStatus,
      type: session.type as SessionType,
      archived: session.archived,
      storno_pending: storno !== null,
    },
    action,
  );
  if (!verdict.allowed) throw new AppError(409, verdict.code, verdict.message);
  const result = (await options.step(tx, session, verdict.to, verdict.effect)) ?? {};
  const statusChanged = verdict.to !== session.status;
  const after = await repo.updateSession(tx, sessionId, {
    ...(statusChanged ? { status: verdict.to } : {}),
    ...result.patch,
  });
  await repo.insertLog(tx, {
    session_id: sessionId,
    action,
    from_status: session.status,
    to_status: after.status,
    comment: options.comment ?? null,
    details: (result.details ?? null) as never,
    user_id: actor.userId,
  });
  await recordAudit(tx, actor, {
    action: `booking-session-${action}`,
    entity: 'booking_session',
    entityId: sessionId,
    before: { status: session.status, archived: session.archived },
    after: {
      status: after.status,
      archived: after.archived,
      ...(options.comment ? { comment: options.comment } : {}),
      ...(result.details ? { details: result.details } : {}),
    },
  });
  return { created_session_id: result.created_session_id ?? null };
}

/** Runs a user action in its own transaction and answers with the session as it is now. */
async function userAction(db: Db, actor: Actor, id: number, action: SessionAction, options: RunOptions) {
  const { created_session_id } = await db.transaction((tx) => runTransition(tx, actor, id, action, options));
  return { session: await sessionView(db, id), created_session_id };
}

const now = () => new Date();

/** Runs inside the approval's transaction after the four-eyes check (registered by the export). */
export type ApprovedHook = (tx: Tx, sessionId: number, actor: Actor) => Promise<void>;

export const closeSession = (db: Db, actor: Actor, id: number) =>
  userAction(db, actor, id, 'close', {
    step: async (tx, s) => {
      const [{ n } = { n: 0 }] = await rowsOf<{ n: number }>(
        tx,
        sql`select count(*)::int as n from bookings where session_id = ${s.id}`,
      );
      if (n === 0)
        throw conflict('SESSION_EMPTY', 'Ein Stapel ohne Buchungen kann nicht geschlossen werden.');
      return { patch: { closed_at: now(), closed_by: actor.userId } };
    },
  });

export const submitSession = (db: Db, actor: Actor, id: number, comment: string | null) =>
  userAction(db, actor, id, 'submit', {
    comment,
    step: async () => ({ patch: { submitted_at: now(), submitted_by: actor.userId } }),
  });

export const rejectSession = (db: Db, actor: Actor, id: number, comment: string) =>
  userAction(db, actor, id, 'reject', {
    comment,
    step: async () => ({ patch: { submitted_at: null, submitted_by: null } }),
  });

export const revertToClosed = (db: Db, actor: Actor, id: number, comment: string | null) =>
  userAction(db, actor, id, 'revert-to-closed', {
    comment,
    step: async () => ({
      patch: {
        submitted_at: null,
        submitted_by: null,
        approved_at: null,
        approved_by: null,
        export_error: null,
      },
    }),
  });

/**
 * Four-eyes approval: the approver is neither the submitter nor the last person who
 * changed a booking of the session (403 with the reason). `approved_at` defaults to now;
 * it may not lie in the future nor before the submission.
 */
export const approveSession = (
  db: Db,
  actor: Actor,
  id: number,
  approvedAt: string | null,
  afterApprove?: ApprovedHook,
) =>
  userAction(db, actor, id, 'approve', {
    step: async (tx, s) => {
      const refusal = fourEyesRefusal({
        approverId: actor.userId,
        submittedBy: s.submitted_by,
        lastChangedBy: await repo.changersOfSession(tx, s.id),
      });
      if (refusal) throw new AppError(403, 'FOUR_EYES', refusal);
      const at = approvedAt ? new Date(approvedAt) : now();
      if (at.getTime() > Date.now() + 5 * 60_000)
        throw validationFailed({ approved_at: ['Die Freigabe kann nicht in der Zukunft liegen.'] });
      if (s.submitted_at && at.getTime() < new Date(s.submitted_at).getTime() - 1000)
        throw validationFailed({ approved_at: ['Die Freigabe kann nicht vor der Einreichung liegen.'] });
      // e.g. the export job, enqueued in this transaction: committed with the approval or not at all
      await afterApprove?.(tx, s.id, actor);
      return {
        patch: { approved_at: at, approved_by: actor.userId },
        details: { approved_at: at.toISOString() },
      };
    },
  });

export const archiveSession = (db: Db, actor: Actor, id: number) =>
  userAction(db, actor, id, 'archive', {
    step: async () => ({ patch: { archived: true, archived_at: now(), archived_by: actor.userId } }),
  });

// ---------------------------------------------------------------- cancel (storno)

/**
 * Storno of an exported session: a new `storno` session with a reversing booking for
 * every booking of the session not reversed yet; it runs the same workflow, and once it is
 * exported the original becomes `storniert` (completeStorno).
 */
export const cancelSession = (db: Db, actor: Actor, id: number, comment: string) =>
  userAction(db, actor, id, 'cancel', {
    comment,
    step: async (tx, s) => {
      const [{ n } = { n: 0 }] = await rowsOf<{ n: number }>(
        tx,
        sql`select count(*)::int as n from bookings where session_id = ${s.id} and reversed_by is null`,
      );
      if (n === 0)
        throw conflict(
          'SESSION_NOTHING_TO_CANCEL',
          'Alle Buchungen dieses Stapels sind bereits storniert oder korrigiert; es bleibt nichts zu stornieren.',
        );
      const storno = await repo.insertSession(tx, {
        company_id: s.company_id,
        type: 'storno',
        status: 'offen',
        year: s.year,
        quartal: s.quartal,
        related_session_id: s.id,
        created_by: actor.userId,
      });
      const originals = await rowsOf<
        repo.BookingRow & { gemeinde: string | null; amount: string; due_date: string | null }
      >(
        tx,
        sql`select b.id, b.company_id, b.amount::text as amount, b.sh, b.konto, b.gegenkonto, b.purpose,
              b.counter_purpose, b.text, b.belegfeld1, b.kost1, b.kost2, b.tax_year, b.quartal, b.kind,
              b.due_date::text as due_date, b.master_data_id, b.document_id, m.name as gemeinde
            from bookings b left join master_data md on md.id = b.master_data_id
            left join municipalities m on m.ags = md.ags
            where b.session_id = ${s.id} and b.reversed_by is null order by b.id`,
      );
      const ids = await insertReversals(tx, actor, storno.id, originals, bookingToday());
      await repo.insertLog(tx, {
        session_id: storno.id,
        action: 'created',
        to_status: 'offen',
        comment,
        user_id: actor.userId,
        details: { storno_of: s.id, bookings: ids.length },
      });
      return {
        created_session_id: storno.id,
        details: { storno_session_id: storno.id, bookings: ids.length },
      };
    },
  });

// ---------------------------------------------------------------- correct

const FIELDS = ['amount', 'konto', 'gegenkonto', 'text', 'kost1', 'kost2'] as const;

/**
 * Corrections. On a closed session the bookings are edited in place (before/after in the
 * log; the corrector becomes their last changer, so the four-eyes rule excludes them). On
 * an exported session nothing is edited: a new `korrektur` session receives, per change,
 * the reversal of the exported booking and the corrected booking.
 */
export const correctSession = (
  db: Db,
  actor: Actor,
  id: number,
  changes: BookingChange[],
  comment: string | null,
) =>
  userAction(db, actor, id, 'correct', {
    comment,
    step: async (tx, s, _to, effect) => {
      const ids = changes.map((c) => c.booking_id);
      if (new Set(ids).size !== ids.length)
        throw validationFailed({ changes: ['Jede Buchung darf nur einmal geändert werden.'] });
      const rows = await repo.findBookings(tx, s.id, ids);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const missing = ids.filter((b) => !byId.has(b));
      if (missing.length)
        throw validationFailed({
          changes: [`Buchung ${missing.join(', ')} gehört nicht zu diesem Stapel.`],
        });
      const mapping = await accountMappingOf(tx, s.company_id);
      const errors: Record<string, string[]> = {};
      changes.forEach((c, i) => {
        for (const k of ['konto', 'gegenkonto'] as const)
          if (c[k] !== undefined && c[k]!.length !== mapping.account_length)
            errors[`changes.${i}.${k}`] = [
              `Das Konto muss ${mapping.account_length} Stellen haben (Sachkontenlänge).`,
            ];
        const row = byId.get(c.booking_id)!;
        if (row.reversed_by !== null)
          errors[`changes.${i}.booking_id`] = [
            `Buchung ${row.id} ist bereits storniert und wird nicht mehr geändert.`,
          ];
        if (effect === 'korrektur-session' && row.reversal_of !== null)
          errors[`changes.${i}.booking_id`] = [
            `Buchung ${row.id} ist eine Stornobuchung; bitte den Stapel stornieren.`,
          ];
      });
      if (Object.keys(errors).length) throw validationFailed(errors);
      const purposeOf = (konto: string): AccountPurpose | null =>
        ACCOUNT_PURPOSES.find((p) => mapping.accounts[p] === konto) ?? null;
      const apply = (row: repo.BookingRow, c: BookingChange) => ({
        amount: c.amount !== undefined ? formatMoneyPlain(c.amount) : row.amount,
        konto: c.konto ?? row.konto,
        gegenkonto: c.gegenkonto ?? row.gegenkonto,
        purpose: c.konto !== undefined && c.konto !== row.konto ? purposeOf(c.konto) : row.purpose,
        counter_purpose:
          c.gegenkonto !== undefined && c.gegenkonto !== row.gegenkonto
            ? purposeOf(c.gegenkonto)
            : row.counter_purpose,
        text: c.text ?? row.text,
        kost1: c.kost1 !== undefined ? c.kost1 || null : row.kost1,
        kost2: c.kost2 !== undefined ? c.kost2 || null : row.kost2,
      });
      const diff = (row: repo.BookingRow, next: ReturnType<typeof apply>) => {
        const before: Record<string, unknown> = {};
        const afterValues: Record<string, unknown> = {};
        for (const f of FIELDS) {
          const a = f === 'amount' ? formatMoneyPlain(String(row.amount)) : row[f];
          if (a !== next[f]) {
            before[f] = a;
            afterValues[f] = next[f];
          }
        }
        return { booking_id: row.id, before, after: afterValues };
      };

      if (effect === 'in-place') {
        const log = [];
        for (const c of changes) {
          const row = byId.get(c.booking_id)!;
          const next = apply(row, c);
          log.push(diff(row, next));
          await repo.updateBooking(tx, row.id, { ...next, changed_by: actor.userId });
        }
        return { details: { changes: log } };
      }

      // exported: a korrektur session with reversal + corrected booking per change
      const korrektur = await repo.insertSession(tx, {
        company_id: s.company_id,
        type: 'korrektur',
        status: 'offen',
        year: s.year,
        quartal: s.quartal,
        related_session_id: s.id,
        created_by: actor.userId,
      });
      const originals = await rowsOf<repo.BookingRow & { gemeinde: string | null }>(
        tx,
        sql`select b.id, b.company_id, b.amount::text as amount, b.sh, b.konto, b.gegenkonto, b.purpose,
              b.counter_purpose, b.text, b.belegfeld1, b.kost1, b.kost2, b.tax_year, b.quartal, b.kind,
              b.due_date::text as due_date, b.master_data_id, b.document_id, m.name as gemeinde
            from bookings b left join master_data md on md.id = b.master_data_id
            left join municipalities m on m.ags = md.ags
            where b.id in ${ids} order by b.id`,
      );
      const date = bookingToday();
      const reversalIds = await insertReversals(tx, actor, korrektur.id, originals, date);
      const corrected = originals.map((o) => {
        const c = changes.find((x) => x.booking_id === o.id)!;
        const next = apply(o, c);
        return {
          session_id: korrektur.id,
          company_id: o.company_id,
          booking_date: date,
          ...next,
          sh: o.sh,
          belegfeld1: o.belegfeld1,
          tax_year: o.tax_year,
          quartal: o.quartal,
          kind: o.kind,
          due_date: o.due_date,
          master_data_id: o.master_data_id,
          document_id: o.document_id,
          corrected_from: o.id,
          created_by: actor.userId,
          changed_by: actor.userId,
        };
      });
      const newIds = await repo.insertBookings(tx, corrected);
      const lines = await repo.linesOfBookings(
        tx,
        originals.map((o) => o.id),
      );
      const newOf = new Map(originals.map((o, i) => [o.id, newIds[i]!]));
      await repo.linkLines(
        tx,
        lines.map((l) => ({ booking_id: newOf.get(l.booking_id)!, payment_line_id: l.payment_line_id })),
      );
      await tx.execute(
        sql`update payment_lines l set booking_id = x.new_id
            from jsonb_to_recordset(${JSON.stringify([...newOf].map(([old_id, new_id]) => ({ old_id, new_id })))}::jsonb)
              as x(old_id int, new_id int)
            where l.booking_id = x.old_id`,
      );
      const log = originals.map((o, i) => ({
        ...diff(
          o,
          apply(
            o,
            changes.find((x) => x.booking_id === o.id)!,
          ),
        ),
        reversal_id: reversalIds[i],
        corrected_id: newIds[i],
      }));
      await repo.insertLog(tx, {
        session_id: korrektur.id,
        action: 'created',
        to_status: 'offen',
        comment,
        user_id: actor.userId,
        details: { korrektur_of: s.id, changes: log },
      });
      return {
        created_session_id: korrektur.id,
        details: { korrektur_session_id: korrektur.id, changes: log },
      };
    },
  });

// ---------------------------------------------------------------- export results (for the export)

/**
 * For the export job (issue 14): records the result of exporting a `freigegeben` session in
 * the caller's transaction. Success marks every booking exported once and, for a storno
 * session, completes the storno (the original becomes `storniert`); failure keeps the error.
 */
export async function recordExportResult(
  tx: Tx,
  actor: Actor,
  sessionId: number,
  result: { ok: true } | { ok: false; error: string },
) {
  if (!result.ok) {
    await runTransition(tx, actor, sessionId, 'export-failed', {
      step: async () => ({ patch: { export_error: result.error }, details: { error: result.error } }),
    });
    return;
  }
  await runTransition(tx, actor, sessionId, 'export-succeeded', {
    step: async (t, s) => {
      await t.execute(
        sql`update bookings set exported_at = now() where session_id = ${s.id} and exported_at is null`,
      );
      return { patch: { exported_at: now(), export_error: null } };
    },
  });
  const session = await repo.findSession(tx, sessionId);
  if (session?.type === 'storno' && session.related_session_id !== null)
    await runTransition(tx, actor, session.related_session_id, 'storno-completed', {
      step: async () => ({ details: { storno_session_id: sessionId } }),
    });
}
