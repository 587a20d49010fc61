/**
 * Corpus generator: notices of every type in every layout, as text PDF and as scan, with the
 * ground truth beside each.
 *   node --import tsx bench/notices/generate.ts [--count N] [--out dir] [--seed S] [--no-scans]
 * --count N: notices per (type, layout) pair (default 1).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildLetter } from './content.js';
import { BLIND_POOLS } from './pools-blind.js';
import { BLIND2_POOLS } from './pools-blind2.js';
import { BLIND3_FAMILIES, buildBlind3Letter } from './pools-blind3.js';
import { BLIND4_FAMILIES, buildBlind4Letter, fixBlind4Data, renderBlind4 } from './pools-blind4.js';
import { BLIND5_FAMILIES, buildBlind5Letter, fixBlind5Data, renderBlind5 } from './pools-blind5.js';
import { BLIND6_FAMILIES, buildBlind6Letter, fixBlind6Data, renderBlind6 } from './pools-blind6.js';
import { BLIND7_FAMILIES, buildBlind7Letter, fixBlind7Data, renderBlind7 } from './pools-blind7.js';
import { BLIND8_FAMILIES, buildBlind8Letter, fixBlind8Data, renderBlind8 } from './pools-blind8.js';
import { DEV_POOLS } from './pools-dev.js';
import { buildDev2Letter, DEV2_FAMILIES, dev2Truth, fixDev2Data, renderDev2 } from './pools-dev2.js';
import { buildDev3Letter, DEV3_FAMILIES, dev3Truth, fixDev3Data, renderDev3 } from './pools-dev3.js';
import { buildDev4Letter, DEV4_FAMILIES, dev4Truth, fixDev4Data, renderDev4 } from './pools-dev4.js';
import { buildDev5Letter, DEV5_FAMILIES, dev5Truth, fixDev5Data, renderDev5 } from './pools-dev5.js';
import { drawStyle, type Part, type Pools } from './pools.js';
import { buildPooledLetter } from './pooled.js';
import { loadMunicipalities, type Municipality, rng } from './data.js';
import { LAYOUTS, type Layout } from './layouts.js';
import { makeNotice, type NoticeType, TYPES, truth } from './notice.js';
import { renderLetter } from './render.js';
import { type ScanProfile, scanOptionsFor, scanPdf } from './scan.js';

export interface GeneratedNotice {
  id: string;
  type: NoticeType;
  layout: string;
  pdf: Uint8Array;
  truth: Record<string, unknown>;
}

let cachedMunicipalities: Municipality[] | null = null;
const municipalities = () => (cachedMunicipalities ??= loadMunicipalities());
/** The pooled notices print with the standard fonts (WinAnsi): names outside Latin-1 are left out. */
let cachedLatin1: Municipality[] | null = null;
const latin1Municipalities = () =>
  (cachedLatin1 ??= municipalities().filter((m) => /^[\u0020-\u00ff]+$/u.test(m.name)));

/** One notice, reproducible from (seed, type, layout). */
export async function generateNotice(
  seed: number,
  type: NoticeType,
  layout: Layout | string,
): Promise<GeneratedNotice> {
  const l =
    typeof layout === 'string' ? LAYOUTS.find((x) => x.id === layout || x.id.startsWith(layout)) : layout;
  if (!l) throw new Error(`unknown layout ${String(layout)}`);
  const r = rng(seed * 7919 + TYPES.indexOf(type) * 131 + LAYOUTS.indexOf(l) * 17);
  const data = makeNotice(r, type, municipalities());
  const pdf = await renderLetter(buildLetter(data, l), l);
  return {
    id: `${l.id.slice(0, 2)}-${type}-${seed}`,
    type,
    layout: l.id,
    pdf,
    truth: truth(data, l.printsAgs),
  };
}

/** The scanned variant of a generated notice. */
export async function scanNotice(
  n: GeneratedNotice,
  seed: number,
  profile: ScanProfile = 'default',
): Promise<Uint8Array> {
  const r = rng(seed * 104729 + n.id.length * 31 + n.pdf.length);
  return scanPdf(n.pdf, scanOptionsFor(profile, r), r);
}

