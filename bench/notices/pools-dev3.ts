/**
 * Third development part (`dev3`), written by an independent author (engineer `dev3`, session of
 * 2026-11-25) who read neither the engine nor the other parts' pools: eight layout families
 * E01–E08 with their own letter model, label vocabularies, sentences and renderer (pdf-lib,
 * standard fonts), written from knowledge of real German trade-tax notices — municipal
 * Gewerbesteuerbescheide with Festsetzung and Abrechnung, prepayment notices (adjustment,
 * reduction to zero, bare schedule), the tax offices' Messbescheide and Zerlegungsbescheide,
 * interest notices under § 233a AO, reminders and letters that are no notice.
 * Figures come from makeNotice (notice.ts); the truth is what the letter prints (dev3Truth).
 */
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { type Rng, int, pick } from './data.js';
import { type NoticeData, truth } from './notice.js';

// ---------------------------------------------------------------------------------------------
// Formats
// ---------------------------------------------------------------------------------------------

export interface Dev3Money {
  /** Thousands separator. */
  th: '.' | ' ' | '' | "'";
  unit: '' | '€' | 'EUR' | 'Euro';
  before?: boolean;
  /** How a negative amount is printed ('abs': no sign, the label says "Erstattung"). */
  neg: 'lead' | 'trail' | 'paren' | 'abs';
  /** Whole euros as "1.234,--". */
  dashes?: boolean;
}
export type Dev3Date = 'dd.mm.yyyy' | 'd.m.yyyy' | 'dd.mm.yy' | 'long' | 'abbr';
export type Dev3Pct = '%' | 'v. H.' | 'vom Hundert' | 'Prozent' | 'v.H.';

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

