/**
 * Fifth development part (dev5), by an independent author: families H01–H08 with their own letter
 * model and pdf-lib renderer. Two tax-office prints (a Bavarian-style Finanzamt form, a Hamburg
 * Finanzamt computer print with numbered lines; in the city states the Finanzamt also levies the
 * trade tax), and six municipal prints: a Hessian Magistrat letter after DIN 5008 with a reference
 * line, a Verbandsgemeinde print for its Ortsgemeinden, a Landeshauptstadt/Stadt Steueramt with old
 * and new values side by side, a combined Grundbesitzabgaben- und Gewerbesteuerbescheid, a
 * Thuringian Stadtverwaltung letter with a numbered computation, and a vendor print in Courier.
 */
import { PDFDocument, type PDFFont, type PDFPage, StandardFonts } from 'pdf-lib';
import { int, isoDate, type Municipality, pick, type Rng } from './data.js';
import { addDays, type NoticeData, type NoticeType, truth } from './notice.js';

export interface Dev5Family {
  id: string;
  /** A Finanzamt print (the municipal notice types then come from a city state's Finanzamt). */
  office: boolean;
  font: 'helv' | 'times' | 'courier';
  /** Thousands dots in amounts. */
  dots: boolean;
  /** Currency after an amount in running text and key-value lines. */
  cur: '' | ' €' | ' EUR' | ' Euro';
  /** Negative amounts: leading minus, trailing minus, or the amount with a word (Erstattung). */
  neg: 'lead' | 'trail' | 'word';
  date: 'num' | 'long' | 'short';
  rate: 'vh' | 'pct' | 'word';
  /** The Zerlegung table prints the Gemeindeschlüssel. */
  printsAgs: boolean;
  /** City state whose Finanzamt levies the trade tax (office families). */
  cityAgs?: string;
}

export const DEV5_FAMILIES: readonly Dev5Family[] = [
  {
    id: 'H01-finanzamt-bayern-form',
    office: true,
    font: 'helv',
    dots: true,
    cur: ' €',
    neg: 'lead',
    date: 'num',
    rate: 'vh',
    printsAgs: true,
    cityAgs: '11000000',
  },
  {
    id: 'H02-finanzamt-hamburg-zeilen',
    office: true,
    font: 'courier',
    dots: false,
    cur: ' EUR',
    neg: 'trail',
    date: 'num',
    rate: 'pct',
    printsAgs: false,
    cityAgs: '02000000',
  },
  {
    id: 'H03-magistrat-hessen-din5008',
    office: false,
    font: 'times',
    dots: true,
    cur: ' EUR',
    neg: 'lead',
    date: 'long',
    rate: 'vh',
    printsAgs: false,
  },
  {
    id: 'H04-verbandsgemeinde-ortsgemeinde',
    office: false,
    font: 'helv',
    dots: true,
    cur: ' €',
    neg: 'lead',
    date: 'num',
    rate: 'pct',
    printsAgs: false,
  },
  {
    id: 'H05-steueramt-alt-neu',
    office: false,
    font: 'helv',
    dots: true,
    cur: ' Euro',
    neg: 'word',
    date: 'num',
    rate: 'word',
    printsAgs: false,
  },
  {
    id: 'H06-abgabenbescheid-grundbesitz',
    office: false,
    font: 'times',
    dots: true,
    cur: '',
    neg: 'trail',
    date: 'num',
    rate: 'vh',
    printsAgs: false,
  },
  {
    id: 'H07-stadtverwaltung-thueringen',
    office: false,
    font: 'helv',
    dots: true,
    cur: ' Euro',
    neg: 'lead',
    date: 'long',
    rate: 'vh',
    printsAgs: false,
  },
  {
    id: 'H08-rechenzentrum-courier',
    office: false,
    font: 'courier',
    dots: false,
    cur: ' EUR',
    neg: 'trail',
    date: 'short',
    rate: 'pct',
    printsAgs: false,
  },
];

// ---------------------------------------------------------------- formats (this part's own)

const two = (n: number) => (n < 10 ? `0${n}` : String(n));
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

function splitIso(iso: string): [number, number, number] {
  return [Number(iso.slice(0, 4)), Number(iso.slice(5, 7)), Number(iso.slice(8, 10))];
}

/** A date as the family prints it. */
export function dt5(iso: string, style: Dev5Family['date'] | 'num'): string {
  const [y, m, d] = splitIso(iso);
  if (style === 'long') return `${d}. ${MONTHS[m - 1]} ${y}`;
  if (style === 'short') return `${d}.${m}.${String(y).slice(2)}`;
  return `${two(d)}.${two(m)}.${y}`;
}

function thousands(n: number): string {
  const s = String(n);
  let out = '';
  for (let i = 0; i < s.length; i++) {
    if (i > 0 && (s.length - i) % 3 === 0) out += '.';
    out += s[i];
  }
  return out;
}

/** An amount in cents as the family prints it; `bare` leaves out the currency. */
export function am5(cents: number, f: Dev5Family, bare = false): string {
  const a = Math.abs(cents);
  const e = Math.floor(a / 100);
  let s = `${f.dots ? thousands(e) : String(e)},${two(a % 100)}`;
  if (cents < 0 && f.neg !== 'word') s = f.neg === 'trail' ? `${s}-` : `-${s}`;
  return bare ? s : `${s}${f.cur}`;
}

const rateText = (h: number, f: Dev5Family) =>
  f.rate === 'vh' ? `${h} v. H.` : f.rate === 'pct' ? `${h} %` : `Hebesatz ${h}`;

const ibanGroups = (iban: string) => iban.replace(/(.{4})/g, '$1 ').trim();

