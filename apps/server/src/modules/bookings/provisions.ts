import { formatMoneyDe, formatMoneyPlain, moneyToCents } from '@gewst/domain';
import type { Provision, ProvisionInput } from '@gewst/domain';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, conflict, notFound } from '../../http/errors';
import { type Actor, recordAudit } from '../audit/service';
import { userRef, usersById } from '../users';
import { requireCompany } from '../master-data/service';
import { rowsOf } from '../../db/sql';

interface ProvisionRow {
  id: number;
  company_id: number;
  year: number;
  amount: string;
  note: string | null;
  used: string;
  remaining: string;
  updated_at: Date | string;
  updated_by: number | null;
}

function rows(db: DbOrTx, companyId: number, year?: number) {
  return rowsOf<ProvisionRow>(
    db,
    sql`select p.id, p.company_id, p.year, p.amount::text as amount, p.note, p.updated_at, p.updated_by,
          coalesce(u.used, 0)::text as used, (p.amount - coalesce(u.used, 0))::text as remaining
        from provisions p
        left join lateral (
          select sum(case when b.sh = 'S' then b.amount else -b.amount end) as used from bookings b
          where b.company_id = p.company_id and b.tax_year = p.year and b.purpose = 'provision'
        ) u on true
        where p.company_id = ${companyId} ${year === undefined ? sql`` : sql`and p.year = ${year}`}
        order by p.year desc`,
  );
}

async function present(db: DbOrTx, list: ProvisionRow[]): Promise<Provision[]> {
  const users = await usersById(
    db,
    list.map((r) => r.updated_by),
  );
  return list.map((r) => ({
    id: r.id,
    company_id: r.company_id,
    year: r.year,
    amount: formatMoneyPlain(r.amount),
    note: r.note,
    used: formatMoneyPlain(r.used),
    remaining: formatMoneyPlain(r.remaining),
    updated_at: new Date(r.updated_at).toISOString(),
    updated_by: userRef(users, r.updated_by),
  }));
}

export async function listProvisions(db: Db, companyId: number) {
  await requireCompany(db, companyId);
  return present(db, await rows(db, companyId));
}

/**
 * Records the provision of a year (manual entry, audit-logged). Bookings already made
 * against it stay; it may not drop below what was already booked against it.
 */
export async function setProvision(
  db: Db,
  actor: Actor,
  companyId: number,
  year: number,
  input: ProvisionInput,
) {
  await requireCompany(db, companyId);
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select id from provisions where company_id = ${companyId} and year = ${year} for update`,
    );
    const [before] = await rows(tx, companyId, year);
    if (before && moneyToCents(input.amount) < moneyToCents(before.used))
      throw new AppError(
        422,
        'PROVISION_BELOW_USED',
        `Gegen die Rückstellung ${year} sind bereits ${formatMoneyDe(before.used, { symbol: false })} € gebucht; der Betrag kann nicht darunter liegen.`,
        { amount: [`Mindestens ${formatMoneyDe(before.used, { symbol: false })} €.`] },
      );
    await tx.execute(
      sql`insert into provisions (company_id, year, amount, note, created_by, updated_by)
          values (${companyId}, ${year}, ${input.amount}, ${input.note}, ${actor.userId}, ${actor.userId})
          on conflict (company_id, year) do update
            set amount = excluded.amount, note = excluded.note, updated_by = excluded.updated_by, updated_at = now()`,
    );
    const [after] = await rows(tx, companyId, year);
    await recordAudit(tx, actor, {
      action: before ? 'provision-update' : 'provision-create',
      entity: 'provision',
      entityId: after!.id,
      before: before ? { year, amount: before.amount, note: before.note } : undefined,
      after: { company_id: companyId, year, amount: after!.amount, note: after!.note },
    });
    return (await present(tx, [after!]))[0]!;
  });
}

export async function deleteProvision(db: Db, actor: Actor, companyId: number, year: number) {
  await requireCompany(db, companyId);
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`select id from provisions where company_id = ${companyId} and year = ${year} for update`,
    );
    const [before] = await rows(tx, companyId, year);
    if (!before) throw notFound('Die Rückstellung');
    if (moneyToCents(before.used) !== 0n)
      throw conflict(
        'PROVISION_USED',
        `Gegen die Rückstellung ${year} wurde bereits gebucht; sie kann nicht gelöscht, nur geändert werden.`,
      );
    await tx.execute(sql`delete from provisions where id = ${before.id}`);
    await recordAudit(tx, actor, {
      action: 'provision-delete',
      entity: 'provision',
      entityId: before.id,
      before: { company_id: companyId, year, amount: before.amount, note: before.note },
    });
  });
}
