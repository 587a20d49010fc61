/**
 * Fourth development part `dev4` (issue 9), written by an independent author from knowledge of
 * real German trade-tax notices: eight whole layout families G01–G08 with their own letter model
 * (`G4Letter`), label vocabularies, sentences, amount/date/percent forms and renderer
 * (`renderDev4`, pdf-lib, standard WinAnsi fonts). Nothing of render.ts, pooled.ts or another
 * part is used or changed. Figures come from `makeNotice` (notice.ts, salt 11); `fixDev4Data`
 * mends them so that the truth is exactly what the notice prints.
 *
 *   G01 bayern-markt        Bavarian Markt/Gemeinde vendor print, crest, calculation table
 *   G02 bw-abgabenbescheid  combined Abgabenbescheid: Gewerbesteuer beside Grundsteuer and fees
 *   G03 stadtstaat-fa       city state: the Finanzamt sets and collects the Gewerbesteuer itself
 *   G04 nrw-aenderung       Änderungsbescheid, old and new assessment as stacked blocks, DIN 5008 reference line
 *   G05 sachsen-absaetze    numbered paragraphs in running text, weekday dates
 *   G06 vg-randtitel        Verwaltungsgemeinschaft/Amt for a member municipality, marginal headings
 *   G07 rechenzentrum       continuous-form print of a municipal data centre, KZ codes, asterisk amounts
 *   G08 buergerportal       plain-language letter: summary box, questions as headings, GiroCode box
 */
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { addDays, type NoticeData, type NoticeType, truth } from './notice.js';
import { int, loadMunicipalities, type Municipality, pick, type Rng } from './data.js';

// ---------------------------------------------------------------------------------------------
// Printed forms of amounts, dates and percentages
// ---------------------------------------------------------------------------------------------

export interface G4Money {
  unit: '' | 'EUR' | '€' | 'Euro';
  before?: boolean;
  /** Thousands separator. */
  th: '.' | '' | ' ';
  /** Asterisk protection to this width (continuous-form print, "****1.234,56"). */
  stars?: number;
}
export type G4Date = 'dmy' | 'd.m.y' | 'long' | 'weekday' | 'iso' | 'abbr';
export type G4Pct = 'v. H.' | 'v.H.' | '%' | 'vom Hundert' | 'Prozent';

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
const MONTHS_ABBR = [
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
const WEEKDAYS = ['Sonntag', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag'];

/** Euros of a cent amount with the given thousands separator and two decimals ("1.234,56"). */
export function g4Number(cents: number, th: string, whole = false): string {
  const abs = Math.abs(cents);
  const e = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, th);
  return whole ? e : `${e},${String(abs % 100).padStart(2, '0')}`;
}

/** An amount (absolute value; the sign is a word of the sentence or the row). */
export function g4Money(cents: number, f: G4Money, whole = false): string {
  let s = g4Number(cents, f.th, whole);
  if (f.stars) s = s.padStart(f.stars, '*');
  if (!f.unit) return s;
  return f.before ? `${f.unit} ${s}` : `${s} ${f.unit}`;
}

export function g4Date(iso: string, f: G4Date): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const dd = String(d).padStart(2, '0');
  const mm = String(m).padStart(2, '0');
  switch (f) {
    case 'dmy':
      return `${dd}.${mm}.${y}`;
    case 'd.m.y':
      return `${d}.${m}.${y}`;
    case 'long':
      return `${d}. ${MONTHS[m - 1]} ${y}`;
    case 'weekday':
      return `${WEEKDAYS[new Date(`${iso}T00:00:00Z`).getUTCDay()]}, ${d}. ${MONTHS[m - 1]} ${y}`;
    case 'iso':
      return iso;
    case 'abbr':
      return `${dd}. ${MONTHS_ABBR[m - 1]} ${y}`;
  }
}

export const G4_DATE_FORMS: G4Date[] = ['dmy', 'd.m.y', 'long', 'weekday', 'iso', 'abbr'];

export function g4Pct(h: number, f: G4Pct): string {
  return `${h} ${f}`;
}

// ---------------------------------------------------------------------------------------------
// Calendar and interest rules (DOMAIN.md §§ 3, 4)
// ---------------------------------------------------------------------------------------------

const weekday = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();
/** Saturday/Sunday (and 15 August in the Saarland, a public holiday there) → next working day. */
export function g4WorkingDay(iso: string, land = ''): string {
  let d = iso;
  for (;;) {
    const wd = weekday(d);
    if (wd === 0 || wd === 6 || (land === 'Saarland' && d.slice(5) === '08-15')) d = addDays(d, 1);
    else return d;
  }
}
function addMonths(iso: string, months: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + 1, 0)).getUTCDate();
  t.setUTCDate(Math.min(d, last));
  return t.toISOString().slice(0, 10);
}
/** First interest day (§ 233a Abs. 2 AO; Art. 97 § 36 EGAO for EZ 2019–2024). */
export function g4InterestStart(ez: number): string {
  const special: Record<number, string> = {
    2019: '2021-10-01',
    2020: '2022-10-01',
    2021: '2023-10-01',
    2022: '2024-09-01',
    2023: '2025-07-01',
    2024: '2026-06-01',
  };
  return special[ez] ?? `${ez + 2}-04-01`;
}
/** Full months from `von` (first day) to `bis` (last day, inclusive). */
export function g4FullMonths(von: string, bis: string): number {
  let n = 0;
  while (addDays(addMonths(von, n + 1), -1) <= bis) n++;
  return n;
}
/** Bekanntgabe of a posted notice: 3rd day after (4th from 2025), moved to a working day. */
export const g4Bekanntgabe = (datum: string) => g4WorkingDay(addDays(datum, datum >= '2025-01-01' ? 4 : 3));

export interface G4Interest {
  von: string;
  bis: string;
  basis: number; // cents, multiple of 50 €
  /** Full months at 0.5 % (up to 31 Dec 2018) and at 0.15 % (from 2019). */
  m1: number;
  m2: number;
  betrag: number; // cents, full euros
}
function interestFor(ez: number, datum: string, diff: number): G4Interest | null {
  const von = g4InterestStart(ez);
  const bis = g4Bekanntgabe(datum);
  const months = g4FullMonths(von, bis);
  if (months < 1) return null;
  const m1 = von < '2019-01-01' ? Math.min(months, g4FullMonths(von, '2018-12-31')) : 0;
  const m2 = months - m1;
  const basis = Math.floor(Math.abs(diff) / 5000) * 5000;
  const b = basis / 100;
  const euros = Math.floor((b * (10 * m1 + 3 * m2)) / 2000);
  if (euros < 10) return null;
  return { von, bis, basis, m1, m2, betrag: euros * 100 };
}

// ---------------------------------------------------------------------------------------------
// Mending the drawn figures (fixDev4Data)
// ---------------------------------------------------------------------------------------------

export interface Dev4Variant {
  interest: G4Interest | null;
  /** Änderungsbescheid: the Messbetrag of the assessment it replaces (bisher = oldMb × Hebesatz). */
  oldMb: number | null;
  /** Date of the notice this one changes (Änderungsbescheid), before the notice date. */
  oldDatum: string;
  /** Reminder: surcharge per started month (cents) and the started months. */
  szMonth: number;
  szMonths: number;
  /** Vorauszahlungsbescheid: prepayments already due under the old schedule (per quarter, cents). */
  oldQuarter: number;
  /** Gewerbesteuerbescheid on a Zerlegungsanteil: the unified Messbetrag of the company (printed beside it). */
  unifiedMb: number | null;
  /** City state: the Finanzamt sets the Gewerbesteuer (G03). */
  cityState: boolean;
  /** Member municipality of a Verwaltungsgemeinschaft: the seat's name (G06). */
  vgSeat: string | null;
}

let allMunicipalities: Municipality[] | null = null;
const municipalities = () =>
  (allMunicipalities ??= loadMunicipalities().filter((m) => /^[\u0020-\u00ff]+$/u.test(m.name)));
const CITY_STATES = ['11000000', '02000000', '04011000'];

function quarterly(d: NoticeData) {
  const q = Math.floor(d.tax / 400) * 100;
  d.vz = q < 5000 ? [] : d.vz.map((v) => ({ ...v, betrag: q }));
}

