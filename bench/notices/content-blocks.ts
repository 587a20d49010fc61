/** Formatting helpers and the shared blocks (interest, prepayments) of the letters. */
import { pad2 } from './data.js';
import { type Layout, say } from './layouts.js';
import type { NoticeData } from './notice.js';

export type Block =
  | { k: 'title'; text: string }
  | { k: 'heading'; text: string }
  | { k: 'para'; text: string }
  | { k: 'kv'; rows: [string, string][] }
  | {
      k: 'table';
      header: string[];
      rows: string[][];
      widths: number[];
      align: ('l' | 'r')[];
      /** Rows may run onto the next page (the header is repeated there). */
      split?: boolean;
    }
  | { k: 'break' }
  | { k: 'space'; h: number };

export interface Letter {
  issuer: string[];
  sender: string;
  recipient: string[];
  info: [string, string][];
  blocks: Block[];
}

export const MONTHS = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
];

export function fmtMoney(cents: number, l: Layout, unit = true): string {
  const abs = Math.abs(cents);
  const euros = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const s = `${cents < 0 ? '-' : ''}${euros},${pad2(abs % 100)}`;
  return unit ? `${s} ${l.money}` : s;
}
export function fmtDate(iso: string, l: Layout, forceNum = false): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  if (l.date === 'long' && !forceNum) return `${d}. ${MONTHS[m - 1]} ${y}`;
  return `${pad2(d)}.${pad2(m)}.${y}`;
}
export const fmtPct = (n: number, l: Layout) => `${n} ${l.pct}`;
export const fmtIban = (iban: string, l: Layout) =>
  l.iban === 'grouped' ? iban.replace(/(.{4})/g, '$1 ').trim() : iban;
export const QN = ['I.', 'II.', 'III.', 'IV.'];

export function transposed(rows: [string, string][]): Block {
  return {
    k: 'table',
    header: rows.map((r) => r[0]),
    rows: [rows.map((r) => r[1])],
    widths: rows.map(() => 1 / rows.length),
    align: rows.map(() => 'r' as const),
  };
}

export function zinsBlocks(n: NoticeData, l: Layout, own: boolean): Block[] {
  const z = n.zinsen!;
  const v = l.variant;
  const m = (c: number) => fmtMoney(c, l);
  const d = (iso: string) => fmtDate(iso, l);
  if (l.amounts === 'text' || (!own && v % 2 === 0)) {
    return [
      {
        k: 'para',
        text: `Nachzahlungszinsen (§ 233a AO) in Höhe von ${m(z.betrag)} werden für die Zeit vom ${d(z.von)} bis ${d(z.bis)} (${z.monate} volle Monate) aus einem Betrag von ${m(z.basis)} festgesetzt.`,
      },
    ];
  }
  return [
    { k: 'heading', text: own ? 'Berechnung der Zinsen' : 'Zinsen zur Gewerbesteuer (§ 233a AO)' },
    {
      k: 'kv',
      rows: [
        ['zu verzinsender Betrag', m(z.basis)],
        [say(v, ['Zinslauf vom', 'Beginn des Zinslaufs', 'Zinsen ab']), d(z.von)],
        [say(v, ['Zinslauf bis', 'Ende des Zinslaufs', 'Zinsen bis']), d(z.bis)],
        ['Anzahl voller Monate', String(z.monate)],
        [say(v, ['festgesetzte Zinsen', 'Zinsen', 'Nachzahlungszinsen']), m(z.betrag)],
      ],
    },
  ];
}

export function vzBlocks(n: NoticeData, l: Layout): Block[] {
  if (n.vz.length === 0) return [{ k: 'para', text: 'Vorauszahlungen werden nicht festgesetzt.' }];
  const m = (c: number) => fmtMoney(c, l);
  const d = (iso: string) => fmtDate(iso, l, l.vz !== 'text');
  const head: Block = {
    k: 'heading',
    text: say(l.variant, [
      `Vorauszahlungen ab ${n.vzYear}`,
      `Als Vorauszahlung für ${n.vzYear} wurden festgesetzt:`,
      'Festsetzung der Vorauszahlungen',
    ]),
  };
  if (l.vz === 'text') {
    const same = n.vz.map((q) => d(q.faellig_am));
    const list = same.length > 1 ? `${same.slice(0, -1).join(', ')} und ${same[same.length - 1]}` : same[0];
    return [
      head,
      {
        k: 'para',
        text: `Die Vorauszahlungen für ${n.vzYear} betragen zum ${list} jeweils ${m(n.vz[0]?.betrag ?? 0)}.`,
      },
    ];
  }
  if (l.vz === 'rows') {
    return [
      head,
      {
        k: 'kv',
        rows: n.vz.map((q) => [
          `${QN[q.quartal - 1]} Quartal ${q.jahr}, fällig am ${d(q.faellig_am)}`,
          m(q.betrag),
        ]),
      },
    ];
  }
  return [
    head,
    {
      k: 'table',
      header: ['Jahr', 'Quartal', 'Fälligkeit', 'Betrag'],
      rows: n.vz.map((q) => [String(q.jahr), `${q.quartal}. Quartal`, d(q.faellig_am), m(q.betrag)]),
      widths: [0.2, 0.25, 0.25, 0.3],
      align: ['l', 'l', 'l', 'r'],
    },
  ];
}
