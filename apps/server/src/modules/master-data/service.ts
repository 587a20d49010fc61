import {
  HEBESATZ_MIN,
  type MasterDataData,
  type MasterDataListParams,
  pageMeta,
  type RateConflictResolved,
  type RateConflictResolution,
  rateConflictResolutionSchema,
} from '@gewst/domain';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { findPgError, isReferenceViolation, referencingTable } from '../../db/pg-errors';
import { AppError, conflict, notFound, validationFailed } from '../../http/errors';
import { type Actor, recordAudit } from '../audit/service';
import { findCompany } from '../companies/repo';
import { mergeRates, presentConflict, presentListItem, presentMasterData } from './presenter';
import * as repo from './repo';

/** German names of tables that reference an establishment, for the delete refusal. */
const DEPENDENT_DATA_LABELS: Record<string, string> = {
  documents: 'Dokumente',
  payments: 'Zahlungsdaten',
  payment_lines: 'Zahlungsdaten',
  bookings: 'Buchungen',
  zerlegung_lines: 'Zerlegungen',
};

export async function requireCompany(db: DbOrTx, companyId: number) {
  const company = await findCompany(db, companyId);
  if (!company) throw notFound('Die Firma');
  return company;
}

export async function listMasterData(db: Db, companyId: number, q: MasterDataListParams) {
  await requireCompany(db, companyId);
  const { rows, total } = await repo.listMasterData(db, companyId, q);
  return { data: rows.map(presentListItem), meta: pageMeta(q.page, q.per_page, total) };
}

export async function loadMasterData(db: DbOrTx, id: number) {
  const row = await repo.findMasterData(db, id);
  if (!row) throw notFound('Die Stammdaten');
  const [municipality, refs, wages, own, reference] = await Promise.all([
    repo.municipalityOf(db, row.ags),
    repo.referencesOf(db, id),
    repo.wagesOf(db, id),
    repo.ownRatesOf(db, id),
    repo.referenceRatesOf(db, row.ags),
  ]);
  return presentMasterData(
    row,
    municipality ?? { name: '', bundesland: '' },
    refs,
    wages,
    mergeRates(own, reference),
  );
}

export const getMasterData = (db: Db, id: number) => loadMasterData(db, id);

/**
 * Rules that need the database: known AGS, one Geschäftsleitung per company at a time,
 * Kassenzeichen unique within a municipality, a note when a rate departs from the
 * reference. Returns field errors (empty when fine); the import reuses it per row.
 */
export async function checkRules(
  db: DbOrTx,
  companyId: number,
  selfId: number | null,
  data: MasterDataData,
): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  const municipality = await repo.municipalityOf(db, data.ags);
  if (!municipality) add('ags', `Unbekannter Gemeindeschlüssel ${data.ags}.`);
  if (data.geschaeftsleitung) {
    await repo.lockGeschaeftsleitung(db, companyId);
    const others = await repo.overlappingGeschaeftsleitung(
      db,
      companyId,
      selfId,
      data.valid_from,
      data.valid_to,
    );
    const other = others[0];
    if (other)
      add(
        'geschaeftsleitung',
        `Die Geschäftsleitung liegt in diesem Zeitraum bereits bei „${other.designation}“ (ID ${other.id}). Je Firma gibt es zu einem Zeitpunkt genau eine.`,
      );
  }
  const kassenzeichen = (data.references ?? []).filter((r) => r.kind === 'kassenzeichen').map((r) => r.value);
  for (const taken of await repo.kassenzeichenTaken(db, data.ags, kassenzeichen, selfId)) {
    const i = (data.references ?? []).findIndex((r) => r.kind === 'kassenzeichen' && r.value === taken.value);
    add(
      `references.${i}.value`,
      `Das Kassenzeichen „${taken.value}“ ist in dieser Gemeinde bereits bei „${taken.designation}“ (ID ${taken.id}) vergeben.`,
    );
  }
  if (data.rates?.length && municipality) {
    const reference = new Map(
      (await repo.referenceRatesOf(db, data.ags)).map((r) => [Number(r.year), Number(r.hebesatz)]),
    );
    data.rates.forEach((r, i) => {
      const ref = reference.get(r.year);
      if (ref !== undefined && ref !== r.hebesatz && !r.note)
        add(`rates.${i}.note`, `Bitte begründen, warum der Hebesatz vom Referenzwert ${ref} % abweicht.`);
    });
  }
  return errors;
}

function valuesOf(companyId: number, data: MasterDataData): repo.MasterDataValues {
  const { references: _r, wages: _w, rates: _ra, ...fields } = data;
  return { ...fields, company_id: companyId };
}

