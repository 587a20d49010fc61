/**
 * Seventh blind part (blind7), written by an independent author who never saw the extraction
 * engine: seven whole layout families F70–F76 with their own letter model, label vocabularies
 * (2–3 synonyms per label, drawn once per letter), sentences, amount/date/percent forms and their
 * own pdf-lib renderer. Figures come from notice.ts (`makeNotice`); `fixBlind7Data` mends them so
 * that every printed figure obeys the law and the truth is exactly what the notice prints.
 * Engine developers must not open this file, a blind7 PDF or its truth.
 */
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { int, isoDate, type Municipality, pick, type Rng } from './data.js';
import { addDays, type NoticeData, type NoticeType } from './notice.js';

// ---------------------------------------------------------------- forms (amounts, dates, rates)

export interface B7Money {
  th: '.' | ' ' | '';
  unit: '' | '€' | 'EUR' | 'Euro';
  before?: boolean;
  /** How a refund (negative amount) is printed; 'word': absolute value, the label says so. */
  refund: 'lead' | 'trail' | 'word' | 'guthaben';
}
export type B7DateForm = 'dmy' | 'dmy2' | 'dm' | 'long' | 'abbr' | 'iso';
export const B7_DATE_FORMS: B7DateForm[] = ['dmy', 'dmy2', 'dm', 'long', 'abbr', 'iso'];
export type B7Pct = 'v. H.' | 'v.H.' | '%' | 'vom Hundert' | 'Prozent';

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

/** Absolute amount in cents as "1.234,56" (th = grouping), or whole euros "1.234". */
export function b7Num(cents: number, th: string, whole = false): string {
  const a = Math.abs(cents);
  const e = String(Math.floor(a / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, th);
  return whole ? e : `${e},${String(a % 100).padStart(2, '0')}`;
}

export function b7Date(iso: string, f: B7DateForm): string {
  const [y = '', m = '', d = ''] = iso.split('-');
  const mi = Number(m) - 1;
  switch (f) {
    case 'dmy':
      return `${d}.${m}.${y}`;
    case 'dmy2':
      return `${d}.${m}.${y.slice(2)}`;
    case 'dm':
      return `${Number(d)}.${Number(m)}.${y}`;
    case 'long':
      return `${Number(d)}. ${MONTHS[mi]} ${y}`;
    case 'abbr':
      return `${d}. ${MONTHS_ABBR[mi]} ${y}`;
    case 'iso':
      return iso;
  }
}

const weekday = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();
/** A Saturday or Sunday moves to the Monday after (public holidays are not modelled). */
export const b7WorkingDay = (iso: string) => {
  let d = iso;
  while (weekday(d) === 0 || weekday(d) === 6) d = addDays(d, 1);
  return d;
};
const addMonths = (iso: string, k: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + k);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d.toISOString().slice(0, 10);
};

/** First interest day (§ 233a Abs. 2 AO; Art. 97 § 36 EGAO for EZ 2019–2024). */
export function b7InterestStart(ez: number): string {
  const special: Record<number, string> = {
    2019: '2021-10-01',
    2020: '2022-10-01',
    2021: '2023-10-01',
    2022: '2024-09-01',
    2023: '2025-07-01',
    2024: '2026-06-01',
  };
  return special[ez] ?? isoDate(ez + 2, 4, 1);
}
/** Bekanntgabe of a posted notice: 3rd day after the date (4th from 2025), on a working day. */
export const b7Bekanntgabe = (datum: string) => b7WorkingDay(addDays(datum, datum >= '2025-01-01' ? 4 : 3));
/** Full months from the first interest day to the last (both inclusive). */
export function b7FullMonths(von: string, bis: string): number {
  let k = 0;
  while (addDays(addMonths(von, k + 1), -1) <= bis) k++;
  return k;
}
/** Monthly rate in per mille × 10 (0.5 % = 50, 0.15 % = 15) for a period starting on `von`. */
export const b7Rate = (von: string) => (von < '2019-01-01' ? 50 : 15);

// ---------------------------------------------------------------- mending the figures

/** Families whose letterhead belongs to one Land (Magistrat, Verbandsgemeinde, Samtgemeinde, Bürgermeisteramt). */
const LAND: Record<string, string> = {
  F71: 'Hessen',
  F72: 'Rheinland-Pfalz',
  F73: 'Niedersachsen',
  F76: 'Baden-Württemberg',
};

/** Mends makeNotice's figures so that what a notice prints is lawful and the truth is what it prints. */
export function fixBlind7Data(
  n: NoticeData,
  r: Rng,
  f: B7Family,
  municipalities: readonly Municipality[],
): void {
  const land = LAND[f.id.slice(0, 3)];
  if (land && n.gemeinde.land !== land) {
    // A municipality of the family's Land: Hebesatz, tax, amount set before and prepayments follow it.
    const g = pick(
      r,
      municipalities.filter((m) => m.land === land),
    );
    const ratio = n.tax ? n.bisher / n.tax : 0;
    n.bank = n.bank.replace(n.gemeinde.name, g.name).slice(0, 40);
    if (n.zerlegung[0]?.gemeinde.ags === n.gemeinde.ags && !n.zerlegung.some((z) => z.gemeinde.ags === g.ags))
      n.zerlegung[0].gemeinde = g;
    n.gemeinde = g;
    n.hebesatz = g.hebesatz;
    n.tax = n.mb * g.hebesatz;
    n.bisher = Math.floor((n.tax * ratio) / 400) * 400;
    const q = Math.floor(n.tax / 400) * 100;
    n.vz = q < 5000 ? [] : n.vz.map((v) => ({ ...v, betrag: q }));
  }
  n.vz = n.vz.map((v) => ({ ...v, faellig_am: b7WorkingDay(v.faellig_am) }));
  n.faellig = b7WorkingDay(n.faellig);
  if (n.type === 'zinsbescheid') {
    if (n.tax - n.bisher <= 0) n.bisher = Math.floor((n.tax * 0.55) / 400) * 400;
    const von = b7InterestStart(n.ez);
    n.datum = addDays(addMonths(von, int(r, 2, 14)), int(r, 0, 24));
    if (von < '2019-01-01' && n.datum > '2018-12-20') n.datum = isoDate(2018, 12, int(r, 1, 15));
    n.faellig = b7WorkingDay(addDays(n.datum, int(r, 30, 35)));
    for (let i = 0; i < 30; i++) {
      setInterest(n);
      if (n.zinsen) break;
      // Too small to be set: a larger difference (the Messbetrag is not part of this truth).
      n.mb *= 2;
      n.tax = n.mb * n.hebesatz;
      n.bisher = Math.floor((n.tax * 0.55) / 400) * 400;
    }
  } else if (n.type === 'gewst_bescheid' && n.zinsen) setInterest(n);
  if (n.type === 'mahnung') {
    const step = Math.floor(n.rueckstand / 5000) * 50;
    const started = Math.max(1, Math.round(n.saeumnis / Math.max(1, step)));
    // The original due date lies so far back that exactly `started` months have begun.
    n.urspruenglichFaellig = addDays(addMonths(n.datum, -started), int(r, 2, 20));
    n.faellig = b7WorkingDay(addDays(n.datum, int(r, 7, 14)));
  }
}

function setInterest(n: NoticeData): void {
  const von = b7InterestStart(n.ez);
  const bis = b7Bekanntgabe(n.datum);
  const monate = bis > von ? b7FullMonths(von, bis) : 0;
  const diff = n.tax - n.bisher;
  const basis = Math.floor(Math.abs(diff) / 5000) * 5000;
  const betrag = Math.floor((basis / 100) * (b7Rate(von) / 10000) * monate + 1e-9) * 100;
  // A period spanning 31 Dec 2018 would need two rates: such a notice sets no interest here (nor
  // one without a back payment).
  const spans = (von < '2019-01-01' && bis >= '2019-01-01') || diff <= 0;
  n.zinsen =
    monate >= 1 && basis > 0 && betrag >= 1000 && !spans ? { von, bis, betrag, basis, monate } : undefined;
}

// ---------------------------------------------------------------- letter model

export type B7Block =
  | { k: 'title'; text: string; sub?: string }
  | { k: 'h'; text: string }
  | { k: 'p'; text: string; small?: boolean }
  | { k: 'kv'; rows: [string, string][] }
  | {
      k: 'table';
      head: string[];
      rows: string[][];
      widths: number[];
      right: number[];
      total?: string[];
      /** Printed above the repeated header when the table runs onto the next page. */
      cont?: string;
    }
  | { k: 'slip'; heading: string; rows: [string, string][] }
  | { k: 'break' }
  | { k: 'gap' };