export const POOLS: Record<
  Exclude<
    Part,
    'dev2' | 'dev3' | 'dev4' | 'dev5' | 'blind3' | 'blind4' | 'blind5' | 'blind6' | 'blind7' | 'blind8'
  >,
  Pools
> = {
  dev: DEV_POOLS,
  blind: BLIND_POOLS,
  blind2: BLIND2_POOLS,
};

/**
 * One notice of a part (dev or blind), reproducible from (part, seed, type, family, index):
 * figures from makeNotice, every wording, format and structure drawn from that part's pools.
 * The truth carries the AGS of every municipality (an ideal extraction resolves it from the
 * reference data), whether or not the notice prints it.
 */
export async function generatePooledNotice(
  part: Part,
  seed: number,
  type: NoticeType,
  familyIndex: number,
  index = 0,
): Promise<
  GeneratedNotice & {
    part: Part;
    styles: {
      vz: string;
      ez: string;
      zinsNotice?: string;
      rate?: string;
      letter?: string;
      due?: string;
      zerlegung?: string;
      sonstiges?: string;
      mahn?: string;
    };
  }
> {
  if (part === 'blind3') return generateBlind3Notice(seed, type, familyIndex, index);
  if (part === 'blind4') return generateBlind4Notice(seed, type, familyIndex, index);
  if (part === 'dev2') return generateDev2Notice(seed, type, familyIndex, index);
  if (part === 'blind5') return generateBlind5Notice(seed, type, familyIndex, index);
  if (part === 'blind6') return generateBlind6Notice(seed, type, familyIndex, index);
  if (part === 'blind7') return generateBlind7Notice(seed, type, familyIndex, index);
  if (part === 'blind8') return generateBlind8Notice(seed, type, familyIndex, index);
  if (part === 'dev3') return generateDev3Notice(seed, type, familyIndex, index);
  if (part === 'dev4') return generateDev4Notice(seed, type, familyIndex, index);
  if (part === 'dev5') return generateDev5Notice(seed, type, familyIndex, index);
  const pools = POOLS[part];
  const family = pools.families[familyIndex % pools.families.length]!;
  const salt = { dev: 1, blind: 2, blind2: 3 }[part];
  const r = rng(
    seed * 7919 + TYPES.indexOf(type) * 131 + familyIndex * 17 + index * 100_003 + salt * 7_654_321,
  );
  const data = makeNotice(r, type, latin1Municipalities());
  const style = drawStyle(pools, type, r, family);
  const oldVz = Math.floor((data.bisher * (0.5 + r())) / 400) * 100;
  // Development-only prepayment forms whose schedule differs from the classic one (the truth
  // follows what the notice prints): the following year's four quarters too, or due dates on a
  // weekend moved to the Monday after (DOMAIN.md § 3).
  if (style.vzStyle === 'multi-year' && data.vz.length) {
    const next = data.vzYear + 1;
    const q = data.vz[0]!.betrag;
    data.vz = [
      ...data.vz,
      ...[2, 5, 8, 11].map((mo, i) => ({
        jahr: next,
        quartal: i + 1,
        betrag: q,
        faellig_am: `${next}-${String(mo).padStart(2, '0')}-15`,
      })),
    ];
  }
  if (style.vzStyle === 'old-new-change')
    data.vz = data.vz.map((v) => ({ ...v, faellig_am: nextWorkingDay(v.faellig_am) }));
  const letter = buildPooledLetter(data, style, { oldVz, r });
  const pdf = await renderLetter(letter, family);
  // A Zerlegung row's AGS is in the truth where the notice prints it: the classic table of a
  // family that prints AGS, or a development form with an AGS column (the other development
  // forms print none, whatever the family; only development pools have these forms).
  const styledZerlegung = style.zerlegung !== undefined && style.zerlegung !== 'classic';
  const t = truth(
    data,
    styledZerlegung
      ? (['ags-first', 'lfd', 'quote-last', 'fa-list'] as (string | undefined)[]).includes(style.zerlegung)
      : family.printsAgs,
  );
  // The issuer's AGS is always resolvable (letterhead name and postcode), printed or not.
  if ('gemeinde' in t && type !== 'sonstiges') t.ags = data.gemeinde.ags;
  // A letter that is no notice may not print a year at all: then there is none to read.
  if (type === 'sonstiges' && !JSON.stringify(letter.blocks).includes(String(data.ez)))
    delete t.erhebungszeitraum;
  return {
    id: `${part}-${family.id.slice(0, 3)}-${type}-${seed}-${index}`,
    part,
    type,
    layout: family.id,
    pdf,
    truth: t,
    // Development-only forms drawn (styles.ts groups the development figures by them).
    styles: {
      vz: style.vzStyle ?? 'classic',
      ez: style.ezStyle ?? 'classic',
      zinsNotice: style.zinsNotice ?? 'classic',
      rate: style.rate ?? 'classic',
      letter: style.letter ?? 'classic',
      due: style.due ?? 'classic',
      zerlegung: style.zerlegung ?? 'classic',
      ...(style.sonstiges ? { sonstiges: style.sonstiges } : {}),
      ...(style.mahn ? { mahn: style.mahn } : {}),
    },
  };
}

