import {
  DOCUMENT_STATUSES,
  DOCUMENT_TYPE_FIELDS,
  DOCUMENT_TYPES,
  type DocumentCheck,
  type DocumentConfirm,
  type DocumentReprocess,
  type DocumentUnconfirm,
  type DocumentField,
  type DocumentFields,
  type DocumentListParams,
  type DocumentStatus,
  type DocumentType,
  type DocumentUpdate,
  formatMoneyPlain,
  hebesatzProblem,
  pageMeta,
} from '@gewst/domain';
import type { Page } from '@gewst/extraction';
import { pagesText, parseDate, parseMoney } from '@gewst/extraction';
import type { Db, Tx } from '../../db/client';
import { AppError, conflict, forbidden, notFound, validationFailed } from '../../http/errors';
import { type Actor, recordAudit } from '../audit/service';
import { loadMasterData, requireCompany } from '../master-data/service';
import {
  applyConfirmedDocument,
  paymentsOfMasterData,
  previewConfirmedDocument,
  withdrawConfirmedDocument,
} from '../payments/service';
import { usersById } from '../users';
import { QUEUE_SCHEMA } from '../jobs/queue';
import { extractionChecks, keptExtractionChecks } from './checks';
import { checksFor, PROCESS_DOCUMENT, today } from './jobs';
import { matchMasterData } from './matching';
import { presentDetail, presentListItem, presentLock } from './presenter';
import { contextText, readFields, searchTextOf, senderKey } from './processing';
import * as repo from './repo';
import type { DocumentsRuntime } from './runtime';

const isAdmin = (actor: Actor) => actor.permissions.has('change-permissions-of-user');
const EDITABLE: DocumentStatus[] = ['zu_pruefen', 'fehler'];
const KNOWN_FIELDS = new Set(Object.values(DOCUMENT_TYPE_FIELDS).flat());
const MONEY = new Set([
  'messbetrag',
  'festgesetzte_steuer',
  'bisher_festgesetzt',
  'abrechnung',
  'zinsen',
  'saeumniszuschlag',
  'rueckstand',
  'gewerbeertrag',
  'freibetrag',
]);
const DATES = new Set(['bescheid_datum', 'faellig_am', 'zinsen_von', 'zinsen_bis']);
const INTS = new Set(['erhebungszeitraum', 'hebesatz']);

export async function listDocuments(db: Db, actor: Actor, q: DocumentListParams) {
  if (q.deleted && !isAdmin(actor)) throw forbidden('Gelöschte Dokumente sehen nur Administratoren.');
  await requireCompany(db, q.company_id);
  const { rows, total } = await repo.listDocuments(db, q, today());
  const users = await usersById(
    db,
    rows.flatMap((r) => [r.uploaded_by, r.deleted_by]),
  );
  const positions = await queuePositionsOf(db, rows);
  return {
    data: rows.map((r) => presentListItem(r, users, positions.get(r.id) ?? null)),
    meta: pageMeta(q.page, q.per_page, total),
  };
}

/** Queue positions of the documents still waiting or running (none when the queue is not there). */
async function queuePositionsOf(db: Db | Tx, rows: repo.DocumentRow[]) {
  const open = rows.filter((r) => r.status === 'neu' || r.status === 'in_verarbeitung').map((r) => r.id);
  if (!open.length) return new Map<number, number>();
  return repo
    .queuePositions(db, QUEUE_SCHEMA, PROCESS_DOCUMENT.name, open)
    .catch(() => new Map<number, number>());
}

export async function documentStats(db: Db, companyId: number) {
  await requireCompany(db, companyId);
  const rows = await repo.documentStats(db, companyId, today());
  const byType = Object.fromEntries(DOCUMENT_TYPES.map((t) => [t, 0])) as Record<DocumentType, number>;
  const byStatus = Object.fromEntries(DOCUMENT_STATUSES.map((s) => [s, 0])) as Record<DocumentStatus, number>;
  let total = 0;
  let overdue = 0;
  let soon = 0;
  for (const r of rows) {
    total += r.n;
    overdue += r.overdue;
    soon += r.soon;
    if (r.type && r.type in byType) byType[r.type as DocumentType] += r.n;
    if (r.status in byStatus) byStatus[r.status as DocumentStatus] += r.n;
  }
  return { company_id: companyId, total, by_type: byType, by_status: byStatus, overdue, due_soon: soon };
}

/** A document the caller may see: deleted ones only for administrators. */
async function visible(db: Db | Tx, actor: Actor, id: number, forUpdate = false) {
  const row = forUpdate ? await repo.findDocumentForUpdate(db, id) : await repo.findDocument(db, id);
  if (!row || (row.deleted_at && !isAdmin(actor))) throw notFound('Das Dokument');
  return row;
}