export interface B7Letter {
  head: string[];
  returnLine: string;
  address: string[];
  refs: [string, string][];
  /** "Ort, den …" above the title (instead of or beside a date in the references). */
  placeDate?: string;
  blocks: B7Block[];
  footer: string[];
}

type KvStyle = 'dots' | 'colon' | 'right-label' | 'grid';
type TableStyle = 'grid' | 'rules' | 'shaded' | 'plain';
type Form = 'pos' | 'kv' | 'calc';

export interface B7Family {
  id: string;
  font: 'Helvetica' | 'Times' | 'Courier';
  size: number;
  head: 'left' | 'center' | 'right' | 'bar' | 'box';
  refs: 'column' | 'sidebar' | 'row';
  kv: KvStyle;
  table: TableStyle;
  form: Form;
  pageNo: 'seite-von' | 'dash' | 'blatt';
  printsAgs: boolean;
  money: B7Money[];
  dates: B7DateForm[];
  pcts: B7Pct[];
  words: Partial<Record<Word, string[]>>;
  accent: [number, number, number];
}

// ---------------------------------------------------------------- label vocabularies

const WORDS = {
  kz: ['Kassenzeichen', 'Kassenz.', 'Kassen-Zeichen'],
  stnr: ['Steuernummer', 'St.-Nr.', 'Steuer-Nr.'],
  datum: ['Datum', 'Bescheiddatum', 'Ausfertigungsdatum'],
  mb: ['Steuermessbetrag', 'Messbetrag', 'Gewerbesteuermessbetrag'],
  hs: ['Hebesatz', 'Hebesatz der Gemeinde', 'Hebesatz v. H.'],
  steuer: ['Gewerbesteuer', 'festgesetzte Gewerbesteuer', 'Steuerbetrag'],
  bisher: ['bisher festgesetzt', 'bisheriges Soll', 'bereits festgesetzte Steuer'],
  nach: ['Nachzahlung', 'Abschlusszahlung', 'noch zu zahlen'],
  erst: ['Erstattung', 'Guthaben', 'zu erstatten'],
  null: ['Abrechnungsbetrag', 'Unterschiedsbetrag', 'Differenz'],
  faellig: ['fällig am', 'Fälligkeit', 'zahlbar bis'],
  jahr: ['Jahressteuer', 'Jahresbetrag', 'Gewerbesteuer für das Jahr'],
  vz: ['Vorauszahlungen', 'Gewerbesteuer-Vorauszahlungen', 'Vorauszahlungstermine'],
  quartal: ['Quartal', 'Termin', 'Rate'],
  betrag: ['Betrag', 'Vorauszahlung', 'Betrag in EUR'],
  zinsen: ['Zinsen', 'Nachzahlungszinsen', 'festgesetzte Zinsen'],
  zvon: ['Beginn des Zinslaufs', 'Zinslauf vom', 'Zinsbeginn'],
  zbis: ['Ende des Zinslaufs', 'Zinslauf bis', 'Zinsende'],
  basis: ['zu verzinsender Betrag', 'Zinsberechnungsgrundlage', 'verzinslicher Betrag'],
  monate: ['volle Monate', 'Anzahl der Monate', 'Zinsmonate'],
  satz: ['Zinssatz je Monat', 'Zinssatz', 'Zinssatz monatlich'],
  ertrag: ['Gewerbeertrag', 'Gewerbeertrag (§ 7 GewStG)', 'maßgebender Gewerbeertrag'],
  abger: ['abgerundet auf volle 100 Euro', 'Gewerbeertrag abgerundet', 'Rundung auf volle 100 €'],
  frei: ['Freibetrag', 'Freibetrag (§ 11 Abs. 1 GewStG)', 'abzüglich Freibetrag'],
  verbl: ['verbleibender Gewerbeertrag', 'verbleiben', 'Bemessungsgrundlage'],
  messzahl: ['Steuermesszahl', 'Messzahl', 'Steuermeßzahl'],
  anteil: ['Zerlegungsanteil', 'Anteil am Messbetrag', 'Anteil'],
  lohn: ['Arbeitslöhne', 'Summe der Arbeitslöhne', 'Lohnsumme'],
  gem: ['Gemeinde', 'hebeberechtigte Gemeinde', 'Gemeinde/Stadt'],
  rueck: ['Rückstand', 'rückständiger Betrag', 'offener Betrag'],
  sz: ['Säumniszuschläge', 'Säumniszuschlag', 'Säumniszuschläge (§ 240 AO)'],
  gebuehr: ['Mahngebühr', 'Mahngebühren', 'Gebühr für diese Mahnung'],
  gesamt: ['Gesamtbetrag', 'zu zahlender Gesamtbetrag', 'Summe'],
  bank: ['Bankverbindung', 'Konto der Kasse', 'Zahlungsempfänger'],
} as const;
export type Word = keyof typeof WORDS;
type Vocab = Record<Word, string>;

// ---------------------------------------------------------------- the seven families

export const BLIND7_FAMILIES: B7Family[] = [
  {
    id: 'F70-erp-kasse',
    font: 'Helvetica',
    size: 8.5,
    head: 'left',
    refs: 'column',
    kv: 'grid',
    table: 'rules',
    form: 'pos',
    pageNo: 'seite-von',
    printsAgs: false,
    money: [
      { th: '.', unit: '', refund: 'trail' },
      { th: '.', unit: '', refund: 'lead' },
    ],
    dates: ['dmy', 'iso'],
    pcts: ['%', 'v. H.'],
    words: {
      kz: ['Buchungszeichen', 'Kassenzeichen', 'Kassenz./Buchungsz.'],
      datum: ['Belegdatum', 'Datum', 'Buchungsdatum Bescheid'],
      bisher: ['Soll bisher', 'bisheriges Soll', 'bisher gebucht'],
      nach: ['Mehrsoll', 'Nachforderung', 'zu zahlen'],
      erst: ['Mindersoll', 'Gutschrift', 'Erstattung'],
      null: ['Saldo', 'Differenz'],
      steuer: ['Soll neu', 'Gewerbesteuer lt. Festsetzung'],
    },
    accent: [0.1, 0.3, 0.55],
  },
  {
    id: 'F71-hessen-magistrat',
    font: 'Times',
    size: 10.5,
    head: 'center',
    refs: 'column',
    kv: 'right-label',
    table: 'grid',
    form: 'kv',
    pageNo: 'dash',
    printsAgs: false,
    money: [
      { th: '.', unit: '€', refund: 'word' },
      { th: '.', unit: 'Euro', refund: 'word' },
    ],
    dates: ['long', 'dmy'],
    pcts: ['v. H.', 'vom Hundert'],
    words: {
      mb: ['Steuermeßbetrag', 'Meßbetrag', 'Steuermessbetrag'],
      hs: ['Hebesatz v. H.', 'Hebesatz'],
      nach: ['Abschlußzahlung', 'Nachzahlung', 'Abschlusszahlung'],
      erst: ['Überzahlung', 'Erstattung'],
    },
    accent: [0.2, 0.2, 0.2],
  },
  {
    id: 'F72-rlp-verbandsgemeinde',
    font: 'Helvetica',
    size: 9.5,
    head: 'box',
    refs: 'row',
    kv: 'colon',
    table: 'grid',
    form: 'kv',
    pageNo: 'seite-von',
    printsAgs: true,
    money: [
      { th: '.', unit: 'EUR', refund: 'lead' },
      { th: '.', unit: 'EUR', before: true, refund: 'lead' },
    ],
    dates: ['dm', 'dmy'],
    pcts: ['%', 'v.H.'],
    words: {
      kz: ['Kassenzeichen', 'Az./Kassenzeichen'],
      nach: ['Abrechnungsbetrag', 'zu zahlen', 'Nachzahlung'],
      erst: ['Erstattungsbetrag', 'Guthaben'],
    },
    accent: [0.45, 0.1, 0.1],
  },
  {
    id: 'F73-ni-samtgemeinde',
    font: 'Helvetica',
    size: 9,
    head: 'bar',
    refs: 'column',
    kv: 'dots',
    table: 'shaded',
    form: 'pos',
    pageNo: 'blatt',
    printsAgs: false,
    money: [
      { th: '.', unit: '€', before: true, refund: 'guthaben' },
      { th: '.', unit: '€', refund: 'guthaben' },
    ],
    dates: ['dmy2', 'dmy'],
    pcts: ['v.H.', '%'],
    words: {
      steuer: ['Gewerbesteuer-Soll', 'festgesetzte Gewerbesteuer'],
      bisher: ['abzgl. bisheriges Soll', 'bisher festgesetzt'],
      nach: ['Restforderung', 'Nachzahlung'],
      erst: ['Guthaben', 'Überzahlung'],
      vz: ['Vorauszahlungssoll', 'Vorauszahlungen'],
    },
    accent: [0.05, 0.35, 0.2],
  },
  {
    id: 'F74-fa-elster',
    font: 'Helvetica',
    size: 9,
    head: 'right',
    refs: 'sidebar',
    kv: 'grid',
    table: 'rules',
    form: 'kv',
    pageNo: 'seite-von',
    printsAgs: true,
    money: [
      { th: '.', unit: '€', refund: 'lead' },
      { th: '', unit: '€', refund: 'lead' },
    ],
    dates: ['dmy', 'long'],
    pcts: ['%', 'Prozent'],
    words: {
      mb: ['Steuermessbetrag', 'Gewerbesteuermessbetrag'],
      ertrag: ['Gewerbeertrag', 'Gewerbeertrag lt. Feststellung'],
      anteil: ['Zerlegungsanteil', 'Anteil in Euro'],
      gem: ['Gemeinde', 'Gemeinde (Gemeindeschlüssel)'],
    },
    accent: [0.1, 0.25, 0.45],
  },
  {
    id: 'F75-fa-formular',
    font: 'Times',
    size: 10,
    head: 'left',
    refs: 'column',
    kv: 'dots',
    table: 'plain',
    form: 'calc',
    pageNo: 'dash',
    printsAgs: false,
    money: [
      { th: '.', unit: 'EUR', before: true, refund: 'lead' },
      { th: '.', unit: 'EUR', refund: 'trail' },
    ],
    dates: ['abbr', 'dmy'],
    pcts: ['v. H.', 'vom Hundert'],
    words: {
      stnr: ['Steuernummer', 'Steuer-Nr.'],
      mb: ['Steuermessbetrag', 'Messbetrag', 'Meßbetrag'],
      verbl: ['verbleibender Betrag', 'Bemessungsgrundlage'],
    },
    accent: [0, 0, 0],
  },
  {
    id: 'F76-bw-buergermeisteramt',
    font: 'Helvetica',
    size: 9.5,
    head: 'left',
    refs: 'sidebar',
    kv: 'right-label',
    table: 'grid',
    form: 'calc',
    pageNo: 'seite-von',
    printsAgs: false,
    money: [
      { th: ' ', unit: '€', refund: 'word' },
      { th: '.', unit: '€', refund: 'word' },
    ],
    dates: ['dmy', 'abbr'],
    pcts: ['%', 'v. H.'],
    words: {
      nach: ['Nachzahlung', 'Zahlbetrag', 'zu zahlen'],
      erst: ['Überzahlung', 'Erstattungsbetrag'],
      hs: ['Hebesatz', 'Hebesatz in %'],
    },
    accent: [0.55, 0.35, 0],
  },
];