function lastDay(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** Full months of interest from the first interest day `von` (a 1st) to `bis`, both inclusive. */
export function fullMonths5(von: string, bis: string): number {
  const [vy, vm] = splitIso(von);
  const [by, bm, bd] = splitIso(bis);
  const n = (by - vy) * 12 + (bm - vm) + (bd === lastDay(by, bm) ? 1 : 0);
  return Math.max(0, n);
}

/** Saturday or Sunday: the next Monday (public holidays are not modelled here). */
export function workday5(iso: string): string {
  let d = iso;
  for (;;) {
    const wd = new Date(`${d}T12:00:00Z`).getUTCDay();
    if (wd !== 0 && wd !== 6) return d;
    d = addDays(d, 1);
  }
}

/** Interest in cents under § 233a AO: base (multiple of 50 €) × full months × 0.15 %, down to full euros. */
export const zins5 = (basisCents: number, months: number) =>
  Math.floor(((basisCents / 100) * months * 15) / 10000) * 100;

function monthsBack(iso: string, k: number): string {
  const [y, m, d] = splitIso(iso);
  const t = y * 12 + (m - 1) - k;
  const yy = Math.floor(t / 12);
  const mm = (t % 12) + 1;
  return isoDate(yy, mm, Math.min(d, lastDay(yy, mm)));
}

// ---------------------------------------------------------------- figures

export interface Dev5Extra {
  /** Started months of the Säumniszuschlag (mahnung). */
  saeumMonths: number;
  /** Grundsteuer B of the combined notice (H06), cents per year. */
  grundsteuer: number;
  grundMb: number;
  grundHebesatz: number;
}

const MUNICIPAL: readonly NoticeType[] = [
  'gewst_bescheid',
  'vorauszahlungsbescheid',
  'zinsbescheid',
  'mahnung',
];

function quarterly(year: number, from: number, annual: number) {
  const q = Math.floor(annual / 400) * 100;
  if (q < 5000) return [];
  const out: NoticeData['vz'] = [];
  for (let i = from; i <= 4; i++)
    out.push({ jahr: year, quartal: i, betrag: q, faellig_am: workday5(isoDate(year, i * 3 - 1, 15)) });
  return out;
}

function largestRemainder(total: number, weights: number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  const exact = weights.map((w) => (total * w) / sum);
  const out = exact.map((x) => Math.floor(x));
  let rest = total - out.reduce((s, x) => s + x, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) {
    if (rest <= 0) break;
    out[i] = (out[i] ?? 0) + 1;
    rest--;
  }
  return out;
}

/**
 * Mends makeNotice's figures where this part prints more or otherwise: prepayments moved off
 * weekends, interest by full months, the Messbetrag in integer arithmetic, the city state of an
 * office family, the months of a Säumniszuschlag, a long Zerlegung list (H01).
 */
export function fixDev5Data(d: NoticeData, f: Dev5Family, r: Rng, munis: readonly Municipality[]): Dev5Extra {
  if (f.office) d.showSteuernummer = true;
  if (f.office && f.cityAgs && MUNICIPAL.includes(d.type)) {
    const city = munis.find((m) => m.ags === f.cityAgs);
    if (city) {
      d.gemeinde = city;
      d.hebesatz = city.hebesatz;
      d.tax = d.mb * city.hebesatz;
      if (d.bisher > 0) d.bisher = Math.floor((d.tax * (0.6 + r() * 0.8)) / 400) * 400;
      d.bank = city.ags === '11000000' ? 'Landeshauptkasse Berlin' : 'Kasse.Hamburg';
    }
  }
  if (d.vz.length) {
    const first = d.vz[0]!;
    d.vz = quarterly(first.jahr, first.quartal, d.tax);
  }
  if (d.type === 'messbescheid') {
    const rounded = Math.floor(d.gewerbeertrag / 10000) * 10000;
    d.mb = Math.floor(((rounded - d.freibetrag) * 35) / 100000);
  }
  if (d.type === 'zinsbescheid') d.ez = Math.max(d.ez, 2017);
  if (d.zinsen) {
    const von = isoDate(d.ez + 2, 4, 1);
    if (d.type === 'zinsbescheid' && fullMonths5(von, addDays(d.datum, 3)) < 2) {
      const shift = int(r, 90, 900);
      const gap = Math.round((Date.parse(d.faellig) - Date.parse(d.datum)) / 864e5);
      d.datum = addDays(von, shift);
      d.faellig = addDays(d.datum, gap);
    }
    const bis = addDays(d.datum, 3);
    const months = fullMonths5(von, bis);
    const diff = d.tax - d.bisher;
    let basis = d.type === 'zinsbescheid' ? d.zinsen.basis : Math.floor(diff / 5000) * 5000;
    if (d.type === 'zinsbescheid' && zins5(basis, months) < 1000)
      basis = Math.ceil(10 / (months * 0.0015) / 50) * 5000 + 5000;
    const betrag = zins5(basis, months);
    if (d.type === 'gewst_bescheid' && (months < 1 || betrag < 1000 || von < '2019-01-01'))
      d.zinsen = undefined;
    else d.zinsen = { von, bis, betrag, basis, monate: months };
  }
  let saeumMonths = 1;
  if (d.type === 'mahnung') {
    const per = Math.floor(d.rueckstand / 5000) * 50;
    saeumMonths = per > 0 ? Math.max(1, Math.round(d.saeumnis / per)) : 1;
    if (per === 0) d.saeumnis = 0;
    // Originally due so that exactly `saeumMonths` months have started by the notice date.
    d.urspruenglichFaellig = addDays(monthsBack(d.datum, saeumMonths), int(r, 1, 12));
  }
  if (f.id.startsWith('H01') && d.type === 'zerlegungsbescheid') {
    const total = d.zerlegung.reduce((s, z) => s + z.anteil, 0);
    const want = int(r, 32, 46);
    const seen = new Set(d.zerlegung.map((z) => z.gemeinde.ags));
    const land = munis.filter((m) => m.land === d.gemeinde.land);
    for (let guard = 0; d.zerlegung.length < want && guard < 400; guard++) {
      const g = pick(r, land.length > 40 ? land : munis);
      if (seen.has(g.ags) || !/^[\u0020-\u00ff]+$/u.test(g.name)) continue;
      seen.add(g.ags);
      d.zerlegung.push({ gemeinde: g, lohn: int(r, 5, 900) * 1000_00, anteil: 0 });
    }
    const shares = largestRemainder(
      total,
      d.zerlegung.map((z) => z.lohn),
    );
    d.zerlegung.forEach((z, i) => {
      z.anteil = shares[i] ?? 0;
    });
  }
  const grundMb = int(r, 3000, 90000);
  const grundHebesatz = pick(r, [380, 425, 470, 495, 520, 545]);
  return {
    saeumMonths,
    grundsteuer: Math.round((grundMb * grundHebesatz) / 100),
    grundMb,
    grundHebesatz,
  };
}

// ---------------------------------------------------------------- letter model

type Block =
  | { k: 'p'; t: string; b?: boolean; s?: number; ind?: number }
  | { k: 'kv'; rows: [string, string][]; vx?: number; bold?: number[]; ind?: number }
  | {
      k: 'tab';
      w: number[];
      al: ('l' | 'r')[];
      head?: string[];
      rows: string[][];
      ruled: boolean;
      bold?: number[];
      cont?: string;
    }
  | { k: 'gap'; h: number }
  | { k: 'hr' }
  | { k: 'small'; t: string }
  | { k: 'two'; l: string[]; r: string[] }
  | { k: 'brk' };

export interface Dev5Letter {
  sender: string[];
  side: 'left' | 'right';
  back: string;
  addr: string[];
  info: [string, string][];
  ref?: [string, string][];
  title: string[];
  blocks: Block[];
  foot: string[];
  runHead: string;
  pages: 'von' | 'plain';
}

// ---------------------------------------------------------------- wordings

interface Ctx {
  d: NoticeData;
  f: Dev5Family;
  r: Rng;
  x: Dev5Extra;
  fid: string;
  /** Levying municipality as named in the text. */
  gem: string;
}

const issuerName = (m: Municipality) => `${m.kind} ${m.name}`;

function sender(c: Ctx): { lines: string[]; side: 'left' | 'right'; back: string } {
  const { d, fid } = c;
  const g = d.gemeinde;
  const fa = `Finanzamt ${d.finanzamt}`;
  const municipalType = MUNICIPAL.includes(d.type);
  // The Finanzamt's own notices (Messbescheid, Zerlegung) in a municipal vendor's family: the
  // copy the municipality's software files, printed in its layout with the office's letterhead.
  if (!c.f.office && (d.type === 'messbescheid' || d.type === 'zerlegungsbescheid'))
    return {
      lines: [fa, 'Veranlagungsstelle', `${d.finanzamt}`],
      side: fid === 'H03' || fid === 'H05' || fid === 'H07' ? 'right' : 'left',
      back: `${fa} · ${d.finanzamt}`,
    };
  switch (fid) {
    case 'H01':
      if (municipalType)
        return {
          lines: [
            'Finanzamt für Körperschaften II',
            'Gewerbesteuerstelle',
            'Magdalenenstraße 25',
            '10365 Berlin',
          ],
          side: 'left',
          back: 'Finanzamt für Körperschaften II · 10365 Berlin',
        };
      return {
        lines: [fa, 'Körperschaftsteuer- und Gewerbesteuerstelle', `Postfach ${int(c.r, 1000, 9999)} 0`],
        side: 'left',
        back: `${fa} · Postfach`,
      };
    case 'H02':
      if (municipalType)
        return {
          lines: [
            'FREIE UND HANSESTADT HAMBURG',
            'Finanzamt Hamburg-Mitte',
            'Gewerbesteuer',
            'Wendenstraße 35b',
            '20097 Hamburg',
          ],
          side: 'right',
          back: 'Finanzamt Hamburg-Mitte, Wendenstraße 35b, 20097 Hamburg',
        };
      return {
        lines: [fa.toUpperCase(), 'STEUERNUMMERNBEZOGENE STELLE GEWST', `${d.finanzamt}`],
        side: 'right',
        back: `${fa}, Postfach`,
      };
    case 'H03': {
      const head =
        g.kind === 'Gemeinde'
          ? `Der Gemeindevorstand der Gemeinde ${g.name}`
          : `Der Magistrat der Stadt ${g.name}`;
      return {
        lines: [head, 'Kassen- und Steuerverwaltung', `Rathausplatz ${int(c.r, 1, 9)}`, `${g.plz} ${g.name}`],
        side: 'right',
        back: `${head} · ${g.plz} ${g.name}`,
      };
    }
    case 'H04':
      return {
        lines: [
          `Verbandsgemeindeverwaltung ${d.finanzamt}`,
          'Fachbereich 2 - Finanzen',
          'Steuern und Abgaben',
          `für die Ortsgemeinde ${g.name}`,
        ],
        side: 'left',
        back: `VG-Verwaltung ${d.finanzamt} · Steuern und Abgaben`,
      };
    case 'H05':
      return {
        lines: [issuerName(g), 'Stadtkämmerei', 'Steueramt - Gewerbesteuer', `${g.plz} ${g.name}`],
        side: 'right',
        back: `${issuerName(g)} · Steueramt · ${g.plz} ${g.name}`,
      };
    case 'H06':
      return {
        lines: [issuerName(g), 'Der Bürgermeister', 'Finanzverwaltung - Steuern und Abgaben'],
        side: 'left',
        back: `${issuerName(g)}, Finanzverwaltung, ${g.plz} ${g.name}`,
      };
    case 'H07':
      return {
        lines: [
          g.kind === 'Gemeinde' ? `Gemeindeverwaltung ${g.name}` : `Stadtverwaltung ${g.name}`,
          'Fachbereich Finanzen',
          'Sachgebiet Steuern',
        ],
        side: 'right',
        back: `${g.kind === 'Gemeinde' ? 'Gemeindeverwaltung' : 'Stadtverwaltung'} ${g.name} · PF ${int(c.r, 10, 99)} · ${g.plz} ${g.name}`,
      };
    default:
      return {
        lines: [issuerName(g).toUpperCase(), 'STEUERABTEILUNG'],
        side: 'left',
        back: `${issuerName(g)} - Steuerabteilung - ${g.plz} ${g.name}`,
      };
  }
}

function footer(c: Ctx): string[] {
  const { d, f } = c;
  const iban = c.fid === 'H08' || c.fid === 'H03' ? ibanGroups(d.iban) : d.iban;
  if (c.fid === 'H01' || c.fid === 'H02') {
    if (MUNICIPAL.includes(d.type))
      return [`Bankverbindung: ${d.bank} · IBAN ${iban} · BIC ${d.bic}`, 'Sprechzeiten: Mo, Di, Do 8-12 Uhr'];
    return [
      `Finanzamt ${d.finanzamt} · Servicezentrum Mo-Fr 8-13 Uhr · Bitte stets die Steuernummer angeben`,
    ];
  }
  if (f.font === 'courier') return [`${d.bank}  IBAN ${iban}  BIC ${d.bic}`];
  return [`Bankverbindung: ${d.bank}`, `IBAN: ${iban}   BIC: ${d.bic}`];
}

function infoBlock(c: Ctx): { info: [string, string][]; ref?: [string, string][] } {
  const { d, f, fid } = c;
  const date = dt5(d.datum, f.date === 'long' ? 'num' : f.date);
  const muni = MUNICIPAL.includes(d.type);
  const stnr: [string, string][] =
    d.showSteuernummer && d.type !== 'sonstiges' ? [['Steuernummer', d.steuernummer]] : [];
  const kz: [string, string][] = muni ? [['Kassenzeichen', d.kassenzeichen]] : [];
  if (fid === 'H03')
    return {
      info: [
        ['Auskunft', `Frau ${pick(c.r, ['Becker', 'Wolf', 'Kraus', 'Ott'])}`],
        ['Zimmer', String(int(c.r, 10, 240))],
        ...stnr,
      ],
      ref: [
        ['Ihr Zeichen', '-'],
        ['Ihre Nachricht vom', '-'],
        ['Unser Zeichen', muni ? d.kassenzeichen : `20.${int(c.r, 10, 99)}`],
        ['Datum', date],
      ],
    };
  if (fid === 'H01' || fid === 'H02')
    return {
      info: [
        ...stnr,
        ...kz,
        ['Datum', date],
        ['Telefon', `0${int(c.r, 30, 99)} ${int(c.r, 1000, 9999)}-${int(c.r, 100, 999)}`],
      ],
    };
  return {
    info: [
      ...(muni ? [['Aktenzeichen', `20.${two(int(c.r, 1, 30))}.${int(c.r, 1, 9)}`] as [string, string]] : []),
      ...kz,
      ...stnr,
      ['Datum', date],
    ],
  };
}

const appealMunicipal = (c: Ctx) => {
  const nrw = c.d.gemeinde.land === 'Nordrhein-Westfalen';
  return nrw
    ? `Gegen diesen Bescheid kann innerhalb eines Monats nach seiner Bekanntgabe Klage beim Verwaltungsgericht erhoben werden. Die Klage ist schriftlich oder zur Niederschrift beim Urkundsbeamten der Geschäftsstelle einzureichen. Die Klage hat keine aufschiebende Wirkung (§ 80 Abs. 2 Nr. 1 VwGO).`
    : `Gegen diesen Bescheid ist der Widerspruch zulässig. Er ist innerhalb eines Monats nach Bekanntgabe schriftlich, in elektronischer Form oder zur Niederschrift bei der oben genannten Behörde einzulegen. Einwendungen gegen den Steuermessbetrag sind nicht hier, sondern beim Finanzamt im Einspruchsverfahren gegen den Messbescheid geltend zu machen. Der Widerspruch hemmt die Zahlungspflicht nicht.`;
};
const appealOffice =
  'Rechtsbehelfsbelehrung: Gegen diesen Bescheid ist der Einspruch gegeben (§ 347 AO). Er ist binnen eines Monats nach Bekanntgabe beim oben bezeichneten Finanzamt schriftlich einzureichen, diesem elektronisch zu übermitteln oder dort zur Niederschrift zu erklären. Die Einspruchsfrist beginnt mit Ablauf des Tages der Bekanntgabe; bei Übermittlung durch die Post gilt der Bescheid am vierten Tag nach Aufgabe zur Post als bekannt gegeben (§ 122 Abs. 2 AO).';

function appeal(c: Ctx): Block {
  if (c.f.office) return { k: 'small', t: appealOffice };
  return { k: 'small', t: `Rechtsbehelfsbelehrung: ${appealMunicipal(c)}` };
}

// ---------------------------------------------------------------- bodies per type

function taxRows(c: Ctx): Block[] {
  const { d, f, fid } = c;
  const diff = d.tax - d.bisher;
  const A = (x: number) => am5(x, f);
  const mbLine = am5(d.mb * 100, f);
  const diffLabel =
    diff < 0 ? (f.neg === 'word' ? 'Erstattungsbetrag' : 'Unterschiedsbetrag (Guthaben)') : 'Nachzahlung';
  if (fid === 'H02')
    return [
      {
        k: 'tab',
        w: [40, 300, 140],
        al: ['l', 'l', 'r'],
        head: ['ZEILE', 'BERECHNUNG', 'BETRAG EUR'],
        ruled: false,
        rows: [
          ['10', 'Steuermessbetrag (lt. Messbescheid)', am5(d.mb * 100, f, true)],
          ['20', `Hebesatz der Freien und Hansestadt Hamburg ${rateText(d.hebesatz, f)}`, ''],
          ['30', 'Gewerbesteuer (Zeile 10 x Zeile 20)', am5(d.tax, f, true)],
          ['40', 'abzüglich bisher festgesetzt', am5(d.bisher, f, true)],
          ['50', diff < 0 ? 'verbleibende Erstattung' : 'verbleibende Nachzahlung', am5(diff, f, true)],
        ],
      },
    ];
  if (fid === 'H05')
    return [
      {
        k: 'tab',
        w: [190, 95, 95, 100],
        al: ['l', 'r', 'r', 'r'],
        head: ['', 'bisher', 'neu', 'Unterschied'],
        ruled: true,
        rows: [
          ['Steuermessbetrag', '', am5(d.mb * 100, f, true), ''],
          ['Hebesatz', '', rateText(d.hebesatz, f).replace('Hebesatz ', ''), ''],
          [
            'Gewerbesteuer',
            am5(d.bisher, f, true),
            am5(d.tax, f, true),
            `${am5(Math.abs(diff), f, true)}${diff < 0 ? ' Erstattung' : ''}`,
          ],
        ],
      },
      {
        k: 'kv',
        rows: [
          ['Festgesetzte Gewerbesteuer', A(d.tax)],
          ['Bisher festgesetzt', A(d.bisher)],
          [diffLabel, A(Math.abs(diff))],
        ],
        bold: [2],
      },
    ];
  if (fid === 'H07')
    return [
      { k: 'p', t: 'Die Gewerbesteuer berechnet sich wie folgt:' },
      {
        k: 'kv',
        ind: 12,
        rows: [
          ['1. Gewerbesteuermessbetrag', mbLine],
          ['2. Hebesatz der Gemeinde', rateText(d.hebesatz, f)],
          ['3. Gewerbesteuer (Nr. 1 x Nr. 2 : 100)', A(d.tax)],
          ['4. davon bereits festgesetzt', A(d.bisher)],
          [`5. ${diff < 0 ? 'zu erstatten' : 'noch zu entrichten'} (Nr. 3 - Nr. 4)`, A(diff)],
        ],
      },
    ];
  if (fid === 'H08')
    return [
      {
        k: 'tab',
        w: [250, 110, 120],
        al: ['l', 'r', 'r'],
        head: ['BEZEICHNUNG', 'GRUNDLAGE', 'BETRAG EUR'],
        ruled: true,
        rows: [
          ['MESSBETRAG', am5(d.mb * 100, f, true), ''],
          ['HEBESATZ', rateText(d.hebesatz, f), ''],
          ['GEWERBESTEUER FESTGESETZT', '', am5(d.tax, f, true)],
          ['BISHER FESTGESETZT', '', am5(d.bisher, f, true)],
          [diff < 0 ? 'GUTSCHRIFT' : 'NACHFORDERUNG', '', am5(diff, f, true)],
        ],
      },
    ];
  return [
    {
      k: 'kv',
      rows: [
        ['Steuermessbetrag', mbLine],
        ['Hebesatz', rateText(d.hebesatz, f)],
        ['Gewerbesteuer', A(d.tax)],
        ['abzüglich bisher festgesetzte Gewerbesteuer', A(d.bisher)],
        [diff < 0 ? 'Erstattungsbetrag' : 'Abschlusszahlung', A(diff)],
      ],
      bold: [4],
    },
  ];
}

function vzBlocks(c: Ctx, intro: string): Block[] {
  const { d, f, fid } = c;
  if (!d.vz.length) return [];
  const dd = (iso: string) => dt5(iso, f.date);
  if (fid === 'H07' || fid === 'H03')
    return [
      { k: 'p', t: intro },
      ...d.vz.map((v): Block => ({
        k: 'p',
        ind: 14,
        t: `${v.quartal}. Vierteljahr ${v.jahr}: ${am5(v.betrag, f)}, zahlbar bis ${dd(v.faellig_am)}`,
      })),
    ];
  if (fid === 'H06')
    return [
      { k: 'p', t: intro },
      {
        k: 'tab',
        w: [110, 120, 120, 120],
        al: ['l', 'r', 'r', 'r'],
        head: ['Fälligkeit', 'Grundsteuer B', 'Gewerbesteuer', 'Summe'],
        ruled: true,
        rows: d.vz.map((v) => {
          const g = Math.floor(c.x.grundsteuer / 4);
          return [dd(v.faellig_am), am5(g, f, true), am5(v.betrag, f, true), am5(g + v.betrag, f, true)];
        }),
      },
    ];
  const head =
    fid === 'H08' || fid === 'H02'
      ? ['JAHR', 'QUARTAL', 'FAELLIG AM', 'BETRAG EUR']
      : ['Jahr', 'Quartal', 'fällig am', `Betrag${f.cur ? ` in${f.cur}` : ''}`];
  return [
    { k: 'p', t: intro },
    {
      k: 'tab',
      w: [70, 70, 120, 120],
      al: ['l', 'l', 'l', 'r'],
      head,
      ruled: fid !== 'H02',
      rows: d.vz.map((v) => [String(v.jahr), `${v.quartal}.`, dd(v.faellig_am), am5(v.betrag, f, true)]),
    },
  ];
}

function zinsBlocks(c: Ctx, inGewst: boolean): Block[] {
  const { d, f, fid } = c;
  const z = d.zinsen!;
  const dd = (iso: string) => dt5(iso, f.date);
  if (fid === 'H04' && !inGewst) {
    // Several interest periods: the months of each calendar year, then the total down to full euros.
    const rows: string[][] = [];
    let from = z.von;
    let left = z.monate;
    while (left > 0) {
      const [y, m] = splitIso(from);
      const k = Math.min(left, 13 - m);
      const to = isoDate(y, m + k - 1, lastDay(y, m + k - 1));
      const cents = Math.round((z.basis * k * 15) / 10000);
      rows.push([`${dd(from)} - ${dd(to)}`, String(k), '0,15 %', am5(cents, f, true)]);
      left -= k;
      from = isoDate(m + k > 12 ? y + 1 : y, m + k > 12 ? 1 : m + k, 1);
    }
    return [
      {
        k: 'p',
        t: `Der Zinslauf beginnt am ${dd(z.von)} und endet mit Ablauf des ${dd(z.bis)} (Tag der Bekanntgabe). Zu verzinsen ist der auf volle 50 Euro abgerundete Unterschiedsbetrag von ${am5(z.basis, f)}.`,
      },
      {
        k: 'tab',
        w: [190, 70, 80, 110],
        al: ['l', 'r', 'r', 'r'],
        head: ['Zinsabschnitt', 'Monate', 'Zinssatz', 'Zinsen'],
        ruled: true,
        rows,
      },
      {
        k: 'kv',
        rows: [
          ['Zinsen insgesamt (auf volle Euro abgerundet)', am5(z.betrag, f)],
          ['Zinsbetrag', am5(z.betrag, f)],
        ],
        bold: [1],
      },
    ];
  }
  if (fid === 'H02' || fid === 'H08')
    return [
      {
        k: 'tab',
        w: [160, 160, 160],
        al: ['l', 'l', 'r'],
        head: ['ZINSLAUF VON', 'BIS', 'VOLLE MONATE'],
        ruled: false,
        rows: [[dd(z.von), dd(z.bis), String(z.monate)]],
      },
      {
        k: 'kv',
        rows: [
          ['ZU VERZINSENDER BETRAG', am5(z.basis, f)],
          ['ZINSSATZ JE MONAT', '0,15 %'],
          ['ZINSEN NACH § 233a AO', am5(z.betrag, f)],
        ],
      },
    ];
  return [
    {
      k: 'p',
      t: `Zinsen nach § 233a AO: Der zu verzinsende Betrag von ${am5(z.basis, f)} wird für die Zeit vom ${dd(z.von)} bis ${dd(z.bis)} (${z.monate} volle Monate zu je 0,15 %) verzinst.`,
    },
    { k: 'kv', rows: [['Festgesetzte Zinsen', am5(z.betrag, f)]], bold: [0] },
  ];
}

function dueBlock(c: Ctx, amount: number, due: string, what: string): Block {
  const { d, f } = c;
  const dd = dt5(due, f.date);
  if (c.fid === 'H08')
    return {
      k: 'p',
      t: `ZAHLBAR BIS ${dd} UNTER ANGABE DES KASSENZEICHENS ${d.kassenzeichen}: ${am5(amount, f)}`,
    };
  if (c.fid === 'H02') {
    const subject = what.replace(/^den /, 'Der ').replace(/^die /, 'Die ');
    return { k: 'p', t: `${subject} von ${am5(amount, f)} ist fällig am ${dd}.` };
  }
  return {
    k: 'p',
    t: `Bitte überweisen Sie ${what} von ${am5(amount, f)} bis zum ${dd} unter Angabe des Kassenzeichens auf das unten genannte Konto.`,
  };
}

function gewstBody(c: Ctx): Block[] {
  const { d, f, fid, gem } = c;
  const diff = d.tax - d.bisher;
  const b: Block[] = [];
  if (fid === 'H06') {
    const g = c.x.grundsteuer;
    b.push(
      { k: 'p', t: `Für das Kalenderjahr ${d.ez} werden folgende Abgaben festgesetzt:` },
      { k: 'p', t: 'A. Grundsteuer B (Grundbesitz)', b: true },
      {
        k: 'kv',
        rows: [
          ['Grundsteuermessbetrag', am5(c.x.grundMb, f, true)],
          ['Hebesatz Grundsteuer B', rateText(c.x.grundHebesatz, f)],
          ['Jahresbetrag Grundsteuer B', am5(g, f, true)],
        ],
      },
      { k: 'p', t: 'B. Gewerbesteuer', b: true },
      ...taxRows(c),
      { k: 'p', t: 'C. Zusammenstellung', b: true },
      {
        k: 'tab',
        w: [240, 120, 120],
        al: ['l', 'r', 'r'],
        head: ['Abgabeart', 'Jahresbetrag', 'Abrechnung'],
        ruled: true,
        rows: [
          ['Grundsteuer B', am5(g, f, true), am5(0, f, true)],
          ['Gewerbesteuer', am5(d.tax, f, true), am5(diff, f, true)],
        ],
      },
    );
  } else {
    const intro =
      fid === 'H02'
        ? `Die Gewerbesteuer für das Kalenderjahr ${d.ez} wird für ${gem} wie folgt festgesetzt:`
        : fid === 'H04'
          ? `Aufgrund des Gewerbesteuermessbescheides des Finanzamtes ${d.finanzamt} setzen wir die Gewerbesteuer der Ortsgemeinde ${d.gemeinde.name} für ${d.ez} wie folgt fest:`
          : fid === 'H08'
            ? `ERHEBUNGSZEITRAUM ${d.ez}`
            : `Festsetzung der Gewerbesteuer für das Jahr ${d.ez} auf Grund des Messbescheides des Finanzamtes ${d.finanzamt}`;
    b.push({ k: 'p', t: intro }, ...taxRows(c));
  }
  if (d.zinsen) b.push({ k: 'gap', h: 4 }, ...zinsBlocks(c, true));
  if (diff > 0) {
    const total = diff + (d.zinsen?.betrag ?? 0);
    b.push(
      d.zinsen
        ? {
            k: 'p',
            t: `Die Nachzahlung von ${am5(diff, f)} zuzüglich Zinsen, zusammen ${am5(total, f)}, ist fällig am ${dt5(d.faellig, f.date)}.`,
          }
        : dueBlock(c, diff, d.faellig, 'den Nachzahlungsbetrag'),
    );
  } else if (diff < 0) {
    b.push({
      k: 'p',
      t: `Der Betrag von ${am5(-diff, f)} wird Ihnen erstattet, soweit keine anderen Forderungen aufzurechnen sind.`,
    });
  } else b.push({ k: 'p', t: 'Aus dieser Festsetzung ergibt sich keine Zahlung.' });
  b.push(
    ...vzBlocks(
      c,
      fid === 'H06'
        ? `Vorauszahlungen ab ${d.vzYear} (Grundsteuer und Gewerbesteuer):`
        : `Die Vorauszahlungen ab ${d.vzYear} werden festgesetzt auf:`,
    ),
  );
  return b;
}

function vzBody(c: Ctx): Block[] {
  const { d, f, fid } = c;
  const annual = d.tax;
  const base: Block[] = [
    {
      k: 'p',
      t:
        fid === 'H08'
          ? `VORAUSZAHLUNGEN AB ${d.ez} - GRUNDLAGE MESSBETRAG FUER ZWECKE DER VORAUSZAHLUNGEN`
          : `Auf Grund des vom Finanzamt ${d.finanzamt} festgesetzten Steuermessbetrages für Zwecke der Vorauszahlungen werden die Gewerbesteuer-Vorauszahlungen ab dem Erhebungszeitraum ${d.ez} neu festgesetzt.`,
    },
  ];
  if (fid === 'H06')
    base.push({
      k: 'kv',
      rows: [
        ['Grundsteuer B, Jahresbetrag', am5(c.x.grundsteuer, f, true)],
        ['Gewerbesteuer-Messbetrag', am5(d.mb * 100, f, true)],
        ['Hebesatz Gewerbesteuer', rateText(d.hebesatz, f)],
        ['Gewerbesteuer, Jahresbetrag', am5(annual, f, true)],
      ],
    });
  else if (fid === 'H07')
    base.push({
      k: 'kv',
      ind: 12,
      rows: [
        ['1. Messbetrag für Vorauszahlungen', am5(d.mb * 100, f)],
        ['2. Hebesatz', rateText(d.hebesatz, f)],
        ['3. Jahressteuer (Nr. 1 x Nr. 2 : 100)', am5(annual, f)],
        ['4. Vierteljahresbetrag (Nr. 3 : 4, volle Euro)', am5(Math.floor(annual / 400) * 100, f)],
      ],
    });
  else
    base.push({
      k: 'kv',
      rows: [
        [fid === 'H08' ? 'MESSBETRAG' : 'Steuermessbetrag', am5(d.mb * 100, f)],
        [fid === 'H08' ? 'HEBESATZ' : 'Hebesatz', rateText(d.hebesatz, f)],
        [fid === 'H08' ? 'JAHRESBETRAG' : 'voraussichtliche Jahressteuer', am5(annual, f)],
      ],
    });
  base.push(
    ...vzBlocks(
      c,
      fid === 'H08' ? 'FAELLIGKEITEN:' : 'Die Vorauszahlungen sind zu folgenden Terminen zu entrichten:',
    ),
  );
  base.push({
    k: 'p',
    t: `Diese Festsetzung gilt auch für die folgenden Kalenderjahre, bis ein neuer Bescheid ergeht (§ 19 GewStG).`,
  });
  return base;
}

function zinsBody(c: Ctx): Block[] {
  const { d, f, fid } = c;
  return [
    {
      k: 'p',
      t:
        fid === 'H08'
          ? `FESTSETZUNG VON ZINSEN ZUR GEWERBESTEUER ${d.ez}`
          : `Die Gewerbesteuer für ${d.ez} wurde mit Bescheid vom ${dt5(addDays(d.datum, -int(c.r, 1, 5)), f.date)} geändert. Nach § 233a AO in Verbindung mit § 1 Abs. 2 AO werden hierzu Nachzahlungszinsen festgesetzt.`,
    },
    ...zinsBlocks(c, false),
    dueBlock(c, d.zinsen!.betrag, d.faellig, 'die Zinsen'),
  ];
}

function messBody(c: Ctx): Block[] {
  const { d, f, fid } = c;
  const rounded = Math.floor(d.gewerbeertrag / 10000) * 10000;
  const rows: [string, string][] = [
    ['Gewinn aus Gewerbebetrieb / Gewerbeertrag', am5(d.gewerbeertrag, f)],
    ['abgerundet auf volle 100 Euro', am5(rounded, f)],
    ['abzüglich Freibetrag (§ 11 Abs. 1 GewStG)', am5(d.freibetrag, f)],
    ['verbleibender Gewerbeertrag', am5(rounded - d.freibetrag, f)],
    ['Steuermesszahl', '3,5 %'],
    ['Steuermessbetrag', am5(d.mb * 100, f)],
  ];
  const intro: Block = {
    k: 'p',
    t: `Bescheid für ${d.ez} über den Gewerbesteuermessbetrag. Der Steuermessbetrag wird nach § 14 GewStG festgesetzt auf ${am5(d.mb * 100, f)}.`,
  };
  const tail: Block = {
    k: 'p',
    t: `Die Festsetzung der Gewerbesteuer obliegt der hebeberechtigten Gemeinde ${d.gemeinde.name}; dieser wird der Inhalt des Bescheides mitgeteilt (§ 184 Abs. 3 AO).`,
  };
  if (fid === 'H02')
    return [
      intro,
      {
        k: 'tab',
        w: [40, 300, 140],
        al: ['l', 'l', 'r'],
        head: ['ZEILE', 'ERMITTLUNG DES STEUERMESSBETRAGS', 'EUR'],
        ruled: false,
        rows: rows.map(([l, v], i) => [String((i + 1) * 10), l, v.replace(f.cur, '')]),
      },
      tail,
    ];
  return [intro, { k: 'kv', rows, bold: [5] }, tail];
}

function zerlBody(c: Ctx): Block[] {
  const { d, f, fid } = c;
  const total = d.zerlegung.reduce((s, z) => s + z.anteil, 0);
  const lohnSum = d.zerlegung.reduce((s, z) => s + z.lohn, 0);
  const intro: Block = {
    k: 'p',
    t: `Der Steuermessbetrag für ${d.ez} von ${am5(total, f)} wird nach §§ 28 ff. GewStG im Verhältnis der Arbeitslöhne auf die hebeberechtigten Gemeinden zerlegt.`,
  };
  if (fid === 'H01')
    return [
      intro,
      {
        k: 'tab',
        w: [28, 70, 190, 100, 90],
        al: ['r', 'l', 'l', 'r', 'r'],
        head: ['Nr.', 'Gem.-Schl.', 'Gemeinde', 'Arbeitslöhne €', 'Anteil €'],
        ruled: true,
        cont: 'Zerlegung (Fortsetzung)',
        rows: [
          ...d.zerlegung.map((z, i) => [
            String(i + 1),
            z.gemeinde.ags,
            z.gemeinde.name,
            am5(z.lohn, f, true),
            am5(z.anteil, f, true),
          ]),
          ['', '', 'Summe', am5(lohnSum, f, true), am5(total, f, true)],
        ],
        bold: [d.zerlegung.length],
      },
    ];
  return [
    intro,
    {
      k: 'tab',
      w: [40, 220, 110, 110],
      al: ['l', 'l', 'r', 'r'],
      head: ['ZEILE', 'HEBEBERECHTIGTE GEMEINDE', 'ARBEITSLOEHNE', 'ZERLEGUNGSANTEIL'],
      ruled: false,
      rows: [
        ...d.zerlegung.map((z, i) => [
          String(100 + i * 10),
          z.gemeinde.name,
          am5(z.lohn, f, true),
          am5(z.anteil, f, true),
        ]),
        ['', 'SUMME', am5(lohnSum, f, true), am5(total, f, true)],
      ],
    },
  ];
}

function mahnBody(c: Ctx): Block[] {
  const { d, f, fid } = c;
  const total = d.rueckstand + d.saeumnis + d.mahngebuehr;
  const dd = (iso: string) => dt5(iso, f.date);
  const rows: string[][] = [
    [`Gewerbesteuer ${d.ez}`, dd(d.urspruenglichFaellig), am5(d.rueckstand, f, true)],
    [
      `Säumniszuschläge (§ 240 AO, ${c.x.saeumMonths} angef. Monat${c.x.saeumMonths > 1 ? 'e' : ''})`,
      '',
      am5(d.saeumnis, f, true),
    ],
    ['Mahngebühr', '', am5(d.mahngebuehr, f, true)],
    ['Gesamtbetrag', '', am5(total, f, true)],
  ];
  return [
    {
      k: 'p',
      t:
        fid === 'H08'
          ? 'MAHNUNG - BEI DER STADTKASSE SIND FOLGENDE BETRAEGE RUECKSTAENDIG:'
          : `trotz Fälligkeit ist die nachstehende Forderung bisher nicht beglichen worden. Wir mahnen Sie hiermit an und bitten um Zahlung des Rückstands von ${am5(d.rueckstand, f)} einschließlich der Nebenforderungen.`,
    },
    {
      k: 'tab',
      w: [250, 100, 130],
      al: ['l', 'l', 'r'],
      head: ['Forderung', 'fällig seit', 'Betrag'],
      ruled: fid !== 'H02',
      rows,
      bold: [3],
    },
    {
      k: 'p',
      t: `Bitte zahlen Sie den Gesamtbetrag spätestens bis zum ${dd(d.faellig)}. Nach Ablauf dieser Frist wird ohne weitere Ankündigung die Vollstreckung eingeleitet; weitere Säumniszuschläge entstehen kraft Gesetzes.`,
    },
  ];
}

function sonstBody(c: Ctx): { title: string; blocks: Block[]; printsEz: boolean } {
  const { d, f, fid } = c;
  const dd = (iso: string) => dt5(iso, f.date);
  switch (fid) {
    case 'H01':
      return {
        title: 'Erinnerung an die Abgabe von Steuererklärungen',
        printsEz: true,
        blocks: [
          {
            k: 'p',
            t: `nach unseren Unterlagen liegen für das Kalenderjahr ${d.ez} die folgenden Erklärungen noch nicht vor: Körperschaftsteuererklärung, Erklärung zur gesonderten Feststellung nach § 27 KStG, Gewerbesteuererklärung.`,
          },
          {
            k: 'p',
            t: `Bitte reichen Sie die Erklärungen bis zum ${dd(addDays(d.datum, 28))} elektronisch ein. Geht die Erklärung nicht fristgerecht ein, kann ein Verspätungszuschlag (§ 152 AO) festgesetzt oder die Besteuerungsgrundlagen können geschätzt werden (§ 162 AO).`,
          },
        ],
      };
    case 'H02':
      return {
        title: 'PRUEFUNGSANORDNUNG',
        printsEz: true,
        blocks: [
          {
            k: 'p',
            t: `Gemäß § 193 Abs. 1 AO ordne ich bei Ihnen eine Außenprüfung an. Sie umfasst die Körperschaftsteuer, die Gewerbesteuer (Messbetrag) und die Umsatzsteuer der Jahre ${d.ez - 2} bis ${d.ez}.`,
          },
          {
            k: 'p',
            t: `Voraussichtlicher Prüfungsbeginn: ${dd(addDays(d.datum, 35))}, in Ihren Geschäftsräumen. Prüfer: Herr ${pick(c.r, ['Lindner', 'Adam', 'Krüger'])}.`,
          },
        ],
      };
    case 'H03':
      return {
        title: 'Kontoauszug zum Steuerkonto',
        printsEz: false,
        blocks: [
          {
            k: 'p',
            t: `anbei erhalten Sie eine Übersicht über die Buchungen auf Ihrem Abgabenkonto ${d.kassenzeichen}.`,
          },
          {
            k: 'tab',
            w: [90, 230, 120],
            al: ['l', 'l', 'r'],
            head: ['Buchungstag', 'Text', 'Betrag'],
            ruled: true,
            rows: [
              [
                dd(addDays(d.datum, -60)),
                'Zahlungseingang Überweisung',
                am5(int(c.r, 100, 9000) * 100, f, true),
              ],
              [dd(addDays(d.datum, -20)), 'Sollstellung Hundesteuer', am5(int(c.r, 90, 180) * 100, f, true)],
              ['', 'Kontostand', am5(0, f, true)],
            ],
          },
          { k: 'p', t: 'Dieser Kontoauszug ist kein Bescheid. Bitte prüfen Sie die Buchungen.' },
        ],
      };
    case 'H04':
      return {
        title: 'Anhörung nach § 28 VwVfG',
        printsEz: true,
        blocks: [
          {
            k: 'p',
            t: `die Ortsgemeinde ${d.gemeinde.name} beabsichtigt, für das Jahr ${d.ez} einen Beitrag für wiederkehrende Straßenausbaubeiträge festzusetzen. Vor Erlass des Bescheides erhalten Sie Gelegenheit, sich zu den für die Entscheidung erheblichen Tatsachen zu äußern.`,
          },
          { k: 'p', t: `Ihre Stellungnahme erbitten wir bis zum ${dd(addDays(d.datum, 21))}.` },
        ],
      };
    case 'H05':
      return {
        title: `Grundsteuerbescheid ${d.ez}`,
        printsEz: true,
        blocks: [
          {
            k: 'kv',
            rows: [
              ['Grundstück', `${d.street}, Flur ${int(c.r, 1, 30)}, Flurstück ${int(c.r, 10, 999)}`],
              ['Grundsteuermessbetrag', am5(c.x.grundMb, f)],
              ['Hebesatz Grundsteuer B', rateText(c.x.grundHebesatz, f)],
              ['Jahresbetrag', am5(c.x.grundsteuer, f)],
            ],
          },
          {
            k: 'p',
            t: `Die Grundsteuer wird zu je einem Viertel am 15. Februar, 15. Mai, 15. August und 15. November fällig.`,
          },
        ],
      };
    case 'H06':
      return {
        title: `Bescheid über Abfallentsorgungsgebühren ${d.ez}`,
        printsEz: true,
        blocks: [
          {
            k: 'tab',
            w: [220, 80, 80, 100],
            al: ['l', 'r', 'r', 'r'],
            head: ['Leistung', 'Menge', 'Satz', 'Betrag'],
            ruled: true,
            rows: [
              ['Restabfallbehälter 240 l', '1', am5(21480, f, true), am5(21480, f, true)],
              ['Bioabfallbehälter 120 l', '1', am5(6240, f, true), am5(6240, f, true)],
            ],
          },
        ],
      };
    case 'H07':
      return {
        title: 'Bestätigung über die Gewerbeummeldung',
        printsEz: false,
        blocks: [
          {
            k: 'p',
            t: `wir bestätigen den Eingang Ihrer Gewerbeummeldung nach § 14 GewO vom ${dd(addDays(d.datum, -9))}. Die Daten wurden an die beteiligten Stellen (Finanzamt, Industrie- und Handelskammer, Berufsgenossenschaft) weitergeleitet.`,
          },
        ],
      };
    default:
      return {
        title: 'BESTAETIGUNG SEPA-LASTSCHRIFTMANDAT',
        printsEz: false,
        blocks: [
          {
            k: 'p',
            t: `IHR SEPA-LASTSCHRIFTMANDAT FUER DAS KASSENZEICHEN ${d.kassenzeichen} IST EINGEGANGEN. ALLE FAELLIGEN ABGABEN WERDEN KUENFTIG ZUM FAELLIGKEITSTAG VON IHREM KONTO ${ibanGroups(d.iban)} EINGEZOGEN.`,
          },
          { k: 'p', t: `GLAEUBIGER-ID DE${int(c.r, 10, 99)}ZZZ0000${int(c.r, 1000000, 9999999)}` },
        ],
      };
  }
}

const TITLES: Record<string, Partial<Record<NoticeType, string[]>>> = {
  H01: {
    gewst_bescheid: ['Bescheid über Gewerbesteuer und Zinsen zur Gewerbesteuer'],
    vorauszahlungsbescheid: ['Bescheid über Gewerbesteuer-Vorauszahlungen'],
    zinsbescheid: ['Bescheid über Zinsen zur Gewerbesteuer'],
    messbescheid: ['Bescheid über den Gewerbesteuermessbetrag'],
    zerlegungsbescheid: ['Bescheid über die Zerlegung des Gewerbesteuermessbetrags'],
    mahnung: ['Mahnung'],
  },
  H02: {
    gewst_bescheid: ['GEWERBESTEUERBESCHEID'],
    vorauszahlungsbescheid: ['BESCHEID UEBER VORAUSZAHLUNGEN ZUR GEWERBESTEUER'],
    zinsbescheid: ['ZINSBESCHEID ZUR GEWERBESTEUER'],
    messbescheid: ['GEWERBESTEUERMESSBESCHEID'],
    zerlegungsbescheid: ['ZERLEGUNGSBESCHEID'],
    mahnung: ['MAHNUNG'],
  },
  H03: {
    gewst_bescheid: ['Gewerbesteuerbescheid'],
    vorauszahlungsbescheid: ['Vorauszahlungsbescheid Gewerbesteuer'],
    zinsbescheid: ['Bescheid über Nachzahlungszinsen zur Gewerbesteuer'],
    messbescheid: ['Gewerbesteuermessbescheid'],
    zerlegungsbescheid: ['Zerlegungsbescheid'],
    mahnung: ['Zahlungsaufforderung und Mahnung'],
  },
  H04: {
    gewst_bescheid: ['Gewerbesteuerbescheid'],
    vorauszahlungsbescheid: ['Bescheid über Vorauszahlungen zur Gewerbesteuer'],
    zinsbescheid: ['Zinsbescheid', 'Verzinsung der Gewerbesteuer nach § 233a AO'],
    messbescheid: ['Gewerbesteuermessbescheid'],
    zerlegungsbescheid: ['Zerlegungsbescheid'],
    mahnung: ['Mahnung'],
  },
  H05: {
    gewst_bescheid: ['Änderungsbescheid über Gewerbesteuer'],
    vorauszahlungsbescheid: ['Gewerbesteuer - Festsetzung der Vorauszahlungen'],
    zinsbescheid: ['Gewerbesteuer - Festsetzung von Zinsen'],
    messbescheid: ['Gewerbesteuermessbescheid'],
    zerlegungsbescheid: ['Zerlegungsbescheid'],
    mahnung: ['Mahnung'],
  },
  H06: {
    gewst_bescheid: ['Grundbesitzabgaben- und Gewerbesteuerbescheid'],
    vorauszahlungsbescheid: ['Abgabenbescheid - Vorauszahlungen'],
    zinsbescheid: ['Zinsbescheid zur Gewerbesteuer'],
    messbescheid: ['Gewerbesteuermessbescheid'],
    zerlegungsbescheid: ['Zerlegungsbescheid'],
    mahnung: ['Mahnung'],
  },
  H07: {
    gewst_bescheid: ['Bescheid über die Festsetzung der Gewerbesteuer'],
    vorauszahlungsbescheid: ['Bescheid über Gewerbesteuervorauszahlungen'],
    zinsbescheid: ['Bescheid über Zinsen nach § 233a AO'],
    messbescheid: ['Gewerbesteuermessbescheid'],
    zerlegungsbescheid: ['Zerlegungsbescheid'],
    mahnung: ['Mahnung'],
  },
  H08: {
    gewst_bescheid: ['GEWERBESTEUERBESCHEID', 'FESTSETZUNG / ABRECHNUNG'],
    vorauszahlungsbescheid: ['VORAUSZAHLUNGSBESCHEID GEWERBESTEUER'],
    zinsbescheid: ['ZINSBESCHEID GEWERBESTEUER'],
    messbescheid: ['GEWERBESTEUERMESSBESCHEID'],
    zerlegungsbescheid: ['ZERLEGUNGSBESCHEID'],
    mahnung: ['MAHNUNG'],
  },
};

/** The letter of one notice and whether it prints the Erhebungszeitraum (for sonstiges). */
export function buildDev5Letter(
  d: NoticeData,
  f: Dev5Family,
  x: Dev5Extra,
  r: Rng,
): { letter: Dev5Letter; printsEz: boolean } {
  const fid = f.id.slice(0, 3);
  const gem =
    d.gemeinde.ags === '11000000'
      ? 'das Land Berlin'
      : d.gemeinde.ags === '02000000'
        ? 'die Freie und Hansestadt Hamburg'
        : d.gemeinde.name;
  const c: Ctx = { d, f, r, x, fid, gem };
  const s = sender(c);
  const { info, ref } = infoBlock(c);
  let title = TITLES[fid]?.[d.type] ?? ['Bescheid'];
  let printsEz = true;
  let body: Block[];
  switch (d.type) {
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
      const so = sonstBody(c);
      title = [so.title];
      printsEz = so.printsEz;
      body = so.blocks;
    }
  }
  const muni = MUNICIPAL.includes(d.type);
  const salutation: Block = {
    k: 'p',
    t: f.font === 'courier' ? 'SEHR GEEHRTE DAMEN UND HERREN,' : 'Sehr geehrte Damen und Herren,',
  };
  const levy: Block[] =
    muni && (fid === 'H01' || fid === 'H02')
      ? [{ k: 'p', t: `Hebeberechtigte Gemeinde: ${d.gemeinde.name} (Gemeindeschlüssel ${d.gemeinde.ags})` }]
      : muni && fid === 'H04'
        ? [{ k: 'p', t: `Steuergläubiger: Ortsgemeinde ${d.gemeinde.name}` }]
        : [];
  const subject: Block[] =
    d.type === 'sonstiges'
      ? []
      : [
          {
            k: 'p',
            t: `${d.company}${fid === 'H08' ? '' : `, ${d.street}`} - Erhebungszeitraum ${d.ez}`,
            s: 8.5,
          },
        ];
  const blocks: Block[] = [...levy, ...subject, salutation, ...body, { k: 'gap', h: 6 }];
  if (d.type !== 'sonstiges') {
    // H08 and the long Zerlegung tables put the legal text on a page of its own.
    if (fid === 'H08') blocks.push({ k: 'brk' }, { k: 'p', t: 'ERLAEUTERUNGEN', b: true });
    if (fid === 'H05' || fid === 'H03')
      blocks.push({
        k: 'two',
        l: ['Hinweise zur Zahlung:', 'Bitte geben Sie stets das', `Kassenzeichen ${d.kassenzeichen} an.`],
        r: ['Öffnungszeiten Steueramt:', 'Mo-Fr 8.30-12.00 Uhr', 'Do 14.00-17.30 Uhr'],
      });
    blocks.push(appeal(c));
    if (muni)
      blocks.push({
        k: 'small',
        t: 'Dieser Bescheid wurde maschinell erstellt und ist ohne Unterschrift gültig. Rechtsgrundlagen: Gewerbesteuergesetz (GewStG), Abgabenordnung (AO) und die Hebesatzsatzung in der jeweils geltenden Fassung.',
      });
  }
  blocks.push({ k: 'p', t: f.font === 'courier' ? 'MIT FREUNDLICHEN GRUESSEN' : 'Mit freundlichen Grüßen' });
  if (fid !== 'H08') blocks.push({ k: 'p', t: 'Im Auftrag' });
  const letter: Dev5Letter = {
    sender: s.lines,
    side: s.side,
    back: s.back,
    addr: [d.company, d.street, `${d.gemeinde.plz} ${d.gemeinde.name}`],
    info,
    ref,
    title,
    blocks,
    foot: footer(c),
    runHead: `${title[0]} vom ${dt5(d.datum, f.date === 'long' ? 'num' : f.date)}${muni ? ` - Kassenzeichen ${d.kassenzeichen}` : d.showSteuernummer && d.type !== 'sonstiges' ? ` - StNr. ${d.steuernummer}` : ''}`,
    pages: fid === 'H08' || fid === 'H01' || fid === 'H06' ? 'von' : 'plain',
  };
  return { letter, printsEz };
}

