import {
  computeInterest,
  type defaultInterestPeriodInputSchema,
  type InterestCalculateQuery,
  type interestRateInputSchema,
  SEEDED_DEFAULT_INTEREST_PERIODS,
  SEEDED_INTEREST_RATES,
} from '@gewst/domain';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { type AppError, conflict, notFound, validationFailed } from '../../http/errors';
import { type Actor, recordAudit } from '../audit/service';
import { runOnce } from '../settings';
import { presentDefaultInterestPeriod, presentInterestRate } from './presenter';
import * as repo from './repo';

type InterestRateData = z.output<typeof interestRateInputSchema>;
type DefaultInterestPeriodData = z.output<typeof defaultInterestPeriodInputSchema>;

const formatDe = (iso: string) => iso.split('-').reverse().join('.');

const rateExists = (validFrom: string) =>
  conflict(
    'INTEREST_RATE_EXISTS',
    `Ab dem ${formatDe(validFrom)} gilt bereits ein Zinssatz. Bitte diesen Eintrag ändern statt einen zweiten anzulegen.`,
  );
const periodExists = (year: number) =>
  conflict(
    'INTEREST_PERIOD_EXISTS',
    `Für das Jahr ${year} ist bereits ein Zinszeitraum hinterlegt. Bitte diesen Eintrag ändern.`,
  );

/** A unique index can still fire when two requests race past the pre-check. */
async function refuseDuplicates<T>(work: () => Promise<T>, duplicate: () => AppError): Promise<T> {
  try {
    return await work();
  } catch (err) {
    let current: unknown = err;
    for (let i = 0; i < 4 && current && typeof current === 'object'; i++) {
      if ((current as { code?: unknown }).code === '23505') throw duplicate();
      current = (current as { cause?: unknown }).cause;
    }
    throw err;
  }
}

// ---------------------------------------------------------------- interest rates

export async function listInterestRates(db: DbOrTx) {
  return (await repo.listInterestRates(db)).map(presentInterestRate);
}

export async function createInterestRate(db: Db, actor: Actor, data: InterestRateData) {
  return refuseDuplicates(
    () =>
      db.transaction(async (tx) => {
        if (await repo.findInterestRateByValidFrom(tx, data.valid_from)) throw rateExists(data.valid_from);
        const entry = presentInterestRate(await repo.insertInterestRate(tx, data));
        await recordAudit(tx, actor, {
          action: 'create',
          entity: 'interest_rate',
          entityId: entry.id,
          after: entry,
        });
        return entry;
      }),
    () => rateExists(data.valid_from),
  );
}

export async function updateInterestRate(db: Db, actor: Actor, id: number, data: InterestRateData) {
  return refuseDuplicates(
    () =>
      db.transaction(async (tx) => {
        const before = await repo.findInterestRate(tx, id);
        if (!before) throw notFound('Der Zinssatz');
        const same = await repo.findInterestRateByValidFrom(tx, data.valid_from);
        if (same && same.id !== id) throw rateExists(data.valid_from);
        const entry = presentInterestRate((await repo.updateInterestRate(tx, id, data))!);
        await recordAudit(tx, actor, {
          action: 'update',
          entity: 'interest_rate',
          entityId: id,
          before: presentInterestRate(before),
          after: entry,
        });
        return entry;
      }),
    () => rateExists(data.valid_from),
  );
}

export async function deleteInterestRate(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const before = await repo.findInterestRate(tx, id);
    if (!before) throw notFound('Der Zinssatz');
    await repo.deleteInterestRate(tx, id);
    await recordAudit(tx, actor, {
      action: 'delete',
      entity: 'interest_rate',
      entityId: id,
      before: presentInterestRate(before),
    });
  });
}

/** §233a AO interest with the rates of the interest_rates table (a changed rate changes the result). */
export async function calculateInterest(db: DbOrTx, query: InterestCalculateQuery) {
  const rates = await listInterestRates(db);
  if (rates.length === 0) {
    throw validationFailed(
      { rates: ['Es ist kein Zinssatz hinterlegt. Bitte unter Admin → Zinssatz einen Zinssatz anlegen.'] },
      'Es ist kein Zinssatz hinterlegt.',
    );
  }
  return computeInterest({ ...query, rates });
}

// ---------------------------------------------------------------- default interest periods

function checkPeriod(data: DefaultInterestPeriodData) {
  if (Number(data.starts_at.slice(0, 4)) <= data.year) {
    throw validationFailed({
      starts_at: [
        `Der Zinslauf für ${data.year} kann frühestens nach Ablauf des Jahres ${data.year} beginnen.`,
      ],
    });
  }
}

export async function listDefaultInterestPeriods(db: DbOrTx) {
  return (await repo.listDefaultInterestPeriods(db)).map(presentDefaultInterestPeriod);
}

export async function createDefaultInterestPeriod(db: Db, actor: Actor, data: DefaultInterestPeriodData) {
  checkPeriod(data);
  return refuseDuplicates(
    () =>
      db.transaction(async (tx) => {
        if (await repo.findDefaultInterestPeriodByYear(tx, data.year)) throw periodExists(data.year);
        const entry = presentDefaultInterestPeriod(await repo.insertDefaultInterestPeriod(tx, data));
        await recordAudit(tx, actor, {
          action: 'create',
          entity: 'default_interest_period',
          entityId: entry.id,
          after: entry,
        });
        return entry;
      }),
    () => periodExists(data.year),
  );
}

export async function updateDefaultInterestPeriod(
  db: Db,
  actor: Actor,
  id: number,
  data: DefaultInterestPeriodData,
) {
  checkPeriod(data);
  return refuseDuplicates(
    () =>
      db.transaction(async (tx) => {
        const before = await repo.findDefaultInterestPeriod(tx, id);
        if (!before) throw notFound('Der Zinszeitraum');
        const same = await repo.findDefaultInterestPeriodByYear(tx, data.year);
        if (same && same.id !== id) throw periodExists(data.year);
        const entry = presentDefaultInterestPeriod((await repo.updateDefaultInterestPeriod(tx, id, data))!);
        await recordAudit(tx, actor, {
          action: 'update',
          entity: 'default_interest_period',
          entityId: id,
          before: presentDefaultInterestPeriod(before),
          after: entry,
        });
        return entry;
      }),
    () => periodExists(data.year),
  );
}

export async function deleteDefaultInterestPeriod(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const before = await repo.findDefaultInterestPeriod(tx, id);
    if (!before) throw notFound('Der Zinszeitraum');
    await repo.deleteDefaultInterestPeriod(tx, id);
    await recordAudit(tx, actor, {
      action: 'delete',
      entity: 'default_interest_period',
      entityId: id,
      before: presentDefaultInterestPeriod(before),
    });
  });
}

// ---------------------------------------------------------------- seed

/**
 * DOMAIN.md §4 values, once per installation (marker in app_settings): an administrator
 * may change or delete them afterwards without the next start bringing them back.
 */
export async function seedInterestMasterData(db: Db): Promise<void> {
  await runOnce(db, 'seed.interest', async (tx) => {
    for (const rate of SEEDED_INTEREST_RATES) {
      if (!(await repo.findInterestRateByValidFrom(tx, rate.valid_from)))
        await repo.insertInterestRate(tx, rate);
    }
    for (const period of SEEDED_DEFAULT_INTEREST_PERIODS) {
      if (!(await repo.findDefaultInterestPeriodByYear(tx, period.year)))
        await repo.insertDefaultInterestPeriod(tx, period);
    }
  });
}
