/**
 * Sixth blind part (blind6), written by an independent author (engineer `blind6`, session of
 * 2026-11-25) from knowledge of real German trade-tax notices, without looking at the engine or at
 * any other part's pools. Seven whole families F60–F66, each a vendor or office print style with
 * its own letterhead, info block, label vocabulary, sentence templates, table styles and
 * amount/date/percent formats; its own letter model and renderer (pdf-lib, standard fonts).
 * Figures come from notice.ts (makeNotice), mended here (fixBlind6Data) so that every printed
 * figure is consistent and the truth is what the letter prints. Frozen once landed: never edit.
 */
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { int, isoDate, pad2, pick, type Rng } from './data.js';
import { addDays, type NoticeData } from './notice.js';

// ---------------------------------------------------------------------------------------------
// Formats
// ---------------------------------------------------------------------------------------------

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
const MON_ABBR = [
  'Jan.',
  'Feb.',
  'März',
  'Apr.',
  'Mai',
  'Juni',
  'Juli',
  'Aug.',
  'Sept.',
  'Okt.',
  'Nov.',
  'Dez.',
];
const ymd = (iso: string) => iso.split('-').map(Number) as [number, number, number];
const dNum = (iso: string) => {
  const [y, m, d] = ymd(iso);
  return `${pad2(d)}.${pad2(m)}.${y}`;
};
const dBare = (iso: string) => {
  const [y, m, d] = ymd(iso);
  return `${d}.${m}.${y}`;
};
const dLong = (iso: string) => {
  const [y, m, d] = ymd(iso);
  return `${d}. ${MONTHS[m - 1]} ${y}`;
};
const dAbbr = (iso: string) => {
  const [y, m, d] = ymd(iso);
  return `${d}. ${MON_ABBR[m - 1]} ${y}`;
};
const dShort = (iso: string) => {
  const [y, m, d] = ymd(iso);
  return `${pad2(d)}.${pad2(m)}.${String(y).slice(2)}`;
};

const group = (euros: number, sep: string) => {
  const s = String(euros);
  let out = '';
  for (let i = 0; i < s.length; i++) {
    if (i && (s.length - i) % 3 === 0) out += sep;
    out += s[i];
  }
  return out;
};
/** The core of an amount (no sign, no unit): "1.234,56", "1234,56" or "1'234,56". */
const core = (sep: string) => (cents: number) => {
  const a = Math.abs(cents);
  return `${group(Math.floor(a / 100), sep)},${pad2(a % 100)}`;
};

export interface B6Format {
  /** Amount without unit and sign, as every printed amount of the family contains it. */
  num: (cents: number) => string;
  /** Amount with the family's unit (sign left to the caller). */
  money: (cents: number) => string;
  /** The family's date forms (the first is the letter's main form). */
  dates: ((iso: string) => string)[];
  pct: (h: number) => string;
}

export interface B6Family {
  id: string;
  /** Office kind whose print style the family follows. */
  office: 'stadtkasse' | 'kaemmerei' | 'finanzamt-form' | 'steueramt' | 'anlage' | 'finanzamt' | 'gemeinde';
  font: 'Helvetica' | 'Times' | 'Courier';
  size: number;
  head: 'left' | 'right' | 'center' | 'strip' | 'form';
  info: 'box' | 'line' | 'column' | 'form';
  kv: 'dots' | 'tab' | 'right' | 'twocol';
  table: 'grid' | 'rules' | 'plain';
  pageNo: 'von' | 'dash' | 'none';
  footer: boolean;
  /** Zerlegung tables print the municipality key of every municipality. */
  printsAgs: boolean;
  fmt: B6Format;
}

const F = (
  id: string,
  rest: Omit<B6Family, 'id' | 'fmt'>,
  fmt: Omit<B6Format, 'num'> & { sep: string },
): B6Family => ({
  id,
  ...rest,
  fmt: { num: core(fmt.sep), money: fmt.money, dates: fmt.dates, pct: fmt.pct },
});

export const BLIND6_FAMILIES: B6Family[] = [
  F(
    'F60-stadtkasse-ledger',
    {
      office: 'stadtkasse',
      font: 'Helvetica',
      size: 9.5,
      head: 'left',
      info: 'box',
      kv: 'dots',
      table: 'grid',
      pageNo: 'von',
      footer: true,
      printsAgs: true,
    },
    { sep: '.', money: (c) => `${core('.')(c)} €`, dates: [dNum], pct: (h) => `${h} v. H.` },
  ),
  F(
    'F61-kaemmerei-zweispaltig',
    {
      office: 'kaemmerei',
      font: 'Times',
      size: 10.5,
      head: 'right',
      info: 'line',
      kv: 'twocol',
      table: 'rules',
      pageNo: 'none',
      footer: false,
      printsAgs: false,
    },
    { sep: '.', money: (c) => `EUR ${core('.')(c)}`, dates: [dLong, dNum], pct: (h) => `${h} vom Hundert` },
  ),
  F(
    'F62-finanzamt-formular',
    {
      office: 'finanzamt-form',
      font: 'Courier',
      size: 8.5,
      head: 'form',
      info: 'form',
      kv: 'tab',
      table: 'plain',
      pageNo: 'von',
      footer: false,
      printsAgs: true,
    },
    { sep: '', money: (c) => `${core('')(c)} EUR`, dates: [dNum], pct: (h) => `${h} v.H.` },
  ),
  F(
    'F63-steueramt-altneu',
    {
      office: 'steueramt',
      font: 'Helvetica',
      size: 9.8,
      head: 'center',
      info: 'column',
      kv: 'right',
      table: 'rules',
      pageNo: 'dash',
      footer: true,
      printsAgs: false,
    },
    { sep: '.', money: (c) => `${core('.')(c)} Euro`, dates: [dBare, dNum], pct: (h) => `${h} %` },
  ),
  F(
    'F64-anlage-mehrseitig',
    {
      office: 'anlage',
      font: 'Times',
      size: 10,
      head: 'left',
      info: 'column',
      kv: 'dots',
      table: 'grid',
      pageNo: 'dash',
      footer: true,
      printsAgs: false,
    },
    { sep: '.', money: (c) => `${core('.')(c)} EUR`, dates: [dAbbr, dNum], pct: (h) => `${h} v. H.` },
  ),
  F(
    'F65-finanzamt-modern',
    {
      office: 'finanzamt',
      font: 'Helvetica',
      size: 9.5,
      head: 'right',
      info: 'box',
      kv: 'right',
      table: 'rules',
      pageNo: 'von',
      footer: false,
      printsAgs: false,
    },
    { sep: '.', money: (c) => `${core('.')(c)} €`, dates: [dNum, dLong], pct: (h) => `${h} %` },
  ),
  F(
    'F66-gemeinde-fliesstext',
    {
      office: 'gemeinde',
      font: 'Helvetica',
      size: 10,
      head: 'strip',
      info: 'line',
      kv: 'tab',
      table: 'plain',
      pageNo: 'none',
      footer: true,
      printsAgs: false,
    },
    { sep: '.', money: (c) => `${core('.')(c)} €`, dates: [dShort, dNum], pct: (h) => `${h} v.H.` },
  ),
];

/** The family's formats (for the author's self-check). */
export const blind6Format = (layout: string): B6Format =>
  (BLIND6_FAMILIES.find((f) => f.id === layout) ?? BLIND6_FAMILIES[0]!).fmt;

// ---------------------------------------------------------------------------------------------
// Figures mended so that the notice is consistent (interest law, weekend due dates, arrears)
// ---------------------------------------------------------------------------------------------

const dow = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();
const workday = (iso: string) => {
  let d = iso;
  while (dow(d) === 0 || dow(d) === 6) d = addDays(d, 1);
  return d;
};
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
const addMonths = (iso: string, k: number) => {
  const [y, m, d] = ymd(iso);
  const t = y * 12 + (m - 1) + k;
  const ny = Math.floor(t / 12);
  const nm = (t % 12) + 1;
  return isoDate(ny, nm, Math.min(d, lastDay(ny, nm)));
};
/** Full months from a first-of-month start to an inclusive end. */
const fullMonths = (von: string, bis: string) => {
  const [vy, vm] = ymd(von);
  const [by, bm, bd] = ymd(bis);
  return (by - vy) * 12 + (bm - vm) + (bd === lastDay(by, bm) ? 1 : 0);
};
/** Start of the interest period (§ 233a Abs. 2 AO; Art. 97 § 36 EGAO for 2019–2023). */
const zinsStart = (ez: number) =>
  ({ 2019: '2021-10-01', 2020: '2022-10-01', 2021: '2023-10-01', 2022: '2024-09-01', 2023: '2025-07-01' })[
    ez
  ] ?? isoDate(ez + 2, 4, 1);
/** Bekanntgabe: third (from 2025: fourth) day after the date of the letter, moved to a working day. */
const bekanntgabe = (datum: string) => workday(addDays(datum, datum >= '2025-01-01' ? 4 : 3));

export interface ZinsCalc {
  m1: number; // months at 0.5 % (before 2019)
  m2: number; // months at 0.15 %
}
const zinsCalc = (von: string, months: number): ZinsCalc => {
  if (von >= '2019-01-01') return { m1: 0, m2: months };
  const m1 = Math.min(months, fullMonths(von, '2018-12-31'));
  return { m1, m2: months - m1 };
};
const zinsEuros = (basisCents: number, c: ZinsCalc) =>
  Math.floor(((basisCents / 100) * (50 * c.m1 + 15 * c.m2)) / 10000);

export function fixBlind6Data(n: NoticeData, r: Rng): void {
  // Interest: the period the law gives, ending on the Bekanntgabe; full months; 0.15 % (0.5 % before 2019).
  if (n.zinsen) {
    const von = zinsStart(n.ez);
    if (n.type === 'zinsbescheid' && fullMonths(von, bekanntgabe(n.datum)) < 2) {
      const d = addMonths(von, int(r, 3, 30));
      n.datum = isoDate(ymd(d)[0], ymd(d)[1], int(r, 2, 27));
      n.faellig = addDays(n.datum, int(r, 30, 35));
    }
    const bis = bekanntgabe(n.datum);
    const monate = fullMonths(von, bis);
    if (monate < 1) n.zinsen = undefined;
    else {
      let basis = n.zinsen.basis;
      const c = zinsCalc(von, monate);
      if (zinsEuros(basis, c) < 10) {
        if (n.type !== 'zinsbescheid') n.zinsen = undefined;
        else while (zinsEuros(basis, c) < 10) basis += 5000 * int(r, 1, 20);
      }
      if (n.zinsen) n.zinsen = { von, bis, monate, basis, betrag: zinsEuros(basis, c) * 100 };
    }
  }
  // Prepayments: a due date on a weekend (or on 15 August in the Saarland) moves to the next working day.
  n.vz = n.vz.map((v) => {
    let d = workday(v.faellig_am);
    if (n.gemeinde.land === 'Saarland' && v.faellig_am.endsWith('-08-15')) d = workday(addDays(d, 1));
    return { ...v, faellig_am: d };
  });
  if (n.type === 'mahnung') {
    // The claim fell due some months before the reminder; surcharges per started month (§ 240 AO).
    const per = Math.floor(n.rueckstand / 5000) * 50;
    const started = Math.max(1, per ? Math.round(n.saeumnis / per) : 1);
    n.urspruenglichFaellig = addDays(addMonths(n.datum, -started), int(r, 1, 20));
    let k = 1;
    while (addMonths(n.urspruenglichFaellig, k) < n.datum) k++;
    n.saeumnis = per * k;
    n.faellig = addDays(n.datum, int(r, 7, 14));
  }
}