/**
 * One notice of the third blind part (pools-blind3.ts, its own families and letter builder),
 * reproducible from (seed, type, family, index); figures and truth as in every other part.
 */
async function generateBlind3Notice(
  seed: number,
  type: NoticeType,
  familyIndex: number,
  index: number,
): Promise<GeneratedNotice & { part: Part; styles: { vz: string; ez: string } }> {
  const family = BLIND3_FAMILIES[familyIndex % BLIND3_FAMILIES.length]!;
  const r = rng(seed * 7919 + TYPES.indexOf(type) * 131 + familyIndex * 17 + index * 100_003 + 4 * 7_654_321);
  const data = makeNotice(r, type, latin1Municipalities());
  const letter = buildBlind3Letter(data, family, r);
  const pdf = await renderLetter(letter, family);
  const t = truth(data, family.printsAgs);
  if ('gemeinde' in t && type !== 'sonstiges') t.ags = data.gemeinde.ags;
  if (type === 'sonstiges' && !JSON.stringify(letter.blocks).includes(String(data.ez)))
    delete t.erhebungszeitraum;
  return {
    id: `blind3-${family.id}-${type}-${seed}-${index}`,
    part: 'blind3',
    type,
    layout: family.id,
    pdf,
    truth: t,
    // The development-only forms of styles.ts do not exist in blind3.
    styles: { vz: 'n/a', ez: 'n/a' },
  };
}

/**
 * One notice of the fourth blind part (pools-blind4.ts: its own families, letter model and
 * renderer), reproducible from (seed, type, family, index); figures and truth as in every other part.
 */
async function generateBlind4Notice(
  seed: number,
  type: NoticeType,
  familyIndex: number,
  index: number,
): Promise<GeneratedNotice & { part: Part; styles: { vz: string; ez: string } }> {
  const family = BLIND4_FAMILIES[familyIndex % BLIND4_FAMILIES.length]!;
  const r = rng(seed * 7919 + TYPES.indexOf(type) * 131 + familyIndex * 17 + index * 100_003 + 5 * 7_654_321);
  const data = makeNotice(r, type, latin1Municipalities());
  fixBlind4Data(data);
  const { letter, printsEz } = buildBlind4Letter(data, family, r);
  const pdf = await renderBlind4(letter, family);
  const t = truth(data, family.printsAgs);
  if ('gemeinde' in t && type !== 'sonstiges') t.ags = data.gemeinde.ags;
  if (type === 'sonstiges' && !printsEz) delete t.erhebungszeitraum;
  return {
    id: `blind4-${family.id}-${type}-${seed}-${index}`,
    part: 'blind4',
    type,
    layout: family.id,
    pdf,
    truth: t,
    styles: { vz: 'n/a', ez: 'n/a' },
  };
}

