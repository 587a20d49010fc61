/**
 * The issuing municipality and its AGS, resolved inside the engine from the shipped
 * reference data (reference-data/gemeinden.tsv, derived from the server's gemeinden.csv:
 * Destatis GV100AD dl-de/by-2-0, postcodes © OpenStreetMap contributors ODbL):
 * a printed AGS, the name in the letterhead, the postcode and town of the sender's address,
 * and the postcodes on page 1 to tell namesakes apart.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { municipalitySearchKey } from '@gewst/domain';
import { type PageIndex, spanConfidence, spanRect } from './textindex.js';
import type { ExtractedField } from './types.js';

export interface MunicipalityEntry {
  ags: string;
  name: string;
  suffix: string;
  plz: string[];
  /** Latest published Gewerbesteuer-Hebesatz (percent), if known. */
  hebesatz?: number;
}

let index: {
  byAgs: Map<string, MunicipalityEntry>;
  byKey: Map<string, MunicipalityEntry[]>;
  byOcrKey: Map<string, MunicipalityEntry[]>;
} | null = null;

const keys = (name: string) => [
  ...new Set([municipalitySearchKey(name), municipalitySearchKey(name, 'ae')].filter(Boolean)),
];
/**
 * The search key with the usual OCR confusions folded (0/o, 1/l/i, rn/m, ii/ü, cl/d, é/e): a
 * name misread in a scan ("K0ln", "Miinchen", "Herrnhut" as "Hermhut") finds its entry; used only
 * when the exact key finds none.
 */
export const ocrKey = (name: string) =>
  municipalitySearchKey(name)
    .replaceAll('0', 'o')
    .replace(/[1!|]/g, 'l')
    .replaceAll('rn', 'm')
    .replaceAll('ii', 'u')
    .replaceAll('cl', 'd')
    .replaceAll('i', 'l');

/** The reference data, loaded once per process (about 10,750 municipalities). */
export function municipalityIndex() {
  if (index) return index;
  // Seen from the source (packages/extraction/src) or from the server's bundle (apps/server/dist).
  const file =
    ['../reference-data', '../../../packages/extraction/reference-data']
      .map((dir) => path.resolve(import.meta.dirname, dir, 'gemeinden.tsv'))
      .find((f) => existsSync(f)) ?? path.resolve(import.meta.dirname, '../reference-data/gemeinden.tsv');
  const byAgs = new Map<string, MunicipalityEntry>();
  const byKey = new Map<string, MunicipalityEntry[]>();
  const byOcrKey = new Map<string, MunicipalityEntry[]>();
  for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
    const [ags, name, suffix = '', plz = '', rate = ''] = line.split('\t');
    if (!ags || !name) continue;
    const e: MunicipalityEntry = { ags, name, suffix, plz: plz.split(' ').filter(Boolean) };
    if (rate) e.hebesatz = Number(rate);
    byAgs.set(ags, e);
    for (const k of keys(name)) byKey.set(k, [...(byKey.get(k) ?? []), e]);
    const o = ocrKey(name);
    if (o.length >= 4) byOcrKey.set(o, [...(byOcrKey.get(o) ?? []), e]);
  }
  index = { byAgs, byKey, byOcrKey };
  return index;
}

/** Prefixes printed before a municipality's name. */
const PREFIX =
  /^(?:der\s+|die\s+|des\s+)?(?:magistrat\s+der\s+|der\s+bürgermeister\s+der\s+|der\s+oberbürgermeister\s+der\s+)?(?:landeshauptstadt|hansestadt|universitätsstadt|kreisstadt|große\s+kreisstadt|stadtverwaltung|gemeindeverwaltung|verbandsgemeinde|marktgemeinde|stadt|gemeinde|markt|flecken)\s+/iu;

/** Entries whose name is `printed` (with or without prefix and suffix). */
export function municipalitiesNamed(printed: string): MunicipalityEntry[] {
  const ix = municipalityIndex();
  const whole = printed.trim().replace(/\s*-\s+/gu, '-');
  const bare = whole.replace(PREFIX, '');
  const base = bare.replace(/\s*[-–,].*$/u, '');
  for (const cand of [whole, bare, base]) {
    for (const k of keys(cand)) {
      const hit = ix.byKey.get(k);
      if (hit?.length) return hit;
    }
  }
  // The prefix belongs to some names ("Markt Indersdorf", "Stadt Wehlen"): printed without it,
  // or cut off with the prefix by the letterhead reader.
  for (const word of ['Markt', 'Stadt']) {
    const hit = (ix.byKey.get(keys(`${word} ${bare}`)[0]!) ?? []).filter((e) =>
      e.name.startsWith(`${word} `),
    );
    if (hit.length) return hit;
  }
  const o = ocrKey(bare);
  return o.length >= 4 ? (ix.byOcrKey.get(o) ?? []) : [];
}

/** The name in the reference data's spelling when `printed` names that entry, else null. */
export function referenceSpelling(printed: string, entry: MunicipalityEntry): string | null {
  return municipalitiesNamed(printed).some((e) => e.ags === entry.ags) ? entry.name : null;
}

/** The AGS of a name when the reference data know exactly one municipality of that name. */
export function agsOfName(printed: string): string | null {
  const hits = municipalitiesNamed(printed);
  return hits.length === 1 ? hits[0]!.ags : null;
}