/** "1.234,56" (no sign, no unit) with the family's grouping. */
export function groupEuros(cents: number, th: string, dashes = false): string {
  const a = Math.abs(cents);
  const e = String(Math.floor(a / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, th);
  const c = a % 100;
  return `${e},${dashes && c === 0 ? '--' : String(c).padStart(2, '0')}`;
}

export function dev3Money(cents: number, f: Dev3Money): string {
  const body = groupEuros(cents, f.th, f.dashes);
  const signed =
    cents >= 0 || f.neg === 'abs'
      ? body
      : f.neg === 'lead'
        ? `-${body}`
        : f.neg === 'trail'
          ? `${body}-`
          : `(${body})`;
  if (!f.unit) return signed;
  return f.before ? `${f.unit} ${signed}` : `${signed} ${f.unit}`;
}

export function dev3Date(iso: string, f: Dev3Date): string {
  const [y = '', m = '', d = ''] = iso.split('-');
  const mi = Number(m) - 1;
  switch (f) {
    case 'dd.mm.yyyy':
      return `${d}.${m}.${y}`;
    case 'd.m.yyyy':
      return `${Number(d)}.${Number(m)}.${y}`;
    case 'dd.mm.yy':
      return `${d}.${m}.${y.slice(2)}`;
    case 'long':
      return `${Number(d)}. ${MONTHS[mi]} ${y}`;
    case 'abbr': {
      const name = MONTHS[mi] ?? '';
      return `${Number(d)}. ${name.length <= 4 ? name : `${name.slice(0, 3)}.`} ${y}`;
    }
  }
}

const pctText = (n: number, f: Dev3Pct) => `${n} ${f}`;

// ---------------------------------------------------------------------------------------------
// Letter model
// ---------------------------------------------------------------------------------------------

export type E3Block =
  | { t: 'title'; text: string; sub?: string }
  | { t: 'h'; text: string }
  | { t: 'p'; text: string; bold?: boolean; small?: boolean }
  | { t: 'kv'; rows: [string, string][]; style: 'tab' | 'dots' | 'colon' | 'box' | 'right' }
  | { t: 'two'; heads: [string, string]; left: [string, string][]; right: [string, string][] }
  | {
      t: 'table';
      head: string[];
      rows: string[][];
      w: number[];
      al: ('l' | 'r')[];
      grid?: boolean;
      /** Bold rows (sums). */
      strong?: number[];
    }
  | { t: 'gap'; h: number }
  /** Moves down so that only this many lines remain on the page: the next table runs onto the next page. */
  | { t: 'tail'; lines: number }
  | { t: 'rule' }
  | { t: 'page' };

export interface E3Letter {
  head: string[];
  /** Return address above the window. */
  back: string;
  to: string[];
  info: [string, string][];
  blocks: E3Block[];
  footer: string[];
  /** Short running head on pages 2 ff. */
  running: string;
}

// ---------------------------------------------------------------------------------------------
// Families
// ---------------------------------------------------------------------------------------------

interface Vocab {
  mb: string;
  mbZerl: string;
  hebesatz: string;
  steuer: string;
  bisher: string;
  diffPlus: string;
  diffMinus: string;
  kz: string;
  stnr: string;
  datum: string;
  faellig: string;
  vzHead: string;
  zinsen: string;
  ge: string;
  fb: string;
  gerundet: string;
}

export interface Dev3Family {
  id: string;
  font: 'Helvetica' | 'Times' | 'Courier';
  size: number;
  head: 'left' | 'center' | 'banner' | 'right' | 'boxed';
  info: 'box' | 'line' | 'grid';
  kv: 'tab' | 'dots' | 'colon' | 'box' | 'right';
  money: Dev3Money;
  date: Dev3Date;
  pct: Dev3Pct;
  gewst: 'fest-abr' | 'twocol' | 'ledger' | 'prose' | 'oldnew' | 'elster' | 'zeilen' | 'summary';
  vz: 'table' | 'prose' | 'ledger' | 'oldnew' | 'list';
  zins: 'table' | 'prose' | 'formula';
  /** How the tax office sets out Messbescheid and Zerlegung. */
  fa: 'elster' | 'zeilen' | 'prose' | 'table';
  zerl: 'ags-table' | 'pct-table' | 'list' | 'ags-list';
  mahn: 'table' | 'prose';
  caps?: boolean;
  ibanGroups: boolean;
  /** A long explanation first so that tables run onto page 2. */
  longText?: boolean;
  /** Prepayment notices of this family: share that print the schedule only / reduce to zero. */
  bare?: number;
  zero?: number;
  /** Gewerbesteuerbescheide that list the next year's prepayments too. */
  nextYear?: number;
  L: Vocab;
}

const V_A: Vocab = {
  mb: 'Steuermessbetrag',
  mbZerl: 'Zerlegungsanteil am Steuermessbetrag',
  hebesatz: 'Hebesatz',
  steuer: 'Gewerbesteuer',
  bisher: 'bisher festgesetzt',
  diffPlus: 'Nachzahlung',
  diffMinus: 'Erstattung',
  kz: 'Kassenzeichen',
  stnr: 'Steuernummer',
  datum: 'Datum',
  faellig: 'fällig am',
  vzHead: 'Vorauszahlungen',
  zinsen: 'Nachzahlungszinsen',
  ge: 'Gewerbeertrag',
  fb: 'Freibetrag',
  gerundet: 'abgerundet auf volle 100 Euro',
};

export const DEV3_FAMILIES: Dev3Family[] = [
  {
    id: 'E01-kommunal-festabr',
    font: 'Helvetica',
    size: 9.5,
    head: 'left',
    info: 'box',
    kv: 'right',
    money: { th: '.', unit: '€', neg: 'lead' },
    date: 'dd.mm.yyyy',
    pct: 'v. H.',
    gewst: 'fest-abr',
    vz: 'table',
    zins: 'table',
    fa: 'elster',
    zerl: 'ags-table',
    mahn: 'table',
    ibanGroups: true,
    nextYear: 0.5,
    L: V_A,
  },
  {
    id: 'E02-zweispaltig',
    font: 'Times',
    size: 10.5,
    head: 'center',
    info: 'line',
    kv: 'tab',
    money: { th: ' ', unit: 'EUR', before: true, neg: 'trail' },
    date: 'long',
    pct: 'vom Hundert',
    gewst: 'twocol',
    vz: 'list',
    zins: 'formula',
    fa: 'prose',
    zerl: 'pct-table',
    mahn: 'prose',
    ibanGroups: false,
    L: {
      mb: 'Gewerbesteuer-Messbetrag',
      mbZerl: 'anteiliger Messbetrag (Zerlegung)',
      hebesatz: 'Hebesatz der Gemeinde',
      steuer: 'Jahressteuer',
      bisher: 'bisheriges Soll',
      diffPlus: 'Mehrbetrag',
      diffMinus: 'Minderbetrag',
      kz: 'Buchungszeichen',
      stnr: 'St.-Nr.',
      datum: 'Bescheid vom',
      faellig: 'zahlbar bis',
      vzHead: 'Künftige Vorauszahlungen',
      zinsen: 'Zinsen nach § 233a AO',
      ge: 'maßgebender Gewerbeertrag',
      fb: 'Freibetrag nach § 11 Abs. 1 GewStG',
      gerundet: 'Gewerbeertrag, auf volle 100 EUR abgerundet',
    },
  },
  {
    id: 'E03-grossrechner-ledger',
    font: 'Courier',
    size: 8.5,
    head: 'left',
    info: 'grid',
    kv: 'dots',
    money: { th: '.', unit: '', neg: 'trail' },
    date: 'dd.mm.yy',
    pct: 'v.H.',
    gewst: 'ledger',
    vz: 'ledger',
    zins: 'formula',
    fa: 'zeilen',
    zerl: 'ags-list',
    mahn: 'table',
    caps: true,
    ibanGroups: false,
    bare: 0.5,
    L: {
      mb: 'MESSBETRAG',
      mbZerl: 'ZERLEGUNGSANTEIL',
      hebesatz: 'HEBESATZ',
      steuer: 'STEUERSOLL',
      bisher: 'SOLL BISHER',
      diffPlus: 'RESTSCHULD',
      diffMinus: 'GUTHABEN',
      kz: 'KASSENZ.',
      stnr: 'STEUER-NR.',
      datum: 'DATUM',
      faellig: 'FAELLIG',
      vzHead: 'VORAUSZAHLUNGSSOLL',
      zinsen: 'ZINSEN 233A AO',
      ge: 'GEWERBEERTRAG',
      fb: 'FREIBETRAG',
      gerundet: 'ABGERUNDET',
    },
  },
  {
    id: 'E04-fliesstext',
    font: 'Times',
    size: 11,
    head: 'right',
    info: 'box',
    kv: 'colon',
    money: { th: '.', unit: 'Euro', neg: 'abs' },
    date: 'long',
    pct: 'vom Hundert',
    gewst: 'prose',
    vz: 'prose',
    zins: 'prose',
    fa: 'prose',
    zerl: 'list',
    mahn: 'prose',
    ibanGroups: true,
    zero: 0.3,
    L: {
      ...V_A,
      mb: 'Messbetrag',
      steuer: 'Gewerbesteuer',
      bisher: 'bereits festgesetzte Gewerbesteuer',
      diffPlus: 'Restbetrag',
      diffMinus: 'Überzahlung',
      kz: 'Aktenzeichen/Kassenzeichen',
      datum: 'Datum',
    },
  },
  {
    id: 'E05-alt-neu-differenz',
    font: 'Helvetica',
    size: 9,
    head: 'boxed',
    info: 'box',
    kv: 'box',
    money: { th: '.', unit: '', neg: 'lead' },
    date: 'dd.mm.yyyy',
    pct: '%',
    gewst: 'oldnew',
    vz: 'oldnew',
    zins: 'table',
    fa: 'table',
    zerl: 'pct-table',
    mahn: 'table',
    ibanGroups: true,
    zero: 0.4,
    longText: true,
    L: {
      mb: 'Messbetrag lt. Finanzamt',
      mbZerl: 'Messbetrag (Zerlegungsanteil) lt. FA',
      hebesatz: 'Hebesatz in %',
      steuer: 'Gewerbesteuer',
      bisher: 'Soll bisher',
      diffPlus: 'Zahllast',
      diffMinus: 'Gutschrift',
      kz: 'Kassenzeichen',
      stnr: 'Steuernummer',
      datum: 'Bescheiddatum',
      faellig: 'Fälligkeit',
      vzHead: 'Vorauszahlungen (Änderung)',
      zinsen: 'Zinsen',
      ge: 'Gewerbeertrag',
      fb: 'Freibetrag',
      gerundet: 'Gewerbeertrag (gerundet)',
    },
  },
  {
    id: 'E06-finanzamt-elster',
    font: 'Helvetica',
    size: 9,
    head: 'left',
    info: 'grid',
    kv: 'dots',
    money: { th: '.', unit: '€', neg: 'lead', dashes: true },
    date: 'dd.mm.yyyy',
    pct: 'v. H.',
    gewst: 'elster',
    vz: 'table',
    zins: 'table',
    fa: 'elster',
    zerl: 'ags-table',
    mahn: 'table',
    ibanGroups: true,
    longText: true,
    L: {
      mb: 'Festgesetzter Steuermessbetrag',
      mbZerl: 'Zerlegungsanteil (Messbetrag)',
      hebesatz: 'Hebesatz',
      steuer: 'festzusetzende Gewerbesteuer',
      bisher: 'abzgl. bisheriger Festsetzung',
      diffPlus: 'verbleibende Nachforderung',
      diffMinus: 'verbleibende Erstattung',
      kz: 'Kassenzeichen',
      stnr: 'Steuernummer',
      datum: 'Datum',
      faellig: 'Fälligkeitstag',
      vzHead: 'Festsetzung der Vorauszahlungen',
      zinsen: 'festgesetzte Zinsen',
      ge: 'Gewerbeertrag',
      fb: 'abzüglich Freibetrag',
      gerundet: 'Gewerbeertrag abgerundet',
    },
  },
  {
    id: 'E07-finanzamt-zeilen',
    font: 'Courier',
    size: 9,
    head: 'center',
    info: 'line',
    kv: 'tab',
    money: { th: '.', unit: 'EUR', neg: 'trail' },
    date: 'd.m.yyyy',
    pct: 'v. H.',
    gewst: 'zeilen',
    vz: 'table',
    zins: 'formula',
    fa: 'zeilen',
    zerl: 'ags-list',
    mahn: 'prose',
    ibanGroups: false,
    longText: true,
    nextYear: 0.5,
    L: {
      mb: 'Gewerbesteuermessbetrag',
      mbZerl: 'auf die Gemeinde entfallender Zerlegungsanteil',
      hebesatz: 'Hebesatz',
      steuer: 'Gewerbesteuer',
      bisher: 'bisher festgesetzt',
      diffPlus: 'noch zu entrichten',
      diffMinus: 'zu erstatten',
      kz: 'Kassenzeichen',
      stnr: 'Steuernummer',
      datum: 'Datum',
      faellig: 'fällig',
      vzHead: 'Vorauszahlungen',
      zinsen: 'Zinsen zur Gewerbesteuer',
      ge: 'Gewerbeertrag',
      fb: 'Freibetrag',
      gerundet: 'Abrundung auf volle 100 EUR',
    },
  },
  {
    id: 'E08-banner-aufeinenblick',
    font: 'Helvetica',
    size: 9.5,
    head: 'banner',
    info: 'box',
    kv: 'box',
    money: { th: '.', unit: '', neg: 'paren' },
    date: 'abbr',
    pct: 'Prozent',
    gewst: 'summary',
    vz: 'table',
    zins: 'table',
    fa: 'table',
    zerl: 'pct-table',
    mahn: 'table',
    ibanGroups: true,
    bare: 0.4,
    L: {
      mb: 'Messbetrag',
      mbZerl: 'Messbetrag (Anteil)',
      hebesatz: 'Hebesatz',
      steuer: 'Steuer für das Jahr',
      bisher: 'Bisher veranlagt',
      diffPlus: 'Zu zahlen',
      diffMinus: 'Wir erstatten',
      kz: 'Ihr Kassenzeichen',
      stnr: 'Steuernummer (Finanzamt)',
      datum: 'Datum',
      faellig: 'Zahlungstermin',
      vzHead: 'Ihre Vorauszahlungstermine',
      zinsen: 'Zinsen',
      ge: 'Gewerbeertrag',
      fb: 'Freibetrag',
      gerundet: 'gerundet',
    },
  },
];

// ---------------------------------------------------------------------------------------------
// Figures: the generator's data mended so that what is printed is consistent
// ---------------------------------------------------------------------------------------------

/** Saturday/Sunday due dates move to the Monday after (DOMAIN.md § 3; holidays not modelled). */
function workday(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export interface Dev3Variant {
  /** Prepayment notice: schedule only (no Messbetrag, no Hebesatz). */
  bare: boolean;
  /** Prepayment notice: reduced to zero. */
  zero: boolean;
  /** Previous quarterly amount (old/new tables). */
  oldVz: number;
  /** Messbescheid "für Zwecke der Vorauszahlungen". */
  vzMess: boolean;
  /** Interest rate per month in per cent. */
  rate?: number;
}

export function fixDev3Data(d: NoticeData, fam: Dev3Family, r: Rng): Dev3Variant {
  const v: Dev3Variant = {
    bare: d.type === 'vorauszahlungsbescheid' && r() < (fam.bare ?? 0),
    zero: d.type === 'vorauszahlungsbescheid' && r() < (fam.zero ?? 0),
    oldVz: Math.max(100_00, Math.floor((d.tax * (0.4 + r())) / 400) * 100),
    vzMess: d.type === 'messbescheid' && r() < 0.3,
  };
  if (v.zero) {
    v.bare = false;
    d.mb = 0;
    d.tax = 0;
    d.vz = d.vz.map((q) => ({ ...q, betrag: 0 }));
  }
  if (d.type === 'gewst_bescheid' && d.vz.length && r() < (fam.nextYear ?? 0)) {
    const y = d.vzYear + 1;
    const q = d.vz[0]!.betrag;
    d.vz = [
      ...d.vz,
      ...[2, 5, 8, 11].map((m, i) => ({
        jahr: y,
        quartal: i + 1,
        betrag: q,
        faellig_am: `${y}-${String(m).padStart(2, '0')}-15`,
      })),
    ];
  }
  d.vz = d.vz.map((q) => ({ ...q, faellig_am: workday(q.faellig_am) }));
  if (d.zinsen) v.rate = fixInterest(d);
  // A reminder names an amount that fell due at least three weeks before it.
  if (d.type === 'mahnung') {
    const limit = addDaysIso(d.datum, -21);
    let y = Number(limit.slice(0, 4));
    const months = [11, 8, 5, 2];
    let due = '';
    while (!due) {
      due = months.map((m) => `${y}-${String(m).padStart(2, '0')}-15`).find((x) => x <= limit) ?? '';
      y--;
    }
    if (d.urspruenglichFaellig > limit) d.urspruenglichFaellig = due;
  }
  return v;
}

/** First interest day of an EZ (§ 233a Abs. 2 AO; Art. 97 § 36 EGAO for 2019–2023). */
const INTEREST_START: Record<number, string> = {
  2019: '2021-10-01',
  2020: '2022-10-01',
  2021: '2023-10-01',
  2022: '2024-09-01',
  2023: '2025-07-01',
};
const interestStart = (ez: number) => INTEREST_START[ez] ?? `${ez + 2}-04-01`;

/** Full months from the first interest day to the last (DOMAIN.md § 4). */
function fullMonths(von: string, bis: string): number {
  let m = 0;
  for (;;) {
    const x = new Date(`${von}T00:00:00Z`);
    x.setUTCMonth(x.getUTCMonth() + m + 1);
    x.setUTCDate(x.getUTCDate() - 1);
    if (x.toISOString().slice(0, 10) > bis) return m;
    m++;
  }
}

/**
 * The generator's interest period may end before it begins (notice date before the start): the
 * EZ of a notice with interest becomes the latest one whose period has run at least a month, with
 * the legal start date, and the period stays on one side of 1 Jan 2019 (0.5 % before, 0.15 %
 * from then on). A Zinsbescheid without any such EZ is dated a year later. Returns the monthly
 * rate in per cent.
 */
function fixInterest(d: NoticeData): number {
  const z = d.zinsen!;
  for (let tries = 0; tries < 3; tries++) {
    const bis = addDaysIso(d.datum, 3);
    for (let ez = d.ez; ez >= 2012; ez--) {
      const von = interestStart(ez);
      const months = fullMonths(von, bis);
      const spans = von < '2019-01-01' && bis >= '2019-01-01';
      if (months < 1 || spans) continue;
      const rate = von >= '2019-01-01' ? 0.15 : 0.5;
      let basis = z.basis;
      while (Math.floor((basis / 100) * (rate / 100) * months) < 10) basis += 5000;
      d.ez = ez;
      d.zinsen = {
        von,
        bis,
        basis,
        monate: months,
        betrag: Math.floor((basis / 100) * (rate / 100) * months) * 100,
      };
      return rate;
    }
    if (d.type !== 'zinsbescheid') {
      d.zinsen = undefined;
      return 0;
    }
    d.datum = addDaysIso(d.datum, 365);
    d.faellig = addDaysIso(d.faellig, 365);
  }
  throw new Error('no interest period');
}

// ---------------------------------------------------------------------------------------------
// Letter builder
// ---------------------------------------------------------------------------------------------

const DEPTS = [
  'Der Bürgermeister · Steueramt',
  'Fachbereich Finanzen · Steuern und Abgaben',
  'Stadtkasse und Steuerverwaltung',
  'Kämmerei – Sachgebiet Gewerbesteuer',
  'Amt für Finanzen, Abgabenabteilung',
  'Der Oberbürgermeister – Kassen- und Steueramt',
];
const CLERKS = ['Frau Albers', 'Herr Dietz', 'Frau Yilmaz', 'Herr Kowalski', 'Frau Brandt', 'Herr Lehmann'];
const ROMAN = ['I', 'II', 'III', 'IV'];

interface Ctx {
  d: NoticeData;
  f: Dev3Family;
  r: Rng;
  v: Dev3Variant;
  m: (c: number) => string;
  dt: (iso: string) => string;
  cap: (s: string) => string;
  L: Vocab;
  municipal: boolean;
}

export function buildDev3Letter(
  d: NoticeData,
  f: Dev3Family,
  v: Dev3Variant,
  r: Rng,
): { letter: E3Letter; printsEz: boolean; zerlAgs: boolean } {
  const municipal = !['messbescheid', 'zerlegungsbescheid'].includes(d.type);
  const c: Ctx = {
    d,
    f,
    r,
    v,
    m: (x) => dev3Money(x, f.money),
    dt: (iso) => dev3Date(iso, f.date),
    cap: (s) => (f.caps ? s.toUpperCase() : s),
    L: f.L,
    municipal,
  };
  const iban = f.ibanGroups ? d.iban.replace(/(.{4})/g, '$1 ').trim() : d.iban;
  const kind = d.gemeinde.kind;
  const g = d.gemeinde.name;
  const head = municipal
    ? [
        `${kind} ${g}`,
        pick(r, DEPTS),
        `Rathaus · ${pick(r, ['Marktplatz', 'Rathausplatz', 'Am Rathaus'])} ${int(r, 1, 12)} · ${d.gemeinde.plz} ${g}`,
      ]
    : [
        `Finanzamt ${d.finanzamt}`,
        pick(r, [
          'Veranlagung Gewerbesteuer',
          'Körperschaftsteuerstelle',
          'Gewerbesteuerstelle',
          'Arbeitsbereich Veranlagung',
        ]),
        `Postfach ${int(r, 10, 99)} ${int(r, 10, 99)} ${int(r, 10, 99)} · Telefon 0${int(r, 200, 999)} ${int(r, 1000, 9999)}-0`,
      ];
  const to = [d.company, d.street, `${d.gemeinde.plz} ${g}`];
  const info: [string, string][] = [];
  const clerk = pick(r, CLERKS);
  if (municipal && d.type !== 'sonstiges') info.push([c.cap(c.L.kz), d.kassenzeichen]);
  if (d.showSteuernummer && d.type !== 'sonstiges') info.push([c.cap(c.L.stnr), d.steuernummer]);
  if (d.type === 'sonstiges' && municipal)
    info.push([
      c.cap('Unser Zeichen'),
      `${int(r, 10, 99)}/${clerk.split(' ')[1]?.slice(0, 2).toUpperCase()}`,
    ]);
  info.push([c.cap('Auskunft'), clerk]);
  // Another date of the letter near the notice date (receipt of the return, the last booking).
  const other = municipal
    ? ['Ihre Nachricht vom', c.dt(addDaysIso(d.datum, -int(r, 12, 60)))]
    : ['Eingang der Erklärung', c.dt(addDaysIso(d.datum, -int(r, 40, 200)))];
  if (r() < 0.6) info.push([c.cap(other[0]!), other[1]!]);
  info.push([c.cap(c.L.datum), c.dt(d.datum)]);
  const bank = `${d.bank} · IBAN ${iban} · BIC ${d.bic}`;
  const footer = municipal
    ? [
        `Bankverbindung: ${bank}`,
        `Öffnungszeiten: Mo–Fr 8.30–12.00 Uhr, Do 14.00–17.30 Uhr · Telefon 0${int(r, 200, 999)} ${int(r, 100, 999)}-${int(r, 100, 999)}`,
      ]
    : [
        `Finanzkasse: Bundesbank, IBAN DE${int(r, 10, 99)} ${int(r, 1000, 9999)} 0000 00${int(r, 10, 99)} ${int(r, 1000, 9999)} 00, BIC MARKDEF1${int(r, 100, 999)}`,
      ];
  const body = BUILD[d.type](c);
  const blocks = [...body.blocks];
  if (municipal && d.type !== 'sonstiges' && f.id !== 'E03-grossrechner-ledger' && r() < 0.7)
    blocks.push({
      t: 'p',
      text: `Bitte überweisen Sie unter Angabe des Kassenzeichens ${d.kassenzeichen} auf das Konto der ${kind === 'Gemeinde' ? 'Gemeindekasse' : 'Stadtkasse'} ${g} bei der ${d.bank}, IBAN ${iban}, BIC ${d.bic}.`,
    });
  blocks.push(...closing(c));
  return {
    letter: {
      head,
      back: `${head[0]} · ${municipal ? `${d.gemeinde.plz} ${g}` : 'Postfach'}`,
      to,
      info,
      blocks,
      footer,
      running: `${c.cap(municipal ? c.L.kz : c.L.stnr)} ${municipal ? d.kassenzeichen : d.steuernummer}`,
    },
    printsEz: body.printsEz ?? true,
    zerlAgs: body.zerlAgs ?? false,
  };
}

function addDaysIso(iso: string, days: number) {
  const x = new Date(`${iso}T00:00:00Z`);
  x.setUTCDate(x.getUTCDate() + days);
  return x.toISOString().slice(0, 10);
}

type Body = { blocks: E3Block[]; printsEz?: boolean; zerlAgs?: boolean };

function closing(c: Ctx): E3Block[] {
  if (c.d.type === 'sonstiges')
    return [
      { t: 'p', text: 'Mit freundlichen Grüßen' },
      { t: 'p', text: 'Im Auftrag' },
    ];
  const rb = c.municipal
    ? c.r() < 0.5
      ? `Gegen diesen Bescheid kann innerhalb eines Monats nach Bekanntgabe Widerspruch erhoben werden. Der Widerspruch ist schriftlich oder zur Niederschrift bei der ${c.d.gemeinde.kind} ${c.d.gemeinde.name} einzulegen. Einwendungen gegen den Messbetrag sind gegen den Messbescheid des Finanzamts zu richten.`
      : 'Gegen diesen Bescheid kann innerhalb eines Monats nach seiner Bekanntgabe Klage beim Verwaltungsgericht erhoben werden. Die Klage hat keine aufschiebende Wirkung hinsichtlich der Zahlungspflicht (§ 80 Abs. 2 Nr. 1 VwGO).'
    : 'Gegen diesen Bescheid ist der Einspruch gegeben. Er ist beim oben bezeichneten Finanzamt schriftlich einzureichen, diesem elektronisch zu übermitteln oder dort zur Niederschrift zu erklären. Die Frist für die Einlegung des Einspruchs beträgt einen Monat nach Bekanntgabe dieses Bescheids.';
  return [
    { t: 'h', text: c.cap(c.municipal ? 'Rechtsbehelfsbelehrung' : 'Rechtsbehelfsbelehrung:') },
    { t: 'p', text: rb, small: true },
  ];
}

// --- helpers --------------------------------------------------------------------------------

const q = (c: Ctx, x: { jahr: number; quartal: number }) =>
  c.f.caps
    ? `${ROMAN[x.quartal - 1]}/${x.jahr}`
    : c.r() < 0.5
      ? `${x.quartal}. Quartal ${x.jahr}`
      : `${ROMAN[x.quartal - 1]}. Vj. ${x.jahr}`;

function kv(c: Ctx, rows: [string, string][]): E3Block {
  return { t: 'kv', rows: rows.map(([k, v]) => [c.cap(k), v]), style: c.f.kv };
}

function diffLabel(c: Ctx, x: number) {
  return x >= 0 ? c.L.diffPlus : c.L.diffMinus;
}

function mbLabel(c: Ctx) {
  return c.d.zerlegt ? c.L.mbZerl : c.L.mb;
}

function longText(c: Ctx): E3Block[] {
  if (!c.f.longText) return [];
  if (!c.municipal)
    return [
      {
        t: 'p',
        text: 'Erläuterungen: Der Bescheid beruht auf Ihrer elektronisch übermittelten Gewerbesteuererklärung. Soweit von der Erklärung abgewichen wurde, ergeben sich die Gründe aus den nachstehenden Erläuterungen. Der Steuermessbetrag ist Grundlage für die Festsetzung der Gewerbesteuer durch die hebeberechtigte Gemeinde (§ 184 Abs. 3 AO). Der Bescheid ist nach § 164 AO nicht unter dem Vorbehalt der Nachprüfung ergangen.',
      },
      {
        t: 'p',
        text: 'Bitte beachten Sie: Zahlungen auf die Gewerbesteuer sind ausschließlich an die Gemeinde zu leisten, nicht an das Finanzamt. Ein Einspruch gegen diesen Bescheid hemmt die Festsetzung durch die Gemeinde nicht. Informationen zum Datenschutz finden Sie im Internet unter www.finanzamt.de/datenschutz.',
      },
    ];
  return [
    {
      t: 'p',
      text: 'Erläuterungen: Die Gewerbesteuer wird auf der Grundlage des vom Finanzamt festgesetzten Steuermessbetrags und des vom Rat beschlossenen Hebesatzes erhoben. Der Messbescheid des Finanzamts ist für diesen Bescheid bindend (Grundlagenbescheid, § 171 Abs. 10 AO). Wird der Messbescheid geändert, so wird auch dieser Bescheid von Amts wegen geändert (§ 35b GewStG). Einwendungen gegen die Höhe des Messbetrags können nur im Einspruchsverfahren gegen den Messbescheid geltend gemacht werden.',
    },
    {
      t: 'p',
      text: 'Zahlungen gelten als rechtzeitig geleistet, wenn der Betrag spätestens am Fälligkeitstag dem Konto der Kasse gutgeschrieben ist. Bei verspäteter Zahlung entstehen kraft Gesetzes Säumniszuschläge (§ 240 AO) in Höhe von 1 % des abgerundeten rückständigen Betrags für jeden angefangenen Monat der Säumnis. Erteilen Sie uns ein SEPA-Lastschriftmandat, so werden fällige Beträge künftig pünktlich eingezogen. Guthaben werden mit fälligen Forderungen verrechnet, soweit dies nach § 226 AO zulässig ist.',
    },
    {
      t: 'p',
      text: 'Datenschutzhinweis: Informationen über die Verarbeitung personenbezogener Daten in der Steuerverwaltung und über Ihre Rechte nach der Datenschutz-Grundverordnung finden Sie im Internet auf der Seite Ihrer Verwaltung oder erhalten Sie bei der oben genannten Dienststelle.',
    },
  ];
}

function vzBlocks(c: Ctx, withHead = true): E3Block[] {
  const { d, f, m, dt, L } = c;
  if (!d.vz.length)
    return [
      {
        t: 'p',
        text: `Vorauszahlungen ab ${d.vzYear} werden nicht festgesetzt, da der Vierteljahresbetrag unter 50 Euro liegt.`,
      },
    ];
  const out: E3Block[] = withHead ? [{ t: 'h', text: c.cap(L.vzHead) }] : [];
  const years = [...new Set(d.vz.map((x) => x.jahr))];
  switch (f.vz) {
    case 'table':
      out.push({
        t: 'table',
        head: ['Zeitraum', 'Fälligkeit', `Betrag${f.money.unit ? '' : ' in EUR'}`],
        rows: d.vz.map((x) => [q(c, x), dt(x.faellig_am), m(x.betrag)]),
        w: [0.4, 0.3, 0.3],
        al: ['l', 'l', 'r'],
        grid: f.id.startsWith('E06'),
      });
      if (years.length > 1)
        out.push({
          t: 'p',
          text: `Die Vorauszahlungen für ${years[1]} gelten bis zur Bekanntgabe eines neuen Bescheids auch für die folgenden Jahre.`,
        });
      break;
    case 'list':
      d.vz.forEach((x, i) =>
        out.push({
          t: 'p',
          text: `${i + 1}. Rate (${ROMAN[x.quartal - 1]}/${x.jahr}) zum ${dt(x.faellig_am)}: ${m(x.betrag)}`,
        }),
      );
      break;
    case 'prose': {
      const amt = d.vz[0]!.betrag;
      const all = d.vz.every((x) => x.betrag === amt);
      out.push({
        t: 'p',
        text:
          amt === 0
            ? `Die Vorauszahlungen zu den Terminen ${d.vz.map((x) => dt(x.faellig_am)).join(', ')} werden auf je ${m(0)} herabgesetzt.`
            : all
              ? `Die Vorauszahlungen auf die Gewerbesteuer ab dem ${d.vz[0]!.quartal === 1 ? 'Kalenderjahr' : `${d.vz[0]!.quartal}. Quartal`} ${d.vz[0]!.jahr} betragen vierteljährlich ${m(amt)}${amt === 0 ? '' : ` (Jahresbetrag ${m(amt * 4)})`}. Sie sind jeweils zu zahlen am ${d.vz.map((x) => dt(x.faellig_am)).join(', ')}.`
              : d.vz.map((x) => `Am ${dt(x.faellig_am)} sind ${m(x.betrag)} zu zahlen.`).join(' '),
      });
      break;
    }
    case 'ledger':
      out.push({
        t: 'table',
        head: ['ABGABEART', 'ZEITRAUM', 'FAELLIG', 'SOLL'],
        rows: d.vz.map((x) => [
          `GEWST-VZ`,
          `${ROMAN[x.quartal - 1]}/${x.jahr}`,
          dt(x.faellig_am),
          m(x.betrag),
        ]),
        w: [0.3, 0.2, 0.25, 0.25],
        al: ['l', 'l', 'l', 'r'],
      });
      break;
    case 'oldnew':
      if (f.longText) out.push({ t: 'tail', lines: 3 });
      out.push({
        t: 'table',
        head: ['Fälligkeit', 'Quartal', 'bisher', 'neu', 'Änderung'],
        rows: d.vz.map((x) => [
          dt(x.faellig_am),
          `${x.quartal}/${x.jahr}`,
          m(c.v.oldVz),
          m(x.betrag),
          m(x.betrag - c.v.oldVz),
        ]),
        w: [0.22, 0.14, 0.21, 0.21, 0.22],
        al: ['l', 'l', 'r', 'r', 'r'],
      });
      break;
  }
  return out;
}

function zinsRows(c: Ctx): E3Block[] {
  const z = c.d.zinsen!;
  const { m, dt, f } = c;
  const rate = c.v.rate === 0.5 ? '0,5' : '0,15';
  switch (f.zins) {
    case 'table':
      return [
        {
          t: 'table',
          head: ['Zinslauf vom', 'bis', 'zu verzinsen', 'Monate', 'Zinssatz', c.L.zinsen],
          rows: [[dt(z.von), dt(z.bis), m(z.basis), String(z.monate), `${rate} % mtl.`, m(z.betrag)]],
          w: [0.16, 0.16, 0.2, 0.1, 0.16, 0.22],
          al: ['l', 'l', 'r', 'r', 'r', 'r'],
        },
      ];
    case 'formula':
      return [
        kv(c, [
          ['Zinsberechnung', `${m(z.basis)} x ${rate} % x ${z.monate} Monate = ${m(z.betrag)}`],
          ['Zinslauf', `${dt(z.von)} - ${dt(z.bis)}`],
        ]),
      ];
    case 'prose':
      return [
        {
          t: 'p',
          text: `Der zu verzinsende Betrag von ${m(z.basis)} (auf volle 50 Euro abgerundet) ist für die Zeit vom ${dt(z.von)} bis zum ${dt(z.bis)} für ${z.monate} volle Monate mit ${rate} Prozent je Monat zu verzinsen. Die Zinsen betragen ${m(z.betrag)}.`,
        },
      ];
  }
}

// --- Gewerbesteuerbescheid ------------------------------------------------------------------

function gewst(c: Ctx): Body {
  const { d, f, m, dt, L } = c;
  const diff = d.tax - d.bisher;
  const hs = pctText(d.hebesatz, f.pct);
  const title = pick(c.r, [
    `Bescheid über Gewerbesteuer für ${d.ez}`,
    `Gewerbesteuerbescheid ${d.ez}`,
    `Bescheid für ${d.ez} über Gewerbesteuer und Vorauszahlungen`,
    `Änderungsbescheid über die Gewerbesteuer – Erhebungszeitraum ${d.ez}`,
  ]);
  const due = diff > 0 ? dt(d.faellig) : '';
  const b: E3Block[] = [
    {
      t: 'title',
      text: c.cap(title),
      sub: d.zerlegt
        ? 'Grundlage: Zerlegungsbescheid des Finanzamts'
        : `Grundlage: Messbescheid des Finanzamts ${d.finanzamt}`,
    },
  ];
  b.push({
    t: 'p',
    text: pick(c.r, [
      `Sehr geehrte Damen und Herren, aufgrund des ${d.zerlegt ? 'Zerlegungsbescheids' : 'Gewerbesteuermessbescheids'} des Finanzamts ${d.finanzamt} setze ich die Gewerbesteuer für ${d.ez} wie folgt fest:`,
      `Für das Kalenderjahr ${d.ez} wird die Gewerbesteuer nach §§ 1, 4, 16 GewStG wie folgt festgesetzt. Der bisherige Bescheid wird insoweit geändert.`,
    ]),
  });
  b.push(...longText(c));
  const zinsSum = d.zinsen ? d.zinsen.betrag : 0;
  switch (f.gewst) {
    case 'fest-abr':
      b.push(
        { t: 'h', text: 'Festsetzung' },
        {
          t: 'table',
          head: ['Besteuerungsgrundlage', 'Wert'],
          rows: [
            [mbLabel(c), m(d.mb * 100)],
            [L.hebesatz, hs],
            [`${L.steuer} ${d.ez}`, m(d.tax)],
          ],
          w: [0.7, 0.3],
          al: ['l', 'r'],
          strong: [2],
        },
        { t: 'h', text: 'Abrechnung' },
        {
          t: 'table',
          head: ['Vorgang', 'Betrag', L.faellig],
          rows: [
            ['festgesetzte Gewerbesteuer', m(d.tax), ''],
            [L.bisher, m(d.bisher), ''],
            [diffLabel(c, diff), m(diff), due || '–'],
          ],
          w: [0.5, 0.25, 0.25],
          al: ['l', 'r', 'r'],
          strong: [2],
        },
      );
      break;
    case 'twocol':
      b.push({
        t: 'two',
        heads: ['Berechnung der Steuer', 'Abrechnung'],
        left: [
          [mbLabel(c), m(d.mb * 100)],
          [L.hebesatz, hs],
          [L.steuer, m(d.tax)],
        ],
        right: [
          [L.steuer, m(d.tax)],
          [L.bisher, m(d.bisher)],
          [diffLabel(c, diff), m(diff)],
        ],
      });
      if (diff > 0)
        b.push({ t: 'p', text: `Der ${L.diffPlus} von ${m(diff)} ist ${L.faellig} ${dt(d.faellig)}.` });
      else if (diff < 0)
        b.push({
          t: 'p',
          text: `Der ${L.diffMinus} von ${m(-diff)} wird auf Ihr Konto überwiesen, soweit keine Rückstände bestehen.`,
        });
      break;
    case 'ledger':
      b.push({
        t: 'table',
        head: ['ZL', 'TEXT', 'EZ', 'FAELLIG', 'BETRAG'],
        rows: [
          ['01', `${L.mb}`, String(d.ez), '', m(d.mb * 100)],
          ['02', `${L.hebesatz} ${hs}`, String(d.ez), '', ''],
          ['03', L.steuer, String(d.ez), '', m(d.tax)],
          ['04', L.bisher, String(d.ez), '', m(-d.bisher)],
          ['05', diffLabel(c, diff), String(d.ez), due, m(diff)],
          ...(d.zinsen ? [['06', L.zinsen, String(d.ez), due, m(d.zinsen.betrag)]] : []),
        ],
        w: [0.07, 0.43, 0.1, 0.18, 0.22],
        al: ['l', 'l', 'l', 'l', 'r'],
      });
      break;
    case 'prose':
      b.push({
        t: 'p',
        text: `Das Finanzamt hat den ${d.zerlegt ? 'auf unsere Gemeinde entfallenden Anteil am Steuermessbetrag' : 'Steuermessbetrag'} auf ${m(d.mb * 100)} festgesetzt. Mit dem Hebesatz von ${hs} ergibt sich eine Gewerbesteuer von ${m(d.tax)}. ${d.bisher ? `Bisher waren ${m(d.bisher)} festgesetzt.` : 'Bisher war für dieses Jahr keine Gewerbesteuer festgesetzt.'} ${diff > 0 ? `Der ${L.diffPlus} von ${m(diff)} ist bis zum ${dt(d.faellig)} zu zahlen.` : diff < 0 ? `Die ${L.diffMinus} von ${m(-diff)} wird Ihnen erstattet.` : 'Es ergibt sich keine Änderung.'}`,
      });
      break;
    case 'oldnew':
      b.push(
        kv(c, [
          [mbLabel(c), m(d.mb * 100)],
          [L.hebesatz, String(d.hebesatz)],
        ]),
        {
          t: 'table',
          head: ['Abgabe', 'Zeitraum', 'bisher', 'neu', 'Differenz', L.faellig],
          rows: [['Gewerbesteuer', String(d.ez), m(d.bisher), m(d.tax), m(diff), due]],
          w: [0.19, 0.11, 0.17, 0.17, 0.17, 0.19],
          al: ['l', 'l', 'r', 'r', 'r', 'l'],
        },
      );
      break;
    case 'elster':
      b.push(
        { t: 'h', text: 'Festsetzung der Gewerbesteuer' },
        kv(c, [
          [mbLabel(c), m(d.mb * 100)],
          [`x ${L.hebesatz}`, hs],
          [`= ${L.steuer}`, m(d.tax)],
          [L.bisher, m(d.bisher)],
          [diffLabel(c, diff), m(Math.abs(diff))],
        ]),
      );
      if (diff > 0) b.push({ t: 'p', text: `Die ${L.diffPlus} ist am ${dt(d.faellig)} fällig.` });
      break;
    case 'zeilen':
      b.push({ t: 'tail', lines: 4 });
      b.push({
        t: 'table',
        head: ['Zeile', 'Bezeichnung', 'EUR'],
        rows: [
          ['10', mbLabel(c), groupEuros(d.mb * 100, '.')],
          ['20', `${L.hebesatz} (${hs})`, ''],
          ['30', `${L.steuer} (Zeile 10 x Zeile 20 / 100)`, groupEuros(d.tax, '.')],
          ['40', L.bisher, groupEuros(d.bisher, '.')],
          ['50', `${diffLabel(c, diff)} (Zeile 30 ./. Zeile 40)`, groupEuros(Math.abs(diff), '.')],
        ],
        w: [0.1, 0.65, 0.25],
        al: ['l', 'l', 'r'],
      });
      if (diff > 0) b.push({ t: 'p', text: `Der Betrag aus Zeile 50 ist ${L.faellig} am ${dt(d.faellig)}.` });
      break;
    case 'summary': {
      b.splice(1, 0, {
        t: 'kv',
        style: 'box',
        rows: [
          ['Auf einen Blick', ''],
          [diffLabel(c, diff), m(Math.abs(diff))],
          ...(diff > 0 ? ([[L.faellig, dt(d.faellig)]] as [string, string][]) : []),
          [L.kz, d.kassenzeichen],
        ],
      });
      b.push({
        t: 'table',
        head: ['Berechnung', 'EUR'],
        rows: [
          [mbLabel(c), m(d.mb * 100)],
          [`${L.hebesatz} ${hs}`, ''],
          [`${L.steuer} ${d.ez}`, m(d.tax)],
          [L.bisher, m(d.bisher)],
          [diff >= 0 ? 'Unterschied (zu zahlen)' : 'Unterschied (Erstattung)', m(diff)],
        ],
        w: [0.7, 0.3],
        al: ['l', 'r'],
      });
      break;
    }
  }
  if (d.zinsen) {
    b.push({ t: 'h', text: c.cap(`${L.zinsen} (§ 233a AO)`) }, ...zinsRows(c));
    if (diff > 0 && f.gewst !== 'ledger')
      b.push({
        t: 'p',
        text: `Die Zinsen sind zusammen mit der ${L.diffPlus} zu zahlen. Gesamtbetrag: ${m(diff + zinsSum)}.`,
      });
  }
  b.push(...vzBlocks(c));
  return { blocks: b };
}

// --- Vorauszahlungsbescheid -----------------------------------------------------------------

function vzNotice(c: Ctx): Body {
  const { d, f, m, L, v } = c;
  const from = d.vz[0];
  const start = from ? `${from.quartal}. Quartal ${from.jahr}` : String(d.vzYear);
  const title = v.zero
    ? `Herabsetzung der Gewerbesteuer-Vorauszahlungen ab ${d.ez}`
    : pick(c.r, [
        `Bescheid über Vorauszahlungen zur Gewerbesteuer ab ${d.ez}`,
        `Vorauszahlungsbescheid Gewerbesteuer ${d.ez}`,
        `Anpassung der Gewerbesteuervorauszahlungen ab dem Kalenderjahr ${d.ez}`,
      ]);
  const b: E3Block[] = [{ t: 'title', text: c.cap(title), sub: `gültig ab ${start}` }];
  if (v.bare) {
    b.push(
      {
        t: 'p',
        text: `Die Vorauszahlungen auf die Gewerbesteuer werden nach § 19 GewStG für die folgenden Termine festgesetzt. Sie sind ohne weitere Aufforderung zu zahlen.`,
      },
      ...vzBlocks(c, false),
    );
    return { blocks: b };
  }
  b.push({
    t: 'p',
    text: v.zero
      ? `Aufgrund der Mitteilung des Finanzamts ${d.finanzamt} über den Steuermessbetrag für Zwecke der Vorauszahlungen werden die Vorauszahlungen nach § 19 Abs. 3 GewStG auf 0,00 Euro herabgesetzt. Bereits gezahlte Beträge werden erstattet.`
      : `Nach § 19 GewStG setze ich die Vorauszahlungen auf der Grundlage des vom Finanzamt ${d.finanzamt} mitgeteilten Messbetrags für Zwecke der Vorauszahlungen neu fest.`,
  });
  b.push(...longText(c));
  const annual = d.tax; // cents: Messbetrag (euros) × Hebesatz (per cent)
  if (f.gewst === 'prose' || f.vz === 'prose')
    b.push({
      t: 'p',
      text: `Der Messbetrag für Zwecke der Vorauszahlungen beträgt ${m(d.mb * 100)}, der Hebesatz ${pctText(d.hebesatz, f.pct)}. Daraus ergibt sich ein Jahresbetrag von ${m(annual)}.`,
    });
  else
    b.push(
      kv(c, [
        [`${L.mb} (Vorauszahlungen)`, m(d.mb * 100)],
        [L.hebesatz, pctText(d.hebesatz, f.pct)],
        ['Jahresbetrag', m(annual)],
      ]),
    );
  b.push(...vzBlocks(c));
  return { blocks: b };
}

// --- Zinsbescheid ---------------------------------------------------------------------------

function zinsNotice(c: Ctx): Body {
  const { d, m, dt, L } = c;
  const z = d.zinsen!;
  const title = pick(c.r, [
    `Bescheid über Zinsen zur Gewerbesteuer ${d.ez} (§ 233a AO)`,
    `Zinsbescheid – Gewerbesteuer Erhebungszeitraum ${d.ez}`,
    `Festsetzung von Nachzahlungszinsen zur Gewerbesteuer für ${d.ez}`,
  ]);
  const b: E3Block[] = [
    { t: 'title', text: c.cap(title) },
    {
      t: 'p',
      text: `Die Gewerbesteuer für ${d.ez} wurde mit Bescheid vom ${dt(addDaysIso(d.datum, -int(c.r, 0, 3)))} geändert. Der Unterschiedsbetrag ist nach § 233a AO in Verbindung mit § 1 Abs. 2 AO zu verzinsen. Die Zinsen betragen ${c.v.rate === 0.5 ? 'einhalb' : '0,15'} Prozent für jeden vollen Monat (§ 238 AO).`,
    },
    { t: 'h', text: c.cap('Zinsberechnung') },
    ...zinsRows(c),
    kv(c, [
      [`${L.zinsen} gesamt`, m(z.betrag)],
      [L.faellig, dt(d.faellig)],
    ]),
  ];
  return { blocks: b };
}

// --- Messbescheid (Finanzamt) ---------------------------------------------------------------

function messNotice(c: Ctx): Body {
  const { d, f, r, m, L } = c;
  const rounded = Math.floor(d.gewerbeertrag / 10000) * 10000;
  const hinz = int(r, 0, 400) * 10000 + int(r, 0, 99);
  const kuerz = int(r, 0, 150) * 10000;
  const gewinn = d.gewerbeertrag - hinz + kuerz;
  const base = rounded - d.freibetrag;
  const title = c.v.vzMess
    ? `Bescheid für ${d.ez} über den Gewerbesteuermessbetrag und über den Steuermessbetrag für Zwecke der Vorauszahlungen ab ${Number(d.datum.slice(0, 4)) + 1}`
    : pick(r, [
        `Bescheid für ${d.ez} über den Gewerbesteuermessbetrag`,
        `Gewerbesteuermessbescheid für ${d.ez}`,
        `Bescheid über den Steuermessbetrag für die Gewerbesteuer ${d.ez}`,
      ]);
  const b: E3Block[] = [
    {
      t: 'title',
      text: c.cap(title),
      sub: `Festsetzung nach § 14 GewStG · hebeberechtigte Gemeinde: ${d.gemeinde.name}`,
    },
    ...longText(c),
  ];
  const rows: [string, string][] = [
    ['Gewinn aus Gewerbebetrieb (§ 7 GewStG)', m(gewinn)],
    ['Hinzurechnungen (§ 8 GewStG)', m(hinz)],
    ['Kürzungen (§ 9 GewStG)', m(-kuerz)],
    [L.ge, m(d.gewerbeertrag)],
    [L.gerundet, m(rounded)],
    [L.fb, m(d.freibetrag)],
    ['verbleibender Betrag', m(base)],
    [`Steuermesszahl 3,5 %, ${L.mb}`, m(d.mb * 100)],
  ];
  switch (f.fa) {
    case 'elster':
      b.push({ t: 'h', text: 'Ermittlung des Steuermessbetrags' }, { t: 'kv', rows, style: 'dots' });
      break;
    case 'table':
      b.push({ t: 'table', head: ['Berechnung', 'Euro'], rows, w: [0.7, 0.3], al: ['l', 'r'], strong: [7] });
      break;
    case 'zeilen':
      if (f.longText) b.push({ t: 'tail', lines: 5 });
      b.push({
        t: 'table',
        head: ['ZEILE', 'BEZEICHNUNG', 'BETRAG EUR'],
        rows: rows.map(([k, v], i) => [String((i + 1) * 10), c.cap(k), v]),
        w: [0.1, 0.62, 0.28],
        al: ['l', 'l', 'r'],
      });
      break;
    case 'prose':
      b.push({
        t: 'p',
        text: `Der ${L.ge} beträgt ${m(d.gewerbeertrag)}; auf volle 100 Euro abgerundet ${m(rounded)}. Nach Abzug des ${L.fb}s von ${m(d.freibetrag)} verbleiben ${m(base)}. Die Steuermesszahl beträgt 3,5 Prozent. Der Steuermessbetrag wird auf ${m(d.mb * 100)} festgesetzt.`,
      });
      break;
  }
  b.push({
    t: 'p',
    text: `Die Festsetzung des Steuermessbetrags wird der ${d.gemeinde.kind} ${d.gemeinde.name} mitgeteilt, die die Gewerbesteuer festsetzt und erhebt. Zahlungen sind nicht an das Finanzamt zu leisten.`,
  });
  return { blocks: b };
}

// --- Zerlegungsbescheid (Finanzamt) ---------------------------------------------------------

function zerlNotice(c: Ctx): Body {
  const { d, f, r, m } = c;
  const total = d.zerlegung.reduce((s, z) => s + z.anteil, 0);
  const wages = d.zerlegung.reduce((s, z) => s + z.lohn, 0);
  const pctOf = (l: number) => ((100 * l) / wages).toFixed(4).replace('.', ',');
  const title = pick(r, [
    `Bescheid für ${d.ez} über die Zerlegung des Gewerbesteuermessbetrags`,
    `Zerlegungsbescheid ${d.ez}`,
    `Zerlegung des Steuermessbetrags nach §§ 28 ff. GewStG – Erhebungszeitraum ${d.ez}`,
  ]);
  const b: E3Block[] = [
    { t: 'title', text: c.cap(title) },
    {
      t: 'p',
      text: `Der Steuermessbetrag für ${d.ez} von ${m(total)} wird nach dem Verhältnis der Arbeitslöhne (§ 29 Abs. 1 Nr. 1 GewStG) auf die hebeberechtigten Gemeinden zerlegt.`,
    },
    ...longText(c),
  ];
  let ags = false;
  switch (f.zerl) {
    case 'ags-table':
      ags = true;
      if (f.longText) b.push({ t: 'tail', lines: 3 });
      b.push({
        t: 'table',
        head: ['Gemeinde', 'Gemeindeschlüssel', 'Arbeitslöhne EUR', 'Zerlegungsanteil'],
        rows: [
          ...d.zerlegung.map((z) => [z.gemeinde.name, z.gemeinde.ags, groupEuros(z.lohn, '.'), m(z.anteil)]),
          ['Summe', '', groupEuros(wages, '.'), m(total)],
        ],
        w: [0.34, 0.2, 0.22, 0.24],
        al: ['l', 'l', 'r', 'r'],
        strong: [d.zerlegung.length],
      });
      break;
    case 'pct-table':
      b.push({
        t: 'table',
        head: ['hebeberechtigte Gemeinde', 'Arbeitslöhne', 'Anteil in %', 'Anteil am Messbetrag'],
        rows: [
          ...d.zerlegung.map((z) => [z.gemeinde.name, m(z.lohn), pctOf(z.lohn), m(z.anteil)]),
          ['insgesamt', m(wages), '100,0000', m(total)],
        ],
        w: [0.34, 0.22, 0.16, 0.28],
        al: ['l', 'r', 'r', 'r'],
        strong: [d.zerlegung.length],
      });
      break;
    case 'list':
      d.zerlegung.forEach((z, i) =>
        b.push({
          t: 'p',
          text: `${i + 1}. Auf die Gemeinde ${z.gemeinde.name} entfallen Arbeitslöhne von ${m(z.lohn)}; ihr Zerlegungsanteil beträgt ${m(z.anteil)}.`,
        }),
      );
      break;
    case 'ags-list':
      ags = true;
      b.push({
        t: 'table',
        head: ['LFD', 'AGS', 'GEMEINDE', 'ANTEIL EUR'],
        rows: d.zerlegung.map((z, i) => [
          String(i + 1).padStart(2, '0'),
          z.gemeinde.ags,
          z.gemeinde.name.toUpperCase(),
          m(z.anteil),
        ]),
        w: [0.08, 0.18, 0.46, 0.28],
        al: ['l', 'l', 'l', 'r'],
      });
      b.push({ t: 'p', text: `SUMME DER ZERLEGUNGSANTEILE ${m(total)}` });
      break;
  }
  return { blocks: b, zerlAgs: ags };
}

// --- Mahnung --------------------------------------------------------------------------------

function mahnNotice(c: Ctx): Body {
  const { d, f, m, dt } = c;
  const sum = d.rueckstand + d.saeumnis + d.mahngebuehr;
  const b: E3Block[] = [
    {
      t: 'title',
      text: c.cap(pick(c.r, ['Mahnung', 'Zahlungserinnerung und Mahnung', 'Mahnung – Gewerbesteuer'])),
    },
  ];
  if (f.mahn === 'table')
    b.push(
      {
        t: 'p',
        text: `Bei Durchsicht unserer Konten haben wir festgestellt, dass folgende Beträge trotz Fälligkeit noch nicht bezahlt sind:`,
      },
      {
        t: 'table',
        head: ['Abgabe', 'fällig seit', 'Rückstand', 'Säumniszuschlag', 'Mahngebühr'],
        rows: [
          [
            `Gewerbesteuer ${d.ez}`,
            dt(d.urspruenglichFaellig),
            m(d.rueckstand),
            m(d.saeumnis),
            m(d.mahngebuehr),
          ],
        ],
        w: [0.24, 0.16, 0.2, 0.22, 0.18],
        al: ['l', 'l', 'r', 'r', 'r'],
      },
      kv(c, [
        ['Gesamtbetrag', m(sum)],
        ['zu zahlen bis', dt(d.faellig)],
      ]),
    );
  else
    b.push({
      t: 'p',
      text: `Die Gewerbesteuer ${d.ez}, fällig am ${dt(d.urspruenglichFaellig)}, ist mit ${m(d.rueckstand)} noch offen. Nach § 240 AO sind Säumniszuschläge von ${m(d.saeumnis)} entstanden; die Mahngebühr beträgt ${m(d.mahngebuehr)}. Bitte zahlen Sie den Gesamtbetrag von ${m(sum)} bis spätestens ${dt(d.faellig)}. Andernfalls müssen wir ohne weitere Ankündigung die Zwangsvollstreckung einleiten.`,
    });
  return { blocks: b };
}

// --- sonstiges ------------------------------------------------------------------------------

function otherLetter(c: Ctx): Body {
  const { d, m, dt, r } = c;
  switch (d.sonstigesKind) {
    case 0:
      return {
        blocks: [
          { t: 'title', text: c.cap('Kontoauszug Steuern und Abgaben') },
          {
            t: 'p',
            text: `Stand Ihres Abgabenkontos zum ${dt(d.datum)}. Dieser Auszug ist kein Bescheid; er dient Ihrer Information.`,
          },
          {
            t: 'table',
            head: ['Abgabe', 'Jahr', 'Soll', 'Haben', 'Saldo'],
            rows: [
              ['Gewerbesteuer', String(d.ez), m(d.rueckstand), m(d.rueckstand), m(0)],
              ['Grundsteuer B', String(d.ez), m(int(r, 100, 900) * 100), m(0), m(0)],
            ],
            w: [0.3, 0.1, 0.2, 0.2, 0.2],
            al: ['l', 'l', 'r', 'r', 'r'],
          },
        ],
        printsEz: true,
      };
    case 1:
      return {
        blocks: [
          { t: 'title', text: c.cap('Stundung der Gewerbesteuer') },
          {
            t: 'p',
            text: `Auf Ihren Antrag wird die Gewerbesteuer ${d.ez} in Höhe von ${m(d.rueckstand)} nach § 222 AO bis zum ${dt(d.faellig)} gestundet. Für die Dauer der Stundung werden Zinsen nach § 234 AO erhoben. Die Stundung wird widerrufen, wenn die Voraussetzungen entfallen.`,
          },
        ],
        printsEz: true,
      };
    case 2:
      return {
        blocks: [
          { t: 'title', text: c.cap('Eingangsbestätigung') },
          {
            t: 'p',
            text: `wir bestätigen den Eingang Ihres Schreibens vom ${dt(addDaysIso(d.datum, -int(r, 3, 20)))}. Ihr Anliegen wird derzeit bearbeitet; Sie erhalten unaufgefordert Nachricht. Bitte sehen Sie von Sachstandsanfragen ab.`,
          },
        ],
        printsEz: false,
      };
    default:
      return {
        blocks: [
          { t: 'title', text: c.cap('Änderung Ihrer Bankverbindung / SEPA-Lastschriftmandat') },
          {
            t: 'p',
            text: 'wir haben Ihre neue Bankverbindung für künftige Abbuchungen gespeichert. Die Lastschriften werden jeweils zum Fälligkeitstag eingezogen. Die Gläubiger-Identifikationsnummer und die Mandatsreferenz finden Sie auf dem beiliegenden Formular.',
          },
        ],
        printsEz: false,
      };
  }
}

const BUILD: Record<NoticeData['type'], (c: Ctx) => Body> = {
  gewst_bescheid: gewst,
  vorauszahlungsbescheid: vzNotice,
  zinsbescheid: zinsNotice,
  messbescheid: messNotice,
  zerlegungsbescheid: zerlNotice,
  mahnung: mahnNotice,
  sonstiges: otherLetter,
};

/** The truth of a dev3 notice: what it prints (notice.ts's truth, with the part's variants). */
export function dev3Truth(
  d: NoticeData,
  v: Dev3Variant,
  built: { printsEz: boolean; zerlAgs: boolean },
): Record<string, unknown> {
  const t = truth(d, built.zerlAgs);
  if ('gemeinde' in t && d.type !== 'sonstiges') t.ags = d.gemeinde.ags;
  if (d.type === 'sonstiges' && !built.printsEz) delete t.erhebungszeitraum;
  if (v.bare) {
    delete t.messbetrag;
    delete t.hebesatz;
  }
  return t;
}

// ---------------------------------------------------------------------------------------------
// Renderer
// ---------------------------------------------------------------------------------------------

const PAGE: [number, number] = [595.28, 841.89];
const FONT = {
  Helvetica: [StandardFonts.Helvetica, StandardFonts.HelveticaBold],
  Times: [StandardFonts.TimesRoman, StandardFonts.TimesRomanBold],
  Courier: [StandardFonts.Courier, StandardFonts.CourierBold],
} as const;

export async function renderDev3(letter: E3Letter, f: Dev3Family): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setCreationDate(new Date('2025-01-01T00:00:00Z'));
  doc.setModificationDate(new Date('2025-01-01T00:00:00Z'));
  doc.setProducer('dev3');
  const reg = await doc.embedFont(FONT[f.font][0]);
  const bold = await doc.embedFont(FONT[f.font][1]);
  const s = f.size;
  const lh = s * 1.42;
  const L = 58;
  const R = PAGE[0] - 50;
  const W = R - L;
  const bottom = 88;
  const ink = rgb(0, 0, 0);
  const grey = rgb(0.35, 0.35, 0.35);
  let page: PDFPage = doc.addPage(PAGE);
  let y = PAGE[1] - 48;

  const put = (t: string, x: number, yy: number, font: PDFFont = reg, size = s, color = ink) =>
    page.drawText(t, { x, y: yy, font, size, color });
  const width = (t: string, font: PDFFont = reg, size = s) => font.widthOfTextAtSize(t, size);
  const fit = (t: string, max: number, font: PDFFont = reg) => {
    let size = s;
    while (width(t, font, size) > max && size > 5.5) size -= 0.25;
    return size;
  };
  const footer = () => {
    let fy = 46;
    page.drawLine({ start: { x: L, y: fy + 14 }, end: { x: R, y: fy + 14 }, thickness: 0.4, color: grey });
    for (const line of letter.footer) {
      put(line, L, fy, reg, fit(line, W) - 1.5, grey);
      fy -= s;
    }
  };
  const next = () => {
    footer();
    page = doc.addPage(PAGE);
    y = PAGE[1] - 50;
    put(letter.running, L, y, reg, s - 1, grey);
    y -= lh * 2;
  };
  const room = (h: number) => {
    if (y - h < bottom) next();
  };
  const wrap = (t: string, max: number, font: PDFFont = reg, size = s) => {
    const lines: string[] = [];
    let cur = '';
    for (const w of t.split(' ')) {
      const cand = cur ? `${cur} ${w}` : w;
      if (cur && width(cand, font, size) > max) {
        lines.push(cur);
        cur = w;
      } else cur = cand;
    }
    if (cur) lines.push(cur);
    return lines;
  };

  // Letterhead.
  const [h1 = '', h2 = '', h3 = ''] = letter.head;
  if (f.head === 'banner') {
    page.drawRectangle({ x: 0, y: PAGE[1] - 86, width: PAGE[0], height: 86, color: rgb(0.16, 0.3, 0.5) });
    put(h1, L, PAGE[1] - 42, bold, s + 8, rgb(1, 1, 1));
    put(`${h2} · ${h3}`, L, PAGE[1] - 62, reg, s - 0.5, rgb(1, 1, 1));
    y = PAGE[1] - 112;
  } else if (f.head === 'boxed') {
    page.drawRectangle({ x: L - 6, y: y - 40, width: W + 12, height: 56, borderColor: ink, borderWidth: 1 });
    put(h1, L, y, bold, s + 5);
    put(h2, L, y - s - 8, reg, s);
    put(h3, L, y - 2 * s - 14, reg, s - 1, grey);
    y -= 72;
  } else {
    const x = (t: string, font: PDFFont, size: number) =>
      f.head === 'center'
        ? (PAGE[0] - width(t, font, size)) / 2
        : f.head === 'right'
          ? R - width(t, font, size)
          : L;
    put(h1, x(h1, bold, s + 6), y, bold, s + 6);
    y -= s + 9;
    put(h2, x(h2, reg, s + 0.5), y, reg, s + 0.5);
    y -= s + 4;
    put(h3, x(h3, reg, s - 1), y, reg, s - 1, grey);
    y -= 26;
  }
  // Window and info.
  const top = y;
  put(letter.back, L, y, reg, Math.min(s - 2.5, fit(letter.back, W * 0.5) - 1), grey);
  page.drawLine({
    start: { x: L, y: y - 3 },
    end: { x: L + W * 0.5, y: y - 3 },
    thickness: 0.3,
    color: grey,
  });
  y -= lh * 1.4;
  for (const line of letter.to) {
    put(line, L, y);
    y -= lh;
  }
  if (f.info === 'line') {
    y -= lh;
    const line = letter.info.map(([k, v]) => `${k}: ${v}`).join('   ·   ');
    for (const part of wrap(line, W, reg, s - 0.5)) {
      put(part, L, y, reg, s - 0.5);
      y -= lh;
    }
  } else if (f.info === 'grid') {
    y -= lh;
    const cols = 3;
    const cw = W / cols;
    const rows = Math.ceil(letter.info.length / cols);
    page.drawRectangle({
      x: L,
      y: y - rows * lh * 2 + lh,
      width: W,
      height: rows * lh * 2,
      borderColor: grey,
      borderWidth: 0.5,
    });
    letter.info.forEach(([k, v], i) => {
      const x = L + (i % cols) * cw + 4;
      const yy = y - Math.floor(i / cols) * lh * 2;
      put(k, x, yy, reg, s - 2, grey);
      put(v, x, yy - lh * 0.85, bold, s - 0.5);
    });
    y -= rows * lh * 2;
  } else {
    const ix = L + W * 0.58;
    let iy = top;
    const lw = Math.max(...letter.info.map(([k]) => width(k, reg, s - 1))) + 8;
    page.drawRectangle({
      x: ix - 6,
      y: iy - letter.info.length * lh + lh * 0.4,
      width: R - ix + 6,
      height: letter.info.length * lh + 4,
      borderColor: grey,
      borderWidth: 0.4,
    });
    for (const [k, v] of letter.info) {
      put(k, ix, iy, reg, s - 1, grey);
      put(v, ix + lw, iy, reg, fit(v, R - ix - lw - 2) - 1);
      iy -= lh;
    }
    y = Math.min(y, iy);
  }
  y -= lh * 1.2;

  const kvBlock = (rows: [string, string][], style: string) => {
    const lw = Math.max(150, ...rows.map(([k]) => width(k) + 16));
    for (const [k, v] of rows) {
      room(lh * (style === 'box' ? 1.3 : 1));
      if (style === 'colon') put(`${k}: ${v}`, L, y);
      else if (style === 'dots') {
        let dots = ' ';
        while (width(`${k}${dots}.`) < lw - 4) dots += '.';
        put(`${k}${dots}`, L, y, reg, s, grey);
        put(v, L + lw, y);
      } else if (style === 'right') {
        put(k, L, y);
        put(v, L + W * 0.75 - width(v), y);
      } else if (style === 'box') {
        page.drawRectangle({
          x: L,
          y: y - lh * 0.35,
          width: W * 0.72,
          height: lh * 1.2,
          borderColor: grey,
          borderWidth: 0.5,
        });
        put(k, L + 4, y, v ? reg : bold);
        if (v) put(v, L + W * 0.72 - 6 - width(v, bold), y, bold);
        y -= lh * 0.25;
      } else {
        put(k, L, y);
        put(v, L + lw, y);
      }
      y -= lh;
    }
  };
  const table = (b: Extract<E3Block, { t: 'table' }>) => {
    const xs = [L];
    b.w.forEach((w, i) => xs.push((xs[i] ?? L) + w * W));
    const row = (cells: string[], font: PDFFont) => {
      cells.forEach((t, i) => {
        const x0 = xs[i] ?? L;
        const x1 = xs[i + 1] ?? R;
        const size = fit(t, x1 - x0 - 8, font);
        put(t, b.al[i] === 'r' ? x1 - 4 - width(t, font, size) : x0 + 3, y, font, size);
      });
      if (b.grid)
        page.drawRectangle({
          x: L,
          y: y - lh * 0.35,
          width: W,
          height: lh,
          borderColor: grey,
          borderWidth: 0.3,
        });
      y -= lh;
    };
    const header = () => {
      page.drawRectangle({ x: L, y: y - lh * 0.35, width: W, height: lh, color: rgb(0.9, 0.9, 0.9) });
      row(b.head, bold);
    };
    room(lh * 2.2);
    header();
    for (const [i, cells] of b.rows.entries()) {
      if (y - lh < bottom) {
        next();
        put('(Fortsetzung)', L, y, reg, s - 1, grey);
        y -= lh;
        header();
      }
      row(cells, b.strong?.includes(i) ? bold : reg);
    }
    page.drawLine({
      start: { x: L, y: y + lh * 0.6 },
      end: { x: R, y: y + lh * 0.6 },
      thickness: 0.5,
      color: ink,
    });
    y -= lh * 0.5;
  };

  for (const b of letter.blocks) {
    switch (b.t) {
      case 'title':
        room(lh * 4);
        for (const line of wrap(b.text, W, bold, s + 3)) {
          put(line, L, y, bold, s + 3);
          y -= lh * 1.35;
        }
        if (b.sub) {
          put(b.sub, L, y, reg, s - 0.5, grey);
          y -= lh;
        }
        y -= lh * 0.4;
        break;
      case 'h':
        room(lh * 3);
        y -= lh * 0.3;
        put(b.text, L, y, bold);
        y -= lh * 1.15;
        break;
      case 'p': {
        const size = b.small ? s - 1 : s;
        for (const line of wrap(b.text, W, b.bold ? bold : reg, size)) {
          room(lh);
          put(line, L, y, b.bold ? bold : reg, size);
          y -= lh * (b.small ? 0.92 : 1);
        }
        y -= lh * 0.45;
        break;
      }
      case 'kv':
        kvBlock(b.rows, b.style);
        y -= lh * 0.4;
        break;
      case 'two': {
        const n = Math.max(b.left.length, b.right.length) + 1;
        room(lh * n);
        const half = W / 2;
        [b.heads[0], b.heads[1]].forEach((h, i) => put(h, L + i * half, y, bold));
        y -= lh;
        for (let i = 0; i < n - 1; i++) {
          for (const [ci, col] of [b.left, b.right].entries()) {
            const cell = col[i];
            if (!cell) continue;
            const x0 = L + ci * half;
            put(cell[0], x0, y, reg, fit(cell[0], half * 0.55));
            put(cell[1], x0 + half - 16 - width(cell[1]), y);
          }
          y -= lh;
        }
        page.drawLine({
          start: { x: L + half - 4, y: y + lh * (n + 0.6) },
          end: { x: L + half - 4, y: y + lh * 0.6 },
          thickness: 0.4,
          color: grey,
        });
        y -= lh * 0.4;
        break;
      }
      case 'table':
        table(b);
        break;
      case 'gap':
        y -= b.h;
        break;
      case 'tail':
        if (y - bottom > b.lines * lh) y = bottom + b.lines * lh;
        break;
      case 'rule':
        page.drawLine({ start: { x: L, y }, end: { x: R, y }, thickness: 0.5, color: grey });
        y -= lh * 0.6;
        break;
      case 'page':
        next();
        break;
    }
  }
  footer();
  const n = doc.getPageCount();
  if (n > 1)
    doc.getPages().forEach((p, i) => {
      const t = `Seite ${i + 1} von ${n}`;
      p.drawText(t, {
        x: R - reg.widthOfTextAtSize(t, s - 1.5),
        y: PAGE[1] - 30,
        font: reg,
        size: s - 1.5,
        color: grey,
      });
    });
  return doc.save({ useObjectStreams: false });
}
