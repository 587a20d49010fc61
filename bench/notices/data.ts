/** Reproducible notice data: PRNG, municipalities, IBANs and the figures of each notice. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { municipalitySearchKey } from '@gewst/domain';

export type Rng = () => number;

/** mulberry32: small, fast, seeded. */
export function rng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
export const int = (r: Rng, min: number, max: number) => min + Math.floor(r() * (max - min + 1));
export function pick<T>(r: Rng, xs: readonly T[]): T {
  const x = xs[Math.floor(r() * xs.length)];
  if (x === undefined) throw new Error('pick from empty list');
  return x;
}

export interface Municipality {
  ags: string;
  /** Name as used in running text, e.g. "Köln". */
  name: string;
  /** "Stadt", "Landeshauptstadt", "Gemeinde", "Markt", ... */
  kind: string;
  land: string;
  plz: string;
  hebesatz: number;
}

const BUILT_IN: Municipality[] = [
  ['05315000', 'Köln', 'Stadt', 'Nordrhein-Westfalen', '50667', 475],
  ['09162000', 'München', 'Landeshauptstadt', 'Bayern', '80331', 490],
  ['06412000', 'Frankfurt am Main', 'Stadt', 'Hessen', '60311', 460],
  ['07111000', 'Koblenz', 'Stadt', 'Rheinland-Pfalz', '56068', 420],
  ['07211000', 'Trier', 'Stadt', 'Rheinland-Pfalz', '54290', 420],
  ['08111000', 'Stuttgart', 'Landeshauptstadt', 'Baden-Württemberg', '70173', 420],
  ['03241001', 'Hannover', 'Landeshauptstadt', 'Niedersachsen', '30159', 480],
  ['14612000', 'Dresden', 'Landeshauptstadt', 'Sachsen', '01067', 450],
  ['09184119', 'Unterföhring', 'Gemeinde', 'Bayern', '85774', 336],
  ['05117000', 'Mülheim an der Ruhr', 'Stadt', 'Nordrhein-Westfalen', '45468', 580],
  ['01003000', 'Lübeck', 'Hansestadt', 'Schleswig-Holstein', '23552', 450],
  ['09564000', 'Nürnberg', 'Stadt', 'Bayern', '90402', 467],
].map(([ags, name, kind, land, plz, hebesatz]) => ({
  ags: String(ags),
  name: String(name),
  kind: String(kind),
  land: String(land),
  plz: String(plz),
  hebesatz: Number(hebesatz),
}));

