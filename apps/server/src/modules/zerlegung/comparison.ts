import { formatMoneyPlain, moneyToCents } from '@gewst/domain';
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

const cents = moneyToCents;
const money = formatMoneyPlain;

const PRIORITY: Record<ReceivedShare['quelle'], number> = { gewst_bescheid: 1, zerlegungsbescheid: 2 };

/**
 * Expected share per municipality against the notices received (oldest first). The
 * Zerlegungsbescheid of the Finanzamt is authoritative and wins over a municipality's own
 * notice; among notices of the same kind the later one (an amended notice) wins. It is
 * compared, never overwritten. A municipality that a notice names but the Zerlegung does
 * not is listed after the lines with an expected share of 0.00. Empty when nothing was
 * received.
 */
export function compareWithNotices(
  result: Pick<ZerlegungResponse, 'zeilen'>,
  received: readonly ReceivedShare[],
): ZerlegungVergleichZeile[] {
  if (received.length === 0) return [];
  const byAgs = new Map<string, ReceivedShare>();
  for (const r of received) {
    const known = byAgs.get(r.ags);
    if (!known || PRIORITY[r.quelle] >= PRIORITY[known.quelle]) byAgs.set(r.ags, r);
  }
  const row = (ags: string, erwartet: string): ZerlegungVergleichZeile => {
    const r = byAgs.get(ags);
    return {
      ags,
      erwartet,
      bescheid: r ? money(cents(r.anteil)) : null,
      abweichung: r ? money(cents(r.anteil) - cents(erwartet)) : null,
      quelle: r?.quelle ?? null,
    };
  };
  const inResult = new Set(result.zeilen.map((z) => z.ags));
  return [
    ...result.zeilen.map((z) => row(z.ags, z.anteil)),
    ...[...byAgs.keys()].filter((ags) => !inResult.has(ags)).map((ags) => row(ags, '0.00')),
  ];
}

/**
 * Shares from confirmed notices of the company and year, oldest first (by the date printed
 * on the notice, else by receipt): the Zerlegungsanteile of the latest Zerlegungsbescheid
 * (an amended one replaces the earlier list as a whole) and the Messbetrag printed on a
 * municipal Gewerbesteuerbescheid (its AGS from the notice, else from the assigned
 * establishment).
 */
export async function loadReceivedShares(
  db: DbOrTx,
  companyId: number,
  year: number,
): Promise<ReceivedShare[]> {
  const rows = (await receivedNoticeFields(db, companyId, year))
    .map((row, i) => ({ row, i, datum: noticeDate(row) }))
    .sort((a, b) => (a.datum < b.datum ? -1 : a.datum > b.datum ? 1 : a.i - b.i))
    .map((x) => x.row);
  const latestZerlegung = rows.filter((r) => zerlegungsanteile(r) !== null).at(-1);
  const shares: ReceivedShare[] = [];
  for (const row of rows) {
    if (row.type === 'zerlegungsbescheid') {
      if (row !== latestZerlegung) continue;
      for (const item of zerlegungsanteile(row) ?? []) {
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

type NoticeRow = Awaited<ReturnType<typeof receivedNoticeFields>>[number];

/** The date printed on the notice (ISO), else the day it was received. */
function noticeDate(row: NoticeRow): string {
  const printed = row.fields.bescheid_datum?.value;
  if (typeof printed === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(printed)) return printed;
  return row.created_at.toISOString().slice(0, 10);
}

function zerlegungsanteile(row: NoticeRow): { ags?: unknown; anteil?: unknown }[] | null {
  if (row.type !== 'zerlegungsbescheid') return null;
  const list = row.fields.zerlegungsanteile?.value;
  return Array.isArray(list) ? (list as { ags?: unknown; anteil?: unknown }[]) : null;
}

const isMoney = (v: unknown): v is string => typeof v === 'string' && /^-?\d+(\.\d{1,2})?$/.test(v);