/**
 * One notice of the second development part (pools-dev2.ts: its own families, letter model and
 * renderer), reproducible from (seed, type, family, index); figures from makeNotice, with the
 * generator's caveats mended so that the truth is what the notice prints.
 */
async function generateDev2Notice(
  seed: number,
  type: NoticeType,
  familyIndex: number,
  index: number,
): Promise<GeneratedNotice & { part: Part; styles: { vz: string; ez: string } }> {
  const family = DEV2_FAMILIES[familyIndex % DEV2_FAMILIES.length]!;
  const r = rng(seed * 7919 + TYPES.indexOf(type) * 131 + familyIndex * 17 + index * 100_003 + 6 * 7_654_321);
  const data = makeNotice(r, type, latin1Municipalities());
  fixDev2Data(data, r);
  const { letter, printsEz } = buildDev2Letter(data, family, r, familyIndex);
  const pdf = await renderDev2(letter, family);
  return {
    id: `dev2-${family.id.slice(0, 3)}-${type}-${seed}-${index}`,
    part: 'dev2',
    type,
    layout: family.id,
    pdf,
    truth: dev2Truth(data, family, printsEz),
    styles: { vz: 'n/a', ez: 'n/a' },
  };
}

/**
 * One notice of the fifth blind part (pools-blind5.ts: its own families, letter model and
 * renderer), reproducible from (seed, type, family, index); figures and truth as in every other
 * part. Its own salt (7; dev2 uses 6): no blind5 notice shares its figures with a notice of another part.
 */
async function generateBlind5Notice(
  seed: number,
  type: NoticeType,
  familyIndex: number,
  index: number,
): Promise<GeneratedNotice & { part: Part; styles: { vz: string; ez: string } }> {
  const family = BLIND5_FAMILIES[familyIndex % BLIND5_FAMILIES.length]!;
  const r = rng(seed * 7919 + TYPES.indexOf(type) * 131 + familyIndex * 17 + index * 100_003 + 7 * 7_654_321);
  const data = makeNotice(r, type, latin1Municipalities());
  fixBlind5Data(data);
  const { letter, printsEz } = buildBlind5Letter(data, family, r);
  const pdf = await renderBlind5(letter, family);
  const t = truth(data, family.printsAgs);
  if ('gemeinde' in t && type !== 'sonstiges') t.ags = data.gemeinde.ags;
  if (type === 'sonstiges' && !printsEz) delete t.erhebungszeitraum;
  return {
    id: `blind5-${family.id}-${type}-${seed}-${index}`,
    part: 'blind5',
    type,
    layout: family.id,
    pdf,
    truth: t,
    styles: { vz: 'n/a', ez: 'n/a' },
  };
}

/**
 * One notice of the sixth blind part (pools-blind6.ts: its own families, letter model and
 * renderer, by another independent author), reproducible from (seed, type, family, index); figures
 * and truth as in every other part. Its own salt (9; dev2 uses 6, blind5 7, dev3 8): no blind6
 * notice shares its figures with a notice of another part.
 */
async function generateBlind6Notice(
  seed: number,
  type: NoticeType,
  familyIndex: number,
  index: number,
): Promise<GeneratedNotice & { part: Part; styles: { vz: string; ez: string } }> {
  const family = BLIND6_FAMILIES[familyIndex % BLIND6_FAMILIES.length]!;
  const r = rng(seed * 7919 + TYPES.indexOf(type) * 131 + familyIndex * 17 + index * 100_003 + 9 * 7_654_321);
  const data = makeNotice(r, type, latin1Municipalities());
  fixBlind6Data(data, r);
  const { letter, printsEz } = buildBlind6Letter(data, family, r);
  const pdf = await renderBlind6(letter, family);
  const t = truth(data, family.printsAgs);
  if ('gemeinde' in t && type !== 'sonstiges') t.ags = data.gemeinde.ags;
  if (type === 'sonstiges' && !printsEz) delete t.erhebungszeitraum;
  return {
    id: `blind6-${family.id}-${type}-${seed}-${index}`,
    part: 'blind6',
    type,
    layout: family.id,
    pdf,
    truth: t,
    styles: { vz: 'n/a', ez: 'n/a' },
  };
}

