import { type AccountMapping, type Chart, defaultAccountMapping } from '@gewst/domain';
import type { Db, DbOrTx } from '../../db/client';
import type { Actor } from '../audit/service';
import { findCompany } from '../companies/repo';
import { requireCompany } from '../master-data/service';
import { settings } from '../settings';

/** The preset a company starts with: its chart of accounts (companies.chart_of_accounts). */
export async function presetMappingOf(db: DbOrTx, companyId: number): Promise<AccountMapping> {
  const company = await findCompany(db, companyId);
  const chart: Chart = company?.chart_of_accounts === 'SKR04' ? 'SKR04' : 'SKR03';
  return defaultAccountMapping(chart);
}

/**
 * The account mapping a company's bookings are generated with (settings key
 * `bookings.accounts`), or the preset of its chart while none is stored. Each booking keeps
 * the accounts it was generated with, so a change affects only later bookings.
 */
export async function accountMappingOf(db: DbOrTx, companyId: number): Promise<AccountMapping> {
  return (await settings.get(db, 'bookings.accounts', { companyId })) ?? presetMappingOf(db, companyId);
}

/** For Admin → Einstellungen: the mapping in force and whether it is stored or the preset. */
export async function accountMappingView(db: DbOrTx, companyId: number) {
  await requireCompany(db, companyId);
  const stored = await settings.get(db, 'bookings.accounts', { companyId });
  return { mapping: stored ?? (await presetMappingOf(db, companyId)), stored: stored !== null };
}

/** Stores a company's mapping (validated, audit-logged with before/after by the settings module). */
export async function setAccountMapping(db: Db, actor: Actor, companyId: number, mapping: AccountMapping) {
  await requireCompany(db, companyId);
  await settings.set(db, actor, 'bookings.accounts', mapping, { companyId });
  return accountMappingView(db, companyId);
}

/** Back to the preset of the company's chart. */
export async function resetAccountMapping(db: Db, actor: Actor, companyId: number) {
  await requireCompany(db, companyId);
  await settings.reset(db, actor, 'bookings.accounts', { companyId });
  return accountMappingView(db, companyId);
}
