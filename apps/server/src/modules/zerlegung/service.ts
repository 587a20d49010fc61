import type { ZerlegungPrefill, ZerlegungResponse, ZerlegungSaveData } from '@gewst/domain';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, notFound, validationFailed } from '../../http/errors';
import { type Actor, recordAudit } from '../audit/service';
import * as calculations from '../calculations/service';
import { type CompanyRow, findCompany } from '../companies/repo';
import { settings } from '../settings';
import { namesByUsername } from '../users';
import { compareWithNotices, loadReceivedShares } from './comparison';
import { presentDetail, presentListItem, type StoredInput } from './presenter';
import * as repo from './repo';

export async function listZerlegungen(db: DbOrTx, filter: { company_id?: number; year?: number }) {
  return (await repo.listZerlegungen(db, filter)).map(presentListItem);
}

export async function getZerlegung(db: DbOrTx, id: number, version?: number) {
  const found = await repo.findZerlegung(db, id);
  if (!found) throw notFound('Die Zerlegung');
  const versions = await repo.listVersions(db, id);
  const wanted = version ?? found.zerlegung.current_version;
  const current = versions.find((v) => v.version === wanted);
  if (!current) throw notFound(`Version ${wanted} der Zerlegung`);
  const received = await loadReceivedShares(db, found.zerlegung.company_id, found.zerlegung.year);
  const names = await namesByUsername(
    db,
    versions.map((v) => v.created_by),
  );
  const detail = presentDetail(found.zerlegung, found.company, current, versions, [], names);
  detail.vergleich = compareWithNotices(detail.result, received);
  return detail;
}

async function companyOrFail(db: DbOrTx, companyId: number): Promise<CompanyRow> {
  const company = await findCompany(db, companyId);
  if (!company) throw validationFailed({ company_id: ['Diese Firma gibt es nicht.'] });
  return company;
}

/** The server result is authoritative: computed here with the company's Rechtsform and Hebesätze. */
async function compute(db: DbOrTx, company: CompanyRow, data: ZerlegungSaveData) {
  const { company_id: _, ...rest } = data;
  const input: StoredInput = {
    ...rest,
    // The rule is stored with the version, so a later change of the setting never alters it.
    rundung: rest.rundung ?? (await settings.get(db, 'zerlegung.rundung')),
    rechtsform: company.legal_form as StoredInput['rechtsform'],
  };
  const result = await calculations.zerlegung(
    db,
    {
      year: input.year,
      messbetrag: input.messbetrag,
      schluessel: input.schluessel,
      rechtsform: input.rechtsform,
      rundung: input.rundung,
      zeilen: input.zeilen.map(({ name: _name, ...z }) => z),
    },
    company.id,
  );
  return { input, result };
}

export async function createZerlegung(db: Db, actor: Actor, data: ZerlegungSaveData) {
  const company = await companyOrFail(db, data.company_id);
  const { input, result } = await compute(db, company, data);
  const id = await db.transaction(async (tx) => {
    const row = await repo.insertZerlegung(tx, { company_id: company.id, year: data.year });
    await repo.insertVersion(tx, {
      zerlegung_id: row.id,
      version: 1,
      input,
      result,
      bemerkung: data.bemerkung,
      created_by: actor.username,
    });
    await recordAudit(tx, actor, {
      action: 'create',
      entity: 'zerlegung',
      entityId: row.id,
      after: { company_id: company.id, year: data.year, version: 1, messbetrag: result.messbetrag },
    });
    return row.id;
  });
  return getZerlegung(db, id);
}

/** A change never overwrites: it becomes the next version, the old ones stay readable. */
export async function updateZerlegung(db: Db, actor: Actor, id: number, data: ZerlegungSaveData) {
  const found = await repo.findZerlegung(db, id);
  if (!found) throw notFound('Die Zerlegung');
  const errors: Record<string, string[]> = {};
  if (data.company_id !== found.zerlegung.company_id)
    errors.company_id = ['Die Firma einer gespeicherten Zerlegung kann nicht geändert werden.'];
  if (data.year !== found.zerlegung.year)
    errors.year = ['Das Jahr einer gespeicherten Zerlegung kann nicht geändert werden.'];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  const { input, result } = await compute(db, found.company, data);
  await db.transaction(async (tx) => {
    const again = await repo.findZerlegung(tx, id);
    if (!again) throw notFound('Die Zerlegung');
    const version = again.zerlegung.current_version + 1;
    try {
      await repo.insertVersion(tx, {
        zerlegung_id: id,
        version,
        input,
        result,
        bemerkung: data.bemerkung,
        created_by: actor.username,
      });
    } catch (err) {
      if (
        (err as { code?: string; cause?: { code?: string } }).code === '23505' ||
        (err as { cause?: { code?: string } }).cause?.code === '23505'
      ) {
        throw new AppError(
          409,
          'ZERLEGUNG_CHANGED',
          'Die Zerlegung wurde gerade von jemand anderem geändert. Bitte neu laden.',
        );
      }
      throw err;
    }
    await repo.setCurrentVersion(tx, id, version);
    await recordAudit(tx, actor, {
      action: 'update',
      entity: 'zerlegung',
      entityId: id,
      before: { version: again.zerlegung.current_version },
      after: { version, messbetrag: result.messbetrag },
    });
  });
  return getZerlegung(db, id);
}