// ---------------------------------------------------------------------------------------------
// Letter model
// ---------------------------------------------------------------------------------------------

type Al = 'l' | 'r';
export type B6Block =
  | { k: 'title'; text: string; sub?: string }
  | { k: 'h'; text: string }
  | { k: 'p'; text: string; bold?: boolean; indent?: number }
  | { k: 'kv'; rows: [string, string][]; bold?: number[] }
  | { k: 'tbl'; head: string[]; rows: string[][]; w: number[]; al: Al[]; sum?: string[]; caption?: string }
  | { k: 'gap'; h: number }
  | { k: 'page' };

export interface B6Letter {
  /** Letterhead lines (first = authority). */
  issuer: string[];
  /** Small return-address line above the recipient. */
  back: string;
  to: string[];
  info: [string, string][];
  /** Place and date line ("Köln, 12.03.2024") under the address, if the family sets one. */
  placeDate?: string;
  blocks: B6Block[];
  footer: string[];
}

// ---------------------------------------------------------------------------------------------
// Letters
// ---------------------------------------------------------------------------------------------

interface Ctx {
  n: NoticeData;
  f: B6Family;
  r: Rng;
  m: (c: number) => string;
  x: (c: number) => string;
  d: (iso: string) => string;
  d2: (iso: string) => string;
  p: (h: number) => string;
  muni: string;
  printsEz: boolean;
  labels: Map<string, string>;
}

const ROMAN = ['I', 'II', 'III', 'IV'];
const isFa = (t: NoticeData['type']) => t === 'messbescheid' || t === 'zerlegungsbescheid';
const ibanSpaced = (iban: string) => iban.replace(/(.{4})/g, '$1 ').trim();
/** A signed amount in the family's own form. */
function signed(c: Ctx, cents: number, unit = true): string {
  const s = unit ? c.m(cents) : c.x(cents);
  if (cents >= 0) return s;
  switch (c.f.id.slice(0, 3)) {
    case 'F60':
      return `${s}-`;
    case 'F64':
      return `${s} Guthaben`;
    default:
      return `-${s}`;
  }
}

function issuer(c: Ctx, fa: boolean): { lines: string[]; back: string; place: string } {
  const { n, f } = c;
  if (fa) {
    const fa = `Finanzamt ${n.finanzamt}`;
    const post = `Postfach ${int(c.r, 10, 99)} ${pad2(int(c.r, 1, 99))} ${pad2(int(c.r, 1, 99))}`;
    const lines =
      f.office === 'finanzamt-form'
        ? [fa.toUpperCase(), 'Veranlagungsstelle Körperschaften/Gewerbesteuer', post]
        : f.office === 'finanzamt'
          ? [fa, 'Bewertungs- und Gewerbesteuerstelle', post]
          : [
              fa,
              pick(c.r, ['Gewerbesteuerstelle', 'Sachgebiet Gewerbesteuer', 'Veranlagungsbezirk 21']),
              post,
            ];
    return { lines, back: `${fa} · ${post}`, place: n.finanzamt };
  }
  const g = n.gemeinde;
  const street = pick(c.r, [
    'Rathausplatz 1',
    'Marktplatz 4',
    'Am Stadthaus 2',
    'Kirchstraße 12',
    'Schloßstraße 7',
  ]);
  const addr = `${street}, ${g.plz} ${g.name}`;
  const dept = {
    stadtkasse: `${g.kind === 'Gemeinde' || g.kind === 'Markt' ? 'Gemeindekasse' : 'Stadtkasse'} - Steuern und Abgaben`,
    kaemmerei: 'Kämmerei · Steuerabteilung',
    'finanzamt-form': 'Gemeindesteueramt',
    steueramt: 'Steueramt',
    anlage: 'Fachbereich Finanzen - Abgabenverwaltung',
    finanzamt: 'Steuerverwaltung / Realsteuern',
    gemeinde: 'Gemeindekasse',
  }[f.office];
  const head = c.muni;
  const lines =
    f.office === 'finanzamt-form'
      ? [head.toUpperCase(), dept, addr]
      : f.office === 'kaemmerei'
        ? [
            head,
            g.kind === 'Gemeinde' || g.kind === 'Markt' ? 'Der Bürgermeister' : 'Der Oberbürgermeister',
            dept,
            addr,
          ]
        : [head, dept, addr];
  return { lines, back: `${c.muni} · ${street} · ${g.plz} ${g.name}`, place: g.name };
}

const PARA_BEKANNT = [
  'Dieser Bescheid gilt mit dem dritten Tag nach Aufgabe zur Post als bekannt gegeben.',
  'Bitte bewahren Sie diesen Bescheid sorgfältig auf.',
  'Änderungen der Bankverbindung teilen Sie uns bitte rechtzeitig mit.',
];

function rechtsbehelf(c: Ctx, fa: boolean): B6Block[] {
  const who = fa ? `beim Finanzamt ${c.n.finanzamt}` : `bei der ${c.muni}`;
  const act = fa ? 'Einspruch' : 'Widerspruch';
  const texts = [
    `Gegen diesen Bescheid kann innerhalb eines Monats nach Bekanntgabe ${act} ${who} schriftlich oder zur Niederschrift erhoben werden.`,
    `Sie können gegen diesen Bescheid binnen eines Monats nach seiner Bekanntgabe ${act} einlegen. Der ${act} ist ${who} schriftlich einzureichen oder dort zu Protokoll zu erklären.`,
  ];
  const extra = fa
    ? []
    : [
        {
          k: 'p' as const,
          text: 'Einwendungen gegen den Steuermessbetrag sind nicht mit einem Rechtsbehelf gegen diesen Bescheid, sondern nur durch Einspruch gegen den Messbescheid des Finanzamts geltend zu machen. Ein Rechtsbehelf hat keine aufschiebende Wirkung.',
        },
      ];
  return [
    {
      k: 'h',
      text: pick(c.r, [
        'Rechtsbehelfsbelehrung',
        'Rechtsbehelfsbelehrung:',
        'Belehrung über den Rechtsbehelf',
      ]),
    },
    { k: 'p', text: pick(c.r, texts) },
    ...extra,
  ];
}

function bankBlock(c: Ctx): B6Block[] {
  const { n, f } = c;
  const iban = f.id.startsWith('F62') || f.id.startsWith('F66') ? n.iban : ibanSpaced(n.iban);
  if (f.footer) return [];
  if (f.office === 'kaemmerei')
    return [
      {
        k: 'p',
        text: `Bitte überweisen Sie unter Angabe des Kassenzeichens ${n.kassenzeichen} auf das Konto der Gemeindekasse bei der ${n.bank}, IBAN ${iban}, BIC ${n.bic}.`,
      },
    ];
  return [
    { k: 'h', text: f.office === 'finanzamt-form' ? 'ZAHLUNGSVERKEHR' : 'Zahlungsverbindung' },
    {
      k: 'kv',
      rows: [
        ['Empfänger', c.muni],
        ['Kreditinstitut', n.bank],
        ['IBAN', iban],
        ['BIC', n.bic],
        ['Verwendungszweck', n.kassenzeichen],
      ],
    },
  ];
}

const L = {
  mb: {
    F60: ['Steuermessbetrag', 'Messbetrag'],
    F61: ['Gewerbesteuermessbetrag', 'Steuermessbetrag'],
    F62: 'Messbetrag',
    F63: 'Messbetrag lt. Finanzamt',
    F64: 'Steuermeßbetrag',
    F65: 'Gewerbesteuermessbetrag',
    F66: ['Meßbetrag', 'Gewerbesteuer-Meßbetrag'],
  },
  hs: {
    F60: 'Hebesatz',
    F61: 'Hebesatz',
    F62: 'HS',
    F63: ['Hebesatz der Gemeinde', 'Hebesatz'],
    F64: 'Hebesatz lt. Haushaltssatzung',
    F65: 'Hebesatz',
    F66: 'Hebesatz',
  },
  st: {
    F60: ['Gewerbesteuer', 'Steuer lt. Festsetzung'],
    F61: ['festgesetzte Gewerbesteuer', 'Gewerbesteuer'],
    F62: 'Gew.St. lt. Festsetzung',
    F63: 'Jahressteuer',
    F64: ['Steuerbetrag', 'Gewerbesteuer (Jahresbetrag)'],
    F65: 'Gewerbesteuer',
    F66: 'Gewerbesteuer',
  },
  bisher: {
    F60: 'Soll bisher',
    F61: ['bisher festgesetzt', 'bisheriges Soll'],
    F62: 'abzgl. bisheriges Soll',
    F63: 'bisher',
    F64: ['bereits festgesetzt', 'bisherige Festsetzung'],
    F65: 'bisher festgesetzte Steuer',
    F66: 'bisheriges Soll',
  },
  kz: {
    F60: ['Kassenzeichen', 'Kassenzeichen/Az.'],
    F61: ['Kassenzeichen', 'Zahlungszeichen'],
    F62: 'KASSENZEICHEN',
    F63: ['Buchungszeichen', 'Kassenzeichen'],
    F64: ['Personenkonto', 'PK-Nr.'],
    F65: 'Kassenzeichen',
    F66: 'Kassen-Z.',
  },
  stnr: {
    F60: 'Steuernummer',
    F61: ['St.-Nr.', 'Steuernummer'],
    F62: 'STEUERNUMMER',
    F63: ['Steuer-Nr.', 'StNr'],
    F64: 'StNr.',
    F65: 'Steuernummer',
    F66: 'St.-Nr.',
  },
  datum: {
    F60: ['Datum', 'Ausgestellt am'],
    F61: 'Datum',
    F62: 'DATUM',
    F63: 'Bescheiddatum',
    F64: ['Datum', 'Ausfertigungsdatum'],
    F65: 'Datum',
    F66: 'Datum',
  },
} satisfies Record<string, Record<string, string | string[]>>;
type FK = keyof (typeof L)['mb'];
/** A label of the family, one synonym drawn per letter and kept for the whole letter. */
const lab = (c: Ctx, k: keyof typeof L): string => {
  const known = c.labels.get(k);
  if (known) return known;
  const v: string | string[] = L[k][c.f.id.slice(0, 3) as FK];
  const chosen = typeof v === 'string' ? v : pick(c.r, v);
  c.labels.set(k, chosen);
  return chosen;
};