/**
 * One notice of the seventh blind part (pools-blind7.ts: its own families F70–F76, letter model and
 * renderer, by another independent author), reproducible from (seed, type, family, index); figures
 * and truth as in every other part. Its own salt (10): no blind7 notice shares its figures with a
 * notice of another part.
 */
async function generateBlind7Notice(
  seed: number,
  type: NoticeType,
  familyIndex: number,
  index: number,
): Promise<GeneratedNotice & { part: Part; styles: { vz: string; ez: string } }> {
  const family = BLIND7_FAMILIES[familyIndex % BLIND7_FAMILIES.length]!;
  const r = rng(
    10 * 7_654_321 + seed * 7919 + TYPES.indexOf(type) * 131 + familyIndex * 17 + index * 100_003,
  );
  const data = makeNotice(r, type, latin1Municipalities());
  fixBlind7Data(data, r, family, latin1Municipalities());
  const { letter, printsEz } = buildBlind7Letter(data, family, r);
  const pdf = await renderBlind7(letter, family);
  const t = truth(data, family.printsAgs);
  if ('gemeinde' in t && type !== 'sonstiges') t.ags = data.gemeinde.ags;
  if (type === 'sonstiges' && !printsEz) delete t.erhebungszeitraum;
  return {
    id: `blind7-${family.id.slice(0, 3)}-${type}-${seed}-${index}`,
    part: 'blind7',
    type,
    layout: family.id,
    pdf,
    truth: t,
    styles: { vz: 'n/a', ez: 'n/a' },
  };
}

/**
 * One notice of the eighth blind part (pools-blind8.ts: its own families F80–F87, letter model and
 * renderer, by another independent author), reproducible from (seed, type, family, index). Its own
 * salt (12): no blind8 notice shares its figures with a notice of another part.
 */
async function generateBlind8Notice(
  seed: number,
  type: NoticeType,
  familyIndex: number,
  index: number,
): Promise<GeneratedNotice & { part: Part; styles: { vz: string; ez: string } }> {
  const family = BLIND8_FAMILIES[familyIndex % BLIND8_FAMILIES.length]!;
  const r = rng(
    12 * 7_654_321 + seed * 7919 + TYPES.indexOf(type) * 131 + familyIndex * 17 + index * 100_003,
  );
  const data = makeNotice(r, type, latin1Municipalities());
  fixBlind8Data(data);
  const { letter, printsEz } = buildBlind8Letter(data, familyIndex, r);
  const pdf = await renderBlind8(letter, family);
  const t = truth(data, family.printsAgs);
  if ('gemeinde' in t && type !== 'sonstiges') t.ags = data.gemeinde.ags;
  if (type === 'sonstiges' && !printsEz) delete t.erhebungszeitraum;
  return {
    id: `blind8-${family.id.slice(0, 3)}-${type}-${seed}-${index}`,
    part: 'blind8',
    type,
    layout: family.id,
    pdf,
    truth: t,
    styles: { vz: 'n/a', ez: 'n/a' },
  };
}

/**
 * One notice of the third development part (pools-dev3.ts, an independent author: own families
 * E01–E08, letter model and renderer). Salt 8 (dev2 6, blind5 7, blind6 9): its figures are its own.
 */