// ---------------------------------------------------------------- helpers for the letter

const VG_NAMES = [
  'Rhein-Selz',
  'Südeifel',
  'Wonnegau',
  'Nahe-Glan',
  'Kirner Land',
  'Westerburg',
  'Montabaur',
];
const SG_NAMES = ['Harsefeld', 'Sittensen', 'Artland', 'Lathen', 'Hesel', 'Fürstenau', 'Bersenbrück'];
const CLERKS = [
  'Frau Albers',
  'Herr Kowalski',
  'Frau Yilmaz',
  'Herr Brandt',
  'Frau Weißenborn',
  'Herr Oehler',
];

interface Ctx {
  n: NoticeData;
  f: B7Family;
  r: Rng;
  w: Vocab;
  m: (cents: number) => string;
  mw: (cents: number) => string;
  d: (iso: string) => string;
  pc: (v: string | number) => string;
  fi: number;
}

function context(n: NoticeData, f: B7Family, r: Rng): Ctx {
  const w = Object.fromEntries(
    (Object.keys(WORDS) as Word[]).map((k) => [k, pick(r, f.words[k] ?? WORDS[k])]),
  ) as Vocab;
  const mf = pick(r, f.money);
  const df = pick(r, f.dates);
  const pf = pick(r, f.pcts);
  const fmt = (c: number, whole: boolean) => {
    const num = b7Num(c, mf.th, whole);
    let s = mf.unit ? (mf.before ? `${mf.unit} ${num}` : `${num} ${mf.unit}`) : num;
    if (c < 0 && mf.refund === 'lead') s = mf.unit && mf.before ? `${mf.unit} -${num}` : `-${s}`;
    if (c < 0 && mf.refund === 'trail') s = `${s}-`;
    if (c < 0 && mf.refund === 'guthaben') s = `${s} Guthaben`;
    return s;
  };
  return {
    n,
    f,
    r,
    w,
    m: (c) => fmt(c, false),
    mw: (c) => fmt(c, c % 100 === 0 && r() < 0.5),
    d: (iso) => b7Date(iso, df),
    pc: (v) => `${v} ${pf}`,
    fi: BLIND7_FAMILIES.indexOf(f),
  };
}

/** The Hebesatz as printed: bare where the label already names the unit ("Hebesatz v. H."). */
const hs = (c: Ctx) => (/v\. H\.|%/.test(c.w.hs) ? String(c.n.hebesatz) : c.pc(c.n.hebesatz));
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const kindOf = (n: NoticeData) => n.gemeinde.kind || 'Gemeinde';

function municipalHead(c: Ctx): { head: string[]; ret: string } {
  const { n } = c;
  const g = n.gemeinde;
  const k = kindOf(n);
  const isStadt = /stadt/i.test(k);
  const street = pick(c.r, ['Rathausplatz 1', 'Marktplatz 2', 'Am Rathaus 4', 'Hauptstraße 15']);
  const town = `${g.plz} ${g.name}`;
  switch (c.fi) {
    case 0:
      return {
        head: [
          `${k} ${g.name}`,
          isStadt ? 'Stadtkasse' : 'Gemeindekasse',
          'Steuern und Abgaben',
          street,
          town,
        ],
        ret: `${k} ${g.name} · Kasse · ${street} · ${town}`,
      };
    case 1:
      return {
        head: [
          isStadt ? `Der Magistrat der ${k} ${g.name}` : `Der Gemeindevorstand der Gemeinde ${g.name}`,
          pick(c.r, ['Steueramt', 'Amt für Finanzen – Steuerabteilung']),
          `${street}, ${town}`,
        ],
        ret: `Magistrat · ${street} · ${town}`,
      };
    case 2: {
      const vg = pick(c.r, VG_NAMES);
      return {
        head: [
          `Verbandsgemeindeverwaltung ${vg}`,
          'Fachbereich 2 – Finanzen · Steuern und Abgaben',
          `für die ${isStadt ? 'Stadt' : 'Ortsgemeinde'} ${g.name}`,
          `${street}, ${town}`,
        ],
        ret: `VGV ${vg} · Postfach ${int(c.r, 1100, 1299)} · ${town}`,
      };
    }
    case 3: {
      const sg = pick(c.r, SG_NAMES);
      return {
        head: [
          `Samtgemeinde ${sg}`,
          'Der Samtgemeindebürgermeister',
          `Steuern und Abgaben – für die Mitgliedsgemeinde ${g.name}`,
          `${street} · ${town}`,
        ],
        ret: `Samtgemeinde ${sg} · ${street} · ${town}`,
      };
    }
    case 4:
      return {
        head: [`${k} ${g.name}`, 'Kämmerei – Sachgebiet Steuern', street, town],
        ret: `${k} ${g.name}, ${street}, ${town}`,
      };
    case 5:
      return {
        head: [`${k} ${g.name}`, 'Fachdienst Finanzen – Gewerbesteuerstelle', `${street}, ${town}`],
        ret: `${k} ${g.name} – Fachdienst Finanzen – ${town}`,
      };
    default:
      return {
        head: [
          isStadt ? `Bürgermeisteramt ${g.name}` : `Gemeindeverwaltung ${g.name}`,
          'Steuer- und Abgabenamt',
          street,
          town,
        ],
        ret: `${isStadt ? 'Bürgermeisteramt' : 'Gemeindeverwaltung'} ${g.name} · ${town}`,
      };
  }
}

function officeHead(c: Ctx): { head: string[]; ret: string } {
  const fa = c.n.finanzamt;
  const pf = `Postfach ${int(c.r, 10, 99)} ${int(c.r, 10, 99)}`;
  const dept = [
    'Veranlagungsstelle Gewerbesteuer',
    'Körperschaftsteuer- und Gewerbesteuerstelle',
    'Bezirk für Personengesellschaften',
  ];
  return {
    head: [`Finanzamt ${fa}`, pick(c.r, dept), pf],
    ret: `Finanzamt ${fa} · ${pf}`,
  };
}

