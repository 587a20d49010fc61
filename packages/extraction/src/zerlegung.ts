/**
 * The apportionment (Zerlegung) read without knowing the form: wherever a municipality is
 * identified — a name the reference data know (across line and page breaks, with or without
 * "Stadt"/"Gemeinde"), a printed AGS — the amounts on its row (a table in any column order) or
 * after it up to the next municipality (key–value blocks, stacked label/value lines, running
 * text) are its candidates. Which candidate is the share is decided by consistency, never by the
 * layout: the shares sum to an amount printed elsewhere (the Messbetrag or a total row), or they
 * are proportional to another column (the wages: share = MB × wages / Σ wages, to the cent), or
 * they agree with printed percentages; with percentages only, the shares are the Messbetrag by the
 * percentages (largest remainder). Namesakes get an AGS only when a postcode, the Land, a
 * district town or a printed AGS on their row decides.
 */
import { unionRect } from './layout.js';
import { type MunicipalityEntry, municipalityIndex } from './municipality.js';
import { MONEY_SOURCE, formatCents, parseMoney, toCents } from './normalize.js';
import { type PageIndex, spanConfidence, spanRect } from './textindex.js';
import type { MunicipalityResolver, Rect, Zerlegungsanteil } from './types.js';

export interface AnchorRead {
  value: Zerlegungsanteil[];
  /** The shares are confirmed by the arithmetic (printed total, wages, percentages). */
  confirmed: boolean;
  conf: number;
  page: number;
  rect: Rect;
}

interface Item {
  cents: bigint;
  /** Text between the previous item (or the municipality) and this one: its label. */
  label: string;
  pos: number;
}
interface Anchor {
  start: number;
  end: number;
  name: string;
  entries: MunicipalityEntry[];
  printedAgs: string | null;
  /** A prefix ("Stadt", "Gemeinde"), a printed AGS or a whole cell: not a word of a sentence. */
  strong: boolean;
  items: Item[];
  percents: number[];
  /** Printed quotas: fractions ("3/8") as [numerator, denominator], decimals ("0,375") as [375, 1000]. */
  quotas: [bigint, bigint][];
  context: string;
}

/** A page's running header on its first line: "Seite 2", "Seite 2 von 3", "- 2 -", "Blatt 2". */
const PAGE_HEADER = /^\s*(?:(?:Seite|Blatt)\s+\d+(?:\s*(?:von|\/)\s*\d+)?|-\s*\d+\s*-)\s*(?=\n)/iu;
const PREFIX_WORD =
  /^(?:Landeshauptstadt|Hansestadt|Universitätsstadt|Kreisstadt|Stadtverwaltung|Gemeindeverwaltung|Stadt|Gemeinde|Markt|Flecken|Ortsgemeinde|Marktgemeinde)$/iu;
/** Names that are also words of a notice: a municipality only with a prefix, AGS or as a whole cell. */
const WORDS = new Set(
  'bescheid ohne sinn lage weil buch berg wald hof rain au anger lauf zell essen linden roth bergen hagen brunnen steinen wiesen weiden gemünden hausen summe'.split(
    ' ',
  ),
);
const CONNECTOR =
  /^(?:am|an|der|die|dem|den|im|in|ob|bei|vor|auf|unter|zum|zur|a\.|i\.|d\.|v\.|b\.|\/|-|u\.)$/u;
const TOTAL = /(?:^|\n|\t)\s*(?:summe|gesamt|insgesamt|zusammen|gesamtbetrag|total)/iu;
const WAGE = /arbeitsl(?:ö|oe|o)hn|lohnsumme|l(?:ö|oe|o)hne|ma(?:ß|ss)stab|lohn/iu;
const SHARE = /anteil|zerlegungsbetrag|zugeteilt|zuteilung|entf(?:ä|a)ll|erh(?:ä|a)lt|me(?:ß|ss)betrag/iu;
const PERCENT_AFTER = /^\s?(?:%|v\.\s?H\.|vom\s+Hundert|Prozent)/iu;
const PERCENT = /(?<![\d.,])(\d{1,3}(?:,\d{1,6})?)\s?(?:%|v\.\s?H\.?|vom\s+Hundert|Prozent)/giu;
const LANDS: [RegExp, string][] = [
  [/schleswig-\s?holstein/iu, '01'],
  [/hamburg(?!er)/iu, '02'],
  [/niedersachsen/iu, '03'],
  [/bremen/iu, '04'],
  [/nordrhein-\s?westfalen|\bNRW\b/iu, '05'],
  [/(?<!rhein)hessen/iu, '06'],
  [/rheinland-\s?pfalz/iu, '07'],
  [/baden-\s?württemberg/iu, '08'],
  [/[Bb](?:ayern|AYERN)|\bBY\b/u, '09'],
  [/saarland/iu, '10'],
  [/brandenburg(?!\s+an\s+der\s+havel)/iu, '12'],
  [/mecklenburg/iu, '13'],
  [/(?<!nieder)sachsen(?!-\s?anhalt)/iu, '14'],
  [/sachsen-\s?anhalt/iu, '15'],
  [/thüringen/iu, '16'],
];

