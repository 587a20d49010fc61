import type { ZerlegungResponse, ZerlegungVergleichZeile } from '@gewst/domain';
import type { DbOrTx } from '../../db/client';
import { receivedNoticeFields } from './repo';

/** A share received in a notice for the company and year (documents pipeline, later issue). */
export interface ReceivedShare {
  ags: string;
  /** Zerlegungsanteil or the Messbetrag printed on a municipal notice, money string. */
  anteil: string;
  quelle: 'zerlegungsbescheid' | 'gewst_bescheid';
}

const cents = (money: string) => {
  const [int = '0', frac = ''] = money.replace('-', '').split('.');
  const value = BigInt(int) * 100n + BigInt(`${frac}00`.slice(0, 2));
  return money.startsWith('-') ? -value : value;
};
const money = (c: bigint) => {
  const abs = c < 0n ? -c : c;
  return `${c < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};

/**
 * Expected share per municipality against the notices received. The Zerlegungsbescheid
 * of the Finanzamt is authoritative and wins over a municipality's own notice; it is
 * compared, never overwritten. Empty when nothing was received.
 */
export function compareWithNotices(
  result: Pick<ZerlegungResponse, 'zeilen'>,
  received: readonly ReceivedShare[],
): ZerlegungVergleichZeile[] {
  if (received.length === 0) return [];
  const byAgs = new Map<string, ReceivedShare>();
  for (const r of received) {
    const known = byAgs.get(r.ags);
    if (!known || (known.quelle !== 'zerlegungsbescheid' && r.quelle === 'zerlegungsbescheid'))
      byAgs.set(r.ags, r);
  }
  return result.zeilen.map((z) => {
    const r = byAgs.get(z.ags);
    return {
      ags: z.ags,
      erwartet: z.anteil,
      bescheid: r ? money(cents(r.anteil)) : null,
      abweichung: r ? money(cents(r.anteil) - cents(z.anteil)) : null,
      quelle: r?.quelle ?? null,
    };
  });
}

/**
 * Shares from confirmed notices of the company and year: the Zerlegungsanteile of a
 * Zerlegungsbescheid and the Messbetrag printed on a municipal Gewerbesteuerbescheid
 * (its AGS from the notice, else from the assigned establishment).
 */
export async function loadReceivedShares(
  db: DbOrTx,
  companyId: number,
  year: number,
): Promise<ReceivedShare[]> {
  const rows = await receivedNoticeFields(db, companyId, year);
  const shares: ReceivedShare[] = [];
  for (const row of rows) {
    if (row.type === 'zerlegungsbescheid') {
      const list = row.fields.zerlegungsanteile?.value;
      if (!Array.isArray(list)) continue;
      for (const item of list as { ags?: unknown; anteil?: unknown }[]) {
        if (typeof item.ags === 'string' && isMoney(item.anteil)) {
          shares.push({ ags: item.ags, anteil: item.anteil, quelle: 'zerlegungsbescheid' });
        }
      }
    } else {
      const ags = typeof row.fields.ags?.value === 'string' ? row.fields.ags.value : row.master_data_ags;
      const messbetrag = row.fields.messbetrag?.value;
      if (ags && isMoney(messbetrag)) shares.push({ ags, anteil: messbetrag, quelle: 'gewst_bescheid' });
    }
  }
  return shares;
}

const isMoney = (v: unknown): v is string => typeof v === 'string' && /^-?\d+(\.\d{1,2})?$/.test(v);