/** Remedy notes: Einspruch at a tax office; Widerspruch (or Klage in NRW) for municipal notices. */
function remedy(c: Ctx, office: boolean): B7Block[] {
  const h = pick(c.r, [
    'Rechtsbehelfsbelehrung',
    'Rechtsbehelfsbelehrung:',
    'Belehrung über den Rechtsbehelf',
  ]);
  if (office)
    return [
      { k: 'h', text: h },
      {
        k: 'p',
        small: true,
        text: `Gegen diesen Bescheid ist der Einspruch gegeben. Der Einspruch ist beim Finanzamt ${c.n.finanzamt} schriftlich einzureichen, diesem elektronisch zu übermitteln oder dort zur Niederschrift zu erklären. Die Frist für die Einlegung des Einspruchs beträgt einen Monat. Sie beginnt mit Ablauf des Tages, an dem Ihnen dieser Bescheid bekannt gegeben worden ist.`,
      },
    ];
  const nrw = c.n.gemeinde.land === 'Nordrhein-Westfalen';
  return [
    { k: 'h', text: h },
    {
      k: 'p',
      small: true,
      text: nrw
        ? 'Gegen diesen Bescheid kann innerhalb eines Monats nach seiner Bekanntgabe Klage beim zuständigen Verwaltungsgericht erhoben werden. Einwendungen gegen den Steuermessbetrag sind nur gegen den Messbescheid des Finanzamts zulässig.'
        : `Gegen diesen Bescheid kann innerhalb eines Monats nach Bekanntgabe Widerspruch erhoben werden. Der Widerspruch ist schriftlich oder zur Niederschrift bei der ${c.fi === 2 ? 'Verbandsgemeindeverwaltung' : c.fi === 3 ? 'Samtgemeinde' : 'Gemeinde- bzw. Stadtverwaltung'} einzulegen. Der Widerspruch hat keine aufschiebende Wirkung (§ 80 Abs. 2 Nr. 1 VwGO); die Steuer ist trotzdem fristgerecht zu zahlen.`,
    },
  ];
}

/** Key–value rows in the family's figures form. */
function figures(c: Ctx, rows: [string, string][]): B7Block[] {
  if (c.f.form === 'pos')
    return [
      {
        k: 'table',
        head: ['Pos.', 'Bezeichnung', c.f.money[0]!.unit ? 'Betrag' : 'Betrag EUR'],
        widths: [0.1, 0.6, 0.3],
        right: [2],
        rows: rows.map(([l, v], i) => [String((i + 1) * 10).padStart(3, '0'), l, v]),
      },
    ];
  return [{ k: 'kv', rows }];
}

const bankRows = (c: Ctx): [string, string][] => [
  ['IBAN', c.n.iban.replace(/(.{4})/g, '$1 ').trim()],
  ['BIC', c.n.bic],
  ['Kreditinstitut', c.n.bank],
];

function vzTable(c: Ctx, oldQ?: number): B7Block {
  const { n, w } = c;
  if (oldQ !== undefined)
    return {
      k: 'table',
      head: [w.quartal, 'fällig am', 'bisher', 'neu', 'Unterschied'],
      widths: [0.16, 0.2, 0.2, 0.2, 0.24],
      right: [2, 3, 4],
      rows: n.vz.map((v) => [
        `${v.quartal}/${v.jahr}`,
        c.d(v.faellig_am),
        c.m(oldQ),
        c.m(v.betrag),
        c.m(v.betrag - oldQ),
      ]),
      cont: 'Vorauszahlungen (Fortsetzung)',
    };
  const label = (q: number, y: number) =>
    pick(c.r, [`${q}. Quartal ${y}`, `${['I', 'II', 'III', 'IV'][q - 1]}/${y}`, `${q}. Rate ${y}`]);
  return {
    k: 'table',
    head: [w.quartal, 'Fälligkeit', w.betrag],
    widths: [0.35, 0.3, 0.35],
    right: [2],
    rows: n.vz.map((v) => [label(v.quartal, v.jahr), c.d(v.faellig_am), c.m(v.betrag)]),
    total: ['Summe', '', c.m(n.vz.reduce((s, v) => s + v.betrag, 0))],
    cont: `${w.vz} – Fortsetzung`,
  };
}

function interestBlocks(c: Ctx): B7Block[] {
  const { n, w } = c;
  const z = n.zinsen!;
  const rate = b7Rate(z.von) === 50 ? '0,5' : '0,15';
  if (c.f.form === 'calc')
    return [
      { k: 'h', text: pick(c.r, ['Zinsen nach § 233a AO', 'Festsetzung von Nachzahlungszinsen']) },
      {
        k: 'p',
        text: `${w.zvon} ${c.d(z.von)}, ${w.zbis} ${c.d(z.bis)}: ${z.monate} volle Monate. Zinsberechnung: ${c.m(z.basis)} x ${z.monate} Monate x ${rate} % = ${c.m(z.betrag)} (auf volle Euro abgerundet).`,
      },
    ];
  if (c.f.kv === 'grid' || c.f.table === 'shaded')
    return [
      { k: 'h', text: pick(c.r, ['Zinsen zur Gewerbesteuer (§ 233a AO)', 'Verzinsung nach § 233a AO']) },
      {
        k: 'table',
        head: [w.basis, 'von', 'bis', 'Monate', 'Satz', w.zinsen],
        widths: [0.2, 0.16, 0.16, 0.12, 0.12, 0.24],
        right: [0, 3, 4, 5],
        rows: [[c.m(z.basis), c.d(z.von), c.d(z.bis), String(z.monate), `${rate} %`, c.m(z.betrag)]],
      },
    ];
  return [
    { k: 'h', text: pick(c.r, ['Zinsen (§ 233a AO)', 'Nachzahlungszinsen zur Gewerbesteuer']) },
    {
      k: 'kv',
      rows: [
        [w.basis, c.m(z.basis)],
        [w.zvon, c.d(z.von)],
        [w.zbis, c.d(z.bis)],
        [w.monate, String(z.monate)],
        [w.satz, `${rate} %`],
        [w.zinsen, c.m(z.betrag)],
      ],
    },
  ];
}

// ---------------------------------------------------------------- bodies per type

function gewstBody(c: Ctx): B7Block[] {
  const { n, w } = c;
  const diff = n.tax - n.bisher;
  const out: B7Block[] = [];
  const title = pick(c.r, [
    `Gewerbesteuerbescheid ${n.ez}`,
    `Bescheid über Gewerbesteuer für das Jahr ${n.ez}`,
    n.bisher > 0 ? `Geänderter Gewerbesteuerbescheid für ${n.ez}` : `Festsetzung der Gewerbesteuer ${n.ez}`,
  ]);
  out.push({ k: 'title', text: title, sub: c.fi === 0 ? 'Abgabenart 1800 Gewerbesteuer' : undefined });
  out.push({
    k: 'p',
    text: pick(c.r, [
      `auf Grund des vom Finanzamt ${n.finanzamt} mitgeteilten Steuermessbetrags wird die Gewerbesteuer für den Erhebungszeitraum ${n.ez} wie folgt festgesetzt:`,
      `nach § 16 GewStG in Verbindung mit der Hebesatzsatzung setzen wir die Gewerbesteuer ${n.ez} fest. Grundlage ist der Messbescheid des Finanzamts ${n.finanzamt}.`,
      `für das Kalenderjahr ${n.ez} ergibt sich folgende Gewerbesteuer:`,
    ]),
  });
  const abrLabel = diff > 0 ? w.nach : diff < 0 ? w.erst : w.null;
  if (c.f.form === 'calc') {
    out.push({
      k: 'p',
      text: `${w.mb} ${c.m(n.mb * 100)} x ${w.hs} ${hs(c)} = ${w.steuer} ${c.m(n.tax)}`,
    });
    out.push({
      k: 'kv',
      rows: [
        [w.steuer, c.m(n.tax)],
        [w.bisher, c.m(n.bisher)],
        [abrLabel, c.m(diff)],
      ],
    });
  } else {
    out.push({ k: 'h', text: pick(c.r, ['Festsetzung', 'Berechnung der Steuer']) });
    out.push(
      ...figures(c, [
        [w.mb, c.m(n.mb * 100)],
        [w.hs, hs(c)],
        [w.steuer, c.m(n.tax)],
      ]),
    );
    out.push({ k: 'h', text: pick(c.r, ['Abrechnung', 'Abrechnung der Gewerbesteuer']) });
    out.push(
      ...figures(c, [
        [w.steuer, c.m(n.tax)],
        [w.bisher, c.m(n.bisher)],
        [abrLabel, c.m(diff)],
      ]),
    );
  }
  if (diff > 0)
    out.push({
      k: 'p',
      text: pick(c.r, [
        `Der Betrag von ${c.m(diff)} ist bis zum ${c.d(n.faellig)} zu entrichten.`,
        `Bitte überweisen Sie ${c.m(diff)} unter Angabe des Kassenzeichens bis ${c.d(n.faellig)}.`,
        `${cap(w.faellig)}: ${c.d(n.faellig)}`,
      ]),
    });
  else if (diff < 0)
    out.push({
      k: 'p',
      text: pick(c.r, [
        `Der Betrag von ${c.m(-diff)} wird Ihnen erstattet, soweit keine anderen Forderungen offen sind.`,
        'Das Guthaben wird mit fälligen Forderungen verrechnet; ein verbleibender Betrag wird auf Ihr Konto überwiesen.',
      ]),
    });
  else
    out.push({
      k: 'p',
      text: 'Aus der Festsetzung ergibt sich weder eine Nachzahlung noch eine Erstattung.',
    });
  if (c.fi === 3 && n.bisher > 0) out.push(...ledger(c));
  if (n.zinsen) {
    out.push(...interestBlocks(c));
    out.push({
      k: 'p',
      text: `Die Zinsen sind zusammen mit der Nachzahlung zum oben genannten Termin fällig.`,
    });
  }
  if (n.vz.length) {
    out.push({ k: 'h', text: `${w.vz} ab ${n.vz[0]!.quartal}. Quartal ${n.vz[0]!.jahr}` });
    out.push({
      k: 'p',
      text: `Die Vorauszahlungen werden nach § 19 Abs. 3 GewStG auf ${c.m(n.vz[0]!.betrag)} je Fälligkeitstermin festgesetzt.`,
    });
    out.push(vzTable(c));
  }
  return out;
}