/** Shares of `total` cents by wages, largest remainder, summing exactly. */
function shares(rows: NoticeData['zerlegung'], total: number) {
  const sum = rows.reduce((s, z) => s + z.lohn, 0);
  const raw = rows.map((z) => (total * z.lohn) / sum);
  rows.forEach((z, i) => (z.anteil = Math.floor(raw[i] ?? 0)));
  let rest = total - rows.reduce((s, z) => s + z.anteil, 0);
  const order = raw.map((v, i) => [v - Math.floor(v), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) {
    if (rest <= 0) break;
    rows[i]!.anteil += 1;
    rest--;
  }
}

export function fixDev4Data(d: NoticeData, fam: Dev4Family, r: Rng): Dev4Variant {
  const v: Dev4Variant = {
    interest: null,
    oldMb: null,
    oldDatum: '',
    szMonth: 0,
    szMonths: 0,
    oldQuarter: 0,
    unifiedMb: null,
    cityState: false,
    vgSeat: null,
  };
  const municipal = ['gewst_bescheid', 'vorauszahlungsbescheid', 'zinsbescheid', 'mahnung'].includes(d.type);
  // City states: Berlin, Hamburg, Bremen — the Finanzamt assesses the Gewerbesteuer itself.
  if (fam.id.startsWith('G03') && (municipal || d.type === 'sonstiges')) {
    const ags = pick(r, CITY_STATES);
    const g = municipalities().find((m) => m.ags === ags);
    if (g) {
      const ratio = d.tax ? d.bisher / d.tax : 0;
      d.gemeinde = g;
      d.hebesatz = g.hebesatz;
      d.tax = d.mb * g.hebesatz;
      d.bisher = d.bisher ? Math.floor((d.tax * ratio) / 400) * 400 : 0;
      d.bank = `Bundesbank Filiale ${g.name}`;
      v.cityState = true;
    }
    d.showSteuernummer = d.type !== 'sonstiges' || d.showSteuernummer;
  }
  if (fam.id.startsWith('G06') && r() < 0.6) v.vgSeat = d.finanzamt !== d.gemeinde.name ? d.finanzamt : null;
  // Änderungsbescheid: the old assessment rests on another Messbetrag.
  if (d.type === 'gewst_bescheid' && d.bisher > 0 && (fam.aenderung || r() < 0.3)) {
    let old = Math.max(20, Math.round(d.mb * (0.55 + r() * 0.8)));
    if (old === d.mb) old = d.mb - 7 > 20 ? d.mb - 7 : d.mb + 7;
    v.oldMb = old;
    d.bisher = old * d.hebesatz;
  }
  if (
    d.type === 'gewst_bescheid' &&
    d.zerlegt &&
    ['G01', 'G04', 'G06', 'G07'].some((g) => fam.id.startsWith(g))
  )
    v.unifiedMb = Math.round(d.mb / (0.12 + r() * 0.6));
  if (d.type === 'zinsbescheid' && d.bisher >= d.tax) d.bisher = Math.floor((d.tax * 0.5) / 400) * 400;
  quarterly(d);
  // Prepayment due dates: weekend (and 15 August in the Saarland) → next working day.
  d.vz = d.vz.map((q) => ({ ...q, faellig_am: g4WorkingDay(q.faellig_am, d.gemeinde.land) }));
  if (d.type === 'vorauszahlungsbescheid') {
    v.oldQuarter = Math.floor(((d.vz[0]?.betrag ?? 0) * (0.4 + r() * 0.5)) / 100) * 100;
  }
  // Interest (§ 233a AO) as the law computes it; the notice date moves into the period.
  if (d.type === 'zinsbescheid') {
    if (d.ez === 2016 || (fam.splitRates && r() < 0.5)) d.ez = 2016;
    const start = g4InterestStart(d.ez);
    for (let k = 0; k < 40; k++) {
      const diff = d.tax - d.bisher;
      if (d.datum < addDays(start, 40) || k > 0) {
        const span = d.ez === 2016 && r() < 0.7 ? int(r, 280, 1100) : int(r, 45, 700);
        d.datum = g4WorkingDay(addDays(start, span));
      }
      v.interest = interestFor(d.ez, d.datum, diff);
      if (v.interest) break;
      if (k > 3) {
        d.mb = int(r, 2000, 20000);
        d.tax = d.mb * d.hebesatz;
        d.bisher = Math.floor((d.tax * 0.4) / 400) * 400;
      }
    }
    d.faellig = g4WorkingDay(addDays(d.datum, int(r, 30, 35)));
  } else if (d.type === 'gewst_bescheid' && d.zinsen && d.tax - d.bisher > 0) {
    v.interest = interestFor(d.ez, d.datum, d.tax - d.bisher);
  }
  d.zinsen = v.interest
    ? {
        von: v.interest.von,
        bis: v.interest.bis,
        betrag: v.interest.betrag,
        basis: v.interest.basis,
        monate: v.interest.m1 + v.interest.m2,
      }
    : undefined;
  if (d.type === 'gewst_bescheid') d.faellig = g4WorkingDay(d.faellig);
  if (d.type === 'gewst_bescheid') v.oldDatum = addDays(d.datum, -int(r, 120, 500));
  // Reminder: surcharges per started month on the arrears rounded down to 50 €.
  if (d.type === 'mahnung') {
    v.szMonth = Math.floor(d.rueckstand / 5000) * 50;
    v.szMonths = v.szMonth ? d.saeumnis / v.szMonth : 0;
    d.urspruenglichFaellig = addDays(addMonths(d.datum, -Math.max(0, v.szMonths - 1)), -int(r, 6, 24));
    d.faellig = g4WorkingDay(addDays(d.datum, int(r, 7, 14)));
  }
  // Zerlegung: several families list many municipalities (running onto the next pages).
  if (d.type === 'zerlegungsbescheid') {
    const total = d.zerlegung.reduce((s, z) => s + z.anteil, 0);
    if (fam.manyZerl && total >= 150000) {
      const n = int(r, 9, 24);
      const used = new Set(d.zerlegung.map((z) => z.gemeinde.ags));
      while (d.zerlegung.length < n) {
        const g = pick(r, municipalities());
        if (used.has(g.ags)) continue;
        used.add(g.ags);
        d.zerlegung.push({ gemeinde: g, lohn: int(r, 150, 3000) * 1000_00, anteil: 0 });
      }
    }
    shares(d.zerlegung, total);
    // § 34 GewStG: no share of 10 € or less is printed here — such a municipality is left out
    // (its wages added to the first, the place of management).
    for (let k = 0; k < 30 && d.zerlegung.some((z) => z.anteil <= 1000) && d.zerlegung.length > 2; k++) {
      const small = d.zerlegung.reduce((a, b) => (b.anteil < a.anteil ? b : a));
      d.zerlegung.splice(d.zerlegung.indexOf(small), 1);
      d.zerlegung[0]!.lohn += small.lohn;
      shares(d.zerlegung, total);
    }
    if (d.zerlegung.some((z) => z.anteil <= 1000)) {
      for (const z of d.zerlegung) z.lohn = 500_000_00;
      shares(d.zerlegung, total);
    }
  }
  return v;
}

/** The truth: `truth()` with the issuer's AGS, Zerlegung AGS where printed, EZ only if printed. */
export function dev4Truth(d: NoticeData, fam: Dev4Family, printsEz: boolean): Record<string, unknown> {
  const t = truth(d, fam.zerlAgs);
  if ('gemeinde' in t) t.ags = d.gemeinde.ags;
  if (d.type === 'sonstiges' && !printsEz) delete t.erhebungszeitraum;
  return t;
}

// ---------------------------------------------------------------------------------------------
// Families
// ---------------------------------------------------------------------------------------------

export interface Dev4Family {
  id: string;
  font: 'Helvetica' | 'Times' | 'Courier';
  size: number;
  /** Letterhead: crest left, right-aligned, centred with a double rule, mono print, colour stripe, VG. */
  head: 'crest' | 'right' | 'center' | 'mono' | 'stripe' | 'vg';
  /** Reference data: a right column, a DIN 5008 reference line, a boxed grid, mono lines. */
  info: 'right' | 'bzz' | 'grid' | 'mono';
  money: G4Money;
  date: G4Date;
  pct: G4Pct;
  /** Tax-office print of the Mess- and Zerlegungsbescheid. */
  fa: 'fa-tabelle' | 'fa-text' | 'fa-mono' | 'fa-raster';
  /** Zerlegung rows print the AGS (Gemeindeschlüssel). */
  zerlAgs: boolean;
  manyZerl?: boolean;
  aenderung?: boolean;
  splitRates?: boolean;
  caps?: boolean;
  /** "Seite 1 von 2", "- 2 -", "Blatt 2/3". */
  pages: (i: number, n: number) => string;
}

export const DEV4_FAMILIES: Dev4Family[] = [
  {
    id: 'G01-bayern-markt',
    font: 'Helvetica',
    size: 9.5,
    head: 'crest',
    info: 'right',
    money: { unit: 'EUR', th: '.' },
    date: 'dmy',
    pct: 'v.H.',
    fa: 'fa-tabelle',
    zerlAgs: true,
    manyZerl: true,
    splitRates: true,
    pages: (i, n) => `Seite ${i} von ${n}`,
  },
  {
    id: 'G02-bw-abgabenbescheid',
    font: 'Helvetica',
    size: 8.8,
    head: 'center',
    info: 'grid',
    money: { unit: '', th: '.' },
    date: 'd.m.y',
    pct: '%',
    fa: 'fa-text',
    zerlAgs: false,
    pages: (i, n) => `Blatt ${i}/${n}`,
  },
  {
    id: 'G03-stadtstaat-fa',
    font: 'Times',
    size: 10,
    head: 'right',
    info: 'right',
    money: { unit: 'EUR', before: true, th: '.' },
    date: 'dmy',
    pct: 'vom Hundert',
    fa: 'fa-raster',
    zerlAgs: true,
    manyZerl: true,
    pages: (i, n) => `Seite ${i}/${n}`,
  },
  {
    id: 'G04-nrw-aenderung',
    font: 'Helvetica',
    size: 9.2,
    head: 'stripe',
    info: 'bzz',
    money: { unit: 'Euro', th: '.' },
    date: 'long',
    pct: 'v. H.',
    fa: 'fa-tabelle',
    zerlAgs: false,
    aenderung: true,
    pages: (i) => `- ${i} -`,
  },
  {
    id: 'G05-sachsen-absaetze',
    font: 'Times',
    size: 10.5,
    head: 'center',
    info: 'right',
    money: { unit: '€', th: '.' },
    date: 'weekday',
    pct: 'Prozent',
    fa: 'fa-text',
    zerlAgs: false,
    splitRates: true,
    pages: (i, n) => `Seite ${i} von ${n}`,
  },
  {
    id: 'G06-vg-randtitel',
    font: 'Helvetica',
    size: 9,
    head: 'vg',
    info: 'grid',
    money: { unit: '€', th: ' ' },
    date: 'abbr',
    pct: '%',
    fa: 'fa-raster',
    zerlAgs: true,
    pages: (i, n) => `${i}/${n}`,
  },
  {
    id: 'G07-rechenzentrum',
    font: 'Courier',
    size: 8.6,
    head: 'mono',
    info: 'mono',
    money: { unit: '', th: '.', stars: 12 },
    date: 'iso',
    pct: 'v.H.',
    fa: 'fa-mono',
    zerlAgs: true,
    manyZerl: true,
    caps: true,
    splitRates: true,
    pages: (i, n) => `BLATT ${i} VON ${n}`,
  },
  {
    id: 'G08-buergerportal',
    font: 'Helvetica',
    size: 9.8,
    head: 'stripe',
    info: 'right',
    money: { unit: '€', before: true, th: '.' },
    date: 'long',
    pct: 'Prozent',
    fa: 'fa-raster',
    zerlAgs: false,
    pages: (i, n) => `Seite ${i} von ${n}`,
  },
];

// ---------------------------------------------------------------------------------------------
// Letter model and renderer
// ---------------------------------------------------------------------------------------------

export type G4Block =
  | { k: 'title'; text: string; sub?: string }
  | { k: 'h'; text: string }
  | { k: 'p'; text: string; indent?: number; small?: boolean; bold?: boolean }
  | { k: 'kv'; rows: [string, string][]; leader?: boolean; at?: number; indent?: number }
  | {
      k: 'table';
      head: string[];
      w: number[];
      align: string;
      rows: string[][];
      foot?: string[];
      grid?: boolean;
      cont?: string;
    }
  | { k: 'margin'; label: string; lines: (string | [string, string])[] }
  | { k: 'box'; title?: string; rows: [string, string][]; dark?: boolean }
  | { k: 'giro'; rows: [string, string][] }
  | { k: 'gap' }
  | { k: 'rule' }
  | { k: 'page' };

export interface G4Letter {
  head: string[];
  headNote?: string;
  sender: string;
  address: string[];
  info: [string, string][];
  blocks: G4Block[];
  footer: string[];
}

const A4: [number, number] = [595.28, 841.89];
const FONT_NAMES = {
  Helvetica: [StandardFonts.Helvetica, StandardFonts.HelveticaBold],
  Times: [StandardFonts.TimesRoman, StandardFonts.TimesRomanBold],
  Courier: [StandardFonts.Courier, StandardFonts.CourierBold],
} as const;

export async function renderDev4(letter: G4Letter, fam: Dev4Family): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle('Bescheid');
  doc.setProducer('dev4');
  doc.setCreationDate(new Date('2024-03-01T00:00:00Z'));
  doc.setModificationDate(new Date('2024-03-01T00:00:00Z'));
  const [rn, bn] = FONT_NAMES[fam.font];
  const reg = await doc.embedFont(rn);
  const bold = await doc.embedFont(bn);
  const S = fam.size;
  const L = fam.head === 'stripe' ? 78 : 64;
  const R = A4[0] - 52;
  const W = R - L;
  const lh = S * 1.42;
  const black = rgb(0, 0, 0);
  const grey = rgb(0.35, 0.35, 0.35);
  const light = rgb(0.9, 0.9, 0.9);
  const accent = fam.id.startsWith('G08') ? rgb(0.05, 0.35, 0.55) : rgb(0.55, 0.1, 0.1);
  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - 48;
  const tw = (s: string, f: PDFFont = reg, sz = S) => f.widthOfTextAtSize(s, sz);
  const text = (s: string, x: number, yy: number, f: PDFFont = reg, sz = S, color = black) => {
    if (s) page.drawText(s, { x, y: yy, font: f, size: sz, color });
  };
  const rtext = (s: string, xr: number, yy: number, f: PDFFont = reg, sz = S) =>
    text(s, xr - tw(s, f, sz), yy, f, sz);
  const wrap = (s: string, maxW: number, f: PDFFont = reg, sz = S) => {
    const out: string[] = [];
    let line = '';
    for (const word of s.split(' ')) {
      const t = line ? `${line} ${word}` : word;
      if (tw(t, f, sz) > maxW && line) {
        out.push(line);
        line = word;
      } else line = t;
    }
    if (line) out.push(line);
    return out;
  };
  const stripe = () => {
    if (fam.head === 'stripe') page.drawRectangle({ x: 0, y: 0, width: 22, height: A4[1], color: accent });
  };
  const newPage = () => {
    page = doc.addPage(A4);
    stripe();
    y = A4[1] - 62;
    const run = `${letter.head[0] ?? ''} · ${letter.info.find(([k]) => /datum/i.test(k))?.[1] ?? ''}`;
    text(run, L, A4[1] - 36, reg, S - 2, grey);
  };
  const need = (h: number) => {
    if (y - h < 74) newPage();
  };
  stripe();

  // Letterhead.
  const [h1 = '', ...hs] = letter.head;
  if (fam.head === 'crest') {
    page.drawRectangle({ x: L, y: y - 30, width: 26, height: 34, borderColor: accent, borderWidth: 1.2 });
    page.drawLine({ start: { x: L, y: y - 13 }, end: { x: L + 26, y: y - 13 }, color: accent, thickness: 1 });
    page.drawLine({
      start: { x: L + 13, y: y + 4 },
      end: { x: L + 13, y: y - 30 },
      color: accent,
      thickness: 1,
    });
    text(h1, L + 36, y - 6, bold, S + 5);
    hs.forEach((s, i) => text(s, L + 36, y - 20 - i * (S + 1), reg, S));
    y -= 34 + Math.max(0, hs.length - 1) * (S + 1);
  } else if (fam.head === 'right') {
    rtext(h1, R, y, bold, S + 4);
    hs.forEach((s, i) => rtext(s, R, y - 15 - i * (S + 1.5), reg, S));
    y -= 15 + hs.length * (S + 1.5);
  } else if (fam.head === 'center') {
    text(h1, (A4[0] - tw(h1, bold, S + 5)) / 2, y, bold, S + 5);
    hs.forEach((s, i) => text(s, (A4[0] - tw(s, reg, S)) / 2, y - 16 - i * (S + 1.5), reg, S));
    y -= 20 + hs.length * (S + 1.5);
    page.drawLine({ start: { x: L, y }, end: { x: R, y }, thickness: 1.2 });
    page.drawLine({ start: { x: L, y: y - 2.5 }, end: { x: R, y: y - 2.5 }, thickness: 0.5 });
  } else if (fam.head === 'mono') {
    const bar = '='.repeat(Math.floor(W / tw('=')));
    text(bar, L, y);
    text(h1, L, y - lh, bold);
    hs.forEach((s, i) => text(s, L, y - lh * (2 + i)));
    y -= lh * (2 + hs.length);
    text(bar, L, y);
  } else if (fam.head === 'vg') {
    text(h1, L, y, bold, S + 3);
    hs.forEach((s, i) => text(s, L, y - 14 - i * (S + 1.5), reg, S, i === 0 ? accent : black));
    y -= 14 + hs.length * (S + 1.5);
    page.drawLine({ start: { x: L, y }, end: { x: L + W * 0.45, y }, thickness: 2, color: accent });
  } else {
    text(h1, L, y, bold, S + 6, accent);
    hs.forEach((s, i) => text(s, L, y - 16 - i * (S + 1.5), reg, S));
    y -= 16 + hs.length * (S + 1.5);
  }
  if (letter.headNote) {
    y -= lh;
    text(letter.headNote, L, y, reg, S - 0.5, grey);
  }
  y -= lh * 1.6;

  // Return line, address window and reference data.
  const top = y;
  let ss = S - 2.5;
  while (tw(letter.sender, reg, ss) > W * 0.48 && ss > 4.5) ss -= 0.25;
  text(letter.sender, L, y, reg, ss, grey);
  page.drawLine({
    start: { x: L, y: y - 2 },
    end: { x: L + tw(letter.sender, reg, ss), y: y - 2 },
    thickness: 0.3,
  });
  y -= lh * 1.4;
  for (const a of letter.address) {
    text(a, L, y);
    y -= lh;
  }
  if (fam.info === 'right' || fam.info === 'mono') {
    let iy = top;
    const x0 = L + W * (fam.info === 'mono' ? 0.5 : 0.58);
    const kw = Math.max(...letter.info.map(([k]) => tw(k, reg, S - 1))) + 8;
    for (const [k, v] of letter.info) {
      text(k, x0, iy, reg, S - 1, fam.info === 'mono' ? black : grey);
      text(v, x0 + kw, iy, reg, S - 1);
      iy -= lh * 0.92;
    }
    y = Math.min(y, iy);
    y -= lh * 1.2;
  } else if (fam.info === 'bzz') {
    // DIN 5008 reference line: small labels, values beneath.
    y -= lh * 0.8;
    const cw = W / 4;
    for (let row = 0; row * 4 < letter.info.length; row++) {
      letter.info.slice(row * 4, row * 4 + 4).forEach(([k, v], i) => {
        text(k, L + i * cw, y, reg, S - 2.8, grey);
        text(v, L + i * cw, y - lh * 0.95, reg, S - 0.5);
      });
      y -= lh * 2.3;
    }
    y -= lh * 0.4;
  } else {
    y -= lh * 0.6;
    const per = Math.ceil(letter.info.length / 2);
    const cw = W / per;
    for (let row = 0; row < 2; row++) {
      const cells = letter.info.slice(row * per, row * per + per);
      cells.forEach(([k, v], i) => {
        page.drawRectangle({
          x: L + i * cw,
          y: y - lh * 1.6,
          width: cw,
          height: lh * 2.1,
          borderColor: grey,
          borderWidth: 0.5,
        });
        text(k, L + i * cw + 3, y, reg, S - 2.5, grey);
        text(v, L + i * cw + 3, y - lh * 1.05, reg, S - 0.5);
      });
      y -= lh * 2.1;
    }
    y -= lh * 1.2;
  }

  // Blocks.
  const para = (s: string, x: number, maxW: number, f: PDFFont = reg, sz = S) => {
    for (const line of wrap(s, maxW, f, sz)) {
      need(lh);
      text(line, x, y, f, sz);
      y -= sz * 1.42;
    }
  };
  const kvRow = (k: string, v: string, x: number, at: number, leader: boolean) => {
    const kLines = wrap(k, at - x - 12);
    need(lh * kLines.length);
    kLines.forEach((kl, i) => text(kl, x, y - i * lh));
    const last = kLines[kLines.length - 1] ?? '';
    const vx = R - tw(v);
    if (leader) {
      const from = x + tw(last) + 4;
      const dots = Math.max(0, Math.floor((vx - 6 - from) / tw('.')));
      text('.'.repeat(dots), from, y - (kLines.length - 1) * lh, reg, S, grey);
    }
    text(v, vx, y - (kLines.length - 1) * lh);
    y -= lh * kLines.length;
  };
  for (const b of letter.blocks) {
    switch (b.k) {
      case 'title': {
        need(lh * 3);
        y -= lh * 0.3;
        for (const line of wrap(b.text, W, bold, S + 2.5)) {
          text(line, L, y, bold, S + 2.5);
          y -= lh * 1.15;
        }
        if (b.sub) {
          para(b.sub, L, W, reg, S);
        }
        y -= lh * 0.5;
        break;
      }
      case 'h':
        need(lh * 3);
        y -= lh * 0.3;
        text(b.text, L, y, bold, S + 0.5);
        y -= lh * 1.1;
        break;
      case 'p':
        para(b.text, L + (b.indent ?? 0), W - (b.indent ?? 0), b.bold ? bold : reg, b.small ? S - 1.5 : S);
        y -= lh * 0.45;
        break;
      case 'kv':
        for (const [k, v] of b.rows) kvRow(k, v, L + (b.indent ?? 0), b.at ?? R - W * 0.3, b.leader ?? false);
        y -= lh * 0.45;
        break;
      case 'table': {
        const total = b.w.reduce((s, x) => s + x, 0);
        const xs: number[] = [];
        let acc = L;
        for (const w of b.w) {
          xs.push(acc);
          acc += (w / total) * W;
        }
        const cell = (cells: string[], f: PDFFont, sz: number) => {
          const lines = cells.map((c, i) => wrap(c, ((b.w[i] ?? 1) / total) * W - 6, f, sz));
          const hgt = Math.max(1, ...lines.map((l) => l.length));
          lines.forEach((ls, i) =>
            ls.forEach((l, j) => {
              const x0 = xs[i] ?? L;
              const cw = ((b.w[i] ?? 1) / total) * W;
              const x = b.align[i] === 'r' ? x0 + cw - 3 - tw(l, f, sz) : x0 + 3;
              text(l, x, y - j * sz * 1.3, f, sz);
            }),
          );
          return hgt * sz * 1.3 + 3;
        };
        const header = () => {
          if (b.grid) page.drawRectangle({ x: L, y: y - 4, width: W, height: lh + 1, color: light });
          const h = cell(b.head, bold, S - 0.8);
          page.drawLine({ start: { x: L, y: y - 4 }, end: { x: R, y: y - 4 }, thickness: 0.6 });
          y -= h + 1;
        };
        need(lh * 3);
        header();
        for (const row of b.rows) {
          const est = Math.max(...row.map((c, i) => wrap(c, ((b.w[i] ?? 1) / total) * W - 6).length)) * lh;
          if (y - est < 74) {
            newPage();
            if (b.cont) {
              text(b.cont, L, y, reg, S - 1, grey);
              y -= lh;
            }
            header();
          }
          const h = cell(row, reg, S - 0.5);
          if (b.grid)
            page.drawLine({
              start: { x: L, y: y - 3 },
              end: { x: R, y: y - 3 },
              thickness: 0.25,
              color: grey,
            });
          y -= h;
        }
        if (b.foot) {
          need(lh);
          page.drawLine({ start: { x: L, y: y + S }, end: { x: R, y: y + S }, thickness: 0.6 });
          y -= cell(b.foot, bold, S - 0.5);
        }
        y -= lh * 0.6;
        break;
      }
      case 'margin': {
        need(lh * 2);
        const mx = L + 112;
        text(b.label, L, y, bold, S);
        for (const line of b.lines) {
          if (typeof line === 'string') para(line, mx, R - mx);
          else kvRow(line[0], line[1], mx, R - 90, false);
        }
        y -= lh * 0.5;
        page.drawLine({
          start: { x: mx, y: y + lh * 0.5 },
          end: { x: R, y: y + lh * 0.5 },
          thickness: 0.2,
          color: grey,
        });
        y -= lh * 0.3;
        break;
      }
      case 'box': {
        const hgt = (b.rows.length + (b.title ? 1 : 0)) * lh + 10;
        need(hgt + lh);
        page.drawRectangle({
          x: L,
          y: y - hgt + lh,
          width: W,
          height: hgt,
          borderColor: b.dark ? accent : grey,
          borderWidth: b.dark ? 1.5 : 0.6,
        });
        y -= 4;
        if (b.title) {
          text(b.title, L + 8, y, bold, S + 0.5, b.dark ? accent : black);
          y -= lh;
        }
        for (const [k, v] of b.rows) {
          text(k, L + 8, y);
          text(v, R - 8 - tw(v, bold), y, bold);
          y -= lh;
        }
        y -= lh * 0.8;
        break;
      }
      case 'giro': {
        const size = 64;
        need(size + lh * 2);
        const x0 = L;
        const y0 = y - size + lh;
        // A GiroCode-like square pattern (decorative; it encodes nothing).
        let seed = letter.head.join('').length * 7 + b.rows.length;
        for (let i = 0; i < 16; i++)
          for (let j = 0; j < 16; j++) {
            seed = (seed * 1103515245 + 12345) & 0x7fffffff;
            const corner = (i < 4 && j < 4) || (i > 11 && j < 4) || (i < 4 && j > 11);
            if (corner || seed % 3 === 0)
              page.drawRectangle({ x: x0 + i * 4, y: y0 + j * 4, width: 4, height: 4, color: black });
          }
        text('GiroCode', x0, y0 - S - 2, reg, S - 2.5, grey);
        let gy = y;
        for (const [k, v] of b.rows) {
          text(k, x0 + size + 14, gy, reg, S - 1, grey);
          text(v, x0 + size + 120, gy, reg, S - 0.5);
          gy -= lh;
        }
        y = Math.min(y0 - lh * 1.4, gy - lh * 0.5);
        break;
      }
      case 'gap':
        y -= lh * 0.7;
        break;
      case 'rule':
        need(lh);
        page.drawLine({
          start: { x: L, y: y + lh * 0.4 },
          end: { x: R, y: y + lh * 0.4 },
          thickness: 0.4,
          color: grey,
        });
        y -= lh * 0.4;
        break;
      case 'page':
        newPage();
        break;
    }
  }
  // Footer on every page (bank details, page numbers).
  const pages = doc.getPages();
  pages.forEach((p, i) => {
    let fy = 30 + (letter.footer.length - 1) * (S - 1);
    p.drawLine({ start: { x: L, y: fy + S }, end: { x: R, y: fy + S }, thickness: 0.3, color: grey });
    for (const f of letter.footer) {
      p.drawText(f, { x: L, y: fy, font: reg, size: S - 2.5, color: grey });
      fy -= S - 1;
    }
    const pn = fam.pages(i + 1, pages.length);
    p.drawText(pn, { x: R - tw(pn, reg, S - 2), y: A4[1] - 24, font: reg, size: S - 2, color: grey });
  });
  return doc.save();
}