export async function getDocument(db: Db, actor: Actor, id: number) {
  const row = await visible(db, actor, id);
  return detail(db, actor, row);
}

async function detail(db: Db | Tx, actor: Actor, row: repo.DocumentRow) {
  const versions = await repo.versionsOf(db, row.id);
  const users = await usersById(db, [
    row.uploaded_by,
    row.confirmed_by,
    row.lock_user_id,
    row.deleted_by,
    ...versions.map((v) => v.created_by),
  ]);
  const masterData = row.master_data_id
    ? await loadMasterData(db, row.master_data_id).catch(() => null)
    : null;
  const payments =
    masterData && row.master_data_id ? await paymentsOfMasterData(db, row.master_data_id) : null;
  const now = await repo.dbNow(db);
  const positions = await queuePositionsOf(db, [row]);
  return presentDetail({
    queuePosition: positions.get(row.id) ?? null,
    row,
    users,
    versions,
    masterData,
    payments,
    lock: presentLock(row, users, actor.userId, now),
  });
}

/** 423 when another user holds an unexpired lock. */
export async function assertNotLockedByOther(db: Db | Tx, actor: Actor, row: repo.DocumentRow) {
  const now = await repo.dbNow(db);
  if (
    row.lock_user_id !== null &&
    row.lock_user_id !== actor.userId &&
    row.lock_expires_at &&
    new Date(row.lock_expires_at) > now
  ) {
    const users = await usersById(db, [row.lock_user_id]);
    const lock = presentLock(row, users, actor.userId, now);
    throw lockedError(lock);
  }
}

function lockedError(lock: ReturnType<typeof presentLock>) {
  const who = lock.locked_by?.name ?? 'einem anderen Benutzer';
  return new AppError(
    423,
    'DOCUMENT_LOCKED',
    `Das Dokument wird gerade von ${who} bearbeitet. Sie können es nur lesen.`,
    undefined,
    { lock },
  );
}

/** One change inside a transaction: the row locked, the lock of others respected, audited. */
async function change(
  db: Db,
  actor: Actor,
  id: number,
  action: string,
  fn: (tx: Tx, row: repo.DocumentRow) => Promise<Partial<repo.DocumentInsert>>,
) {
  return db.transaction(async (tx) => {
    const row = await visible(tx, actor, id, true);
    if (row.deleted_at && action !== 'restore') throw notFound('Das Dokument');
    // An archived document is read-only until it is restored (issue 15, the archive).
    if (row.archived && !['archive', 'delete', 'restore'].includes(action))
      throw conflict(
        'DOCUMENT_ARCHIVED',
        'Das Dokument ist archiviert und nur lesbar; zum Bearbeiten zuerst aus dem Archiv wiederherstellen.',
      );
    await assertNotLockedByOther(tx, actor, row);
    const values = await fn(tx, row);
    const after = (await repo.updateDocument(tx, id, values))!;
    await recordAudit(tx, actor, {
      action,
      entity: 'document',
      entityId: id,
      before: pick(row, Object.keys(values)),
      after: pick(after, Object.keys(values)),
    });
    return detail(tx, actor, after);
  });
}

const pick = (row: object, keys: string[]) =>
  Object.fromEntries(
    keys
      .filter((k) => k !== 'pages' && k !== 'search_text')
      .map((k) => [k, (row as Record<string, unknown>)[k]]),
  );

function requireEditable(row: repo.DocumentRow) {
  if (!EDITABLE.includes(row.status as DocumentStatus))
    throw conflict(
      'DOCUMENT_NOT_EDITABLE',
      row.status === 'neu' || row.status === 'in_verarbeitung'
        ? 'Das Dokument wird noch verarbeitet. Bitte kurz warten.'
        : 'Das Dokument ist bereits geprüft und kann nicht mehr geändert werden.',
    );
}

const LISTS: Record<string, string> = {
  vorauszahlungen: 'Vorauszahlungen als Liste von { jahr, quartal, betrag, faellig_am } angeben.',
  zerlegungsanteile: 'Zerlegungsanteile als Liste von { gemeinde, ags, anteil } angeben.',
};