/** The Samtgemeinde's account ledger of the year (prepayments set and paid, the new assessment), long enough to run on. */
function ledger(c: Ctx): B7Block[] {
  const { n } = c;
  const q = n.bisher / 4;
  const rows: string[][] = [];
  let saldo = 0;
  const book = (date: string, text: string, soll: number, haben: number) => {
    saldo += soll - haben;
    rows.push([c.d(date), text, soll ? c.m(soll) : '', haben ? c.m(haben) : '', c.m(saldo)]);
  };
  for (const [i, mo] of [2, 5, 8, 11].entries()) {
    const due = b7WorkingDay(isoDate(n.ez, mo, 15));
    book(due, `Soll VZ ${i + 1}/${n.ez}`, q, 0);
    book(addDays(due, int(c.r, 0, 6)), 'Zahlungseingang', 0, q);
  }
  book(
    n.datum,
    `Festsetzung ${n.ez}`,
    n.tax - n.bisher > 0 ? n.tax - n.bisher : 0,
    Math.max(0, n.bisher - n.tax),
  );
  return [
    { k: 'h', text: `Erläuterungen zum Abgabenkonto ${n.ez}` },
    {
      k: 'p',
      text: 'Die nachstehende Übersicht zeigt alle Buchungen des Erhebungszeitraums auf Ihrem Abgabenkonto. Vorauszahlungen, die bis zum Tag der Festsetzung fällig waren, sind als bisheriges Soll berücksichtigt. Zahlungen, die nach dem Buchungsstand eingehen, sind nicht enthalten; bitte gleichen Sie den Saldo mit Ihren Unterlagen ab.',
    },
    {
      k: 'table',
      head: ['Datum', 'Buchungstext', 'Soll', 'Haben', 'Saldo'],
      widths: [0.16, 0.3, 0.18, 0.18, 0.18],
      right: [2, 3, 4],
      rows,
      cont: `Abgabenkonto ${n.ez} (Fortsetzung)`,
    },
  ];
}

function vzBody(c: Ctx): B7Block[] {
  const { n, w } = c;
  const out: B7Block[] = [
    {
      k: 'title',
      text: pick(c.r, [
        `Vorauszahlungsbescheid Gewerbesteuer ${n.ez}`,
        `Bescheid über Vorauszahlungen zur Gewerbesteuer für ${n.ez}`,
        `Festsetzung der Gewerbesteuer-Vorauszahlungen ${n.ez}`,
      ]),
    },
    {
      k: 'p',
      text: pick(c.r, [
        `auf Grund des § 19 GewStG werden die Vorauszahlungen für den Erhebungszeitraum ${n.ez} wie folgt festgesetzt. Bisherige Vorauszahlungsbescheide für ${n.ez} verlieren ihre Gültigkeit.`,
        `die Vorauszahlungen für ${n.ez} bemessen sich nach der Steuer, die sich bei der letzten Veranlagung ergeben hat.`,
      ]),
    },
  ];
  const rows: [string, string][] = [
    [w.mb, c.m(n.mb * 100)],
    [w.hs, hs(c)],
    [w.jahr, c.m(n.tax)],
  ];
  if (c.f.form === 'calc')
    out.push({
      k: 'p',
      text: `${w.mb} ${c.m(n.mb * 100)} x ${w.hs} ${hs(c)} = ${w.jahr} ${c.m(n.tax)}; davon ein Viertel je Termin.`,
    });
  else out.push(...figures(c, rows));
  out.push({ k: 'h', text: w.vz });
  const oldQ = c.fi === 1 || c.fi === 3 ? Math.floor((n.bisher * (0.4 + c.r())) / 400) * 100 : undefined;
  out.push(vzTable(c, oldQ));
  out.push({
    k: 'p',
    text: 'Die Vorauszahlungen gelten bis zur Bekanntgabe eines neuen Bescheids auch für die folgenden Jahre.',
  });
  return out;
}

function zinsBody(c: Ctx): B7Block[] {
  const { n, w } = c;
  const z = n.zinsen!;
  const diff = n.tax - n.bisher;
  const out: B7Block[] = [
    {
      k: 'title',
      text: pick(c.r, [
        `Zinsbescheid zur Gewerbesteuer ${n.ez}`,
        `Bescheid über Zinsen nach § 233a AO – Gewerbesteuer ${n.ez}`,
        `Festsetzung von Nachzahlungszinsen (Gewerbesteuer ${n.ez})`,
      ]),
    },
    {
      k: 'p',
      text: `durch die Festsetzung der Gewerbesteuer ${n.ez} hat sich ein Unterschiedsbetrag ergeben, der nach § 233a AO zu verzinsen ist. Der Zinslauf beginnt ${b7Rate(z.von) === 50 ? '15 Monate' : 'nach Art. 97 § 36 EGAO'} nach Ablauf des Erhebungszeitraums und endet mit dem Tag der Bekanntgabe.`,
    },
  ];
  out.push(
    ...figures(c, [
      [w.steuer, c.m(n.tax)],
      [w.bisher, c.m(n.bisher)],
      ['Unterschiedsbetrag', c.m(diff)],
    ]),
  );
  out.push(...interestBlocks(c));
  out.push({
    k: 'p',
    text: pick(c.r, [
      `Die Zinsen von ${c.m(z.betrag)} sind bis zum ${c.d(n.faellig)} zu zahlen.`,
      `${cap(w.faellig)}: ${c.d(n.faellig)}`,
    ]),
  });
  return out;
}

function messBody(c: Ctx): B7Block[] {
  const { n, w } = c;
  const rounded = Math.floor(n.gewerbeertrag / 10000) * 10000;
  const rest = rounded - n.freibetrag;
  const out: B7Block[] = [
    {
      k: 'title',
      text: pick(c.r, [
        `Bescheid für ${n.ez} über den Gewerbesteuermessbetrag`,
        `Gewerbesteuermessbescheid ${n.ez}`,
        `Bescheid über den Gewerbesteuermessbetrag für ${n.ez}`,
      ]),
    },
    {
      k: 'p',
      text: `der Steuermessbetrag wird nach § 14 GewStG festgesetzt. Die Festsetzung und Erhebung der Gewerbesteuer obliegt der ${kindOf(n)} ${n.gemeinde.name}, der dieser Bescheid mitgeteilt wird.`,
    },
  ];
  const rows: [string, string][] = [
    [w.ertrag, c.m(n.gewerbeertrag)],
    [w.abger, c.m(rounded)],
    [w.frei, c.m(n.freibetrag)],
    [w.verbl, c.m(rest)],
    [w.messzahl, c.pc('3,5')],
    [w.mb, c.mw(n.mb * 100)],
  ];
  if (c.f.form === 'calc')
    out.push({
      k: 'table',
      head: ['', 'Ermittlung des Steuermessbetrags', 'Betrag'],
      widths: [0.12, 0.58, 0.3],
      right: [2],
      rows: rows.map(([l, v], i) => [['', '=', './.', '=', 'x', '='][i]!, l, v]),
    });
  else out.push({ k: 'h', text: 'Ermittlung des Steuermessbetrags' }, ...figures(c, rows));
  if (c.fi === 4)
    out.push(
      { k: 'break' },
      { k: 'title', text: 'Erläuterungen' },
      {
        k: 'p',
        text: 'Bei der Ermittlung des Gewerbeertrags wurden die Hinzurechnungen nach § 8 GewStG und die Kürzungen nach § 9 GewStG berücksichtigt. Der Gewerbeertrag ist auf volle 100 Euro nach unten abzurunden (§ 11 Abs. 1 Satz 3 GewStG).',
      },
      {
        k: 'p',
        text:
          n.freibetrag > 0
            ? 'Als natürlicher Person oder Personengesellschaft steht Ihnen der Freibetrag von 24.500 Euro zu.'
            : 'Ein Freibetrag steht Kapitalgesellschaften nicht zu.',
      },
      {
        k: 'p',
        text: 'Dieser Bescheid ist Grundlagenbescheid für die Festsetzung der Gewerbesteuer durch die Gemeinde.',
      },
    );
  return out;
}