/** Rows of the reference block (info box / line / column / form). */
function infoRows(c: Ctx, fa: boolean, extra: [string, string][] = []): [string, string][] {
  const { n } = c;
  const rows: [string, string][] = [];
  if (fa || n.showSteuernummer) rows.push([lab(c, 'stnr'), n.steuernummer]);
  if (!fa) rows.push([lab(c, 'kz'), n.kassenzeichen]);
  rows.push(...extra);
  if (!c.f.id.startsWith('F61') && !c.f.id.startsWith('F66')) rows.push([lab(c, 'datum'), c.d(n.datum)]);
  if (c.f.info === 'box' || c.f.info === 'column') {
    rows.push([
      'Auskunft',
      pick(c.r, ['Frau Krämer', 'Herr Lindner', 'Frau Yilmaz', 'Herr Böttcher', 'Frau Ostertag']),
    ]);
    rows.push(['Telefon', `0${int(c.r, 200, 999)} ${int(c.r, 100, 999)}-${int(c.r, 10, 99)}`]);
  }
  return rows;
}

/** The prepayment schedule in the family's form. */
function vzBlocks(c: Ctx, vz: NoticeData['vz'], old?: number): B6Block[] {
  if (!vz.length) return [];
  const { f } = c;
  const year = vz[0]!.jahr;
  const id = f.id.slice(0, 3);
  if (id === 'F61' || id === 'F66') {
    const q = vz[0]!.betrag;
    const dates = vz.map((v) => c.d(v.faellig_am));
    const list = dates.length > 1 ? `${dates.slice(0, -1).join(', ')} und ${dates.at(-1)}` : dates[0];
    const amt = id === 'F66' ? `${group(q / 100, '.')},- €` : c.m(q);
    const oldTxt =
      old !== undefined ? ` (bisher ${id === 'F66' ? `${group(old / 100, '.')},- €` : c.m(old)})` : '';
    return [
      {
        k: 'p',
        text:
          id === 'F61'
            ? `Die Vorauszahlungen für das Jahr ${year} werden auf vierteljährlich ${amt}${oldTxt} festgesetzt. Sie sind jeweils fällig am ${list}.`
            : `Für ${year} zahlen Sie bitte Vorauszahlungen von je ${amt}${oldTxt} zu den Terminen ${list}.`,
      },
    ];
  }
  if (id === 'F62')
    return [
      { k: 'h', text: `VORAUSZAHLUNGEN (VZ) ${year}` },
      {
        k: 'tbl',
        head: ['VZ', 'FAELLIG', ...(old !== undefined ? ['BISHER EUR'] : []), 'BETRAG EUR'],
        rows: vz.map((v) => [
          `${ROMAN[v.quartal - 1]}/${v.jahr}`,
          c.d(v.faellig_am),
          ...(old !== undefined ? [c.x(old)] : []),
          c.x(v.betrag),
        ]),
        w: old !== undefined ? [0.2, 0.25, 0.25, 0.3] : [0.25, 0.35, 0.4],
        al: old !== undefined ? ['l', 'l', 'r', 'r'] : ['l', 'l', 'r'],
      },
    ];
  if (id === 'F63' && old !== undefined)
    return [
      { k: 'h', text: `Vorauszahlungen ${year}` },
      {
        k: 'tbl',
        head: ['Fälligkeit', 'bisher', 'neu', 'Änderung'],
        rows: vz.map((v) => [c.d(v.faellig_am), c.x(old), c.x(v.betrag), signed(c, v.betrag - old, false)]),
        w: [0.28, 0.24, 0.24, 0.24],
        al: ['l', 'r', 'r', 'r'],
      },
    ];
  const head =
    id === 'F60'
      ? ['Quartal', 'fällig am', 'Betrag']
      : id === 'F64'
        ? ['Zahlungstermin', 'Betrag', 'Bemerkung']
        : ['Fälligkeit', 'Vorauszahlung'];
  const rows = vz.map((v) =>
    id === 'F60'
      ? [`${v.quartal}. Quartal ${v.jahr}`, c.d(v.faellig_am), c.x(v.betrag)]
      : id === 'F64'
        ? [c.d(v.faellig_am), c.m(v.betrag), `${ROMAN[v.quartal - 1]}. Vj. ${v.jahr}`]
        : [c.d(v.faellig_am), c.m(v.betrag)],
  );
  return [
    {
      k: 'h',
      text: pick(c.r, [
        `Vorauszahlungen für ${year}`,
        `Gewerbesteuer-Vorauszahlungen ${year}`,
        `Künftige Vorauszahlungen (${year})`,
      ]),
    },
    ...(old !== undefined
      ? [{ k: 'p' as const, text: `Bisher festgesetzte Vorauszahlung je Quartal: ${c.m(old)}.` }]
      : []),
    {
      k: 'tbl',
      head,
      rows,
      w: head.length === 3 ? [0.36, 0.3, 0.34] : [0.5, 0.5],
      al: id === 'F60' ? ['l', 'l', 'r'] : id === 'F64' ? ['l', 'r', 'l'] : ['l', 'r'],
      ...(id === 'F60' ? { sum: ['Summe', '', c.x(vz.reduce((s, v) => s + v.betrag, 0))] } : {}),
    },
  ];
}

function zinsBlocks(c: Ctx, standalone: boolean): B6Block[] {
  const z = c.n.zinsen;
  if (!z) return [];
  const id = c.f.id.slice(0, 3);
  const calc = zinsCalc(z.von, z.monate);
  const rate =
    calc.m1 > 0 ? `${calc.m1} Monate x 0,5 % und ${calc.m2} Monate x 0,15 %` : `${z.monate} x 0,15 %`;
  const pctTotal = (50 * calc.m1 + 15 * calc.m2) / 100;
  const pctStr = `${String(pctTotal.toFixed(2)).replace('.', ',')} %`;
  const head = standalone
    ? []
    : [
        {
          k: 'h' as const,
          text: pick(c.r, [
            'Zinsen zur Gewerbesteuer (§ 233a AO)',
            'Nachzahlungszinsen',
            'Festsetzung von Zinsen',
          ]),
        },
      ];
  if (id === 'F61' || id === 'F66')
    return [
      ...head,
      {
        k: 'p',
        text: `Der zu verzinsende Betrag von ${c.m(z.basis)} (abgerundet auf volle 50 Euro) ist für die Zeit vom ${c.d(z.von)} bis ${c.d(z.bis)} zu verzinsen. Für ${z.monate} volle Monate ergeben sich bei einem Zinssatz von ${pctStr} Zinsen in Höhe von ${c.m(z.betrag)}.`,
      },
    ];
  if (id === 'F62' || id === 'F64')
    return [
      ...head,
      {
        k: 'tbl',
        head:
          id === 'F62'
            ? ['ZINSLAUF VON', 'BIS', 'MONATE', 'BEMESSUNG', 'ZINSEN']
            : ['Beginn Zinslauf', 'Ende Zinslauf', 'volle Monate', 'Berechnungsgrundlage', 'Zinsbetrag'],
        rows: [[c.d2(z.von), c.d2(z.bis), String(z.monate), c.x(z.basis), c.x(z.betrag)]],
        w: [0.2, 0.2, 0.14, 0.24, 0.22],
        al: ['l', 'l', 'r', 'r', 'r'],
      },
      { k: 'p', text: `Zinssatz: ${rate} = ${pctStr}.` },
    ];
  return [
    ...head,
    {
      k: 'kv',
      rows: [
        [id === 'F60' ? 'Zu verzinsender Betrag' : 'Bemessungsgrundlage (auf 50 € abgerundet)', c.m(z.basis)],
        ['Zinslauf', `${c.d(z.von)} - ${c.d(z.bis)}`],
        ['Anzahl voller Monate', String(z.monate)],
        ['Zinssatz', `${rate} (${pctStr})`],
        [id === 'F65' ? 'festzusetzende Zinsen' : 'Zinsen', c.m(z.betrag)],
      ],
      bold: [4],
    },
  ];
}

/** An account ledger (Soll / Ist / Rest) of the past due dates, long enough to run onto a next page. */
function ledger(c: Ctx, fromYear: number, withGrundsteuer: boolean): B6Block {
  const { n } = c;
  const q = Math.max(5000, Math.floor(n.bisher / 400) * 100);
  const gs = n.mahngebuehr * 9 + 1234;
  const rows: string[][] = [];
  const [dy] = ymd(n.datum);
  for (let y = fromYear; y <= dy; y++)
    for (const [i, mo] of [2, 5, 8, 11].entries()) {
      const due = isoDate(y, mo, 15);
      if (due >= n.datum) continue;
      // No prepayments were set for a first assessment: then only the other levies are booked.
      if (n.bisher > 0) rows.push([c.d2(due), `GewSt-VZ ${ROMAN[i]}/${y}`, c.x(q), c.x(q), c.x(0)]);
      if (withGrundsteuer) rows.push([c.d2(due), `Grundsteuer B ${ROMAN[i]}/${y}`, c.x(gs), c.x(gs), c.x(0)]);
    }
  return {
    k: 'tbl',
    caption: 'Kontoübersicht',
    head: ['Fälligkeit', 'Buchungstext', 'Soll', 'Ist', 'Rest'],
    rows,
    w: [0.17, 0.35, 0.16, 0.16, 0.16],
    al: ['l', 'l', 'r', 'r', 'r'],
  };
}