function normaliseValue(name: string, value: DocumentField['value']): DocumentField['value'] {
  const bad = (msg: string) => validationFailed({ [`fields.${name}`]: [msg] });
  // A list only where the field is one, and the list of the right kind (never a 500 or a
  // list stored in an amount).
  const listMessage = LISTS[name];
  if (listMessage) {
    if (!Array.isArray(value)) throw bad(listMessage);
    const money = (v: string) => (/^-?\d+(\.\d{1,2})?$/.test(v.trim()) ? formatMoneyPlain(v) : parseMoney(v));
    const date = (v: string) => (/^\d{4}-\d{2}-\d{2}$/.test(v.trim()) ? v.trim() : parseDate(v));
    const out = value.map((item) => {
      if (name === 'vorauszahlungen' && 'quartal' in item) {
        const betrag = money(item.betrag);
        const faellig = date(item.faellig_am);
        return betrag && faellig ? { ...item, betrag, faellig_am: faellig } : null;
      }
      if (name === 'zerlegungsanteile' && 'gemeinde' in item) {
        const anteil = money(item.anteil);
        return anteil && item.gemeinde.trim() ? { ...item, anteil } : null;
      }
      return null;
    });
    if (out.some((item) => item === null)) throw bad(listMessage);
    if (name === 'vorauszahlungen') {
      const keys = (out as { jahr: number; quartal: number }[]).map((q) => `${q.jahr}-${q.quartal}`);
      if (new Set(keys).size !== keys.length) throw bad('Jedes Quartal eines Jahres nur einmal angeben.');
    } else {
      const agsList = (out as { ags: string | null }[]).map((z) => z.ags?.trim() || null);
      if (agsList.some((a) => a !== null && !/^\d{8}$/.test(a)))
        throw bad('Der amtliche Gemeindeschlüssel (AGS) besteht aus 8 Ziffern.');
      const present = agsList.filter((a) => a !== null);
      if (new Set(present).size !== present.length) throw bad('Jede Gemeinde nur einmal angeben.');
    }
    return out as DocumentField['value'];
  }
  if (Array.isArray(value)) throw bad('Für dieses Feld ist keine Liste möglich.');
  if (value === null || (typeof value !== 'string' && typeof value !== 'number')) return value;
  const s = String(value).trim();
  if (MONEY.has(name)) {
    const m = /^-?\d+(\.\d{1,2})?$/.test(s) ? formatMoneyPlain(s) : parseMoney(s);
    if (!m) throw bad('Betrag wie 2.021,60 oder 2021.60 angeben.');
    return m;
  }
  if (DATES.has(name)) {
    const d = /^\d{4}-\d{2}-\d{2}$/.test(s) ? s : parseDate(s);
    if (!d) throw bad('Datum wie 31.12.2025 oder 2025-12-31 angeben.');
    return d;
  }
  if (INTS.has(name)) {
    const n = Number(s.replace(/\s?(%|v\.\s?H\.)$/i, ''));
    if (name === 'hebesatz') {
      const problem =
        s === '' ? 'Der Hebesatz muss eine Zahl in Prozent sein, z. B. 400.' : hebesatzProblem(n);
      if (problem) throw bad(problem);
    }
    if (!Number.isInteger(n)) throw bad('Bitte eine ganze Zahl angeben.');
    return n;
  }
  if (name === 'iban') return s.replace(/\s+/g, '').toUpperCase();
  return s;
}

/** New fields: the establishment matched (unless assigned), the checks again, the search text. */
async function afterFieldChange(
  tx: Tx,
  row: repo.DocumentRow,
  type: DocumentType | null,
  fields: DocumentFields,
  /** The extraction's arithmetic checks of a new reading (else those of the row are kept). */
  extracted?: DocumentCheck[],
) {
  let masterDataId = row.master_data_id;
  let match = row.match;
  if (masterDataId === null) {
    const m = await matchMasterData(tx, row.company_id, fields);
    masterDataId = m.master_data_id;
    match = m;
  }
  const checks = [
    ...(await checksFor(tx, type, fields, masterDataId)),
    ...keptExtractionChecks(extracted ?? ((row.checks ?? []) as DocumentCheck[]), fields),
  ];
  // The search covers the corrected values too (not only what the extraction read).
  const text = row.pages ? pagesText(row.pages as Page[]) : '';
  return {
    fields,
    checks,
    master_data_id: masterDataId,
    match,
    search_text: searchTextOf(text, fields, row.filename),
  };
}

