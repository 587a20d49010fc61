/**
 * Fifth blind part (blind5), written by an independent author who has not seen the extraction
 * engine: 7 whole layout families F50–F56, each with its own letterhead and structure, its own
 * letter model and its own renderer (pdf-lib, standard WinAnsi fonts). Figures and truths come
 * from notice.ts (`makeNotice`, `truth`); `fixBlind5Data` mends two known caveats of the
 * generator here only (see there). Measured in aggregate only; frozen once landed.
 */
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { int, pick, type Rng } from './data.js';
import type { NoticeData } from './notice.js';

// ---------------------------------------------------------------------------------------------
// Families
// ---------------------------------------------------------------------------------------------

export interface Blind5Family {
  id: string;
  font: 'Helvetica' | 'Times' | 'Courier';
  size: number;
  /** The Zerlegung table of this family prints the AGS of every municipality. */
  printsAgs: boolean;
}

export const BLIND5_FAMILIES: readonly Blind5Family[] = [
  // Steueramt letter: centred letterhead, reference column on the right, ledger ("Sollstellung").
  { id: 'F50-sollstellung', font: 'Helvetica', size: 9.5, printsAgs: true },
  // Two-column letter: a grey sidebar with the authority's data, running text, long dates.
  { id: 'F51-sidebar', font: 'Times', size: 10.5, printsAgs: false },
  // Form print: framed boxes with small labels above the values.
  { id: 'F52-formular', font: 'Helvetica', size: 9, printsAgs: false },
  // Multi-page: cover page with a payment summary, computation on an Anlage, legal text last.
  { id: 'F53-anlage', font: 'Helvetica', size: 10, printsAgs: false },
  // ERP account statement style ("Vertragskonto", ISO dates, position numbers).
  { id: 'F54-konto', font: 'Courier', size: 8.5, printsAgs: false },
  // Small-town vendor letter: numbered positions, AGS under the name in the Zerlegung table.
  { id: 'F55-positionen', font: 'Times', size: 10, printsAgs: true },
  // Portrait letter with a landscape Anlage (wide table with Mehr/Weniger columns).
  { id: 'F56-quer', font: 'Helvetica', size: 9, printsAgs: false },
];

// ---------------------------------------------------------------------------------------------
// Data mends (inside blind5 only)
// ---------------------------------------------------------------------------------------------

const DAY = 864e5;
const iso = (d: Date) => d.toISOString().slice(0, 10);
function addMonths(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + 1, 0)).getUTCDate();
  t.setUTCDate(Math.min(d, last));
  return iso(t);
}
function nextWorkingDay(isoDate: string): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return iso(d);
}

/**
 * Two caveats of `makeNotice`, mended so that the truth is what the notice prints:
 * - an interest period that ends before (or on) its start (notice dated before 1 April of EZ+2):
 *   the start moves back to the day after "end minus the counted months", so the period holds
 *   exactly the full months `makeNotice` counted and runs forwards;
 * - prepayment due dates on a Saturday or Sunday move to the Monday after (DOMAIN.md § 3), in
 *   print and in the truth alike;
 * - (not in the truth) a Mahnung's original due date after the letter's date moves back by
 *   quarters until it lies at least three weeks before it.
 */
export function fixBlind5Data(n: NoticeData): void {
  const z = n.zinsen;
  if (z && Date.parse(z.bis) - Date.parse(z.von) < 28 * DAY) {
    const start = new Date(`${addMonths(z.bis, -z.monate)}T00:00:00Z`);
    start.setUTCDate(start.getUTCDate() + 1);
    z.von = iso(start);
  }
  n.vz = n.vz.map((v) => ({ ...v, faellig_am: nextWorkingDay(v.faellig_am) }));
  // Not in the truth: a Mahnung names the original due date, which must lie before the letter.
  if (n.type === 'mahnung') {
    let due = n.urspruenglichFaellig;
    while (Date.parse(due) > Date.parse(n.datum) - 21 * DAY) due = addMonths(due, -3);
    n.urspruenglichFaellig = due;
  }
}

// ---------------------------------------------------------------------------------------------
// Letter model
// ---------------------------------------------------------------------------------------------

type Align = 'l' | 'r' | 'c';
export type B5Block =
  | { k: 'p'; text: string; bold?: boolean; size?: number; indent?: number; after?: number }
  | { k: 'h'; text: string; underline?: boolean; size?: number }
  | { k: 'kv'; rows: [string, string][]; labelW: number; boldLast?: boolean; colon?: boolean }
  | {
      k: 'table';
      cols: { h: string; w: number; a: Align }[];
      rows: string[][];
      grid?: boolean;
      shade?: boolean;
      sumRow?: boolean;
      size?: number;
    }
  | { k: 'boxes'; items: [string, string][]; perRow: number }
  | { k: 'space'; h: number }
  | { k: 'rule' }
  | { k: 'page'; landscape?: boolean; heading?: string };

export interface B5Letter {
  /** Absolute drawings of page 1 (letterhead, address, info block). */
  head: HeadSpec;
  blocks: B5Block[];
  /** Footer lines on every page. */
  footer: string[];
  /** Running header on continuation pages. */
  cont: string;
  pageNo: 'seite-von' | 'dash' | 'blatt' | 'none';
}