function gewstLetter(c: Ctx): B6Block[] {
  const { n, f } = c;
  const id = f.id.slice(0, 3);
  const diff = n.tax - n.bisher;
  const z = n.zinsen;
  const titles: Record<string, string[]> = {
    F60: [`Bescheid über Gewerbesteuer ${n.ez}`, `Gewerbesteuerbescheid ${n.ez}`],
    F61: [`Bescheid über die Festsetzung der Gewerbesteuer für das Jahr ${n.ez}`],
    F62: [`GEWERBESTEUERBESCHEID FUER ${n.ez}`, `BESCHEID UEBER GEWERBESTEUER ${n.ez}`],
    F63: [`Änderungsbescheid über Gewerbesteuer ${n.ez}`, `Gewerbesteuer-Bescheid ${n.ez}`],
    F64: [`Steuerbescheid Gewerbesteuer - Erhebungszeitraum ${n.ez}`],
    F65: [`Bescheid für ${n.ez} über Gewerbesteuer${z ? ' und Zinsen zur Gewerbesteuer' : ''}`],
    F66: [`Gewerbesteuer ${n.ez} - Festsetzung${n.vz.length ? ' und Vorauszahlungen' : ''}`],
  };
  const sub = z && id !== 'F65' ? 'und Festsetzung von Zinsen nach § 233a AO' : undefined;
  const blocks: B6Block[] = [{ k: 'title', text: pick(c.r, titles[id]!), ...(sub ? { sub } : {}) }];
  const anteil = n.zerlegt;
  const totalMb = anteil ? n.mb * int(c.r, 2, 6) + int(c.r, 1, 999) : n.mb;
  const mbLine: [string, string][] = anteil
    ? [
        ['einheitlicher Steuermessbetrag', c.m(totalMb * 100)],
        [`davon Zerlegungsanteil ${n.gemeinde.name}`, c.m(n.mb * 100)],
      ]
    : [[lab(c, 'mb'), c.m(n.mb * 100)]];
  const dueTxt =
    diff > 0
      ? pick(c.r, [
          `Der Nachzahlungsbetrag ist bis zum ${c.d(n.faellig)} zu entrichten.`,
          `Die Abschlusszahlung wird am ${c.d(n.faellig)} fällig.`,
          `Bitte zahlen Sie den Mehrbetrag spätestens am ${c.d(n.faellig)}.`,
        ])
      : diff < 0
        ? pick(c.r, [
            'Der Erstattungsbetrag wird auf das uns bekannte Konto überwiesen, soweit keine Verrechnung erfolgt.',
            'Das Guthaben wird mit fälligen Forderungen verrechnet oder Ihnen erstattet.',
          ])
        : 'Aus der Festsetzung ergibt sich keine Zahlung.';
  const intro = `Der Gewerbesteuer liegt der vom Finanzamt ${n.finanzamt} mit Messbescheid festgesetzte ${lab(c, 'mb')} zugrunde.`;
  switch (id) {
    case 'F60': {
      blocks.push(
        { k: 'p', text: intro },
        { k: 'h', text: 'Festsetzung' },
        { k: 'kv', rows: [...mbLine, [lab(c, 'hs'), c.p(n.hebesatz)], [lab(c, 'st'), c.m(n.tax)]] },
        { k: 'h', text: 'Abrechnung' },
        {
          k: 'tbl',
          head: ['Abgabeart', 'Zeitraum', 'Soll bisher', 'Soll neu', 'Differenz'],
          rows: [
            ['Gewerbesteuer', String(n.ez), c.x(n.bisher), c.x(n.tax), signed(c, diff, false)],
            ...(z ? [['Zinsen § 233a AO', String(n.ez), c.x(0), c.x(z.betrag), c.x(z.betrag)]] : []),
          ],
          w: [0.26, 0.14, 0.2, 0.2, 0.2],
          al: ['l', 'l', 'r', 'r', 'r'],
          ...(z ? { sum: ['Summe', '', '', '', signed(c, diff + z.betrag, false)] } : {}),
        },
        { k: 'p', text: dueTxt },
      );
      break;
    }
    case 'F61': {
      const mbTxt = anteil
        ? `des auf die ${c.muni} entfallenden Zerlegungsanteils von ${c.m(n.mb * 100)} (einheitlicher Steuermessbetrag ${c.m(totalMb * 100)})`
        : `des Gewerbesteuermessbetrages von ${c.m(n.mb * 100)}`;
      const diffTxt =
        diff > 0
          ? `Nach Abzug der bisher festgesetzten ${c.m(n.bisher)} verbleibt eine Nachzahlung von ${c.m(diff)}, die am ${c.d(n.faellig)} fällig ist.`
          : diff < 0
            ? `Da bisher ${c.m(n.bisher)} festgesetzt waren, ergibt sich eine Erstattung von ${c.m(-diff)}.`
            : `Bisher waren ebenfalls ${c.m(n.bisher)} festgesetzt; es ergibt sich ein Unterschied von ${c.m(0)}.`;
      blocks.push(
        { k: 'p', text: `Sehr geehrte Damen und Herren,` },
        {
          k: 'p',
          text: `auf Grund ${mbTxt} und des Hebesatzes von ${c.p(n.hebesatz)} wird die Gewerbesteuer für das Erhebungsjahr ${n.ez} auf ${c.m(n.tax)} festgesetzt. ${diffTxt}`,
        },
        {
          k: 'kv',
          rows: [
            ['Erhebungsjahr', String(n.ez)],
            [lab(c, 'st'), c.m(n.tax)],
            [lab(c, 'bisher'), c.m(n.bisher)],
            [diff >= 0 ? 'Nachzahlung' : 'Erstattung', c.m(Math.abs(diff))],
          ],
        },
      );
      break;
    }
    case 'F62': {
      const rows: string[][] = anteil
        ? [
            ['01', 'EINHEITLICHER MESSBETRAG', c.x(totalMb * 100)],
            ['02', 'ZERLEGUNGSANTEIL DER GEMEINDE', c.x(n.mb * 100)],
          ]
        : [['01', 'GEWERBESTEUERMESSBETRAG', c.x(n.mb * 100)]];
      const k = rows.length;
      rows.push(
        [pad2(k + 1), 'HEBESATZ (HS) V.H.', String(n.hebesatz)],
        [pad2(k + 2), `GEW.ST. (ZEILE ${pad2(k)} X ZEILE ${pad2(k + 1)} / 100)`, c.x(n.tax)],
        [pad2(k + 3), 'ABZGL. BISHER FESTGESETZT', c.x(n.bisher)],
        [
          pad2(k + 4),
          diff >= 0 ? 'VERBLEIBENDE ZAHLUNG' : 'ERSTATTUNG',
          diff >= 0 ? c.x(diff) : `-${c.x(diff)}`,
        ],
      );
      if (z) rows.push([pad2(k + 5), 'ZINSEN NACH PAR. 233A AO', c.x(z.betrag)]);
      blocks.push(
        { k: 'p', text: `ERHEBUNGSZEITRAUM (EZ): ${n.ez}` },
        { k: 'tbl', head: ['ZEILE', 'BEZEICHNUNG', 'EUR'], rows, w: [0.1, 0.62, 0.28], al: ['l', 'l', 'r'] },
        { k: 'p', text: diff > 0 ? `FAELLIGKEIT DER NACHZAHLUNG: ${c.d(n.faellig)}` : dueTxt.toUpperCase() },
      );
      break;
    }
    case 'F63': {
      blocks.push(
        {
          k: 'p',
          text: `Der Gewerbesteuerbescheid für ${n.ez} wird geändert, weil das Finanzamt ${n.finanzamt} den Steuermessbetrag neu festgesetzt hat.`,
        },
        { k: 'kv', rows: [...mbLine, [lab(c, 'hs'), c.p(n.hebesatz)]] },
        {
          k: 'tbl',
          head: ['Bezeichnung', 'bisher', 'neu', 'Unterschied'],
          rows: [
            [`Gewerbesteuer ${n.ez}`, c.x(n.bisher), c.x(n.tax), signed(c, diff, false)],
            ...(z ? [['Zinsen § 233a AO', c.x(0), c.x(z.betrag), c.x(z.betrag)]] : []),
          ],
          w: [0.34, 0.22, 0.22, 0.22],
          al: ['l', 'r', 'r', 'r'],
        },
        { k: 'p', text: dueTxt },
      );
      break;
    }
    case 'F64': {
      // Cover page: payment summary; the computation follows in the Anlage.
      const sum: [string, string][] = [
        [diff >= 0 ? 'Abschlusszahlung Gewerbesteuer' : 'Erstattung Gewerbesteuer', signed(c, diff)],
      ];
      if (diff > 0) sum.push(['zahlbar bis', c.d(n.faellig)]);
      if (z) sum.push(['Zinsen nach § 233a AO', c.m(z.betrag)]);
      blocks.push(
        {
          k: 'p',
          text: `Sehr geehrte Damen und Herren, für das Erhebungsjahr ${n.ez} setzen wir die Gewerbesteuer wie in der Anlage berechnet fest. Das Ergebnis im Überblick:`,
        },
        { k: 'kv', rows: sum, bold: [0] },
        { k: 'p', text: dueTxt },
        { k: 'page' },
        { k: 'title', text: 'Anlage 1 - Berechnung der Gewerbesteuer' },
        {
          k: 'tbl',
          head: ['Pos.', 'Bezeichnung', 'Wert'],
          rows: [
            ...mbLine.map(([a, b], i) => [String(i + 1), a, b]),
            [String(mbLine.length + 1), lab(c, 'hs'), c.p(n.hebesatz)],
            [String(mbLine.length + 2), lab(c, 'st'), c.m(n.tax)],
            [String(mbLine.length + 3), lab(c, 'bisher'), c.m(n.bisher)],
            [String(mbLine.length + 4), 'Unterschiedsbetrag', signed(c, diff)],
          ],
          w: [0.1, 0.6, 0.3],
          al: ['l', 'l', 'r'],
        },
      );
      break;
    }
    case 'F65': {
      blocks.push(
        { k: 'h', text: 'Festsetzung' },
        {
          k: 'p',
          text: `Die Gewerbesteuer für ${n.ez} wird auf ${c.m(n.tax)} festgesetzt.${z ? ` Die Zinsen zur Gewerbesteuer werden auf ${c.m(z.betrag)} festgesetzt.` : ''}`,
        },
        { k: 'h', text: 'Berechnung' },
        {
          k: 'kv',
          rows: [
            ...mbLine,
            [`x ${lab(c, 'hs')}`, c.p(n.hebesatz)],
            [`= ${lab(c, 'st')}`, c.m(n.tax)],
            [`./. ${lab(c, 'bisher')}`, c.m(n.bisher)],
            [diff >= 0 ? '= noch zu entrichten' : '= zu erstatten', c.m(Math.abs(diff))],
          ],
          bold: [mbLine.length + 3],
        },
        { k: 'p', text: dueTxt },
      );
      break;
    }
    default: {
      const first = `Die ${c.muni} setzt die Gewerbesteuer ${n.ez} auf der Grundlage des ${anteil ? `Zerlegungsanteils von ${c.m(n.mb * 100)}` : `Messbetrages von ${c.m(n.mb * 100)}`} und eines Hebesatzes von ${c.p(n.hebesatz)} auf ${c.m(n.tax)} fest.`;
      const second =
        diff > 0
          ? `Abzüglich des bisherigen Solls von ${c.m(n.bisher)} sind noch ${c.m(diff)} zu zahlen, fällig zum ${c.d(n.faellig)}.`
          : diff < 0
            ? `Abzüglich des bisherigen Solls von ${c.m(n.bisher)} erstatten wir Ihnen ${c.m(-diff)}.`
            : `Das bisherige Soll von ${c.m(n.bisher)} bleibt unverändert (Unterschied ${c.m(0)}).`;
      blocks.push({ k: 'p', text: `${first} ${second}` });
    }
  }
  blocks.push(...zinsBlocks(c, false));
  if (z && (id === 'F61' || id === 'F66'))
    blocks.push({ k: 'p', text: `Die Zinsen sind zusammen mit der Nachzahlung fällig.` });
  blocks.push(...vzBlocks(c, n.vz));
  if (id === 'F64' || id === 'F60')
    blocks.push(
      ...(id === 'F64'
        ? [{ k: 'page' as const }, { k: 'title' as const, text: 'Anlage 2 - Kontoübersicht' }]
        : []),
      { k: 'h', text: `Ihr Abgabenkonto (Stand ${c.d(n.datum)}) - gebuchte Sollstellungen` },
      ledger(c, id === 'F60' ? n.ez - 1 : n.ez, true),
    );
  if (n.vz.length && id !== 'F62')
    blocks.push({
      k: 'p',
      text: 'Die Vorauszahlungen gelten bis zur Bekanntgabe eines neuen Vorauszahlungsbescheides weiter (§ 19 GewStG).',
    });
  return blocks;
}

