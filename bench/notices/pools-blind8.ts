/**
 * Eighth blind part (blind8): families F80–F87 by an independent author, with their own letter
 * model and pdf-lib renderer. What each family imitates:
 *  F80  Finanzamt print of the state tax software (modern, Helvetica; in the city-state manner the
 *       Finanzamt also levies the Gewerbesteuer on behalf of the municipality)
 *  F81  mainframe line-printer output in capitals (Courier), old tax-office and Stadtkasse runs
 *  F82  Bavarian municipal print (Markt/Gemeinde, "v. H.", Widerspruch or Klage in Bavaria)
 *  F83  Saxon municipal print (Kämmerei / Steuer- und Stadtkasse, old and new figures side by side)
 *  F84  NRW municipal print (Der Bürgermeister, ruled grid tables, Klage without Widerspruch)
 *  F85  Baden-Württemberg Bürgermeisteramt print (centered letterhead, "./." refunds, no dots)
 *  F86  Lower-Saxony DIN 5008 letter with a reference line and a payment plan table
 *  F87  Rhineland-Palatinate Verbandsgemeinde print for its Ortsgemeinden (issuer ≠ Gemeinde),
 *       Times, instalment table continued over pages
 */
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { int, pick, type Rng } from './data.js';
import { addDays, type NoticeData } from './notice.js';

export type B8Align = 'l' | 'r' | 'c';
export interface B8Family {
  id: string;
  printsAgs: boolean;
  font: 'helv' | 'courier' | 'times';
  size: number;
  lm: number;
  rm: number;
}

export const BLIND8_FAMILIES: readonly B8Family[] = [
  { id: 'F80-finanzamt-konsens', printsAgs: true, font: 'helv', size: 9.5, lm: 68, rm: 540 },
  { id: 'F81-mainframe-caps', printsAgs: false, font: 'courier', size: 8.5, lm: 50, rm: 560 },
  { id: 'F82-bayern-markt', printsAgs: false, font: 'helv', size: 9.5, lm: 70, rm: 530 },
  { id: 'F83-sachsen-kaemmerei', printsAgs: true, font: 'times', size: 10.5, lm: 72, rm: 535 },
  { id: 'F84-nrw-buergermeister', printsAgs: false, font: 'helv', size: 9, lm: 64, rm: 545 },
  { id: 'F85-bw-buergermeisteramt', printsAgs: false, font: 'times', size: 10.5, lm: 70, rm: 530 },
  { id: 'F86-nds-din5008', printsAgs: false, font: 'helv', size: 10, lm: 71, rm: 530 },
  { id: 'F87-rlp-verbandsgemeinde', printsAgs: false, font: 'times', size: 10.5, lm: 66, rm: 535 },
];

// ---------------------------------------------------------------- letter model

interface Fix {
  x: number;
  y: number; // from the top edge
  t: string;
  s?: number;
  b?: boolean;
  a?: B8Align;
}
interface Col {
  w: number;
  a: B8Align;
}
type Blk =
  | { k: 'p'; t: string; s?: number; b?: boolean; ind?: number; after?: number }
  | { k: 'kv'; rows: [string, string][]; x2: number; s?: number; b?: boolean; vr?: number; dots?: boolean }
  | {
      k: 'tbl';
      cols: Col[];
      head?: string[];
      rows: string[][];
      rules: 'none' | 'grid' | 'lines' | 'under';
      s?: number;
      boldLast?: boolean;
      cont?: string;
    }
  | { k: 'two'; l: string[]; r: string[]; s?: number; x2: number }
  | { k: 'sp'; h: number }
  | { k: 'hr' }
  | { k: 'brk' };

interface B8Letter {
  first: Fix[];
  top: number;
  running: (p: number, n: number) => Fix[];
  footer: (p: number, n: number) => Fix[];
  contTop: number;
  bottom: number;
  blocks: Blk[];
}

// ---------------------------------------------------------------- formats (own helpers)