/** Writes a record and its children inside an open transaction (service and import). */
export async function writeMasterData(
  tx: DbOrTx,
  companyId: number,
  id: number | null,
  data: MasterDataData,
  rateSource: 'manual' | 'import' = 'manual',
) {
  const row = id
    ? await repo.updateMasterData(tx, id, valuesOf(companyId, data))
    : await repo.insertMasterData(tx, valuesOf(companyId, data));
  if (data.references) await repo.replaceReferences(tx, row.id, data.references);
  if (data.wages) await repo.replaceWages(tx, row.id, data.wages);
  if (data.rates)
    await repo.replaceRates(
      tx,
      row.id,
      data.rates.map((r) => ({ year: r.year, hebesatz: r.hebesatz, note: r.note, source: rateSource })),
    );
  return row;
}

export async function createMasterData(db: Db, actor: Actor, companyId: number, data: MasterDataData) {
  return db.transaction(async (tx) => {
    await requireCompany(tx, companyId);
    const errors = await checkRules(tx, companyId, null, data);
    if (Object.keys(errors).length) throw validationFailed(errors);
    const row = await writeMasterData(tx, companyId, null, data);
    const after = await loadMasterData(tx, row.id);
    await recordAudit(tx, actor, { action: 'create', entity: 'master_data', entityId: row.id, after });
    return after;
  });
}

export async function updateMasterData(db: Db, actor: Actor, id: number, data: MasterDataData) {
  return db.transaction(async (tx) => {
    const existing = await repo.findMasterData(tx, id);
    if (!existing) throw notFound('Die Stammdaten');
    const before = await loadMasterData(tx, id);
    const errors = await checkRules(tx, existing.company_id, id, data);
    if (Object.keys(errors).length) throw validationFailed(errors);
    await writeMasterData(tx, existing.company_id, id, data);
    const after = await loadMasterData(tx, id);
    await recordAudit(tx, actor, { action: 'update', entity: 'master_data', entityId: id, before, after });
    return after;
  });
}

/**
 * Refused while documents, payments or bookings reference the record: checked through
 * the catalogue's foreign keys first (whatever their ON DELETE rule), and a RESTRICT
 * violation from the database is translated the same way.
 */