function vzLetter(c: Ctx): B6Block[] {
  const { n, f } = c;
  const id = f.id.slice(0, 3);
  const q = n.vz[0]?.betrag ?? 0;
  const kind = pick(c.r, ['anpassung', 'herabsetzung', 'neu'] as const);
  const old =
    kind === 'neu'
      ? undefined
      : kind === 'anpassung'
        ? Math.max(100, Math.floor((q * (0.4 + c.r() * 0.5)) / 100) * 100)
        : Math.floor((q * (1.2 + c.r())) / 100) * 100 + 100;
  const year = n.vzYear;
  const titles: Record<string, string> = {
    F60: `Bescheid über Vorauszahlungen zur Gewerbesteuer ab ${year}`,
    F61:
      kind === 'herabsetzung'
        ? `Herabsetzung der Gewerbesteuer-Vorauszahlungen ${year}`
        : `Vorauszahlungsbescheid über Gewerbesteuer ${year}`,
    F62: `VORAUSZAHLUNGSBESCHEID GEWERBESTEUER ${year}`,
    F63:
      kind === 'neu'
        ? `Festsetzung von Gewerbesteuer-Vorauszahlungen`
        : `Anpassung der Gewerbesteuer-Vorauszahlungen`,
    F64: `Gewerbesteuer - Vorauszahlungen für ${year}`,
    F65: `Bescheid über Gewerbesteuervorauszahlungen für ${year} und folgende Jahre`,
    F66: `Ihre Gewerbesteuer-Vorauszahlungen ${year}`,
  };
  const why =
    kind === 'neu'
      ? `Das Finanzamt ${n.finanzamt} hat uns einen ${lab(c, 'mb')} für Zwecke der Vorauszahlungen mitgeteilt.`
      : kind === 'anpassung'
        ? `Auf Grund der Mitteilung des Finanzamts ${n.finanzamt} über einen geänderten ${lab(c, 'mb')} für Zwecke der Vorauszahlungen werden die Vorauszahlungen angepasst (§ 19 Abs. 3 GewStG).`
        : `Auf Ihren Antrag und die Mitteilung des Finanzamts ${n.finanzamt} hin werden die Vorauszahlungen herabgesetzt.`;
  const blocks: B6Block[] = [{ k: 'title', text: titles[id]! }];
  if (id === 'F61' || id === 'F66') {
    blocks.push({
      k: 'p',
      text: `${why} Bei einem ${lab(c, 'mb')} von ${c.m(n.mb * 100)} und einem Hebesatz von ${c.p(n.hebesatz)} beträgt die Jahressteuer ${c.m(n.tax)}.`,
    });
  } else if (id === 'F62') {
    blocks.push(
      { k: 'p', text: why.toUpperCase() },
      {
        k: 'tbl',
        head: ['ZEILE', 'BEZEICHNUNG', 'WERT'],
        rows: [
          ['01', 'MESSBETRAG FUER ZWECKE DER VZ', c.x(n.mb * 100)],
          ['02', 'HEBESATZ (HS) V.H.', String(n.hebesatz)],
          ['03', 'JAHRESBETRAG', c.x(n.tax)],
          ['04', 'VIERTELJAHRESBETRAG (ABGERUNDET)', c.x(q)],
        ],
        w: [0.1, 0.6, 0.3],
        al: ['l', 'l', 'r'],
      },
    );
  } else {
    blocks.push(
      { k: 'p', text: why },
      {
        k: 'kv',
        rows: [
          [`${lab(c, 'mb')} (Vorauszahlungen)`, c.m(n.mb * 100)],
          [lab(c, 'hs'), c.p(n.hebesatz)],
          [id === 'F65' ? '= Jahresbetrag' : 'Jahresbetrag der Vorauszahlungen', c.m(n.tax)],
          ['Vierteljahresbetrag', c.m(q)],
        ],
      },
    );
  }
  if (n.vz.length && n.vz[0]!.quartal > 1)
    blocks.push({
      k: 'p',
      text: `Die Festsetzung gilt ab dem ${n.vz[0]!.quartal}. Kalendervierteljahr ${year}; bereits fällig gewordene Vorauszahlungen bleiben unberührt.`,
    });
  blocks.push(...vzBlocks(c, n.vz, old));
  if (old !== undefined && id !== 'F63' && id !== 'F62' && id !== 'F61' && id !== 'F66')
    blocks.push({ k: 'p', text: `Differenz je Fälligkeit: ${signed(c, q - old)}.` });
  blocks.push({
    k: 'p',
    text: pick(c.r, [
      'Die Vorauszahlungen sind auch in den folgenden Jahren zu den genannten Terminen zu entrichten, bis ein neuer Bescheid ergeht.',
      'Dieser Bescheid gilt auch für die Folgejahre, solange kein neuer Vorauszahlungsbescheid erteilt wird.',
    ]),
  });
  return blocks;
}

function zinsLetter(c: Ctx): B6Block[] {
  const { n, f } = c;
  const id = f.id.slice(0, 3);
  const z = n.zinsen!;
  const titles: Record<string, string> = {
    F60: `Zinsbescheid zur Gewerbesteuer ${n.ez}`,
    F61: `Bescheid über Nachzahlungszinsen zur Gewerbesteuer für ${n.ez}`,
    F62: `ZINSBESCHEID (PAR. 233A AO) GEWERBESTEUER ${n.ez}`,
    F63: `Festsetzung von Zinsen zur Gewerbesteuer ${n.ez}`,
    F64: `Verzinsung von Gewerbesteuer - Erhebungszeitraum ${n.ez}`,
    F65: `Bescheid für ${n.ez} über Zinsen zur Gewerbesteuer`,
    F66: `Zinsen zur Gewerbesteuer ${n.ez}`,
  };
  // The difference printed is one whose amount rounded down to 50 euros is the interest base.
  const raw = Math.abs(n.tax - n.bisher) || n.tax;
  const diff = Math.floor(raw / 5000) * 5000 === z.basis ? raw : z.basis + (raw % 5000);
  const blocks: B6Block[] = [
    { k: 'title', text: titles[id]! },
    {
      k: 'p',
      text: `Mit Bescheid vom ${c.d(addDays(n.datum, -int(c.r, 0, 2)))} wurde die Gewerbesteuer ${n.ez} neu festgesetzt. Der Unterschiedsbetrag von ${c.m(diff)} ist nach § 233a Abgabenordnung zu verzinsen.`,
    },
    ...zinsBlocks(c, true),
    {
      k: 'p',
      text: pick(c.r, [
        `Die Zinsen in Höhe von ${c.m(z.betrag)} sind bis zum ${c.d(n.faellig)} zu zahlen.`,
        `Zahlungstermin für die Zinsen: ${c.d(n.faellig)}.`,
        `Bitte überweisen Sie den Betrag bis spätestens ${c.d(n.faellig)}.`,
      ]),
    },
  ];
  return blocks;
}

function messLetter(c: Ctx): B6Block[] {
  const { n, f } = c;
  const id = f.id.slice(0, 3);
  const rounded = Math.floor(n.gewerbeertrag / 10000) * 10000;
  const rest = rounded - n.freibetrag;
  const hinz = int(c.r, 0, 40) * 50000 + int(c.r, 0, 99);
  const kuerz = int(c.r, 0, 20) * 25000;
  const gewinn = n.gewerbeertrag - hinz + kuerz;
  const vzPurpose = c.r() < 0.25;
  const titles: Record<string, string> = {
    F60: `Bescheid für ${n.ez} über den Gewerbesteuermessbetrag`,
    F61: `Gewerbesteuermessbescheid für das Kalenderjahr ${n.ez}`,
    F62: `BESCHEID FUER ${n.ez} UEBER DEN GEWERBESTEUERMESSBETRAG`,
    F63: `Festsetzung des Steuermessbetrags ${n.ez}`,
    F64: `Messbescheid Gewerbesteuer ${n.ez}`,
    F65: `Bescheid für ${n.ez} über den Gewerbesteuermessbetrag${vzPurpose ? ' und den Messbetrag für Zwecke der Vorauszahlungen' : ''}`,
    F66: `Gewerbesteuermessbescheid ${n.ez}`,
  };
  const fb = n.freibetrag ? `Freibetrag nach § 11 Abs. 1 GewStG` : 'Freibetrag (Kapitalgesellschaft)';
  const blocks: B6Block[] = [
    { k: 'title', text: titles[id]! },
    {
      k: 'p',
      text: `Der Steuermessbetrag wird nach § 14 GewStG festgesetzt. Hebeberechtigte Gemeinde: ${n.gemeinde.name}.`,
    },
  ];
  if (id === 'F61' || id === 'F66') {
    blocks.push({
      k: 'p',
      text: `Der Gewerbeertrag beträgt ${c.m(n.gewerbeertrag)}, auf volle 100 Euro abgerundet ${c.m(rounded)}. Nach Abzug des Freibetrags von ${c.m(n.freibetrag)} verbleiben ${c.m(rest)}. Mit der Steuermesszahl von 3,5 % ergibt sich ein Steuermessbetrag von ${c.m(n.mb * 100)}.`,
    });
  } else if (id === 'F62') {
    blocks.push({
      k: 'tbl',
      head: ['ZEILE', 'BERECHNUNG', 'EUR'],
      rows: [
        ['10', 'GEWINN AUS GEWERBEBETRIEB', c.x(gewinn)],
        ['11', '+ HINZURECHNUNGEN (PAR. 8 GEWSTG)', c.x(hinz)],
        ['12', '- KUERZUNGEN (PAR. 9 GEWSTG)', c.x(kuerz)],
        ['13', 'GEWERBEERTRAG', c.x(n.gewerbeertrag)],
        ['14', 'ABGERUNDET AUF VOLLE 100 EUR', c.x(rounded)],
        ['15', '- FREIBETRAG', c.x(n.freibetrag)],
        ['16', 'VERBLEIBEN', c.x(rest)],
        ['17', 'STEUERMESSZAHL 3,5 V.H.', ''],
        ['18', 'STEUERMESSBETRAG', c.x(n.mb * 100)],
      ],
      w: [0.1, 0.6, 0.3],
      al: ['l', 'l', 'r'],
    });
  } else if (id === 'F64' || id === 'F65') {
    blocks.push(
      { k: 'h', text: id === 'F64' ? 'Ermittlung des Gewerbeertrags' : 'Berechnungsgrundlagen' },
      {
        k: 'tbl',
        head: ['', 'Betrag'],
        rows: [
          ['Gewinn aus Gewerbebetrieb', c.m(gewinn)],
          ['Hinzurechnungen', c.m(hinz)],
          ['Kürzungen', c.m(kuerz)],
          ['maßgebender Gewerbeertrag', c.m(n.gewerbeertrag)],
          ['abgerundet', c.m(rounded)],
          [fb, c.m(n.freibetrag)],
          ['verbleibender Betrag', c.m(rest)],
          ['x Steuermesszahl 3,5 %', ''],
          [lab(c, 'mb'), c.m(n.mb * 100)],
        ],
        w: [0.65, 0.35],
        al: ['l', 'r'],
      },
    );
  } else {
    blocks.push({
      k: 'kv',
      rows: [
        ['Gewerbeertrag', c.m(n.gewerbeertrag)],
        ['Gewerbeertrag, abgerundet', c.m(rounded)],
        [fb, c.m(n.freibetrag)],
        ['Gewerbeertrag nach Freibetrag', c.m(rest)],
        ['Steuermesszahl', '3,5 %'],
        [lab(c, 'mb'), c.m(n.mb * 100)],
      ],
      bold: [5],
    });
  }
  if (vzPurpose && id === 'F65')
    blocks.push({
      k: 'p',
      text: `Der Steuermessbetrag für Zwecke der Vorauszahlungen ab ${n.ez + 1} beträgt ebenfalls ${c.m(n.mb * 100)}.`,
    });
  blocks.push({
    k: 'p',
    text: pick(c.r, [
      `Die Gemeinde ${n.gemeinde.name} erhält eine Mitteilung über diesen Bescheid und setzt die Gewerbesteuer fest.`,
      'Die Gewerbesteuer wird von der hebeberechtigten Gemeinde festgesetzt und erhoben; zahlen Sie bitte nicht an das Finanzamt.',
    ]),
  });
  return blocks;
}