const MONTHS = [
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
const parts = (iso: string) => iso.split('-').map(Number) as [number, number, number];
const two = (n: number) => (n < 10 ? `0${n}` : String(n));
/** 15.02.2025 */
const dNum = (iso: string) => {
  const [y, m, d] = parts(iso);
  return `${two(d)}.${two(m)}.${y}`;
};
/** 15. Februar 2025 */
const dLong = (iso: string) => {
  const [y, m, d] = parts(iso);
  return `${d}. ${MONTHS[m - 1]} ${y}`;
};
/** 15.2.25 */
const dShort = (iso: string) => {
  const [y, m, d] = parts(iso);
  return `${d}.${m}.${String(y).slice(2)}`;
};
/** 15.02.25 */
const dShort0 = (iso: string) => {
  const [y, m, d] = parts(iso);
  return `${two(d)}.${two(m)}.${String(y).slice(2)}`;
};
/** 15.2.2025 */
const dLoose = (iso: string) => {
  const [y, m, d] = parts(iso);
  return `${d}.${m}.${y}`;
};

/** German figures of a cent amount, absolute value: 1.234,56 or 1234,56. */
function figures(cents: number, dots: boolean): string {
  const a = Math.abs(cents);
  const euros = String(Math.floor(a / 100));
  const c = two(a % 100);
  if (!dots) return `${euros},${c}`;
  let out = '';
  for (let i = 0; i < euros.length; i++) {
    if (i > 0 && (euros.length - i) % 3 === 0) out += '.';
    out += euros[i];
  }
  return `${out},${c}`;
}

interface Fmt {
  /** amount as printed in running text and key-value blocks */
  amt: (c: number) => string;
  /** amount in table cells (currency in the column head) */
  cell: (c: number) => string;
  /** a signed balance (refunds negative) */
  bal: (c: number) => string;
  date: (iso: string) => string;
  due: (iso: string) => string;
  rate: (h: number) => string;
  eur: string;
}

const FMT: Fmt[] = [
  // F80
  {
    amt: (c) => `${figures(c, true)} €`,
    cell: (c) => figures(c, true),
    bal: (c) => (c < 0 ? `-${figures(c, true)} €` : `${figures(c, true)} €`),
    date: dNum,
    due: dNum,
    rate: (h) => `${h} %`,
    eur: 'Euro',
  },
  // F81 mainframe: trailing minus
  {
    amt: (c) => `${figures(c, true)} EUR`,
    cell: (c) => `${figures(c, true)}${c < 0 ? '-' : ' '}`,
    bal: (c) => `${figures(c, true)}${c < 0 ? '-' : ''} EUR`,
    date: dNum,
    due: dShort0,
    rate: (h) => `${h} v.H.`,
    eur: 'EUR',
  },
  // F82 Bavaria
  {
    amt: (c) => `${figures(c, true)} €`,
    cell: (c) => `${c < 0 ? '-' : ''}${figures(c, true)} €`,
    bal: (c) => `${c < 0 ? '-' : ''}${figures(c, true)} €`,
    date: dLong,
    due: dNum,
    rate: (h) => `${h} v. H.`,
    eur: '€',
  },
  // F83 Saxony
  {
    amt: (c) => `${figures(c, true)} EUR`,
    cell: (c) => `${c < 0 ? '-' : ''}${figures(c, true)}`,
    bal: (c) => `${c < 0 ? '-' : ''}${figures(c, true)} EUR`,
    date: dNum,
    due: dNum,
    rate: (h) => `${h} %`,
    eur: 'EUR',
  },
  // F84 NRW: no currency in cells, refunds as "Guthaben"
  {
    amt: (c) => `${figures(c, true)} EUR`,
    cell: (c) => figures(c, true),
    bal: (c) => (c < 0 ? `${figures(c, true)} (Guthaben)` : figures(c, true)),
    date: dNum,
    due: dLoose,
    rate: (h) => `${h} v. H.`,
    eur: 'EUR',
  },
  // F85 BW: no thousands dots, "./." refunds
  {
    amt: (c) => `${figures(c, false)} €`,
    cell: (c) => `${c < 0 ? './. ' : ''}${figures(c, false)}`,
    bal: (c) => `${c < 0 ? './. ' : ''}${figures(c, false)} €`,
    date: dLong,
    due: dLong,
    rate: (h) => `Hebesatz ${h}`,
    eur: '€',
  },
  // F86 Lower Saxony
  {
    amt: (c) => `${figures(c, true)} Euro`,
    cell: (c) => `${c < 0 ? '- ' : ''}${figures(c, true)}`,
    bal: (c) => `${c < 0 ? '- ' : ''}${figures(c, true)} Euro`,
    date: dNum,
    due: dNum,
    rate: (h) => `${h} %`,
    eur: 'Euro',
  },
  // F87 RLP
  {
    amt: (c) => `${figures(c, false)} EUR`,
    cell: (c) => `${c < 0 ? '-' : ''}${figures(c, false)} EUR`,
    bal: (c) => `${c < 0 ? '-' : ''}${figures(c, false)} EUR`,
    date: dShort,
    due: dNum,
    rate: (h) => `${h} v. H.`,
    eur: 'EUR',
  },
];

/** Data fixes of this part: prepayment due dates on a weekend (or 15 Aug in Saarland) move on. */
export function fixBlind8Data(data: NoticeData): void {
  const move = (iso: string) => {
    let d = iso;
    for (;;) {
      const wd = new Date(`${d}T00:00:00Z`).getUTCDay();
      const holiday = data.gemeinde.land === 'Saarland' && d.slice(5) === '08-15';
      if (wd !== 0 && wd !== 6 && !holiday) return d;
      d = addDays(d, 1);
    }
  };
  data.vz = data.vz.map((v) => ({ ...v, faellig_am: move(v.faellig_am) }));
}

/** Sum of the Zerlegung shares (the Messbetrag being split), in cents. */
export const zerlegungTotal = (data: NoticeData) => data.zerlegung.reduce((s, z) => s + z.anteil, 0);

// ---------------------------------------------------------------- issuers and letterheads

interface Ctx {
  data: NoticeData;
  fam: B8Family;
  fi: number;
  f: Fmt;
  r: Rng;
  fa: boolean; // issued by the Finanzamt
  caps: boolean;
}

const up = (s: string, c: Ctx) => (c.caps ? s.toUpperCase() : s);
const gemKind = (d: NoticeData) => (d.gemeinde.kind === 'Gemeinde' ? 'Gemeinde' : d.gemeinde.kind);

function issuerName(c: Ctx): string[] {
  const d = c.data;
  if (c.fa) {
    if (c.fi === 2) return ['Finanzamt ' + d.finanzamt, 'Bayerisches Landesamt für Steuern'];
    if (c.fi === 3) return ['Finanzamt ' + d.finanzamt, 'Freistaat Sachsen'];
    if (c.fi === 4) return ['Finanzamt ' + d.finanzamt, 'Finanzverwaltung NRW'];
    return ['Finanzamt ' + d.finanzamt];
  }
  switch (c.fi) {
    case 0:
      return ['Finanzamt ' + d.finanzamt, `Gewerbesteuerstelle für die ${gemKind(d)} ${d.gemeinde.name}`];
    case 1:
      return [`${d.gemeinde.kind.toUpperCase()} ${d.gemeinde.name.toUpperCase()}`, 'STEUERAMT / STADTKASSE'];
    case 2:
      return [`${d.gemeinde.kind} ${d.gemeinde.name}`, 'Kämmerei - Steuerverwaltung'];
    case 3:
      return [`${d.gemeinde.kind} ${d.gemeinde.name}`, 'Kämmerei', 'Steuer- und Stadtkasse'];
    case 4:
      return [`${d.gemeinde.kind} ${d.gemeinde.name}`, 'Der Bürgermeister', 'Fachbereich Finanzen - Steuern'];
    case 5:
      return [`Bürgermeisteramt ${d.gemeinde.name}`, 'Steueramt'];
    case 6:
      return [`${d.gemeinde.kind} ${d.gemeinde.name}`, 'Fachdienst Finanzen'];
    default:
      return vgIssuer(d);
  }
}

/** RLP: an Ortsgemeinde's taxes are administered by the Verbandsgemeinde; towns do it themselves. */
function vgIssuer(d: NoticeData): string[] {
  if (d.gemeinde.kind === 'Gemeinde' || d.gemeinde.kind === 'Markt')
    return [`Verbandsgemeindeverwaltung ${d.finanzamt}`, `für die Ortsgemeinde ${d.gemeinde.name}`];
  return [`Stadtverwaltung ${d.gemeinde.name}`, 'Finanzabteilung'];
}

function officeAddress(c: Ctx): string[] {
  const d = c.data;
  const seat =
    c.fa || c.fi === 0 || (c.fi === 7 && d.gemeinde.kind !== 'Stadt') ? d.finanzamt : d.gemeinde.name;
  const street =
    c.fa || c.fi === 0
      ? pick(c.r, ['Steuerstraße 10', 'Kaiserring 14', 'Finanzamtsweg 2', 'Schloßstraße 5'])
      : pick(c.r, ['Rathausplatz 1', 'Marktplatz 3', 'Am Rathaus 2', 'Schulstraße 8']);
  const plz = c.fa || c.fi === 0 ? String(int(c.r, 10000, 99999)) : d.gemeinde.plz;
  return [street, `${plz} ${seat}`];
}

function recipient(c: Ctx): string[] {
  const d = c.data;
  const city = `${int(c.r, 10000, 99999)} ${pick(c.r, ['Bremen', 'Kassel', 'Erfurt', 'Ulm', 'Bielefeld', 'Rostock'])}`;
  return c.caps
    ? [d.company.toUpperCase(), d.street.toUpperCase(), city.toUpperCase()]
    : [d.company, d.street, city];
}

interface Head {
  first: Fix[];
  top: number;
  footer: (p: number, n: number) => Fix[];
  running: (p: number, n: number) => Fix[];
  contTop: number;
  bottom: number;
}

interface Ids {
  rows: [string, string][];
}

/** The identifiers a notice prints (Aktenzeichen/Kassenzeichen/Steuernummer/Datum), in family words. */
function idRows(c: Ctx, date: string): Ids {
  const d = c.data;
  const rows: [string, string][] = [];
  const municipalType = !c.fa && d.type !== 'messbescheid' && d.type !== 'zerlegungsbescheid';
  const kzLabel = [
    'Kassenzeichen',
    'KASSENZEICHEN',
    'Kassenzeichen',
    'Kassenzeichen',
    'Kassenz.',
    'Kassenzeichen',
    'Kassenzeichen',
    'Kassenzeichen',
  ][c.fi]!;
  const stLabel = [
    'Steuernummer',
    'STEUER-NR.',
    'Steuernummer',
    'Steuer-Nr.',
    'St.-Nr. (FA)',
    'Steuernummer',
    'Steuernummer',
    'Steuer-Nummer',
  ][c.fi]!;
  const dtLabel = ['Datum', 'DATUM', 'Datum', 'Datum', 'Datum', 'Datum', 'Datum', 'Datum'][c.fi]!;
  if (municipalType) {
    rows.push([kzLabel, d.kassenzeichen]);
    rows.push([
      c.caps ? 'AKTENZEICHEN' : 'Aktenzeichen',
      `${pick(c.r, ['20.1', '222', 'II/21', '2.2-GewSt'])}/${int(c.r, 100, 999)}`,
    ]);
  }
  if (d.showSteuernummer && d.type !== 'sonstiges') rows.push([stLabel, d.steuernummer]);
  if (c.fa && d.type === 'sonstiges') rows.push([stLabel, d.steuernummer]);
  rows.push([
    c.caps ? 'AUSKUNFT' : 'Auskunft',
    `${pick(c.r, ['Frau', 'Herr'])} ${pick(c.r, ['Lehmann', 'Vogt', 'Krause', 'Brandt', 'Seidel'])}`,
  ]);
  rows.push([
    c.caps ? 'TELEFON' : 'Telefon',
    `0${int(c.r, 200, 999)} ${int(c.r, 100, 999)}-${int(c.r, 10, 99)}`,
  ]);
  rows.push([dtLabel, date]);
  return { rows };
}

function bankLine(c: Ctx): string {
  const d = c.data;
  const ib = d.iban.replace(/(.{4})/g, '$1 ').trim();
  switch (c.fi) {
    case 0:
      return `Bankverbindung der Kasse ${d.gemeinde.name}: ${d.bank} · IBAN ${ib} · BIC ${d.bic}`;
    case 1:
      return `EMPFAENGER: Kasse ${d.gemeinde.name}  IBAN ${d.iban}  BIC ${d.bic}`;
    case 2:
      return `${d.bank} | IBAN: ${ib} | BIC: ${d.bic}`;
    case 3:
      return `Konto: ${d.bank}, IBAN ${ib}, BIC ${d.bic}`;
    case 4:
      return `${d.bank}   IBAN ${d.iban}   BIC ${d.bic}`;
    case 5:
      return `Bankverbindung: ${d.bank} - IBAN ${ib} - BIC ${d.bic}`;
    case 6:
      return `${d.bank} IBAN ${ib} BIC ${d.bic}`;
    default:
      return `Bankverbindung: ${d.bank}; IBAN ${ib}; BIC ${d.bic}`;
  }
}

function head(c: Ctx, title: string): Head {
  const { fam } = c;
  const d = c.data;
  const iss = issuerName(c);
  const addr = officeAddress(c);
  const rec = recipient(c);
  const date = c.f.date(d.datum);
  const ids = idRows(c, date).rows;
  const first: Fix[] = [];
  const withBank = !c.fa && d.type !== 'messbescheid' && d.type !== 'zerlegungsbescheid';
  const bank = withBank ? bankLine(c) : '';
  const pageNo = (p: number, n: number) =>
    c.caps ? `BLATT ${p}/${n}` : c.fi === 4 ? `Seite ${p} / ${n}` : `Seite ${p} von ${n}`;
  const sender = `${iss[0]}, ${addr.join(', ')}`;
  let top: number;
  const lm = fam.lm;
  const rm = fam.rm;
  const footBase: Fix[] = [];
  switch (c.fi) {
    case 0: {
      // tax-office print: office top left, info column right, address window under it
      first.push({ x: lm, y: 50, t: iss[0]!, s: 13, b: true });
      iss.slice(1).forEach((t, i) => first.push({ x: lm, y: 66 + i * 12, t, s: 9 }));
      first.push({ x: lm, y: 128, t: sender, s: 6.5 });
      rec.forEach((t, i) => first.push({ x: lm, y: 146 + i * 12, t }));
      ids.forEach(([k, v], i) => {
        first.push({ x: 360, y: 60 + i * 12, t: k, s: 8 });
        first.push({ x: 450, y: 60 + i * 12, t: v, s: 8 });
      });
      first.push({ x: 360, y: 60 + ids.length * 12 + 6, t: 'Bitte bei Rückfragen angeben', s: 6.5 });
      first.push({ x: lm, y: 255, t: title, s: 11.5, b: true });
      top = 285;
      break;
    }
    case 1: {
      // line printer: everything in one grid, capitals, dashed rules
      first.push({ x: lm, y: 40, t: iss.join(' - ').toUpperCase(), s: 9, b: true });
      first.push({ x: lm, y: 52, t: addr.join(', ').toUpperCase(), s: 8 });
      first.push({ x: lm, y: 62, t: '-'.repeat(104), s: 8 });
      rec.forEach((t, i) => first.push({ x: lm + 20, y: 130 + i * 11, t }));
      ids.forEach(([k, v], i) =>
        first.push({ x: 340, y: 80 + i * 11, t: `${k.padEnd(15, '.')}: ${v}`, s: 8 }),
      );
      first.push({ x: lm, y: 215, t: '-'.repeat(104), s: 8 });
      first.push({ x: lm, y: 230, t: title.toUpperCase(), s: 9.5, b: true });
      first.push({ x: lm, y: 242, t: '-'.repeat(104), s: 8 });
      top = 262;
      break;
    }
    case 2: {
      // Bavaria: crest-like block right, window left
      first.push({ x: rm, y: 48, t: iss[0]!.toUpperCase(), s: 14, b: true, a: 'r' });
      first.push({ x: rm, y: 64, t: iss[1] ?? '', s: 9, a: 'r' });
      first.push({ x: rm, y: 76, t: addr.join(' · '), s: 8, a: 'r' });
      first.push({ x: lm, y: 138, t: sender, s: 6.5 });
      first.push({ x: lm, y: 140.5, t: '_'.repeat(70), s: 6 });
      rec.forEach((t, i) => first.push({ x: lm, y: 156 + i * 12, t }));
      ids.forEach(([k, v], i) => {
        first.push({ x: 370, y: 140 + i * 11.5, t: `${k}:`, s: 8.5 });
        first.push({ x: rm, y: 140 + i * 11.5, t: v, s: 8.5, a: 'r' });
      });
      first.push({ x: lm, y: 262, t: title, s: 12, b: true });
      top = 288;
      break;
    }
    case 3: {
      // Saxony: address window top left, letterhead right, bold underlined subject
      first.push({ x: 340, y: 50, t: iss[0]!, s: 12, b: true });
      iss.slice(1).forEach((t, i) => first.push({ x: 340, y: 64 + i * 12, t, s: 9.5 }));
      first.push({ x: 340, y: 64 + (iss.length - 1) * 12, t: addr.join(', '), s: 8 });
      first.push({ x: lm, y: 120, t: sender, s: 7 });
      rec.forEach((t, i) => first.push({ x: lm, y: 138 + i * 13, t }));
      ids.forEach(([k, v], i) => first.push({ x: 340, y: 140 + i * 12, t: `${k}: ${v}`, s: 9 }));
      first.push({ x: lm, y: 258, t: title, s: 12, b: true });
      first.push({ x: lm, y: 261, t: '_'.repeat(Math.min(80, title.length + 4)), s: 8 });
      top = 288;
      break;
    }
    case 4: {
      // NRW: narrow letterhead bar, window, info as a ruled box
      first.push({ x: lm, y: 42, t: iss[0]!, s: 15, b: true });
      first.push({ x: lm, y: 58, t: iss.slice(1).join(' | '), s: 9 });
      first.push({ x: lm, y: 142, t: sender, s: 6.5 });
      rec.forEach((t, i) => first.push({ x: lm, y: 158 + i * 12, t }));
      ids.forEach(([k, v], i) => {
        first.push({ x: 368, y: 110 + i * 12, t: k, s: 8 });
        first.push({ x: 440, y: 110 + i * 12, t: v, s: 8, b: k.startsWith('Kassenz') });
      });
      first.push({ x: lm, y: 268, t: title, s: 11, b: true });
      top = 292;
      break;
    }
    case 5: {
      // BW: centered letterhead, info block in one line under the address
      first.push({ x: 297, y: 44, t: iss[0]!, s: 16, b: true, a: 'c' });
      first.push({ x: 297, y: 62, t: `- ${iss[1]} -`, s: 10, a: 'c' });
      first.push({ x: 297, y: 76, t: addr.join(' • '), s: 8.5, a: 'c' });
      first.push({ x: lm, y: 132, t: sender, s: 7 });
      rec.forEach((t, i) => first.push({ x: lm, y: 150 + i * 13, t }));
      first.push({ x: rm, y: 150, t: `${d.gemeinde.name}, ${date}`, s: 10, a: 'r' });
      ids
        .filter(([k]) => !k.startsWith('Datum'))
        .forEach(([k, v], i) => first.push({ x: rm, y: 170 + i * 12, t: `${k}: ${v}`, s: 9, a: 'r' }));
      first.push({ x: lm, y: 272, t: title, s: 12.5, b: true });
      top = 298;
      break;
    }
    case 6: {
      // Lower Saxony DIN 5008: letterhead right, window, reference line across
      first.push({ x: rm, y: 46, t: iss[0]!, s: 14, b: true, a: 'r' });
      first.push({ x: rm, y: 62, t: iss[1] ?? '', s: 10, a: 'r' });
      first.push({ x: lm, y: 127, t: sender, s: 7 });
      rec.forEach((t, i) => first.push({ x: lm, y: 145 + i * 12.5, t }));
      const heads = ['Ihr Zeichen, Ihre Nachricht vom', 'Unser Zeichen', 'Telefon, Name', 'Datum'];
      const xs = [lm, 220, 330, 450];
      const phone = ids.find(([k]) => k === 'Telefon')?.[1] ?? '';
      const who = ids.find(([k]) => k === 'Auskunft')?.[1] ?? '';
      const ours = ids.find(([k]) => k === 'Aktenzeichen')?.[1] ?? d.steuernummer;
      const vals = ['', ours, `${phone} ${who.split(' ')[1] ?? ''}`, date];
      heads.forEach((t, i) => first.push({ x: xs[i]!, y: 238, t, s: 7 }));
      vals.forEach((t, i) => first.push({ x: xs[i]!, y: 250, t, s: 9.5 }));
      const rest = ids.filter(
        ([k]) => k !== 'Telefon' && k !== 'Auskunft' && k !== 'Aktenzeichen' && k !== 'Datum',
      );
      rest.forEach(([k, v], i) => first.push({ x: 360, y: 130 + i * 12, t: `${k}: ${v}`, s: 9 }));
      first.push({ x: lm, y: 282, t: title, s: 11.5, b: true });
      top = 308;
      break;
    }
    default: {
      // RLP: two-line letterhead left, info block right, address below
      first.push({ x: lm, y: 46, t: iss[0]!, s: 14, b: true });
      first.push({ x: lm, y: 62, t: iss.slice(1).join(' '), s: 10.5 });
      first.push({ x: lm, y: 74, t: addr.join(', '), s: 8.5 });
      first.push({ x: lm, y: 134, t: sender, s: 7 });
      rec.forEach((t, i) => first.push({ x: lm, y: 152 + i * 13, t }));
      ids.forEach(([k, v], i) => {
        first.push({ x: 350, y: 110 + i * 12.5, t: `${k}`, s: 9 });
        first.push({ x: 440, y: 110 + i * 12.5, t: v, s: 9 });
      });
      first.push({ x: lm, y: 270, t: title, s: 12, b: true });
      top = 296;
    }
  }
  if (bank)
    footBase.push({
      x: c.fi === 5 ? 297 : lm,
      y: 812,
      t: bank,
      s: c.caps ? 7 : 7.5,
      a: c.fi === 5 ? 'c' : 'l',
    });
  const hours = c.caps
    ? 'SPRECHZEITEN: MO-FR 8.00-12.00 UHR'
    : pick(c.r, [
        'Sprechzeiten: Mo-Fr 8.30-12.00 Uhr, Do 14-18 Uhr',
        'Öffnungszeiten: Mo, Di, Do 8-16 Uhr, Mi und Fr 8-12 Uhr',
        'Besuche nach Terminvereinbarung',
      ]);
  footBase.push({ x: c.fi === 5 ? 297 : lm, y: 823, t: hours, s: 7, a: c.fi === 5 ? 'c' : 'l' });
  const footer = (p: number, n: number): Fix[] => [
    ...footBase,
    { x: c.fi === 1 ? lm : rm, y: c.fi === 1 ? 800 : 790, t: pageNo(p, n), s: 8, a: c.fi === 1 ? 'l' : 'r' },
  ];
  const running = (p: number): Fix[] => {
    if (p < 2) return [];
    const id =
      d.type === 'messbescheid' || d.type === 'zerlegungsbescheid' || c.fa ? d.steuernummer : d.kassenzeichen;
    return [
      { x: lm, y: 40, t: up(`${iss[0]} - ${c.fi === 6 ? 'Schreiben' : 'Bescheid'} vom ${date}`, c), s: 8 },
      {
        x: rm,
        y: 40,
        t: up(
          `${c.fa || d.type === 'messbescheid' || d.type === 'zerlegungsbescheid' ? 'Steuernummer' : 'Kassenzeichen'} ${id}`,
          c,
        ),
        s: 8,
        a: 'r',
      },
    ];
  };
  return { first, top, footer, running, contTop: 70, bottom: bank ? 770 : 780 };
}

// ---------------------------------------------------------------- legal texts

function legal(c: Ctx): Blk[] {
  const s = c.fam.size - 1.5;
  const d = c.data;
  const out: Blk[] = [];
  const h = (t: string) => out.push({ k: 'p', t: up(t, c), b: true, s: s + 0.5 });
  const p = (t: string) => out.push({ k: 'p', t: up(t, c), s, after: 4 });
  out.push({ k: 'sp', h: 8 });
  if (c.fi === 3 || c.fi === 5 || c.fi === 6) out.push(...notes(c));
  if (c.fi === 7 && d.type !== 'mahnung' && d.type !== 'sonstiges') out.push({ k: 'brk' });
  if (c.fa || c.fi === 0 || d.type === 'messbescheid' || d.type === 'zerlegungsbescheid') {
    h('Rechtsbehelfsbelehrung');
    p(
      `Gegen diesen Bescheid ist der Einspruch gegeben. Er ist beim Finanzamt ${d.finanzamt} schriftlich einzureichen, diesem elektronisch zu übermitteln oder dort zur Niederschrift zu erklären. Die Frist für die Einlegung beträgt einen Monat; sie beginnt mit Ablauf des Tages, an dem Ihnen dieser Bescheid bekannt gegeben worden ist (§§ 347, 355 AO). Bei Zusendung durch einfachen Brief gilt die Bekanntgabe mit dem vierten Tag nach Aufgabe zur Post als bewirkt, es sei denn, der Bescheid ist nicht oder zu einem späteren Zeitpunkt zugegangen (§ 122 Abs. 2 AO).`,
    );
    if (d.type === 'messbescheid' || d.type === 'zerlegungsbescheid')
      p(
        'Dieser Bescheid ist Grundlagenbescheid für die Festsetzung der Gewerbesteuer durch die hebeberechtigten Gemeinden (§ 184 Abs. 1, § 171 Abs. 10 AO). Einwendungen gegen den Steuermessbetrag können nur durch Einspruch gegen diesen Bescheid, nicht durch Rechtsbehelf gegen den Gewerbesteuerbescheid der Gemeinde geltend gemacht werden.',
      );
    return out;
  }
  h(c.fi === 1 ? 'RECHTSBEHELFSBELEHRUNG' : pick(c.r, ['Rechtsbehelfsbelehrung', 'Rechtsbehelfsbelehrung:']));
  if (c.fi === 4) {
    p(
      `Gegen diesen Bescheid kann innerhalb eines Monats nach Bekanntgabe Klage erhoben werden. Die Klage ist schriftlich oder zur Niederschrift des Urkundsbeamten der Geschäftsstelle beim Verwaltungsgericht zu erheben. Ein Vorverfahren findet nicht statt (§ 110 Justizgesetz NRW). Die Klage kann auch elektronisch nach Maßgabe des § 55a VwGO eingereicht werden.`,
    );
  } else if (c.fi === 2) {
    p(
      `Gegen diesen Bescheid können Sie innerhalb eines Monats nach seiner Bekanntgabe Widerspruch einlegen oder unmittelbar Klage erheben (Art. 12 AGVwGO). Der Widerspruch ist bei der ${gemKind(d)} ${d.gemeinde.name} schriftlich oder zur Niederschrift einzulegen. Die Klage ist beim Bayerischen Verwaltungsgericht schriftlich, zur Niederschrift oder elektronisch in einer für den Schriftformersatz zugelassenen Form zu erheben.`,
    );
  } else {
    p(
      `Gegen diesen Bescheid kann innerhalb eines Monats nach Bekanntgabe Widerspruch erhoben werden. Der Widerspruch ist schriftlich oder zur Niederschrift bei der im Briefkopf genannten Behörde einzulegen (§§ 68 ff. VwGO). Ein Widerspruch hat keine aufschiebende Wirkung; die festgesetzten Beträge sind trotzdem zu den angegebenen Terminen zu zahlen (§ 80 Abs. 2 Satz 1 Nr. 1 VwGO).`,
    );
  }
  if (d.type !== 'mahnung' && d.type !== 'sonstiges')
    p(
      'Einwendungen gegen die Höhe des Steuermessbetrags sind nicht gegen diesen Bescheid, sondern durch Einspruch beim zuständigen Finanzamt gegen den Messbescheid zu richten (§ 351 Abs. 2 AO).',
    );
  return out;
}

/** Explanations some vendors print before the legal text (they push the notice onto a second page). */
function notes(c: Ctx): Blk[] {
  const d = c.data;
  if (d.type === 'mahnung' || d.type === 'sonstiges') return [];
  const s = c.fam.size - 1.5;
  const items = [
    'Der Steuermessbetrag ist für die Gemeinde bindend (§ 182 Abs. 1 AO). Wird der Messbescheid geändert, ändert sich dieser Bescheid von Amts wegen (§ 35b GewStG).',
    'Die Gewerbesteuer entsteht mit Ablauf des Erhebungszeitraums, für den die Festsetzung vorgenommen wird (§ 18 GewStG). Der Erhebungszeitraum ist das Kalenderjahr (§ 14 GewStG).',
    'Vorauszahlungen werden auf die Steuerschuld angerechnet. Ein Antrag auf Herabsetzung der Vorauszahlungen ist beim Finanzamt zu stellen, da die Gemeinde an den Messbetrag für Vorauszahlungszwecke gebunden ist (§ 19 Abs. 3 und 4 GewStG).',
    'Bei Zahlung nach dem Fälligkeitstag wird für jeden angefangenen Monat der Säumnis ein Säumniszuschlag von 1 % des auf 50 Euro abgerundeten rückständigen Betrags erhoben (§ 240 AO).',
    'Informationen zur Verarbeitung Ihrer Daten nach Art. 13 und 14 DSGVO erhalten Sie im Internetauftritt der Verwaltung oder auf Anfrage in Papierform.',
  ];
  return [
    { k: 'p', t: up(c.fi === 6 ? 'Hinweise' : 'Erläuterungen', c), b: true, s: s + 0.5 },
    ...items.map((t, i): Blk => ({ k: 'p', t: `${i + 1}. ${t}`, s, ind: 10, after: 3 })),
    { k: 'sp', h: 6 },
  ];
}

function payHint(c: Ctx): Blk {
  const t = pick(c.r, [
    'Bitte geben Sie bei jeder Zahlung das Kassenzeichen an. Ein SEPA-Lastschriftmandat erleichtert Ihnen die pünktliche Zahlung.',
    'Zahlungen ohne Angabe des Kassenzeichens können nicht zugeordnet werden. Bei verspäteter Zahlung entstehen Säumniszuschläge nach § 240 AO.',
    'Liegt uns ein SEPA-Mandat vor, werden die Beträge zu den Fälligkeitstagen abgebucht; Sie brauchen nichts zu veranlassen.',
  ]);
  return { k: 'p', t: up(t, c), s: c.fam.size - 1 };
}

// ---------------------------------------------------------------- bodies

const P = (
  c: Ctx,
  t: string,
  extra: Partial<{ b: boolean; s: number; after: number; ind: number }> = {},
): Blk => ({
  k: 'p',
  t: up(t, c),
  ...extra,
});

function tableRules(c: Ctx): 'none' | 'grid' | 'lines' | 'under' {
  return (['lines', 'under', 'none', 'grid', 'grid', 'none', 'lines', 'under'] as const)[c.fi]!;
}

function vzBlocks(c: Ctx, intro: string): Blk[] {
  const d = c.data;
  if (!d.vz.length) return [];
  const f = c.f;
  const out: Blk[] = [P(c, intro, { after: 4 })];
  const rules = tableRules(c);
  const plan = c.fi === 6 || c.fi === 7;
  if (plan) {
    // payment plan: running total
    let sum = 0;
    const rows = d.vz.map((v, i) => {
      sum += v.betrag;
      return [
        String(i + 1),
        f.due(v.faellig_am),
        `${v.quartal}. Quartal ${v.jahr}`,
        f.cell(v.betrag),
        f.cell(sum),
      ];
    });
    out.push({
      k: 'tbl',
      cols: [
        { w: 30, a: 'r' },
        { w: 90, a: 'l' },
        { w: 110, a: 'l' },
        { w: 110, a: 'r' },
        { w: 110, a: 'r' },
      ],
      head: ['Nr.', 'Fälligkeit', 'Zeitraum', `Rate (${f.eur})`, `Summe (${f.eur})`],
      rows,
      rules,
      cont: 'Zahlungsplan (Fortsetzung)',
    });
  } else if (c.fi === 2 || c.fi === 5) {
    // one line per quarter in running text
    for (const v of d.vz)
      out.push(
        P(c, `${v.quartal}. Vierteljahr ${v.jahr}: fällig am ${f.due(v.faellig_am)}  ${f.amt(v.betrag)}`, {
          ind: 14,
        }),
      );
  } else {
    out.push({
      k: 'tbl',
      cols: [
        { w: 70, a: 'l' },
        { w: 60, a: 'c' },
        { w: 100, a: 'l' },
        { w: 120, a: 'r' },
      ],
      head: c.caps
        ? ['JAHR', 'QUARTAL', 'FAELLIG AM', `BETRAG ${f.eur}`]
        : ['Jahr', 'Quartal', 'fällig am', `Betrag ${f.eur}`],
      rows: d.vz.map((v) => [String(v.jahr), `${v.quartal}`, f.due(v.faellig_am), f.cell(v.betrag)]),
      rules,
    });
  }
  return out;
}

function zinsBlocks(c: Ctx, asPart: boolean): Blk[] {
  const z = c.data.zinsen;
  if (!z) return [];
  const f = c.f;
  const out: Blk[] = [];
  if (asPart) out.push({ k: 'sp', h: 6 }, P(c, 'Zinsen zur Gewerbesteuer (§ 233a AO)', { b: true }));
  const rows: [string, string][] = [
    ['Zinsberechnung für den Erhebungszeitraum', String(c.data.ez)],
    ['Beginn des Zinslaufs', f.date(z.von)],
    ['Ende des Zinslaufs', f.date(z.bis)],
    ['zu verzinsender Betrag (abgerundet auf volle 50 Euro)', f.amt(z.basis)],
    ['Anzahl voller Zinsmonate', String(z.monate)],
    ['Zinssatz je Monat', '0,15 %'],
    ['Zinsen (auf volle Euro abgerundet)', f.amt(z.betrag)],
  ];
  if (c.fi === 3 || c.fi === 6) {
    out.push(
      P(
        c,
        `Der Zinslauf beginnt am ${f.date(z.von)} und endet mit Ablauf des ${f.date(z.bis)}. Für ${z.monate} volle Monate betragen die Zinsen 0,15 % je Monat aus ${f.amt(z.basis)}, das sind ${f.amt(z.betrag)}.`,
      ),
    );
  } else
    out.push({
      k: 'kv',
      rows: rows.map(([a, b]) => [up(a, c), b]),
      x2: 360,
      vr: c.fi === 1 ? undefined : c.fam.rm,
      dots: c.fi === 1,
    });
  return out;
}

interface Built {
  title: string;
  blocks: Blk[];
  printsEz: boolean;
}

function gewst(c: Ctx): Built {
  const d = c.data;
  const f = c.f;
  const diff = d.tax - d.bisher;
  const titles = [
    `Bescheid über Gewerbesteuer für ${d.ez}`,
    `GEWERBESTEUERBESCHEID ${d.ez}`,
    `Gewerbesteuerbescheid für das Jahr ${d.ez}`,
    `Bescheid über die Festsetzung der Gewerbesteuer ${d.ez}`,
    `Gewerbesteuer ${d.ez} - Festsetzungs- und Abrechnungsbescheid`,
    `Gewerbesteuerbescheid ${d.ez}`,
    `Festsetzung der Gewerbesteuer für ${d.ez}`,
    `Bescheid über Gewerbesteuer - Erhebungszeitraum ${d.ez}`,
  ];
  const b: Blk[] = [];
  b.push(
    P(
      c,
      pick(c.r, [
        `Sehr geehrte Damen und Herren,\n\naufgrund des vom Finanzamt ${d.finanzamt} mitgeteilten Steuermessbetrags wird die Gewerbesteuer für das Kalenderjahr ${d.ez} wie folgt festgesetzt:`,
        `Auf der Grundlage des Gewerbesteuermessbescheids des Finanzamts ${d.finanzamt} setze ich die Gewerbesteuer für ${d.ez} fest (§§ 1, 16 GewStG):`,
        `Für den Erhebungszeitraum ${d.ez} ergibt sich nach dem Messbescheid des Finanzamts ${d.finanzamt} folgende Gewerbesteuer:`,
      ]),
      { after: 6 },
    ),
  );
  if (c.fi === 0)
    b.push(
      P(c, `Hebeberechtigte Gemeinde: ${d.gemeinde.name} (Gemeindeschlüssel ${d.gemeinde.ags})`, {
        after: 4,
      }),
    );
  if (c.fi === 3 || c.fi === 4) {
    // old and new values side by side
    const old = d.bisher;
    const rows = [
      ['Steuermessbetrag', '', f.cell(d.mb * 100)],
      ['Hebesatz', '', f.rate(d.hebesatz)],
      ['Gewerbesteuer', f.cell(old), f.cell(d.tax)],
    ];
    b.push({
      k: 'tbl',
      cols: [
        { w: 180, a: 'l' },
        { w: 110, a: 'r' },
        { w: 110, a: 'r' },
      ],
      head: [
        '',
        c.fi === 3 ? 'bisher' : `bisher festgesetzt (${f.eur})`,
        c.fi === 3 ? 'neu' : `neu (${f.eur})`,
      ],
      rows,
      rules: tableRules(c),
    });
    b.push({ k: 'sp', h: 6 });
    b.push({
      k: 'kv',
      rows: [
        [c.fi === 3 ? 'Bisher festgesetzt' : 'abzüglich bisher festgesetzt', f.amt(d.bisher)],
        [diff < 0 ? 'Unterschiedsbetrag (Erstattung)' : 'Unterschiedsbetrag (Abrechnung)', f.bal(diff)],
      ],
      x2: 330,
      vr: c.fam.rm,
      b: false,
    });
  } else if (c.fi === 2) {
    // two columns: Festsetzung | Abrechnung
    b.push({
      k: 'two',
      x2: 300,
      l: [
        'Festsetzung',
        `Steuermessbetrag: ${f.amt(d.mb * 100)}`,
        `Hebesatz: ${f.rate(d.hebesatz)}`,
        `Gewerbesteuer: ${f.amt(d.tax)}`,
      ],
      r: [
        'Abrechnung',
        `festgesetzt: ${f.amt(d.tax)}`,
        `bisher festgesetzt: ${f.amt(d.bisher)}`,
        `${diff < 0 ? 'Erstattung' : 'Nachzahlung'}: ${f.bal(diff)}`,
      ],
    });
  } else {
    const rows: [string, string][] = [
      ['Steuermessbetrag', f.amt(d.mb * 100)],
      [c.fi === 5 ? 'Hebesatz der Gemeinde' : 'Hebesatz', f.rate(d.hebesatz)],
      [`Gewerbesteuer ${d.ez}`, f.amt(d.tax)],
      ['bisher festgesetzt', f.amt(d.bisher)],
      [diff < 0 ? 'zu erstatten' : diff === 0 ? 'Unterschied' : 'noch zu zahlen', f.bal(diff)],
    ];
    b.push({
      k: 'kv',
      rows: rows.map(([a, v]) => [up(a, c), v]),
      x2: 300,
      vr: c.fi === 1 ? undefined : c.fam.rm,
      dots: c.fi === 1 || c.fi === 7,
    });
  }
  b.push({ k: 'sp', h: 6 });
  if (diff > 0)
    b.push(
      P(c, `Der Betrag von ${f.amt(diff)} ist bis zum ${f.due(d.faellig)} zu zahlen.`, { b: true, after: 4 }),
    );
  else if (diff < 0)
    b.push(
      P(
        c,
        `Der Erstattungsbetrag von ${f.amt(-diff)} wird auf das uns bekannte Konto überwiesen oder mit fälligen Forderungen verrechnet.`,
        { after: 4 },
      ),
    );
  else b.push(P(c, 'Es ergibt sich weder eine Nachzahlung noch eine Erstattung.', { after: 4 }));
  b.push(...zinsBlocks(c, true));
  if (d.vz.length) {
    b.push({ k: 'sp', h: 6 });
    b.push(
      ...vzBlocks(
        c,
        `Vorauszahlungen: Ab dem ${d.vz[0]!.quartal}. Quartal ${d.vz[0]!.jahr} werden die Vorauszahlungen auf der Grundlage dieses Bescheids (${f.rate(d.hebesatz)}) wie folgt festgesetzt:`,
      ),
    );
  }
  b.push({ k: 'sp', h: 6 }, payHint(c), ...legal(c));
  return { title: titles[c.fi]!, blocks: b, printsEz: true };
}

function vorausz(c: Ctx): Built {
  const d = c.data;
  const f = c.f;
  const titles = [
    `Bescheid über Vorauszahlungen zur Gewerbesteuer ab ${d.vzYear}`,
    `VORAUSZAHLUNGSBESCHEID GEWERBESTEUER ${d.ez}`,
    `Bescheid über Gewerbesteuer-Vorauszahlungen für ${d.ez}`,
    `Festsetzung der Gewerbesteuervorauszahlungen ${d.ez}`,
    `Gewerbesteuer - Vorauszahlungen ${d.ez}`,
    `Vorauszahlungsbescheid Gewerbesteuer ${d.ez}`,
    `Anpassung der Gewerbesteuer-Vorauszahlungen ${d.ez}`,
    `Bescheid über die Vorauszahlungen zur Gewerbesteuer für ${d.ez}`,
  ];
  const annual = d.vz.length ? d.vz[0]!.betrag * 4 : 0;
  const b: Blk[] = [
    P(
      c,
      pick(c.r, [
        `Nach § 19 GewStG werden die Vorauszahlungen für den Erhebungszeitraum ${d.ez} neu festgesetzt. Grundlage ist der voraussichtliche Steuermessbetrag.`,
        `Die Vorauszahlungen zur Gewerbesteuer für ${d.ez} werden nach § 19 Abs. 3 GewStG an die voraussichtliche Steuerschuld angepasst.`,
      ]),
      { after: 6 },
    ),
    {
      k: 'kv',
      rows: [
        [up('Steuermessbetrag für die Vorauszahlungen', c), f.amt(d.mb * 100)],
        [up('Hebesatz', c), f.rate(d.hebesatz)],
        [up('voraussichtliche Jahressteuer', c), f.amt(d.tax)],
        ...(annual
          ? ([[up('Jahresbetrag der Vorauszahlungen', c), f.amt(annual)]] as [string, string][])
          : []),
      ],
      x2: 300,
      vr: c.fi === 1 ? undefined : c.fam.rm,
      dots: c.fi === 1,
    },
    { k: 'sp', h: 8 },
  ];
  if (d.vz.length)
    b.push(
      ...vzBlocks(
        c,
        c.fi === 6 || c.fi === 7 ? 'Zahlungsplan:' : 'Die Vorauszahlungen sind zu folgenden Terminen fällig:',
      ),
    );
  else
    b.push(
      P(
        c,
        'Vorauszahlungen werden nicht festgesetzt, da sie unter 50 Euro je Vierteljahr lägen (§ 19 Abs. 5 GewStG).',
      ),
    );
  if (c.fi === 6 || c.fi === 7)
    b.push(
      P(c, 'Die Vorauszahlungen gelten auch für die folgenden Jahre, bis ein neuer Bescheid ergeht.', {
        s: c.fam.size - 1,
      }),
    );
  b.push({ k: 'sp', h: 6 }, payHint(c), ...legal(c));
  return { title: titles[c.fi]!, blocks: b, printsEz: true };
}

function zins(c: Ctx): Built {
  const d = c.data;
  const f = c.f;
  const z = d.zinsen!;
  const titles = [
    `Bescheid über Zinsen zur Gewerbesteuer ${d.ez}`,
    `ZINSBESCHEID ZUR GEWERBESTEUER ${d.ez}`,
    `Festsetzung von Nachzahlungszinsen (§ 233a AO) - Gewerbesteuer ${d.ez}`,
    `Zinsbescheid Gewerbesteuer ${d.ez}`,
    `Verzinsung der Gewerbesteuer ${d.ez} nach § 233a AO`,
    `Bescheid über Zinsen nach § 233a AO`,
    `Zinsfestsetzung zur Gewerbesteuer ${d.ez}`,
    `Zinsbescheid (Vollverzinsung) Gewerbesteuer ${d.ez}`,
  ];
  const b: Blk[] = [
    P(
      c,
      `Die Gewerbesteuer ${d.ez} wurde geändert. Der Unterschiedsbetrag ist nach § 233a AO i. V. m. § 1 Abs. 2 AO zu verzinsen. Die Zinsen betragen nach § 238 Abs. 1a AO 0,15 % für jeden vollen Monat.`,
      { after: 6 },
    ),
    ...zinsBlocks(c, false),
    { k: 'sp', h: 6 },
    P(c, `Die Zinsen in Höhe von ${f.amt(z.betrag)} sind bis zum ${f.due(d.faellig)} zu zahlen.`, {
      b: true,
    }),
    { k: 'sp', h: 6 },
    payHint(c),
    ...legal(c),
  ];
  return { title: titles[c.fi]!, blocks: b, printsEz: true };
}

function mess(c: Ctx): Built {
  const d = c.data;
  const f = c.f;
  const rounded = Math.floor(d.gewerbeertrag / 10000) * 10000;
  const title =
    c.fi === 1
      ? `BESCHEID FUER ${d.ez} UEBER DEN GEWERBESTEUERMESSBETRAG`
      : pick(c.r, [
          `Bescheid für ${d.ez} über den Gewerbesteuermessbetrag`,
          `Gewerbesteuermessbescheid für ${d.ez}`,
        ]);
  const rows: [string, string][] = [
    ['Gewinn aus Gewerbebetrieb / Gewerbeertrag', f.cell(d.gewerbeertrag)],
    ['Gewerbeertrag abgerundet auf volle 100 Euro', f.cell(rounded)],
    ['abzüglich Freibetrag (§ 11 Abs. 1 GewStG)', f.cell(d.freibetrag)],
    ['verbleibender Betrag', f.cell(rounded - d.freibetrag)],
    ['Steuermesszahl', '3,5 %'],
    ['Steuermessbetrag', f.cell(d.mb * 100)],
  ];
  const b: Blk[] = [
    P(c, `Festsetzung des Gewerbesteuermessbetrags für das Kalenderjahr ${d.ez}`, { b: true, after: 4 }),
    P(
      c,
      `Der Steuermessbetrag wird auf ${f.amt(d.mb * 100)} festgesetzt. Die Gemeinde setzt auf dieser Grundlage die Gewerbesteuer fest; bitte warten Sie deren Bescheid ab.`,
      { after: 8 },
    ),
    P(c, 'Berechnung', { b: true, after: 2 }),
    {
      k: 'tbl',
      cols: [
        { w: 300, a: 'l' },
        { w: 130, a: 'r' },
      ],
      head: [c.caps ? 'BESTEUERUNGSGRUNDLAGEN' : 'Besteuerungsgrundlagen', c.caps ? f.eur : f.eur],
      rows: rows.map(([a, v]) => [up(a, c), v]),
      rules: tableRules(c),
      boldLast: true,
    },
    { k: 'sp', h: 6 },
    P(
      c,
      d.freibetrag
        ? 'Der Freibetrag nach § 11 Abs. 1 Satz 3 Nr. 1 GewStG wurde berücksichtigt, da es sich um ein Einzelunternehmen oder eine Personengesellschaft handelt.'
        : 'Ein Freibetrag steht nicht zu (Kapitalgesellschaft).',
      { s: c.fam.size - 1 },
    ),
    P(c, `Der Gewerbesteuermessbetrag wird der Gemeinde ${d.gemeinde.name} mitgeteilt.`, {
      s: c.fam.size - 1,
    }),
    ...legal(c),
  ];
  return { title, blocks: b, printsEz: true };
}

function zerl(c: Ctx): Built {
  const d = c.data;
  const f = c.f;
  const total = zerlegungTotal(d);
  const lohnSum = d.zerlegung.reduce((s, z) => s + z.lohn, 0);
  const title =
    c.fi === 1
      ? `ZERLEGUNGSBESCHEID FUER ${d.ez}`
      : pick(c.r, [
          `Bescheid für ${d.ez} über die Zerlegung des Gewerbesteuermessbetrags`,
          `Zerlegungsbescheid ${d.ez}`,
        ]);
  const agsCol = c.fam.printsAgs;
  const cols: Col[] = agsCol
    ? [
        { w: 60, a: 'l' },
        { w: 150, a: 'l' },
        { w: 110, a: 'r' },
        { w: 110, a: 'r' },
      ]
    : [
        { w: 190, a: 'l' },
        { w: 120, a: 'r' },
        { w: 120, a: 'r' },
      ];
  const headRow = agsCol
    ? ['Gem.-Schl.', 'Gemeinde', 'Arbeitslöhne', `Anteil (${f.eur})`]
    : [
        c.caps ? 'HEBEBERECHTIGTE GEMEINDE' : 'hebeberechtigte Gemeinde',
        c.caps ? 'ARBEITSLOEHNE' : 'Arbeitslöhne',
        c.caps ? `ANTEIL ${f.eur}` : `Zerlegungsanteil ${f.eur}`,
      ];
  const rows = d.zerlegung.map((z) =>
    agsCol
      ? [z.gemeinde.ags, z.gemeinde.name, f.cell(z.lohn), f.cell(z.anteil)]
      : [z.gemeinde.name, f.cell(z.lohn), f.cell(z.anteil)],
  );
  rows.push(
    agsCol ? ['', 'Summe', f.cell(lohnSum), f.cell(total)] : [up('Summe', c), f.cell(lohnSum), f.cell(total)],
  );
  const b: Blk[] = [
    P(
      c,
      `Der Gewerbesteuermessbetrag für ${d.ez} in Höhe von ${f.amt(total)} wird nach dem Verhältnis der Arbeitslöhne (§ 29 Abs. 1 Nr. 1 GewStG) auf die hebeberechtigten Gemeinden zerlegt. Die Summe der Arbeitslöhne beträgt ${f.amt(lohnSum)}.`,
      { after: 8 },
    ),
    {
      k: 'tbl',
      cols,
      head: headRow,
      rows,
      rules: tableRules(c),
      boldLast: true,
      cont: up('Zerlegung (Fortsetzung)', c),
    },
    { k: 'sp', h: 6 },
    P(
      c,
      'Die Anteile wurden nach dem Verhältnis der Arbeitslöhne ermittelt und auf volle Cent gerundet; Rundungsdifferenzen sind nach der größten Nachkommastelle verteilt.',
      { s: c.fam.size - 1 },
    ),
    ...legal(c),
  ];
  return { title, blocks: b, printsEz: true };
}

function mahn(c: Ctx): Built {
  const d = c.data;
  const f = c.f;
  const total = d.rueckstand + d.saeumnis + d.mahngebuehr;
  const titles = [
    'Mahnung',
    'MAHNUNG - ZAHLUNGSAUFFORDERUNG',
    'Zahlungserinnerung und Mahnung',
    'Mahnung rückständiger Steuern',
    'Mahnung',
    'Mahnung - Ankündigung der Vollstreckung',
    'Letzte Zahlungsaufforderung',
    'Mahnung',
  ];
  const b: Blk[] = [
    P(
      c,
      pick(c.r, [
        'nach unseren Unterlagen sind folgende Beträge trotz Fälligkeit noch nicht beglichen:',
        'bei der Durchsicht unserer Konten haben wir festgestellt, dass folgende Forderungen offen sind:',
        'leider konnten wir bis heute keinen Zahlungseingang für die nachstehende Forderung feststellen:',
      ]),
      { after: 6 },
    ),
    {
      k: 'tbl',
      cols: [
        { w: 130, a: 'l' },
        { w: 80, a: 'l' },
        { w: 100, a: 'r' },
        { w: 90, a: 'r' },
      ],
      head: c.caps
        ? ['ABGABEART', 'FAELLIG SEIT', `HAUPTFORD. ${f.eur}`, `SAEUMNISZ. ${f.eur}`]
        : ['Abgabeart', 'fällig seit', `Rückstand (${f.eur})`, `Säumniszuschlag (${f.eur})`],
      rows: [
        [
          up(`Gewerbesteuer ${d.ez}`, c),
          f.due(d.urspruenglichFaellig),
          f.cell(d.rueckstand),
          f.cell(d.saeumnis),
        ],
      ],
      rules: tableRules(c),
    },
    { k: 'sp', h: 6 },
    {
      k: 'kv',
      rows: [
        [up('Rückstand', c), f.amt(d.rueckstand)],
        [up('Säumniszuschläge (§ 240 AO)', c), f.amt(d.saeumnis)],
        [up('Mahngebühr', c), f.amt(d.mahngebuehr)],
        [up('Gesamtbetrag', c), f.amt(total)],
      ],
      x2: 300,
      vr: c.fi === 1 ? undefined : c.fam.rm,
      dots: c.fi === 1,
    },
    { k: 'sp', h: 6 },
    P(c, `Bitte überweisen Sie den Gesamtbetrag spätestens bis zum ${f.due(d.faellig)}.`, {
      b: true,
      after: 4,
    }),
    P(
      c,
      'Sollte die Zahlung bis dahin nicht eingehen, wird der Betrag ohne weitere Ankündigung im Verwaltungsvollstreckungsverfahren beigetrieben. Hierdurch entstehen weitere Kosten. Haben Sie inzwischen gezahlt, betrachten Sie dieses Schreiben bitte als gegenstandslos.',
      { s: c.fam.size - 1 },
    ),
  ];
  if (c.fi === 6 || c.fi === 7) {
    // a proposed instalment plan
    const n = 3;
    const rate = Math.floor(total / n);
    const rows: string[][] = [];
    for (let i = 0; i < n; i++) {
      const amt = i === n - 1 ? total - rate * (n - 1) : rate;
      rows.push([String(i + 1), f.due(addDays(d.faellig, 30 * (i + 1))), f.cell(amt)]);
    }
    b.push(
      { k: 'sp', h: 6 },
      P(
        c,
        'Falls Ihnen die Zahlung in einer Summe nicht möglich ist, können Sie auf Antrag folgende Ratenzahlung vereinbaren (Stundungszinsen nach § 234 AO fallen an):',
        { after: 4 },
      ),
      {
        k: 'tbl',
        cols: [
          { w: 40, a: 'r' },
          { w: 110, a: 'l' },
          { w: 120, a: 'r' },
        ],
        head: ['Rate', 'Termin', `Betrag (${f.eur})`],
        rows,
        rules: tableRules(c),
      },
    );
  }
  return { title: titles[c.fi]!, blocks: b, printsEz: true };
}

function sonst(c: Ctx): Built {
  const d = c.data;
  const f = c.f;
  const k = d.sonstigesKind;
  if (c.fa) {
    if (k === 0)
      return {
        title: `Erinnerung an die Abgabe der Steuererklärungen für ${d.ez}`,
        printsEz: true,
        blocks: [
          P(c, `für das Kalenderjahr ${d.ez} liegen mir die folgenden Erklärungen noch nicht vor:`, {
            after: 4,
          }),
          P(
            c,
            '- Erklärung zur Festsetzung des Gewerbesteuermessbetrags\n- Erklärung für die Zerlegung des Gewerbesteuermessbetrags',
            { ind: 14, after: 6 },
          ),
          P(
            c,
            `Bitte übermitteln Sie die Erklärungen bis zum ${f.date(addDays(d.datum, 28))} elektronisch. Andernfalls kann ein Verspätungszuschlag nach § 152 AO festgesetzt oder die Besteuerungsgrundlagen können nach § 162 AO geschätzt werden.`,
          ),
        ],
      };
    if (k === 1)
      return {
        title: 'Anforderung von Unterlagen',
        printsEz: false,
        blocks: [
          P(c, 'zur Bearbeitung Ihrer Steuererklärung benötige ich noch folgende Unterlagen:', { after: 4 }),
          P(
            c,
            '- Aufstellung der Hinzurechnungen nach § 8 GewStG\n- Nachweis der Arbeitslöhne je Betriebsstätte\n- Mietverträge über die Betriebsräume',
            { ind: 14, after: 6 },
          ),
          P(c, `Bitte reichen Sie die Unterlagen bis zum ${f.date(addDays(d.datum, 21))} ein (§ 90 AO).`),
        ],
      };
    if (k === 2)
      return {
        title: 'Eingangsbestätigung Ihres Einspruchs',
        printsEz: true,
        blocks: [
          P(
            c,
            `Ihr Einspruch gegen den Bescheid für ${d.ez} über den Gewerbesteuermessbetrag ist hier eingegangen. Er wird unter der oben genannten Steuernummer bearbeitet.`,
            { after: 4 },
          ),
          P(
            c,
            'Eine Aussetzung der Vollziehung ist nicht beantragt. Die Entscheidung über den Einspruch erhalten Sie gesondert; bitte sehen Sie von Sachstandsanfragen ab.',
          ),
        ],
      };
    return {
      title: 'Mitteilung über die Änderung Ihrer Bankverbindung',
      printsEz: false,
      blocks: [
        P(
          c,
          'die von Ihnen mitgeteilte neue Bankverbindung wurde gespeichert. Erstattungen werden künftig auf das folgende Konto überwiesen:',
          { after: 4 },
        ),
        {
          k: 'kv',
          rows: [
            ['IBAN', `DE${int(c.r, 10, 99)} XXXX XXXX XXXX XXXX ${int(c.r, 10, 99)}`],
            ['Kontoinhaber', d.company],
          ],
          x2: 200,
        },
      ],
    };
  }
  if (k === 0) {
    const gsMb = int(c.r, 2000, 90000);
    const gsH = int(c.r, 300, 900);
    const gsTax = Math.round((gsMb * gsH) / 100);
    const q = Math.floor(gsTax / 4);
    const year = d.ez + 2;
    return {
      title: `Grundsteuerbescheid ${year}`,
      printsEz: false,
      blocks: [
        P(
          c,
          `für den Grundbesitz ${d.street}, Flur ${int(c.r, 1, 30)}, Flurstück ${int(c.r, 10, 999)}/${int(c.r, 1, 9)}, wird die Grundsteuer B ab ${year} festgesetzt:`,
          { after: 4 },
        ),
        {
          k: 'kv',
          rows: [
            [up('Grundsteuermessbetrag', c), f.amt(gsMb)],
            [up('Hebesatz Grundsteuer B', c), f.rate(gsH)],
            [up('Jahresbetrag', c), f.amt(gsTax)],
            [up('Vierteljahresbetrag (15.2./15.5./15.8./15.11.)', c), f.amt(q)],
          ],
          x2: 320,
          vr: c.fi === 1 ? undefined : c.fam.rm,
        },
        ...legal(c),
      ],
    };
  }
  if (k === 1) {
    const rows: string[][] = [];
    let bal = 0;
    const n = int(c.r, 4, 9);
    for (let i = 0; i < n; i++) {
      const amt = int(c.r, 50, 9000) * 100 * (i % 3 === 2 ? -1 : 1);
      bal += amt;
      rows.push([
        f.due(addDays(d.datum, -300 + i * 30)),
        up(
          i % 3 === 2
            ? 'Zahlung'
            : pick(c.r, ['Soll Gewerbesteuer', 'Soll Grundsteuer B', 'Soll Hundesteuer']),
          c,
        ),
        f.cell(amt),
        f.cell(bal),
      ]);
    }
    return {
      title: 'Kontoauszug Steuerkonto',
      printsEz: false,
      blocks: [
        P(c, `Auszug aus Ihrem Steuerkonto zum ${f.date(d.datum)}:`, { after: 4 }),
        {
          k: 'tbl',
          cols: [
            { w: 80, a: 'l' },
            { w: 150, a: 'l' },
            { w: 100, a: 'r' },
            { w: 100, a: 'r' },
          ],
          head: ['Buchung', 'Text', `Betrag ${f.eur}`, `Saldo ${f.eur}`],
          rows,
          rules: tableRules(c),
        },
        P(c, 'Dieser Kontoauszug ist kein Bescheid. Bitte prüfen Sie die Buchungen.', { s: c.fam.size - 1 }),
      ],
    };
  }
  if (k === 2)
    return {
      title: `Anhörung vor Schätzung der Vorauszahlungen`,
      printsEz: true,
      blocks: [
        P(
          c,
          `wir beabsichtigen, die Vorauszahlungen zur Gewerbesteuer für ${d.ez} anzupassen. Bevor wir entscheiden, geben wir Ihnen Gelegenheit zur Äußerung (§ 91 AO).`,
          { after: 4 },
        ),
        P(
          c,
          `Bitte teilen Sie uns bis zum ${f.date(addDays(d.datum, 14))} Ihren voraussichtlichen Gewinn mit. Dies ist noch kein Bescheid.`,
        ),
      ],
    };
  return {
    title: 'Hundesteuer - Anmeldebestätigung',
    printsEz: false,
    blocks: [
      P(c, 'wir bestätigen die Anmeldung Ihres Hundes. Die Steuermarke liegt bei.', { after: 4 }),
      {
        k: 'kv',
        rows: [
          [up('Steuermarke Nr.', c), String(int(c.r, 100, 9999))],
          [up('Jahressteuer', c), f.amt(int(c.r, 60, 180) * 100)],
        ],
        x2: 260,
      },
    ],
  };
}

/** The letter of one notice; printsEz says whether the Erhebungszeitraum is printed (sonstiges). */
export function buildBlind8Letter(
  data: NoticeData,
  familyIndex: number,
  r: Rng,
): { letter: B8Letter; printsEz: boolean } {
  const fi = familyIndex % BLIND8_FAMILIES.length;
  const fam = BLIND8_FAMILIES[fi]!;
  const t = data.type;
  const fa =
    t === 'messbescheid' || t === 'zerlegungsbescheid' || (t === 'sonstiges' && fi <= 1 && r() < 0.5);
  const c: Ctx = { data, fam, fi, f: FMT[fi]!, r, fa, caps: fi === 1 };
  const built =
    t === 'gewst_bescheid'
      ? gewst(c)
      : t === 'vorauszahlungsbescheid'
        ? vorausz(c)
        : t === 'zinsbescheid'
          ? zins(c)
          : t === 'messbescheid'
            ? mess(c)
            : t === 'zerlegungsbescheid'
              ? zerl(c)
              : t === 'mahnung'
                ? mahn(c)
                : sonst(c);
  const h = head(c, built.title);
  const blocks: Blk[] = [...built.blocks];
  if (!c.caps && t !== 'messbescheid' && t !== 'zerlegungsbescheid')
    blocks.push(
      { k: 'sp', h: 10 },
      { k: 'p', t: pick(r, ['Mit freundlichen Grüßen', 'Mit freundlichem Gruß', 'Im Auftrag']) },
      { k: 'sp', h: 16 },
      { k: 'p', t: pick(r, ['gez. Schulte', 'Meier', 'i. A. Wagner']) },
    );
  if (c.caps || fa)
    blocks.push(
      { k: 'sp', h: 8 },
      {
        k: 'p',
        t: up('Dieser Bescheid wurde maschinell erstellt und ist ohne Unterschrift gültig.', c),
        s: fam.size - 1.5,
      },
    );
  return {
    letter: {
      first: h.first,
      top: h.top,
      running: h.running,
      footer: h.footer,
      contTop: h.contTop,
      bottom: h.bottom,
      blocks,
    },
    printsEz: built.printsEz,
  };
}

// ---------------------------------------------------------------- renderer

interface Op {
  x: number;
  y: number;
  t: string;
  s: number;
  b: boolean;
  a: B8Align;
}
interface Line {
  x1: number;
  x2: number;
  y: number;
}
interface PageOps {
  ops: Op[];
  lines: Line[];
}

export async function renderBlind8(letter: B8Letter, fam: B8Family): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const [reg, bold] =
    fam.font === 'courier'
      ? [StandardFonts.Courier, StandardFonts.CourierBold]
      : fam.font === 'times'
        ? [StandardFonts.TimesRoman, StandardFonts.TimesRomanBold]
        : [StandardFonts.Helvetica, StandardFonts.HelveticaBold];
  const fr = await doc.embedFont(reg);
  const fb = await doc.embedFont(bold);
  const width = (t: string, s: number, b: boolean) => (b ? fb : fr).widthOfTextAtSize(t, s);
  const base = fam.size;
  const lh = (s: number) => s * 1.32;
  const pages: PageOps[] = [{ ops: letter.first.map(toOp(base)), lines: [] }];
  let cur = pages[0]!;
  let y = letter.top;
  const newPage = () => {
    cur = { ops: [], lines: [] };
    pages.push(cur);
    y = letter.contTop;
  };
  const need = (h: number) => {
    if (y + h > letter.bottom) newPage();
  };
  const wrap = (t: string, s: number, b: boolean, w: number): string[] => {
    const out: string[] = [];
    for (const para of t.split('\n')) {
      if (!para) {
        out.push('');
        continue;
      }
      let line = '';
      for (const word of para.split(' ')) {
        const next = line ? `${line} ${word}` : word;
        if (line && width(next, s, b) > w) {
          out.push(line);
          line = word;
        } else line = next;
      }
      out.push(line);
    }
    return out;
  };
  const text = (x: number, t: string, s: number, b: boolean, a: B8Align = 'l') =>
    cur.ops.push({ x, y, t, s, b, a });
  for (const blk of letter.blocks) {
    switch (blk.k) {
      case 'sp':
        y += blk.h;
        break;
      case 'brk':
        newPage();
        break;
      case 'hr':
        need(6);
        cur.lines.push({ x1: fam.lm, x2: fam.rm, y: y - 3 });
        y += 6;
        break;
      case 'p': {
        const s = blk.s ?? base;
        const x = fam.lm + (blk.ind ?? 0);
        for (const l of wrap(blk.t, s, !!blk.b, fam.rm - x)) {
          need(lh(s));
          y += lh(s);
          text(x, l, s, !!blk.b);
        }
        y += blk.after ?? 2;
        break;
      }
      case 'kv': {
        const s = blk.s ?? base;
        for (const [k, v] of blk.rows) {
          need(lh(s));
          y += lh(s);
          const key = blk.dots ? k.padEnd(Math.max(k.length, 44), '.') : k;
          text(fam.lm, key, s, !!blk.b);
          if (blk.vr) text(blk.vr, v, s, !!blk.b, 'r');
          else text(blk.dots ? fam.lm + width('M', s, false) * 46 : blk.x2, v, s, !!blk.b);
        }
        y += 3;
        break;
      }
      case 'two': {
        const s = blk.s ?? base;
        const n = Math.max(blk.l.length, blk.r.length);
        need(lh(s) * n);
        for (let i = 0; i < n; i++) {
          y += lh(s);
          if (blk.l[i]) text(fam.lm, blk.l[i]!, s, i === 0);
          if (blk.r[i]) text(blk.x2, blk.r[i]!, s, i === 0);
        }
        y += 4;
        break;
      }
      case 'tbl': {
        const s = blk.s ?? base - 0.5;
        const xs: number[] = [];
        let x = fam.lm;
        for (const col of blk.cols) {
          xs.push(x);
          x += col.w;
        }
        const right = x;
        const row = (cells: string[], b: boolean) => {
          cells.forEach((cell, i) => {
            const col = blk.cols[i]!;
            const cx = col.a === 'r' ? xs[i]! + col.w - 4 : col.a === 'c' ? xs[i]! + col.w / 2 : xs[i]! + 3;
            text(cx, cell, s, b, col.a);
          });
        };
        const drawHead = () => {
          if (!blk.head) return;
          y += lh(s);
          row(blk.head, true);
          if (blk.rules !== 'none') cur.lines.push({ x1: fam.lm, x2: right, y: y + 3 });
          if (blk.rules === 'grid') cur.lines.push({ x1: fam.lm, x2: right, y: y - lh(s) + 2 });
          y += 2;
        };
        need(lh(s) * 3);
        drawHead();
        blk.rows.forEach((cells, i) => {
          if (y + lh(s) > letter.bottom) {
            newPage();
            if (blk.cont) {
              y += lh(s);
              text(fam.lm, blk.cont, s, true);
              y += 4;
            }
            drawHead();
          }
          y += lh(s);
          const last = i === blk.rows.length - 1;
          if (last && blk.boldLast && blk.rules !== 'none')
            cur.lines.push({ x1: fam.lm, x2: right, y: y - lh(s) + 3 });
          row(cells, !!(last && blk.boldLast));
          if (blk.rules === 'grid' || (blk.rules === 'lines' && !last))
            cur.lines.push({ x1: fam.lm, x2: right, y: y + 3 });
        });
        if (blk.rules === 'under') cur.lines.push({ x1: fam.lm, x2: right, y: y + 3 });
        y += 6;
        break;
      }
    }
  }
  const n = pages.length;
  for (const [i, pg] of pages.entries()) {
    const page = doc.addPage([595.28, 841.89]);
    const all = [
      ...pg.ops,
      ...letter.running(i + 1, n).map(toOp(base)),
      ...letter.footer(i + 1, n).map(toOp(base)),
    ];
    for (const op of all) draw(page, op, op.b ? fb : fr);
    for (const l of pg.lines)
      page.drawLine({
        start: { x: l.x1, y: 841.89 - l.y },
        end: { x: l.x2, y: 841.89 - l.y },
        thickness: 0.5,
        color: rgb(0.2, 0.2, 0.2),
      });
  }
  doc.setTitle('Schreiben');
  doc.setProducer('blind8');
  doc.setCreationDate(new Date(Date.UTC(2026, 0, 1)));
  doc.setModificationDate(new Date(Date.UTC(2026, 0, 1)));
  return doc.save({ useObjectStreams: false });
}

const toOp =
  (base: number) =>
  (f: Fix): Op => ({ x: f.x, y: f.y, t: f.t, s: f.s ?? base, b: !!f.b, a: f.a ?? 'l' });

function draw(page: PDFPage, op: Op, font: PDFFont) {
  if (!op.t) return;
  const w = font.widthOfTextAtSize(op.t, op.s);
  const x = op.a === 'r' ? op.x - w : op.a === 'c' ? op.x - w / 2 : op.x;
  page.drawText(op.t, { x, y: 841.89 - op.y, size: op.s, font, color: rgb(0, 0, 0) });
}