interface HeadSpec {
  issuer: string[];
  sender: string;
  address: string[];
  info: [string, string][];
  /** Where the flowing text starts on page 1 (from the top). */
  start: number;
}

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
interface Fmt {
  th: '.' | '\u00a0' | '';
  unit: string;
  date: 'num' | 'long' | 'iso';
  pct: string;
}
/** '\u00a0' (no-break space): kept together when a line wraps, printed as a space. */
const NB = '\u00a0';
const FMT: Record<string, Fmt> = {
  F50: { th: '.', unit: 'EUR', date: 'num', pct: 'v.H.' },
  F51: { th: NB, unit: 'Euro', date: 'long', pct: `vom${NB}Hundert` },
  F52: { th: '.', unit: '€', date: 'num', pct: '%' },
  F53: { th: '.', unit: '€', date: 'long', pct: 'v. H.' },
  F54: { th: '', unit: 'EUR', date: 'iso', pct: '%' },
  F55: { th: '.', unit: 'Euro', date: 'num', pct: 'v. H.' },
  F56: { th: '.', unit: '€', date: 'num', pct: '%' },
};
const fam = (f: Blind5Family) => f.id.slice(0, 3);
function num(cents: number, th: string): string {
  const neg = cents < 0;
  const a = Math.abs(cents);
  const e = String(Math.floor(a / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, th);
  return `${neg ? '-' : ''}${e},${String(a % 100).padStart(2, '0')}`;
}
const whole = (euros: number, th: string) => String(euros).replace(/\B(?=(\d{3})+(?!\d))/g, th);
function dateOf(isoDate: string, style: Fmt['date']): string {
  const [y, m, d] = isoDate.split('-');
  if (style === 'iso') return isoDate;
  if (style === 'long') return `${Number(d)}.${NB}${MONTHS[Number(m) - 1]}${NB}${y}`;
  return `${d}.${m}.${y}`;
}

/** The printed forms of a family (for the self-check, check-blind5.ts). */
export function blind5Format(familyId: string) {
  const fmt = FMT[familyId.slice(0, 3)]!;
  const sp = (s: string) => s.replaceAll(NB, ' ');
  return {
    money: (cents: number) => sp(num(cents, fmt.th)),
    date: (isoDate: string) => sp(dateOf(isoDate, fmt.date)),
  };
}

interface Ctx {
  n: NoticeData;
  f: Blind5Family;
  F: string;
  r: Rng;
  /** Amount with unit. */
  m: (c: number) => string;
  /** Amount without unit (column says the unit). */
  a: (c: number) => string;
  d: (iso: string) => string;
  p: (h: number) => string;
  town: string;
  fa: string;
  /** Gemeinde, Markt, Flecken: no Oberbürgermeister, a Gemeindekasse. */
  small: boolean;
  kasse: string;
}

// ---------------------------------------------------------------------------------------------
// Heads, footers
// ---------------------------------------------------------------------------------------------

const municipal = (t: NoticeData['type']) => !['messbescheid', 'zerlegungsbescheid'].includes(t);

function head(c: Ctx, infoExtra: [string, string][]): HeadSpec {
  const { n, F } = c;
  const mun = municipal(n.type);
  const plz = n.gemeinde.plz || '00000';
  const issuer = mun
    ? {
        F50: [
          `${c.town}`,
          c.small ? 'Der Bürgermeister' : 'Der Oberbürgermeister',
          'Steueramt – Abteilung Gewerbesteuer',
        ],
        F51: [`${c.town}`, 'Fachbereich Finanzen', 'Team Steuern und Abgaben'],
        F52: [`${c.town} – Kämmerei`, 'Sachgebiet Realsteuern'],
        F53: [`${c.town}`, 'Finanzverwaltung · Steuern'],
        F54: [`${c.town.toUpperCase()}`, 'STADTKASSE / STEUERN'],
        F55: [`${c.town}`, 'Die Bürgermeisterin', 'Gemeindekasse und Steuerstelle'],
        F56: [`${c.town}`, 'Amt für Finanzen und Abgaben'],
      }[F]!
    : {
        F50: [`Finanzamt ${c.fa}`, 'Veranlagungsstelle Körperschaften'],
        F51: [`Finanzamt ${c.fa}`, 'Arbeitsbereich Gewerbesteuer'],
        F52: [`Finanzamt ${c.fa}`],
        F53: [`Finanzamt ${c.fa}`, 'Bezirk 21'],
        F54: [`FINANZAMT ${c.fa.toUpperCase()}`],
        F55: [`Finanzamt ${c.fa}`, 'Veranlagungsbezirk 3'],
        F56: [`Finanzamt ${c.fa}`, 'Gewerbesteuerstelle'],
      }[F]!;
  const senderTown = mun
    ? `${c.town} · Rathausplatz 2 · ${plz} ${n.gemeinde.name}`
    : `Finanzamt ${c.fa} · Postfach 10 20 30`;
  return {
    issuer,
    sender: senderTown,
    address: [n.company, n.street, `${plz} ${n.gemeinde.name}`],
    info: infoExtra,
    start: 0,
  };
}

function bankLine(c: Ctx): string {
  const { n } = c;
  return `${n.bank} · IBAN ${n.iban} · BIC ${n.bic}`;
}

function footer(c: Ctx): string[] {
  const { n, F } = c;
  const mun = municipal(n.type);
  const tel = `Telefon 0${int(c.r, 200, 999)} ${int(c.r, 100, 999)}-${int(c.r, 0, 99)}`;
  if (!mun)
    return F === 'F54'
      ? [`SERVICEZEITEN MO-FR 8-12 UHR, DO 14-17 UHR  ${tel.toUpperCase()}`]
      : [`Dienstgebäude: Steuerstraße ${int(c.r, 1, 40)} · ${tel} · Öffnungszeiten Mo–Fr 8:00–12:00 Uhr`];
  switch (F) {
    case 'F50':
      return [
        `Bankverbindung der ${c.kasse}: ${bankLine(c)}`,
        `${tel} · Sprechzeiten Mo, Di, Do 8:30–12:00 Uhr`,
      ];
    case 'F52':
      return [`Konto: IBAN ${n.iban} | BIC ${n.bic} | ${n.bank}`];
    case 'F54':
      return [`ZAHLUNGEN AN: ${n.bank.toUpperCase()}  IBAN ${n.iban}  BIC ${n.bic}`];
    case 'F55':
      return [`${tel} · Bankverbindung: ${n.bank}, IBAN ${n.iban}, BIC ${n.bic}`];
    default:
      return [tel];
  }
}

// ---------------------------------------------------------------------------------------------
// Content per type
// ---------------------------------------------------------------------------------------------

const SN = (c: Ctx): [string, string][] =>
  c.n.showSteuernummer ? [[c.F === 'F54' ? 'Steuer-Nr.' : 'Steuernummer', c.n.steuernummer]] : [];

function titleOf(c: Ctx): string {
  const { n, F } = c;
  const ez = n.ez;
  const T: Record<NoticeData['type'], Record<string, string>> = {
    gewst_bescheid: {
      F50: `Bescheid über die Festsetzung der Gewerbesteuer für ${ez}`,
      F51: `Gewerbesteuerbescheid ${ez}`,
      F52: `Festsetzungsbescheid Gewerbesteuer – Erhebungsjahr ${ez}`,
      F53: `Bescheid über Gewerbesteuer ${ez}`,
      F54: `GEWERBESTEUER-FESTSETZUNG ${ez}`,
      F55: `Gewerbesteuer-Jahresbescheid ${ez}`,
      F56: `Änderungsbescheid Gewerbesteuer für das Jahr ${ez}`,
    },
    vorauszahlungsbescheid: {
      F50: `Bescheid über Gewerbesteuer-Vorauszahlungen ab ${ez}`,
      F51: `Festsetzung der Vorauszahlungen zur Gewerbesteuer ${ez}`,
      F52: `Vorauszahlungsbescheid Gewerbesteuer ${ez}`,
      F53: `Anpassung der Gewerbesteuer-Vorauszahlungen ${ez}`,
      F54: `GEWST-VORAUSZAHLUNGEN ${ez}`,
      F55: `Gewerbesteuer – Vorauszahlungen für ${ez} und Folgejahre`,
      F56: `Bescheid über Vorauszahlungen (Gewerbesteuer) ${ez}`,
    },
    zinsbescheid: {
      F50: `Bescheid über Zinsen zur Gewerbesteuer ${ez} (§ 233a AO)`,
      F51: `Zinsbescheid – Verzinsung der Gewerbesteuer ${ez}`,
      F52: `Festsetzung von Nachzahlungszinsen – Gewerbesteuer ${ez}`,
      F53: `Zinsfestsetzung nach § 233a Abgabenordnung für ${ez}`,
      F54: `ZINSEN NACH PAR. 233A AO ZUR GEWST ${ez}`,
      F55: `Verzinsung von Steuernachforderungen – Gewerbesteuer ${ez}`,
      F56: `Zinsbescheid zur Gewerbesteuer ${ez}`,
    },
    messbescheid: {
      F50: `Bescheid für ${ez} über den Gewerbesteuermessbetrag`,
      F51: `Festsetzung des Steuermessbetrags für die Gewerbesteuer ${ez}`,
      F52: `Gewerbesteuermessbescheid ${ez}`,
      F53: `Bescheid über den Gewerbesteuermessbetrag für ${ez}`,
      F54: `GEWERBESTEUERMESSBESCHEID ${ez}`,
      F55: `Messbescheid zur Gewerbesteuer für das Kalenderjahr ${ez}`,
      F56: `Bescheid über den Steuermessbetrag (Gewerbesteuer) ${ez}`,
    },
    zerlegungsbescheid: {
      F50: `Bescheid für ${ez} über die Zerlegung des Gewerbesteuermessbetrags`,
      F51: `Zerlegungsbescheid Gewerbesteuer ${ez}`,
      F52: `Zerlegung des Steuermessbetrags ${ez}`,
      F53: `Bescheid über die Zerlegung des Messbetrags für ${ez}`,
      F54: `ZERLEGUNGSBESCHEID ${ez}`,
      F55: `Zerlegung des Gewerbesteuermessbetrags für das Kalenderjahr ${ez}`,
      F56: `Zerlegungsbescheid für das Erhebungsjahr ${ez}`,
    },
    mahnung: {
      F50: 'Mahnung',
      F51: 'Zahlungsaufforderung – Mahnung',
      F52: 'Mahnung rückständiger Abgaben',
      F53: 'Erinnerung an fällige Gewerbesteuer (Mahnung)',
      F54: 'MAHNUNG',
      F55: '1. Mahnung',
      F56: 'Mahnung – offene Forderungen',
    },
    sonstiges: { F50: '', F51: '', F52: '', F53: '', F54: '', F55: '', F56: '' },
  };
  return T[n.type][F] ?? '';
}

function intro(c: Ctx): string {
  const { n, F } = c;
  if (n.type === 'messbescheid')
    return {
      F50: `Der Gewerbesteuermessbetrag für das Kalenderjahr ${n.ez} wird wie folgt festgesetzt:`,
      F51: `Sehr geehrte Damen und Herren, auf Grund Ihrer Gewerbesteuererklärung für ${n.ez} setze ich den Steuermessbetrag nach § 14 GewStG wie folgt fest.`,
      F52: 'Festsetzung nach § 14 GewStG',
      F53: 'Der Steuermessbetrag wird nach Ihrer Erklärung ohne Abweichungen festgesetzt.',
      F54: 'FESTSETZUNG NACH PAR. 14 GEWSTG',
      F55: 'Die Festsetzung beruht auf den Angaben Ihrer Erklärung zur Gewerbesteuer.',
      F56: 'Die Besteuerungsgrundlagen wurden wie folgt ermittelt:',
    }[F]!;
  return '';
}

function gewst(c: Ctx): B5Block[] {
  const { n, F, m, a, d, p } = c;
  const diff = n.tax - n.bisher;
  const out: B5Block[] = [];
  const dueText =
    diff > 0
      ? {
          F50: `Der Mehrbetrag von ${m(diff)} ist bis zum ${d(n.faellig)} an die ${c.kasse} zu überweisen.`,
          F51: `Die Nachforderung von ${m(diff)} wird am ${d(n.faellig)} fällig.`,
          F52: `Zahlungstermin für den Unterschiedsbetrag: ${d(n.faellig)}`,
          F53: `Bitte zahlen Sie ${m(diff)} bis ${d(n.faellig)}.`,
          F54: `ABSCHLUSSZAHLUNG ${a(diff)} EUR FAELLIG ZUM ${d(n.faellig)}`,
          F55: `Der nachzuzahlende Betrag ist am ${d(n.faellig)} zur Zahlung fällig.`,
          F56: `Zahlbar bis ${d(n.faellig)}: ${m(diff)}`,
        }[F]!
      : diff < 0
        ? {
            F50: `Der Minderbetrag von ${m(-diff)} wird Ihnen erstattet bzw. mit anderen Forderungen verrechnet.`,
            F51: `Das sich ergebende Guthaben von ${m(-diff)} wird auf Ihr Konto überwiesen.`,
            F52: `Erstattungsbetrag: ${m(-diff)} (wird überwiesen)`,
            F53: `Wir erstatten Ihnen ${m(-diff)}.`,
            F54: `ERSTATTUNG ${a(-diff)} EUR`,
            F55: `Der überzahlte Betrag von ${m(-diff)} wird erstattet.`,
            F56: `Der Erstattungsbetrag von ${m(-diff)} wird Ihrem Konto gutgeschrieben.`,
          }[F]!
        : 'Es ergibt sich keine Änderung gegenüber der bisherigen Festsetzung.';
  switch (F) {
    case 'F50': {
      out.push(
        { k: 'h', text: 'Berechnungsgrundlagen' },
        {
          k: 'kv',
          labelW: 210,
          colon: true,
          rows: [
            ['Steuermessbetrag lt. Mitteilung des Finanzamts', m(n.mb * 100)],
            [c.small ? 'Hebesatz der Gemeinde' : 'Hebesatz der Stadt', p(n.hebesatz)],
            [`Gewerbesteuer ${n.ez} (Jahressoll)`, m(n.tax)],
          ],
        },
        { k: 'space', h: 6 },
        { k: 'h', text: 'Sollstellung' },
      );
      const rows = [[`Gewerbesteuer ${n.ez}`, diff > 0 ? d(n.faellig) : '', a(n.bisher), a(n.tax), a(diff)]];
      if (n.zinsen)
        rows.push([`Zinsen § 233a AO ${n.ez}`, d(n.faellig), a(0), a(n.zinsen.betrag), a(n.zinsen.betrag)]);
      for (const v of n.vz)
        rows.push([`Vorausz. ${v.quartal}. Quartal ${v.jahr}`, d(v.faellig_am), '', a(v.betrag), '']);
      out.push({
        k: 'table',
        cols: [
          { h: 'Forderung', w: 0.31, a: 'l' },
          { h: 'Fälligkeit', w: 0.15, a: 'c' },
          { h: 'Soll bisher EUR', w: 0.18, a: 'r' },
          { h: 'Soll neu EUR', w: 0.18, a: 'r' },
          { h: 'Differenz EUR', w: 0.18, a: 'r' },
        ],
        rows,
        grid: true,
      });
      if (n.zinsen)
        out.push({
          k: 'p',
          text: `Die Zinsen wurden für die Zeit vom ${d(n.zinsen.von)} bis ${d(n.zinsen.bis)} (${n.zinsen.monate} volle Monate, 0,15 % je Monat) aus ${m(n.zinsen.basis)} berechnet.`,
        });
      out.push({ k: 'p', text: dueText });
      break;
    }
    case 'F51': {
      out.push({
        k: 'p',
        text: `Sehr geehrte Damen und Herren, das Finanzamt ${c.fa} hat uns den Gewerbesteuermessbetrag für ${n.ez} mit ${m(n.mb * 100)} mitgeteilt. Mit dem Hebesatz von ${p(n.hebesatz)} wird die Gewerbesteuer für ${n.ez} hiermit auf ${m(n.tax)} festgesetzt.`,
      });
      out.push({
        k: 'p',
        text:
          n.bisher === 0
            ? `Eine Gewerbesteuer für ${n.ez} war bisher nicht festgesetzt (bisheriges Soll 0,00 Euro).`
            : `Auf das Jahr ${n.ez} waren bisher ${m(n.bisher)} festgesetzt. Gegenüber der bisherigen Festsetzung ergibt sich eine ${diff >= 0 ? 'Nachforderung' : 'Minderung'} von ${m(Math.abs(diff))}.`,
      });
      out.push({ k: 'p', text: dueText });
      if (n.zinsen)
        out.push({
          k: 'p',
          text: `Zugleich werden Zinsen zur Gewerbesteuer (§ 233a AO) in Höhe von ${m(n.zinsen.betrag)} festgesetzt. Der Zinslauf beginnt am ${d(n.zinsen.von)} und endet am ${d(n.zinsen.bis)}; verzinst werden ${n.zinsen.monate} volle Monate. Die Zinsen sind zusammen mit der Nachforderung zu entrichten.`,
        });
      if (n.vz.length) {
        out.push({ k: 'p', text: `Künftig sind folgende Vorauszahlungen zu leisten:` });
        for (const v of n.vz)
          out.push({ k: 'p', indent: 18, text: `am ${d(v.faellig_am)}   ${m(v.betrag)}`, after: 1 });
      }
      break;
    }
    case 'F52': {
      out.push({
        k: 'boxes',
        perRow: 3,
        items: [
          ['Erhebungsjahr', String(n.ez)],
          ['Messbetrag (Finanzamt)', m(n.mb * 100)],
          ['Hebesatz', p(n.hebesatz)],
          ['festgesetzte Gewerbesteuer', m(n.tax)],
          ['bereits festgesetzt', m(n.bisher)],
          [diff < 0 ? 'Erstattung' : 'Unterschiedsbetrag', diff < 0 ? m(diff) : m(diff)],
        ],
      });
      out.push({ k: 'p', text: dueText });
      if (n.zinsen)
        out.push({
          k: 'boxes',
          perRow: 3,
          items: [
            ['Zinsen § 233a AO', m(n.zinsen.betrag)],
            ['Zinslauf ab', d(n.zinsen.von)],
            ['Zinslauf bis', d(n.zinsen.bis)],
          ],
        });
      if (n.vz.length)
        out.push(
          { k: 'h', text: `Vorauszahlungen ${n.vzYear}` },
          {
            k: 'table',
            cols: [
              { h: 'Quartal', w: 0.2, a: 'l' },
              { h: 'fällig am', w: 0.3, a: 'l' },
              { h: 'Betrag', w: 0.3, a: 'r' },
            ],
            rows: n.vz.map((v) => [`${v.quartal}/${v.jahr}`, d(v.faellig_am), m(v.betrag)]),
            shade: true,
          },
        );
      break;
    }
    case 'F53': {
      // Cover page: payment summary; computation on the Anlage.
      const rows: string[][] = [];
      if (diff > 0) rows.push([`Gewerbesteuer ${n.ez} (Nachzahlung)`, d(n.faellig), m(diff)]);
      else rows.push([`Gewerbesteuer ${n.ez} (${diff < 0 ? 'Erstattung' : 'ohne Änderung'})`, '–', m(diff)]);
      if (n.zinsen) rows.push([`Zinsen zur Gewerbesteuer ${n.ez}`, d(n.faellig), m(n.zinsen.betrag)]);
      for (const v of n.vz)
        rows.push([`Vorauszahlung ${v.quartal}. Vj. ${v.jahr}`, d(v.faellig_am), m(v.betrag)]);
      out.push(
        { k: 'p', text: 'Sehr geehrte Damen und Herren,' },
        {
          k: 'p',
          text: `hiermit erhalten Sie den Bescheid über die Gewerbesteuer für ${n.ez}. Die Berechnung finden Sie in der Anlage. Auf einen Blick:`,
        },
        {
          k: 'table',
          cols: [
            { h: 'Zahlungsübersicht', w: 0.5, a: 'l' },
            { h: 'Termin', w: 0.25, a: 'l' },
            { h: 'Betrag', w: 0.25, a: 'r' },
          ],
          rows,
          shade: true,
        },
        { k: 'p', text: dueText },
        { k: 'page', heading: `Anlage zum Bescheid über Gewerbesteuer ${n.ez} – Berechnung` },
        {
          k: 'kv',
          labelW: 280,
          rows: [
            ['1. Steuermessbetrag nach Mitteilung des Finanzamts', m(n.mb * 100)],
            ['2. Hebesatz', p(n.hebesatz)],
            ['3. Gewerbesteuer (Zeile 1 x Zeile 2 / 100)', m(n.tax)],
            ['4. abzüglich bisher festgesetzte Gewerbesteuer', m(n.bisher)],
            [`5. ${diff < 0 ? 'Erstattung' : 'Nachzahlung'} (Zeile 3 – Zeile 4)`, m(diff)],
          ],
          boldLast: true,
        },
      );
      if (n.zinsen)
        out.push(
          { k: 'h', text: 'Zinsberechnung' },
          {
            k: 'p',
            text: `${calcOk(n) ? `${m(n.zinsen.basis)} x ${months(n.zinsen.monate)} x 0,15 % = ` : `Zinsen aus ${m(n.zinsen.basis)}: `}${m(n.zinsen.betrag)} (Zinslauf ${d(n.zinsen.von)} bis ${d(n.zinsen.bis)})`,
          },
        );
      break;
    }
    case 'F54': {
      out.push(
        {
          k: 'table',
          size: 8,
          cols: [
            { h: 'POS', w: 0.07, a: 'l' },
            { h: 'BEZEICHNUNG', w: 0.37, a: 'l' },
            { h: 'BEMESSUNG', w: 0.18, a: 'r' },
            { h: 'SATZ', w: 0.12, a: 'r' },
            { h: 'BETRAG EUR', w: 0.26, a: 'r' },
          ],
          rows: [
            ['001', `GEWERBESTEUER ${n.ez}`, a(n.mb * 100), p(n.hebesatz), a(n.tax)],
            ['002', 'ABZGL. BISHERIGE FESTSETZUNG', '', '', a(-n.bisher)],
            ['003', diff < 0 ? 'ERSTATTUNGSBETRAG' : 'NACHFORDERUNG', '', '', a(diff)],
            ...(n.zinsen
              ? [['004', `ZINSEN PAR. 233A AO`, a(n.zinsen.basis), '0,15 %', a(n.zinsen.betrag)]]
              : []),
          ],
        },
        { k: 'p', text: 'BEMESSUNG = STEUERMESSBETRAG LT. FINANZAMT, SATZ = HEBESATZ' },
      );
      if (n.zinsen)
        out.push({
          k: 'p',
          text: `ZINSLAUF VON ${d(n.zinsen.von)} BIS ${d(n.zinsen.bis)}, ${n.zinsen.monate} MONATE`,
        });
      out.push({ k: 'p', text: dueText });
      if (n.vz.length)
        out.push(
          { k: 'p', text: `VORAUSZAHLUNGEN ${n.vzYear}:`, bold: true },
          {
            k: 'table',
            size: 8,
            cols: [
              { h: 'FAELLIG', w: 0.25, a: 'l' },
              { h: 'ZEITRAUM', w: 0.25, a: 'l' },
              { h: 'BETRAG EUR', w: 0.25, a: 'r' },
            ],
            rows: n.vz.map((v) => [d(v.faellig_am), `Q${v.quartal}/${v.jahr}`, a(v.betrag)]),
          },
        );
      break;
    }
    case 'F55': {
      out.push({
        k: 'table',
        cols: [
          { h: 'Pos.', w: 0.08, a: 'l' },
          { h: 'Gegenstand', w: 0.62, a: 'l' },
          { h: 'Euro', w: 0.3, a: 'r' },
        ],
        rows: [
          ['01', 'Steuermessbetrag', a(n.mb * 100)],
          ['02', `Hebesatz (${p(n.hebesatz)})`, ''],
          ['03', `Gewerbesteuer für ${n.ez}`, a(n.tax)],
          ['04', 'bisher festgesetzt', a(n.bisher)],
          ['05', diff < 0 ? 'zu erstatten' : 'nachzuzahlen', a(Math.abs(diff))],
        ],
        grid: false,
      });
      out.push({ k: 'p', text: dueText });
      if (n.zinsen)
        out.push({
          k: 'p',
          text: `Nachzahlungszinsen: Für die Zeit vom ${d(n.zinsen.von)} bis zum ${d(n.zinsen.bis)} werden Zinsen von ${m(n.zinsen.betrag)} festgesetzt (Bemessungsgrundlage ${m(n.zinsen.basis)}).`,
        });
      if (n.vz.length) {
        out.push({ k: 'h', text: `Vorauszahlungen für ${n.vzYear}`, underline: true });
        out.push({
          k: 'table',
          cols: n.vz.map((v) => ({ h: d(v.faellig_am), w: 1 / 4, a: 'r' as Align })),
          rows: [n.vz.map((v) => m(v.betrag))],
        });
      }
      break;
    }
    case 'F56': {
      out.push(
        {
          k: 'p',
          text: `Sehr geehrte Damen und Herren, aufgrund des geänderten Messbetrags setzen wir die Gewerbesteuer für ${n.ez} neu fest. Die Einzelheiten entnehmen Sie bitte der Anlage (Querformat).`,
        },
        { k: 'p', text: dueText, bold: true },
        { k: 'page', landscape: true, heading: `Anlage – Festsetzung und Abrechnung Gewerbesteuer ${n.ez}` },
        {
          k: 'kv',
          labelW: 160,
          rows: [
            ['Steuermessbetrag', m(n.mb * 100)],
            ['Hebesatz', p(n.hebesatz)],
            ['Jahressteuer', m(n.tax)],
          ],
        },
      );
      const rows = [
        [
          'Gewerbesteuer',
          String(n.ez),
          '§ 16 GewStG',
          diff > 0 ? d(n.faellig) : '',
          a(n.bisher),
          a(n.tax),
          diff > 0 ? a(diff) : '',
          diff < 0 ? a(-diff) : '',
        ],
      ];
      if (n.zinsen)
        rows.push([
          'Zinsen',
          String(n.ez),
          '§ 233a AO',
          d(n.faellig),
          a(0),
          a(n.zinsen.betrag),
          a(n.zinsen.betrag),
          '',
        ]);
      for (const v of n.vz)
        rows.push([
          'GewSt-Vorauszahlung',
          `${v.quartal}/${v.jahr}`,
          '§ 19 GewStG',
          d(v.faellig_am),
          '',
          a(v.betrag),
          '',
          '',
        ]);
      out.push({
        k: 'table',
        cols: [
          { h: 'Abgabe', w: 0.17, a: 'l' },
          { h: 'Zeitraum', w: 0.09, a: 'l' },
          { h: 'Rechtsgrund', w: 0.12, a: 'l' },
          { h: 'fällig am', w: 0.11, a: 'l' },
          { h: 'Soll bisher €', w: 0.13, a: 'r' },
          { h: 'Soll neu €', w: 0.13, a: 'r' },
          { h: 'Mehr €', w: 0.12, a: 'r' },
          { h: 'Weniger €', w: 0.13, a: 'r' },
        ],
        rows,
        grid: true,
      });
      if (n.zinsen)
        out.push({
          k: 'p',
          text: `Zinsen: Zinslauf ${d(n.zinsen.von)} – ${d(n.zinsen.bis)}, ${months(n.zinsen.monate)} zu je 0,15 % aus ${m(n.zinsen.basis)}.`,
        });
      break;
    }
  }
  return out;
}

const months = (k: number) => `${k} ${k === 1 ? 'Monat' : 'Monate'}`;
/** The interest is 0.15 % of the base per full month, in full euros (not the 10 € minimum). */
const calcOk = (n: NoticeData) =>
  !!n.zinsen && Math.floor((n.zinsen.basis / 100) * 0.0015 * n.zinsen.monate) * 100 === n.zinsen.betrag;

function vorauszahlung(c: Ctx): B5Block[] {
  const { n, F, m, a, d, p } = c;
  const base = `Steuermessbetrag für Zwecke der Vorauszahlungen`;
  switch (F) {
    case 'F50':
      return [
        {
          k: 'kv',
          labelW: 230,
          colon: true,
          rows: [
            [base, m(n.mb * 100)],
            ['Hebesatz', p(n.hebesatz)],
            ['voraussichtliche Jahressteuer', m(n.tax)],
          ],
        },
        { k: 'h', text: 'Vorauszahlungen' },
        {
          k: 'table',
          grid: true,
          cols: [
            { h: 'Jahr', w: 0.15, a: 'l' },
            { h: 'Vierteljahr', w: 0.2, a: 'l' },
            { h: 'fällig', w: 0.25, a: 'c' },
            { h: 'Betrag EUR', w: 0.25, a: 'r' },
          ],
          rows: n.vz.map((v) => [
            String(v.jahr),
            `${['I', 'II', 'III', 'IV'][v.quartal - 1]}`,
            d(v.faellig_am),
            a(v.betrag),
          ]),
        },
        {
          k: 'p',
          text: 'Die Vorauszahlungen gelten bis zur Bekanntgabe eines neuen Bescheids auch für die Folgejahre.',
        },
      ];
    case 'F51':
      return [
        {
          k: 'p',
          text: `Sehr geehrte Damen und Herren, nach § 19 GewStG setze ich die Vorauszahlungen zur Gewerbesteuer ab dem Jahr ${n.ez} neu fest. Grundlage ist der vom Finanzamt ${c.fa} festgesetzte Messbetrag von ${m(n.mb * 100)} und der Hebesatz von ${p(n.hebesatz)}.`,
        },
        { k: 'p', text: 'Die Vorauszahlungen sind zu folgenden Terminen zu entrichten:' },
        ...n.vz.map((v): B5Block => ({
          k: 'p',
          indent: 18,
          after: 1,
          text: `${v.quartal}. Rate zum ${d(v.faellig_am)}: ${m(v.betrag)}`,
        })),
      ];
    case 'F52':
      return [
        {
          k: 'boxes',
          perRow: 3,
          items: [
            ['Vorauszahlungen ab', String(n.ez)],
            ['Messbetrag (Vorauszahlung)', m(n.mb * 100)],
            ['Hebesatz', p(n.hebesatz)],
          ],
        },
        {
          k: 'boxes',
          perRow: 4,
          items: n.vz.map((v): [string, string] => [`fällig ${d(v.faellig_am)}`, m(v.betrag)]),
        },
      ];
    case 'F53':
      return [
        { k: 'p', text: 'Sehr geehrte Damen und Herren,' },
        {
          k: 'p',
          text: `die Gewerbesteuer-Vorauszahlungen werden an den zuletzt mitgeteilten Messbetrag angepasst. Neu zu zahlen ab ${n.ez}:`,
        },
        {
          k: 'table',
          shade: true,
          cols: [
            { h: 'Termin', w: 0.4, a: 'l' },
            { h: 'Vorauszahlung', w: 0.3, a: 'r' },
          ],
          rows: n.vz.map((v) => [d(v.faellig_am), m(v.betrag)]),
        },
        { k: 'page', heading: `Anlage – Berechnung der Vorauszahlungen ${n.ez}` },
        {
          k: 'kv',
          labelW: 260,
          rows: [
            ['Messbetrag für die Vorauszahlungen', m(n.mb * 100)],
            ['x Hebesatz', p(n.hebesatz)],
            ['= Jahresbetrag', m(n.tax)],
            ['Vierteljahresbetrag (auf volle Euro abgerundet)', m(n.vz[0]?.betrag ?? 0)],
          ],
        },
      ];
    case 'F54':
      return [
        {
          k: 'kv',
          labelW: 220,
          rows: [
            ['MESSBETRAG VZ', `${a(n.mb * 100)} EUR`],
            ['HEBESATZ', p(n.hebesatz)],
          ],
        },
        {
          k: 'table',
          size: 8,
          cols: [
            { h: 'POS', w: 0.08, a: 'l' },
            { h: 'FAELLIG', w: 0.22, a: 'l' },
            { h: 'ZEITRAUM', w: 0.2, a: 'l' },
            { h: 'SOLL EUR', w: 0.22, a: 'r' },
          ],
          rows: n.vz.map((v, i) => [
            String(i + 1).padStart(3, '0'),
            d(v.faellig_am),
            `Q${v.quartal}/${v.jahr}`,
            a(v.betrag),
          ]),
        },
      ];
    case 'F55':
      return [
        {
          k: 'p',
          text: `Für ${n.ez} und die folgenden Kalenderjahre werden die Vorauszahlungen auf der Grundlage des Messbetrags von ${m(n.mb * 100)} und des Hebesatzes von ${p(n.hebesatz)} festgesetzt.`,
        },
        { k: 'h', text: 'Fälligkeiten', underline: true },
        {
          k: 'table',
          cols: n.vz.map((v) => ({ h: d(v.faellig_am), w: 1 / 4, a: 'r' as Align })),
          rows: [n.vz.map((v) => m(v.betrag))],
        },
      ];
    default:
      return [
        {
          k: 'p',
          text: `Sehr geehrte Damen und Herren, die Vorauszahlungen zur Gewerbesteuer ab ${n.ez} ergeben sich aus der Anlage.`,
        },
        { k: 'page', landscape: true, heading: `Anlage – Vorauszahlungen Gewerbesteuer ab ${n.ez}` },
        {
          k: 'p',
          text: `Messbetrag ${m(n.mb * 100)} · Hebesatz ${p(n.hebesatz)} · Jahresbetrag ${m(n.tax)}`,
        },
        {
          k: 'table',
          grid: true,
          cols: [
            { h: 'Abgabe', w: 0.22, a: 'l' },
            { h: 'Zeitraum', w: 0.12, a: 'l' },
            { h: 'Rechtsgrund', w: 0.14, a: 'l' },
            { h: 'fällig am', w: 0.14, a: 'l' },
            { h: 'Soll neu €', w: 0.14, a: 'r' },
          ],
          rows: n.vz.map((v) => [
            'GewSt-Vorauszahlung',
            `${v.quartal}/${v.jahr}`,
            '§ 19 GewStG',
            d(v.faellig_am),
            a(v.betrag),
          ]),
        },
      ];
  }
}

function zins(c: Ctx): B5Block[] {
  const { n, F, m, a, d } = c;
  const z = n.zinsen!;
  const calc = calcOk(n);
  const due = {
    F50: `Die Zinsen sind bis zum ${d(n.faellig)} zu zahlen.`,
    F51: `Die Zinsen werden am ${d(n.faellig)} fällig.`,
    F52: `Zahlungstermin: ${d(n.faellig)}`,
    F53: `Bitte überweisen Sie den Betrag bis ${d(n.faellig)}.`,
    F54: `FAELLIG ZUM ${d(n.faellig)}`,
    F55: `Fälligkeit der Zinsen: ${d(n.faellig)}`,
    F56: `Zahlbar bis ${d(n.faellig)}`,
  }[F]!;
  switch (F) {
    case 'F50':
      return [
        {
          k: 'p',
          text: `Zur Gewerbesteuer ${n.ez} werden nach § 233a AO i. V. m. § 1 Abs. 2 Nr. 1 des Kommunalabgabengesetzes Zinsen festgesetzt.`,
        },
        {
          k: 'table',
          grid: true,
          cols: [
            { h: 'Zinsbemessung EUR', w: 0.2, a: 'r' },
            { h: 'Beginn', w: 0.16, a: 'c' },
            { h: 'Ende', w: 0.16, a: 'c' },
            { h: 'Monate', w: 0.12, a: 'r' },
            { h: 'Satz mtl.', w: 0.14, a: 'r' },
            { h: 'Zinsen EUR', w: 0.2, a: 'r' },
          ],
          rows: [[a(z.basis), d(z.von), d(z.bis), String(z.monate), '0,15 %', a(z.betrag)]],
        },
        { k: 'p', text: due },
      ];
    case 'F51':
      return [
        {
          k: 'p',
          text: `Sehr geehrte Damen und Herren, die Gewerbesteuer für ${n.ez} ist nach § 233a AO zu verzinsen. Der Zinslauf beginnt am ${d(z.von)} und endet mit dem Tag der Bekanntgabe des Steuerbescheids am ${d(z.bis)}. Zu verzinsen ist der auf volle 50 Euro abgerundete Unterschiedsbetrag von ${m(z.basis)}. Für ${z.monate} volle Monate ergeben sich bei 0,15 vom Hundert je Monat Zinsen in Höhe von ${m(z.betrag)}.`,
        },
        { k: 'p', text: due },
      ];
    case 'F52':
      return [
        {
          k: 'boxes',
          perRow: 3,
          items: [
            ['Jahr', String(n.ez)],
            ['zu verzinsender Betrag', m(z.basis)],
            ['Zinssatz je Monat', '0,15 %'],
            ['Zinsbeginn', d(z.von)],
            ['Zinsende', d(z.bis)],
            ['volle Monate', String(z.monate)],
          ],
        },
        {
          k: 'boxes',
          perRow: 2,
          items: [
            ['festgesetzte Zinsen', m(z.betrag)],
            ['fällig am', d(n.faellig)],
          ],
        },
      ];
    case 'F53':
      return [
        { k: 'p', text: 'Sehr geehrte Damen und Herren,' },
        {
          k: 'p',
          text: `für die Gewerbesteuer ${n.ez} setzen wir Nachzahlungszinsen von ${m(z.betrag)} fest. ${due}`,
        },
        { k: 'page', heading: `Anlage – Zinsberechnung zur Gewerbesteuer ${n.ez}` },
        {
          k: 'kv',
          labelW: 220,
          rows: [
            ['Zinslauf', `${d(z.von)} bis ${d(z.bis)}`],
            ['Anzahl voller Monate', String(z.monate)],
            ['Bemessungsgrundlage', m(z.basis)],
            ['Zinsen', m(z.betrag)],
          ],
          boldLast: true,
        },
        ...(calc
          ? [{ k: 'p', text: `${m(z.basis)} x ${z.monate} x 0,15 % = ${m(z.betrag)}` } as B5Block]
          : []),
      ];
    case 'F54':
      return [
        {
          k: 'table',
          size: 8,
          cols: [
            { h: 'POS', w: 0.07, a: 'l' },
            { h: 'VON', w: 0.16, a: 'l' },
            { h: 'BIS', w: 0.16, a: 'l' },
            { h: 'MON', w: 0.08, a: 'r' },
            { h: 'GRUNDLAGE EUR', w: 0.2, a: 'r' },
            { h: 'ZINSEN EUR', w: 0.2, a: 'r' },
          ],
          rows: [['001', d(z.von), d(z.bis), String(z.monate), a(z.basis), a(z.betrag)]],
        },
        { k: 'p', text: `ZINSSATZ 0,15 % JE VOLLEN MONAT. ${due}` },
      ];
    case 'F55':
      return [
        {
          k: 'p',
          text: `Nach § 233a der Abgabenordnung werden zur Gewerbesteuer ${n.ez} folgende Zinsen festgesetzt:`,
        },
        {
          k: 'table',
          cols: [
            { h: 'Pos.', w: 0.08, a: 'l' },
            { h: 'Gegenstand', w: 0.57, a: 'l' },
            { h: 'Euro', w: 0.35, a: 'r' },
          ],
          rows: [
            ['01', 'Unterschiedsbetrag (abgerundet)', a(z.basis)],
            ['02', `Zinszeitraum ${d(z.von)} – ${d(z.bis)}`, ''],
            ['03', `Zinsen (${months(z.monate)} à 0,15 %)`, a(z.betrag)],
          ],
        },
        { k: 'p', text: due },
      ];
    default:
      return [
        {
          k: 'kv',
          labelW: 150,
          rows: [
            ['Zinsbetrag', m(z.betrag)],
            ['Zinsberechnung ab', d(z.von)],
            ['Zinsberechnung bis', d(z.bis)],
            ['Basis', m(z.basis)],
          ],
        },
        { k: 'p', text: due, bold: true },
      ];
  }
}

function mess(c: Ctx): B5Block[] {
  const { n, F, m, a } = c;
  const rounded = Math.floor(n.gewerbeertrag / 10000) * 10000;
  const rest = rounded - n.freibetrag;
  const rows: [string, string][] = [
    ['Gewerbeertrag', m(n.gewerbeertrag)],
    ['abgerundet auf volle 100 Euro', m(rounded)],
    ['Freibetrag nach § 11 Abs. 1 GewStG', m(n.freibetrag)],
    ['verbleibender Betrag', m(rest)],
    ['Steuermesszahl', '3,5 %'],
    ['Steuermessbetrag', m(n.mb * 100)],
  ];
  const lead: B5Block = { k: 'p', text: intro(c) };
  switch (F) {
    case 'F50':
      return [lead, { k: 'kv', labelW: 240, colon: true, rows, boldLast: true }];
    case 'F51':
      return [
        lead,
        {
          k: 'p',
          text: `Der Gewerbeertrag beträgt ${m(n.gewerbeertrag)}; abgerundet auf volle 100 Euro ${m(rounded)}. ${n.freibetrag ? `Nach Abzug des Freibetrags von ${m(n.freibetrag)}` : `Ein Freibetrag steht nicht zu (Freibetrag ${m(0)}); es`} verbleiben ${m(rest)}. Bei einer Steuermesszahl von 3,5 vom Hundert beträgt der Steuermessbetrag ${m(n.mb * 100)}.`,
        },
      ];
    case 'F52':
      return [
        lead,
        {
          k: 'boxes',
          perRow: 3,
          items: rows.map(([k, v]) => [k.replace(' nach § 11 Abs. 1 GewStG', ''), v] as [string, string]),
        },
      ];
    case 'F53':
      return [
        lead,
        {
          k: 'p',
          text: `Der Steuermessbetrag für ${n.ez} beträgt ${m(n.mb * 100)}. Die Berechnung ist als Anlage beigefügt.`,
        },
        { k: 'page', heading: `Anlage – Ermittlung des Steuermessbetrags ${n.ez}` },
        { k: 'kv', labelW: 260, rows, boldLast: true },
      ];
    case 'F54':
      return [
        lead,
        {
          k: 'table',
          size: 8,
          cols: [
            { h: 'KZ', w: 0.08, a: 'l' },
            { h: 'BEZEICHNUNG', w: 0.6, a: 'l' },
            { h: 'EUR', w: 0.3, a: 'r' },
          ],
          rows: [
            ['10', 'GEWERBEERTRAG', a(n.gewerbeertrag)],
            ['11', 'ABGERUNDET', a(rounded)],
            ['12', 'FREIBETRAG', a(n.freibetrag)],
            ['13', 'VERBLEIBEN', a(rest)],
            ['14', 'STEUERMESSZAHL 3,5 %', ''],
            ['15', 'STEUERMESSBETRAG', a(n.mb * 100)],
          ],
        },
      ];
    case 'F55':
      return [
        lead,
        {
          k: 'table',
          cols: [
            { h: 'Pos.', w: 0.08, a: 'l' },
            { h: 'Gegenstand', w: 0.62, a: 'l' },
            { h: 'Euro', w: 0.3, a: 'r' },
          ],
          rows: rows.map(([k, v], i) => [
            String(i + 1).padStart(2, '0'),
            k,
            k === 'Steuermesszahl' ? '3,5 %' : v.replace(' Euro', ''),
          ]),
        },
      ];
    default:
      return [
        lead,
        {
          k: 'table',
          grid: true,
          cols: [
            { h: 'Gewerbeertrag', w: 0.2, a: 'r' },
            { h: 'abgerundet', w: 0.2, a: 'r' },
            { h: 'Freibetrag', w: 0.18, a: 'r' },
            { h: 'x Messzahl', w: 0.14, a: 'r' },
            { h: 'Messbetrag', w: 0.2, a: 'r' },
          ],
          rows: [[a(n.gewerbeertrag), a(rounded), a(n.freibetrag), '3,5 %', a(n.mb * 100)]],
        },
        { k: 'p', text: 'Alle Beträge in Euro.' },
      ];
  }
}

function zerlegung(c: Ctx): B5Block[] {
  const { n, F, m, a } = c;
  const total = n.zerlegung.reduce((s, z) => s + z.anteil, 0);
  const wages = n.zerlegung.reduce((s, z) => s + z.lohn, 0);
  const th = FMT[F]!.th;
  switch (F) {
    case 'F50':
      return [
        {
          k: 'p',
          text: `Der einheitliche Steuermessbetrag von ${m(total)} wird nach dem Verhältnis der Arbeitslöhne (§ 29 GewStG) zerlegt.`,
        },
        {
          k: 'table',
          grid: true,
          sumRow: true,
          cols: [
            { h: 'Gemeinde', w: 0.34, a: 'l' },
            { h: 'Gemeindekennziffer', w: 0.2, a: 'c' },
            { h: 'Arbeitslöhne EUR', w: 0.22, a: 'r' },
            { h: 'Anteil EUR', w: 0.24, a: 'r' },
          ],
          rows: [
            ...n.zerlegung.map((z) => [
              z.gemeinde.name,
              z.gemeinde.ags,
              whole(z.lohn / 100, th),
              a(z.anteil),
            ]),
            ['Summe', '', whole(wages / 100, th), a(total)],
          ],
        },
      ];
    case 'F51':
      return [
        {
          k: 'p',
          text: `Sehr geehrte Damen und Herren, der Gewerbesteuermessbetrag für ${n.ez} beträgt ${m(total)}. Da Sie Betriebsstätten in mehreren Gemeinden unterhalten, wird er nach dem Verhältnis der Arbeitslöhne (Summe ${whole(wages / 100, th)} Euro) wie folgt zerlegt:`,
        },
        ...n.zerlegung.map((z): B5Block => ({
          k: 'p',
          indent: 14,
          after: 2,
          text: `${z.gemeinde.name}: ${whole(z.lohn / 100, th)} / ${whole(wages / 100, th)} x ${a(total)} = ${m(z.anteil)}`,
        })),
      ];
    case 'F52':
      return [
        {
          k: 'boxes',
          perRow: 3,
          items: [
            ['Jahr', String(n.ez)],
            ['Steuermessbetrag', m(total)],
            ['Zerlegungsmaßstab', 'Arbeitslöhne'],
          ],
        },
        {
          k: 'boxes',
          perRow: 2,
          items: n.zerlegung.flatMap((z): [string, string][] => [
            ['hebeberechtigte Gemeinde', z.gemeinde.name],
            ['Zerlegungsanteil', m(z.anteil)],
          ]),
        },
      ];
    case 'F53':
      return [
        {
          k: 'p',
          text: `Der Steuermessbetrag für ${n.ez} von ${m(total)} wird auf die beteiligten Gemeinden aufgeteilt (Berechnung siehe Anlage).`,
        },
        { k: 'page', heading: `Anlage – Zerlegung ${n.ez}` },
        {
          k: 'table',
          shade: true,
          cols: [
            { h: 'Gemeinde', w: 0.34, a: 'l' },
            { h: 'Arbeitslöhne (volle 1.000 €)', w: 0.24, a: 'r' },
            { h: 'Quote', w: 0.16, a: 'r' },
            { h: 'Anteil', w: 0.26, a: 'r' },
          ],
          rows: n.zerlegung.map((z) => [
            z.gemeinde.name,
            whole(z.lohn / 100, '.'),
            (z.lohn / wages).toFixed(6).replace('.', ','),
            m(z.anteil),
          ]),
        },
      ];
    case 'F54':
      return [
        { k: 'p', text: `STEUERMESSBETRAG GESAMT ${a(total)} EUR, ZERLEGUNG NACH ARBEITSLOEHNEN` },
        {
          k: 'table',
          size: 8,
          cols: [
            { h: 'POS', w: 0.07, a: 'l' },
            { h: 'GEMEINDE', w: 0.4, a: 'l' },
            { h: 'LOHNSUMME EUR', w: 0.25, a: 'r' },
            { h: 'ANTEIL EUR', w: 0.25, a: 'r' },
          ],
          rows: n.zerlegung.map((z, i) => [
            String(i + 1).padStart(3, '0'),
            z.gemeinde.name,
            whole(z.lohn / 100, ''),
            a(z.anteil),
          ]),
        },
      ];
    case 'F55':
      return [
        {
          k: 'p',
          text: `Steuermessbetrag ${m(total)}; Zerlegungsmaßstab: Arbeitslöhne nach § 29 Abs. 1 Nr. 1 GewStG.`,
        },
        {
          k: 'table',
          grid: true,
          cols: [
            { h: 'Gemeinde', w: 0.45, a: 'l' },
            { h: 'Arbeitslöhne', w: 0.25, a: 'r' },
            { h: 'Zerlegungsanteil', w: 0.3, a: 'r' },
          ],
          rows: n.zerlegung.map((z) => [
            `${z.gemeinde.name}\nGemeindeschlüssel ${z.gemeinde.ags}`,
            m(z.lohn),
            m(z.anteil),
          ]),
        },
      ];
    default:
      return [
        { k: 'p', text: `Zerlegung des Steuermessbetrags ${n.ez}: siehe Anlage.` },
        {
          k: 'page',
          landscape: true,
          heading: `Anlage – Zerlegung des Steuermessbetrags ${n.ez} (${m(total)})`,
        },
        {
          k: 'table',
          grid: true,
          cols: [
            { h: 'Lfd.', w: 0.06, a: 'l' },
            { h: 'Gemeinde', w: 0.3, a: 'l' },
            { h: 'Arbeitslöhne in 1.000 €', w: 0.2, a: 'r' },
            { h: 'Anteil in %', w: 0.14, a: 'r' },
            { h: 'Zerlegungsanteil €', w: 0.2, a: 'r' },
          ],
          rows: n.zerlegung.map((z, i) => [
            String(i + 1),
            z.gemeinde.name,
            whole(z.lohn / 100_000, '.'),
            ((100 * z.lohn) / wages).toFixed(2).replace('.', ','),
            a(z.anteil),
          ]),
        },
      ];
  }
}

function mahnung(c: Ctx): B5Block[] {
  const { n, F, m, a, d } = c;
  const unit = Math.floor(n.rueckstand / 5000) * 50;
  const started = unit ? Math.round(n.saeumnis / unit) : 0;
  const sum = n.rueckstand + n.saeumnis + n.mahngebuehr;
  const due = {
    F50: `Bitte überweisen Sie den Gesamtbetrag bis spätestens ${d(n.faellig)}.`,
    F51: `Ich bitte Sie, den Gesamtbetrag von ${m(sum)} bis zum ${d(n.faellig)} zu zahlen.`,
    F52: `Zahlungsfrist: ${d(n.faellig)}`,
    F53: `Zahlen Sie bitte bis ${d(n.faellig)}.`,
    F54: `ZAHLUNGSFRIST ${d(n.faellig)}`,
    F55: `Der Betrag ist bis zum ${d(n.faellig)} zu begleichen.`,
    F56: `Letzter Zahlungstermin: ${d(n.faellig)}`,
  }[F]!;
  const warn =
    'Nach Ablauf der Frist wird ohne weitere Ankündigung die Vollstreckung eingeleitet; dadurch entstehen weitere Kosten.';
  switch (F) {
    case 'F50':
    case 'F56':
      return [
        {
          k: 'p',
          text: 'Sehr geehrte Damen und Herren, nach unseren Unterlagen sind folgende Beträge noch nicht bezahlt:',
        },
        {
          k: 'table',
          grid: true,
          cols: [
            { h: 'Forderung', w: 0.3, a: 'l' },
            { h: 'Jahr', w: 0.1, a: 'l' },
            { h: 'fällig seit', w: 0.18, a: 'c' },
            { h: F === 'F50' ? 'Betrag EUR' : 'Betrag €', w: 0.2, a: 'r' },
          ],
          rows: [
            ['Gewerbesteuer', String(n.ez), d(n.urspruenglichFaellig), a(n.rueckstand)],
            ['Säumniszuschläge § 240 AO', String(n.ez), '', a(n.saeumnis)],
            ['Mahngebühr', '', '', a(n.mahngebuehr)],
            ['Gesamt', '', '', a(sum)],
          ],
        },
        { k: 'p', text: due, bold: true },
        { k: 'p', text: warn },
      ];
    case 'F51':
      return [
        {
          k: 'p',
          text: `Sehr geehrte Damen und Herren, die Gewerbesteuer ${n.ez}, fällig am ${d(n.urspruenglichFaellig)}, ist mit einem Betrag von ${m(n.rueckstand)} noch offen. Für ${started === 1 ? 'einen angefangenen Monat' : `${started} angefangene Monate`} der Säumnis sind kraft Gesetzes Säumniszuschläge von ${m(n.saeumnis)} entstanden. Für diese Mahnung wird eine Gebühr von ${m(n.mahngebuehr)} erhoben.`,
        },
        { k: 'p', text: due },
        { k: 'p', text: warn },
      ];
    case 'F52':
      return [
        {
          k: 'boxes',
          perRow: 3,
          items: [
            ['Abgabe / Jahr', `Gewerbesteuer ${n.ez}`],
            ['ursprünglich fällig', d(n.urspruenglichFaellig)],
            ['Rückstand', m(n.rueckstand)],
            ['Säumniszuschläge', m(n.saeumnis)],
            ['Mahngebühr', m(n.mahngebuehr)],
            ['Gesamtbetrag', m(sum)],
          ],
        },
        { k: 'p', text: due, bold: true },
        { k: 'p', text: warn },
      ];
    case 'F53':
      return [
        { k: 'p', text: 'Sehr geehrte Damen und Herren,' },
        {
          k: 'p',
          text: `leider konnten wir bis heute keinen Zahlungseingang für die Gewerbesteuer ${n.ez} feststellen. Offen sind:`,
        },
        {
          k: 'kv',
          labelW: 240,
          rows: [
            [`Gewerbesteuer ${n.ez} (fällig ${d(n.urspruenglichFaellig)})`, m(n.rueckstand)],
            [`Säumniszuschläge (${started} x 1 %)`, m(n.saeumnis)],
            ['Mahngebühren', m(n.mahngebuehr)],
            ['zu zahlen', m(sum)],
          ],
          boldLast: true,
        },
        { k: 'p', text: due },
        { k: 'p', text: warn },
      ];
    case 'F54':
      return [
        {
          k: 'table',
          size: 8,
          cols: [
            { h: 'POS', w: 0.07, a: 'l' },
            { h: 'TEXT', w: 0.35, a: 'l' },
            { h: 'FAELLIG', w: 0.18, a: 'l' },
            { h: 'OFFEN EUR', w: 0.2, a: 'r' },
          ],
          rows: [
            ['001', `GEWERBESTEUER ${n.ez}`, d(n.urspruenglichFaellig), a(n.rueckstand)],
            ['002', 'SAEUMNISZUSCHLAG', '', a(n.saeumnis)],
            ['003', 'MAHNGEBUEHR', '', a(n.mahngebuehr)],
            ['', 'SUMME', '', a(sum)],
          ],
        },
        { k: 'p', text: due },
        { k: 'p', text: warn.toUpperCase().replace(/Ä/g, 'AE').replace(/Ü/g, 'UE').replace(/Ö/g, 'OE') },
      ];
    default:
      return [
        {
          k: 'p',
          text: `Folgende Forderung aus Gewerbesteuer ${n.ez} ist trotz Fälligkeit am ${d(n.urspruenglichFaellig)} nicht beglichen:`,
        },
        {
          k: 'table',
          cols: [
            { h: 'Pos.', w: 0.08, a: 'l' },
            { h: 'Gegenstand', w: 0.57, a: 'l' },
            { h: 'Euro', w: 0.35, a: 'r' },
          ],
          rows: [
            ['01', 'Hauptforderung (Rückstand)', a(n.rueckstand)],
            ['02', 'Säumniszuschlag', a(n.saeumnis)],
            ['03', 'Mahngebühr', a(n.mahngebuehr)],
            ['', 'insgesamt', a(sum)],
          ],
        },
        { k: 'p', text: due },
        { k: 'p', text: warn },
      ];
  }
}

const sonstigesKind = (c: Ctx) => (c.n.sonstigesKind + BLIND5_FAMILIES.findIndex((x) => x.id === c.f.id)) % 6;

/** Letters about trade tax that are none of the six notice types. */
function sonstiges(c: Ctx): { title: string; blocks: B5Block[] } {
  const { n, m, d, F } = c;
  const kind = sonstigesKind(c);
  const up = (s: string) => (F === 'F54' ? s.toUpperCase() : s);
  const amount = n.rueckstand;
  switch (kind) {
    case 0:
      return {
        title: up(`Ihr Antrag auf Erlass von Gewerbesteuer ${n.ez}`),
        blocks: [
          {
            k: 'p',
            text: `Sehr geehrte Damen und Herren, mit Schreiben vom ${d(addDaysIso(n.datum, -21))} haben Sie den Erlass der Gewerbesteuer ${n.ez} in Höhe von ${m(amount)} beantragt.`,
          },
          {
            k: 'p',
            text: 'Ein Erlass nach § 227 AO setzt voraus, dass die Einziehung nach Lage des einzelnen Falles unbillig wäre. Sachliche oder persönliche Billigkeitsgründe haben Sie nicht dargelegt. Dem Antrag kann daher nicht entsprochen werden.',
          },
          {
            k: 'p',
            text: 'Gegen diese Entscheidung kann innerhalb eines Monats nach Bekanntgabe Widerspruch erhoben werden.',
          },
        ],
      };
    case 1:
      return {
        title: up('Kontoauszug – Saldenmitteilung Gewerbesteuer'),
        blocks: [
          {
            k: 'p',
            text: `Sehr geehrte Damen und Herren, zu Ihrem Steuerkonto teilen wir den Stand vom ${d(n.datum)} mit:`,
          },
          {
            k: 'table',
            grid: true,
            cols: [
              { h: 'Buchungstext', w: 0.4, a: 'l' },
              { h: 'Soll', w: 0.2, a: 'r' },
              { h: 'Haben', w: 0.2, a: 'r' },
            ],
            rows: [
              [`Gewerbesteuer ${n.ez}`, m(n.tax), ''],
              ['Zahlungen', '', m(n.bisher)],
              ['Saldo', m(n.tax - n.bisher), ''],
            ],
          },
          {
            k: 'p',
            text: 'Diese Mitteilung ist kein Bescheid. Bitte prüfen Sie die Buchungen und melden Sie Abweichungen innerhalb von zwei Wochen.',
          },
        ],
      };
    case 2:
      return {
        title: up('Anhörung zur Betriebsstätte'),
        blocks: [
          {
            k: 'p',
            text: `Sehr geehrte Damen und Herren, nach Mitteilungen des Gewerbeamts unterhalten Sie in unserem Gemeindegebiet bereits im Erhebungszeitraum ${n.ez} eine Betriebsstätte. Bevor wir das Finanzamt ${c.fa} um eine Zerlegung bitten, geben wir Ihnen Gelegenheit zur Äußerung.`,
          },
          {
            k: 'p',
            text: `Bitte teilen Sie uns bis zum ${d(addDaysIso(n.datum, 28))} mit, seit wann die Betriebsstätte besteht und wie viele Arbeitnehmer dort beschäftigt sind.`,
          },
        ],
      };
    case 3:
      return {
        title: up('Eingangsbestätigung'),
        blocks: [
          {
            k: 'p',
            text: `Sehr geehrte Damen und Herren, Ihr Widerspruch gegen den Gewerbesteuerbescheid ist am ${d(addDaysIso(n.datum, -5))} bei uns eingegangen. Wir prüfen die Angelegenheit und kommen unaufgefordert auf Sie zurück.`,
          },
          {
            k: 'p',
            text: 'Der Widerspruch hat keine aufschiebende Wirkung. Festgesetzte Beträge sind daher zu den angegebenen Terminen zu zahlen, sofern nicht die Aussetzung der Vollziehung gewährt wird.',
          },
        ],
      };
    case 4:
      return {
        title: up('Bestätigung Ihres SEPA-Lastschriftmandats'),
        blocks: [
          {
            k: 'p',
            text: `Sehr geehrte Damen und Herren, wir bestätigen Ihr SEPA-Lastschriftmandat für die Gewerbesteuer. Ab dem nächsten Fälligkeitstermin werden die Beträge von Ihrem Konto ${maskIban(n.iban)} eingezogen.`,
          },
          {
            k: 'p',
            text: 'Die Mandatsreferenz entspricht dem Kassenzeichen. Änderungen Ihrer Bankverbindung teilen Sie uns bitte rechtzeitig mit.',
          },
        ],
      };
    default:
      return {
        title: up(`Rückfrage zu Ihrer Zahlung – Gewerbesteuer ${n.ez}`),
        blocks: [
          {
            k: 'p',
            text: `Sehr geehrte Damen und Herren, am ${d(addDaysIso(n.datum, -9))} ist bei uns eine Zahlung von ${m(amount)} ohne Angabe eines Kassenzeichens eingegangen. Wir vermuten, dass sie die Gewerbesteuer ${n.ez} betrifft.`,
          },
          {
            k: 'p',
            text: 'Bitte teilen Sie uns mit, auf welche Forderung die Zahlung verbucht werden soll. Bis zu Ihrer Antwort wird der Betrag als Verwahrgeld geführt.',
          },
        ],
      };
  }
}
function addDaysIso(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return iso(d);
}
const maskIban = (iban: string) => `${iban.slice(0, 4)} **** **** ${iban.slice(-4)}`;

function legal(c: Ctx): B5Block[] {
  const { n, F } = c;
  if (n.type === 'sonstiges' || n.type === 'mahnung') return [];
  const fa = !municipal(n.type);
  const h = fa ? 'Rechtsbehelfsbelehrung' : 'Rechtsbehelfsbelehrung:';
  const text = fa
    ? `Gegen diesen Bescheid ist der Einspruch gegeben. Er ist beim Finanzamt ${c.fa} schriftlich einzureichen, diesem elektronisch zu übermitteln oder dort zur Niederschrift zu erklären. Die Frist für die Einlegung des Einspruchs beträgt einen Monat. Sie beginnt mit Ablauf des Tages, an dem Ihnen dieser Bescheid bekannt gegeben worden ist.`
    : `Gegen diesen Bescheid kann innerhalb eines Monats nach Bekanntgabe Widerspruch erhoben werden. Der Widerspruch ist schriftlich oder zur Niederschrift bei der oben genannten Behörde (${c.town}, Rathausplatz 2) einzulegen. Einwendungen gegen den Steuermessbetrag sind nicht mit dem Widerspruch gegen diesen Bescheid, sondern mit dem Einspruch gegen den Messbescheid des Finanzamts geltend zu machen. Der Widerspruch hat keine aufschiebende Wirkung.`;
  const blocks: B5Block[] = [
    { k: 'h', text: F === 'F54' ? h.toUpperCase() : h, underline: F === 'F55' },
    { k: 'p', text },
  ];
  if (F === 'F53')
    return [
      { k: 'page', heading: 'Rechtsbehelfsbelehrung und Hinweise' },
      { k: 'p', text },
      { k: 'p', text: 'Dieser Bescheid wurde maschinell erstellt und ist ohne Unterschrift gültig.' },
    ];
  return blocks;
}

// ---------------------------------------------------------------------------------------------
// Builder
// ---------------------------------------------------------------------------------------------

export function buildBlind5Letter(
  n: NoticeData,
  f: Blind5Family,
  r: Rng,
): { letter: B5Letter; printsEz: boolean } {
  const F = fam(f);
  const fmt = FMT[F]!;
  const kind = n.gemeinde.kind;
  const small = ['Gemeinde', 'Markt', 'Flecken'].includes(kind);
  const c: Ctx = {
    n,
    f,
    F,
    r,
    m: (x) => `${num(x, fmt.th)}${NB}${fmt.unit}`,
    a: (x) => num(x, fmt.th),
    d: (x) => dateOf(x, fmt.date),
    p: (h) => `${h}${NB}${fmt.pct}`,
    town: `${kind} ${n.gemeinde.name}`,
    fa: n.finanzamt,
    small,
    kasse: kind === 'Markt' ? 'Marktkasse' : small ? 'Gemeindekasse' : 'Stadtkasse',
  };
  const mun = municipal(n.type);
  const ref = `${int(r, 20, 23)}.${int(r, 10, 99)}-${int(r, 100, 999)}`;
  const sb = pick(r, [
    'Frau Albers',
    'Herr Yilmaz',
    'Frau Kötter',
    'Herr Brandl',
    'Frau Nowak',
    'Herr Seidel',
  ]);
  const kz =
    n.type === 'sonstiges'
      ? []
      : mun
        ? [
            [F === 'F54' ? 'Kassenzeichen/Vertragskonto' : 'Kassenzeichen', n.kassenzeichen] as [
              string,
              string,
            ],
          ]
        : [];
  const dateLabel = {
    F50: 'Datum',
    F51: 'Datum',
    F52: 'Bescheiddatum',
    F53: 'Datum',
    F54: 'DRUCKDATUM',
    F55: 'Datum',
    F56: 'Datum',
  }[F]!;
  const info: [string, string][] = [
    ...(F === 'F54' && mun
      ? [['Geschäftspartner', String(int(r, 1000000, 9999999))] as [string, string]]
      : []),
    ...kz,
    ...(n.type !== 'sonstiges' ? SN(c) : []),
    ['Aktenzeichen', ref],
    ['Auskunft', sb],
    [dateLabel, c.d(n.datum)],
  ];
  const h = head(c, info);
  let title = titleOf(c);
  let body: B5Block[];
  switch (n.type) {
    case 'gewst_bescheid':
      body = gewst(c);
      break;
    case 'vorauszahlungsbescheid':
      body = vorauszahlung(c);
      break;
    case 'zinsbescheid':
      body = zins(c);
      break;
    case 'messbescheid':
      body = mess(c);
      break;
    case 'zerlegungsbescheid':
      body = zerlegung(c);
      break;
    case 'mahnung':
      body = mahnung(c);
      break;
    default: {
      const s = sonstiges(c);
      title = s.title;
      body = s.blocks;
    }
  }
  const blocks: B5Block[] = [];
  if (F === 'F54') title = title.toUpperCase();
  blocks.push({ k: 'h', text: title, size: F === 'F54' ? 10 : c.f.size + 3 });
  if (n.type !== 'sonstiges' && n.type !== 'mahnung' && F !== 'F52' && F !== 'F54')
    blocks.push({ k: 'p', text: `für ${n.company}, ${n.street}`, size: f.size - 1 });
  blocks.push({ k: 'space', h: 4 }, ...body);
  // Bank details in the text for families without a bank footer (municipal types).
  const payType = mun && n.type !== 'sonstiges';
  if (payType && (F === 'F51' || F === 'F53' || F === 'F56'))
    blocks.push(
      { k: 'h', text: F === 'F51' ? 'Zahlungsweg' : 'Bankverbindung' },
      {
        k: 'kv',
        labelW: 110,
        rows: [
          ['Empfänger', `${c.town}`],
          ['Kreditinstitut', n.bank],
          ['IBAN', n.iban],
          ['BIC', n.bic],
          ['Verwendungszweck', `Kassenzeichen ${n.kassenzeichen}`],
        ],
      },
    );
  blocks.push(...legal(c));
  if (F === 'F51' || F === 'F55')
    blocks.push(
      { k: 'space', h: 8 },
      { k: 'p', text: 'Mit freundlichen Grüßen' },
      { k: 'p', text: `Im Auftrag\n${sb}` },
    );
  // Letters that are no notice: kinds 3 and 4 name no year at all (nothing in the info block
  // is a year either), the others name the Erhebungszeitraum in the text.
  const printsEz = n.type !== 'sonstiges' || ![3, 4].includes(sonstigesKind(c));
  return {
    letter: {
      head: h,
      blocks,
      footer: footer(c),
      cont: `${mun ? c.town : `Finanzamt ${c.fa}`} – ${mun && n.type !== 'sonstiges' ? `Kassenzeichen ${n.kassenzeichen}` : `Schreiben vom ${c.d(n.datum)}`}`,
      pageNo: (
        {
          F50: 'seite-von',
          F51: 'none',
          F52: 'blatt',
          F53: 'dash',
          F54: 'blatt',
          F55: 'seite-von',
          F56: 'dash',
        } as const
      )[F as 'F50'],
    },
    printsEz,
  };
}

// ---------------------------------------------------------------------------------------------
// Renderer
// ---------------------------------------------------------------------------------------------

const FONTS = {
  Helvetica: [StandardFonts.Helvetica, StandardFonts.HelveticaBold],
  Times: [StandardFonts.TimesRoman, StandardFonts.TimesRomanBold],
  Courier: [StandardFonts.Courier, StandardFonts.CourierBold],
} as const;
const PORTRAIT: [number, number] = [595.28, 841.89];
const LANDSCAPE: [number, number] = [841.89, 595.28];

export async function renderBlind5(letter: B5Letter, f: Blind5Family): Promise<Uint8Array> {
  const F = fam(f);
  const doc = await PDFDocument.create();
  doc.setTitle('Schreiben');
  doc.setProducer('KommunalDruck 5');
  doc.setCreationDate(new Date('2024-01-01T00:00:00Z'));
  doc.setModificationDate(new Date('2024-01-01T00:00:00Z'));
  const [rn, bn] = FONTS[f.font];
  const reg = await doc.embedFont(rn);
  const bold = await doc.embedFont(bn);
  const size = f.size;
  const black = rgb(0, 0, 0);
  const grey = rgb(0.35, 0.35, 0.35);
  const sidebar = F === 'F51';
  let dims = PORTRAIT;
  let left = sidebar ? 180 : F === 'F54' ? 50 : 68;
  let right = dims[0] - (sidebar ? 50 : 56);
  let page: PDFPage = doc.addPage(dims);
  let y = 0;
  const bottom = 90;
  const tw = (s: string, fo: PDFFont = reg, sz = size) => fo.widthOfTextAtSize(s.replaceAll(NB, ' '), sz);
  const T = (s: string, x: number, yy: number, fo: PDFFont = reg, sz = size, color = black) =>
    page.drawText(s.replaceAll(NB, ' '), { x, y: yy, font: fo, size: sz, color });

  // ---- page 1 head
  const H = letter.head;
  const top = dims[1];
  if (F === 'F50') {
    const w = tw(H.issuer[0]!, bold, 16);
    T(H.issuer[0]!, (dims[0] - w) / 2, top - 50, bold, 16);
    H.issuer.slice(1).forEach((s, i) => T(s, (dims[0] - tw(s, reg, 9)) / 2, top - 64 - i * 11, reg, 9));
    page.drawLine({ start: { x: 56, y: top - 92 }, end: { x: dims[0] - 56, y: top - 92 }, thickness: 0.8 });
  } else if (F === 'F51') {
    page.drawRectangle({ x: 0, y: 0, width: 150, height: dims[1], color: rgb(0.93, 0.93, 0.93) });
    H.issuer.forEach((s, i) => T(s, 18, top - 60 - i * 13, i ? reg : bold, i ? 9 : 11));
  } else if (F === 'F52') {
    page.drawRectangle({
      x: 56,
      y: top - 86,
      width: dims[0] - 112,
      height: 44,
      borderColor: black,
      borderWidth: 1,
    });
    T(H.issuer[0]!, 64, top - 62, bold, 13);
    if (H.issuer[1]) T(H.issuer[1], 64, top - 77, reg, 9);
  } else if (F === 'F54') {
    H.issuer.forEach((s, i) => T(s, 50, top - 40 - i * 11, bold, 9));
    T(`BELEG ${String(H.info.length).padStart(2, '0')}/A4`, dims[0] - 140, top - 40, reg, 8);
  } else if (F === 'F55') {
    H.issuer.forEach((s, i) =>
      T(s, dims[0] - 56 - tw(s, i ? reg : bold, i ? 10 : 14), top - 48 - i * 14, i ? reg : bold, i ? 10 : 14),
    );
  } else {
    // F53, F56: letterhead left with a rule under it
    T(H.issuer[0]!, 68, top - 52, bold, 14);
    H.issuer.slice(1).forEach((s, i) => T(s, 68, top - 66 - i * 11, reg, 9));
    page.drawRectangle({
      x: 68,
      y: top - 80,
      width: dims[0] - 124,
      height: 2,
      color: F === 'F56' ? rgb(0.1, 0.3, 0.6) : grey,
    });
  }
  // address window (DIN 5008) and info block
  const ax = sidebar ? 180 : F === 'F54' ? 50 : 68;
  const ay = top - 140;
  T(H.sender, ax, ay + 14, reg, 6.5, grey);
  H.address.forEach((s, i) => T(s, ax, ay - i * (size + 3), reg, size));
  if (sidebar) {
    let sy = top - 130;
    for (const [k, v] of H.info) {
      T(k, 18, sy, bold, 8);
      T(v, 18, sy - 10, reg, 8.5);
      sy -= 26;
    }
  } else if (F === 'F52') {
    // info boxes in a row under the address
    const bx = 56;
    const bw = (dims[0] - 112) / H.info.length;
    H.info.forEach(([k, v], i) => {
      page.drawRectangle({
        x: bx + i * bw,
        y: top - 262,
        width: bw,
        height: 30,
        borderColor: black,
        borderWidth: 0.6,
      });
      T(k, bx + i * bw + 3, top - 242, reg, 6.5, grey);
      T(v, bx + i * bw + 3, top - 256, reg, 8.5);
    });
  } else {
    const ix = F === 'F54' ? 340 : 370;
    let iy = top - 118;
    for (const [k, v] of H.info) {
      const kk = F === 'F54' ? k.toUpperCase() : k;
      if (F === 'F50' || F === 'F54') {
        T(`${kk}:`, ix, iy, reg, 8);
        T(v, ix + 95, iy, F === 'F54' ? reg : bold, 8.5);
        iy -= 12;
      } else {
        T(kk, ix, iy, reg, 7, grey);
        T(v, ix, iy - 10, reg, 9);
        iy -= 23;
      }
    }
  }
  y = F === 'F52' ? top - 290 : top - 275;

  const width = () => right - left;
  const newPage = (landscape = false) => {
    dims = landscape ? LANDSCAPE : PORTRAIT;
    page = doc.addPage(dims);
    left = F === 'F54' ? 50 : sidebar ? 70 : 68;
    right = dims[0] - 56;
    y = dims[1] - 50;
    T(letter.cont, left, y, reg, 7.5, grey);
    y -= 22;
  };
  const need = (h: number) => {
    if (y - h < bottom) newPage(dims === LANDSCAPE);
  };
  const wrap = (s: string, fo: PDFFont, sz: number, w: number): string[] => {
    const out: string[] = [];
    for (const para of s.split('\n')) {
      let line = '';
      for (const word of para.split(' ')) {
        const t = line ? `${line} ${word}` : word;
        if (tw(t, fo, sz) > w && line) {
          out.push(line);
          line = word;
        } else line = t;
      }
      out.push(line);
    }
    return out;
  };

  for (const b of letter.blocks) {
    switch (b.k) {
      case 'space':
        y -= b.h;
        break;
      case 'rule':
        page.drawLine({ start: { x: left, y }, end: { x: right, y }, thickness: 0.5 });
        y -= 8;
        break;
      case 'page':
        newPage(b.landscape);
        if (b.heading) {
          T(b.heading, left, y, bold, size + 1.5);
          y -= size + 14;
        }
        break;
      case 'h': {
        const sz = b.size ?? size + 1;
        const lines = wrap(b.text, bold, sz, width());
        need(lines.length * (sz + 3) + size * 3);
        y -= 4;
        for (const l of lines) {
          T(l, left, y, bold, sz);
          if (b.underline)
            page.drawLine({
              start: { x: left, y: y - 2 },
              end: { x: left + tw(l, bold, sz), y: y - 2 },
              thickness: 0.6,
            });
          y -= sz + 3;
        }
        y -= 4;
        break;
      }
      case 'p': {
        const sz = b.size ?? size;
        const fo = b.bold ? bold : reg;
        const x = left + (b.indent ?? 0);
        const lines = wrap(b.text, fo, sz, right - x);
        for (const l of lines) {
          need(sz + 4);
          T(l, x, y, fo, sz);
          y -= sz + 3.5;
        }
        y -= b.after ?? 6;
        break;
      }
      case 'kv': {
        b.rows.forEach(([k, v], i) => {
          need(size + 6);
          const last = b.boldLast && i === b.rows.length - 1;
          const fo = last ? bold : reg;
          T(b.colon ? `${k}:` : k, left, y, fo, size);
          // values right-aligned in a column that ends at labelW + 130
          const vx = left + b.labelW + 130;
          const vw = tw(v, fo, size);
          T(v, vw > 130 ? left + b.labelW + 6 : vx - vw, y, fo, size);
          if (last)
            page.drawLine({
              start: { x: left + b.labelW + 10, y: y + size + 1 },
              end: { x: vx, y: y + size + 1 },
              thickness: 0.5,
            });
          y -= size + 5;
        });
        y -= 6;
        break;
      }
      case 'table': {
        const sz = b.size ?? size;
        const W = width();
        const xs: number[] = [];
        let acc = left;
        for (const col of b.cols) {
          xs.push(acc);
          acc += col.w * W;
        }
        const cellX = (i: number, s: string, fo: PDFFont) => {
          const col = b.cols[i]!;
          const x0 = xs[i]!;
          const w = col.w * W;
          if (col.a === 'r') return x0 + w - 4 - tw(s, fo, sz);
          if (col.a === 'c') return x0 + (w - tw(s, fo, sz)) / 2;
          return x0 + 3;
        };
        const rowH = (row: string[]) => Math.max(...row.map((s) => s.split('\n').length)) * (sz + 3) + 5;
        const drawRow = (row: string[], fo: PDFFont, shadeIt: boolean) => {
          const h = rowH(row);
          need(h + 2);
          if (shadeIt)
            page.drawRectangle({
              x: left,
              y: y - h + sz + 2,
              width: acc - left,
              height: h,
              color: rgb(0.9, 0.9, 0.9),
            });
          if (b.grid) {
            page.drawRectangle({
              x: left,
              y: y - h + sz + 2,
              width: acc - left,
              height: h,
              borderColor: black,
              borderWidth: 0.5,
            });
            for (const x of xs.slice(1))
              page.drawLine({ start: { x, y: y + sz + 2 }, end: { x, y: y - h + sz + 2 }, thickness: 0.5 });
          }
          row.forEach((s, i) =>
            s
              .split('\n')
              .forEach((l, j) => T(l, cellX(i, l, fo), y - j * (sz + 3), j ? reg : fo, j ? sz - 1.5 : sz)),
          );
          y -= h;
        };
        drawRow(
          b.cols.map((c0) => c0.h),
          bold,
          !!b.shade,
        );
        if (!b.grid && !b.shade)
          page.drawLine({
            start: { x: left, y: y + sz + 1 },
            end: { x: acc, y: y + sz + 1 },
            thickness: 0.6,
          });
        b.rows.forEach((row, i) => drawRow(row, b.sumRow && i === b.rows.length - 1 ? bold : reg, false));
        y -= 8;
        break;
      }
      case 'boxes': {
        const W = width();
        const bw = W / b.perRow;
        const bh = 30;
        for (let i = 0; i < b.items.length; i += b.perRow) {
          need(bh + 4);
          b.items.slice(i, i + b.perRow).forEach(([k, v], j) => {
            const x = left + j * bw;
            page.drawRectangle({
              x,
              y: y - bh + 12,
              width: bw - 4,
              height: bh,
              borderColor: black,
              borderWidth: 0.7,
            });
            T(k, x + 3, y + 3, reg, 6.5, grey);
            T(v, x + bw - 10 - tw(v, bold, size), y - 11, bold, size);
          });
          y -= bh + 4;
        }
        y -= 6;
        break;
      }
    }
  }

  // footers and page numbers
  const pages = doc.getPages();
  pages.forEach((pg, i) => {
    const [w] = [pg.getWidth()];
    const fl = letter.footer;
    fl.forEach((s, j) => {
      const fs = 7;
      const x = Math.max(20, (w - tw(s, reg, fs)) / 2);
      pg.drawText(s, { x, y: 40 - j * 9, font: reg, size: fs, color: grey });
    });
    if (fl.length)
      pg.drawLine({ start: { x: 56, y: 52 }, end: { x: w - 56, y: 52 }, thickness: 0.4, color: grey });
    const no =
      letter.pageNo === 'seite-von'
        ? `Seite ${i + 1} von ${pages.length}`
        : letter.pageNo === 'dash'
          ? `- ${i + 1} -`
          : letter.pageNo === 'blatt'
            ? `BLATT ${i + 1}`
            : '';
    if (no) pg.drawText(no, { x: (w - tw(no, reg, 8)) / 2, y: 62, font: reg, size: 8, color: grey });
  });
  return doc.save({ useObjectStreams: false });
}
