/** The figures of one notice and its ground truth (canonical field values). */
import { DOCUMENT_TYPES, type DocumentType } from '@gewst/domain';
import {
  BANKS,
  COMPANIES,
  int,
  isUniqueName,
  isoDate,
  type Municipality,
  makeBic,
  makeIban,
  money,
  pick,
  type Rng,
  STREETS,
} from './data.js';

/** The one document vocabulary (packages/domain). */
export const TYPES = DOCUMENT_TYPES;
export type NoticeType = DocumentType;

export interface Vz {
  jahr: number;
  quartal: number;
  betrag: number; // cents
  faellig_am: string;
}

export interface NoticeData {
  type: NoticeType;
  gemeinde: Municipality;
  finanzamt: string;
  company: string;
  street: string;
  datum: string;
  ez: number;
  kassenzeichen: string;
  steuernummer: string;
  showSteuernummer: boolean;
  iban: string;
  bic: string;
  bank: string;
  mb: number; // euros (integer)
  hebesatz: number;
  tax: number; // cents
  bisher: number; // cents
  faellig: string;
  zinsen?: { von: string; bis: string; betrag: number; basis: number; monate: number };
  vz: Vz[];
  vzYear: number;
  zerlegt: boolean;
  gewerbeertrag: number; // cents
  freibetrag: number; // cents
  zerlegung: { gemeinde: Municipality; lohn: number; anteil: number }[];
  rueckstand: number;
  saeumnis: number;
  mahngebuehr: number;
  urspruenglichFaellig: string;
  sonstigesKind: number;
}