function parseCsvLine(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (ch === ',' && !quoted) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

/**
 * The reference data shipped with the server (gemeinden.csv, hebesaetze.csv): part of the
 * repository, so the corpus is the same in a fresh clone (no ../shared needed).
 */
export const REFERENCE_DATA_DIR = path.resolve(import.meta.dirname, '../../apps/server/reference-data');

/** Municipalities from the reference data; the built-in list only when a given dataDir lacks the files. */
export function loadMunicipalities(dataDir = REFERENCE_DATA_DIR) {
  const g = path.join(dataDir, 'gemeinden.csv');
  const h = path.join(dataDir, 'hebesaetze.csv');
  if (!existsSync(g) || !existsSync(h)) return BUILT_IN;
  const rates = new Map<string, number>();
  for (const line of readFileSync(h, 'utf8').split(/\r?\n/).slice(1)) {
    const [ags, , rate] = parseCsvLine(line);
    if (ags && rate && Number(rate) >= 200) rates.set(ags, Number(rate));
  }
  const list: Municipality[] = [];
  for (const line of readFileSync(g, 'utf8').split(/\r?\n/).slice(1)) {
    const [ags, full, land, plzs] = parseCsvLine(line);
    if (!ags || !full || !land) continue;
    const hebesatz = rates.get(ags);
    if (!hebesatz) continue;
    const [name = full, kindRaw] = full.split(/,\s*/);
    // Keep names that print cleanly in WinAnsi standard fonts.
    if (!/^[\p{L}\d .()\-/]+$/u.test(name) || name.length > 28) continue;
    const kind = !kindRaw
      ? 'Gemeinde'
      : kindRaw === 'M' || kindRaw.startsWith('Markt')
        ? 'Markt'
        : /^(Landeshauptstadt|Hansestadt|Flecken|Kreisstadt|Universitätsstadt)$/.test(kindRaw)
          ? kindRaw
          : /stadt|^St$/i.test(kindRaw)
            ? 'Stadt'
            : 'Gemeinde';
    list.push({
      ags,
      name,
      kind: kind.length > 18 ? 'Stadt' : kind,
      land,
      plz: (plzs ?? '').split(' ')[0] ?? '',
      hebesatz,
    });
  }
  return list.length > 50 ? list : BUILT_IN;
}

/** A German IBAN with a valid mod-97 checksum. */
export function makeIban(r: Rng): string {
  const blz = String(int(r, 10000000, 89999999));
  const konto = String(int(r, 0, 9999999999)).padStart(10, '0');
  const bban = blz + konto;
  const numeric = `${bban}131400`; // "DE00" moved to the end: D=13, E=14
  let rest = 0;
  for (const d of numeric) rest = (rest * 10 + Number(d)) % 97;
  return `DE${String(98 - rest).padStart(2, '0')}${bban}`;
}

export const BANKS = [
  ['Sparkasse', 'SPKR'],
  ['Stadtsparkasse', 'SSKM'],
  ['Volksbank', 'GENO'],
  ['Commerzbank', 'COBA'],
  ['Deutsche Bank', 'DEUT'],
  ['Landesbank', 'HELA'],
] as const;

export function makeBic(r: Rng, prefix: string): string {
  const loc = pick(r, ['DED1', 'DEFF', 'DEMM', 'DEHH', 'DEM1', 'DEK1']);
  const code = `${prefix}${loc}`.padEnd(8, 'X').slice(0, 8);
  return r() < 0.5 ? `${code}XXX` : code;
}

export const COMPANIES = [
  'Müller Maschinenbau GmbH',
  'Schäfer & Söhne KG',
  'Brückner Logistik AG',
  'Weiß Immobilien GmbH & Co. KG',
  'Hoffmann Elektrotechnik e.K.',
  'Grünwald Software GmbH',
  'Bäckerei Köhler OHG',
  'Nordlicht Windpark GmbH & Co. KG',
];
export const STREETS = [
  'Hauptstraße',
  'Bahnhofstraße',
  'Industriestraße',
  'Am Markt',
  'Gartenweg',
  'Lindenallee',
];

export const pad2 = (n: number) => String(n).padStart(2, '0');
export const isoDate = (y: number, m: number, d: number) => `${y}-${pad2(m)}-${pad2(d)}`;
export const money = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${pad2(Math.abs(cents) % 100)}`;

let nameCounts: Map<string, number> | null = null;
/**
 * True when exactly one municipality of the reference data has this name: an extraction can
 * resolve the AGS of a name printed without postcode (a Zerlegung table row) only then.
 */
export function isUniqueName(name: string, dataDir = REFERENCE_DATA_DIR): boolean {
  if (!nameCounts) {
    nameCounts = new Map();
    const g = path.join(dataDir, 'gemeinden.csv');
    if (existsSync(g)) {
      for (const line of readFileSync(g, 'utf8').split(/\r?\n/).slice(1)) {
        const [, full] = parseCsvLine(line);
        if (!full) continue;
        const key = municipalitySearchKey(full);
        nameCounts.set(key, (nameCounts.get(key) ?? 0) + 1);
      }
    }
  }
  return nameCounts.get(municipalitySearchKey(name)) === 1;
}

let namesakeIndex: Map<string, { ags: string; land: string; plz: string[] }[]> | null = null;
/**
 * Whether a printed postcode or Land identifies a municipality among its namesakes (the
 * municipalities of the reference data with the same name): exactly one of them has the
 * postcode, or lies in the Land. A Zerlegung row's AGS is part of the truth only where the
 * notice decides it (printed AGS, unique name, or this).
 */
export function identifiedBy(
  name: string,
  by: { plz?: string; land?: string },
  dataDir = REFERENCE_DATA_DIR,
): boolean {
  if (!namesakeIndex) {
    namesakeIndex = new Map();
    const g = path.join(dataDir, 'gemeinden.csv');
    if (existsSync(g)) {
      for (const line of readFileSync(g, 'utf8').split(/\r?\n/).slice(1)) {
        const [ags, full, land, plzs] = parseCsvLine(line);
        if (!ags || !full) continue;
        const key = municipalitySearchKey(full);
        const list = namesakeIndex.get(key) ?? [];
        list.push({ ags, land: land ?? '', plz: (plzs ?? '').split(' ').filter(Boolean) });
        namesakeIndex.set(key, list);
      }
    }
  }
  const all = namesakeIndex.get(municipalitySearchKey(name)) ?? [];
  const hits = all.filter(
    (e) => (by.plz === undefined || e.plz.includes(by.plz)) && (by.land === undefined || e.land === by.land),
  );
  return hits.length === 1;
}
