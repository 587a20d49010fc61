import type { DefaultInterestPeriodEntry, InterestRateEntry } from '@gewst/domain';
import type { DefaultInterestPeriodRow, InterestRateRow } from './repo';

/** numeric(8,4) comes back as "0.1500"; the API speaks "0.15". */
export function normaliseRate(rate: string): string {
  return rate.includes('.') ? rate.replace(/0+$/, '').replace(/\.$/, '') : rate;
}

export function presentInterestRate(row: InterestRateRow): InterestRateEntry {
  return { id: row.id, valid_from: row.valid_from, rate: normaliseRate(row.rate) };
}

export function presentDefaultInterestPeriod(row: DefaultInterestPeriodRow): DefaultInterestPeriodEntry {
  return { id: row.id, year: row.year, starts_at: row.starts_at };
}