/** Ground truth: the shared truth with the issuer's AGS (resolvable from its name and postcode). */
export function dev5Truth(d: NoticeData, f: Dev5Family, printsEz: boolean): Record<string, unknown> {
  const t = truth(d, f.printsAgs);
  if ('gemeinde' in t && d.type !== 'sonstiges') t.ags = d.gemeinde.ags;
  if (d.type === 'sonstiges' && !printsEz) delete t.erhebungszeitraum;
  return t;
}

// ---------------------------------------------------------------- renderer

const PAGE_W = 595.28;
const PAGE_H = 841.89;
const LEFT = 62;
const RIGHT = PAGE_W - 56;
const BOTTOM = 92;

interface Fonts {
  reg: PDFFont;
  bold: PDFFont;
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      out.push(line);
      line = word;
    } else line = next;
  }
  if (line) out.push(line);
  return out;
}

export async function renderDev5(l: Dev5Letter, f: Dev5Family): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const names =
    f.font === 'times'
      ? [StandardFonts.TimesRoman, StandardFonts.TimesRomanBold]
      : f.font === 'courier'
        ? [StandardFonts.Courier, StandardFonts.CourierBold]
        : [StandardFonts.Helvetica, StandardFonts.HelveticaBold];
  const fo: Fonts = { reg: await doc.embedFont(names[0]!), bold: await doc.embedFont(names[1]!) };
  const base = f.font === 'courier' ? 8.6 : 9.6;
  const pages: PDFPage[] = [];
  let page = doc.addPage([PAGE_W, PAGE_H]);
  pages.push(page);
  const text = (s: string, x: number, y: number, size = base, bold = false) =>
    page.drawText(s, { x, y, size, font: bold ? fo.bold : fo.reg });
  const rtext = (s: string, xr: number, y: number, size = base, bold = false) =>
    text(s, xr - (bold ? fo.bold : fo.reg).widthOfTextAtSize(s, size), y, size, bold);

  // Letterhead.
  l.sender.forEach((s, i) => {
    const size = i === 0 ? base + 2.4 : base - 0.6;
    if (l.side === 'right') rtext(s, RIGHT, 800 - i * 12, size, i === 0);
    else text(s, LEFT, 800 - i * 12, size, i === 0);
  });
  // Window envelope: return line and address.
  text(l.back, LEFT, 712, 6.3);
  page.drawLine({ start: { x: LEFT, y: 710 }, end: { x: LEFT + 230, y: 710 }, thickness: 0.3 });
  l.addr.forEach((s, i) => text(s, LEFT, 692 - i * 12.5, base + 0.4));
  // Info block.
  const iy = l.side === 'right' ? 735 : 705;
  l.info.forEach(([k, v], i) => {
    text(`${k}:`, 350, iy - i * 12, base - 1);
    text(v, 440, iy - i * 12, base - 1);
  });
  let y = 600;
  if (l.ref) {
    const xs = [LEFT, 170, 300, 430];
    l.ref.forEach(([k, v], i) => {
      text(k, xs[i] ?? LEFT, y, 6.8);
      text(v, xs[i] ?? LEFT, y - 11, base);
    });
    y -= 34;
  }
  for (const t of l.title) {
    text(t, LEFT, y, base + 2, true);
    y -= base + 6;
  }
  y -= 6;

  const newPage = () => {
    page = doc.addPage([PAGE_W, PAGE_H]);
    pages.push(page);
    text(l.runHead, LEFT, 805, 7.5);
    page.drawLine({ start: { x: LEFT, y: 800 }, end: { x: RIGHT, y: 800 }, thickness: 0.4 });
    y = 780;
  };
  const need = (h: number) => {
    if (y - h < BOTTOM) newPage();
  };
  const lh = base * 1.38;
  for (const b of l.blocks) {
    switch (b.k) {
      case 'p': {
        const size = b.s ?? base;
        for (const line of wrap(b.t, b.b ? fo.bold : fo.reg, size, RIGHT - LEFT - (b.ind ?? 0))) {
          need(lh);
          text(line, LEFT + (b.ind ?? 0), y, size, b.b);
          y -= size * 1.38;
        }
        y -= 4;
        break;
      }
      case 'small': {
        for (const line of wrap(b.t, fo.reg, 7, RIGHT - LEFT)) {
          need(9);
          text(line, LEFT, y, 7);
          y -= 9;
        }
        y -= 4;
        break;
      }
      case 'kv': {
        const x0 = LEFT + (b.ind ?? 0);
        const vx = b.vx ?? (f.font === 'courier' ? 470 : 440);
        b.rows.forEach(([k, v], i) => {
          need(lh);
          const bold = b.bold?.includes(i) ?? false;
          text(k, x0, y, base, bold);
          rtext(v, vx, y, base, bold);
          y -= lh;
        });
        y -= 4;
        break;
      }
      case 'tab': {
        const xs: number[] = [];
        let acc = LEFT;
        for (const w of b.w) {
          xs.push(acc);
          acc += w;
        }
        const row = (cells: string[], bold: boolean) => {
          cells.forEach((s, i) => {
            const x = xs[i] ?? LEFT;
            if (b.al[i] === 'r') rtext(s, x + (b.w[i] ?? 0) - 4, y, base - 0.4, bold);
            else text(s, x, y, base - 0.4, bold);
          });
        };
        const head = () => {
          if (!b.head) return;
          row(b.head, true);
          if (b.ruled)
            page.drawLine({ start: { x: LEFT, y: y - 3 }, end: { x: acc, y: y - 3 }, thickness: 0.6 });
          y -= lh;
        };
        need(lh * 3);
        head();
        b.rows.forEach((cells, i) => {
          if (y - lh < BOTTOM) {
            newPage();
            if (b.cont) {
              text(b.cont, LEFT, y, base, true);
              y -= lh;
            }
            head();
          }
          row(cells, b.bold?.includes(i) ?? false);
          if (b.ruled)
            page.drawLine({ start: { x: LEFT, y: y - 3 }, end: { x: acc, y: y - 3 }, thickness: 0.2 });
          y -= lh;
        });
        y -= 6;
        break;
      }
      case 'gap':
        y -= b.h;
        break;
      case 'hr':
        page.drawLine({ start: { x: LEFT, y }, end: { x: RIGHT, y }, thickness: 0.5 });
        y -= 8;
        break;
      case 'two': {
        need(lh * Math.max(b.l.length, b.r.length));
        const n = Math.max(b.l.length, b.r.length);
        for (let i = 0; i < n; i++) {
          text(b.l[i] ?? '', LEFT, y, base - 1);
          text(b.r[i] ?? '', 320, y, base - 1);
          y -= lh - 1;
        }
        y -= 6;
        break;
      }
      case 'brk':
        newPage();
        break;
    }
  }
  pages.forEach((p, i) => {
    page = p;
    l.foot.forEach((s, k) => text(s, LEFT, 58 - k * 9, 7));
    page.drawLine({ start: { x: LEFT, y: 68 }, end: { x: RIGHT, y: 68 }, thickness: 0.3 });
    const label = l.pages === 'von' ? `Seite ${i + 1} von ${pages.length}` : `- ${i + 1} -`;
    if (l.pages === 'von' || pages.length > 1) rtext(label, RIGHT, 30, 7.5);
  });
  return doc.save();
}