function zerlLetter(c: Ctx): B6Block[] {
  const { n, f } = c;
  const id = f.id.slice(0, 3);
  const total = n.zerlegung.reduce((s, z) => s + z.anteil, 0);
  const wages = n.zerlegung.reduce((s, z) => s + z.lohn, 0);
  const titles: Record<string, string> = {
    F60: `Zerlegungsbescheid für ${n.ez}`,
    F61: `Bescheid über die Zerlegung des Gewerbesteuermessbetrags für ${n.ez}`,
    F62: `ZERLEGUNGSBESCHEID ${n.ez} (PAR. 188 AO)`,
    F63: `Zerlegung des Steuermessbetrags ${n.ez}`,
    F64: `Zerlegungsbescheid Gewerbesteuer - Erhebungszeitraum ${n.ez}`,
    F65: `Bescheid für ${n.ez} über die Zerlegung des Gewerbesteuermessbetrags`,
    F66: `Zerlegungsbescheid ${n.ez}`,
  };
  const blocks: B6Block[] = [
    { k: 'title', text: titles[id]! },
    {
      k: 'p',
      text: `Der Gewerbesteuermessbetrag von ${c.m(total)} wird nach dem Verhältnis der Arbeitslöhne (§ 29 Abs. 1 Nr. 1 GewStG) auf die hebeberechtigten Gemeinden zerlegt. Summe der Arbeitslöhne: ${c.m(wages)}.`,
    },
  ];
  if (id === 'F61' || id === 'F66') {
    for (const z of n.zerlegung)
      blocks.push({
        k: 'p',
        indent: 16,
        text: `Auf die Gemeinde ${z.gemeinde.name} (Arbeitslöhne ${c.m(z.lohn)}) entfällt ein Zerlegungsanteil von ${c.m(z.anteil)}.`,
      });
    return blocks;
  }
  const withAgs = f.printsAgs;
  const head =
    id === 'F62'
      ? ['GEMEINDE', ...(withAgs ? ['GEM.-KZ.'] : []), 'ARBEITSLOEHNE', 'ANTEIL EUR']
      : [
          'Hebeberechtigte Gemeinde',
          ...(withAgs ? ['Gemeindekennziffer'] : []),
          'Arbeitslöhne',
          id === 'F65' ? 'Zerlegungsanteil' : 'Anteil am Messbetrag',
        ];
  const rows = n.zerlegung.map((z) => [
    z.gemeinde.name,
    ...(withAgs ? [z.gemeinde.ags] : []),
    c.x(z.lohn),
    c.x(z.anteil),
  ]);
  blocks.push({
    k: 'tbl',
    head,
    rows,
    w: withAgs ? [0.36, 0.2, 0.22, 0.22] : [0.46, 0.27, 0.27],
    al: withAgs ? ['l', 'l', 'r', 'r'] : ['l', 'r', 'r'],
    sum: withAgs ? ['Summe', '', c.x(wages), c.x(total)] : ['Summe', c.x(wages), c.x(total)],
  });
  blocks.push({
    k: 'p',
    text: 'Die beteiligten Gemeinden erhalten eine Mitteilung über den auf sie entfallenden Anteil.',
  });
  return blocks;
}

function mahnLetter(c: Ctx): B6Block[] {
  const { n, f } = c;
  const id = f.id.slice(0, 3);
  const total = n.rueckstand + n.saeumnis + n.mahngebuehr;
  const title = {
    F60: 'Mahnung',
    F61: 'Zahlungserinnerung und Mahnung',
    F62: 'MAHNUNG',
    F63: 'Mahnung - rückständige Gewerbesteuer',
    F64: 'Letzte Mahnung vor Einleitung der Vollstreckung',
    F65: 'Mahnung',
    F66: 'Mahnung',
  }[id]!;
  const blocks: B6Block[] = [
    { k: 'title', text: title },
    {
      k: 'p',
      text: `bei Durchsicht unserer Konten haben wir festgestellt, dass die Gewerbesteuer ${n.ez}, fällig am ${c.d(n.urspruenglichFaellig)}, noch nicht (vollständig) bezahlt ist. Für jeden angefangenen Monat der Säumnis entsteht ein Säumniszuschlag von 1 % des abgerundeten rückständigen Betrags (§ 240 AO).`,
    },
  ];
  if (id === 'F61' || id === 'F66')
    blocks.push({
      k: 'p',
      text: `Offen sind ${c.m(n.rueckstand)} Gewerbesteuer zuzüglich Säumniszuschläge von ${c.m(n.saeumnis)} und einer Mahngebühr von ${c.m(n.mahngebuehr)}, zusammen ${c.m(total)}. Bitte zahlen Sie den Gesamtbetrag bis zum ${c.d(n.faellig)}.`,
    });
  else if (id === 'F60' || id === 'F64')
    blocks.push(
      {
        k: 'tbl',
        head: ['Fällig', 'Forderung', 'Soll', 'Ist', 'Rest'],
        rows: [
          [
            c.d2(n.urspruenglichFaellig),
            `Gewerbesteuer ${n.ez}`,
            c.x(n.rueckstand),
            c.x(0),
            c.x(n.rueckstand),
          ],
          [c.d2(n.datum), 'Säumniszuschläge', c.x(n.saeumnis), c.x(0), c.x(n.saeumnis)],
          [c.d2(n.datum), 'Mahngebühr', c.x(n.mahngebuehr), c.x(0), c.x(n.mahngebuehr)],
        ],
        w: [0.16, 0.36, 0.16, 0.16, 0.16],
        al: ['l', 'l', 'r', 'r', 'r'],
        sum: ['', 'Gesamtrückstand', '', '', c.x(total)],
      },
      {
        k: 'p',
        text: `Zahlen Sie bitte den Gesamtbetrag von ${c.m(total)} bis spätestens ${c.d(n.faellig)}.`,
      },
    );
  else
    blocks.push({
      k: 'kv',
      rows: [
        [id === 'F62' ? 'RUECKSTAND GEW.ST.' : 'Rückständige Gewerbesteuer', c.m(n.rueckstand)],
        [id === 'F62' ? 'SAEUMNISZUSCHLAEGE' : 'Säumniszuschläge', c.m(n.saeumnis)],
        [id === 'F62' ? 'MAHNGEBUEHR' : 'Mahngebühr', c.m(n.mahngebuehr)],
        [id === 'F62' ? 'GESAMT' : 'zu zahlen insgesamt', c.m(total)],
        [id === 'F62' ? 'ZAHLBAR BIS' : 'Zahlungsfrist', c.d(n.faellig)],
      ],
      bold: [3],
    });
  blocks.push({
    k: 'p',
    text: 'Sollte der Betrag nicht fristgerecht eingehen, müssen Sie mit Vollstreckungsmaßnahmen rechnen. Haben Sie inzwischen gezahlt, betrachten Sie dieses Schreiben bitte als gegenstandslos.',
  });
  return blocks;
}

