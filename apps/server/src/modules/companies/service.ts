import type { companyInputSchema } from '@gewst/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { findPgError, isReferenceViolation, referencingTable } from '../../db/pg-errors';
import { conflict, notFound } from '../../http/errors';
import { type Actor, recordAudit } from '../audit/service';
import { presentCompany } from './presenter';
import * as repo from './repo';

type CompanyData = z.output<typeof companyInputSchema>;

/** German names of tables that reference a company, for the refusal message. */
const DEPENDENT_DATA_LABELS: Record<string, string> = {
  master_data: 'Stammdaten',
  documents: 'Dokumente',
  payments: 'Zahlungsdaten',
  payment_lines: 'Zahlungsdaten',
  booking_sessions: 'Buchungssitzungen',
  zerlegungen: 'Zerlegungen',
};

/** All companies, or those of a company-scoped user (`allowed`; null = all). */
export async function listCompanies(db: Db, allowed: readonly number[] | null = null) {
  const rows = await repo.listCompanies(db);
  return (allowed === null ? rows : rows.filter((r) => allowed.includes(r.id))).map(presentCompany);
}

export async function getCompany(db: Db, id: number) {
  const row = await repo.findCompany(db, id);
  if (!row) throw notFound('Die Firma');
  return presentCompany(row);
}

export async function createCompany(db: Db, actor: Actor, data: CompanyData) {
  return db.transaction(async (tx) => {
    const row = await repo.insertCompany(tx, data);
    const company = presentCompany(row);
    await recordAudit(tx, actor, { action: 'create', entity: 'company', entityId: row.id, after: company });
    return company;
  });
}

export async function updateCompany(db: Db, actor: Actor, id: number, data: CompanyData) {
  return db.transaction(async (tx) => {
    const before = await repo.findCompany(tx, id);
    if (!before) throw notFound('Die Firma');
    const row = (await repo.updateCompany(tx, id, data))!;
    const company = presentCompany(row);
    await recordAudit(tx, actor, {
      action: 'update',
      entity: 'company',
      entityId: id,
      before: presentCompany(before),
      after: company,
    });
    return company;
  });
}

/**
 * Every table that references companies does so with ON DELETE RESTRICT, so the
 * database itself refuses to delete a company that still has data; we translate that.
 */
export async function deleteCompany(db: Db, actor: Actor, id: number) {
  try {
    await db.transaction(async (tx) => {
      const before = await repo.findCompany(tx, id);
      if (!before) throw notFound('Die Firma');
      await repo.deleteCompany(tx, id);
      await recordAudit(tx, actor, {
        action: 'delete',
        entity: 'company',
        entityId: id,
        before: presentCompany(before),
      });
    });
  } catch (err) {
    const pgErr = findPgError(err);
    if (pgErr && isReferenceViolation(pgErr)) {
      const table = referencingTable(pgErr);
      const what = DEPENDENT_DATA_LABELS[table] ?? 'zugehörige Daten';
      throw conflict(
        'COMPANY_HAS_DATA',
        `Die Firma kann nicht gelöscht werden, weil noch ${what} zu ihr gehören. Bitte zuerst diese Daten entfernen oder archivieren.`,
      );
    }
    throw err;
  }
}