// ---------------------------------------------------------------------------------------------
// Label vocabularies (several synonyms each; one drawn per letter)
// ---------------------------------------------------------------------------------------------

type VocabKey =
  | 'kz'
  | 'stnr'
  | 'datum'
  | 'mb'
  | 'hs'
  | 'steuer'
  | 'bisher'
  | 'mehr'
  | 'weniger'
  | 'due'
  | 'zinsen'
  | 'rueck'
  | 'sz'
  | 'geb'
  | 'vz'
  | 'ez';
type Vocab = Record<VocabKey, string[]>;

const VOCABS: Record<string, Vocab> = {
  G01: {
    kz: ['Kassenzeichen', 'Buchungszeichen', 'Kassenz.'],
    stnr: ['Steuernummer', 'Steuer-Nr.'],
    datum: ['Datum', 'Bescheiddatum'],
    mb: ['Steuermessbetrag', 'Gewerbesteuermessbetrag', 'Messbetrag lt. Finanzamt'],
    hs: ['Hebesatz', 'Hebesatz der Gemeinde'],
    steuer: ['Gewerbesteuer', 'festgesetzte Gewerbesteuer', 'Jahressteuer'],
    bisher: ['bisher festgesetzt', 'abzüglich bisheriges Soll', 'bereits festgesetzt'],
    mehr: ['Nachzahlung', 'Mehrbetrag', 'Unterschiedsbetrag (zu zahlen)'],
    weniger: ['Erstattung', 'Minderbetrag', 'Unterschiedsbetrag (Guthaben)'],
    due: ['fällig am', 'Fälligkeitstag', 'zahlbar bis'],
    zinsen: ['Nachzahlungszinsen', 'Zinsen nach § 233a AO'],
    rueck: ['Rückstand', 'offener Betrag'],
    sz: ['Säumniszuschläge', 'Säumniszuschlag § 240 AO'],
    geb: ['Mahngebühr', 'Mahngebühren'],
    vz: ['Vorauszahlungen', 'Gewerbesteuer-Vorauszahlungen'],
    ez: ['Erhebungszeitraum', 'Kalenderjahr'],
  },
  G02: {
    kz: ['Buchungszeichen', 'Kassenzeichen', 'Personenkonto'],
    stnr: ['Steuernummer FA', 'St.-Nr.'],
    datum: ['Datum', 'Bescheid vom'],
    mb: ['Messbetrag', 'Steuermessbetrag', 'Meßbetrag'],
    hs: ['Hebesatz', 'Hebesatz %'],
    steuer: ['Jahresbetrag', 'Steuer'],
    bisher: ['bisher', 'Soll bisher'],
    mehr: ['Differenz', 'Änderung'],
    weniger: ['Differenz', 'Änderung'],
    due: ['fällig', 'Fälligkeit'],
    zinsen: ['Zinsen zur Gewerbesteuer', 'Nachzahlungszinsen'],
    rueck: ['Rückstand', 'offen'],
    sz: ['Säumniszuschläge', 'Säumniszuschlag'],
    geb: ['Mahngebühr', 'Gebühr'],
    vz: ['Vorauszahlungen', 'Vierteljahresbeträge'],
    ez: ['Veranlagungsjahr', 'Jahr'],
  },
  G03: {
    kz: ['Kassenzeichen', 'Zahlungsreferenz', 'Kassenzeichen (bitte angeben)'],
    stnr: ['Steuernummer', 'Steuernummer/Aktenzeichen'],
    datum: ['Datum', 'Tag der Ausfertigung'],
    mb: ['Steuermessbetrag', 'Gewerbesteuermessbetrag'],
    hs: ['Hebesatz', 'Hebesatz der Stadt'],
    steuer: ['Gewerbesteuer', 'festzusetzende Gewerbesteuer'],
    bisher: ['bisher festgesetzt', 'abzüglich bisher festgesetzter Betrag'],
    mehr: ['noch zu entrichten', 'Nachforderung'],
    weniger: ['zu erstatten', 'Überzahlung'],
    due: ['Zahlungstermin', 'fällig am'],
    zinsen: ['Zinsen zur Gewerbesteuer', 'festgesetzte Zinsen'],
    rueck: ['rückständiger Betrag', 'Rückstand'],
    sz: ['Säumniszuschläge', 'verwirkte Säumniszuschläge'],
    geb: ['Mahngebühr', 'Gebühr'],
    vz: ['Vorauszahlungen', 'festgesetzte Vorauszahlungen'],
    ez: ['Kalenderjahr', 'Erhebungszeitraum'],
  },
  G04: {
    kz: ['Kassenzeichen', 'Kassenzeichen/Buchungszeichen'],
    stnr: ['Steuernummer', 'St-Nr'],
    datum: ['Datum', 'Datum des Bescheides'],
    mb: ['Steuermessbetrag', 'Gewerbesteuer-Messbetrag'],
    hs: ['Hebesatz', 'Hebesatz in v. H.'],
    steuer: ['Gewerbesteuer', 'Steuerbetrag'],
    bisher: ['bisher festgesetzt', 'alte Festsetzung'],
    mehr: ['Mehrbetrag', 'Nachforderung'],
    weniger: ['Minderbetrag', 'Gutschrift'],
    due: ['fällig am', 'zu zahlen bis'],
    zinsen: ['Nachzahlungszinsen', 'Zinsen'],
    rueck: ['rückständig', 'Rückstand'],
    sz: ['Säumniszuschläge', 'Säumniszuschlag'],
    geb: ['Mahngebühr', 'Mahnkosten'],
    vz: ['Vorauszahlungen', 'Vorauszahlungsbeträge'],
    ez: ['Erhebungszeitraum', 'Jahr'],
  },
  G05: {
    kz: ['Kassenzeichen', 'Zahlungskennzeichen'],
    stnr: ['Steuernummer', 'Steuer-Nr.'],
    datum: ['Datum', 'Ausfertigungsdatum'],
    mb: ['Steuermessbetrag', 'Gewerbesteuermessbetrag'],
    hs: ['Hebesatz', 'Hebesatz'],
    steuer: ['Gewerbesteuer', 'Gewerbesteuer'],
    bisher: ['bisher festgesetzt', 'bisher'],
    mehr: ['Mehrbetrag', 'Nachzahlung'],
    weniger: ['Minderbetrag', 'Erstattung'],
    due: ['fällig', 'zahlbar'],
    zinsen: ['Zinsen', 'Nachzahlungszinsen'],
    rueck: ['Rückstand', 'rückständig'],
    sz: ['Säumniszuschläge', 'Säumniszuschläge'],
    geb: ['Mahngebühr', 'Mahngebühr'],
    vz: ['Vorauszahlungen', 'Vorauszahlungen'],
    ez: ['Erhebungszeitraum', 'Kalenderjahr'],
  },
  G06: {
    kz: ['Kassenzeichen', 'Steuerkonto', 'Abgabenkonto'],
    stnr: ['Steuernummer', 'StNr'],
    datum: ['Datum', 'Erstellt am'],
    mb: ['Messbetrag', 'Steuermessbetrag'],
    hs: ['Hebesatz', 'Hebesatz (%)'],
    steuer: ['Gewerbesteuer', 'Steuer'],
    bisher: ['bisher', 'Soll alt'],
    mehr: ['Nachzahlung', 'Mehrsoll'],
    weniger: ['Erstattung', 'Mindersoll'],
    due: ['fällig', 'Fälligkeit'],
    zinsen: ['Zinsen § 233a AO', 'Vollverzinsung'],
    rueck: ['Rückstand', 'Hauptforderung'],
    sz: ['Säumniszuschläge', 'Säumniszuschlag'],
    geb: ['Mahngebühr', 'Gebühr'],
    vz: ['Vorauszahlungen', 'VZ'],
    ez: ['Jahr', 'Erhebungszeitraum'],
  },
  G07: {
    kz: ['KASSENZEICHEN', 'BUCHUNGSZEICHEN'],
    stnr: ['STEUERNUMMER', 'ST-NR'],
    datum: ['DATUM', 'DRUCKDATUM'],
    mb: ['STEUERMESSBETRAG', 'GEW-MESSBETRAG'],
    hs: ['HEBESATZ', 'HEBESATZ V.H.'],
    steuer: ['GEWERBESTEUER', 'STEUERBETRAG'],
    bisher: ['BISHER FESTGESETZT', 'SOLL BISHER'],
    mehr: ['NACHFORDERUNG', 'MEHRBETRAG'],
    weniger: ['ERSTATTUNG', 'MINDERBETRAG'],
    due: ['FAELLIG AM', 'FAELLIGKEIT'],
    zinsen: ['ZINSEN PAR. 233A AO', 'NACHZAHLUNGSZINSEN'],
    rueck: ['RUECKSTAND', 'OFFENE FORDERUNG'],
    sz: ['SAEUMNISZUSCHLAEGE', 'SAEUMNISZUSCHLAG'],
    geb: ['MAHNGEBUEHR', 'GEBUEHR'],
    vz: ['VORAUSZAHLUNGEN', 'VZ-BETRAEGE'],
    ez: ['JAHR', 'ERHEBUNGSZEITRAUM'],
  },
  G08: {
    kz: ['Kassenzeichen', 'Ihre Zahlungsreferenz'],
    stnr: ['Steuernummer', 'Ihre Steuernummer'],
    datum: ['Datum', 'Datum'],
    mb: ['Messbetrag vom Finanzamt', 'Steuermessbetrag'],
    hs: ['Hebesatz', 'Hebesatz unserer Stadt'],
    steuer: ['Gewerbesteuer', 'Ihre Gewerbesteuer'],
    bisher: ['schon festgesetzt', 'bisher festgesetzt'],
    mehr: ['Sie zahlen nach', 'Nachzahlung'],
    weniger: ['Sie erhalten zurück', 'Erstattung'],
    due: ['bis spätestens', 'Zahlungsfrist'],
    zinsen: ['Zinsen', 'Nachzahlungszinsen'],
    rueck: ['offener Betrag', 'Rückstand'],
    sz: ['Säumniszuschläge', 'Säumniszuschläge'],
    geb: ['Mahngebühr', 'Mahngebühr'],
    vz: ['Vorauszahlungen', 'Vorauszahlungen'],
    ez: ['Jahr', 'Steuerjahr'],
  },
};

// ---------------------------------------------------------------------------------------------
// Letter context
// ---------------------------------------------------------------------------------------------

const FA_CITY_STATE: Record<string, string[]> = {
  '11000000': ['für Körperschaften II Berlin', 'Charlottenburg', 'Mitte/Tiergarten'],
  '02000000': ['Hamburg-Nord', 'Hamburg-Altona', 'für Großunternehmen in Hamburg'],
  '04011000': ['Bremen', 'Bremen - Gewerbesteuerstelle'],
};

interface Cx {
  d: NoticeData;
  v: Dev4Variant;
  f: Dev4Family;
  g: string; // family key "G01"
  r: Rng;
  V: Record<VocabKey, string>;
  /** Amount (absolute), whole euros, date, percent. */
  m: (c: number) => string;
  mw: (euros: number) => string;
  dt: (iso: string) => string;
  pc: (h: number) => string;
  pk: <T>(xs: readonly T[]) => T;
  /** Capitals for mono print (the municipality names stay as the reference data spells them). */
  up: (s: string) => string;
  ez: number;
  name: string;
  kind: string;
  fa: string;
  /** Messbescheid date before the notice. */
  mbDatum: string;
  clerk: string;
}

const CLERKS = [
  'Frau Leitner',
  'Herr Obermaier',
  'Frau Brandl',
  'Herr Schulze',
  'Frau Nowak',
  'Herr Kaya',
  'Frau Petersen',
];
const groupIban = (iban: string) => iban.replace(/(.{4})/g, '$1 ').trim();