async function generateDev3Notice(seed: number, type: NoticeType, fi: number, index: number) {
  const fam = DEV3_FAMILIES[fi % DEV3_FAMILIES.length]!;
  const salt = 8 * 7_654_321;
  const r = rng(salt + seed * 7919 + TYPES.indexOf(type) * 131 + fi * 17 + index * 100_003);
  const data = makeNotice(r, type, latin1Municipalities());
  const variant = fixDev3Data(data, fam, r);
  const built = buildDev3Letter(data, fam, variant, r);
  return {
    id: `dev3-${fam.id.slice(0, 3)}-${type}-${seed}-${index}`,
    part: 'dev3' as const,
    type,
    layout: fam.id,
    pdf: await renderDev3(built.letter, fam),
    truth: dev3Truth(data, variant, built),
    styles: { vz: 'n/a', ez: 'n/a' },
  };
}

/**
 * One notice of the fourth development part (pools-dev4.ts, an independent author: own families
 * G01–G08, letter model and renderer). Salt 11 (dev 1, blind 2, blind2 3, dev2 6, blind5 7, dev3 8,
 * blind6 9, blind7 10): its figures are its own.
 */
async function generateDev4Notice(seed: number, type: NoticeType, fi: number, index: number) {
  const fam = DEV4_FAMILIES[fi % DEV4_FAMILIES.length]!;
  const r = rng(11 * 7_654_321 + seed * 7919 + TYPES.indexOf(type) * 131 + fi * 17 + index * 100_003);
  const data = makeNotice(r, type, latin1Municipalities());
  const variant = fixDev4Data(data, fam, r);
  const built = buildDev4Letter(data, fam, variant, r);
  return {
    id: `dev4-${fam.id.slice(0, 3)}-${type}-${seed}-${index}`,
    part: 'dev4' as const,
    type,
    layout: fam.id,
    pdf: await renderDev4(built.letter, fam),
    truth: dev4Truth(data, fam, built.printsEz),
    styles: { vz: 'n/a', ez: 'n/a' },
  };
}

/**
 * One notice of the fifth development part (pools-dev5.ts, an independent author: own families
 * H01–H08, letter model and renderer). Salt 13: its figures are its own.
 */
export async function generateDev5Notice(seed: number, type: NoticeType, fi: number, index: number) {
  const fam = DEV5_FAMILIES[fi % DEV5_FAMILIES.length]!;
  const r = rng(13 * 7_654_321 + seed * 7919 + TYPES.indexOf(type) * 131 + fi * 17 + index * 100_003);
  const data = makeNotice(r, type, latin1Municipalities());
  const extra = fixDev5Data(data, fam, r, latin1Municipalities());
  const built = buildDev5Letter(data, fam, extra, r);
  return {
    id: `dev5-${fam.id.slice(0, 3)}-${type}-${seed}-${index}`,
    part: 'dev5' as const,
    type,
    layout: fam.id,
    pdf: await renderDev5(built.letter, fam),
    truth: dev5Truth(data, fam, built.printsEz),
    styles: { vz: 'n/a', ez: 'n/a' },
    data,
  };
}

export interface PooledEntry extends CorpusEntry {
  part: Part;
}