export async function updateDocument(db: Db, actor: Actor, id: number, body: DocumentUpdate) {
  if ('archived' in body) return change(db, actor, id, 'archive', async () => ({ archived: body.archived }));
  if ('dueDate' in body)
    return change(db, actor, id, 'follow-up', async () => ({
      due_date: body.dueDate,
      due_text: body.dueText,
    }));
  if ('type' in body)
    return change(db, actor, id, 'set-type', async (tx, row) => {
      requireEditable(row);
      // The fields of the new type are read from the stored text; values a user entered stay.
      const old = (row.fields ?? {}) as DocumentFields;
      let fields = old;
      let extracted: DocumentCheck[] | undefined;
      if (row.pages && body.type !== row.type) {
        const read = await readFields(tx, body.type, row.pages as Page[]);
        fields = { ...read.fields };
        for (const [name, f] of Object.entries(old)) if (f.source === 'user') fields[name] = f;
        extracted = extractionChecks(read.checks, fields);
      }
      return {
        type: body.type,
        type_confidence: 1,
        type_by_user: true,
        ...(await afterFieldChange(tx, row, body.type, fields, extracted)),
      };
    });
  if ('master_data_id' in body)
    return change(db, actor, id, 'assign-master-data', async (tx, row) => {
      requireEditable(row);
      if (
        body.master_data_id !== null &&
        !(await repo.masterDataOfCompany(tx, body.master_data_id, row.company_id))
      )
        throw validationFailed({
          master_data_id: ['Diese Betriebsstätte gehört nicht zur Firma des Dokuments.'],
        });
      const checks = [
        ...(await checksFor(
          tx,
          row.type as DocumentType | null,
          row.fields as DocumentFields,
          body.master_data_id,
        )),
        ...keptExtractionChecks((row.checks ?? []) as DocumentCheck[], row.fields as DocumentFields),
      ];
      return { master_data_id: body.master_data_id, checks };
    });
  return change(db, actor, id, 'edit-fields', async (tx, row) => {
    requireEditable(row);
    const fields = { ...((row.fields ?? {}) as DocumentFields) };
    const picked: { name: string; page: number; rect: [number, number, number, number] }[] = [];
    for (const [name, input] of Object.entries(body.fields)) {
      if (!KNOWN_FIELDS.has(name)) throw validationFailed({ [`fields.${name}`]: ['Unbekanntes Feld.'] });
      if (input.value === null) {
        delete fields[name];
        continue;
      }
      const old = fields[name];
      const rect = input.rect ?? old?.rect ?? null;
      const page = input.page ?? old?.page ?? null;
      fields[name] = { value: normaliseValue(name, input.value), confidence: 1, page, rect, source: 'user' };
      if (input.rect && input.page) picked.push({ name, page: input.page, rect: input.rect });
    }
    // Learn from the correction: the rectangle becomes a layout hint for the sender and field.
    const sender = senderKey(fields);
    if (sender) {
      for (const p of picked) {
        await repo.upsertHint(tx, {
          sender,
          field: p.name,
          page: p.page,
          rect: p.rect,
          context: row.pages ? contextText(row.pages as Page[], p.page, p.rect) : null,
          created_by: actor.userId,
        });
      }
    }
    return afterFieldChange(tx, row, row.type as DocumentType | null, fields);
  });
}

export const deleteDocument = (db: Db, actor: Actor, id: number) =>
  change(db, actor, id, 'delete', async () => ({
    deleted_at: new Date(),
    deleted_by: actor.userId,
    lock_user_id: null,
    lock_expires_at: null,
  }));

/**
 * "Löschen rückgängig", refused while another active document of the company has the same
 * content (SHA-256). A document removed while waiting or in processing lost its run: the
 * worker skips a removed document and its job ends. If its job is no longer live, taking the
 * removal back starts the processing again from `neu` with a new job and its stale progress
 * cleared (as a restore of a backup does), so none stays in processing without a job.
 */
export async function restoreDocument(rt: DocumentsRuntime, actor: Actor, id: number) {
  return change(rt.database.db, actor, id, 'restore', async (tx, row) => {
    if (!row.deleted_at) throw conflict('DOCUMENT_NOT_DELETED', 'Das Dokument ist nicht gelöscht.');
    // The same file may have come in again after the removal (intake stores it anew then):
    // one active document per content, checked under intake's lock of that content.
    const active = await repo.findActiveDuplicateLocked(tx, row.company_id, row.sha256);
    if (active)
      throw new AppError(
        409,
        'DOCUMENT_DUPLICATE',
        `Das Dokument kann nicht wiederhergestellt werden: Dieselbe Datei ist bereits als Dokument ${active.id} („${active.filename}“) vorhanden. Bitte mit jenem weiterarbeiten oder es zuerst löschen.`,
        undefined,
        { document_id: active.id },
      );
    const unfinished = row.status === 'neu' || row.status === 'in_verarbeitung';
    if (!unfinished || (await repo.jobIsLive(tx, QUEUE_SCHEMA, row.job_id)))
      return { deleted_at: null, deleted_by: null };
    const jobId = await rt.enqueueProcessing(tx, id);
    return { deleted_at: null, deleted_by: null, status: 'neu', job_id: jobId, error: null, progress: null };
  });
}