export async function deleteMasterData(db: Db, actor: Actor, id: number) {
  try {
    await db.transaction(async (tx) => {
      const existing = await repo.findMasterData(tx, id);
      if (!existing) throw notFound('Die Stammdaten');
      const linked = await repo.referencingTables(tx, id);
      if (linked.length) throw inUse(linked[0]!);
      const before = await loadMasterData(tx, id);
      await repo.deleteMasterData(tx, id);
      await recordAudit(tx, actor, { action: 'delete', entity: 'master_data', entityId: id, before });
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    const pgErr = findPgError(err);
    if (pgErr && isReferenceViolation(pgErr)) {
      throw inUse(referencingTable(pgErr));
    }
    throw err;
  }
}

function inUse(table: string) {
  const what = DEPENDENT_DATA_LABELS[table] ?? 'andere Daten';
  return conflict(
    'MASTER_DATA_IN_USE',
    `Die Stammdaten können nicht gelöscht werden, weil noch ${what} auf sie verweisen. Bitte stattdessen „Gültig bis“ setzen.`,
  );
}

export async function listRates(db: Db, id: number) {
  return (await loadMasterData(db, id)).rates;
}

export async function setRate(
  db: Db,
  actor: Actor,
  id: number,
  year: number,
  input: { hebesatz: number; note: string | null },
) {
  return db.transaction(async (tx) => {
    const before = await loadMasterData(tx, id);
    const ref = before.rates.find((r) => r.year === year)?.reference_hebesatz ?? null;
    if (ref !== null && ref !== input.hebesatz && !input.note)
      throw validationFailed({
        note: [`Bitte begründen, warum der Hebesatz vom Referenzwert ${ref} % abweicht.`],
      });
    await repo.upsertRate(tx, id, { year, hebesatz: input.hebesatz, note: input.note, source: 'manual' });
    const after = await loadMasterData(tx, id);
    await recordAudit(tx, actor, {
      action: 'set_rate',
      entity: 'master_data',
      entityId: id,
      before: before.rates.find((r) => r.year === year) ?? null,
      after: after.rates.find((r) => r.year === year),
    });
    return after.rates;
  });
}

export async function deleteRate(db: Db, actor: Actor, id: number, year: number) {
  return db.transaction(async (tx) => {
    const before = await loadMasterData(tx, id);
    const removed = await repo.deleteRate(tx, id, year);
    if (!removed) throw notFound(`Ein eigener Hebesatz für ${year}`);
    await recordAudit(tx, actor, {
      action: 'delete_rate',
      entity: 'master_data',
      entityId: id,
      before: before.rates.find((r) => r.year === year),
    });
    return (await loadMasterData(tx, id)).rates;
  });
}

export async function listConflicts(db: Db, companyId: number, page: number, perPage: number) {
  await requireCompany(db, companyId);
  const { rows, total } = await repo.listConflicts(db, companyId, page, perPage);
  return { data: rows.map(presentConflict), meta: pageMeta(page, perPage, total) };
}

type Resolution = z.output<typeof rateConflictResolutionSchema>;

/**
 * Resolves a conflict between our rate and a confirmed notice's Hebesatz (Service →
 * Hebesatzkonflikte).
 *  - adopt: the notice's rate becomes the rate of that year for every establishment of
 *    the company in that municipality valid in the year (a Hebesatz is the
 *    municipality's, so they cannot differ), source „Bescheid“ with the notice named in
 *    the note; Zerlegung, checks and reports use it from then on.
 *  - keep: our rate stays; the decision and its reason are recorded, and the conflict
 *    leaves the list until either figure changes.
 * Refused (409) when the conflict no longer exists or the figures shown have changed.
 * One log entry per establishment changed, with the rate before and after.
 */
export async function resolveConflict(
  db: Db,
  actor: Actor,
  companyId: number,
  input: Resolution | RateConflictResolution,
): Promise<RateConflictResolved> {
  const r = rateConflictResolutionSchema.parse(input);
  return db.transaction(async (tx) => {
    await requireCompany(tx, companyId);
    const row = await repo.noticeConflict(tx, companyId, r.document_id);
    if (!row)
      throw conflict(
        'RATE_CONFLICT_GONE',
        'Dieser Hebesatzkonflikt besteht nicht mehr (bereits gelöst oder der Bescheid wurde geändert). Bitte die Liste neu laden.',
      );
    const year = Number(row.year);
    const ours = Number(row.hebesatz);
    const notice = Number(row.other_hebesatz);
    if (ours !== r.our_hebesatz || notice !== r.notice_hebesatz)
      throw conflict(
        'RATE_CONFLICT_CHANGED',
        `Die Hebesätze haben sich inzwischen geändert (unser Satz ${ours} %, Bescheid ${notice} %). Bitte die Liste neu laden und erneut entscheiden.`,
      );
    const mdId = Number(row.master_data_id);
    const noticeRef = `Dokument ${r.document_id}${row.document_filename ? ` „${row.document_filename}“` : ''}`;
    if (r.decision === 'keep') {
      await repo.recordKeepDecision(tx, {
        master_data_id: mdId,
        document_id: r.document_id,
        year,
        notice_hebesatz: notice,
        our_hebesatz: ours,
        note: r.note!,
        decided_by: actor.username,
      });
      await recordAudit(tx, actor, {
        action: 'rate-conflict-keep',
        entity: 'master_data',
        entityId: mdId,
        before: {
          jahr: year,
          hebesatz: ours,
          quelle: row.source,
          bescheid_hebesatz: notice,
          dokument_id: r.document_id,
        },
        after: {
          jahr: year,
          hebesatz: ours,
          quelle: row.source,
          dokument_id: r.document_id,
          begruendung: r.note,
        },
      });
      return { decision: 'keep', year, hebesatz: ours, master_data_ids: [mdId] };
    }
    if (notice < HEBESATZ_MIN)
      throw new AppError(
        422,
        'HEBESATZ_BELOW_MINIMUM',
        `Der Bescheid nennt ${notice} %; ein Hebesatz unter ${HEBESATZ_MIN} % ist unzulässig und wird nicht übernommen. Bitte den Bescheid prüfen.`,
      );
    const note = `Satz des Bescheids übernommen (${noticeRef}).${r.note ? ` ${r.note}` : ''}`.slice(0, 500);
    const changed: number[] = [];
    for (const md of await repo.establishmentsInYear(tx, companyId, row.ags, year)) {
      const before = (await loadMasterData(tx, md.id)).rates.find((x) => x.year === year) ?? null;
      if (before?.hebesatz === notice && before.source === 'notice') continue;
      await repo.upsertRate(tx, md.id, { year, hebesatz: notice, note, source: 'notice' });
      const after = (await loadMasterData(tx, md.id)).rates.find((x) => x.year === year);
      await recordAudit(tx, actor, {
        action: 'rate-conflict-adopt',
        entity: 'master_data',
        entityId: md.id,
        before,
        after: { ...after, dokument_id: r.document_id },
      });
      changed.push(md.id);
    }
    return { decision: 'adopt', year, hebesatz: notice, master_data_ids: changed };
  });
}
