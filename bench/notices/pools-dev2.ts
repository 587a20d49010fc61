/**
 * Second development part (`dev2`, issue 9): eight layout families D01–D08 written by an author
 * who had not seen the extraction engine, with their own letter model and renderer (pdf-lib,
 * standard WinAnsi fonts). Figures and truths come from notice.ts (makeNotice, truth); the few
 * caveats of the generator's data (an interest period ending before it begins, prepayment due
 * dates on a weekend, an original due date after the reminder) are mended here so that the truth
 * is what the notice prints. Development part: engine developers may look at every file.
 */
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { identifiedBy, int, type Rng } from './data.js';
import { addDays, type NoticeData, type NoticeType, truth } from './notice.js';

// ---------------------------------------------------------------------------------------------
// Letter model: a letterhead, a body of elements, a footer; set by renderDev2.
// ---------------------------------------------------------------------------------------------
export type El =
  | { k: 'p'; t: string; b?: boolean; sz?: number; indent?: number; center?: boolean }
  | { k: 'gap'; h?: number }
  | { k: 'rule' }
  | {
      k: 'tbl';
      head?: string[];
      rows: string[][];
      w: number[];
      right?: number[];
      grid?: boolean;
      boldLast?: boolean;
    }
  | { k: 'kv'; rows: [string, string][]; lw?: number; dots?: boolean; amountsRight?: boolean }
  | { k: 'break' };

export interface Dev2Letter {
  /** Sender lines (first bold). */
  sender: string[];
  /** Recipient address lines. */
  address: string[];
  /** Info block (label, value) beside the address or in the side column. */
  info: [string, string][];
  body: El[];
  /** Footer lines on every page (bank details, office hours). */
  foot: string[];
}

type Head = 'left-info' | 'sidebar' | 'mainframe' | 'finanzamt' | 'band' | 'center' | 'boxed' | 'modern';
type MoneyStyle = { th: '.' | '' | ' '; unit: '' | ' €' | ' EUR' | 'EUR ' | ' Euro'; neg: 'lead' | 'trail' };
type DateStyle = 'dd.mm.yyyy' | 'd.m.yyyy' | 'dd.mm.yy' | 'long' | 'iso-ish';

export interface Dev2Family {
  id: string;
  /** Shown in README: what the family stands for. */
  note: string;
  font: 'Helvetica' | 'Times' | 'Courier';
  size: number;
  head: Head;
  printsAgs: boolean;
  money: MoneyStyle[];
  dates: DateStyle[];
  caps?: boolean;
}

export const DEV2_FAMILIES: Dev2Family[] = [
  {
    id: 'D01-kommunal-tabellen',
    note: 'municipal vendor print: info block right, old/new/difference tables, bisher/neu/Änderung prepayment matrix, Zerlegung table with PLZ and percent',
    font: 'Helvetica',
    size: 9.5,
    head: 'left-info',
    printsAgs: false,
    money: [
      { th: '.', unit: '', neg: 'lead' },
      { th: '.', unit: ' €', neg: 'lead' },
    ],
    dates: ['dd.mm.yyyy'],
  },
  {
    id: 'D02-zweispaltig-text',
    note: 'two-column letter (side column with references and bank), figures in running text, "je … am …", Zerlegung as one sentence per municipality with its Land',
    font: 'Times',
    size: 10.5,
    head: 'sidebar',
    printsAgs: false,
    money: [
      { th: '.', unit: ' Euro', neg: 'lead' },
      { th: '.', unit: ' EUR', neg: 'lead' },
    ],
    dates: ['long', 'dd.mm.yyyy'],
  },
  {
    id: 'D03-grossrechner',
    note: 'mainframe print in Courier capitals: trailing minus, two-digit years, whole computation in one row, AGS columns',
    font: 'Courier',
    size: 8.5,
    head: 'mainframe',
    printsAgs: true,
    money: [
      { th: '.', unit: '', neg: 'trail' },
      { th: '', unit: '', neg: 'trail' },
    ],
    dates: ['dd.mm.yy', 'dd.mm.yyyy'],
    caps: true,
  },
  {
    id: 'D04-finanzamt-formular',
    note: 'tax-office form layout (Messbescheid with derivation, Zerlegungsbescheid as key–value blocks per municipality with AGS), municipal letters as computation lines',
    font: 'Helvetica',
    size: 9,
    head: 'finanzamt',
    printsAgs: true,
    money: [
      { th: '.', unit: ' €', neg: 'lead' },
      { th: '.', unit: '', neg: 'lead' },
    ],
    dates: ['dd.mm.yyyy', 'd.m.yyyy'],
  },
  {
    id: 'D05-band-kv',
    note: 'grey band letterhead, key–value blocks with leaders, prepayments bisher/neu/Änderung, Zerlegung share first with a wage quota, arrears split into items',
    font: 'Helvetica',
    size: 10,
    head: 'band',
    printsAgs: false,
    money: [
      { th: '.', unit: ' EUR', neg: 'trail' },
      { th: ' ', unit: ' EUR', neg: 'lead' },
    ],
    dates: ['dd.mm.yyyy'],
  },
  {
    id: 'D06-mehrseitig',
    note: 'multi-page letter: long explanations first, tables running onto the next page with a repeated header, schedules for two years',
    font: 'Times',
    size: 10,
    head: 'center',
    printsAgs: false,
    money: [{ th: '.', unit: ' €', neg: 'lead' }],
    dates: ['dd.mm.yyyy', 'long'],
  },
  {
    id: 'D07-rastertabellen',
    note: 'boxed grid tables: one-row computation Messbetrag | Hebesatz | Steuer | bisher | Abrechnung, year × quarter matrix with the working-day rule, Zerlegung share before wages',
    font: 'Times',
    size: 9.5,
    head: 'boxed',
    printsAgs: false,
    money: [
      { th: '.', unit: '', neg: 'lead' },
      { th: '.', unit: '', neg: 'trail' },
    ],
    dates: ['dd.mm.yyyy', 'd.m.yyyy'],
  },
  {
    id: 'D08-modern-betreff',
    note: 'modern vendor: subject line instead of a title, "EUR 1.234,56" before the amount, long dates, numbered Zerlegung list with AGS and percent, interest in a sentence',
    font: 'Helvetica',
    size: 9,
    head: 'modern',
    printsAgs: true,
    money: [
      { th: '.', unit: 'EUR ', neg: 'lead' },
      { th: '.', unit: ' €', neg: 'lead' },
    ],
    dates: ['long', 'dd.mm.yyyy'],
  },
];

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

function group(n: number, th: string) {
  const s = String(n);
  return th ? s.replace(/\B(?=(\d{3})+(?!\d))/g, th) : s;
}
export function fmtMoney(cents: number, m: MoneyStyle): string {
  const a = Math.abs(cents);
  const s = `${group(Math.floor(a / 100), m.th)},${String(a % 100).padStart(2, '0')}`;
  const signed = cents < 0 ? (m.neg === 'lead' ? `-${s}` : `${s}-`) : s;
  return m.unit === 'EUR ' ? `EUR ${signed}` : `${signed}${m.unit}`;
}
export function fmtDate(iso: string, d: DateStyle): string {
  const [y, m, day] = iso.split('-').map(Number) as [number, number, number];
  const dd = String(day).padStart(2, '0');
  const mm = String(m).padStart(2, '0');
  switch (d) {
    case 'dd.mm.yyyy':
      return `${dd}.${mm}.${y}`;
    case 'd.m.yyyy':
      return `${day}.${m}.${y}`;
    case 'dd.mm.yy':
      return `${dd}.${mm}.${String(y).slice(2)}`;
    case 'long':
      return `${day}. ${MONTHS[m - 1]} ${y}`;
    case 'iso-ish':
      return `${dd}.${mm}.${y}`;
  }
}
const wages = (cents: number) => group(Math.round(cents / 100), '.');