const keysOf = (s: string) => {
  const base = s.toLowerCase().replaceAll('ß', 'ss');
  const k1 = base
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '');
  const k2 = base
    .replaceAll('ä', 'ae')
    .replaceAll('ö', 'oe')
    .replaceAll('ü', 'ue')
    .replace(/[^a-z0-9]+/g, '');
  return k1 === k2 ? [k1] : [k1, k2];
};
/**
 * Municipalities whose name is `s` by the product's search key (no prefix stripping, no cut at a
 * hyphen); "Kroppen" and "Kröppen" are namesakes, as in the search and the benchmark's truth.
 */
function exactEntries(s: string): MunicipalityEntry[] {
  const ix = municipalityIndex();
  for (const k of keysOf(s)) {
    const hit = ix.byKey.get(k);
    if (hit?.length) return hit;
  }
  return [];
}

/** The pages as one text (a row or sentence may run onto the next page past its running header). */
function documentOf(indexes: PageIndex[]) {
  const offsets: number[] = [];
  let all = '';
  for (const ix of indexes) {
    const h = PAGE_HEADER.exec(ix.text)?.[0].length ?? 0;
    offsets.push(all.length);
    all += `${' '.repeat(h)}${ix.text.slice(h)}\n`;
  }
  const locate = (pos: number) => {
    let i = 0;
    while (i + 1 < offsets.length && offsets[i + 1]! <= pos) i++;
    return { ix: indexes[i]!, at: pos - offsets[i]! };
  };
  return { all, locate };
}