export async function deleteZerlegung(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const found = await repo.findZerlegung(tx, id);
    if (!found) throw notFound('Die Zerlegung');
    await repo.deleteZerlegung(tx, id);
    await recordAudit(tx, actor, {
      action: 'delete',
      entity: 'zerlegung',
      entityId: id,
      before: {
        company_id: found.zerlegung.company_id,
        year: found.zerlegung.year,
        versions: found.zerlegung.current_version,
      },
    });
  });
}

/**
 * Lines for a new Zerlegung from the company's establishments active in the year: one
 * line per establishment (the domain merges lines of one AGS), wages of that year
 * (0.00 where none are recorded), Hebesatz from master data or the reference table.
 * GL: the establishment flagged as Geschäftsleitung, else the company's GL AGS.
 */
export async function prefill(db: DbOrTx, companyId: number, year: number): Promise<ZerlegungPrefill> {
  const company = await companyOrFail(db, companyId);
  const rows = await repo.establishmentsForYear(db, companyId, year);
  const hinweise: string[] = [];
  if (rows.length === 0)
    hinweise.push(`Für ${year} sind keine Betriebsstätten in den Stammdaten hinterlegt.`);
  const withoutWages = rows.filter((r) => r.wages == null).length;
  if (withoutWages > 0)
    hinweise.push(`Für ${withoutWages} Betriebsstätte(n) sind für ${year} keine Arbeitslöhne erfasst.`);
  let glSeen = false;
  const lines = rows.map((r) => {
    const gl = r.geschaeftsleitung && !glSeen;
    glSeen ||= gl;
    return {
      ags: r.ags,
      name: r.municipality_name ? `${r.municipality_name} – ${r.designation}` : r.designation,
      geschaeftsleitung: gl,
      hebesatz: null as number | null,
      arbeitsloehne: r.wages ?? '0.00',
    };
  });
  if (!glSeen && company.ags_geschaeftsleitung) {
    const line = lines.find((l) => l.ags === company.ags_geschaeftsleitung);
    if (line) line.geschaeftsleitung = true;
  }
  const filled = await calculations.fillHebesaetze(db, lines, year, companyId);
  return {
    rechtsform: company.legal_form as ZerlegungPrefill['rechtsform'],
    zeilen: filled.zeilen,
    hinweise: [...hinweise, ...filled.hinweise],
  };
}

/**
 * The change counter of the municipalities, reference Hebesätze, companies and master data
 * (establishments, Hebesätze, wages): raised in the transaction of every write to them,
 * so a Zerlegung computed under one value is still right while the value is the same.
 */
export async function inputsVersion(db: DbOrTx) {
  return repo.inputsVersion(db);
}

export async function namesFor(db: DbOrTx, ags: readonly string[]) {
  return repo.municipalityNames(db, ags);
}

/**
 * The current version of the latest saved Zerlegung of each year in the range (reports):
 * its id, version, stored input and computed result.
 */
export async function savedZerlegungen(db: DbOrTx, companyId: number, yearFrom: number, yearTo: number) {
  const out = new Map<number, SavedZerlegung>();
  const heads = await repo.currentVersionsOf(db, companyId, yearFrom, yearTo);
  const keyOf = new Map(heads.map((h) => [h.version_id, savedVersionKey(h)]));
  const missing = heads.filter((h) => !savedVersions.has(savedVersionKey(h))).map((h) => h.version_id);
  for (const v of missing.length ? await repo.versionBodies(db, missing) : []) {
    // Versions are immutable: a version read once stays valid on every instance.
    if (savedVersions.size >= SAVED_VERSIONS_CACHED) savedVersions.delete(savedVersions.keys().next().value!);
    savedVersions.set(keyOf.get(v.id)!, {
      input: deepFreeze(v.input as StoredInput),
      result: deepFreeze(v.result as ZerlegungResponse),
    });
  }
  for (const h of heads) {
    const body = savedVersions.get(savedVersionKey(h));
    if (body) out.set(h.year, { id: h.id, version: h.version, ...body });
  }
  return out;
}

interface SavedZerlegung {
  id: number;
  version: number;
  input: StoredInput;
  result: ZerlegungResponse;
}
/**
 * Parsed input and result of saved versions (immutable rows; bounded), keyed by version id
 * and creation time: after a restore over the current installation (or in a process that
 * opens several databases) the same id can name another version, never with the same stamp.
 */
const savedVersions = new Map<string, Pick<SavedZerlegung, 'input' | 'result'>>();
const savedVersionKey = (h: { version_id: number; stamp: string }) => `${h.version_id}|${h.stamp}`;
const SAVED_VERSIONS_CACHED = 64;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