/** A Saturday or Sunday moves to the Monday after (DOMAIN.md § 3; holidays not modelled). */
export function nextWorkingDay(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
/** Default start of the interest period (DOMAIN.md § 4, Art. 97 § 36 EGAO). */
function interestStart(ez: number): string {
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
/** Monthly interest rate printed: 0.5 % for periods up to 31 Dec 2018, 0.15 % from 2019 (§ 238 AO). */
const zr = (z: { bis: string }) => (z.bis < '2019-01-01' ? '0,5 %' : '0,15 %');
/** Full months from `von` (first day) to `bis` (last day, inclusive). */
function fullMonths(von: string, bis: string): number {
  const [y1, m1, d1] = von.split('-').map(Number) as [number, number, number];
  let months = 0;
  for (;;) {
    const y = y1 + Math.floor((m1 - 1 + months + 1) / 12);
    const m = ((m1 - 1 + months + 1) % 12) + 1;
    const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
    const end = addDays(
      `${y}-${String(m).padStart(2, '0')}-${String(Math.min(d1, last)).padStart(2, '0')}`,
      d1 > last ? 0 : -1,
    );
    if (end > bis) return months;
    months++;
  }
}

/**
 * Mends the generator's caveats so the truth is what the notice prints: the interest period
 * starts at the legal default and ends after it (a Zinsbescheid moves its date after the start;
 * a Gewerbesteuerbescheid drops interest it could not have set), interest is recomputed from
 * full months, base and 0.15 % (periods from 2019), prepayment due dates move off weekends,
 * and a reminder's original due date lies before the reminder.
 */
export function fixDev2Data(n: NoticeData, r: Rng): void {
  if (n.zinsen) {
    const von = interestStart(n.ez);
    if (n.type === 'zinsbescheid' && addDays(n.datum, 3) < addDays(von, 62)) {
      // A period must not span 31 Dec 2018 (the rate changed then; § 238 Abs. 1b AO splits it).
      n.datum = von < '2019-01-01' ? addDays(von, int(r, 70, 250)) : addDays(von, int(r, 70, 500));
      n.faellig = addDays(n.datum, int(r, 30, 35));
    }
    const bis = addDays(n.datum, n.datum >= '2025-01-01' ? 4 : 3);
    const months = fullMonths(von, bis);
    if (bis <= von || months < 1 || (von < '2019-01-01' && bis >= '2019-01-01')) n.zinsen = undefined;
    else {
      let basis = n.zinsen.basis;
      const rate = bis < '2019-01-01' ? 0.005 : 0.0015;
      const euros = (b: number) => Math.floor((b / 100) * rate * months);
      while (euros(basis) < 10) basis += 500000;
      n.zinsen = { von, bis, basis, monate: months, betrag: euros(basis) * 100 };
    }
  }
  n.vz = n.vz.map((v) => ({ ...v, faellig_am: nextWorkingDay(v.faellig_am) }));
  if (n.urspruenglichFaellig >= n.datum) n.urspruenglichFaellig = addDays(n.datum, -int(r, 40, 120));
}

// ---------------------------------------------------------------------------------------------
// Letter builder
// ---------------------------------------------------------------------------------------------
interface B {
  n: NoticeData;
  f: Dev2Family;
  r: Rng;
  m: (c: number) => string;
  /** Money without unit (table cells under an "EUR" header). */
  mc: (c: number) => string;
  d: (iso: string) => string;
  pick: <T>(xs: readonly T[]) => T;
  up: (s: string) => string;
  fi: number;
  body: El[];
  p: (t: string, o?: Partial<Extract<El, { k: 'p' }>>) => void;
}

const pct = (v: number, f: Dev2Family, b: B) =>
  f.caps ? `${v} V.H.` : b.pick([`${v} v. H.`, `${v} %`, `${v} vom Hundert`, `${v} v.H.`]);

const LOREM_EXPL = [
  'Die Festsetzung beruht auf dem vom Finanzamt mitgeteilten Steuermessbetrag. Einwendungen gegen die Höhe des Steuermessbetrags können nur im Verfahren gegen den Messbescheid des Finanzamts geltend gemacht werden (§ 351 Abs. 2 AO).',
  'Der Hebesatz ist in der Haushaltssatzung der Gemeinde für das jeweilige Haushaltsjahr festgelegt. Die Gewerbesteuer entsteht mit Ablauf des Erhebungszeitraums, für den die Festsetzung vorgenommen wird.',
  'Die Vorauszahlungen bemessen sich grundsätzlich nach der Steuer, die sich bei der letzten Veranlagung ergeben hat. Sie können der Steuer angepasst werden, die sich für den laufenden Erhebungszeitraum voraussichtlich ergeben wird (§ 19 Abs. 3 GewStG).',
  'Zahlungen leisten Sie bitte ausschließlich auf das unten angegebene Konto der Stadtkasse. Geben Sie bei jeder Zahlung das Kassenzeichen an, da Ihre Zahlung sonst nicht zugeordnet werden kann. Bei Teilnahme am SEPA-Lastschriftverfahren werden die Beträge zu den Fälligkeitstagen eingezogen.',
  'Ein Widerspruch hat keine aufschiebende Wirkung; die festgesetzten Beträge sind daher auch dann zu den angegebenen Terminen zu zahlen, wenn Sie Widerspruch einlegen (§ 80 Abs. 2 Nr. 1 VwGO).',
  'Bei verspäteter Zahlung entstehen kraft Gesetzes Säumniszuschläge von 1 % des rückständigen, auf 50 Euro abgerundeten Betrags für jeden angefangenen Monat der Säumnis (§ 240 AO).',
];

function legalFooter(b: B, munic: boolean) {
  b.body.push({ k: 'gap' });
  b.p(b.up(munic ? 'Rechtsbehelfsbelehrung' : 'Rechtsbehelfsbelehrung:'), { b: true });
  b.p(
    munic
      ? `Gegen diesen Bescheid kann innerhalb eines Monats nach Bekanntgabe Widerspruch erhoben werden. Der Widerspruch ist schriftlich oder zur Niederschrift bei der ${b.n.gemeinde.kind === 'Gemeinde' ? 'Gemeindeverwaltung' : 'Stadtverwaltung'} ${b.n.gemeinde.name} einzulegen.`
      : `Gegen diesen Bescheid ist der Einspruch gegeben. Er ist beim Finanzamt ${b.n.finanzamt} schriftlich einzureichen, diesem elektronisch zu übermitteln oder dort zur Niederschrift zu erklären. Die Frist für die Einlegung des Einspruchs beträgt einen Monat nach Bekanntgabe dieses Bescheids.`,
    { sz: b.f.size - 1 },
  );
}

function ezPhrase(b: B) {
  return b.pick([`für das Kalenderjahr ${b.n.ez}`, `für ${b.n.ez}`, `Erhebungszeitraum ${b.n.ez}`]);
}

function gewstBody(b: B) {
  const { n, f, m, mc, d } = b;
  const diff = n.tax - n.bisher;
  const mbLabel = n.zerlegt
    ? b.pick(['Zerlegungsanteil am Steuermessbetrag', 'Anteil am Messbetrag'])
    : b.pick(['Steuermessbetrag', 'Gewerbesteuermessbetrag', 'Messbetrag']);
  const dueLine = () => {
    if (diff <= 0) {
      b.p(
        b.pick([
          `Der Erstattungsbetrag von ${m(-diff)} wird auf Ihr Konto überwiesen bzw. mit fälligen Forderungen verrechnet.`,
          `Das sich ergebende Guthaben von ${m(-diff)} wird Ihnen erstattet.`,
        ]),
      );
      return;
    }
    const forms = [
      `Der Nachzahlungsbetrag ist am ${d(n.faellig)} fällig.`,
      `Bitte zahlen Sie den Betrag von ${m(diff)} bis zum ${d(n.faellig)}.`,
      `Die Abschlusszahlung ist einen Monat nach Bekanntgabe dieses Bescheids, das ist der ${d(n.faellig)}, zu entrichten.`,
      `Fälligkeit der Nachforderung: ${d(n.faellig)}`,
    ];
    b.p(b.pick(forms));
  };
  const zins = () => {
    const z = n.zinsen;
    if (!z) return;
    b.body.push({ k: 'gap' });
    b.p(b.up('Zinsen zur Gewerbesteuer (§ 233a AO)'), { b: true });
    const form = b.fi % 3;
    if (form === 0)
      b.body.push({
        k: 'tbl',
        head: ['Zinslauf vom', 'bis', 'volle Monate', 'Zinssatz', 'Bemessungsgrundlage', 'Zinsen'],
        rows: [[d(z.von), d(z.bis), String(z.monate), `${zr(z)} p.M.`, mc(z.basis), mc(z.betrag)]],
        w: [1, 1, 0.8, 0.9, 1.3, 1],
        right: [4, 5],
        grid: f.head === 'boxed',
      });
    else if (form === 1)
      b.p(
        `Die Nachzahlungszinsen werden für die Zeit vom ${d(z.von)} bis ${d(z.bis)} (${z.monate} volle Monate x ${zr(z)} aus ${m(z.basis)}) auf ${m(z.betrag)} festgesetzt.`,
      );
    else
      b.body.push({
        k: 'kv',
        rows: [
          ['Beginn des Zinslaufs', d(z.von)],
          ['Ende des Zinslaufs', d(z.bis)],
          ['zu verzinsender Betrag (abgerundet)', m(z.basis)],
          ['Zinsmonate', String(z.monate)],
          ['festgesetzte Zinsen', m(z.betrag)],
        ],
      });
  };
  switch (f.id.slice(0, 3)) {
    case 'D01': {
      b.body.push({
        k: 'kv',
        rows: [
          [mbLabel, m(n.mb * 100)],
          ['Hebesatz', `${n.hebesatz} %`],
        ],
        lw: 200,
      });
      b.body.push({ k: 'gap' });
      b.body.push({
        k: 'tbl',
        head: ['Abgabeart', `bisher EUR`, `neu EUR`, `Differenz EUR`],
        rows: [
          [`Gewerbesteuer ${n.ez}`, mc(n.bisher), mc(n.tax), mc(diff)],
          ...(n.zinsen ? [['Zinsen § 233a AO', '0,00', mc(n.zinsen.betrag), mc(n.zinsen.betrag)]] : []),
        ],
        w: [2, 1, 1, 1],
        right: [1, 2, 3],
      });
      dueLine();
      zins();
      break;
    }
    case 'D02': {
      b.p(
        `auf Grund des vom Finanzamt ${n.finanzamt} festgesetzten ${n.zerlegt ? 'Zerlegungsanteils' : 'Gewerbesteuermessbetrags'} von ${m(n.mb * 100)} und des von der Gemeindevertretung beschlossenen Hebesatzes von ${n.hebesatz} vom Hundert setzen wir die Gewerbesteuer ${ezPhrase(b)} auf ${m(n.tax)} fest.`,
      );
      b.p(
        n.bisher
          ? `Bisher waren ${m(n.bisher)} festgesetzt. ${diff > 0 ? `Es ergibt sich eine Nachzahlung von ${m(diff)}.` : diff < 0 ? `Es ergibt sich ein Guthaben von ${m(-diff)}.` : 'Es ergibt sich kein Unterschiedsbetrag (0,00).'}`
          : `Bisher festgesetzt: 0,00. Der festgesetzte Betrag von ${m(diff)} ist nachzuzahlen.`,
      );
      dueLine();
      zins();
      break;
    }
    case 'D03': {
      b.p(
        b.up(`Berechnung: Messbetrag ${mc(n.mb * 100)} x Hebesatz ${n.hebesatz} v.H. = Steuer ${mc(n.tax)}`),
      );
      b.body.push({
        k: 'tbl',
        head: ['EZ', 'SOLL ALT', 'SOLL NEU', 'ZU-/ABGANG', 'FAELLIG'].map(b.up),
        rows: [[String(n.ez), mc(n.bisher), mc(n.tax), mc(diff), diff > 0 ? d(n.faellig) : '-']],
        w: [0.6, 1, 1, 1, 1],
        right: [1, 2, 3],
      });
      if (diff <= 0) b.p(b.up('Der Abgang wird erstattet bzw. verrechnet.'));
      zins();
      break;
    }
    case 'D04': {
      b.p(`${mbLabel} ${m(n.mb * 100)} x Hebesatz ${n.hebesatz} % = Gewerbesteuer ${m(n.tax)}`);
      b.p(`abzüglich bisher festgesetzte Gewerbesteuer ${m(n.bisher)}`);
      b.p(diff >= 0 ? `verbleibende Nachzahlung ${m(diff)}` : `Erstattung (Abgang) ${m(diff)}`, { b: true });
      dueLine();
      zins();
      break;
    }
    case 'D05': {
      b.body.push({
        k: 'kv',
        dots: true,
        rows: [
          [mbLabel, m(n.mb * 100)],
          ['Hebesatz', pct(n.hebesatz, f, b)],
          ['Gewerbesteuer festgesetzt', m(n.tax)],
          ['bisheriger Sollbetrag', m(n.bisher)],
          [diff >= 0 ? 'Zugang (zu zahlen)' : 'Abgang (wird erstattet)', m(diff)],
          ...(diff > 0 ? ([['zahlbar bis', d(n.faellig)]] as [string, string][]) : []),
        ],
      });
      zins();
      break;
    }
    case 'D06': {
      for (const t of LOREM_EXPL.slice(0, 4)) b.p(t);
      b.body.push({
        k: 'tbl',
        head: ['Bezeichnung', 'Betrag'],
        rows: [
          [mbLabel, m(n.mb * 100)],
          ['Hebesatz', `${n.hebesatz} v. H.`],
          [`Gewerbesteuer ${n.ez} (Soll neu)`, m(n.tax)],
          ['Soll alt', m(n.bisher)],
          [diff >= 0 ? 'Mehrbetrag' : 'Minderbetrag (Erstattung)', diff >= 0 ? m(diff) : m(diff)],
        ],
        w: [3, 1.3],
        right: [1],
      });
      dueLine();
      zins();
      break;
    }
    case 'D07': {
      b.body.push({
        k: 'tbl',
        head: ['Jahr', 'Messbetrag', 'Hebesatz %', 'Steuer', 'bisher', 'Abrechnung', 'fällig am'],
        rows: [
          [
            String(n.ez),
            mc(n.mb * 100),
            String(n.hebesatz),
            mc(n.tax),
            mc(n.bisher),
            mc(diff),
            diff > 0 ? d(n.faellig) : '',
          ],
        ],
        w: [0.6, 1, 0.8, 1, 1, 1, 1],
        right: [1, 3, 4, 5],
        grid: true,
      });
      b.p('Alle Beträge in Euro.', { sz: f.size - 1.5 });
      if (diff <= 0) dueLine();
      zins();
      break;
    }
    default: {
      // D08
      b.p(
        `die Gewerbesteuer ${ezPhrase(b)} wird wie folgt festgesetzt: Der ${mbLabel} beträgt ${m(n.mb * 100)}, der Hebesatz ${pct(n.hebesatz, f, b)}. Daraus ergibt sich eine Steuer von ${m(n.tax)}.`,
      );
      b.body.push({
        k: 'kv',
        rows: [
          ['Gewerbesteuer lt. diesem Bescheid', m(n.tax)],
          ['bereits festgesetzt', m(n.bisher)],
          [diff > 0 ? 'noch zu zahlen' : 'zu erstatten', m(Math.abs(diff))],
        ],
        lw: 230,
        amountsRight: true,
      });
      dueLine();
      zins();
    }
  }
  if (n.vz.length) {
    b.body.push({ k: 'gap' });
    b.p(b.up(`Vorauszahlungen ab ${n.vz[0]!.quartal}. Quartal ${n.vz[0]!.jahr}`), { b: true });
    b.p(`Die Vorauszahlungen werden auf der Grundlage der festgesetzten Steuer wie folgt festgesetzt:`);
    vzSchedule(b, f.id.slice(0, 3) === 'D02' ? 'text' : f.id.slice(0, 3) === 'D07' ? 'matrix' : 'table');
  }
}

function vzSchedule(
  b: B,
  form: 'text' | 'matrix' | 'table' | 'old-new' | 'bisher-neu-matrix' | 'lines',
  old?: number,
) {
  const { n, m, mc, d } = b;
  const q = n.vz[0]!.betrag;
  if (form === 'text') {
    const dates = n.vz.map((v) => d(v.faellig_am));
    const list = dates.length > 1 ? `${dates.slice(0, -1).join(', ')} und ${dates.at(-1)}` : dates[0];
    b.p(`Die Vorauszahlungen betragen je ${m(q)} und sind am ${list} fällig.`);
  } else if (form === 'matrix') {
    const years = [...new Set(n.vz.map((v) => v.jahr))];
    b.body.push({
      k: 'tbl',
      head: ['Jahr', '15.02.', '15.05.', '15.08.', '15.11.', 'Summe'],
      rows: years.map((y) => {
        const of = n.vz.filter((v) => v.jahr === y);
        return [
          String(y),
          ...[1, 2, 3, 4].map((qq) => {
            const v = of.find((x) => x.quartal === qq);
            return v ? mc(v.betrag) : '-';
          }),
          mc(of.reduce((s, v) => s + v.betrag, 0)),
        ];
      }),
      w: [0.6, 1, 1, 1, 1, 1.1],
      right: [1, 2, 3, 4, 5],
      grid: true,
    });
    b.p(
      'Fällt ein Fälligkeitstag auf einen Samstag, Sonntag oder gesetzlichen Feiertag, ist die Zahlung am nächsten Werktag fällig.',
      { sz: b.f.size - 1.5 },
    );
  } else if (form === 'old-new' || form === 'bisher-neu-matrix') {
    const o = old ?? 0;
    if (form === 'old-new')
      b.body.push({
        k: 'tbl',
        head: ['Fälligkeit', 'bisher', 'neu', 'Änderung'],
        rows: n.vz.map((v) => [d(v.faellig_am), mc(o), mc(v.betrag), mc(v.betrag - o)]),
        w: [1.2, 1, 1, 1],
        right: [1, 2, 3],
      });
    else
      b.body.push({
        k: 'tbl',
        head: ['', ...n.vz.map((v) => d(v.faellig_am))],
        rows: [
          ['bisher', ...n.vz.map(() => mc(o))],
          ['neu', ...n.vz.map((v) => mc(v.betrag))],
          ['Änderung', ...n.vz.map((v) => mc(v.betrag - o))],
        ],
        w: [1, ...n.vz.map(() => 1)],
        right: n.vz.map((_, i) => i + 1),
      });
  } else if (form === 'lines') {
    for (const v of n.vz)
      b.p(`${v.quartal}. Vierteljahr ${v.jahr}: fällig am ${d(v.faellig_am)}  ${m(v.betrag)}`, {
        indent: 20,
      });
  } else {
    b.body.push({
      k: 'tbl',
      head: ['Jahr', 'Quartal', b.up('Fälligkeit'), b.up('Betrag')],
      rows: n.vz.map((v) => [String(v.jahr), `${v.quartal}.`, d(v.faellig_am), m(v.betrag)]),
      w: [0.7, 0.7, 1.2, 1.2],
      right: [3],
    });
  }
}

function vzBody(b: B, r: Rng) {
  const { n, f, m } = b;
  const fam = f.id.slice(0, 3);
  // Two-year schedules (D06, D08): the following year's four quarters at the same amount.
  if ((fam === 'D06' || fam === 'D08') && n.vz.length) {
    const next = n.vzYear + 1;
    const q = n.vz[0]!.betrag;
    n.vz = [
      ...n.vz,
      ...[2, 5, 8, 11].map((mo, i) => ({
        jahr: next,
        quartal: i + 1,
        betrag: q,
        faellig_am: nextWorkingDay(`${next}-${String(mo).padStart(2, '0')}-15`),
      })),
    ];
  }
  const old = Math.floor((n.bisher * (0.5 + r())) / 400) * 100;
  if (fam === 'D06') for (const t of LOREM_EXPL.slice(1, 5)) b.p(t);
  if (fam === 'D02')
    b.p(
      `nach § 19 GewStG setzen wir die Vorauszahlungen auf die Gewerbesteuer ab dem ${n.vz[0]!.quartal}. Vierteljahr ${n.ez} neu fest. Grundlage ist der Steuermessbetrag von ${m(n.mb * 100)} und der Hebesatz von ${n.hebesatz} vom Hundert (Jahressteuer ${m(n.mb * n.hebesatz)}).`,
    );
  else
    b.body.push({
      k: 'kv',
      rows: [
        [
          n.zerlegt
            ? 'Zerlegungsanteil am Messbetrag für Zwecke der Vorauszahlungen'
            : 'Steuermessbetrag für Zwecke der Vorauszahlungen',
          m(n.mb * 100),
        ],
        ['Hebesatz', pct(n.hebesatz, f, b)],
        ['Jahresbetrag der Vorauszahlungen', m(n.vz[0]!.betrag * 4)],
      ],
      dots: fam === 'D05',
      lw: 260,
    });
  b.body.push({ k: 'gap' });
  const form =
    fam === 'D01'
      ? 'bisher-neu-matrix'
      : fam === 'D02'
        ? 'text'
        : fam === 'D05'
          ? 'old-new'
          : fam === 'D07'
            ? 'matrix'
            : fam === 'D08'
              ? 'lines'
              : 'table';
  b.p(b.up(b.pick(['Vorauszahlungen', 'Festsetzung der Vorauszahlungen', 'Zahlungstermine'])), { b: true });
  vzSchedule(b, form, old);
  if (fam === 'D01' || fam === 'D05')
    b.p(
      'Die bisher festgesetzten Vorauszahlungen werden durch diesen Bescheid ersetzt; bereits geleistete Zahlungen werden angerechnet.',
    );
}

function zinsBody(b: B) {
  const { n, f, m, mc, d } = b;
  const z = n.zinsen!;
  const fam = f.id.slice(0, 3);
  b.p(
    `Die Gewerbesteuer ${n.ez} wurde mit Bescheid vom ${d(addDays(n.datum, -2))} auf ${m(n.tax)} festgesetzt. Der Unterschiedsbetrag ist nach § 233a AO zu verzinsen.`,
  );
  if (fam === 'D02' || fam === 'D08')
    b.p(
      `Für die Zeit vom ${d(z.von)} bis zum ${d(z.bis)} ergeben sich ${z.monate} volle Zinsmonate. Bei einem Zinssatz von ${zr(z).replace(' %', ' Prozent')} je Monat auf den abgerundeten Betrag von ${m(z.basis)} werden Zinsen in Höhe von ${m(z.betrag)} festgesetzt, zahlbar bis ${d(n.faellig)}.`,
    );
  else if (fam === 'D05' || fam === 'D04')
    b.body.push({
      k: 'kv',
      dots: fam === 'D05',
      rows: [
        ['Zinsen für', `Gewerbesteuer ${n.ez}`],
        ['Zinslauf von', d(z.von)],
        ['Zinslauf bis', d(z.bis)],
        ['Bemessungsgrundlage', m(z.basis)],
        ['Anzahl voller Monate', String(z.monate)],
        ['Zinssatz je Monat', zr(z)],
        ['Zinsen', m(z.betrag)],
        ['fällig am', d(n.faellig)],
      ],
    });
  else {
    if (fam === 'D06') for (const t of LOREM_EXPL.slice(0, 3)) b.p(t);
    b.body.push({
      k: 'tbl',
      head: [
        b.up('Zeitraum von'),
        b.up('bis'),
        b.up('Monate'),
        b.up('Basis'),
        b.up('Zinssatz'),
        b.up('Zinsbetrag'),
      ],
      rows: [[d(z.von), d(z.bis), String(z.monate), mc(z.basis), zr(z), mc(z.betrag)]],
      w: [1, 1, 0.7, 1.2, 0.8, 1],
      right: [3, 5],
      grid: fam === 'D07',
    });
    b.p(b.up(`Fälligkeit: ${d(n.faellig)}`));
  }
}

function messBody(b: B, r: Rng) {
  const { n, f, m, mc } = b;
  const fam = f.id.slice(0, 3);
  const rounded = Math.floor(n.gewerbeertrag / 10000) * 10000;
  const rest = rounded - n.freibetrag;
  const hinz = int(r, 0, 300) * 10000;
  const kuerz = int(r, 0, 150) * 10000;
  const gewinn = n.gewerbeertrag - hinz + kuerz;
  if (fam === 'D02' || fam === 'D08') {
    b.p(
      `Der Gewerbeertrag ${n.ez} beträgt ${m(n.gewerbeertrag)}; abgerundet auf volle 100 Euro ${m(rounded)}. Nach Abzug des Freibetrags von ${m(n.freibetrag)} verbleiben ${m(rest)}. Bei einer Steuermesszahl von 3,5 % ergibt sich ein Steuermessbetrag von ${m(n.mb * 100)}.`,
    );
    return;
  }
  if (fam === 'D07') {
    b.body.push({
      k: 'tbl',
      head: ['Gewerbeertrag', 'abgerundet', 'Freibetrag', 'verbleiben', 'Messzahl', 'Messbetrag'],
      rows: [[mc(n.gewerbeertrag), mc(rounded), mc(n.freibetrag), mc(rest), '3,5 %', mc(n.mb * 100)]],
      w: [1, 1, 1, 1, 0.6, 1],
      right: [0, 1, 2, 3, 5],
      grid: true,
    });
    b.p('Beträge in Euro', { sz: f.size - 1.5 });
    return;
  }
  b.body.push({
    k: 'tbl',
    head: ['', 'Kz.', 'EUR'],
    rows: [
      ['Gewinn aus Gewerbebetrieb', '10', mc(gewinn)],
      ['Hinzurechnungen (§ 8 GewStG)', '20', mc(hinz)],
      ['Kürzungen (§ 9 GewStG)', '30', mc(-kuerz)],
      ['Gewerbeertrag', '40', mc(n.gewerbeertrag)],
      ['abgerundet auf volle 100 EUR', '41', mc(rounded)],
      ['Freibetrag (§ 11 Abs. 1 GewStG)', '42', mc(n.freibetrag)],
      ['verbleibender Betrag', '43', mc(rest)],
      ['Steuermesszahl 3,5 v. H. - Steuermessbetrag', '50', mc(n.mb * 100)],
    ].map((row) => row.map(b.up)),
    w: [3, 0.4, 1.2],
    right: [2],
    grid: fam === 'D04',
    boldLast: true,
  });
  if (fam === 'D06') for (const t of LOREM_EXPL.slice(0, 2)) b.p(t);
}

function zerlBody(b: B) {
  const { n, f, m, mc } = b;
  const fam = f.id.slice(0, 3);
  const total = n.zerlegung.reduce((s, z) => s + z.anteil, 0);
  const lohnSum = n.zerlegung.reduce((s, z) => s + z.lohn, 0);
  const pctOf = (z: { anteil: number }) => `${((100 * z.anteil) / total).toFixed(4).replace('.', ',')} %`;
  const g = (z: NoticeData['zerlegung'][number]) => `${z.gemeinde.kind} ${z.gemeinde.name}`;
  b.p(
    `Der Gewerbesteuermessbetrag ${n.ez} von ${m(total)} wird nach dem Verhältnis der Arbeitslöhne (§ 29 Abs. 1 Nr. 1 GewStG) auf die hebeberechtigten Gemeinden zerlegt.`,
  );
  if (fam === 'D06') {
    for (const t of [...LOREM_EXPL, ...LOREM_EXPL.slice(0, 3)]) b.p(t);
    b.p(
      'Maßgebend sind die Arbeitslöhne, die an die bei allen Betriebsstätten beschäftigten Arbeitnehmer gezahlt worden sind (§ 31 GewStG). Die Arbeitslöhne sind auf volle 1.000 Euro abgerundet. Ausbildungsvergütungen, einmalige Vergütungen wie Tantiemen und Gratifikationen sowie Löhne über 50.000 Euro je Arbeitnehmer bleiben außer Ansatz.',
    );
  }
  switch (fam) {
    case 'D01':
    case 'D06':
      b.body.push({
        k: 'tbl',
        head: ['Lfd.', 'Gemeinde', 'PLZ', 'Arbeitslöhne EUR', 'Anteil v. H.', 'Zerlegungsanteil EUR'],
        rows: [
          ...n.zerlegung.map((z, i) => [
            String(i + 1),
            z.gemeinde.name,
            z.gemeinde.plz,
            wages(z.lohn),
            pctOf(z),
            mc(z.anteil),
          ]),
          ['', 'Summe', '', wages(lohnSum), '100,0000 %', mc(total)],
        ],
        w: [0.4, 2.2, 0.7, 1.3, 1, 1.3],
        right: [3, 4, 5],
        boldLast: true,
      });
      break;
    case 'D02':
      for (const z of n.zerlegung)
        b.p(
          `Auf die ${g(z)} (${z.gemeinde.land}) entfällt bei Arbeitslöhnen von ${wages(z.lohn)} Euro ein Zerlegungsanteil von ${m(z.anteil)}.`,
        );
      break;
    case 'D03':
      b.body.push({
        k: 'tbl',
        head: ['GEMEINDESCHLUESSEL', 'GEMEINDE', 'LOHNSUMME', 'ANTEIL'],
        rows: n.zerlegung.map((z) => [z.gemeinde.ags, b.up(z.gemeinde.name), wages(z.lohn), mc(z.anteil)]),
        w: [1.2, 2.2, 1.2, 1],
        right: [2, 3],
      });
      break;
    case 'D04':
      n.zerlegung.forEach((z, i) => {
        b.p(`${i + 1}. hebeberechtigte Gemeinde`, { b: true });
        b.body.push({
          k: 'kv',
          rows: [
            ['Gemeinde', g(z)],
            ['Amtlicher Gemeindeschlüssel', z.gemeinde.ags],
            ['Arbeitslöhne', m(z.lohn)],
            ['Zerlegungsanteil', m(z.anteil)],
          ],
          lw: 170,
        });
      });
      break;
    case 'D05':
      b.body.push({
        k: 'tbl',
        head: ['Anteil EUR', 'Gemeinde', 'Quote (Löhne in TEUR)'],
        rows: n.zerlegung.map((z) => [
          mc(z.anteil),
          `${z.gemeinde.name}, ${z.gemeinde.land}`,
          `${group(z.lohn / 100000, '.')}/${group(lohnSum / 100000, '.')}`,
        ]),
        w: [1, 2.6, 1.4],
        right: [0],
      });
      break;
    case 'D07':
      b.body.push({
        k: 'tbl',
        head: ['Gemeinde', 'Zerlegungsanteil', 'Arbeitslöhne', '%'],
        rows: n.zerlegung.map((z) => [
          z.gemeinde.name,
          mc(z.anteil),
          wages(z.lohn),
          pctOf(z).replace(' %', ''),
        ]),
        w: [2.2, 1.1, 1.2, 0.8],
        right: [1, 2, 3],
        grid: true,
      });
      break;
    default:
      n.zerlegung.forEach((z, i) =>
        b.p(`${i + 1}. ${g(z)} (AGS ${z.gemeinde.ags}): ${pctOf(z)} = ${m(z.anteil)}`, { indent: 12 }),
      );
  }
}

function mahnBody(b: B, r: Rng) {
  const { n, f, m, mc, d } = b;
  const fam = f.id.slice(0, 3);
  const sum = n.rueckstand + n.saeumnis + n.mahngebuehr;
  b.p(
    b.pick([
      'bei Durchsicht unserer Konten haben wir festgestellt, dass folgende Beträge trotz Fälligkeit noch nicht bezahlt sind:',
      'leider konnten wir bis heute keinen Zahlungseingang für die nachstehend aufgeführte Forderung feststellen.',
    ]),
  );
  if (fam === 'D05' && n.rueckstand > 20000) {
    const a = Math.floor(n.rueckstand / 200) * 100;
    b.body.push({
      k: 'tbl',
      head: ['Forderung', 'fällig seit', 'Betrag'],
      rows: [
        [`Gewerbesteuer ${n.ez} Vorauszahlung`, d(n.urspruenglichFaellig), mc(a)],
        [
          `Gewerbesteuer ${n.ez} Abschlusszahlung`,
          d(addDays(n.urspruenglichFaellig, 14)),
          mc(n.rueckstand - a),
        ],
        ['Rückstand insgesamt', '', mc(n.rueckstand)],
      ],
      w: [2.5, 1, 1],
      right: [2],
      boldLast: true,
    });
    b.body.push({
      k: 'kv',
      dots: true,
      rows: [
        ['Säumniszuschläge (§ 240 AO)', m(n.saeumnis)],
        ['Mahngebühr', m(n.mahngebuehr)],
        ['Gesamtbetrag', m(sum)],
      ],
    });
  } else if (fam === 'D02' || fam === 'D08') {
    b.p(
      `Die Gewerbesteuer ${n.ez}, fällig am ${d(n.urspruenglichFaellig)}, ist mit einem Betrag von ${m(n.rueckstand)} rückständig. Hierauf sind Säumniszuschläge von ${m(n.saeumnis)} entstanden. Zusammen mit der Mahngebühr von ${m(n.mahngebuehr)} ergibt sich ein Betrag von ${m(sum)}.`,
    );
  } else {
    b.body.push({
      k: 'tbl',
      head: ['Abgabe', 'Zeitraum', 'fällig am', 'Rückstand', 'Säumniszuschlag', 'Mahngebühr'].map(b.up),
      rows: [
        [
          b.up('Gewerbesteuer'),
          String(n.ez),
          d(n.urspruenglichFaellig),
          mc(n.rueckstand),
          mc(n.saeumnis),
          mc(n.mahngebuehr),
        ],
      ],
      w: [1.3, 0.8, 1, 1.1, 1.2, 1],
      right: [3, 4, 5],
      grid: fam === 'D07',
    });
    b.p(b.up(`Gesamtforderung: ${m(sum)}`), { b: true });
  }
  b.p(
    b.pick([
      `Bitte überweisen Sie den Gesamtbetrag bis spätestens ${d(n.faellig)}.`,
      `Wir bitten Sie, den offenen Betrag bis zum ${d(n.faellig)} unter Angabe des Kassenzeichens zu zahlen.`,
      `Zahlungsfrist: ${d(n.faellig)}`,
    ]),
  );
  b.p(
    'Sollte die Zahlung nicht fristgerecht eingehen, müssen Sie mit der Einleitung von Vollstreckungsmaßnahmen rechnen. Weitere Säumniszuschläge entstehen kraft Gesetzes.',
  );
  if (r() < 0.3)
    b.p(
      'Sollten Sie zwischenzeitlich gezahlt haben, betrachten Sie dieses Schreiben bitte als gegenstandslos.',
    );
}

let lastSonstKind = '';
const SONST_KINDS = [
  'stundung',
  'erlass',
  'anhoerung',
  'salden',
  'eingang',
  'erstattung',
  'rueckfrage',
  'lastschrift',
] as const;

function sonstBody(b: B): string {
  const { n, m, d } = b;
  const kind = SONST_KINDS[(b.fi + n.sonstigesKind * 3) % SONST_KINDS.length]!;
  lastSonstKind = kind;
  const amt = Math.floor(n.tax / 100) * 100;
  switch (kind) {
    case 'stundung':
      b.p(
        `auf Ihren Antrag vom ${d(addDays(n.datum, -20))} wird die Gewerbesteuer ${n.ez} in Höhe von ${m(amt)} gemäß § 222 AO bis zum ${d(addDays(n.datum, 90))} gestundet. Für die Dauer der Stundung werden Stundungszinsen nach § 234 AO erhoben; hierüber erhalten Sie nach Ablauf der Stundung einen gesonderten Bescheid.`,
      );
      return 'Stundung der Gewerbesteuer';
    case 'erlass':
      b.p(
        `Ihren Antrag auf Erlass von Säumniszuschlägen zur Gewerbesteuer ${n.ez} haben wir geprüft. Die Voraussetzungen des § 227 AO liegen nicht vor, da eine sachliche oder persönliche Unbilligkeit nicht dargelegt wurde. Der Antrag wird daher abgelehnt.`,
      );
      return 'Antrag auf Erlass von Säumniszuschlägen';
    case 'anhoerung':
      b.p(
        `vor einer Festsetzung von Vorauszahlungen für ${n.ez} geben wir Ihnen Gelegenheit zur Stellungnahme (§ 91 AO). Nach den uns vorliegenden Unterlagen beabsichtigen wir, die vierteljährlichen Vorauszahlungen anzupassen. Bitte teilen Sie uns bis zum ${d(addDays(n.datum, 21))} mit, ob sich Ihre Ertragslage wesentlich verändert hat.`,
      );
      return 'Anhörung vor Anpassung der Vorauszahlungen';
    case 'salden':
      b.p(`zum Stichtag ${d(addDays(n.datum, -1))} weist Ihr Abgabenkonto folgende Salden aus:`);
      b.body.push({
        k: 'tbl',
        head: ['Abgabe', 'Jahr', 'Soll', 'Haben', 'Saldo'],
        rows: [
          ['Gewerbesteuer', String(n.ez), b.mc(amt), b.mc(amt), '0,00'],
          ['Gewerbesteuer', String(n.ez + 1), b.mc(amt / 2), b.mc(amt / 4), b.mc(amt / 4)],
        ],
        w: [1.5, 0.6, 1, 1, 1],
        right: [2, 3, 4],
      });
      b.p('Diese Mitteilung ist kein Bescheid. Sie dient der Abstimmung Ihrer Buchhaltung.');
      return 'Saldenmitteilung zum Abgabenkonto';
    case 'eingang':
      b.p(
        `wir bestätigen den Eingang Ihres Widerspruchs vom ${d(addDays(n.datum, -9))} gegen den Gewerbesteuerbescheid ${n.ez}. Wir werden den Bescheid überprüfen und Ihnen das Ergebnis mitteilen. Bitte beachten Sie, dass der Widerspruch die Zahlungspflicht nicht aufschiebt.`,
      );
      return 'Eingangsbestätigung';
    case 'erstattung':
      b.p(
        `aus der Gewerbesteuer ${n.ez} ergibt sich zu Ihren Gunsten ein Guthaben von ${m(amt / 4)}. Der Betrag wird in den nächsten Tagen auf Ihr Konto bei der ${n.bank} überwiesen, soweit er nicht mit fälligen Forderungen zu verrechnen ist.`,
      );
      return 'Mitteilung über eine Erstattung';
    case 'rueckfrage':
      b.p(
        'für die Bearbeitung Ihrer Angelegenheit benötigen wir noch die Aufteilung der Arbeitslöhne auf Ihre Betriebsstätten sowie eine Kopie des letzten Gewerbesteuermessbescheids. Bitte reichen Sie die Unterlagen innerhalb von drei Wochen ein.',
      );
      return 'Rückfrage zu Ihrer Gewerbesteuerangelegenheit';
    default:
      b.p(
        `wir bestätigen die Erteilung Ihres SEPA-Lastschriftmandats für die Gewerbesteuer ab ${n.ez}. Die Beträge werden künftig zu den Fälligkeitsterminen von Ihrem Konto eingezogen. Die Mandatsreferenz lautet M-${n.kassenzeichen.replace(/\W/g, '')}.`,
      );
      return 'Bestätigung Ihres SEPA-Lastschriftmandats';
  }
}

const TITLES: Record<NoticeType, string[]> = {
  gewst_bescheid: [
    'Bescheid über Gewerbesteuer',
    'Gewerbesteuerbescheid',
    'Bescheid über Gewerbesteuer und Zinsen',
    'Änderungsbescheid über Gewerbesteuer',
  ],
  vorauszahlungsbescheid: [
    'Bescheid über Gewerbesteuer-Vorauszahlungen',
    'Vorauszahlungsbescheid Gewerbesteuer',
    'Festsetzung von Vorauszahlungen zur Gewerbesteuer',
  ],
  zinsbescheid: [
    'Bescheid über Zinsen zur Gewerbesteuer',
    'Zinsbescheid (§ 233a AO)',
    'Festsetzung von Nachzahlungszinsen zur Gewerbesteuer',
  ],
  messbescheid: [
    'Bescheid über den Gewerbesteuermessbetrag',
    'Gewerbesteuermessbescheid',
    'Bescheid über den Gewerbesteuermessbetrag für Zwecke der Vorauszahlungen',
  ],
  zerlegungsbescheid: [
    'Bescheid über die Zerlegung des Gewerbesteuermessbetrags',
    'Zerlegungsbescheid',
    'Zerlegungsbescheid für die Gewerbesteuer',
  ],
  mahnung: ['Mahnung', 'Zahlungserinnerung und Mahnung', 'Mahnung rückständiger Gewerbesteuer'],
  sonstiges: [''],
};

export function buildDev2Letter(
  n: NoticeData,
  f: Dev2Family,
  r: Rng,
  fi: number,
): { letter: Dev2Letter; printsEz: boolean; title: string } {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const ms = pick(f.money);
  const ds = pick(f.dates);
  const up = (s: string) => (f.caps ? s.toUpperCase() : s);
  const body: El[] = [];
  const b: B = {
    n,
    f,
    r,
    m: (c) => fmtMoney(c, ms),
    mc: (c) => fmtMoney(c, { ...ms, unit: '' }),
    d: (iso) => fmtDate(iso, ds),
    pick,
    up,
    fi,
    body,
    p: (t, o = {}) => body.push({ k: 'p', t, ...o }),
  };
  const fa = n.type === 'messbescheid' || n.type === 'zerlegungsbescheid';
  const munic = n.type !== 'sonstiges' && !fa;
  const g = n.gemeinde;
  const kindName = `${g.kind} ${g.name}`;
  const sender = fa
    ? [
        `Finanzamt ${n.finanzamt}`,
        pick(['Veranlagungsstelle', 'Körperschaftsteuerstelle', 'Arbeitsbereich Gewerbesteuer']),
      ]
    : [
        pick([
          kindName,
          `${g.kind === 'Gemeinde' ? 'Gemeinde' : 'Stadt'}verwaltung ${g.name}`,
          `Der Bürgermeister der ${kindName}`,
          `Magistrat der ${kindName}`,
        ]),
        pick([
          'Steueramt',
          'Kämmerei - Abt. Steuern',
          'Fachbereich Finanzen, Steuern und Abgaben',
          'Stadtkasse / Steuerabteilung',
        ]),
        `${pick(['Rathausplatz 1', 'Marktstraße 3', 'Am Rathaus 5'])}, ${g.plz} ${g.name}`,
      ];
  const address = [
    n.company,
    n.street,
    `${String(int(r, 10000, 99999))} ${pick(['Musterstadt', 'Bergheim', 'Neustadt'])}`,
  ];
  const info: [string, string][] = [];
  const dLabel =
    n.type === 'mahnung' || n.type === 'sonstiges'
      ? pick(['Datum', 'Datum:']).replace(':', '')
      : pick(['Datum', 'Bescheiddatum', 'Datum des Bescheids']);
  if (munic) info.push([pick(['Kassenzeichen', 'Buchungszeichen', 'Personenkonto']), n.kassenzeichen]);
  if (n.showSteuernummer && n.type !== 'sonstiges')
    info.push([pick(['Steuernummer', 'St.-Nr.']), n.steuernummer]);
  if (n.type === 'sonstiges') info.push(['Kassenzeichen', n.kassenzeichen]);
  const datePos = f.head === 'modern' || f.head === 'center' ? 'ort' : 'info';
  if (datePos === 'info') info.push([dLabel, b.d(n.datum)]);
  info.push(['Sachbearbeitung', pick(['Frau Keller', 'Herr Brandt', 'Frau Yilmaz', 'Herr Otto'])]);
  if (r() < 0.5) info.push(['Ihr Schreiben vom', b.d(addDays(n.datum, -int(r, 10, 90)))]);
  if (munic && r() < 0.5) info.push(['Gemeindekennziffer', g.ags]);

  const titles = TITLES[n.type].filter(
    (t) => n.type !== 'gewst_bescheid' || !t.includes('Zinsen') || n.zinsen,
  );
  const title = n.type === 'sonstiges' ? '' : pick(titles);
  if (datePos === 'ort')
    b.p(`${fa ? n.finanzamt : g.name}, ${f.head === 'modern' ? 'den ' : ''}${b.d(n.datum)}`, { b: false });
  const heading =
    n.type === 'sonstiges'
      ? sonstBodyTitle(b)
      : f.head === 'modern'
        ? `Betreff: ${title} ${n.ez}`
        : `${title} ${pick(['für', 'für das Jahr', 'für den Erhebungszeitraum'])} ${n.ez}`;
  body.push({ k: 'p', t: up(heading), b: true, sz: f.size + 2 });
  if (fa) b.p(`${n.company}, ${n.street}`);
  body.push({ k: 'gap' });
  b.p(pick(['Sehr geehrte Damen und Herren,', 'Guten Tag,']));
  switch (n.type) {
    case 'gewst_bescheid':
      gewstBody(b);
      break;
    case 'vorauszahlungsbescheid':
      vzBody(b, r);
      break;
    case 'zinsbescheid':
      zinsBody(b);
      break;
    case 'messbescheid':
      b.p(
        `für den Erhebungszeitraum ${n.ez} wird der Gewerbesteuermessbetrag nach § 14 GewStG wie folgt festgesetzt:`,
      );
      messBody(b, r);
      break;
    case 'zerlegungsbescheid':
      zerlBody(b);
      break;
    case 'mahnung':
      mahnBody(b, r);
      break;
    case 'sonstiges':
      sonstPending(b);
      break;
  }
  if (n.type !== 'sonstiges' && n.type !== 'mahnung') legalFooter(b, munic);
  if (f.head === 'center' && munic) for (const t of LOREM_EXPL.slice(3)) b.p(t, { sz: f.size - 1 });
  b.body.push({ k: 'gap' });
  b.p(pick(['Mit freundlichen Grüßen', 'Hochachtungsvoll']));
  b.p(pick(['Im Auftrag', 'i. A.']));
  if (f.id.startsWith('D03'))
    b.p(`MASCHINELL ERSTELLT AM ${b.d(n.datum)} - OHNE UNTERSCHRIFT GUELTIG`, { sz: f.size - 1 });
  const iban = r() < 0.5 ? n.iban.replace(/(.{4})/g, '$1 ').trim() : n.iban;
  const foot = fa
    ? [`Finanzamt ${n.finanzamt}  Servicezentrum  Mo-Fr 8-12 Uhr`]
    : [
        `Bankverbindung: ${n.bank}  IBAN ${iban}  BIC ${n.bic}`,
        `${kindName} - ${pick([
          'Öffnungszeiten: Mo-Do 8-16 Uhr',
          `www.${g.name
            .toLowerCase()
            .replace(/ä/g, 'ae')
            .replace(/ö/g, 'oe')
            .replace(/ü/g, 'ue')
            .replace(/ß/g, 'ss')
            .replace(/[^a-z]/g, '')}.de`,
        ])}`,
      ];
  const letter: Dev2Letter = { sender, address, info, body, foot };
  // Every letter states its year except the Rückfrage, which names none.
  const printsEz = n.type !== 'sonstiges' || lastSonstKind !== 'rueckfrage';
  return { letter, printsEz, title: heading };
}

// The sonstiges letter's heading comes from its body: build the body first, then put the
// heading before it.
let pendingSonst: El[] = [];
function sonstBodyTitle(b: B): string {
  const saved = b.body.splice(0);
  const t = sonstBody(b);
  pendingSonst = b.body.splice(0);
  b.body.push(...saved);
  return t;
}
function sonstPending(b: B) {
  b.body.push(...pendingSonst);
  pendingSonst = [];
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

export async function renderDev2(letter: Dev2Letter, f: Dev2Family): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle('Schreiben');
  doc.setCreationDate(new Date('2024-01-01T00:00:00Z'));
  doc.setModificationDate(new Date('2024-01-01T00:00:00Z'));
  const [rn, bn] = FONTS[f.font];
  const reg = await doc.embedFont(rn);
  const bold = await doc.embedFont(bn);
  const S = f.size;
  const lh = S * 1.4;
  const side = f.head === 'sidebar';
  const left = f.head === 'mainframe' ? 40 : 60;
  const right = side ? 400 : A4[0] - 50;
  const W = right - left;
  const pages: PDFPage[] = [];
  let page!: PDFPage;
  let y = 0;
  const grey = rgb(0.3, 0.3, 0.3);
  const tw = (s: string, fo: PDFFont = reg, sz = S) => fo.widthOfTextAtSize(s, sz);
  const text = (s: string, x: number, yy: number, fo: PDFFont = reg, sz = S, c = rgb(0, 0, 0)) =>
    page.drawText(s, { x, y: yy, font: fo, size: sz, color: c });
  const bottom = 80;
  const newPage = () => {
    page = doc.addPage(A4);
    pages.push(page);
    y = A4[1] - 60;
    if (pages.length > 1) {
      text(letter.sender[0] ?? '', left, A4[1] - 40, reg, S - 1.5, grey);
      y = A4[1] - 75;
    }
    if (side) sideColumn();
  };
  const sideColumn = () => {
    let sy = A4[1] - 170;
    const x = 420;
    page.drawLine({ start: { x: 412, y: A4[1] - 160 }, end: { x: 412, y: 90 }, thickness: 0.5, color: grey });
    for (const [k, v] of letter.info) {
      text(k, x, sy, reg, S - 2.5, grey);
      text(v, x, sy - (S - 1), bold, S - 1.5);
      sy -= 2.3 * S;
    }
    sy -= S;
    for (const line of letter.foot[0]?.replace('Bankverbindung: ', '').split(/ {2}/) ?? []) {
      text(line, x, sy, reg, S - 2.5);
      sy -= S;
    }
  };
  const wrap = (s: string, maxW: number, fo: PDFFont, sz: number) => {
    const out: string[] = [];
    let line = '';
    for (const word of s.split(' ')) {
      const t = line ? `${line} ${word}` : word;
      if (tw(t, fo, sz) > maxW && line) {
        out.push(line);
        line = word;
      } else line = t;
    }
    if (line) out.push(line);
    return out;
  };
  const need = (h: number) => {
    if (y - h < bottom) newPage();
  };
  newPage();

  // Letterhead.
  const [s0 = '', ...sRest] = letter.sender;
  switch (f.head) {
    case 'band':
      page.drawRectangle({ x: 0, y: A4[1] - 70, width: A4[0], height: 40, color: rgb(0.85, 0.85, 0.85) });
      text(s0, left, A4[1] - 55, bold, S + 5);
      text(sRest.join(' | '), left, A4[1] - 85, reg, S - 1, grey);
      y = A4[1] - 110;
      break;
    case 'center':
      text(s0, (A4[0] - tw(s0, bold, S + 4)) / 2, A4[1] - 50, bold, S + 4);
      sRest.forEach((s, i) => text(s, (A4[0] - tw(s, reg, S - 1)) / 2, A4[1] - 66 - i * S, reg, S - 1));
      page.drawLine({ start: { x: left, y: A4[1] - 95 }, end: { x: right, y: A4[1] - 95 }, thickness: 0.8 });
      y = A4[1] - 115;
      break;
    case 'boxed':
      page.drawRectangle({
        x: left,
        y: A4[1] - 95,
        width: 230,
        height: 50,
        borderWidth: 1,
        borderColor: rgb(0, 0, 0),
      });
      text(s0, left + 8, A4[1] - 62, bold, S + 1);
      sRest.forEach((s, i) => text(s, left + 8, A4[1] - 75 - i * (S - 1), reg, S - 2));
      y = A4[1] - 115;
      break;
    case 'mainframe':
      text(s0.toUpperCase(), left, A4[1] - 45, bold, S + 1);
      sRest.forEach((s, i) => text(s.toUpperCase(), left, A4[1] - 57 - i * lh, reg, S));
      text('-'.repeat(90), left, A4[1] - 90, reg, S);
      y = A4[1] - 110;
      break;
    case 'finanzamt':
      text(s0, left, A4[1] - 50, bold, S + 4);
      text(sRest.join(', '), left, A4[1] - 64, reg, S);
      page.drawRectangle({
        x: 360,
        y: A4[1] - 120,
        width: 185,
        height: 60,
        borderWidth: 0.7,
        borderColor: rgb(0, 0, 0),
      });
      y = A4[1] - 100;
      break;
    default:
      text(s0, left, A4[1] - 50, bold, S + 3);
      sRest.forEach((s, i) => text(s, left, A4[1] - 64 - i * S * 1.2, reg, S - 1));
      y = A4[1] - 110;
  }
  // Address window, info block.
  text(letter.sender.slice(0, 1).concat(letter.sender.slice(2, 3)).join(' - '), left, y - 10, reg, 6.5, grey);
  const ay = y - 28;
  letter.address.forEach((a, i) => text(f.caps ? a.toUpperCase() : a, left, ay - i * lh, reg, S));
  if (!side) {
    let iy = f.head === 'finanzamt' ? A4[1] - 75 : y - 10;
    const ix = f.head === 'finanzamt' ? 366 : 360;
    for (const [k, v] of letter.info) {
      const kk = f.caps ? k.toUpperCase() : k;
      text(`${kk}:`, ix, iy, reg, S - 1.5, grey);
      text(v, ix + 88, iy, reg, S - 1.5);
      iy -= (S - 1.5) * 1.35;
    }
    y = Math.min(ay - letter.address.length * lh, iy) - 30;
  } else y = ay - letter.address.length * lh - 30;

  // Body.
  for (const el of letter.body) {
    switch (el.k) {
      case 'gap':
        y -= el.h ?? lh * 0.6;
        break;
      case 'break':
        newPage();
        break;
      case 'rule':
        need(6);
        page.drawLine({ start: { x: left, y }, end: { x: right, y }, thickness: 0.5 });
        y -= 8;
        break;
      case 'p': {
        const fo = el.b ? bold : reg;
        const sz = el.sz ?? S;
        const x0 = left + (el.indent ?? 0);
        for (const line of wrap(el.t, right - x0, fo, sz)) {
          need(sz * 1.4);
          text(line, el.center ? (A4[0] - tw(line, fo, sz)) / 2 : x0, y, fo, sz);
          y -= sz * 1.4;
        }
        y -= sz * 0.3;
        break;
      }
      case 'kv': {
        const lw = el.lw ?? 190;
        for (const [k, v] of el.rows) {
          need(lh);
          const kk = f.caps ? k.toUpperCase() : k;
          text(kk, left, y);
          if (el.dots) {
            let x = left + tw(kk) + 4;
            while (x < left + lw - 6) {
              text('.', x, y, reg, S, grey);
              x += 4;
            }
          }
          const vx = el.amountsRight ? left + lw + 120 - tw(v) : left + lw;
          text(v, vx, y);
          y -= lh;
        }
        y -= lh * 0.3;
        break;
      }
      case 'tbl': {
        const sz = Math.min(S, S * (W / Math.max(W, el.w.length * 80)) + 0.5);
        const total = el.w.reduce((a, c) => a + c, 0);
        const xs: number[] = [];
        let acc = left;
        for (const w of el.w) {
          xs.push(acc);
          acc += (W * w) / total;
        }
        xs.push(right);
        const rowH = sz * 1.55;
        const drawRow = (cells: string[], fo: PDFFont) => {
          need(rowH);
          cells.forEach((c, i) => {
            const isR = el.right?.includes(i);
            const cw = xs[i + 1]! - xs[i]! - 6;
            const s = c;
            let csz = sz;
            while (tw(s, fo, csz) > cw && csz > 5.5) csz -= 0.25;
            const x = isR ? xs[i + 1]! - 3 - tw(s, fo, csz) : xs[i]! + 3;
            text(s, x, y, fo, csz);
          });
          if (el.grid) {
            for (const x of xs)
              page.drawLine({
                start: { x, y: y + rowH - sz * 0.4 },
                end: { x, y: y - sz * 0.55 },
                thickness: 0.5,
              });
            page.drawLine({
              start: { x: left, y: y - sz * 0.55 },
              end: { x: right, y: y - sz * 0.55 },
              thickness: 0.5,
            });
          }
          y -= rowH;
        };
        const header = () => {
          if (!el.head) return;
          if (el.grid)
            page.drawLine({
              start: { x: left, y: y + rowH - sz * 0.4 },
              end: { x: right, y: y + rowH - sz * 0.4 },
              thickness: 0.5,
            });
          drawRow(el.head, bold);
          if (!el.grid)
            page.drawLine({
              start: { x: left, y: y + rowH - sz * 0.3 },
              end: { x: right, y: y + rowH - sz * 0.3 },
              thickness: 0.5,
            });
        };
        need(rowH * 2);
        header();
        el.rows.forEach((row, i) => {
          if (y - rowH < bottom) {
            newPage();
            text('(Fortsetzung)', left, y, reg, S - 1.5, grey);
            y -= lh;
            header();
          }
          drawRow(row, el.boldLast && i === el.rows.length - 1 ? bold : reg);
        });
        y -= rowH * 0.4;
        break;
      }
    }
  }
  // Footer and page numbers on every page.
  pages.forEach((pg, i) => {
    page = pg;
    const fl = side ? letter.foot.slice(1) : letter.foot;
    fl.forEach((l, j) => text(l, left, 50 - j * (S - 1), reg, S - 2.5, grey));
    if (pages.length > 1) text(`Seite ${i + 1} von ${pages.length}`, A4[0] - 110, 30, reg, S - 2, grey);
  });
  return doc.save();
}

/** Truth of a dev2 notice: notice.ts's truth, the AGS of Zerlegung rows where the notice identifies the municipality. */
export function dev2Truth(n: NoticeData, f: Dev2Family, printsEz: boolean): Record<string, unknown> {
  // A Zerlegung row's AGS counts where the notice decides it: printed (D03, D04, D08), the name
  // alone unique (truth()), or the postcode (D01, D06) or the Land (D02, D05) printed on the row
  // singles it out among its namesakes.
  const t = truth(n, f.printsAgs);
  const fam = f.id.slice(0, 3);
  const printed = (g: NoticeData['zerlegung'][number]['gemeinde']) =>
    fam === 'D01' || fam === 'D06'
      ? { plz: g.plz }
      : fam === 'D02' || fam === 'D05'
        ? { land: g.land }
        : null;
  if (Array.isArray(t.zerlegungsanteile))
    t.zerlegungsanteile = (t.zerlegungsanteile as { gemeinde: string; ags: string | null }[]).map(
      (row, i) => {
        const g = n.zerlegung[i]!.gemeinde;
        const by = printed(g);
        return row.ags === null && by && identifiedBy(g.name, by) ? { ...row, ags: g.ags } : row;
      },
    );
  if ('gemeinde' in t && n.type !== 'sonstiges') t.ags = n.gemeinde.ags;
  if (n.type === 'sonstiges' && !printsEz) delete t.erhebungszeitraum;
  return t;
}