function sonstLetter(c: Ctx): B6Block[] {
  const { n } = c;
  const kind = int(c.r, 0, 4);
  switch (kind) {
    case 0: {
      // Stundung with instalments (§ 222 AO).
      c.printsEz = true;
      const total = n.rueckstand;
      const k = int(c.r, 3, 6);
      const rate = Math.floor(total / k / 100) * 100;
      const rows: string[][] = [];
      for (let i = 0; i < k; i++) {
        const due = workday(isoDate(ymd(addMonths(n.datum, i + 1))[0], ymd(addMonths(n.datum, i + 1))[1], 1));
        rows.push([String(i + 1), c.d(due), c.x(i === k - 1 ? total - rate * (k - 1) : rate)]);
      }
      return [
        { k: 'title', text: `Stundung der Gewerbesteuer ${n.ez} - Ratenzahlungsvereinbarung` },
        {
          k: 'p',
          text: `Ihrem Antrag auf Stundung der rückständigen Gewerbesteuer ${n.ez} in Höhe von ${c.m(total)} wird nach § 222 AO entsprochen. Die Stundung erfolgt gegen Zahlung der folgenden Raten; Stundungszinsen werden gesondert festgesetzt.`,
        },
        { k: 'tbl', head: ['Rate', 'Termin', 'Betrag'], rows, w: [0.2, 0.4, 0.4], al: ['l', 'l', 'r'] },
        {
          k: 'p',
          text: 'Wird eine Rate nicht pünktlich gezahlt, wird die Stundung widerrufen und der gesamte Restbetrag sofort fällig.',
        },
      ];
    }
    case 1: {
      // Account statement (Soll / Ist / Rest), no reminder.
      c.printsEz = true;
      const soll = n.tax;
      const ist = Math.floor((soll * (0.3 + c.r() * 0.7)) / 100) * 100;
      return [
        { k: 'title', text: pick(c.r, ['Kontoauszug Steuerkonto', 'Saldenmitteilung zum Abgabenkonto']) },
        {
          k: 'p',
          text: `Auf Ihren Wunsch übersenden wir Ihnen eine Übersicht über Ihr Abgabenkonto zum ${c.d(n.datum)}. Dieses Schreiben ist kein Bescheid.`,
        },
        ledger(c, n.ez - 2, true),
        {
          k: 'tbl',
          head: ['Jahr', 'Abgabe', 'Soll', 'Ist', 'Rest'],
          rows: [
            [String(n.ez), 'Gewerbesteuer', c.x(soll), c.x(ist), c.x(soll - ist)],
            [String(n.ez), 'Grundsteuer B', c.x(n.mahngebuehr * 31), c.x(n.mahngebuehr * 31), c.x(0)],
          ],
          w: [0.12, 0.34, 0.18, 0.18, 0.18],
          al: ['l', 'l', 'r', 'r', 'r'],
        },
        {
          k: 'p',
          text: 'Bitte prüfen Sie die Angaben; Zahlungen der letzten Tage sind ggf. noch nicht berücksichtigt.',
        },
      ];
    }
    case 2: {
      // Finanzamt: request for the tax return.
      c.printsEz = true;
      return [
        { k: 'title', text: `Erinnerung an die Abgabe der Gewerbesteuererklärung ${n.ez}` },
        {
          k: 'p',
          text: `Nach unseren Unterlagen liegt die Erklärung zur Festsetzung des Gewerbesteuermessbetrags für ${n.ez} noch nicht vor (§ 14a GewStG, § 149 AO). Bitte übermitteln Sie die Erklärung elektronisch bis zum ${c.d(addDays(n.datum, 28))}.`,
        },
        {
          k: 'p',
          text: 'Geht die Erklärung nicht fristgerecht ein, kann ein Verspätungszuschlag festgesetzt oder die Besteuerungsgrundlagen können geschätzt werden.',
        },
      ];
    }
    case 3:
      // SEPA mandate confirmation: no year.
      return [
        { k: 'title', text: 'Bestätigung Ihres SEPA-Lastschriftmandats' },
        {
          k: 'p',
          text: `wir bestätigen den Eingang Ihres SEPA-Lastschriftmandats vom ${c.d(addDays(n.datum, -int(c.r, 3, 20)))}. Fällige Abgaben ziehen wir künftig zum jeweiligen Fälligkeitstag von Ihrem Konto ein. Mandatsreferenz: ${n.kassenzeichen.replace(/\W/g, '')}-01. Gläubiger-Identifikationsnummer: DE${int(c.r, 10, 99)}ZZZ0000${int(c.r, 1000000, 9999999)}.`,
        },
      ];
    default: {
      // Notice of a new Hebesatz (information only).
      const ab = ymd(n.datum)[0] + 1;
      c.printsEz = ab === n.ez;
      const neu = n.hebesatz + 5 * int(c.r, 1, 8);
      return [
        { k: 'title', text: 'Information: Änderung des Gewerbesteuerhebesatzes' },
        {
          k: 'p',
          text: `Der Rat hat mit der Haushaltssatzung beschlossen, den Hebesatz der Gewerbesteuer ab dem Erhebungszeitraum ${ab} von ${c.p(n.hebesatz)} auf ${c.p(neu)} anzuheben. Sie erhalten zu gegebener Zeit einen Bescheid; dieses Schreiben dient nur Ihrer Information.`,
        },
      ];
    }
  }
}

export function buildBlind6Letter(
  n: NoticeData,
  f: B6Family,
  r: Rng,
): { letter: B6Letter; printsEz: boolean } {
  const g = n.gemeinde;
  const muni = `${g.kind} ${g.name}`;
  const c: Ctx = {
    n,
    f,
    r,
    m: f.fmt.money,
    x: f.fmt.num,
    d: f.fmt.dates[0]!,
    d2: f.fmt.dates[1] ?? f.fmt.dates[0]!,
    p: f.fmt.pct,
    muni,
    printsEz: true,
    labels: new Map(),
  };
  // Finanzamt letters: Messbescheid, Zerlegungsbescheid and, for one sonstiges letter, the return reminder.
  let blocks: B6Block[];
  let fa = isFa(n.type);
  switch (n.type) {
    case 'gewst_bescheid':
      blocks = gewstLetter(c);
      break;
    case 'vorauszahlungsbescheid':
      blocks = vzLetter(c);
      break;
    case 'zinsbescheid':
      blocks = zinsLetter(c);
      break;
    case 'messbescheid':
      blocks = messLetter(c);
      break;
    case 'zerlegungsbescheid':
      blocks = zerlLetter(c);
      break;
    case 'mahnung':
      blocks = mahnLetter(c);
      break;
    default:
      c.printsEz = false;
      blocks = sonstLetter(c);
      fa = blocks[0]?.k === 'title' && blocks[0].text.startsWith('Erinnerung an die Abgabe');
  }
  const who = issuer(c, fa);
  const to = [n.company, n.street, `${g.plz} ${g.name}`];
  const info = infoRows(c, fa);
  const municipal = !fa;
  const tail: B6Block[] = [];
  if (n.type !== 'sonstiges') {
    if (municipal) tail.push(...bankBlock(c));
    if (n.type !== 'mahnung') {
      // F64 prints its explanations and the Rechtsbehelfsbelehrung on a last page of their own.
      if (f.id.startsWith('F64'))
        tail.push(
          { k: 'page' },
          { k: 'title', text: 'Erläuterungen und Hinweise' },
          {
            k: 'p',
            text: 'Die Berechnung beruht auf den Angaben der Finanzverwaltung. Bitte geben Sie bei allen Zahlungen und Rückfragen das Personenkonto an.',
          },
        );
      tail.push(...rechtsbehelf(c, fa));
    }
  }
  const notice = n.type !== 'sonstiges' && n.type !== 'mahnung';
  tail.push({
    k: 'p',
    text: notice
      ? pick(r, PARA_BEKANNT)
      : pick(r, [
          'Für Rückfragen stehen wir Ihnen gerne zur Verfügung.',
          'Bei Fragen rufen Sie uns bitte an.',
        ]),
  });
  tail.push({
    k: 'p',
    text: `${pick(r, ['Mit freundlichen Grüßen', 'Hochachtungsvoll'])}  ${pick(r, ['gez. Berger', 'Schmitt', 'i. A. Vogel', 'Im Auftrag Ostrowski'])}`,
  });
  // Salutation line for letters that start with lower case (reminder, account statements).
  const salut: B6Block[] =
    n.type === 'mahnung' ||
    (n.type === 'sonstiges' && (blocks[1] as { text?: string })?.text?.[0]?.match(/[a-zäöü]/))
      ? [{ k: 'p', text: 'Sehr geehrte Damen und Herren,' }]
      : [];
  const [title, ...body] = blocks;
  const allBlocks = [title!, ...salut, ...body, ...tail];
  const iban = f.id.startsWith('F62') || f.id.startsWith('F66') ? n.iban : ibanSpaced(n.iban);
  const footer =
    f.footer && municipal
      ? [
          `${muni} · ${who.lines[1] ?? ''} · ${who.lines.at(-1)}`,
          `Bankverbindung: ${n.bank} · IBAN ${iban} · BIC ${n.bic}`,
        ]
      : f.footer
        ? [`Finanzamt ${n.finanzamt} · Sprechzeiten Mo-Fr 8-12 Uhr, Do 14-17 Uhr`]
        : [];
  const placeDate =
    f.id.startsWith('F61') || f.id.startsWith('F66')
      ? `${who.place}, ${f.id.startsWith('F61') ? 'den ' : ''}${c.d(n.datum)}`
      : undefined;
  return {
    letter: {
      issuer: who.lines,
      back: who.back,
      to,
      info: f.info === 'line' ? info.slice(0, 3) : info,
      ...(placeDate ? { placeDate } : {}),
      blocks: allBlocks,
      footer,
    },
    printsEz: c.printsEz,
  };
}

// ---------------------------------------------------------------------------------------------
// Renderer
// ---------------------------------------------------------------------------------------------

const A4: [number, number] = [595.28, 841.89];
const FONTS = {
  Helvetica: [StandardFonts.Helvetica, StandardFonts.HelveticaBold],
  Times: [StandardFonts.TimesRoman, StandardFonts.TimesRomanBold],
  Courier: [StandardFonts.Courier, StandardFonts.CourierBold],
} as const;