function requireConfirmable(row: repo.DocumentRow) {
  if (row.status !== 'zu_pruefen')
    throw conflict(
      'DOCUMENT_NOT_REVIEWABLE',
      row.status === 'geprueft' || row.status === 'gebucht'
        ? 'Die Prüfung dieses Dokuments ist bereits abgeschlossen.'
        : 'Nur Dokumente im Status „zu prüfen“ können abgeschlossen werden.',
    );
  const municipal = ['gewst_bescheid', 'vorauszahlungsbescheid', 'zinsbescheid', 'mahnung'];
  if (row.type && municipal.includes(row.type) && row.master_data_id === null)
    throw new AppError(422, 'MASTER_DATA_REQUIRED', 'Bitte zuerst eine Betriebsstätte zuordnen.');
}

/** What confirming would create and supersede, for the confirmation dialog. */
export async function confirmationPreview(db: Db, actor: Actor, id: number, override: boolean) {
  const row = await visible(db, actor, id);
  if (row.deleted_at) throw notFound('Das Dokument');
  requireConfirmable(row);
  return previewConfirmedDocument(db, row, override);
}

export async function confirmDocument(db: Db, actor: Actor, id: number, body: DocumentConfirm = null) {
  return change(db, actor, id, 'confirm', async (tx, row) => {
    requireConfirmable(row);
    await applyConfirmedDocument(tx, actor, row, body?.override_reason ?? null);
    return { status: 'geprueft', confirmed_at: new Date(), confirmed_by: actor.userId };
  });
}

/**
 * "Bestätigung zurücknehmen": the document is `zu_pruefen` again and editable; what its
 * confirmation did to the payment data is undone (see withdrawConfirmedDocument).
 */
export async function unconfirmDocument(db: Db, actor: Actor, id: number, body: DocumentUnconfirm) {
  return change(db, actor, id, 'unconfirm', async (tx, row) => {
    if (row.status !== 'geprueft')
      throw conflict(
        'DOCUMENT_NOT_CONFIRMED',
        row.status === 'gebucht'
          ? 'Das Dokument ist bereits gebucht; die Bestätigung kann nicht mehr zurückgenommen werden.'
          : 'Das Dokument ist nicht bestätigt.',
      );
    // Audit-logged there with the reason (and here with the status change).
    await withdrawConfirmedDocument(tx, actor, row, body.reason);
    return { status: 'zu_pruefen', confirmed_at: null, confirmed_by: null };
  });
}

export async function reprocessDocument(
  rt: DocumentsRuntime,
  actor: Actor,
  id: number,
  body: DocumentReprocess = null,
) {
  return change(rt.database.db, actor, id, 'reprocess', async (tx, row) => {
    if (row.status === 'geprueft' || row.status === 'gebucht')
      throw conflict('DOCUMENT_CONFIRMED', 'Ein geprüftes Dokument kann nicht erneut verarbeitet werden.');
    if (row.status === 'in_verarbeitung')
      throw conflict('DOCUMENT_PROCESSING', 'Das Dokument wird gerade verarbeitet.');
    const jobId = await rt.enqueueProcessing(tx, id);
    // The job keeps every value a user entered; dropping the corrections means forgetting them here.
    const keep = body?.keep_corrections ?? true;
    const fields = keep
      ? undefined
      : Object.fromEntries(
          Object.entries((row.fields ?? {}) as DocumentFields).filter(([, f]) => f.source !== 'user'),
        );
    return { status: 'neu', error: null, job_id: jobId, ...(fields ? { fields } : {}) };
  });
}

export async function keepLocking(db: Db, actor: Actor, id: number, seconds: number) {
  const row = await visible(db, actor, id);
  if (row.deleted_at) throw notFound('Das Dokument');
  const taken = await repo.tryLock(db, id, actor.userId!, seconds);
  const after = (await repo.findDocument(db, id))!;
  const users = await usersById(db, [after.lock_user_id]);
  const lock = presentLock(after, users, actor.userId, await repo.dbNow(db));
  if (!taken) throw lockedError(lock);
  return lock;
}

export async function releaseLock(db: Db, actor: Actor, id: number) {
  await visible(db, actor, id);
  await repo.releaseLock(db, id, actor.userId!);
  const after = (await repo.findDocument(db, id))!;
  const users = await usersById(db, [after.lock_user_id]);
  return presentLock(after, users, actor.userId, await repo.dbNow(db));
}