function zerlBody(c: Ctx): B7Block[] {
  const { n, w } = c;
  const total = n.zerlegung.reduce((s, z) => s + z.anteil, 0);
  const out: B7Block[] = [
    {
      k: 'title',
      text: pick(c.r, [
        `Bescheid für ${n.ez} über die Zerlegung des Gewerbesteuermessbetrags`,
        `Zerlegungsbescheid ${n.ez}`,
      ]),
    },
    {
      k: 'p',
      text: `der Steuermessbetrag von ${c.m(total)} wird nach §§ 28 bis 31 GewStG im Verhältnis der Arbeitslöhne auf die folgenden Gemeinden zerlegt:`,
    },
  ];
  if (c.fi === 5)
    for (const [i, z] of n.zerlegung.entries())
      out.push(
        { k: 'h', text: `${i + 1}. ${w.gem} ${z.gemeinde.name}` },
        {
          k: 'kv',
          rows: [
            [w.lohn, c.m(z.lohn)],
            [w.anteil, c.m(z.anteil)],
          ],
        },
      );
  else {
    const ags = c.f.printsAgs;
    out.push({
      k: 'table',
      head: [w.gem, ...(ags ? ['Gemeindeschlüssel'] : []), w.lohn, w.anteil],
      widths: ags ? [0.34, 0.2, 0.23, 0.23] : [0.44, 0.28, 0.28],
      right: ags ? [2, 3] : [1, 2],
      rows: n.zerlegung.map((z) => [
        z.gemeinde.name,
        ...(ags ? [z.gemeinde.ags] : []),
        c.m(z.lohn),
        c.m(z.anteil),
      ]),
      total: ['Summe', ...(ags ? [''] : []), c.m(n.zerlegung.reduce((s, z) => s + z.lohn, 0)), c.m(total)],
    });
  }
  if (c.fi === 4)
    out.push(
      { k: 'break' },
      { k: 'title', text: 'Erläuterungen' },
      {
        k: 'p',
        text: 'Zerlegungsmaßstab sind die Arbeitslöhne, die an die in den Betriebsstätten beschäftigten Arbeitnehmer gezahlt worden sind (§ 29 GewStG). Die Arbeitslöhne sind auf volle 1.000 Euro abgerundet (§ 29 Abs. 3 GewStG).',
      },
    );
  return out;
}

function mahnBody(c: Ctx): B7Block[] {
  const { n, w } = c;
  const total = n.rueckstand + n.saeumnis + n.mahngebuehr;
  return [
    {
      k: 'title',
      text: pick(c.r, ['Mahnung', 'Zahlungsaufforderung – Mahnung', 'Mahnung rückständiger Gewerbesteuer']),
    },
    {
      k: 'p',
      text: `bei Durchsicht unserer Konten haben wir festgestellt, dass folgender Betrag trotz Fälligkeit noch nicht gezahlt wurde. Für jeden angefangenen Monat der Säumnis ist nach § 240 AO ein Säumniszuschlag von 1 % des auf 50 Euro abgerundeten Rückstands zu entrichten.`,
    },
    {
      k: 'table',
      head: ['Abgabe', 'Zeitraum', 'fällig seit', w.rueck, w.sz],
      widths: [0.24, 0.14, 0.18, 0.22, 0.22],
      right: [3, 4],
      rows: [
        ['Gewerbesteuer', String(n.ez), c.d(n.urspruenglichFaellig), c.m(n.rueckstand), c.m(n.saeumnis)],
      ],
    },
    {
      k: 'kv',
      rows: [
        [w.gebuehr, c.m(n.mahngebuehr)],
        [w.gesamt, c.m(total)],
      ],
    },
    {
      k: 'p',
      text: pick(c.r, [
        `Bitte zahlen Sie den Gesamtbetrag bis spätestens ${c.d(n.faellig)}. Nach Ablauf dieser Frist wird ohne weitere Ankündigung die Vollstreckung eingeleitet.`,
        `Wir fordern Sie auf, den Betrag bis zum ${c.d(n.faellig)} zu überweisen, um Vollstreckungsmaßnahmen zu vermeiden.`,
      ]),
    },
  ];
}

function sonstigesBody(c: Ctx): { blocks: B7Block[]; printsEz: boolean; office?: boolean } {
  const { n } = c;
  const kind = (n.sonstigesKind + int(c.r, 0, 4)) % 5;
  const q = Math.floor(n.rueckstand / 300 / 100) * 100;
  switch (kind) {
    case 0: {
      const start = b7WorkingDay(addDays(addMonths(n.datum, 1).slice(0, 8) + '01', 14));
      return {
        printsEz: true,
        blocks: [
          { k: 'title', text: `Stundung der Gewerbesteuer ${n.ez}` },
          {
            k: 'p',
            text: `auf Ihren Antrag wird der Rückstand von ${c.m(q * 3)} nach § 222 AO gestundet und in drei Raten zahlbar gestellt. Für die Dauer der Stundung werden Zinsen nach § 234 AO erhoben, die gesondert festgesetzt werden.`,
          },
          {
            k: 'table',
            head: ['Rate', 'zahlbar bis', 'Betrag'],
            widths: [0.3, 0.35, 0.35],
            right: [2],
            rows: [0, 1, 2].map((i) => [`${i + 1}. Rate`, c.d(b7WorkingDay(addMonths(start, i))), c.m(q)]),
          },
          { k: 'p', text: 'Wird eine Rate nicht fristgerecht gezahlt, wird die Stundung widerrufen.' },
        ],
      };
    }
    case 1: {
      const rows: string[][] = [];
      let saldo = 0;
      for (let i = 0; i < 6; i++) {
        const soll = i % 2 === 0 ? Math.floor(n.rueckstand / 400) * 100 : 0;
        const haben = i % 2 === 1 ? Math.floor(n.rueckstand / 400) * 100 : 0;
        saldo += soll - haben;
        rows.push([
          `${[2, 2, 5, 5, 8, 8][i]}/${n.ez}`,
          i % 2 ? 'Zahlung' : 'Soll Vorauszahlung',
          c.m(soll),
          c.m(haben),
          c.m(saldo),
        ]);
      }
      return {
        printsEz: true,
        blocks: [
          { k: 'title', text: `Kontoauszug Gewerbesteuer – Erhebungszeitraum ${n.ez}` },
          {
            k: 'p',
            text: 'wir übersenden Ihnen den aktuellen Stand Ihres Abgabenkontos. Dieser Auszug ist kein Bescheid.',
          },
          {
            k: 'table',
            head: ['Monat', 'Buchungstext', 'Soll', 'Haben', 'Saldo'],
            widths: [0.14, 0.3, 0.18, 0.18, 0.2],
            right: [2, 3, 4],
            rows,
          },
        ],
      };
    }
    case 2:
      return {
        printsEz: true,
        office: true,
        blocks: [
          { k: 'title', text: `Erinnerung: Gewerbesteuererklärung ${n.ez}` },
          {
            k: 'p',
            text: `nach unseren Unterlagen liegt die Erklärung zur Festsetzung des Gewerbesteuermessbetrags für ${n.ez} (§ 14a GewStG) noch nicht vor. Bitte übermitteln Sie die Erklärung innerhalb von vier Wochen elektronisch. Wird die Frist versäumt, kann ein Verspätungszuschlag (§ 152 AO) festgesetzt werden.`,
          },
        ],
      };
    case 3:
      return {
        printsEz: false,
        blocks: [
          { k: 'title', text: 'Eingangsbestätigung' },
          {
            k: 'p',
            text: 'Ihr Widerspruch gegen den Gewerbesteuerbescheid ist bei uns eingegangen. Wir prüfen die Angelegenheit und kommen unaufgefordert auf Sie zurück. Bitte beachten Sie, dass der Widerspruch die Zahlungspflicht nicht aufschiebt.',
          },
        ],
      };
    default:
      return {
        printsEz: false,
        blocks: [
          { k: 'title', text: 'Information über die Änderung des Hebesatzes' },
          {
            k: 'p',
            text: `der Rat hat mit der Haushaltssatzung beschlossen, den Hebesatz der Gewerbesteuer ab dem kommenden Erhebungszeitraum auf ${c.pc(n.hebesatz + 10 * int(c.r, 1, 4))} anzuheben. Ihre Vorauszahlungen werden mit gesondertem Bescheid angepasst.`,
          },
        ],
      };
  }
}