function cx(d: NoticeData, v: Dev4Variant, f: Dev4Family, r: Rng): Cx {
  const g = f.id.slice(0, 3);
  const pk = <T>(xs: readonly T[]) => pick(r, xs);
  const vocab = VOCABS[g]!;
  const V = Object.fromEntries(Object.entries(vocab).map(([k, xs]) => [k, pk(xs)])) as Record<
    VocabKey,
    string
  >;
  return {
    d,
    v,
    f,
    g,
    r,
    V,
    m: (c) => g4Money(c, f.money),
    mw: (e) => g4Money(e * 100, f.money, g === 'G03' || g === 'G05'),
    dt: (iso) => g4Date(iso, f.date),
    pc: (h) => g4Pct(h, f.pct),
    pk,
    up: (s) =>
      f.caps
        ? s.toUpperCase().replace(/Ä/g, 'AE').replace(/Ö/g, 'OE').replace(/Ü/g, 'UE').replace(/ß/g, 'SS')
        : s,
    ez: d.ez,
    name: d.gemeinde.name,
    kind: d.gemeinde.kind,
    fa: v.cityState ? pick(r, FA_CITY_STATE[d.gemeinde.ags] ?? [d.gemeinde.name]) : d.finanzamt,
    mbDatum: addDays(d.datum, -int(r, 21, 90)),
    clerk: pk(CLERKS),
  };
}

// ---------------------------------------------------------------------------------------------
// Letterheads, reference data, footers, legal remedies
// ---------------------------------------------------------------------------------------------

/** The tax office issues: Mess-/Zerlegungsbescheid everywhere, everything in a city state (G03). */
/** "bei der Stadt X", "beim Markt X". */
const beiDer = (c: Cx) => `${c.kind === 'Markt' ? 'beim' : 'bei der'} ${c.kind} ${c.name}`;
const byTaxOffice = (c: Cx) =>
  c.v.cityState || c.d.type === 'messbescheid' || c.d.type === 'zerlegungsbescheid';

function issuerLines(c: Cx): string[] {
  const { d, kind, name } = c;
  if (c.v.cityState) return [`Finanzamt ${c.fa}`, 'Gewerbesteuerstelle', `${d.gemeinde.plz} ${name}`];
  if (byTaxOffice(c)) {
    const fa = `Finanzamt ${c.fa}`;
    return c.g === 'G07'
      ? [c.up(fa), 'VERANLAGUNGSSTELLE GEWERBESTEUER']
      : [
          fa,
          c.pk(['Veranlagungsbezirk 14', 'Körperschaftsteuerstelle', 'Arbeitsbereich Gewerbesteuer']),
          'Postfach 10 04 51',
        ];
  }
  switch (c.g) {
    case 'G01':
      return [
        `${kind} ${name}`,
        c.pk(['Kämmerei – Steuerstelle', 'Steuer- und Kassenverwaltung']),
        `Rathausplatz 1 · ${d.gemeinde.plz} ${name}`,
      ];
    case 'G02':
      return [
        `${kind} ${name}`,
        c.pk(['Bürgermeisteramt – Steuer- und Abgabenabteilung', 'Bürgermeisteramt · Stadtkämmerei']),
        `${d.gemeinde.plz} ${name}`,
      ];
    case 'G04':
      return [
        `${kind} ${name}`,
        'Der Bürgermeister',
        c.pk(['Fachbereich Finanzen – Steueramt', 'Amt für Finanzen, Abt. Steuern']),
      ];
    case 'G05':
      return [
        c.pk([
          `${kind}verwaltung ${name}`.replace('Gemeindeverwaltung', 'Gemeindeverwaltung'),
          `${kind} ${name}`,
        ]),
        'Kämmerei · Sachgebiet Steuern und Abgaben',
      ];
    case 'G06':
      return c.v.vgSeat
        ? [
            `${c.pk(['Verwaltungsgemeinschaft', 'Amt', 'Verbandsgemeindeverwaltung'])} ${c.v.vgSeat}`,
            `für die ${kind} ${name}`,
            'Steuern und Abgaben',
          ]
        : [`${kind} ${name}`, 'Steuern und Abgaben'];
    case 'G07':
      return [
        'KOMMUNALES RECHENZENTRUM - STEUERDRUCK IM AUFTRAG',
        `${kind.toUpperCase()} ${name}`,
        'STEUERAMT / STADTKASSE',
      ];
    default:
      return [`${kind} ${name}`, c.pk(['Bürgerservice Steuern', 'Team Gewerbesteuer'])];
  }
}

function addressLines(c: Cx): string[] {
  const lines = [c.d.company, c.d.street, `${c.d.gemeinde.plz} ${c.d.gemeinde.name}`];
  return c.f.caps ? lines.map((l) => c.up(l)) : lines;
}

function infoRows(c: Cx, extra: [string, string][] = []): [string, string][] {
  const { d, V } = c;
  const fa = byTaxOffice(c);
  const rows: [string, string][] = [];
  if (c.f.info === 'bzz') {
    rows.push([
      'Ihr Zeichen, Ihre Nachricht vom',
      c.pk(['', 'StB/23-114', `${c.dt(addDays(d.datum, -int(c.r, 15, 40)))}`]),
    ]);
    rows.push(['Unser Zeichen', fa ? d.steuernummer : d.kassenzeichen]);
    rows.push(['Auskunft erteilt', `${c.clerk}, Tel. 0${int(c.r, 200, 999)} ${int(c.r, 1000, 9999)}`]);
    rows.push([V.datum, c.dt(d.datum)]);
    if (!fa) rows.push([V.kz, d.kassenzeichen]);
    if (d.showSteuernummer && d.type !== 'sonstiges' && !fa) rows.push([V.stnr, d.steuernummer]);
    return [...rows, ...extra];
  }
  if (fa) rows.push([V.stnr, d.steuernummer]);
  if (!fa || c.v.cityState) rows.push([V.kz, d.kassenzeichen]);
  if (!fa && d.showSteuernummer && d.type !== 'sonstiges') rows.push([V.stnr, d.steuernummer]);
  rows.push([c.f.caps ? 'BEARBEITER' : 'Sachbearbeitung', c.f.caps ? c.up(c.clerk) : c.clerk]);
  rows.push([
    c.f.caps ? 'DURCHWAHL' : 'Telefon',
    `0${int(c.r, 200, 999)} ${int(c.r, 100, 999)}-${int(c.r, 10, 99)}`,
  ]);
  rows.push(...extra);
  rows.push([V.datum, c.dt(d.datum)]);
  return rows;
}

const kasse = (c: Cx) =>
  `${c.kind === 'Gemeinde' || c.g === 'G06' ? 'Gemeindekasse' : c.kind === 'Markt' ? 'Marktkasse' : 'Stadtkasse'} ${c.name}`;

function footerLines(c: Cx, r: Rng): string[] {
  const { d } = c;
  if (byTaxOffice(c) && !c.v.cityState)
    return [
      `Deutsche Bundesbank, Filiale ${c.fa} · IBAN ${groupIban(`DE${int(r, 10, 99)}${int(r, 10000000, 99999999)}00${int(r, 10000000, 99999999)}`)} · BIC MARKDEF1${int(r, 100, 999)}`,
      'Öffnungszeiten: Mo–Do 8.00–15.00 Uhr, Fr 8.00–12.00 Uhr',
    ];
  const iban = c.g === 'G07' || c.g === 'G02' ? d.iban : groupIban(d.iban);
  const payee = c.v.cityState ? 'Finanzkasse' : kasse(c);
  const bankLine =
    c.g === 'G07'
      ? `BANKVERBINDUNG ${payee.toUpperCase().replace(c.name.toUpperCase(), c.name)}: ${d.bank} IBAN ${iban} BIC ${d.bic}`
      : `${payee} · ${d.bank} · IBAN ${iban} · BIC ${d.bic}`;
  return [
    bankLine,
    c.g === 'G08'
      ? 'Online-Service: www.buergerservice-steuern.de · Termine nach Vereinbarung'
      : 'Sprechzeiten: Mo, Di, Do 8.30–12.00 Uhr, Do 14.00–17.30 Uhr',
  ];
}

function belehrung(c: Cx): G4Block[] {
  const within = 'innerhalb eines Monats nach Bekanntgabe';
  if (byTaxOffice(c))
    return [
      { k: 'h', text: c.up('Rechtsbehelfsbelehrung') },
      {
        k: 'p',
        small: true,
        text: c.up(
          `Gegen diesen Bescheid ist der Einspruch gegeben (§ 347 AO). Der Einspruch ist ${within} dieses Bescheides bei dem oben bezeichneten Finanzamt schriftlich einzureichen, diesem elektronisch zu übermitteln oder dort zur Niederschrift zu erklären. Die Frist beginnt mit Ablauf des Tages der Bekanntgabe.`,
        ),
      },
    ];
  switch (c.g) {
    case 'G01':
      return [
        { k: 'h', text: 'Rechtsbehelfsbelehrung' },
        {
          k: 'p',
          small: true,
          text: `Gegen diesen Bescheid können Sie ${within} entweder Widerspruch einlegen (Art. 12 Abs. 1 AGVwGO) ${beiDer(c)} oder unmittelbar Klage erheben beim Bayerischen Verwaltungsgericht. Einwendungen gegen den Steuermessbetrag sind nicht hier, sondern beim Finanzamt geltend zu machen (§ 351 Abs. 2 AO).`,
        },
      ];
    case 'G04':
      return [
        { k: 'h', text: 'Rechtsbehelfsbelehrung' },
        {
          k: 'p',
          small: true,
          text: `Gegen diesen Bescheid kann ${within} Klage beim Verwaltungsgericht erhoben werden. Ein Vorverfahren (Widerspruch) findet nicht statt (§ 110 JustG NRW). Die Klage hat keine aufschiebende Wirkung (§ 80 Abs. 2 Satz 1 Nr. 1 VwGO).`,
        },
      ];
    case 'G07':
      return [
        {
          k: 'p',
          small: true,
          text: `RECHTSBEHELFSBELEHRUNG: GEGEN DIESEN BESCHEID KANN ${within.toUpperCase()} WIDERSPRUCH ERHOBEN WERDEN. DER WIDERSPRUCH IST BEIM STEUERAMT SCHRIFTLICH ODER ZUR NIEDERSCHRIFT EINZULEGEN.`,
        },
      ];
    case 'G08':
      return [
        { k: 'h', text: 'Sie sind nicht einverstanden?' },
        {
          k: 'p',
          small: true,
          text: `Dann können Sie ${within} Widerspruch einlegen – schriftlich oder zur Niederschrift ${beiDer(c)}. Rechtsgrundlage ist § 70 VwGO. Wenn Sie Widerspruch einlegen, müssen Sie trotzdem fristgerecht zahlen.`,
        },
      ];
    default:
      return [
        { k: 'h', text: c.pk(['Rechtsbehelfsbelehrung', 'Rechtsbehelf']) },
        {
          k: 'p',
          small: true,
          text: `Gegen diesen Bescheid kann ${within} Widerspruch ${beiDer(c)} erhoben werden. Der Widerspruch hat keine aufschiebende Wirkung; die festgesetzten Beträge sind zu den angegebenen Terminen zu entrichten.`,
        },
      ];
  }
}

// ---------------------------------------------------------------------------------------------
// Interest and prepayment blocks (shared by the Gewerbesteuer-, Vorauszahlungs- and Zinsbescheid)
// ---------------------------------------------------------------------------------------------

/** Interest of the parts of a period spanning 31 Dec 2018 (0.5 % / 0.15 % per month), in cents. */
function interestParts(z: G4Interest) {
  const b = z.basis / 100;
  const p1 = (b * z.m1) / 2; // cents: b € × m1 × 0.5 % (b is a multiple of 50)
  const p2 = Math.floor((b * z.m2 * 15) / 100); // cents: b € × m2 × 0.15 %, down to the cent
  return { p1, p2 };
}

function interestBlocks(c: Cx, z: G4Interest, diff: number): G4Block[] {
  const { V } = c;
  const months = z.m1 + z.m2;
  const split = z.m1 > 0 && z.m2 > 0;
  const end2018 = '2018-12-31';
  const rateOf = (m1: boolean) =>
    c.g === 'G07'
      ? m1
        ? '0,50 V.H.'
        : '0,15 V.H.'
      : c.f.pct === '%'
        ? m1
          ? '0,5 %'
          : '0,15 %'
        : m1
          ? `0,5 ${c.f.pct}`
          : `0,15 ${c.f.pct}`;
  const rate = z.m1 > 0 ? rateOf(true) : rateOf(false);
  const { p1, p2 } = interestParts(z);
  switch (c.g) {
    case 'G01':
    case 'G02':
    case 'G06': {
      const rows = split
        ? [
            [c.dt(z.von), c.dt(end2018), String(z.m1), rateOf(true), c.m(p1)],
            [c.dt('2019-01-01'), c.dt(z.bis), String(z.m2), rateOf(false), c.m(p2)],
          ]
        : [[c.dt(z.von), c.dt(z.bis), String(months), rate, c.m(z.betrag)]];
      return [
        { k: 'h', text: V.zinsen.includes('§') ? V.zinsen : `${V.zinsen} (§ 233a AO)` },
        {
          k: 'kv',
          rows: [
            [
              c.g === 'G02'
                ? 'Zinsberechnungsgrundlage (auf volle 50 Euro abgerundet)'
                : 'zu verzinsender Betrag, abgerundet auf volle 50 €',
              c.m(z.basis),
            ],
          ],
        },
        {
          k: 'table',
          head: ['Zinslauf vom', 'bis', 'volle Monate', 'Zinssatz mtl.', 'Zinsen'],
          w: [3, 3, 2, 2, 3],
          align: 'llrrr',
          rows,
          grid: c.g !== 'G01',
          ...(split ? { foot: ['Zinsen insgesamt', '(volle Euro)', String(months), '', c.m(z.betrag)] } : {}),
        },
      ];
    }
    case 'G03':
      return [
        { k: 'h', text: 'Festsetzung von Zinsen zur Gewerbesteuer' },
        {
          k: 'kv',
          leader: true,
          rows: [
            ['Unterschiedsbetrag (§ 233a Abs. 3 AO)', c.m(Math.abs(diff))],
            ['zu verzinsen (abgerundet auf 50 EUR)', c.m(z.basis)],
            ['Beginn des Zinslaufs', c.dt(z.von)],
            ['Ende des Zinslaufs', c.dt(z.bis)],
            ['Anzahl voller Monate', String(months)],
            ...(split
              ? ([
                  [`davon bis 31.12.2018 zu 0,5 vom Hundert`, `${z.m1} Monate`],
                  [`davon ab 01.01.2019 zu 0,15 vom Hundert`, `${z.m2} Monate`],
                ] as [string, string][])
              : ([['Zinssatz je Monat', z.m1 ? '0,5 vom Hundert' : '0,15 vom Hundert']] as [
                  string,
                  string,
                ][])),
            [V.zinsen, c.m(z.betrag)],
          ],
        },
      ];
    case 'G04':
      return [
        { k: 'h', text: `${V.zinsen} nach § 233a AO` },
        {
          k: 'table',
          head: ['Abgabe', 'Berechnungszeitraum', 'Zinsgrundlage', 'Monate', 'Zinssatz', 'Zinsen'],
          w: [2.4, 4.2, 2.4, 1.4, 1.6, 2.2],
          align: 'llrrrr',
          rows: split
            ? [
                [
                  `Gewerbesteuer ${c.ez}`,
                  `${c.dt(z.von)} – ${c.dt(end2018)}`,
                  c.m(z.basis),
                  String(z.m1),
                  rateOf(true),
                  c.m(p1),
                ],
                [
                  '',
                  `${c.dt('2019-01-01')} – ${c.dt(z.bis)}`,
                  c.m(z.basis),
                  String(z.m2),
                  rateOf(false),
                  c.m(p2),
                ],
              ]
            : [
                [
                  `Gewerbesteuer ${c.ez}`,
                  `${c.dt(z.von)} – ${c.dt(z.bis)}`,
                  c.m(z.basis),
                  String(months),
                  rate,
                  c.m(z.betrag),
                ],
              ],
          ...(split ? { foot: ['Summe', 'auf volle Euro abgerundet', '', '', '', c.m(z.betrag)] } : {}),
        },
      ];
    case 'G07': {
      const rows: string[][] = [
        ['10', 'ZINSLAUF BEGINN', '', c.dt(z.von)],
        ['11', 'ZINSLAUF ENDE (BEKANNTGABE)', '', c.dt(z.bis)],
        ['12', 'ZINSBEMESSUNGSGRUNDLAGE', '', c.m(z.basis)],
      ];
      if (split)
        rows.push(
          ['13', `MONATE BIS 31.12.2018 X 0,50 V.H.`, String(z.m1), c.m(p1)],
          ['14', 'MONATE AB 01.01.2019 X 0,15 V.H.', String(z.m2), c.m(p2)],
        );
      else rows.push(['13', `VOLLE MONATE X ${rate}`, String(months), '']);
      rows.push(['15', V.zinsen, '', c.m(z.betrag)]);
      return [
        {
          k: 'table',
          head: ['KZ', 'ZINSBERECHNUNG', 'MON.', 'BETRAG/DATUM'],
          w: [1, 7, 1.5, 3],
          align: 'llrr',
          rows,
        },
      ];
    }
    default: {
      const rateText = split
        ? `für ${z.m1} Monate bis zum ${c.dt(end2018)} ${rateOf(true)} und für ${z.m2} Monate ab dem ${c.dt('2019-01-01')} ${rateOf(false)} je Monat`
        : `${rate} für jeden vollen Monat`;
      return [
        { k: 'h', text: c.g === 'G08' ? 'Warum berechnen wir Zinsen?' : `${V.zinsen}` },
        {
          k: 'p',
          text: `Der ${diff > 0 ? 'nachzuzahlende' : 'festgesetzte'} Betrag von ${c.m(Math.abs(diff))} wird nach § 233a der Abgabenordnung verzinst. Der Zinslauf beginnt am ${c.dt(z.von)} und endet mit dem Tag der Bekanntgabe dieses Bescheides am ${c.dt(z.bis)}. Berechnet werden ${months} volle Monate; der Zinssatz beträgt ${rateText}. Aus dem auf volle 50 € abgerundeten Betrag von ${c.m(z.basis)} ergeben sich Zinsen von ${c.m(z.betrag)}.`,
        },
      ];
    }
  }
}