export async function renderBlind6(letter: B6Letter, f: B6Family): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setCreationDate(new Date('2025-06-01T00:00:00Z'));
  doc.setModificationDate(new Date('2025-06-01T00:00:00Z'));
  doc.setProducer('blind6');
  const [rn, bn] = FONTS[f.font];
  const reg = await doc.embedFont(rn);
  const bold = await doc.embedFont(bn);
  const S = f.size;
  const lh = S * 1.42;
  const left = f.head === 'strip' ? 56 : 64;
  const right = A4[0] - 52;
  const W = right - left;
  const bottom = f.footer ? 92 : 64;
  const grey = rgb(0.35, 0.35, 0.35);
  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - 48;
  const tw = (s: string, font: PDFFont = reg, sz = S) => font.widthOfTextAtSize(s, sz);
  const txt = (s: string, x: number, yy: number, font: PDFFont = reg, sz = S, color = rgb(0, 0, 0)) =>
    page.drawText(s, { x, y: yy, size: sz, font, color });
  const newPage = () => {
    page = doc.addPage(A4);
    y = A4[1] - 70;
  };
  const need = (h: number) => {
    if (y - h < bottom) newPage();
  };
  const wrap = (s: string, maxW: number, font: PDFFont = reg, sz = S) => {
    const out: string[] = [];
    let line = '';
    for (const w of s.split(' ')) {
      const t = line ? `${line} ${w}` : w;
      if (line && tw(t, font, sz) > maxW) {
        out.push(line);
        line = w;
      } else line = t;
    }
    if (line) out.push(line);
    return out;
  };

  // Letterhead.
  const [name = '', ...rest] = letter.issuer;
  if (f.head === 'strip') {
    page.drawRectangle({ x: 0, y: A4[1] - 64, width: A4[0], height: 64, color: rgb(0.9, 0.93, 0.9) });
    txt(name, left, A4[1] - 32, bold, S + 6);
    txt(rest.join(' · '), left, A4[1] - 50, reg, S - 1);
    y = A4[1] - 92;
  } else if (f.head === 'form') {
    page.drawRectangle({
      x: left - 4,
      y: A4[1] - 98,
      width: W + 8,
      height: 62,
      borderColor: rgb(0, 0, 0),
      borderWidth: 0.8,
    });
    txt(name, left + 4, A4[1] - 52, bold, S + 2);
    rest.forEach((l, i) => txt(l, left + 4, A4[1] - 66 - i * lh, reg, S));
    y = A4[1] - 122;
  } else {
    const sizes = [S + 5, S + 0.5, S - 0.5, S - 1];
    let yy = y;
    letter.issuer.forEach((l, i) => {
      const font = i === 0 ? bold : reg;
      const sz = sizes[Math.min(i, 3)]!;
      const x =
        f.head === 'right'
          ? right - tw(l, font, sz)
          : f.head === 'center'
            ? (A4[0] - tw(l, font, sz)) / 2
            : left;
      txt(l, x, yy, font, sz, i === 0 ? rgb(0, 0, 0) : grey);
      yy -= sz + 4;
    });
    y = yy - 4;
    page.drawLine({
      start: { x: left, y },
      end: { x: right, y },
      thickness: f.head === 'center' ? 1.4 : 0.6,
      color: grey,
    });
    if (f.head === 'center')
      page.drawLine({
        start: { x: left, y: y - 2.5 },
        end: { x: right, y: y - 2.5 },
        thickness: 0.4,
        color: grey,
      });
    y -= 30;
  }

  // Address window and reference block.
  const top = y;
  let bs = S - 2.5;
  while (tw(letter.back, reg, bs) > W * 0.52 && bs > 5) bs -= 0.25;
  txt(letter.back, left, y, reg, bs, grey);
  page.drawLine({
    start: { x: left, y: y - 2 },
    end: { x: left + tw(letter.back, reg, bs), y: y - 2 },
    thickness: 0.3,
    color: grey,
  });
  y -= lh * 1.4;
  for (const l of letter.to) {
    txt(l, left, y);
    y -= lh;
  }
  if (f.info === 'box' || f.info === 'column') {
    const bx = left + W * 0.58;
    const bw = right - bx;
    let iy = top + (f.info === 'box' ? 4 : 0);
    if (f.info === 'box') {
      const h = letter.info.length * lh + 10;
      page.drawRectangle({
        x: bx - 6,
        y: iy - h + 6,
        width: bw + 6,
        height: h,
        borderColor: grey,
        borderWidth: 0.6,
      });
      for (const [k, v] of letter.info) {
        iy -= lh;
        txt(k, bx, iy + 4, reg, S - 1.5, grey);
        txt(v, right - 4 - tw(v, reg, S - 0.5), iy + 4, reg, S - 0.5);
      }
    } else
      for (const [k, v] of letter.info) {
        txt(k, bx, iy, reg, S - 2.5, grey);
        iy -= S;
        txt(v, bx, iy, reg, S - 0.5);
        iy -= lh;
      }
    y = Math.min(y, iy - lh * 0.5);
  } else if (f.info === 'line') {
    y -= lh * 0.6;
    txt(letter.info.map(([k, v]) => `${k}: ${v}`).join('   |   '), left, y, reg, S - 1);
    y -= lh;
  } else {
    y -= lh * 0.6;
    const n = letter.info.length;
    const cw = W / n;
    page.drawRectangle({
      x: left,
      y: y - lh * 1.6,
      width: W,
      height: lh * 2.4,
      borderColor: rgb(0, 0, 0),
      borderWidth: 0.6,
    });
    letter.info.forEach(([k, v], i) => {
      txt(k, left + 4 + i * cw, y, reg, S - 1.5);
      txt(v, left + 4 + i * cw, y - lh * 1.05, bold, S);
      if (i)
        page.drawLine({
          start: { x: left + i * cw, y: y + lh * 0.8 },
          end: { x: left + i * cw, y: y - lh * 1.6 },
          thickness: 0.4,
        });
    });
    y -= lh * 2.6;
  }
  if (letter.placeDate) {
    y -= lh * 0.4;
    txt(letter.placeDate, right - tw(letter.placeDate), y);
    y -= lh;
  }
  y -= lh;

  const kv = (rows: [string, string][], boldRows: number[] = []) => {
    if (f.kv === 'twocol') {
      const half = Math.ceil(rows.length / 2);
      const cw = W / 2;
      for (let i = 0; i < half; i++) {
        need(lh);
        [rows[i], rows[i + half]].forEach((row, j) => {
          if (!row) return;
          txt(row[0], left + j * cw, y, reg, S, grey);
          txt(row[1], left + j * cw + cw - 16 - tw(row[1]), y);
        });
        y -= lh;
      }
      return;
    }
    const labelW = Math.max(...rows.map(([k]) => tw(k))) + 16;
    rows.forEach(([k, v], i) => {
      need(lh);
      const font = boldRows.includes(i) ? bold : reg;
      if (f.kv === 'dots') {
        const vx = left + W * 0.72;
        txt(k, left, y, font);
        let dots = '';
        while (tw(`${k} ${dots}. `, font) < vx - left - 8) dots += '.';
        txt(` ${dots}`, left + tw(k, font), y, reg, S, grey);
        txt(v, vx + W * 0.28 - tw(v, font), y, font);
      } else if (f.kv === 'right') {
        txt(k, left + 8, y, font);
        txt(v, left + W * 0.8 - tw(v, font), y, font);
      } else {
        txt(k, left, y, font);
        txt(v, left + Math.max(labelW, W * 0.42), y, font);
      }
      y -= lh;
    });
  };

  const table = (b: Extract<B6Block, { k: 'tbl' }>) => {
    const xs = [left];
    for (const w of b.w) xs.push(xs.at(-1)! + w * W);
    const rowH = lh * (f.table === 'grid' ? 1.15 : 1);
    const cell = (s: string, i: number, font: PDFFont) => {
      const x0 = xs[i]!;
      const x1 = xs[i + 1] ?? right;
      let sz = S;
      while (tw(s, font, sz) > x1 - x0 - 8 && sz > 5.5) sz -= 0.25;
      txt(s, b.al[i] === 'r' ? x1 - 4 - tw(s, font, sz) : x0 + 4, y, font, sz);
    };
    const hline = (yy: number, t = 0.5) =>
      page.drawLine({ start: { x: left, y: yy }, end: { x: right, y: yy }, thickness: t });
    const header = (cont: boolean) => {
      if (cont) {
        txt(`(Fortsetzung)`, left, y, reg, S - 1.5, grey);
        y -= lh;
      }
      if (f.table !== 'plain') hline(y + rowH * 0.72, 0.8);
      if (f.table === 'grid')
        page.drawRectangle({
          x: left,
          y: y - rowH * 0.28,
          width: W,
          height: rowH,
          color: rgb(0.9, 0.9, 0.9),
        });
      b.head.forEach((h, i) => cell(h, i, bold));
      y -= rowH;
      hline(y + rowH * 0.72, f.table === 'plain' ? 0.3 : 0.5);
    };
    need(rowH * Math.min(b.rows.length + 2, 5));
    header(false);
    const rows = [...b.rows, ...(b.sum ? [b.sum] : [])];
    rows.forEach((row, ri) => {
      if (y - rowH < bottom) {
        newPage();
        header(true);
      }
      const isSum = b.sum && ri === rows.length - 1;
      if (isSum) hline(y + rowH * 0.72, 0.6);
      row.forEach((s, i) => cell(s, i, isSum ? bold : reg));
      if (f.table === 'grid') {
        hline(y - rowH * 0.28, 0.3);
        for (const x of xs.slice(1, -1))
          page.drawLine({ start: { x, y: y + rowH * 0.72 }, end: { x, y: y - rowH * 0.28 }, thickness: 0.3 });
      }
      y -= rowH;
    });
    if (f.table === 'rules') hline(y + rowH * 0.72, 0.8);
    y -= lh * 0.5;
  };

  for (const b of letter.blocks) {
    switch (b.k) {
      case 'title': {
        need(lh * 4);
        const tsz = S + (f.font === 'Courier' ? 1.5 : 3);
        for (const l of wrap(b.text, W, bold, tsz)) {
          txt(l, f.head === 'center' ? (A4[0] - tw(l, bold, tsz)) / 2 : left, y, bold, tsz);
          y -= tsz * 1.35;
        }
        if (b.sub) {
          txt(b.sub, f.head === 'center' ? (A4[0] - tw(b.sub, bold, S)) / 2 : left, y, bold, S);
          y -= lh;
        }
        y -= lh * 0.5;
        break;
      }
      case 'h':
        need(lh * 3);
        y -= lh * 0.3;
        txt(b.text, left, y, bold, S + 0.5);
        y -= lh * 1.1;
        break;
      case 'p':
        for (const l of wrap(b.text, W - (b.indent ?? 0), b.bold ? bold : reg)) {
          need(lh);
          txt(l, left + (b.indent ?? 0), y, b.bold ? bold : reg);
          y -= lh;
        }
        y -= lh * 0.45;
        break;
      case 'kv':
        kv(b.rows, b.bold);
        y -= lh * 0.45;
        break;
      case 'tbl':
        table(b);
        break;
      case 'gap':
        y -= b.h;
        break;
      case 'page':
        newPage();
        break;
    }
  }

  // Page numbers and footers on every page.
  const pages = doc.getPages();
  pages.forEach((p, i) => {
    const no =
      f.pageNo === 'von'
        ? `Seite ${i + 1} von ${pages.length}`
        : f.pageNo === 'dash' && i > 0
          ? `- ${i + 1} -`
          : '';
    if (no)
      p.drawText(no, {
        x:
          f.pageNo === 'dash'
            ? (A4[0] - reg.widthOfTextAtSize(no, S - 1)) / 2
            : right - reg.widthOfTextAtSize(no, S - 1.5),
        y: f.pageNo === 'dash' ? A4[1] - 40 : 40,
        size: f.pageNo === 'dash' ? S - 1 : S - 1.5,
        font: reg,
        color: grey,
      });
    letter.footer.forEach((l, j) => {
      let sz = S - 2.5;
      while (reg.widthOfTextAtSize(l, sz) > W && sz > 5) sz -= 0.25;
      if (j === 0)
        p.drawLine({ start: { x: left, y: 76 }, end: { x: right, y: 76 }, thickness: 0.4, color: grey });
      p.drawText(l, { x: left, y: 66 - j * (sz + 3), size: sz, font: reg, color: grey });
    });
  });
  return doc.save({ useObjectStreams: false });
}