/** Notices of one part: `count` per (family, type); scans for every `scanEvery`-th notice (0 = none). */
export async function generatePooledCorpus(opts: {
  out: string;
  part: Part;
  count?: number;
  seed?: number;
  scanEvery?: number;
  families?: readonly string[];
  /** Scan profile (default: the gentle one the recorded figures use). */
  scanProfile?: ScanProfile;
}): Promise<PooledEntry[]> {
  const { out, part, count = 1, seed = 1, scanEvery = 0, scanProfile = 'default' } = opts;
  const dir = path.join(out, part);
  mkdirSync(dir, { recursive: true });
  const entries: PooledEntry[] = [];
  const families =
    part === 'blind3'
      ? BLIND3_FAMILIES
      : part === 'blind4'
        ? BLIND4_FAMILIES
        : part === 'dev2'
          ? DEV2_FAMILIES
          : part === 'blind5'
            ? BLIND5_FAMILIES
            : part === 'blind6'
              ? BLIND6_FAMILIES
              : part === 'blind7'
                ? BLIND7_FAMILIES
                : part === 'blind8'
                  ? BLIND8_FAMILIES
                  : part === 'dev3'
                    ? DEV3_FAMILIES
                    : part === 'dev4'
                      ? DEV4_FAMILIES
                      : part === 'dev5'
                        ? DEV5_FAMILIES
                        : POOLS[part].families;
  let k = 0;
  for (let i = 0; i < count; i++) {
    for (const [fi, fam] of families.entries()) {
      if (opts.families && !opts.families.some((f) => fam.id.startsWith(f))) continue;
      for (const type of TYPES) {
        const n = await generatePooledNotice(part, seed, type, fi, i);
        // Blind files get opaque names: nothing in a listing tells family or type.
        const prefix = {
          dev: '',
          dev2: '',
          dev3: '',
          dev4: '',
          dev5: '',
          blind: 'b',
          blind2: 'c',
          blind3: 'd',
          blind4: 'e',
          blind5: 'g',
          blind6: 'h',
          blind7: 'k',
          blind8: 'm',
        }[part];
        // Development parts (dev, dev2, dev3, dev4, dev5) are named by id: their files may be looked at.
        const name =
          part === 'dev' || part === 'dev2' || part === 'dev3' || part === 'dev4' || part === 'dev5'
            ? n.id
            : `${prefix}${String(k).padStart(4, '0')}`;
        const base = path.join(dir, name);
        const entry: PooledEntry = {
          id: name,
          part,
          type,
          layout: fam.id,
          text: `${base}.pdf`,
          truth: `${base}.json`,
        };
        writeFileSync(entry.text, n.pdf);
        if (scanEvery > 0 && k % scanEvery === 0) {
          entry.scan = `${base}.scan.pdf`;
          writeFileSync(entry.scan, await scanNotice(n, seed + i, scanProfile));
        }
        writeFileSync(entry.truth, `${JSON.stringify({ type, layout: fam.id, fields: n.truth }, null, 2)}\n`);
        entries.push(entry);
        k++;
      }
    }
  }
  return entries;
}

export interface CorpusEntry {
  id: string;
  type: NoticeType;
  layout: string;
  text: string;
  scan?: string;
  truth: string;
}

export async function generateCorpus(opts: {
  out: string;
  count?: number;
  seed?: number;
  scans?: boolean;
  types?: readonly NoticeType[];
  layouts?: readonly Layout[];
}): Promise<CorpusEntry[]> {
  const { out, count = 1, seed = 1, scans = true } = opts;
  mkdirSync(out, { recursive: true });
  const entries: CorpusEntry[] = [];
  for (let i = 0; i < count; i++) {
    for (const l of opts.layouts ?? LAYOUTS) {
      for (const type of opts.types ?? TYPES) {
        const n = await generateNotice(seed + i, type, l);
        const base = path.join(out, n.id);
        const entry: CorpusEntry = {
          id: n.id,
          type,
          layout: l.id,
          text: `${base}.pdf`,
          truth: `${base}.json`,
        };
        writeFileSync(entry.text, n.pdf);
        if (scans) {
          entry.scan = `${base}.scan.pdf`;
          writeFileSync(entry.scan, await scanNotice(n, seed + i));
        }
        writeFileSync(entry.truth, `${JSON.stringify({ type, layout: l.id, fields: n.truth }, null, 2)}\n`);
        entries.push(entry);
      }
    }
  }
  writeFileSync(path.join(out, 'corpus.json'), `${JSON.stringify(entries, null, 2)}\n`);
  return entries;
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('generate.ts')) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const out = path.resolve(arg('out') ?? path.join(import.meta.dirname, 'out'));
  const started = Date.now();
  const entries = await generateCorpus({
    out,
    count: Number(arg('count') ?? 1),
    seed: Number(arg('seed') ?? 1),
    scans: !process.argv.includes('--no-scans'),
  });
  console.log(
    `${entries.length} notices written to ${out} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** A Saturday or Sunday moves to the Monday after (public holidays are not modelled). */
function nextWorkingDay(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