const ROMAN = ['I', 'II', 'III', 'IV'];
/** The prepayment schedule in the family's form; `oldQ`: the quarter amount so far (old/new forms). */
function vzBlocks(c: Cx, oldQ: number, heading: string): G4Block[] {
  const { d, V } = c;
  const vz = d.vz;
  if (!vz.length) return [];
  const years = [...new Set(vz.map((q) => q.jahr))].join('/');
  switch (c.g) {
    case 'G01':
      return [
        { k: 'h', text: heading },
        {
          k: 'table',
          head: ['Fälligkeit', 'Zeitraum', oldQ ? 'bisher' : '', V.vz],
          w: [3, 3, 3, 3],
          align: 'llrr',
          rows: vz.map((q) => [
            c.dt(q.faellig_am),
            `${q.quartal}. Vj. ${q.jahr}`,
            oldQ ? c.m(oldQ) : '',
            c.m(q.betrag),
          ]),
        },
      ];
    case 'G02': {
      const gs = int(c.r, 30, 900) * 100 + int(c.r, 0, 99);
      return [
        { k: 'h', text: `${heading} (mit Grundsteuer B)` },
        {
          k: 'table',
          head: ['Fälligkeit', 'Grundsteuer B', 'Gewerbesteuer', 'zusammen'],
          w: [3, 3, 3, 3],
          align: 'lrrr',
          grid: true,
          rows: vz.map((q) => [c.dt(q.faellig_am), c.m(gs), c.m(q.betrag), c.m(gs + q.betrag)]),
        },
        {
          k: 'p',
          small: true,
          text: 'Fällt ein Fälligkeitstag auf einen Samstag, Sonntag oder Feiertag, ist der Betrag am nächsten Werktag zu entrichten.',
        },
      ];
    }
    case 'G03':
      return [
        { k: 'h', text: heading },
        {
          k: 'kv',
          leader: true,
          rows: vz.map((q) => [
            `Vorauszahlung ${ROMAN[q.quartal - 1]}/${q.jahr}, fällig am ${c.dt(q.faellig_am)}`,
            c.m(q.betrag),
          ]),
        },
      ];
    case 'G04':
      return [
        { k: 'h', text: heading },
        {
          k: 'table',
          head: ['Quartal', 'Fälligkeit', 'bisher', 'neu', 'Änderung'],
          w: [2, 3.5, 2.5, 2.5, 2.5],
          align: 'llrrr',
          rows: vz.map((q) => [
            `${q.quartal}/${q.jahr}`,
            c.dt(q.faellig_am),
            c.m(oldQ),
            c.m(q.betrag),
            `${q.betrag >= oldQ ? '+' : '-'}${g4Number(q.betrag - oldQ, '.')}`,
          ]),
        },
      ];
    case 'G05': {
      const first = vz[0]!;
      const same = vz.every((q) => q.betrag === first.betrag);
      const dates = vz.map((q) => c.dt(q.faellig_am));
      const list =
        dates.length > 1 ? `${dates.slice(0, -1).join('; ')} und ${dates[dates.length - 1]}` : dates[0];
      return [
        { k: 'h', text: heading },
        {
          k: 'p',
          text: same
            ? `Die Vorauszahlungen für ${years} betragen vierteljährlich je ${c.m(first.betrag)}. Sie sind zu entrichten am ${list}.`
            : vz.map((q) => `Am ${c.dt(q.faellig_am)} sind ${c.m(q.betrag)} zu zahlen.`).join(' '),
        },
        {
          k: 'p',
          text: 'Die Vorauszahlungen sind auch in den folgenden Jahren zu den genannten Terminen zu leisten, bis ein neuer Bescheid ergeht.',
        },
      ];
    }
    case 'G06':
      return [
        {
          k: 'margin',
          label: V.vz,
          lines: vz.map(
            (q) =>
              [`${q.quartal}. Quartal ${q.jahr}, ${V.due} ${c.dt(q.faellig_am)}`, c.m(q.betrag)] as [
                string,
                string,
              ],
          ),
        },
      ];
    case 'G07':
      return [
        {
          k: 'table',
          head: ['KZ', V.vz, 'FAELLIG', 'BETRAG'],
          w: [1, 5, 3, 3],
          align: 'llrr',
          rows: vz.map((q, i) => [
            String(20 + i),
            `VZ ${q.quartal}/${q.jahr}`,
            c.dt(q.faellig_am),
            c.m(q.betrag),
          ]),
        },
      ];
    default:
      return [
        { k: 'h', text: 'Wann sind Ihre Vorauszahlungen fällig?' },
        {
          k: 'kv',
          rows: vz.map((q) => [`${c.dt(q.faellig_am)} (${q.quartal}. Quartal ${q.jahr})`, c.m(q.betrag)]),
        },
      ];
  }
}

// ---------------------------------------------------------------------------------------------
// Gewerbesteuerbescheid
// ---------------------------------------------------------------------------------------------