export const addDays = (iso: string, days: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const QUARTER_MONTH = [2, 5, 8, 11];

function vzList(year: number, fromQuarter: number, tax: number): Vz[] {
  const q = Math.floor(tax / 400) * 100; // floor(tax / 4) in full euros
  if (q < 5000) return [];
  const out: Vz[] = [];
  for (let i = fromQuarter; i <= 4; i++) {
    out.push({ jahr: year, quartal: i, betrag: q, faellig_am: isoDate(year, QUARTER_MONTH[i - 1] ?? 2, 15) });
  }
  return out;
}

/**
 * The letters print with pdf-lib's standard fonts, which encode WinAnsi only: a municipality
 * whose name has a letter outside it (Sorbian "ń", Polish "ł" in the reference data) cannot be
 * printed. Such a draw is drawn again, so every notice that printed before draws exactly as
 * before (the classic corpus and the blind parts stay byte for byte the same).
 */
const WIN_ANSI = /^[\u0020-\u007e\u00a0-\u00ff\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u2013\u2014]*$/u;
export const printable = (name: string) => WIN_ANSI.test(name);
function pickPrintable(r: Rng, municipalities: readonly Municipality[]): Municipality {
  for (;;) {
    const m = pick(r, municipalities);
    if (printable(m.name)) return m;
  }
}

export function makeNotice(r: Rng, type: NoticeType, municipalities: readonly Municipality[]): NoticeData {
  const gemeinde = pickPrintable(r, municipalities);
  const ez = int(r, 2016, 2023);
  const dy = ez + int(r, 1, 2);
  const datum = isoDate(dy, int(r, 1, 12), int(r, 1, 28));
  const [bank, bicPrefix] = pick(r, BANKS);
  const mb = type !== 'vorauszahlungsbescheid' && int(r, 0, 3) === 0 ? int(r, 20, 400) : int(r, 400, 25000);
  const hebesatz = gemeinde.hebesatz;
  const tax = mb * hebesatz;
  const first = r() < 0.3;
  const prior = Math.floor((tax * (0.6 + r() * 0.8)) / 400) * 400;
  const bisher = first ? 0 : prior;
  const month = Number(datum.slice(5, 7));
  const vzFrom = month <= 1 ? 1 : month <= 4 ? 2 : month <= 7 ? 3 : month <= 10 ? 4 : 5;
  const vzYear = vzFrom === 5 ? dy + 1 : dy;
  const gewerbeertrag = int(r, 30000, 900000) * 100 + int(r, 0, 99);
  const natural = r() < 0.5;
  const rounded = Math.floor(gewerbeertrag / 10000) * 10000;
  const freibetrag = natural ? Math.min(2450000, rounded) : 0;
  const messMb = Math.floor(((rounded - freibetrag) * 0.035) / 100);
  let zinsen: NoticeData['zinsen'];
  const diff = tax - bisher;
  const faellig = addDays(datum, int(r, 30, 35));
  if (type === 'zinsbescheid' || (type === 'gewst_bescheid' && diff > 0 && r() < 0.6)) {
    const von = isoDate(ez + 2, 4, 1);
    const bis = addDays(datum, 3);
    const months = Math.max(1, Math.floor((Date.parse(bis) - Date.parse(von)) / (30.44 * 864e5)));
    const basis = Math.max(5000, Math.floor(Math.abs(diff || tax) / 5000) * 5000);
    const betrag = Math.max(10, Math.floor((basis / 100) * 0.0015 * months)) * 100;
    zinsen = { von, bis, betrag, basis, monate: months };
  }
  const n = int(r, 2, 4);
  const zerl: NoticeData['zerlegung'] = [];
  const used = new Set<string>();
  while (zerl.length < n) {
    const g = zerl.length === 0 ? gemeinde : pickPrintable(r, municipalities);
    if (used.has(g.ags)) continue;
    used.add(g.ags);
    zerl.push({ gemeinde: g, lohn: int(r, 20, 4000) * 1000_00, anteil: 0 });
  }
  // Shares in cents by largest remainder, summing to the MB exactly.
  const total = zerl.reduce((s, z) => s + z.lohn, 0);
  const mbCents = (type === 'messbescheid' || type === 'zerlegungsbescheid' ? messMb : mb) * 100;
  const raw = zerl.map((z) => (mbCents * z.lohn) / total);
  zerl.forEach((z, i) => {
    z.anteil = Math.floor(raw[i] ?? 0);
  });
  let rest = mbCents - zerl.reduce((s, z) => s + z.anteil, 0);
  const order = raw.map((v, i) => [v - Math.floor(v), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) {
    if (rest <= 0) break;
    const z = zerl[i];
    if (z) z.anteil += 1;
    rest--;
  }
  const rueckstand = int(r, 200, 60000) * 100 + (r() < 0.5 ? 0 : int(r, 1, 99));
  const started = int(r, 1, 5);
  const saeumnis = Math.floor(rueckstand / 5000) * 50 * started;
  return {
    type,
    gemeinde,
    finanzamt: pickPrintable(r, municipalities).name,
    company: pick(r, COMPANIES),
    street: `${pick(r, STREETS)} ${int(r, 1, 120)}`,
    datum,
    ez: type === 'vorauszahlungsbescheid' ? vzYear : ez,
    kassenzeichen: pick(r, [
      () => `${int(r, 1000, 9999)}.${int(r, 1000, 9999)}.${int(r, 100, 999)}`,
      () => `${int(r, 10, 99)}-${int(r, 100000, 999999)}-${int(r, 1, 9)}`,
      () => `${int(r, 4000000, 4999999)}${int(r, 100, 999)}`,
      () => `GW/${int(r, 10000, 99999)}/${int(r, 10, 99)}`,
    ])(),
    steuernummer: `${int(r, 10, 299)}/${int(r, 100, 999)}/${int(r, 10000, 99999)}`,
    showSteuernummer: type === 'messbescheid' || type === 'zerlegungsbescheid' || r() < 0.5,
    iban: makeIban(r),
    bic: makeBic(r, bicPrefix),
    bank: `${bank} ${gemeinde.name}`.slice(0, 40),
    mb: type === 'messbescheid' ? messMb : mb,
    hebesatz,
    tax,
    bisher,
    faellig,
    zinsen,
    vz:
      type === 'vorauszahlungsbescheid'
        ? vzList(vzYear, r() < 0.6 ? 1 : int(r, 2, 4), tax)
        : vzList(vzYear, vzFrom === 5 ? 1 : vzFrom, tax),
    vzYear,
    zerlegt: r() < 0.25,
    gewerbeertrag,
    freibetrag,
    zerlegung: zerl,
    rueckstand,
    saeumnis,
    mahngebuehr: int(r, 5, 25) * 100,
    urspruenglichFaellig: isoDate(ez + 1, pick(r, QUARTER_MONTH), 15),
    sonstigesKind: int(r, 0, 3),
  };
}

/** Canonical ground truth of a notice: what an ideal extraction returns. */
export function truth(n: NoticeData, printsAgs: boolean): Record<string, unknown> {
  const t: Record<string, unknown> = { erhebungszeitraum: n.ez, bescheid_datum: n.datum };
  const municipal = ['gewst_bescheid', 'vorauszahlungsbescheid', 'zinsbescheid', 'mahnung'].includes(n.type);
  if (municipal) {
    t.gemeinde = n.gemeinde.name;
    if (printsAgs) t.ags = n.gemeinde.ags;
    t.kassenzeichen = n.kassenzeichen;
    t.iban = n.iban;
    t.bic = n.bic;
  }
  if (n.showSteuernummer && n.type !== 'sonstiges') t.steuernummer = n.steuernummer;
  const vz = n.vz.map((v) => ({ ...v, betrag: money(v.betrag) }));
  switch (n.type) {
    case 'gewst_bescheid':
      Object.assign(t, {
        messbetrag: money(n.mb * 100),
        hebesatz: n.hebesatz,
        festgesetzte_steuer: money(n.tax),
        bisher_festgesetzt: money(n.bisher),
        abrechnung: money(n.tax - n.bisher),
      });
      if (n.tax - n.bisher > 0) t.faellig_am = n.faellig;
      if (vz.length) t.vorauszahlungen = vz;
      if (n.zinsen) Object.assign(t, zinsTruth(n));
      break;
    case 'vorauszahlungsbescheid':
      Object.assign(t, { messbetrag: money(n.mb * 100), hebesatz: n.hebesatz, vorauszahlungen: vz });
      break;
    case 'zinsbescheid':
      Object.assign(t, zinsTruth(n), { faellig_am: n.faellig });
      break;
    case 'messbescheid':
      Object.assign(t, {
        gewerbeertrag: money(n.gewerbeertrag),
        freibetrag: money(n.freibetrag),
        messbetrag: money(n.mb * 100),
      });
      break;
    case 'zerlegungsbescheid':
      t.zerlegungsanteile = n.zerlegung.map((z) => ({
        gemeinde: z.gemeinde.name,
        // Printed, or resolvable from the name alone (no namesake in the reference data).
        ags: printsAgs || isUniqueName(z.gemeinde.name) ? z.gemeinde.ags : null,
        anteil: money(z.anteil),
      }));
      break;
    case 'mahnung':
      Object.assign(t, {
        rueckstand: money(n.rueckstand),
        saeumniszuschlag: money(n.saeumnis),
        faellig_am: n.faellig,
      });
      break;
    case 'sonstiges':
      break;
  }
  return t;
}

function zinsTruth(n: NoticeData) {
  const z = n.zinsen!;
  return { zinsen: money(z.betrag), zinsen_von: z.von, zinsen_bis: z.bis };
}