// ---------------------------------------------------------------- the letter

const OFFICE: NoticeType[] = ['messbescheid', 'zerlegungsbescheid'];

export function buildBlind7Letter(
  n: NoticeData,
  f: B7Family,
  r: Rng,
): { letter: B7Letter; printsEz: boolean } {
  const c = context(n, f, r);
  let office = OFFICE.includes(n.type);
  let printsEz = true;
  let body: B7Block[];
  switch (n.type) {
    case 'gewst_bescheid':
      body = gewstBody(c);
      break;
    case 'vorauszahlungsbescheid':
      body = vzBody(c);
      break;
    case 'zinsbescheid':
      body = zinsBody(c);
      break;
    case 'messbescheid':
      body = messBody(c);
      break;
    case 'zerlegungsbescheid':
      body = zerlBody(c);
      break;
    case 'mahnung':
      body = mahnBody(c);
      break;
    default: {
      const s = sonstigesBody(c);
      body = s.blocks;
      printsEz = s.printsEz;
      office = s.office ?? false;
    }
  }
  const { head, ret } = office ? officeHead(c) : municipalHead(c);
  const refs: [string, string][] = [];
  const municipal = !office && n.type !== 'sonstiges';
  if (office || n.showSteuernummer) refs.push([c.w.stnr, n.steuernummer]);
  if (!office) refs.push([c.w.kz, n.kassenzeichen]);
  if (f.id.startsWith('F70') && !office) refs.push(['Personenkonto', String(int(r, 100000, 999999))]);
  const clerk = pick(r, CLERKS);
  refs.push(
    ['Bearbeitung', clerk],
    ['Telefon', `0${int(r, 2000, 9999)} ${int(r, 100, 999)}-${int(r, 10, 99)}`],
  );
  const placeDate = f.id.startsWith('F71') || f.id.startsWith('F75');
  if (!placeDate) refs.push([c.w.datum, c.d(n.datum)]);
  // The salutation after the title; the intro sentences go on in lower case.
  const at = body.findIndex((b) => b.k === 'p');
  const blocks: B7Block[] = [
    ...body.slice(0, at),
    {
      k: 'p',
      text: pick(r, ['Sehr geehrte Damen und Herren,', 'Guten Tag,', 'Sehr geehrte Damen und Herren,']),
    },
    ...body.slice(at),
  ];
  if (n.type !== 'sonstiges' && n.type !== 'mahnung') blocks.push(...remedy(c, office));
  // Bank details: municipal letters as a slip (F72), a sentence or key–value rows.
  let slip: B7Block | undefined;
  if (!office) {
    if (f.id.startsWith('F72') && municipal) {
      const pay =
        n.type === 'mahnung'
          ? n.rueckstand + n.saeumnis + n.mahngebuehr
          : n.type === 'zinsbescheid'
            ? n.zinsen!.betrag
            : n.type === 'gewst_bescheid'
              ? Math.max(0, n.tax - n.bisher) + (n.zinsen?.betrag ?? 0)
              : (n.vz[0]?.betrag ?? 0);
      slip = {
        k: 'slip',
        heading: 'Zahlungsaufforderung – bitte abtrennen und bei Überweisung angeben',
        rows: [
          ['Empfänger', `Verbandsgemeindekasse für ${n.gemeinde.name}`],
          ...bankRows(c),
          ['Verwendungszweck', `${n.kassenzeichen} GewSt`],
          ['Betrag', c.m(pay)],
        ],
      };
    } else if (r() < 0.5) blocks.push({ k: 'h', text: c.w.bank }, { k: 'kv', rows: bankRows(c) });
    else
      blocks.push({
        k: 'p',
        text: `Zahlungen bitte unter Angabe des Kassenzeichens auf das Konto IBAN ${n.iban} (BIC ${n.bic}) bei der ${n.bank}.`,
      });
  }
  blocks.push(
    { k: 'p', text: pick(r, ['Mit freundlichen Grüßen', 'Mit freundlichem Gruß', 'Im Auftrag']) },
    { k: 'p', text: clerk },
  );
  // The tear-off slip comes last, at the foot of the letter.
  if (slip) blocks.push(slip);
  const footer = office
    ? [
        `Finanzamt ${n.finanzamt} · Öffnungszeiten Mo–Do 8–15 Uhr, Fr 8–12 Uhr · Bankverbindung: Deutsche Bundesbank`,
      ]
    : [`${kindOf(n)} ${n.gemeinde.name} · ${n.bank} · IBAN ${n.iban} · BIC ${n.bic}`];
  return {
    printsEz,
    letter: {
      head,
      returnLine: ret,
      address: [n.company, n.street, `${n.gemeinde.plz} ${n.gemeinde.name}`],
      refs,
      placeDate: placeDate ? `${office ? n.finanzamt : n.gemeinde.name}, den ${c.d(n.datum)}` : undefined,
      blocks,
      footer,
    },
  };
}

// ---------------------------------------------------------------- the renderer

const A4: [number, number] = [595.28, 841.89];
const FONTS = {
  Helvetica: [StandardFonts.Helvetica, StandardFonts.HelveticaBold],
  Times: [StandardFonts.TimesRoman, StandardFonts.TimesRomanBold],
  Courier: [StandardFonts.Courier, StandardFonts.CourierBold],
} as const;