function gewstBlocks(c: Cx): G4Block[] {
  const { d, v, V, ez } = c;
  const diff = d.tax - d.bisher;
  const z = v.interest;
  const changed = v.oldMb !== null;
  const oldQ = Math.floor(d.bisher / 400) * 100;
  const vzHead = `${V.vz} ab ${d.vz[0]?.jahr ?? ''}`;
  const dueText = diff > 0 ? c.dt(d.faellig) : '';
  const mehrWeniger = diff >= 0 ? V.mehr : V.weniger;
  const zinsB = z ? interestBlocks(c, z, diff) : [];
  const vzB = vzBlocks(c, oldQ, vzHead);
  const out: G4Block[] = [];
  switch (c.g) {
    case 'G01': {
      out.push(
        {
          k: 'title',
          text: changed
            ? `Geänderter Gewerbesteuerbescheid ${ez}`
            : c.pk([`Gewerbesteuerbescheid ${ez}`, `Bescheid über die Festsetzung der Gewerbesteuer ${ez}`]),
        },
        {
          k: 'p',
          text: `Aufgrund des Gewerbesteuermessbescheides des Finanzamts ${c.fa} vom ${c.dt(c.mbDatum)} wird die Gewerbesteuer für das Kalenderjahr ${ez} ${changed ? 'geändert und ' : ''}wie folgt festgesetzt:`,
        },
        {
          k: 'table',
          head: ['Abgabe', 'Bemessungsgrundlage', V.hs, 'Jahresbetrag'],
          w: [3, 4, 2, 3],
          align: 'llrr',
          rows: [
            [
              `Gewerbesteuer ${ez}`,
              v.unifiedMb
                ? `Zerlegungsanteil ${c.mw(d.mb)} (einheitlicher Messbetrag ${c.mw(v.unifiedMb)})`
                : `${V.mb} ${c.mw(d.mb)}`,
              c.pc(d.hebesatz),
              c.m(d.tax),
            ],
          ],
        },
        {
          k: 'kv',
          rows: [
            [V.bisher, c.m(d.bisher)],
            [mehrWeniger, c.m(Math.abs(diff))],
            ...(diff > 0 ? ([[V.due, dueText]] as [string, string][]) : []),
          ],
        },
      );
      if (diff < 0)
        out.push({
          k: 'p',
          text: 'Der Erstattungsbetrag wird auf das uns bekannte Konto überwiesen, soweit er nicht mit Rückständen verrechnet wird.',
        });
      out.push(...zinsB);
      if (z && diff > 0)
        out.push({
          k: 'kv',
          rows: [[`Gesamtbetrag (Nachzahlung und Zinsen), fällig am ${dueText}`, c.m(diff + z.betrag)]],
        });
      out.push(...vzB);
      break;
    }
    case 'G02': {
      const gsMb = int(c.r, 2000, 90000) + int(c.r, 0, 99) / 100;
      const gsHs = int(c.r, 30, 66) * 10;
      const gsTax = Math.round(gsMb * gsHs);
      const fee = int(c.r, 90, 480) * 100;
      const y = Number(d.datum.slice(0, 4));
      const sign = (x: number) => (x === 0 ? '0,00' : `${x > 0 ? '+' : '-'}${g4Number(x, '.')}`);
      out.push(
        {
          k: 'title',
          text: c.pk([`Abgabenbescheid – Gemeindeabgaben`, `Bescheid über Gemeindeabgaben`]),
          sub: `Gewerbesteuer ${ez}, Grundsteuer B ${y}, Abfallgebühr ${y}`,
        },
        {
          k: 'p',
          text: `Für das oben genannte Steuerkonto werden folgende Abgaben festgesetzt bzw. geändert. Grundlage der Gewerbesteuer ist der Steuermessbescheid des Finanzamts ${c.fa} vom ${c.dt(c.mbDatum)}.`,
        },
        {
          k: 'table',
          head: ['Abgabeart', 'Jahr', 'Grundlage', V.hs, V.steuer, V.bisher, V.mehr, V.due],
          w: [2.5, 1.2, 3.4, 1.6, 2.4, 2.4, 2.3, 2.3],
          align: 'llrrrrrl',
          grid: true,
          rows: [
            [
              'Grundsteuer B',
              String(y),
              `GrSt-Messbetrag ${g4Number(Math.round(gsMb * 100), '.')}`,
              c.pc(gsHs),
              c.m(gsTax),
              c.m(gsTax),
              '0,00',
              'vierteljährl.',
            ],
            [
              'Gewerbesteuer',
              String(ez),
              `${V.mb} ${c.mw(d.mb)}`,
              c.pc(d.hebesatz),
              c.m(d.tax),
              c.m(d.bisher),
              sign(diff),
              diff > 0 ? dueText : '–',
            ],
            ['Abfallgebühr', String(y), '1 Behälter 120 l', '', c.m(fee), c.m(fee), '0,00', '15.2.'],
          ],
        },
        {
          k: 'p',
          text:
            diff > 0
              ? `Der Mehrbetrag zur Gewerbesteuer von ${c.m(diff)} ist bis zum ${dueText} zu entrichten.`
              : diff < 0
                ? `Der Minderbetrag zur Gewerbesteuer von ${c.m(-diff)} wird erstattet oder mit fälligen Abgaben verrechnet.`
                : 'Für die Gewerbesteuer ergibt sich keine Änderung.',
        },
        ...zinsB,
        ...vzB,
      );
      break;
    }
    case 'G03': {
      out.push(
        {
          k: 'title',
          text: changed
            ? `Bescheid für ${ez} über Gewerbesteuer`
            : c.pk([`Bescheid für ${ez} über Gewerbesteuer`, `Gewerbesteuerbescheid für ${ez}`]),
          sub: changed
            ? `– geändert nach § 175 Abs. 1 Satz 1 Nr. 1 AO; dieser Bescheid ersetzt den Bescheid vom ${c.dt(v.oldDatum)} –`
            : undefined,
        },
        {
          k: 'p',
          text: `In ${c.name} setzt das Finanzamt die Gewerbesteuer fest und erhebt sie. Der Festsetzung liegt der Gewerbesteuermessbetrag aus dem Messbescheid vom ${c.dt(c.mbDatum)} zugrunde.`,
        },
        { k: 'h', text: 'Festsetzung' },
        {
          k: 'kv',
          leader: true,
          rows: [
            [V.mb, c.mw(d.mb)],
            [V.hs, c.pc(d.hebesatz)],
            [V.steuer, c.m(d.tax)],
          ],
        },
        { k: 'h', text: 'Abrechnung' },
        {
          k: 'kv',
          leader: true,
          rows: [
            ['Gewerbesteuer festgesetzt', c.m(d.tax)],
            [V.bisher, c.m(d.bisher)],
            [diff === 0 ? 'Unterschiedsbetrag' : mehrWeniger, c.m(Math.abs(diff))],
          ],
        },
        {
          k: 'p',
          text:
            diff > 0
              ? `Bitte zahlen Sie den Betrag von ${c.m(diff)} spätestens am ${dueText} an die Finanzkasse. ${V.due}: ${dueText}.`
              : diff < 0
                ? `Der Betrag von ${c.m(-diff)} wird Ihnen erstattet, soweit keine Verrechnung mit anderen Steuern erfolgt.`
                : 'Es ergibt sich keine Zahlung.',
        },
        ...zinsB,
        ...vzB,
      );
      break;
    }
    case 'G04': {
      out.push({
        k: 'title',
        text: changed
          ? `Änderungsbescheid über Gewerbesteuer für ${ez}`
          : `Gewerbesteuerbescheid für das Jahr ${ez}`,
        sub: changed
          ? `Dieser Bescheid ändert den Gewerbesteuerbescheid vom ${c.dt(v.oldDatum)}, weil das Finanzamt ${c.fa} den Steuermessbetrag mit Bescheid vom ${c.dt(c.mbDatum)} geändert hat.`
          : undefined,
      });
      if (changed)
        out.push(
          { k: 'h', text: `Bisherige Festsetzung (Bescheid vom ${c.dt(v.oldDatum)})` },
          {
            k: 'kv',
            indent: 12,
            rows: [
              [V.mb, c.mw(v.oldMb!)],
              [V.hs, c.pc(d.hebesatz)],
              [V.steuer, c.m(d.bisher)],
            ],
          },
          { k: 'h', text: 'Neue Festsetzung' },
        );
      else out.push({ k: 'h', text: 'Festsetzung' });
      out.push(
        {
          k: 'kv',
          indent: 12,
          rows: [
            ...(v.unifiedMb
              ? ([
                  ['einheitlicher Steuermessbetrag (lt. Zerlegungsbescheid)', c.mw(v.unifiedMb)],
                  [`davon Zerlegungsanteil der ${c.kind} ${c.name}`, c.mw(d.mb)],
                ] as [string, string][])
              : ([[V.mb, c.mw(d.mb)]] as [string, string][])),
            [V.hs, c.pc(d.hebesatz)],
            [V.steuer, c.m(d.tax)],
          ],
        },
        { k: 'h', text: 'Abrechnung' },
        {
          k: 'kv',
          indent: 12,
          rows: [
            [`${V.steuer} ${changed ? 'neu' : ez}`, c.m(d.tax)],
            [V.bisher, c.m(d.bisher)],
            [diff === 0 ? 'Unterschied' : mehrWeniger, c.m(Math.abs(diff))],
            ...(diff > 0 ? ([[V.due, dueText]] as [string, string][]) : []),
          ],
        },
        ...zinsB,
        ...vzB,
      );
      break;
    }
    case 'G05': {
      const bisherText = d.bisher
        ? `Bisher waren für ${ez} ${c.m(d.bisher)} festgesetzt.`
        : `Für ${ez} war bisher keine Gewerbesteuer festgesetzt (bisher: ${c.m(0)}).`;
      const abr =
        diff > 0
          ? `Daraus ergibt sich ein ${V.mehr} von ${c.m(diff)}, ${V.due} am ${dueText}.`
          : diff < 0
            ? `Daraus ergibt sich ein ${V.weniger} von ${c.m(-diff)}, der Ihnen erstattet wird.`
            : `Es ergibt sich kein Unterschied (${c.m(0)}).`;
      out.push(
        {
          k: 'title',
          text: c.pk([`Gewerbesteuerbescheid ${ez}`, `Festsetzung und Abrechnung der Gewerbesteuer ${ez}`]),
        },
        { k: 'h', text: '1. Festsetzung' },
        {
          k: 'p',
          text: `Das Finanzamt ${c.fa} hat den ${V.mb} für ${ez} mit Bescheid vom ${c.dt(c.mbDatum)} auf ${c.mw(d.mb)} festgesetzt. Mit dem vom Gemeinderat beschlossenen ${V.hs} von ${c.pc(d.hebesatz)} ergibt sich eine Gewerbesteuer von ${c.m(d.tax)}.`,
        },
        { k: 'h', text: '2. Abrechnung' },
        { k: 'p', text: `${bisherText} ${abr}` },
      );
      if (z)
        out.push(
          ...interestBlocks(c, z, diff).map((b) => (b.k === 'h' ? { ...b, text: `3. ${b.text}` } : b)),
        );
      if (d.vz.length)
        out.push(...vzB.map((b) => (b.k === 'h' ? { ...b, text: `${z ? 4 : 3}. ${b.text}` } : b)));
      break;
    }
    case 'G06': {
      out.push(
        {
          k: 'title',
          text: c.pk([
            `Gewerbesteuer ${ez} – Bescheid`,
            `Steuerbescheid Gewerbesteuer, Erhebungszeitraum ${ez}`,
          ]),
        },
        {
          k: 'margin',
          label: 'Festsetzung',
          lines: [
            ...(v.unifiedMb
              ? ([
                  ['Messbetrag des Unternehmens (einheitlich)', c.mw(v.unifiedMb)],
                  ['Zerlegungsanteil', c.mw(d.mb)],
                ] as [string, string][])
              : ([[V.mb, c.mw(d.mb)]] as [string, string][])),
            [V.hs, c.pc(d.hebesatz)],
            [V.steuer, c.m(d.tax)],
          ],
        },
        {
          k: 'margin',
          label: 'Abrechnung',
          lines: [
            [V.bisher, c.m(d.bisher)],
            [mehrWeniger, c.m(Math.abs(diff))],
            ...(diff > 0 ? ([[V.due, dueText]] as [string, string][]) : []),
          ],
        },
        ...zinsB,
        ...vzB,
        {
          k: 'margin',
          label: 'Begründung',
          lines: [
            `Die Festsetzung beruht auf dem Messbescheid des Finanzamts ${c.fa} vom ${c.dt(c.mbDatum)} (§ 184 AO) und der Hebesatzsatzung der ${c.kind} ${c.name}.`,
          ],
        },
      );
      break;
    }
    case 'G07': {
      const rows: string[][] = [
        ...(v.unifiedMb
          ? [['00', 'EINHEITL. MESSBETRAG (ZERLEGT)', String(ez), c.m(v.unifiedMb * 100)]]
          : []),
        ['01', v.unifiedMb ? 'ZERLEGUNGSANTEIL GEMEINDE' : V.mb, String(ez), c.m(d.mb * 100)],
        ['02', V.hs, String(ez), String(d.hebesatz)],
        ['03', V.steuer, String(ez), c.m(d.tax)],
        ['04', V.bisher, String(ez), c.m(d.bisher)],
        ['05', diff >= 0 ? V.mehr : V.weniger, String(ez), `${c.m(Math.abs(diff))}${diff < 0 ? ' H' : ''}`],
      ];
      if (diff > 0) rows.push(['06', V.due, '', dueText]);
      out.push(
        {
          k: 'title',
          text: changed
            ? `AENDERUNGSBESCHEID GEWERBESTEUER ${ez}`
            : c.pk([`GEWERBESTEUERBESCHEID ${ez}`, `BESCHEID UEBER GEWERBESTEUER ${ez}`]),
        },
        {
          k: 'p',
          text: `AUF GRUND DES MESSBESCHEIDES VOM ${c.dt(c.mbDatum)} WIRD FESTGESETZT (H = GUTSCHRIFT):`,
        },
        {
          k: 'table',
          head: ['KZ', 'BEZEICHNUNG', 'EZ', 'BETRAG EUR'],
          w: [1, 7, 1.5, 3],
          align: 'llrr',
          rows,
        },
        ...zinsB,
        ...vzB,
      );
      break;
    }
    default: {
      const pay = diff > 0 ? diff + (z?.betrag ?? 0) : 0;
      out.push(
        { k: 'title', text: `Ihre Gewerbesteuer für ${ez}`, sub: 'Bescheid über Gewerbesteuer' },
        {
          k: 'box',
          dark: true,
          title: 'Das Wichtigste in Kürze',
          rows:
            diff > 0
              ? [
                  [V.mehr, c.m(diff)],
                  ...(z ? ([[`${V.zinsen} dazu`, c.m(z.betrag)]] as [string, string][]) : []),
                  [`Bitte überweisen Sie ${V.due}`, dueText],
                ]
              : diff < 0
                ? [[V.weniger, c.m(-diff)]]
                : [['Keine Zahlung nötig – Unterschied', c.m(0)]],
        },
        { k: 'h', text: 'Wie haben wir Ihre Gewerbesteuer berechnet?' },
        {
          k: 'kv',
          rows: [
            [V.mb, c.mw(d.mb)],
            [`× ${V.hs}`, c.pc(d.hebesatz)],
            [`= ${V.steuer}`, c.m(d.tax)],
            [`– ${V.bisher}`, c.m(d.bisher)],
            [`= ${diff >= 0 ? 'Nachzahlung' : 'Erstattung'}`, c.m(Math.abs(diff))],
          ],
        },
        ...zinsB,
      );
      if (pay)
        out.push(
          { k: 'h', text: 'Was müssen Sie tun?' },
          {
            k: 'p',
            text: `Überweisen Sie bitte ${c.m(pay)} bis zum ${dueText}. Geben Sie dabei als Verwendungszweck ${d.kassenzeichen} an. Sie können auch den GiroCode mit Ihrer Banking-App scannen.`,
          },
          {
            k: 'giro',
            rows: [
              ['Empfänger', kasse(c)],
              ['IBAN', groupIban(d.iban)],
              ['BIC', d.bic],
              ['Betrag', c.m(pay)],
              ['Verwendungszweck', d.kassenzeichen],
            ],
          },
        );
      out.push(...vzB);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Vorauszahlungsbescheid (with the year's Abrechnung where quarters have already fallen due)
// ---------------------------------------------------------------------------------------------

function vzNoticeBlocks(c: Cx): G4Block[] {
  const { d, v, V } = c;
  const year = d.vz[0]?.jahr ?? d.ez;
  const q = d.vz[0]?.betrag ?? 0;
  const oldQ = v.oldQuarter;
  const due = d.vz.filter((x) => x.faellig_am < d.datum);
  const nachDue = g4WorkingDay(addDays(d.datum, 30));
  const title = {
    G01: [
      `Bescheid über Gewerbesteuer-Vorauszahlungen ab ${year}`,
      `Vorauszahlungsbescheid Gewerbesteuer ${year}`,
    ],
    G02: [
      `Bescheid über Gemeindeabgaben – Vorauszahlungen ${year}`,
      `Abgabenbescheid ${year} (Vorauszahlungen)`,
    ],
    G03: [`Bescheid über Vorauszahlungen zur Gewerbesteuer für ${year} und folgende Jahre`],
    G04: [
      `Bescheid über die Anpassung der Gewerbesteuer-Vorauszahlungen ${year}`,
      `Vorauszahlungsbescheid für ${year}`,
    ],
    G05: [`Festsetzung der Vorauszahlungen zur Gewerbesteuer ${year}`],
    G06: [`Gewerbesteuer-Vorauszahlungen ${year} – Bescheid`],
    G07: [`VORAUSZAHLUNGSBESCHEID GEWERBESTEUER ${year}`, `BESCHEID UEBER GEWST-VORAUSZAHLUNGEN AB ${year}`],
    G08: [`Ihre Gewerbesteuer-Vorauszahlungen ab ${year}`],
  }[c.g]!;
  const annual = d.tax;
  const base: [string, string][] = [
    [V.mb, c.mw(d.mb)],
    [V.hs, c.g === 'G07' ? String(d.hebesatz) : c.pc(d.hebesatz)],
    [
      c.pk(['voraussichtliche Jahressteuer', 'Jahresbetrag der Vorauszahlungen', 'Jahressteuer (Grundlage)']),
      c.m(annual),
    ],
  ];
  const out: G4Block[] = [
    {
      k: 'title',
      text: c.pk(title),
      ...(c.g === 'G08' ? { sub: 'Bescheid über Vorauszahlungen zur Gewerbesteuer (§ 19 GewStG)' } : {}),
    },
  ];
  const intro = `Nach § 19 GewStG werden die Vorauszahlungen zur Gewerbesteuer ab ${year} auf der Grundlage des Steuermessbetrags für Zwecke der Vorauszahlungen (Messbescheid des Finanzamts ${c.fa} vom ${c.dt(c.mbDatum)}) wie folgt festgesetzt.`;
  if (c.g === 'G06') out.push({ k: 'margin', label: 'Grundlagen', lines: [intro, ...base] });
  else if (c.g === 'G05')
    out.push({
      k: 'p',
      text: `${intro} Der ${V.mb} beträgt ${c.mw(d.mb)}, der ${V.hs} ${c.pc(d.hebesatz)}; die voraussichtliche Jahressteuer beläuft sich damit auf ${c.m(annual)}, ein Viertel davon (auf volle Euro abgerundet) auf ${c.m(q)}.`,
    });
  else if (c.g === 'G07')
    out.push(
      { k: 'p', text: intro.toUpperCase().replace(/Ä/g, 'AE').replace(/Ü/g, 'UE').replace(/Ö/g, 'OE') },
      { k: 'kv', leader: true, rows: base },
    );
  else out.push({ k: 'p', text: intro }, { k: 'kv', leader: c.g === 'G03', rows: base });
  out.push(...vzBlocks(c, oldQ, `${V.vz} ${year}`));
  // Abrechnung of the year so far: quarters already due were owed at the old amount.
  if (due.length && oldQ && ['G01', 'G04', 'G05', 'G06', 'G08'].includes(c.g)) {
    const before = due.length * oldQ;
    const now = due.length * q;
    const delta = now - before;
    out.push(
      {
        k: 'h',
        text:
          c.g === 'G08'
            ? 'Was ist mit den schon fälligen Raten?'
            : `Abrechnung der bereits fälligen Vorauszahlungen ${year}`,
      },
      {
        k: 'kv',
        rows: [
          [`bisher fällig (${due.length} × ${c.m(oldQ)})`, c.m(before)],
          [`nach diesem Bescheid fällig (${due.length} × ${c.m(q)})`, c.m(now)],
          [delta >= 0 ? 'nachzuzahlen' : 'zu erstatten', c.m(Math.abs(delta))],
          ...(delta > 0
            ? ([['zahlbar innerhalb eines Monats, spätestens am', c.dt(nachDue)]] as [string, string][])
            : []),
        ],
      },
    );
  }
  if (c.g === 'G02' || c.g === 'G03')
    out.push({
      k: 'p',
      text: 'Die Vorauszahlungen sind auch in den Folgejahren zu den gleichen Terminen zu entrichten, bis ein neuer Bescheid ergeht. Sie werden auf die Jahressteuer angerechnet (§ 20 GewStG).',
    });
  return out;
}

// ---------------------------------------------------------------------------------------------
// Zinsbescheid (§ 233a AO)
// ---------------------------------------------------------------------------------------------

function zinsNoticeBlocks(c: Cx): G4Block[] {
  const { d, v, V, ez } = c;
  const z = v.interest!;
  const diff = d.tax - d.bisher;
  const due = c.dt(d.faellig);
  const title = {
    G01: [`Bescheid über Zinsen zur Gewerbesteuer ${ez}`, `Zinsbescheid (§ 233a AO) – Gewerbesteuer ${ez}`],
    G02: [`Bescheid über Nachzahlungszinsen zur Gewerbesteuer ${ez}`],
    G03: [`Bescheid für ${ez} über Zinsen zur Gewerbesteuer`],
    G04: [`Zinsbescheid zur Gewerbesteuer ${ez}`, `Festsetzung von Nachzahlungszinsen (§ 233a AO) für ${ez}`],
    G05: [`Zinsbescheid – Verzinsung der Gewerbesteuer ${ez}`],
    G06: [`Zinsen zur Gewerbesteuer ${ez} – Bescheid`],
    G07: [`ZINSBESCHEID GEWERBESTEUER ${ez}`],
    G08: [`Zinsen zu Ihrer Gewerbesteuer ${ez}`],
  }[c.g]!;
  const out: G4Block[] = [
    {
      k: 'title',
      text: c.pk(title),
      ...(c.g === 'G08' ? { sub: 'Bescheid über Zinsen nach § 233a Abgabenordnung' } : {}),
    },
    {
      k: 'p',
      text: c.up(
        `Mit Bescheid vom ${c.dt(addDays(d.datum, -int(c.r, 0, 3)))} wurde die Gewerbesteuer für ${ez} auf ${c.m(d.tax)} festgesetzt (bisher: ${c.m(d.bisher)}). Der Unterschiedsbetrag von ${c.m(diff)} ist nach § 233a in Verbindung mit § 238 AO zu verzinsen.`,
      ),
    },
  ];
  out.push(...interestBlocks(c, z, diff));
  const dueRow: [string, string][] = [
    [
      c.g === 'G07' ? 'FAELLIG AM' : c.g === 'G08' ? 'Bitte zahlen Sie bis' : 'Die Zinsen sind fällig am',
      due,
    ],
  ];
  if (c.g === 'G05' || c.g === 'G08')
    out.push({
      k: 'p',
      text: `Die Zinsen von ${c.m(z.betrag)} sind bis zum ${due} unter Angabe des Kassenzeichens ${d.kassenzeichen} zu zahlen.`,
    });
  else out.push({ k: 'kv', leader: c.g === 'G03', rows: [[V.zinsen, c.m(z.betrag)], ...dueRow] });
  if (c.g === 'G08')
    out.push({
      k: 'giro',
      rows: [
        ['Empfänger', kasse(c)],
        ['IBAN', groupIban(d.iban)],
        ['BIC', d.bic],
        ['Betrag', c.m(z.betrag)],
        ['Verwendungszweck', d.kassenzeichen],
      ],
    });
  out.push({
    k: 'p',
    small: true,
    text: c.up(
      'Zinsen werden nur für volle Monate erhoben; angefangene Monate bleiben außer Ansatz (§ 238 Abs. 1 Satz 2 AO). Der Zinssatz beträgt für Zeiträume ab dem 1. Januar 2019 0,15 Prozent je Monat.',
    ),
  });
  return out;
}

// ---------------------------------------------------------------------------------------------
// Gewerbesteuermessbescheid (tax office)
// ---------------------------------------------------------------------------------------------

function messBlocks(c: Cx): G4Block[] {
  const { d, ez } = c;
  const ge = d.gewerbeertrag;
  const rounded = Math.floor(ge / 10000) * 10000;
  const fb = d.freibetrag;
  const rest = rounded - fb;
  const hinz = Math.floor((ge * int(c.r, 0, 18)) / 100 / 100) * 100;
  const kurz = Math.floor((ge * int(c.r, 0, 9)) / 100 / 100) * 100 + int(c.r, 0, 99);
  const gewinn = ge - hinz + kurz;
  const mb = c.m(d.mb * 100);
  const vzYear = Number(d.datum.slice(0, 4)) + 1;
  const forVz = c.r() < 0.4;
  const title = c.pk(
    c.f.fa === 'fa-mono'
      ? [`BESCHEID FUER ${ez} UEBER DEN GEWERBESTEUERMESSBETRAG`]
      : forVz
        ? [
            `Bescheid für ${ez} über den Gewerbesteuermessbetrag und über den Gewerbesteuermessbetrag für Zwecke der Vorauszahlungen`,
          ]
        : [
            `Bescheid für ${ez} über den Gewerbesteuermessbetrag`,
            `Gewerbesteuermessbescheid ${ez}`,
            `Bescheid über den Steuermessbetrag nach dem Gewerbeertrag für ${ez}`,
          ],
  );
  const out: G4Block[] = [{ k: 'title', text: title }];
  const fbText = fb
    ? `Freibetrag nach § 11 Abs. 1 Satz 3 Nr. 1 GewStG`
    : 'Freibetrag (Kapitalgesellschaft: keiner)';
  switch (c.f.fa) {
    case 'fa-tabelle':
      out.push(
        {
          k: 'p',
          text: `Der Steuermessbetrag wird für ${ez} auf ${mb} festgesetzt. Die Gemeinde ${d.gemeinde.name} erhält eine Ausfertigung dieses Bescheides und setzt auf seiner Grundlage die Gewerbesteuer fest.`,
        },
        {
          k: 'table',
          head: ['Zeile', 'Ermittlung des Steuermessbetrags', 'Euro'],
          w: [1, 8, 3],
          align: 'llr',
          rows: [
            ['1', 'Gewinn aus Gewerbebetrieb (§ 7 GewStG)', c.m(gewinn)],
            ['2', 'Hinzurechnungen (§ 8 GewStG)', c.m(hinz)],
            ['3', 'Kürzungen (§ 9 GewStG)', c.m(kurz)],
            ['4', 'Gewerbeertrag', c.m(ge)],
            ['5', 'abgerundet auf volle 100 Euro', c.m(rounded)],
            ['6', fbText, c.m(fb)],
            ['7', 'verbleibender Gewerbeertrag', c.m(rest)],
            ['8', 'Steuermesszahl 3,5 %, Steuermessbetrag (abgerundet)', mb],
          ],
        },
      );
      break;
    case 'fa-text':
      out.push(
        { k: 'p', text: `Der Steuermessbetrag nach dem Gewerbeertrag wird für ${ez} auf ${mb} festgesetzt.` },
        { k: 'h', text: 'Besteuerungsgrundlagen' },
        {
          k: 'p',
          text: `Ausgehend von einem Gewinn aus Gewerbebetrieb von ${c.m(gewinn)}, vermehrt um Hinzurechnungen von ${c.m(hinz)} und vermindert um Kürzungen von ${c.m(kurz)}, beträgt der Gewerbeertrag ${c.m(ge)}, abgerundet ${c.m(rounded)}. ${fb ? `Davon ist der Freibetrag von ${c.m(fb)} abzuziehen` : `Ein Freibetrag steht nicht zu (${c.m(0)})`}; es verbleiben ${c.m(rest)}. Mit der Steuermesszahl von 3,5 Prozent ergibt sich ein Steuermessbetrag von ${mb}.`,
        },
      );
      break;
    case 'fa-mono':
      out.push({
        k: 'table',
        head: ['ZEILE', 'BESTEUERUNGSGRUNDLAGEN', 'EUR'],
        w: [1.2, 7, 3.5],
        align: 'llr',
        rows: [
          ['10', 'GEWINN AUS GEWERBEBETRIEB', c.m(gewinn)],
          ['20', 'HINZURECHNUNGEN PAR. 8', c.m(hinz)],
          ['30', 'KUERZUNGEN PAR. 9', c.m(kurz)],
          ['40', 'GEWERBEERTRAG', c.m(ge)],
          ['41', 'ABGERUNDET', c.m(rounded)],
          ['50', 'FREIBETRAG PAR. 11', c.m(fb)],
          ['60', 'VERBLEIBEN', c.m(rest)],
          ['70', 'STEUERMESSZAHL 3,5 V.H.', ''],
          ['80', 'STEUERMESSBETRAG', mb],
        ],
      });
      break;
    default: {
      const declared = gewinn + int(c.r, 1, 40) * 10000 + int(c.r, 0, 99);
      const geDecl = declared + hinz - kurz;
      out.push(
        {
          k: 'p',
          text: `Festgesetzt wird der Steuermessbetrag für ${ez}: ${mb}. Die Besteuerungsgrundlagen weichen von Ihrer Erklärung ab; die Abweichungen sind in der Spalte „festgestellt“ ausgewiesen.`,
        },
        {
          k: 'table',
          head: ['Besteuerungsgrundlagen', 'lt. Erklärung', 'festgestellt'],
          w: [6, 3, 3],
          align: 'lrr',
          grid: true,
          rows: [
            ['Gewinn aus Gewerbebetrieb', c.m(declared), c.m(gewinn)],
            ['+ Hinzurechnungen', c.m(hinz), c.m(hinz)],
            ['– Kürzungen', c.m(kurz), c.m(kurz)],
            ['Gewerbeertrag', c.m(geDecl), c.m(ge)],
            ['abgerundet', '', c.m(rounded)],
            ['– Freibetrag', '', c.m(fb)],
            ['verbleibender Betrag', '', c.m(rest)],
            ['Steuermessbetrag (3,5 %)', '', mb],
          ],
        },
        {
          k: 'p',
          small: true,
          text: 'Erläuterung: Die Abweichung beruht auf den Feststellungen der Betriebsprüfung; nicht abziehbare Betriebsausgaben wurden dem Gewinn hinzugerechnet.',
        },
      );
    }
  }
  if (forVz)
    out.push({
      k: 'p',
      text: c.up(
        `Der Steuermessbetrag für Zwecke der Vorauszahlungen wird ab dem Erhebungszeitraum ${vzYear} auf ${mb} festgesetzt (§ 19 Abs. 3 GewStG).`,
      ),
    });
  return out;
}

// ---------------------------------------------------------------------------------------------
// Zerlegungsbescheid (tax office), many municipalities in some families
// ---------------------------------------------------------------------------------------------

function zerlBlocks(c: Cx): G4Block[] {
  const { d, ez } = c;
  const rows = d.zerlegung;
  const total = rows.reduce((s, z) => s + z.anteil, 0);
  const wages = rows.reduce((s, z) => s + z.lohn, 0);
  const pct = (z: (typeof rows)[number]) => `${((100 * z.lohn) / wages).toFixed(4).replace('.', ',')} %`;
  const title = c.pk(
    c.f.fa === 'fa-mono'
      ? [`ZERLEGUNGSBESCHEID FUER ${ez}`]
      : [
          `Zerlegungsbescheid für ${ez}`,
          `Bescheid über die Zerlegung des Gewerbesteuermessbetrags für ${ez}`,
          `Bescheid für ${ez} über die Zerlegung des Steuermessbetrags`,
        ],
  );
  const out: G4Block[] = [
    { k: 'title', text: title },
    {
      k: 'p',
      text: c.up(
        `Der einheitliche Steuermessbetrag für ${ez} von ${c.m(total)} (Messbescheid vom ${c.dt(c.mbDatum)}) wird nach dem Verhältnis der Arbeitslöhne (§ 29 Abs. 1 Nr. 1 GewStG) auf die hebeberechtigten Gemeinden zerlegt. Die Arbeitslöhne sind auf volle 1.000 Euro abgerundet (§ 29 Abs. 3 GewStG).`,
      ),
    },
  ];
  switch (c.f.fa) {
    case 'fa-tabelle':
      out.push({
        k: 'table',
        head: c.f.zerlAgs
          ? ['Nr.', 'Gemeinde', 'Gemeindeschlüssel', 'Arbeitslöhne', 'Zerlegungsanteil']
          : ['Nr.', 'hebeberechtigte Gemeinde', 'Arbeitslöhne EUR', 'Anteil am Messbetrag EUR'],
        w: c.f.zerlAgs ? [1, 5, 3, 3, 3] : [1, 6, 3, 3],
        align: c.f.zerlAgs ? 'lllrr' : 'llrr',
        rows: rows.map((z, i) =>
          c.f.zerlAgs
            ? [String(i + 1), z.gemeinde.name, z.gemeinde.ags, c.m(z.lohn), c.m(z.anteil)]
            : [String(i + 1), `${z.gemeinde.name} (${z.gemeinde.land})`, c.m(z.lohn), c.m(z.anteil)],
        ),
        foot: c.f.zerlAgs ? ['', 'Summe', '', c.m(wages), c.m(total)] : ['', 'Summe', c.m(wages), c.m(total)],
        cont: `Zerlegung ${ez} – Fortsetzung`,
      });
      break;
    case 'fa-text':
      for (const [i, z] of rows.entries())
        out.push({
          k: 'p',
          indent: 14,
          text: `${i + 1}. ${z.gemeinde.kind} ${z.gemeinde.name} (${z.gemeinde.land}): Arbeitslöhne ${c.m(z.lohn)}; Zerlegungsanteil ${c.m(z.anteil)}.`,
        });
      out.push({
        k: 'p',
        text: `Summe der Zerlegungsanteile: ${c.m(total)} (Summe der Arbeitslöhne ${c.m(wages)}).`,
      });
      break;
    case 'fa-mono':
      out.push({
        k: 'table',
        head: ['LFD', 'GEM.-SCHL.', 'GEMEINDE', 'ARBEITSLOEHNE', 'ANTEIL EUR'],
        w: [0.8, 2.2, 5, 3, 3],
        align: 'lllrr',
        rows: rows.map((z, i) => [
          String(i + 1).padStart(3, '0'),
          z.gemeinde.ags,
          z.gemeinde.name,
          c.m(z.lohn),
          c.m(z.anteil),
        ]),
        foot: ['', '', 'SUMME', c.m(wages), c.m(total)],
        cont: 'FORTSETZUNG ZERLEGUNGSLISTE',
      });
      break;
    default:
      out.push({
        k: 'table',
        head: c.f.zerlAgs
          ? ['Gemeinde', 'AGS', 'Arbeitslöhne', 'Anteil in %', 'Anteil am Messbetrag']
          : ['Gemeinde', 'Arbeitslöhne', 'Anteil in %', 'Anteil am Messbetrag'],
        w: c.f.zerlAgs ? [5, 2.5, 3, 2.5, 3] : [5, 3, 2.5, 3],
        align: c.f.zerlAgs ? 'llrrr' : 'lrrr',
        grid: true,
        rows: rows.map((z) =>
          c.f.zerlAgs
            ? [z.gemeinde.name, z.gemeinde.ags, c.m(z.lohn), pct(z), c.m(z.anteil)]
            : [z.gemeinde.name, c.m(z.lohn), pct(z), c.m(z.anteil)],
        ),
        foot: c.f.zerlAgs
          ? ['insgesamt', '', c.m(wages), '100,0000 %', c.m(total)]
          : ['insgesamt', c.m(wages), '100,0000 %', c.m(total)],
        cont: '(Fortsetzung der Zerlegungstabelle)',
      });
  }
  out.push({
    k: 'p',
    small: true,
    text: c.up(
      'Die Gemeinden erhalten eine Ausfertigung dieses Bescheides. Auf dieser Grundlage setzen sie die Gewerbesteuer fest; Einwendungen gegen die Zerlegung sind mit dem Einspruch gegen diesen Bescheid geltend zu machen.',
    ),
  });
  return out;
}

// ---------------------------------------------------------------------------------------------
// Mahnung (surcharges per started month, § 240 AO)
// ---------------------------------------------------------------------------------------------

function mahnBlocks(c: Cx): G4Block[] {
  const { d, v, V, ez } = c;
  const base = Math.floor(d.rueckstand / 5000) * 5000;
  const total = d.rueckstand + d.saeumnis + d.mahngebuehr;
  const due = c.dt(d.faellig);
  const since = c.dt(d.urspruenglichFaellig);
  const months = Array.from({ length: v.szMonths }, (_, i) => ({
    von: addDays(addMonths(d.urspruenglichFaellig, i), 1),
    bis: addMonths(d.urspruenglichFaellig, i + 1),
  }));
  const claim = c.pk([`Gewerbesteuer ${ez}`, `Gewerbesteuer ${ez} (Abrechnung)`, `GewSt-Nachzahlung ${ez}`]);
  const title = {
    G01: ['Mahnung', 'Zahlungserinnerung und Mahnung'],
    G02: ['Mahnung – Gemeindeabgaben', 'Zahlungsaufforderung (Mahnung)'],
    G03: ['Mahnung der Finanzkasse'],
    G04: ['1. Mahnung', 'Mahnung'],
    G05: ['Mahnung rückständiger Gewerbesteuer'],
    G06: ['Mahnung'],
    G07: ['MAHNUNG', 'MAHNUNG - ZAHLUNGSAUFFORDERUNG'],
    G08: ['Bitte zahlen Sie jetzt: Mahnung'],
  }[c.g]!;
  const out: G4Block[] = [{ k: 'title', text: c.pk(title) }];
  const perMonthTable: G4Block = {
    k: 'table',
    head:
      c.g === 'G07'
        ? ['MONAT', 'VON', 'BIS', 'GRUNDLAGE', 'ZUSCHLAG']
        : ['Monat', 'von', 'bis', 'Grundlage (abgerundet)', 'Säumniszuschlag 1 %'],
    w: [1.3, 2.5, 2.5, 3, 3],
    align: 'lllrr',
    grid: c.g !== 'G07',
    rows: months.map((mo, i) => [`${i + 1}.`, c.dt(mo.von), c.dt(mo.bis), c.m(base), c.m(v.szMonth)]),
    foot: [c.g === 'G07' ? 'SUMME' : 'Summe', '', '', '', c.m(d.saeumnis)],
  };
  const summary: [string, string][] = [
    [V.rueck, c.m(d.rueckstand)],
    [V.sz, c.m(d.saeumnis)],
    [V.geb, c.m(d.mahngebuehr)],
    [c.g === 'G07' ? 'GESAMTBETRAG' : 'zu zahlender Gesamtbetrag', c.m(total)],
  ];
  switch (c.g) {
    case 'G05':
      out.push(
        {
          k: 'p',
          text: `Die ${claim} in Höhe von ${c.m(d.rueckstand)} war am ${since} fällig. Bis heute ist bei der ${kasse(c)} keine Zahlung eingegangen. Für jeden angefangenen Monat der Säumnis ist nach § 240 AO ein Säumniszuschlag von 1 Prozent des auf 50 Euro abgerundeten Betrags, also ${c.m(v.szMonth)}, verwirkt; für ${v.szMonths} angefangene Monate sind das ${c.m(d.saeumnis)}.`,
        },
        {
          k: 'p',
          text: `Zusammen mit der Mahngebühr von ${c.m(d.mahngebuehr)} sind ${c.m(total)} zu zahlen. Bitte überweisen Sie diesen Betrag bis ${due}.`,
        },
      );
      break;
    case 'G08':
      out.push(
        {
          k: 'box',
          dark: true,
          title: 'Offene Zahlung',
          rows: [
            [V.rueck, c.m(d.rueckstand)],
            [`${V.sz} (${v.szMonths} Monate)`, c.m(d.saeumnis)],
            [V.geb, c.m(d.mahngebuehr)],
            ['Bitte zahlen Sie bis', due],
          ],
        },
        {
          k: 'p',
          text: `Wir haben Ihre Zahlung für ${claim} nicht erhalten. Sie war am ${since} fällig. Für jeden angefangenen Monat fällt ein Säumniszuschlag von 1 % an. Insgesamt sind jetzt ${c.m(total)} offen.`,
        },
        {
          k: 'giro',
          rows: [
            ['Empfänger', kasse(c)],
            ['IBAN', groupIban(d.iban)],
            ['BIC', d.bic],
            ['Betrag', c.m(total)],
            ['Verwendungszweck', d.kassenzeichen],
          ],
        },
      );
      break;
    case 'G03':
      out.push(
        { k: 'p', text: `Folgende Beträge sind nicht fristgerecht entrichtet worden:` },
        {
          k: 'kv',
          leader: true,
          rows: [
            [`${claim}, fällig gewesen am ${since}`, c.m(d.rueckstand)],
            [`Säumniszuschläge (§ 240 AO) bis ${c.dt(d.datum)}`, c.m(d.saeumnis)],
            [V.geb, c.m(d.mahngebuehr)],
            ['insgesamt', c.m(total)],
          ],
        },
        { k: 'p', text: `Bitte zahlen Sie den Gesamtbetrag bis zum ${due} an die Finanzkasse.` },
      );
      break;
    default:
      out.push(
        {
          k: 'p',
          text: c.up(`Nach unseren Unterlagen ist der folgende Betrag trotz Fälligkeit noch nicht bezahlt:`),
        },
        {
          k: 'table',
          head:
            c.g === 'G07'
              ? ['ABGABE', 'FAELLIG SEIT', 'BETRAG']
              : ['Abgabe / Zeitraum', 'fällig seit', V.rueck],
          w: [6, 3, 3],
          align: 'llr',
          rows: [[c.up(claim), since, c.m(d.rueckstand)]],
        },
      );
      if (c.g === 'G01' || c.g === 'G06' || c.g === 'G07')
        out.push(
          { k: 'p', text: c.up('Säumniszuschläge (§ 240 AO) für jeden angefangenen Monat:') },
          perMonthTable,
        );
      out.push(
        { k: 'kv', leader: c.g === 'G07', rows: summary },
        { k: 'p', text: c.up(`Bitte zahlen Sie den Gesamtbetrag bis zum ${due}.`) },
      );
  }
  out.push({
    k: 'p',
    small: true,
    text: c.up(
      'Sollte der Betrag nicht fristgerecht eingehen, wird ohne weitere Ankündigung die Zwangsvollstreckung eingeleitet; dadurch entstehen weitere Kosten. Haben Sie inzwischen gezahlt, betrachten Sie dieses Schreiben bitte als gegenstandslos.',
    ),
  });
  return out;
}

// ---------------------------------------------------------------------------------------------
// Letters that are no notice (`sonstiges`)
// ---------------------------------------------------------------------------------------------

type SonstKind =
  | 'stundung'
  | 'erlass'
  | 'kontoauszug'
  | 'eingang'
  | 'hebesatz'
  | 'bescheinigung'
  | 'erfassung'
  | 'erklaerung';

function sonstBlocks(c: Cx): { blocks: G4Block[]; printsEz: boolean; kind: SonstKind } {
  const { d, ez } = c;
  const kinds: SonstKind[] = c.v.cityState
    ? ['erklaerung', 'stundung', 'kontoauszug', 'bescheinigung']
    : ['stundung', 'erlass', 'kontoauszug', 'eingang', 'hebesatz', 'bescheinigung', 'erfassung'];
  const kind = c.pk(kinds);
  const y = Number(d.datum.slice(0, 4));
  /** A date shortly before the letter, never in an earlier year (letters without an EZ print no other year). */
  const recent = (days: number) => {
    const x = addDays(d.datum, -days);
    return x.slice(0, 4) === d.datum.slice(0, 4) ? x : `${y}-01-02`;
  };
  const amt = d.rueckstand;
  const U = (s: string) => c.up(s);
  switch (kind) {
    case 'stundung': {
      const n = int(c.r, 3, 6);
      const rate = Math.floor(amt / n / 100) * 100;
      const rows = Array.from({ length: n }, (_, i) => {
        const due = g4WorkingDay(addMonths(addDays(d.datum, 30), i));
        return [`${i + 1}. Rate`, c.dt(due), c.m(i === n - 1 ? amt - rate * (n - 1) : rate)];
      });
      return {
        kind,
        printsEz: true,
        blocks: [
          {
            k: 'title',
            text: U(c.pk(['Stundung nach § 222 AO', 'Ihr Antrag auf Stundung der Gewerbesteuer'])),
          },
          {
            k: 'p',
            text: U(
              `Ihrem Antrag vom ${c.dt(recent(int(c.r, 5, 20)))} entsprechend wird die Gewerbesteuer ${ez} in Höhe von ${c.m(amt)} gestundet. Die Stundung wird gewährt, weil die sofortige Einziehung eine erhebliche Härte bedeuten würde. Der Betrag ist in folgenden Raten zu zahlen:`,
            ),
          },
          { k: 'table', head: ['Rate', 'fällig am', 'Betrag'], w: [3, 4, 4], align: 'llr', rows },
          {
            k: 'p',
            text: U(
              'Für die Dauer der Stundung werden Stundungszinsen nach § 234 AO erhoben; hierüber ergeht nach Ablauf der Stundung ein gesonderter Bescheid. Wird eine Rate nicht pünktlich gezahlt, wird die Stundung widerrufen.',
            ),
          },
        ],
      };
    }
    case 'erlass':
      return {
        kind,
        printsEz: true,
        blocks: [
          { k: 'title', text: U('Antrag auf Erlass von Säumniszuschlägen') },
          {
            k: 'p',
            text: U(
              `Sie haben beantragt, die zur Gewerbesteuer ${ez} entstandenen Säumniszuschläge von ${c.m(d.saeumnis)} zu erlassen (§ 227 AO). Dem Antrag kann nicht entsprochen werden: Säumniszuschläge sind ein Druckmittel zur pünktlichen Zahlung; persönliche oder sachliche Billigkeitsgründe wurden nicht dargelegt.`,
            ),
          },
          {
            k: 'p',
            text: U(
              'Die Säumniszuschläge bleiben daher bestehen. Gegen diese Entscheidung ist der Widerspruch innerhalb eines Monats nach Bekanntgabe zulässig.',
            ),
          },
        ],
      };
    case 'kontoauszug': {
      const soll = d.tax;
      const haben = Math.floor((soll * 0.7) / 100) * 100;
      return {
        kind,
        printsEz: true,
        blocks: [
          {
            k: 'title',
            text: U(c.pk(['Kontoauszug – Steuerkonto', 'Mitteilung über den Stand Ihres Abgabenkontos'])),
          },
          {
            k: 'p',
            text: U(
              `Stand: ${c.dt(d.datum)}. Diese Mitteilung ist kein Bescheid; sie dient Ihrer Information und dem Abgleich Ihrer Buchhaltung.`,
            ),
          },
          {
            k: 'table',
            head: ['Buchungstext', 'Soll', 'Haben', 'Saldo'],
            w: [5, 3, 3, 3],
            align: 'lrrr',
            grid: true,
            rows: [
              [`Gewerbesteuer ${ez}`, c.m(soll), '', c.m(soll)],
              [`Zahlung ${c.dt(recent(int(c.r, 20, 60)))}`, '', c.m(haben), c.m(soll - haben)],
            ],
          },
          {
            k: 'p',
            text: U(
              `Offener Saldo: ${c.m(soll - haben)}. Bitte prüfen Sie, ob Ihre Zahlung noch unterwegs ist.`,
            ),
          },
        ],
      };
    }
    case 'eingang':
      return {
        kind,
        printsEz: false,
        blocks: [
          { k: 'title', text: U('Eingangsbestätigung') },
          {
            k: 'p',
            text: U(
              `Ihr Widerspruch vom ${c.dt(recent(int(c.r, 3, 9)))} gegen den Gewerbesteuerbescheid ist am ${c.dt(recent(int(c.r, 0, 2)))} bei uns eingegangen. Wir prüfen die Sache und kommen unaufgefordert auf Sie zu.`,
            ),
          },
          {
            k: 'p',
            text: U(
              'Bitte beachten Sie: Der Widerspruch hat keine aufschiebende Wirkung. Die festgesetzten Beträge sind daher fristgerecht zu zahlen. Auf Antrag kann die Vollziehung ausgesetzt werden.',
            ),
          },
        ],
      };
    case 'hebesatz':
      return {
        kind,
        printsEz: false,
        blocks: [
          { k: 'title', text: U(`Information: Änderung des Hebesatzes der Gewerbesteuer ab ${y + 1}`) },
          {
            k: 'p',
            text: U(
              `Der Gemeinderat hat am ${c.dt(recent(int(c.r, 10, 40)))} die Haushaltssatzung beschlossen. Der Hebesatz der Gewerbesteuer wird ab dem 1. Januar ${y + 1} von ${c.pc(d.hebesatz)} auf ${c.pc(d.hebesatz + 20)} angehoben.`,
            ),
          },
          {
            k: 'p',
            text: U(
              'Ihre Vorauszahlungen werden wir mit einem gesonderten Bescheid anpassen. Dieses Schreiben ist kein Bescheid; Sie müssen nichts veranlassen.',
            ),
          },
        ],
      };
    case 'bescheinigung':
      return {
        kind,
        printsEz: false,
        blocks: [
          { k: 'title', text: U(c.pk(['Bescheinigung in Steuersachen', 'Unbedenklichkeitsbescheinigung'])) },
          {
            k: 'p',
            text: U(
              `Auf Ihren Antrag vom ${c.dt(recent(int(c.r, 3, 14)))} wird bescheinigt, dass bei der ${c.v.cityState ? 'Finanzkasse' : kasse(c)} für ${d.company} zum ${c.dt(d.datum)} keine Rückstände an Gewerbesteuer bestehen.`,
            ),
          },
          {
            k: 'p',
            text: U(
              'Die Bescheinigung gilt für die Dauer von drei Monaten und dient zur Vorlage bei öffentlichen Auftraggebern. Sie ist kein Steuerbescheid.',
            ),
          },
        ],
      };
    case 'erklaerung':
      return {
        kind,
        printsEz: true,
        blocks: [
          { k: 'title', text: U(`Abgabe der Gewerbesteuererklärung ${ez}`) },
          {
            k: 'p',
            text: U(
              `Für ${ez} liegt uns Ihre Gewerbesteuererklärung noch nicht vor. Bitte übermitteln Sie die Erklärung bis zum ${c.dt(g4WorkingDay(addDays(d.datum, 28)))} elektronisch (§ 14a GewStG). Geht sie nicht ein, kann ein Verspätungszuschlag festgesetzt werden (§ 152 AO) und die Besteuerungsgrundlagen werden geschätzt (§ 162 AO).`,
            ),
          },
        ],
      };
    default:
      return {
        kind,
        printsEz: false,
        blocks: [
          { k: 'title', text: U('Steuerliche Erfassung nach Ihrer Gewerbeanmeldung') },
          {
            k: 'p',
            text: U(
              `Sie haben zum ${c.dt(recent(int(c.r, 20, 50)))} ein Gewerbe angemeldet. Damit wir die Vorauszahlungen zur Gewerbesteuer zutreffend bemessen können, bitten wir Sie, den beigefügten Fragebogen (voraussichtlicher Gewinn des laufenden Jahres und des Folgejahres) bis zum ${c.dt(addDays(d.datum, 21))} zurückzusenden.`,
            ),
          },
          {
            k: 'p',
            text: U(
              'Dieses Schreiben ist kein Bescheid. Ihre Angaben werden vertraulich behandelt (Steuergeheimnis, § 30 AO).',
            ),
          },
        ],
      };
  }
}

/** Explanations some offices print at length (so that a letter runs onto a second page). */
function notes(c: Cx): G4Block[] {
  const all = [
    'Die Gewerbesteuer ist eine Gemeindesteuer. Besteuerungsgrundlage ist der Gewerbeertrag; das Finanzamt setzt den Steuermessbetrag fest, die hebeberechtigte Gemeinde wendet darauf ihren Hebesatz an (§§ 14, 16 GewStG). Der Messbescheid ist für diesen Bescheid bindend (Grundlagenbescheid, § 182 AO).',
    'Wird der Messbescheid geändert oder aufgehoben, wird dieser Bescheid von Amts wegen angepasst (§ 175 Abs. 1 Satz 1 Nr. 1 AO). Einwendungen gegen die Höhe des Messbetrags können daher nur gegenüber dem Finanzamt geltend gemacht werden.',
    'Vorauszahlungen werden auf die Steuerschuld angerechnet. Sie bemessen sich grundsätzlich nach der Steuer, die sich bei der letzten Veranlagung ergeben hat (§ 19 Abs. 2 GewStG). Beträge unter 50 Euro werden nicht festgesetzt.',
    'Bei verspäteter Zahlung entstehen kraft Gesetzes Säumniszuschläge von 1 Prozent des rückständigen, auf 50 Euro abgerundeten Betrags für jeden angefangenen Monat (§ 240 AO). Erteilen Sie uns ein SEPA-Lastschriftmandat, werden fällige Beträge pünktlich eingezogen.',
    'Bitte teilen Sie Änderungen Ihrer Anschrift, Ihrer Bankverbindung oder die Aufgabe des Gewerbebetriebs umgehend mit. Erstattungen erfolgen ausschließlich auf ein Konto, das auf das Unternehmen lautet.',
  ];
  const k = int(c.r, 3, 5);
  const picked = all.slice(0, k);
  if (c.g === 'G06') return [{ k: 'margin', label: 'Erläuterungen', lines: picked }];
  return [
    { k: 'h', text: c.g === 'G05' ? 'Hinweise' : 'Erläuterungen' },
    ...picked.map((t): G4Block => ({ k: 'p', text: c.up(t) })),
  ];
}

// ---------------------------------------------------------------------------------------------
// One letter
// ---------------------------------------------------------------------------------------------

export interface Dev4Built {
  letter: G4Letter;
  printsEz: boolean;
  kind: string;
}

export function buildDev4Letter(d: NoticeData, fam: Dev4Family, v: Dev4Variant, r: Rng): Dev4Built {
  const c = cx(d, v, fam, r);
  let blocks: G4Block[];
  let printsEz = true;
  let kind: string = d.type;
  const extraInfo: [string, string][] = [];
  switch (d.type as NoticeType) {
    case 'gewst_bescheid':
      blocks = gewstBlocks(c);
      break;
    case 'vorauszahlungsbescheid':
      blocks = vzNoticeBlocks(c);
      break;
    case 'zinsbescheid':
      blocks = zinsNoticeBlocks(c);
      break;
    case 'messbescheid':
      blocks = messBlocks(c);
      break;
    case 'zerlegungsbescheid':
      blocks = zerlBlocks(c);
      break;
    case 'mahnung':
      blocks = mahnBlocks(c);
      break;
    default: {
      const s = sonstBlocks(c);
      blocks = s.blocks;
      printsEz = s.printsEz;
      kind = `sonstiges-${s.kind}`;
    }
  }
  const notice = !['mahnung', 'sonstiges'].includes(d.type);
  if (
    ['gewst_bescheid', 'vorauszahlungsbescheid', 'zinsbescheid'].includes(d.type) &&
    ['G03', 'G05', 'G06'].includes(c.g) &&
    r() < 0.6
  )
    blocks.push(...notes(c));
  if (notice) blocks.push(...belehrung(c));
  if (d.type === 'gewst_bescheid' && c.g !== 'G08' && c.g !== 'G07')
    blocks.push({
      k: 'p',
      small: true,
      text: `Bitte geben Sie bei jeder Zahlung das ${c.V.kz === 'Personenkonto' ? 'Personenkonto' : 'Kassenzeichen'} ${d.kassenzeichen} an.`,
    });
  blocks.push(
    { k: 'gap' },
    {
      k: 'p',
      text: c.f.caps
        ? 'DIESES SCHREIBEN WURDE MASCHINELL ERSTELLT UND IST OHNE UNTERSCHRIFT GUELTIG.'
        : c.pk([
            'Mit freundlichen Grüßen',
            'Dieses Schreiben wurde maschinell erstellt und ist ohne Unterschrift gültig.',
          ]),
    },
  );
  if (!notice && c.f.caps) blocks.push({ k: 'p', text: `I. A. ${c.clerk}` });
  const issuer = issuerLines(c);
  const letter: G4Letter = {
    head: issuer,
    ...(c.g === 'G01' && !byTaxOffice(c) ? { headNote: `Gemeindekennziffer ${d.gemeinde.ags}` } : {}),
    sender:
      `${issuer[0]} · ${c.v.cityState || byTaxOffice(c) ? 'Postfach 10 04 51' : 'Rathaus'} · ${byTaxOffice(c) && !c.v.cityState ? '' : `${d.gemeinde.plz} ${d.gemeinde.name}`}`.replace(
        / · $/,
        '',
      ),
    address: addressLines(c),
    info: infoRows(c, extraInfo),
    blocks,
    footer: footerLines(c, r),
  };
  return { letter, printsEz, kind };
}