export interface ResolvedSender {
  entry: MunicipalityEntry;
  via: 'ags' | 'name' | 'name+plz' | 'name+hebesatz' | 'plz+ort';
  confidence: number;
  /** The letterhead name as resolved (joined across a hyphenated line break). */
  printed?: string;
}

/** "12345 Town" pairs on page 1, in reading order, with their position. */
function postcodeTowns(ix: PageIndex) {
  const out: { plz: string; town: string; start: number; end: number }[] = [];
  const re =
    /(?<!\d)(\d{5})\s+(\p{Lu}[\p{L}01.'-]*(?:[ ](?:am|an der|an|im|in der|in|ob der|bei|vor der|\/|\(|[\p{Lu}(])[\p{L}.()'/-]*)*)/gu;
  for (const m of ix.text.matchAll(re)) {
    const start = m.index ?? 0;
    out.push({ plz: m[1]!, town: m[2]!, start, end: start + m[0].length });
  }
  return out;
}

/**
 * Resolves the issuing municipality of a notice: a printed AGS that exists; else the name
 * from the letterhead (`printedName`), where several municipalities share the name the one
 * whose postcode appears on page 1; else the first "postcode town" pair of page 1 that the
 * reference data confirm (postcode belongs to a municipality of that name).
 */
export function resolveSender(
  first: PageIndex | undefined,
  printedName: string | null,
  printedAgs: string | null,
  printedHebesatz: number | null = null,
): ResolvedSender | null {
  const ix = municipalityIndex();
  if (printedAgs && ix.byAgs.has(printedAgs))
    return { entry: ix.byAgs.get(printedAgs)!, via: 'ags', confidence: 0.95 };
  const pairs = first ? postcodeTowns(first) : [];
  const plzOnPage = new Set(pairs.map((p) => p.plz));
  // A letterhead name broken at its hyphen ("Oberhausen-" / "Rheinhausen"): the next word too.
  if (printedName?.endsWith('-') && first) {
    const esc = printedName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const next = new RegExp(`${esc}\\s*\\n\\s*(\\p{L}[\\p{L}.()'-]*)`, 'iu').exec(first.text)?.[1];
    if (next) printedName = `${printedName}${next}`;
  }
  if (printedName) {
    const named = municipalitiesNamed(printedName);
    const withPlz = named.filter((e) => e.plz.some((p) => plzOnPage.has(p)));
    const printed = printedName;
    if (withPlz.length === 1) return { entry: withPlz[0]!, via: 'name+plz', confidence: 0.95, printed };
    if (named.length === 1) return { entry: named[0]!, via: 'name', confidence: 0.85, printed };
    // Namesakes sharing a postcode (villages of one Amt): the one whose published Hebesatz is
    // the one the notice applies.
    const sameRate = (withPlz.length > 1 ? withPlz : named).filter(
      (e) => printedHebesatz !== null && e.hebesatz === printedHebesatz,
    );
    if (sameRate.length === 1) return { entry: sameRate[0]!, via: 'name+hebesatz', confidence: 0.8, printed };
  }
  for (const p of pairs) {
    const hit = municipalitiesNamed(p.town).filter((e) => e.plz.includes(p.plz));
    if (hit.length === 1) return { entry: hit[0]!, via: 'plz+ort', confidence: 0.8 };
  }
  return null;
}

/** The field of a resolved municipality, placed where its name or address stands. */
export function senderFields(
  first: PageIndex | undefined,
  resolved: ResolvedSender,
  gemeinde: ExtractedField | undefined,
): { ags: ExtractedField; gemeinde: ExtractedField | null } {
  let place: { page: number; rect: [number, number, number, number]; conf: number } | null = gemeinde
    ? { page: gemeinde.page, rect: gemeinde.rect, conf: gemeinde.confidence }
    : null;
  if (!place && first) {
    const pair = postcodeTowns(first).find((p) => resolved.entry.plz.includes(p.plz));
    if (pair)
      place = {
        page: first.page.page,
        rect: spanRect(first, pair.start, pair.end),
        conf: spanConfidence(first, pair.start, pair.end),
      };
  }
  const page = place?.page ?? 1;
  const rect = place?.rect ?? [0, 0, 0, 0];
  const conf = Math.round(Math.min(resolved.confidence, place?.conf ?? 0.6) * 100) / 100;
  // A printed name that names the entry in another spelling (capitals, "a. d." for "a.d.", the
  // prefix "Markt" left out, a hyphen at a line break): the reference data's spelling.
  const printed = resolved.printed ?? (typeof gemeinde?.value === 'string' ? gemeinde.value : null);
  const spelled = printed !== null ? referenceSpelling(printed, resolved.entry) : null;
  // A printed "name" the reference data know as no municipality at all (a department word such as
  // "Stadtkämmerei", a phrase of running text) gives way to the municipality the notice resolved to.
  const unknown = printed !== null && spelled === null && municipalitiesNamed(printed).length === 0;
  return {
    ags: { value: resolved.entry.ags, confidence: conf, page, rect },
    gemeinde: gemeinde
      ? spelled !== null && spelled !== gemeinde.value
        ? { ...gemeinde, value: spelled }
        : unknown
          ? { ...gemeinde, value: resolved.entry.name, confidence: Math.round(conf * 0.9 * 100) / 100 }
          : null
      : { value: resolved.entry.name, confidence: Math.round(conf * 0.9 * 100) / 100, page, rect },
  };
}