export async function renderBlind7(L: B7Letter, f: B7Family): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle('Schreiben');
  doc.setCreationDate(new Date('2025-06-01T00:00:00Z'));
  doc.setModificationDate(new Date('2025-06-01T00:00:00Z'));
  const [rn, bn] = FONTS[f.font];
  const reg = await doc.embedFont(rn);
  const bold = await doc.embedFont(bn);
  const sz = f.size;
  const lh = sz * 1.42;
  const accent = rgb(...f.accent);
  const grey = rgb(0.35, 0.35, 0.35);
  const left = 64;
  const right = f.refs === 'sidebar' ? 410 : A4[0] - 54;
  const bottom = 78;
  let page: PDFPage = doc.addPage(A4);
  let y = 0;
  const T = (s: string, x: number, yy: number, font: PDFFont = reg, size = sz, color = rgb(0, 0, 0)) =>
    page.drawText(s, { x, y: yy, font, size, color });
  const W = (s: string, font: PDFFont = reg, size = sz) => font.widthOfTextAtSize(s, size);
  // Amounts, dates and "Nr. 1"-like pairs are not broken across lines (a line breaks between words).
  const KEEP =
    /(\d) (?=\d{3}\b)|(\d\.) (?=[A-ZÄÖÜ][a-zä]*\.? \d{4})|([a-zä]\.?) (?=\d{4}\b)|(\d) (?=€|EUR|Euro|%|v\.|vom|Prozent)|(€|EUR) (?=-?\d)/g;
  const wrap = (s: string, maxW: number, font: PDFFont = reg, size = sz) => {
    const out: string[] = [];
    let line = '';
    for (const word of s
      .replace(KEEP, (m) => m.replace(' ', '\u0001'))
      .split(' ')
      .map((x) => x.replaceAll('\u0001', ' '))) {
      const t = line ? `${line} ${word}` : word;
      if (W(t, font, size) > maxW && line) {
        out.push(line);
        line = word;
      } else line = t;
    }
    if (line) out.push(line);
    return out;
  };
  const newPage = () => {
    page = doc.addPage(A4);
    y = A4[1] - 70;
    T(L.head[0] ?? '', left, A4[1] - 40, bold, sz - 1, grey);
  };
  const need = (h: number) => {
    if (y - h < bottom) newPage();
  };

  // Letterhead.
  const top = A4[1] - 48;
  if (f.head === 'bar') {
    page.drawRectangle({ x: 0, y: A4[1] - 74, width: A4[0], height: 74, color: accent });
    L.head.forEach((s, i) =>
      T(s, left, A4[1] - 30 - i * (sz + 2), i ? reg : bold, i ? sz : sz + 3, rgb(1, 1, 1)),
    );
  } else if (f.head === 'box') {
    const h = L.head.length * (sz + 3) + 12;
    page.drawRectangle({
      x: left - 6,
      y: top - h + 14,
      width: 300,
      height: h,
      borderColor: accent,
      borderWidth: 1.2,
    });
    L.head.forEach((s, i) =>
      T(s, left, top - i * (sz + 3), i ? reg : bold, i ? sz : sz + 2, i ? rgb(0, 0, 0) : accent),
    );
  } else {
    L.head.forEach((s, i) => {
      const font = i ? reg : bold;
      const size = i ? sz : sz + 4;
      const w = W(s, font, size);
      const x = f.head === 'center' ? (A4[0] - w) / 2 : f.head === 'right' ? A4[0] - 54 - w : left;
      T(s, x, top - i * (size + 3), font, size, i ? grey : accent);
    });
    if (f.head === 'center')
      page.drawLine({
        start: { x: left, y: top - L.head.length * (sz + 4) },
        end: { x: A4[0] - 54, y: top - L.head.length * (sz + 4) },
        thickness: 0.8,
        color: accent,
      });
  }
  // Return line and address window.
  let ay = A4[1] - 150;
  T(L.returnLine, left, ay + 14, reg, 6.5, grey);
  page.drawLine({
    start: { x: left, y: ay + 12 },
    end: { x: left + W(L.returnLine, reg, 6.5), y: ay + 12 },
    thickness: 0.3,
  });
  for (const s of L.address) {
    T(s, left, ay, reg, sz + 0.5);
    ay -= lh;
  }
  // References.
  if (f.refs === 'row') {
    y = A4[1] - 250;
    const colW = (right - left) / L.refs.length;
    page.drawRectangle({
      x: left - 3,
      y: y - lh - 4,
      width: right - left + 6,
      height: 2 * lh + 6,
      borderColor: grey,
      borderWidth: 0.5,
    });
    L.refs.forEach(([k, v], i) => {
      T(k, left + i * colW, y + 4, reg, sz - 2, grey);
      T(v, left + i * colW, y - lh + 4, reg, sz - 0.5);
    });
    y -= 2 * lh + 10;
  } else if (f.refs === 'sidebar') {
    let sy = A4[1] - 140;
    page.drawLine({ start: { x: 425, y: sy + 12 }, end: { x: 425, y: 300 }, thickness: 0.6, color: accent });
    for (const [k, v] of L.refs) {
      T(k, 432, sy, reg, sz - 2, grey);
      T(v, 432, sy - sz, reg, sz - 0.5);
      sy -= 2 * sz + 5;
    }
    y = A4[1] - 250;
  } else {
    let ry = A4[1] - 138;
    for (const [k, v] of L.refs) {
      T(`${k}:`, 360, ry, reg, sz - 1, grey);
      T(v, 455, ry, reg, sz - 1);
      ry -= sz + 3;
    }
    y = Math.min(ay, ry) - 24;
  }
  if (L.placeDate) {
    T(L.placeDate, right - W(L.placeDate), y);
    y -= 2 * lh;
  }

  const kv = (rows: [string, string][]) => {
    for (const [k, v] of rows) {
      need(lh);
      if (f.kv === 'right-label') {
        T(v, left + 150 - W(v), y);
        T(k, left + 164, y, reg, sz, grey);
      } else if (f.kv === 'dots') {
        const vx = right - W(v);
        T(k, left, y);
        let dots = '';
        while (W(`${k} ${dots}. `) + left < vx - 6) dots += '. ';
        T(dots, left + W(`${k} `), y, reg, sz, grey);
        T(v, vx, y);
      } else if (f.kv === 'grid') {
        page.drawRectangle({
          x: left,
          y: y - 4,
          width: right - left,
          height: lh,
          borderColor: grey,
          borderWidth: 0.4,
        });
        T(k, left + 4, y);
        T(v, right - 4 - W(v), y);
      } else {
        T(`${k}:`, left, y);
        T(v, left + 190, y);
      }
      y -= lh;
    }
    y -= lh * 0.4;
  };

  const table = (b: Extract<B7Block, { k: 'table' }>) => {
    const tw = right - left;
    const xs = b.widths.map((_, i) => left + tw * b.widths.slice(0, i).reduce((s, v) => s + v, 0));
    const cell = (s: string, i: number, font: PDFFont) => {
      const x = xs[i]!;
      const cw = tw * b.widths[i]!;
      let size = sz - 0.5;
      while (W(s, font, size) > cw - 6 && size > 5) size -= 0.25;
      T(s, b.right.includes(i) ? x + cw - 3 - W(s, font, size) : x + 3, y, font, size);
    };
    const row = (cells: string[], font: PDFFont, headRow: boolean) => {
      if (headRow && f.table === 'shaded')
        page.drawRectangle({ x: left, y: y - 4, width: tw, height: lh, color: rgb(0.86, 0.86, 0.86) });
      if (f.table === 'grid')
        xs.forEach((x, i) =>
          page.drawRectangle({
            x,
            y: y - 4,
            width: tw * b.widths[i]!,
            height: lh,
            borderColor: grey,
            borderWidth: 0.4,
          }),
        );
      cells.forEach((s, i) => cell(s, i, font));
      if (headRow && (f.table === 'rules' || f.table === 'plain'))
        page.drawLine({
          start: { x: left, y: y - 4 },
          end: { x: right, y: y - 4 },
          thickness: f.table === 'rules' ? 0.8 : 0.3,
        });
      y -= lh;
    };
    need(3 * lh);
    row(b.head, bold, true);
    for (const cells of b.rows) {
      if (y - lh < bottom) {
        newPage();
        if (b.cont) {
          T(b.cont, left, y, bold);
          y -= lh;
        }
        row(b.head, bold, true);
      }
      row(cells, reg, false);
    }
    if (b.total) {
      need(lh);
      page.drawLine({ start: { x: left, y: y + lh - 4 }, end: { x: right, y: y + lh - 4 }, thickness: 0.6 });
      row(b.total, bold, false);
    }
    y -= lh * 0.5;
  };

  for (const b of L.blocks) {
    switch (b.k) {
      case 'title': {
        need(3 * lh);
        y -= lh * 0.3;
        for (const line of wrap(b.text, right - left, bold, sz + 2.5)) {
          T(line, left, y, bold, sz + 2.5, f.head === 'bar' ? accent : rgb(0, 0, 0));
          y -= lh + 3;
        }
        if (b.sub) {
          T(b.sub, left, y, reg, sz - 1, grey);
          y -= lh;
        }
        y -= lh * 0.4;
        break;
      }
      case 'h':
        need(2 * lh);
        y -= lh * 0.3;
        T(b.text, left, y, bold);
        y -= lh;
        break;
      case 'p': {
        const size = b.small ? sz - 1 : sz;
        for (const line of wrap(b.text, right - left, reg, size)) {
          need(lh);
          T(line, left, y, reg, size);
          y -= size * 1.42;
        }
        y -= lh * 0.5;
        break;
      }
      case 'kv':
        kv(b.rows);
        break;
      case 'table':
        table(b);
        break;
      case 'slip': {
        const h = (b.rows.length + 2) * lh + 10;
        need(h + 20);
        y -= 8;
        page.drawLine({ start: { x: 30, y }, end: { x: A4[0] - 30, y }, thickness: 0.5, dashArray: [4, 3] });
        y -= lh + 4;
        T(b.heading, left, y, bold, sz - 0.5);
        y -= lh;
        page.drawRectangle({
          x: left - 4,
          y: y - b.rows.length * lh + 8,
          width: right - left + 8,
          height: b.rows.length * lh + 4,
          borderColor: accent,
          borderWidth: 0.8,
        });
        for (const [k, v] of b.rows) {
          T(k, left, y, reg, sz - 1, grey);
          T(v, left + 120, y);
          y -= lh;
        }
        y -= lh;
        break;
      }
      case 'break':
        newPage();
        break;
      case 'gap':
        y -= lh;
        break;
    }
  }

  const pages = doc.getPages();
  pages.forEach((p, i) => {
    page = p;
    const no =
      f.pageNo === 'seite-von'
        ? `Seite ${i + 1} von ${pages.length}`
        : f.pageNo === 'dash'
          ? `- ${i + 1} -`
          : `Blatt ${i + 1}`;
    T(
      no,
      f.pageNo === 'dash' ? (A4[0] - W(no, reg, sz - 1.5)) / 2 : A4[0] - 54 - W(no, reg, sz - 1.5),
      30,
      reg,
      sz - 1.5,
      grey,
    );
    page.drawLine({ start: { x: left, y: 58 }, end: { x: A4[0] - 54, y: 58 }, thickness: 0.4, color: grey });
    L.footer.forEach((s, j) => {
      for (const [k, line] of wrap(s, A4[0] - 54 - left, reg, 6.5).entries())
        T(line, left, 48 - (j + k) * 8, reg, 6.5, grey);
    });
  });
  return doc.save();
}