/** Municipality mentions: the longest word sequence the reference data know, and printed AGS. */
function findAnchors(all: string): Anchor[] {
  const tokens: { s: number; e: number; t: string }[] = [];
  for (const m of all.matchAll(/[^\s]+/gu)) tokens.push({ s: m.index, e: m.index + m[0].length, t: m[0] });
  const out: Anchor[] = [];
  const byAgs = municipalityIndex().byAgs;
  // Punctuation around a name, but not the brackets of "Bernburg (Saale)".
  const clean = (t: string) => {
    let c = t.replace(/^["„]+/u, '').replace(/[,;:"“]+$/u, '');
    const open = (x: string) => (x.match(/\(/g)?.length ?? 0) - (x.match(/\)/g)?.length ?? 0);
    if (open(c) > 0 && c.startsWith('(')) c = c.slice(1);
    while (open(c) < 0 && c.endsWith(')')) c = c.slice(0, -1).replace(/[,;:]+$/u, '');
    return c;
  };
  for (let i = 0; i < tokens.length; i++) {
    const first = clean(tokens[i]!.t);
    const ags = /^\(?(?:AGS:?)?(\d{8})\)?[,;.:]*$/.exec(tokens[i]!.t)?.[1];
    if (ags && byAgs.has(ags)) {
      out.push({
        start: tokens[i]!.s,
        end: tokens[i]!.e,
        name: '',
        entries: [byAgs.get(ags)!],
        printedAgs: ags,
        strong: true,
        items: [],
        percents: [],
        quotas: [],
        context: '',
      });
      continue;
    }
    if (!/^\p{Lu}/u.test(first)) continue;
    // "Stadt", "Gemeinde", "Markt" start a name only where the name has it ("Markt Indersdorf").
    const prefix = PREFIX_WORD.test(first) ? keysOf(first)[0]! : null;
    let best: { j: number; name: string; entries: MunicipalityEntry[] } | null = null;
    let text = '';
    for (let j = i; j < Math.min(tokens.length, i + 7); j++) {
      const tok = tokens[j]!;
      // A name never crosses a cell boundary (tab); it may cross a line break.
      if (j > i && all.slice(tokens[j - 1]!.e, tok.s).includes('\t')) break;
      const w = j === i ? first : tok.t;
      text = j === i ? w : `${text} ${w}`;
      const bare = clean(text);
      const trimmed = bare.replace(/(?<=[\p{L}]{6})\.$/u, '');
      for (const cand of [bare, trimmed]) {
        const entries = exactEntries(cand).filter(
          (e) => prefix === null || keysOf(e.name.split(/\s/u)[0] ?? '')[0] === prefix,
        );
        if (entries.length && !(CONNECTOR.test(clean(tok.t)) && j > i)) {
          best = { j, name: cand, entries };
          break;
        }
      }
      if (
        j > i &&
        !CONNECTOR.test(clean(tok.t)) &&
        !/^[\p{Lu}(]/u.test(tok.t) &&
        !/\p{L}\.\p{L}/u.test(tok.t)
      )
        break;
      if (/[,;:)]$/u.test(tok.t)) break;
    }
    if (!best) continue;
    const s = tokens[i]!.s + (tokens[i]!.t.length - tokens[i]!.t.replace(/^[("„]+/u, '').length);
    const lastTok = tokens[best.j]!;
    const end =
      best.j === i ? s + best.name.length : lastTok.s + Math.min(lastTok.t.length, clean(lastTok.t).length);
    const before = all.slice(Math.max(0, s - 30), s);
    const after = all.slice(end, end + 2);
    const prefixed = /(?:Landeshauptstadt|Hansestadt|Kreisstadt|Stadt|Gemeinde|Markt|Flecken)\s$/iu.test(
      before,
    );
    const wholeCell = /(?:^|[\t\n]|\d\.?\s|\d{5}\s)$/u.test(before) && /^(?:[\t\n]|\s*$)/u.test(after);
    // "Finanzamt Borken", "Amtsgericht Kiel": an authority, not a share row.
    if (/(?:Finanzamt|gericht|Postfach[\d\s]*)\s$/iu.test(before)) {
      i = best.j;
      continue;
    }
    if (!prefixed && !wholeCell && prefix === null && WORDS.has(best.name.toLowerCase())) continue;
    out.push({
      start: s,
      end,
      name: best.name,
      entries: best.entries,
      printedAgs: null,
      strong: prefixed || wholeCell || prefix !== null,
      items: [],
      percents: [],
      quotas: [],
      context: '',
    });
    i = best.j;
  }
  return out;
}

const lineStart = (all: string, pos: number) => all.lastIndexOf('\n', pos - 1) + 1;
const lineEnd = (all: string, pos: number) => {
  const e = all.indexOf('\n', pos);
  return e < 0 ? all.length : e;
};

/** Money hits (no percentages) in all[from, to). */
function moneys(all: string, from: number, to: number): { cents: bigint; s: number; e: number }[] {
  const re = new RegExp(MONEY_SOURCE, 'giu');
  re.lastIndex = from;
  const out: { cents: bigint; s: number; e: number }[] = [];
  for (let m = re.exec(all); m && m.index < to; m = re.exec(all)) {
    if (m.index + m[0].length > to) break;
    if (PERCENT_AFTER.test(all.slice(m.index + m[0].length, m.index + m[0].length + 14))) continue;
    const v = parseMoney(m[0]);
    if (v) out.push({ cents: toCents(v), s: m.index, e: m.index + m[0].length });
  }
  return out;
}
function percents(all: string, from: number, to: number): number[] {
  const re = new RegExp(PERCENT.source, 'giu');
  re.lastIndex = from;
  const out: number[] = [];
  for (let m = re.exec(all); m && m.index < to; m = re.exec(all)) out.push(Number(m[1]!.replace(',', '.')));
  return out;
}

/**
 * Quotas in all[from, to): fractions "3/8", "1.234/5.678" (numerator ≤ denominator) and
 * decimals below one with one or three to six places ("0,375"; two places are an amount).
 */
const QUOTA =
  /(?<![\d.,/])(?:(\d{1,3}(?:\.\d{3})+|\d{1,9})\s?\/\s?(\d{1,3}(?:\.\d{3})+|\d{1,9})(?!\d|\/|[.,]\d)|0,(\d(?:\d{2,5})?)(?!\d|[.,]\d|\s?(?:%|€|EUR|Euro|v\.\s?H)))/gu;
function quotas(all: string, from: number, to: number): [bigint, bigint][] {
  const re = new RegExp(QUOTA.source, 'gu');
  re.lastIndex = from;
  const out: [bigint, bigint][] = [];
  for (let m = re.exec(all); m && m.index < to; m = re.exec(all)) {
    if (m[3] !== undefined) {
      out.push([BigInt(m[3]), 10n ** BigInt(m[3].length)]);
      continue;
    }
    const a = BigInt(m[1]!.replaceAll('.', ''));
    const b = BigInt(m[2]!.replaceAll('.', ''));
    if (b > 0n && a > 0n && a <= b) out.push([a, b]);
  }
  return out;
}

/**
 * Groups the mentions of one row (a table row names the place once, maybe with its AGS, Land or
 * district), then gives every municipality its candidate amounts: the row's amounts when its
 * row holds amounts, else the amounts that follow it up to the next municipality.
 */
function attach(all: string, raw: Anchor[]): Anchor[] {
  const anchors: Anchor[] = [];
  for (const a of raw) {
    const prev = anchors[anchors.length - 1];
    // A name and the AGS of that very municipality on the next lines (a key–value block), no
    // amount between them: one mention.
    const near =
      prev &&
      moneys(all, prev.end, a.start).length === 0 &&
      (all.slice(prev.end, a.start).match(/\n/g)?.length ?? 0) <= 2;
    if (near && prev.name && !prev.printedAgs && a.printedAgs && !a.name) {
      if (prev.entries.some((e) => e.ags === a.printedAgs)) {
        prev.printedAgs = a.printedAgs;
        prev.end = Math.max(prev.end, a.end);
        continue;
      }
    }
    if (near && !prev.name && prev.printedAgs && a.name && !a.printedAgs) {
      if (a.entries.some((e) => e.ags === prev.printedAgs)) {
        prev.name = a.name;
        prev.entries = a.entries;
        prev.strong = true;
        prev.end = Math.max(prev.end, a.end);
        continue;
      }
    }
    const sameRow = prev && lineStart(all, prev.start) === lineStart(all, a.start);
    if (prev && sameRow && moneys(all, prev.end, a.start).length === 0) {
      // Context of the previous mention (AGS, district town), or the name for a printed AGS.
      if (!prev.name && a.name) {
        prev.name = a.name;
        prev.entries = a.entries;
        prev.strong = true;
      } else if (a.printedAgs && !prev.printedAgs) prev.printedAgs = a.printedAgs;
      prev.end = Math.max(prev.end, a.end);
      continue;
    }
    if (prev && sameRow && a.printedAgs && !prev.printedAgs && prev.name) {
      // "Name … amounts … AGS" on one row (the key last).
      const rowAnchors = raw.filter((x) => lineStart(all, x.start) === lineStart(all, a.start));
      if (rowAnchors.length === 2) {
        prev.printedAgs = a.printedAgs;
        continue;
      }
    }
    if (prev && sameRow && !prev.name && prev.printedAgs && a.name) {
      // "AGS … amounts … Name" (the name last).
      const rowAnchors = raw.filter((x) => lineStart(all, x.start) === lineStart(all, a.start));
      if (rowAnchors.length === 2) {
        prev.name = a.name;
        prev.entries = a.entries;
        continue;
      }
    }
    // A bare word after the amounts of a table row that already names its municipality by prefix,
    // AGS or a whole cell ("WERNE" read from a garbled share cell): a row names one place.
    if (
      prev &&
      sameRow &&
      !a.strong &&
      prev.strong &&
      all.slice(lineStart(all, a.start), a.start).includes('\t')
    )
      continue;
    anchors.push({ ...a });
  }
  for (const a of anchors) if (!a.name) a.name = a.entries[0]?.name ?? '';
  anchors.forEach((a, k) => {
    const ls = lineStart(all, a.start);
    const le = lineEnd(all, a.end);
    const alone = !anchors.some((b, m) => m !== k && lineStart(all, b.start) === ls);
    const rowMoney = moneys(all, ls, le);
    const next = anchors[k + 1]?.start ?? all.length;
    let from: number;
    let to: number;
    let before: ReturnType<typeof moneys> = [];
    // A table row (cells) that names only this municipality: its amounts, in any column order.
    if (alone && rowMoney.length > 0 && all.slice(ls, le).includes('\t')) {
      from = ls;
      to = le;
    } else {
      from = a.end;
      // Up to the next municipality, at most six lines, never into a total row.
      let end = a.end;
      for (let lines = 0; lines < 7 && end < next; lines++) end = lineEnd(all, end + 1);
      to = Math.min(next, end);
      const total = TOTAL.exec(all.slice(from, to));
      if (total) to = from + total.index;
      // Amounts before the name in the same clause ("1.234,56 € entfallen auf X").
      const prevEnd = k > 0 ? Math.max(ls, anchors[k - 1]!.end) : ls;
      before = moneys(all, prevEnd, a.start).filter((m) => !/[.!?;]\s/u.test(all.slice(m.e, a.start)));
      // In running text the amounts after a sentence's end belong to the next sentence.
    }
    const after = moneys(all, from, to).filter(
      (m) => m.s < a.start || !/[.!?]\s+\p{Lu}/u.test(all.slice(a.end, m.s)),
    );
    let last = from;
    a.items = [...before, ...after].map((m) => {
      const label = all.slice(Math.max(Math.min(last, m.s), m.s - 80), m.s);
      last = m.e;
      return { cents: m.cents, label, pos: m.s };
    });
    a.percents = percents(all, from, to);
    a.quotas = quotas(all, from, to);
    a.context = `${all.slice(Math.max(ls, a.start - 12), a.start)} ${all.slice(ls, le)} ${all.slice(a.end, to)}`;
  });
  return anchors;
}

/** A namesake's AGS when a printed AGS, a postcode, the Land or a district town decides. */
function decideAgs(a: Anchor): string | null {
  if (a.printedAgs) return a.printedAgs;
  if (a.entries.length === 1) return a.entries[0]!.ags;
  let cands = a.entries;
  const plz = new Set([...a.context.matchAll(/(?<!\d)\d{5}(?!\d)/g)].map((m) => m[0]));
  const byPlz = cands.filter((e) => e.plz.some((p) => plz.has(p)));
  if (byPlz.length === 1) return byPlz[0]!.ags;
  if (byPlz.length > 1) cands = byPlz;
  const lands = LANDS.filter(([re]) => re.test(a.context)).map(([, l]) => l);
  const byLand = cands.filter((e) => lands.includes(e.ags.slice(0, 2)));
  if (byLand.length === 1) return byLand[0]!.ags;
  if (byLand.length > 1) cands = byLand;
  // "Landkreis Erding", "(Kreis Kleve)": a district town shares the first five AGS digits.
  for (const m of a.context.matchAll(/(?:Land)?[Kk]reis\s+(\p{Lu}[\p{L}-]+)|Lkr\.\s*(\p{Lu}[\p{L}-]+)/gu)) {
    const seats = exactEntries(m[1] ?? m[2] ?? '');
    const hit = cands.filter((e) => seats.some((s) => s.ags.slice(0, 5) === e.ags.slice(0, 5)));
    if (hit.length === 1) return hit[0]!.ags;
  }
  return null;
}

type Rule = (a: Anchor) => Item | undefined;

/** Shares of `total` cents in proportion to `weights`, by the largest remainder. */
export function largestRemainder(total: bigint, weights: number[]): bigint[] {
  const scale = 1_000_000;
  return largestRemainderExact(
    total,
    weights.map((x) => BigInt(Math.round(x * scale))),
  );
}

/**
 * Shares of `total` cents in proportion to integer `weights` (exact: wages in cents, fractions
 * over a common denominator): the floors, then one cent each to the largest remainders (ties to
 * the earlier row), so the shares sum to `total` exactly and each is within a cent of its exact
 * value (DOMAIN.md § 2: no legal rule, largest remainder is the policy).
 */
export function largestRemainderExact(total: bigint, weights: bigint[]): bigint[] {
  const w = weights.map((x) => (x > 0n ? x : 0n));
  const sum = w.reduce((s, x) => s + x, 0n);
  if (sum <= 0n || total <= 0n) return weights.map(() => 0n);
  const floor = w.map((x) => (total * x) / sum);
  const rem = w.map((x, i) => ({ i, r: total * x - floor[i]! * sum }));
  let left = total - floor.reduce((s, x) => s + x, 0n);
  rem.sort((a, b) => (b.r > a.r ? 1 : b.r < a.r ? -1 : a.i - b.i));
  for (const { i } of rem) {
    if (left <= 0n) break;
    floor[i]! += 1n;
    left -= 1n;
  }
  return floor;
}

export function readByAnchors(indexes: PageIndex[], resolve?: MunicipalityResolver): AnchorRead | null {
  const { all, locate } = documentOf(indexes);
  const anchors = attach(all, findAnchors(all));
  if (anchors.length < 2) return null;
  // Every amount printed on the notice, by value (a total is printed apart from the shares).
  const printed = new Map<bigint, number>();
  for (const m of moneys(all, 0, all.length)) printed.set(m.cents, (printed.get(m.cents) ?? 0) + 1);
  const maxItems = Math.max(...anchors.map((a) => a.items.length));
  const rules: { rule: Rule; label: number }[] = [];
  for (let k = 0; k < Math.min(maxItems, 5); k++) {
    rules.push({ rule: (a) => a.items[k], label: 0 });
    rules.push({ rule: (a) => a.items[a.items.length - 1 - k], label: 0 });
  }
  rules.push({ rule: (a) => a.items.find((x) => SHARE.test(x.label) && !WAGE.test(x.label)), label: 1 });
  interface Cand {
    from: number;
    to: number;
    items: Item[];
    confirmed: boolean;
    score: number;
  }
  let bestCand: Cand | null = null;
  /** A column of bare numbers that sums to 100 (percentages printed without a sign, "v. H." above). */
  let pctColumn: { from: number; to: number; items: Item[] } | null = null;
  for (let from = 0; from < anchors.length; from++) {
    for (let to = from + 2; to <= anchors.length; to++) {
      const run = anchors.slice(from, to);
      const chosenBy = rules.map(({ rule, label }) => ({ items: run.map(rule), label }));
      for (const { items, label } of chosenBy) {
        if (items.some((x) => !x)) continue;
        const its = items as Item[];
        if (new Set(its.map((x) => x.pos)).size < its.length) continue;
        const sum = its.reduce((s, x) => s + x.cents, 0n);
        if (sum <= 0n || its.some((x) => x.cents <= 0n)) continue;
        const off100 = sum - 10000n;
        if ((off100 < 0n ? -off100 : off100) <= BigInt(run.length) && its.every((x) => x.cents < 10000n)) {
          if (!pctColumn || run.length > pctColumn.to - pctColumn.from) pctColumn = { from, to, items: its };
        }
        const own = its.filter((x) => x.cents === sum).length;
        // An amount on the very row of a municipality next to the run is that municipality's, not
        // a total (a third wage that happens to equal the other two together).
        const beside = [anchors[from - 1], anchors[to]].reduce(
          (n, a) =>
            n +
            (a?.items.filter((x) => x.cents === sum && lineStart(all, x.pos) === lineStart(all, a.start))
              .length ?? 0),
          0,
        );
        const total = (printed.get(sum) ?? 0) > own + beside;
        // Proportional to another column (the wages): share = Σ × w / Σw to the cent.
        const proportional = chosenBy.some((o) => {
          if (o.items.some((x) => !x)) return false;
          const w = o.items as Item[];
          const sw = w.reduce((s, x) => s + x.cents, 0n);
          if (sw <= sum || w.some((x, i) => x.pos === its[i]!.pos)) return false;
          return its.every((x, i) => {
            const d = x.cents * sw - sum * w[i]!.cents;
            return (d < 0n ? -d : d) <= sw;
          });
        });
        // Agrees with printed percentages (two decimals: within 0.005 % of the total).
        const pcts = run.map((a) => a.percents[0]);
        const byPercent =
          pcts.every((p) => p !== undefined) &&
          Math.abs(pcts.reduce((s, p) => s + p!, 0) - 100) < 0.02 * run.length &&
          its.every(
            (x, i) => Math.abs(Number(x.cents) - (Number(sum) * pcts[i]!) / 100) <= Number(sum) * 6e-5 + 1,
          );
        const wageLabel = its.filter(
          (x) => WAGE.test(x.label) && !SHARE.test(x.label.replace(WAGE, '')),
        ).length;
        const confirmed = total || proportional || byPercent;
        const weak = run.filter((a) => !a.strong).length;
        const score =
          (confirmed ? 100 : 0) +
          run.length * 2 -
          weak * 0.5 +
          label +
          (proportional ? 0.5 : 0) -
          (wageLabel ? 3 : 0) -
          // Of two confirmed columns (shares and wages both sum to printed totals), the smaller.
          Number(sum) / 1e12;
        if (!bestCand || score > bestCand.score) bestCand = { from, to, items: its, confirmed, score };
      }
    }
  }
  let run: Anchor[] = [];
  let cents: bigint[] = [];
  let confirmed = false;
  const mb = printedMessbetrag(all);
  // Wages and shares in one table: every row's share from its wages when the shares do not all read.
  const byWages = wageTable(all, anchors, mb, printed);
  const bestLen = bestCand?.confirmed ? bestCand.to - bestCand.from : 0;
  const useWeights = (r: Anchor[], w: bigint[]) => {
    run = r;
    cents = largestRemainderExact(mb!, w);
    confirmed = true;
  };
  // Percentages only: the Messbetrag printed with its label, apportioned by the percentages.
  const withPct = longestRun(anchors, (a) => a.percents.length > 0);
  const pctSum = withPct.reduce((s, a) => s + a.percents[0]!, 0);
  // Quotas only ("3/8", "0,375"): the same by the quotas; rounded decimals may miss 1 slightly.
  const withQuota = longestRun(anchors, (a) => a.quotas.length > 0);
  const quotaWeights = quotaWeightsOf(withQuota.map((a) => a.quotas[0]!));
  if (byWages && byWages.run.length >= bestLen) {
    run = byWages.run;
    cents = byWages.cents;
    confirmed = true;
  } else if (bestCand?.confirmed) {
    run = anchors.slice(bestCand.from, bestCand.to);
    cents = bestCand.items.map((x) => x.cents);
    confirmed = true;
  } else if (withPct.length >= 2 && Math.abs(pctSum - 100) < 0.02 * withPct.length && mb !== null) {
    useWeights(
      withPct,
      withPct.map((a) => BigInt(Math.round(a.percents[0]! * 1_000_000))),
    );
  } else if (withQuota.length >= 2 && quotaWeights && mb !== null) {
    useWeights(withQuota, quotaWeights);
  } else if (pctColumn && mb !== null && mb !== 10000n) {
    useWeights(
      anchors.slice(pctColumn.from, pctColumn.to),
      pctColumn.items.map((x) => x.cents),
    );
  } else {
    const wages = mb !== null ? wageRun(all, anchors, mb) : null;
    if (wages) useWeights(wages.run, wages.weights);
    else if (bestCand) {
      run = anchors.slice(bestCand.from, bestCand.to);
      cents = bestCand.items.map((x) => x.cents);
      confirmed = false;
    } else return null;
  }
  const rects: Rect[] = [];
  let conf = 1;
  let page = 0;
  for (const a of run) {
    const { ix, at } = locate(a.start);
    const end = Math.min(ix.text.length, at + (a.end - a.start));
    rects.push(spanRect(ix, at, end));
    conf = Math.min(conf, spanConfidence(ix, at, end));
    page ||= ix.page.page;
  }
  return {
    value: run.map((a, i) => {
      const ags = decideAgs(a) ?? resolve?.(a.name) ?? null;
      return { gemeinde: referenceName(a, ags), ags, anteil: formatCents(cents[i]!) };
    }),
    confirmed,
    conf,
    page: page || 1,
    rect: unionRect(rects),
  };
}

function longestRun(anchors: Anchor[], ok: (a: Anchor) => boolean): Anchor[] {
  let best: Anchor[] = [];
  let cur: Anchor[] = [];
  for (const a of anchors) {
    if (ok(a)) cur.push(a);
    else cur = [];
    if (cur.length > best.length) best = [...cur];
  }
  return best;
}

/**
 * The name in the reference data's spelling ("KÖLN", "Halle/Saale", "Oberhausen- Rheinhausen"
 * → "Köln", "Halle (Saale)", "Oberhausen-Rheinhausen"): the entry of the decided AGS, or the one
 * name all its namesakes share; as printed only where namesakes are spelt differently.
 */
function referenceName(a: Anchor, ags: string | null): string {
  const byAgs = ags ? a.entries.find((e) => e.ags === ags) : undefined;
  if (byAgs) return byAgs.name;
  const names = new Set(a.entries.map((e) => e.name));
  return names.size === 1 ? [...names][0]! : a.name;
}

/**
 * Integer weights of printed quotas over a common denominator, when they add up to one:
 * exactly for fractions, within rounding (two units of the last place a row) for decimals.
 */
function quotaWeightsOf(qs: [bigint, bigint][]): bigint[] | null {
  if (qs.length < 2) return null;
  const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));
  let den = 1n;
  for (const [, b] of qs) {
    den = (den / gcd(den, b)) * b;
    if (den > 10n ** 15n) return null;
  }
  const w = qs.map(([a, b]) => (a * den) / b);
  const sum = w.reduce((s, x) => s + x, 0n);
  if (sum === den) return w;
  const decimals = qs.every(([, b]) => /^10*$/.test(String(b)));
  const unit = den / qs.reduce((m, [, b]) => (b < m ? b : m), den);
  const off = sum - den;
  return decimals && (off < 0n ? -off : off) <= 2n * unit * BigInt(qs.length) ? w : null;
}

/**
 * Wages and shares in one table (§ 29 GewStG: share = Messbetrag × wages / Σ wages). On a scan the
 * share column is often the one that does not read (check-protection asterisks, a rule through
 * the digits) while the wages do. Rows whose wage and share agree with one printed total of the
 * wages and the Messbetrag (to the cent; the Messbetrag as labelled, else any printed amount such
 * as the shares' total row) confirm those totals and the wage column; every row of the table
 * around them then gets its share from its wages by the largest remainder. Accepted only when the
 * wages of those rows (two or more) add up to the printed total exactly (no row missing or
 * misread) and every share that did read agrees with its computed one.
 */
function wageTable(
  all: string,
  anchors: Anchor[],
  printedMb: bigint | null,
  printed: Map<bigint, number>,
): { run: Anchor[]; cents: bigint[] } | null {
  const abs = (x: bigint) => (x < 0n ? -x : x);
  /** The item index of the wage whose share is also on the row, for a Messbetrag M and wage total W. */
  const pairOf = (a: Anchor, M: bigint, W: bigint) => {
    for (const [i, x] of a.items.entries())
      for (const y of a.items)
        if (y.cents > 0n && x.cents > y.cents && abs(y.cents * W - M * x.cents) <= W) return i;
    return -1;
  };
  // The Messbetrag as labelled, else any printed amount (the total row of the shares).
  const amounts = [...printed.keys()].filter((c) => c > 0n);
  const tries: { M: bigint; W: bigint; idx: number[]; n: number }[] = [];
  for (const M of printedMb !== null ? [printedMb] : amounts)
    for (const W of amounts) {
      if (W <= M) continue;
      const idx = anchors.map((a) => pairOf(a, M, W));
      const n = idx.filter((i) => i >= 0).length;
      if (n > 0) tries.push({ M, W, idx, n });
    }
  tries.sort((a, b) => b.n - a.n);
  for (const t of tries.slice(0, 3)) {
    const r = wageColumn(all, anchors, t.M, t.W, t.idx);
    if (r) return r;
  }
  return null;
}

/** The table of `wageTable` for one Messbetrag M and wage total W (idx: rows with a pair). */
function wageColumn(
  all: string,
  anchors: Anchor[],
  mb: bigint,
  W: bigint,
  idx: number[],
): { run: Anchor[]; cents: bigint[] } | null {
  // The wage column: the cell (tabs before it on its line) where the confirmed rows have it.
  const cellOf = (pos: number) => all.slice(lineStart(all, pos), pos).split('\t').length - 1;
  const votes = new Map<number, number>();
  idx.forEach((i, k) => {
    if (i < 0) return;
    const c = cellOf(anchors[k]!.items[i]!.pos);
    votes.set(c, (votes.get(c) ?? 0) + 1);
  });
  const col = [...votes].sort((a, b) => b[1] - a[1])[0]![0];
  const wageOf = (k: number) => {
    const a = anchors[k]!;
    // A row of the table: its municipality and its wage on one line, the wage in the wage column
    // (or the row's only amount when OCR merged or split its cells).
    const own = a.items.filter((x) => lineStart(all, x.pos) === lineStart(all, a.start));
    const x =
      idx[k]! >= 0
        ? a.items[idx[k]!]
        : (own.find((y) => cellOf(y.pos) === col) ?? (own.length === 1 ? own[0] : undefined));
    return x && a.strong && lineStart(all, x.pos) === lineStart(all, a.start) && x.cents <= W
      ? x.cents
      : null;
  };
  let from = idx.findIndex((i) => i >= 0);
  let to = idx.findLastIndex((i) => i >= 0) + 1;
  while (from > 0 && wageOf(from - 1) !== null) from--;
  while (to < anchors.length && wageOf(to) !== null) to++;
  const wages: bigint[] = [];
  for (let k = from; k < to; k++) {
    const w = wageOf(k);
    if (w === null) return null;
    wages.push(w);
  }
  if (to - from < 2 || wages.reduce((s, x) => s + x, 0n) !== W) return null;
  const cents = largestRemainderExact(mb, wages);
  // Every share that read (a pair on its row) must be the computed one.
  for (let k = from; k < to; k++) {
    const a = anchors[k]!;
    if (idx[k]! >= 0 && !a.items.some((y) => y.cents === cents[k - from])) return null;
  }
  return { run: anchors.slice(from, to), cents };
}

/**
 * Wages only (§ 29 GewStG): after the word for the wages, consecutive municipalities with one
 * amount each (or the one labelled as wages), together more than the printed Messbetrag →
 * the Messbetrag in proportion to the wages, each rounded down to full 1.000 € (§ 29 Abs. 3).
 */
function wageRun(all: string, anchors: Anchor[], mb: bigint): { run: Anchor[]; weights: bigint[] } | null {
  const at = all.search(WAGE);
  if (at < 0) return null;
  const wageOf = (a: Anchor) => {
    const own = a.items.length === 1 ? a.items[0] : a.items.find((x) => WAGE.test(x.label));
    return own && own.pos > at && !SHARE.test(own.label.replace(WAGE, '')) ? own : undefined;
  };
  const run = longestRun(
    anchors.filter((a) => a.start > at),
    (a) => wageOf(a) !== undefined,
  );
  if (run.length < 2) return null;
  const raw = run.map((a) => wageOf(a)!.cents);
  const sum = raw.reduce((s, x) => s + x, 0n);
  // Shares never add up to more than the Messbetrag; wages do.
  if (sum <= mb) return null;
  const rounded = raw.map((x) => (x / 100_000n) * 100_000n);
  return { run, weights: rounded.every((x) => x > 0n) ? rounded : raw };
}

/** "Steuermessbetrag: 1.000,00 €", "Der Messbetrag 2023 von 1.000,00 € wird zerlegt". */
function printedMessbetrag(all: string): bigint | null {
  const m = new RegExp(
    `me(?:ss|ß)betrag(?:[^\\n\\d€]|(?<!\\d)(?:19|20)\\d{2}(?!\\d)){0,60}?(${MONEY_SOURCE})`,
    'iu',
  ).exec(all);
  const v = m ? parseMoney(m[1]!) : null;
  return v ? toCents(v) : null;
}
