import {
  DATE_SOURCE,
  isValidIban,
  MONEY_SOURCE,
  PERCENT_SOURCE,
  parseDate,
  parseMoney,
  parsePercent,
} from './normalize.js';
import { type PageIndex, rowOf, spanConfidence, spanRect, textBelow } from './textindex.js';
import type { FieldHint, Rect } from './types.js';

export type Kind =
  'money' | 'date' | 'percent' | 'year' | 'kassenzeichen' | 'steuernummer' | 'iban' | 'bic' | 'ags';

/**
 * A Steuernummer in the formats of the Länder: 2–3/3–4/4–5 digits with slashes (Bayern, Berlin,
 * Hamburg, Niedersachsen, NRW, Sachsen …), Rheinland-Pfalz's check digit after a fourth slash
 * (22/815/0815/4), Baden-Württemberg's 5/5 (93815/08152), Hessen's and Schleswig-Holstein's
 * groups set apart by spaces (013 815 08153), and the 13-digit federal (ELSTER) form.
 */
export const STEUERNUMMER_SOURCE = String.raw`(?<![\d/])(?:\d{2,3} ?\/ ?\d{3,4} ?\/ ?\d{4,5}(?: ?\/ ?\d(?![\d/]))?|\d{5} ?\/ ?\d{5}|\d{2,3} \d{3} \d{5}|\d{13})(?![\d/])`;

export const VALUE_SOURCE: Record<Kind, string> = {
  money: MONEY_SOURCE,
  date: DATE_SOURCE,
  percent: PERCENT_SOURCE,
  year: String.raw`(?<![\d.,/])(?:199\d|20\d{2})(?![\d/]|[.,]\d)`,
  // A payment reference as printed: letters of either case with digits and separators
  // ("GW/40112/31", "GewSt-2023-0815", "6.0101.1234"), or digit groups set apart by single
  // spaces ("0815 4711 2233"), not running into a date or an amount.
  kassenzeichen: String.raw`(?:\d{2,6}(?: \d{2,6}){1,4}(?![\d.,/])|(?=[A-Za-z0-9./-]*\d)[A-Za-z0-9][A-Za-z0-9./-]{3,}[A-Za-z0-9])`,
  steuernummer: STEUERNUMMER_SOURCE,
  // OCR may read a digit as a look-alike (O, l, |): normalizeIban repairs it under the checksum.
  // OCR splits a group off into a cell of its own (a tab or a double space) where a thin digit
  // was lost, and reads a stroke as "!": both stay inside the match, the checksum decides.
  iban: String.raw`[A-Z]{2} ?[\dOIl|]{2}(?:[ :.\-\t]{0,2}[A-Z0-9l|!]){11,30}`,
  bic: '[A-Z]{4} ?[A-Z]{2} ?[A-Z0-9|]{2}(?: ?[A-Z0-9|]{1,4})?(?![A-Za-z0-9])',
  ags: String.raw`(?<!\d)\d{8}(?!\d)`,
};

/**
 * A BIC is 8 or 11 characters (bank 4 letters, country 2 letters, location 2, branch 3). OCR adds a
 * vertical stroke now and then ("DEUTDEMI1" for "DEUTDEM1"): a 9- or 12-character reading becomes
 * valid by dropping one I/l/| after the country code. Anything else that is not 8 or 11 is refused.
 */
export function normalizeBic(raw: string): string | null {
  const s = raw.replace(/\s/g, '');
  const ok = (b: string) => /^[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/.test(b);
  if (ok(s)) return s;
  if (s.length === 9 || s.length === 12) {
    for (let i = 6; i < s.length; i++) {
      if (/[Il|]/.test(s[i] ?? '')) {
        const b = s.slice(0, i) + s.slice(i + 1);
        if (ok(b)) return b;
      }
    }
  }
  return null;
}

/**
 * OCR plausibility for a BIC's location code: its second character is mostly a digit ("M1",
 * "D1") in German BICs, and OCR reads that "1" as "I" or "l".
 */
export function ocrBic(bic: string): string {
  if (bic.length < 8) return bic;
  const c = bic[7] ?? '';
  const fixed = /[Il|]/.test(c) ? '1' : c;
  return bic.slice(0, 7) + fixed + bic.slice(8);
}

/**
 * IBAN lengths of the SEPA countries (ISO 13616 registry). A notice's IBAN is cut to its
 * country's length before the mod-97 check: the match may run into the next word ("… 1295 78
 * BIC HELADEF1"), and a longer string passes mod 97 by chance about once in 97.
 */
const IBAN_LENGTH: Record<string, number> = {
  AD: 24,
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GI: 23,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  VA: 22,
};
/** Countries whose account part is digits only: OCR look-alikes there are digits. */
const IBAN_NUMERIC = /^(?:AT|BE|CZ|DE|DK|EE|ES|FI|HR|HU|LT|NO|PL|PT|RS|SE|SI|SK)$/;

/**
 * The IBAN in a matched string: its country's length and the mod-97 check decide. OCR reads a
 * digit as a look-alike letter now and then (O → 0, I/l/| → 1, S → 5, B → 8); in a country whose
 * account part is all digits such a reading is repaired when the checksum then holds.
 * Unknown countries: the longest prefix that passes the check.
 */
export function normalizeIban(raw: string, ocr = false): string | null {
  if (raw.includes('!')) {
    if (!ocr) return null;
    // OCR's "!" is a 1 or a speck between two digits: the reading the checksum accepts.
    const variants = [raw.replaceAll('!', ''), raw.replaceAll('!', '1')];
    // A reading valid as it stands wins over one that needs a repair.
    for (const repair of [false, true]) {
      const found = new Set(variants.map((v) => normalizeIban(v, repair)).filter((v) => v));
      if (found.size === 1) return [...found][0]!;
      if (found.size > 1) return null;
    }
    return null;
  }
  const s = raw.replace(/[\s:.-]/g, '').toUpperCase();
  const country = s.slice(0, 2);
  const len = IBAN_LENGTH[country];
  if (len) {
    if (ocr && IBAN_NUMERIC.test(country) && !isValidIban(s.slice(0, len))) {
      const lost = lostDigitRepair(raw, len);
      if (lost !== undefined) return lost;
    }
    if (s.length < len) return null;
    const cut = s.slice(0, len);
    if (isValidIban(cut)) return cut;
    if (IBAN_NUMERIC.test(country)) {
      const fixed =
        country +
        cut.slice(2).replace(/[OQD]/g, '0').replace(/[IL|]/g, '1').replace(/S/g, '5').replace(/B/g, '8');
      if (/^[A-Z]{2}\d+$/.test(fixed) && isValidIban(fixed)) return fixed;
      if (ocr && /^[A-Z]{2}\d+$/.test(fixed)) return ocrDigitRepair(fixed);
    }
    return null;
  }
  for (let n = Math.min(34, s.length); n >= 15; n--) if (isValidIban(s.slice(0, n))) return s.slice(0, n);
  return null;
}

/** Digits OCR takes for one another in print (symmetric pairs: 8 with 0, 3, 6, 9; 5–6; 1–7). */
const DIGIT_LOOKALIKES: Record<string, string> = {
  '0': '8',
  '1': '7',
  '3': '8',
  '5': '6',
  '6': '58',
  '7': '1',
  '8': '0369',
  '9': '8',
};

/**
 * An OCR reading of an all-digit IBAN that fails the mod-97 check: the one IBAN that a single
 * look-alike digit (8 read as 6, 0 as 8 …) makes valid, or null when none or several do. A
 * single wrong digit never passes mod 97 (ISO 7064), so the true reading is among the variants;
 * another variant passing too leaves the reading open.
 */
export function ocrDigitRepair(iban: string): string | null {
  const found = new Set<string>();
  for (let i = 2; i < iban.length; i++) {
    for (const d of DIGIT_LOOKALIKES[iban[i]!] ?? '') {
      const v = iban.slice(0, i) + d + iban.slice(i + 1);
      if (isValidIban(v)) found.add(v);
    }
  }
  return found.size === 1 ? [...found][0]! : null;
}

/**
 * An OCR reading of a grouped all-digit IBAN one digit short (a thin 1 lost, the group then set
 * apart as a cell of its own): the one digit in the one short group (three of four digits, not
 * the last group) that makes the checksum hold; null when the short group is not plain or no or
 * several insertions pass (one in 97 passes by chance, and only forty are tried); undefined when
 * the reading is not one digit short.
 */
function lostDigitRepair(raw: string, len: number): string | null | undefined {
  const all = raw
    .toUpperCase()
    .split(/[\s:.-]+/u)
    .filter((g) => g);
  // The digit groups after the country's group (a BIC may follow in the match).
  const end = all.findIndex((g, i) => i > 0 && !/^\d+$/u.test(g));
  const groups = end < 0 ? all : all.slice(0, end);
  if (groups.join('').length !== len - 1 || groups[0]?.length !== 4) return undefined;
  const short = groups.flatMap((g, i) => (g.length < 4 && i < groups.length - 1 ? [i] : []));
  if (
    short.length !== 1 ||
    groups.some((g, i) => g.length > 4 || (g.length !== 4 && i < groups.length - 1 && i !== short[0]))
  )
    return null;
  const k = short[0]!;
  const g = groups[k]!;
  if (!/^\d{3}$/.test(g)) return null;
  const found = new Set<string>();
  for (let at = 0; at <= g.length; at++)
    for (let d = 0; d <= 9; d++) {
      const v = [...groups.slice(0, k), g.slice(0, at) + d + g.slice(at), ...groups.slice(k + 1)].join('');
      if (/^[A-Z]{2}\d+$/.test(v) && isValidIban(v)) found.add(v);
    }
  return found.size === 1 ? [...found][0]! : null;
}

/** Canonical value of a matched string, or null when it does not parse. */
export function normalizeValue(kind: Kind, raw: string, ocr = false): string | number | null {
  switch (kind) {
    case 'money':
      return parseMoney(raw);
    case 'date':
      return parseDate(raw);
    case 'percent':
      return parsePercent(raw);
    case 'year':
      return Number(raw);
    case 'steuernummer':
      return raw.replace(/\s/g, '');
    case 'bic':
      return normalizeBic(raw);
    case 'iban':
      return normalizeIban(raw, ocr);
    default:
      return raw;
  }
}

/** Separators between a label and its value; OCR adds stray quotes, commas and marks. */
const SEP_TEXT = String.raw`[\s.:…\t"'‚|]`;
const SEP_OCR = String.raw`[\s.:…\t"'‚|“”„‘’´*_~°,;»«]`;
/**
 * OCR only: up to this many junk tokens (1–3 characters, e.g. "A", "Se", "7" read from dust or
 * a ruled line) may stand between a label and its value; each costs a little score.
 */
export const MAX_JUNK_TOKENS = 2;

/**
 * The value right after a label: only separators in between, or on OCR pages also up to
 * MAX_JUNK_TOKENS short junk tokens. Returns its offset in `rest` and the tokens skipped.
 */
export function adjacentValue(
  rest: string,
  kind: Kind,
  flags: string,
  ocr: boolean,
): { start: number; length: number; skipped: number } | null {
  const sep = ocr ? SEP_OCR : SEP_TEXT;
  const junk = ocr ? MAX_JUNK_TOKENS : 0;
  for (let skipped = 0; skipped <= junk; skipped++) {
    const skip = skipped ? String.raw`(?:[^\s]{1,3}[\s\t]+${sep}*){${skipped}}` : '';
    // A remark in brackets may stand between label and value ("Kassenzeichen (bitte angeben) 123").
    const m = new RegExp(
      String.raw`^${sep}*(?:\([^()\n\d]{1,40}\)${sep}*)?(?:Nr\.?\s*)?${skip}(${VALUE_SOURCE[kind]})`,
      flags,
    ).exec(rest);
    if (m?.[1] && normalizeValue(kind, m[1], ocr) !== null) {
      return { start: m[0].length - m[1].length, length: m[1].length, skipped };
    }
  }
  return null;
}

export interface LabelRule {
  re: RegExp;
  w?: number;
  /** Look in the rows below when the label's row has no value (table headers, forms). */
  below?: boolean;
  /** Value must follow the label directly (only separators in between). */
  adjacent?: boolean;
  /** Max characters between label and value on the row. */
  near?: number;
  negate?: boolean;
}
export interface PatternRule {
  /** Must have a named group `v`. Matched against the flattened page text. */
  re: RegExp;
  w?: number;
  negate?: boolean;
}
export interface FieldSpec {
  kind: Kind;
  labels: LabelRule[];
  patterns?: PatternRule[];
  /** Only the first page(s) are searched (letterheads, info blocks). */
  maxPage?: number;
}

export interface Candidate {
  value: string | number;
  score: number;
  confidence: number;
  page: number;
  rect: Rect;
  pos: number;
}

const negateMoney = (v: string | number) =>
  typeof v === 'string' && !v.startsWith('-') && v !== '0.00' ? `-${v}` : v;

function candidate(
  ix: PageIndex,
  kind: Kind,
  start: number,
  end: number,
  score: number,
  negate?: boolean,
): Candidate | null {
  const ocr = ix.page.source === 'ocr';
  let value = normalizeValue(kind, ix.text.slice(start, end), ocr);
  if (value === null) return null;
  if (kind === 'bic' && ocr && typeof value === 'string') value = ocrBic(value);
  if (negate) value = negateMoney(value);
  // A reading repaired by a look-alike digit is a guess the checksum backs: kept, but not sure.
  const repaired = kind === 'iban' && ocr && normalizeValue(kind, ix.text.slice(start, end)) === null;
  const conf = spanConfidence(ix, start, end) * (repaired ? 0.6 : 1);
  return { value, score, confidence: conf, page: ix.page.page, rect: spanRect(ix, start, end), pos: start };
}

/** All candidates of a field on one page, from label rules and running-text patterns. */
export function findCandidates(ix: PageIndex, spec: FieldSpec): Candidate[] {
  const out: Candidate[] = [];
  const valueRe = new RegExp(
    VALUE_SOURCE[spec.kind],
    spec.kind === 'money' || spec.kind === 'date' ? 'iu' : 'u',
  );
  const ocr = ix.page.source === 'ocr';
  for (const rule of spec.labels) {
    const re = new RegExp(rule.re.source, `${rule.re.flags.replace('g', '')}g`);
    for (const m of ix.text.matchAll(re)) {
      const labelStart = m.index ?? 0;
      const labelEnd = labelStart + m[0].length;
      const row = ix.rows[rowOf(ix, labelStart)];
      if (!row) continue;
      const rest = ix.text.slice(labelEnd, row.end);
      const w = rule.w ?? 1;
      let found: Candidate | null = null;
      if (rule.adjacent) {
        const am = adjacentValue(rest, spec.kind, valueRe.flags, ocr);
        if (am) {
          const s = labelEnd + am.start;
          found = candidate(ix, spec.kind, s, s + am.length, w * 0.93 ** am.skipped, rule.negate);
        }
      } else {
        // Leader dots between label and value ("Zinsen . . . . . 37,00 EUR") do not count as distance.
        const lead = /^[\s.…_·]*/u.exec(rest)?.[0].length ?? 0;
        const vm = valueRe.exec(rest.slice(lead, lead + (rule.near ?? 90)));
        if (vm) {
          const s = labelEnd + lead + vm.index;
          found = candidate(ix, spec.kind, s, s + vm[0].length, w, rule.negate);
        }
      }
      if (!found && rule.adjacent && ocr) {
        // OCR rows can split a label from its value when their boxes differ in height: take the
        // segment that starts right of the label on its baseline, in the row above or below.
        const labelRect = spanRect(ix, labelStart, labelEnd);
        const r0 = rowOf(ix, labelStart);
        for (const rr of [r0 - 1, r0 + 1]) {
          const nb = ix.rows[rr];
          if (!nb || found) continue;
          for (const seg of nb.lines) {
            const segMid = seg.rect[1] + seg.rect[3] / 2;
            const gap = seg.rect[0] - (labelRect[0] + labelRect[2]);
            if (gap < 0 || gap > 150 || segMid < labelRect[1] || segMid > labelRect[1] + labelRect[3])
              continue;
            const segStart = ix.text.indexOf(seg.words[0]?.text ?? '\u0000', nb.start);
            if (segStart < 0 || segStart >= nb.end) continue;
            const am = adjacentValue(ix.text.slice(segStart, nb.end), spec.kind, valueRe.flags, true);
            if (am) {
              const s = segStart + am.start;
              found = candidate(ix, spec.kind, s, s + am.length, w * 0.9 * 0.93 ** am.skipped, rule.negate);
            }
            break;
          }
        }
      }
      if (!found && rule.below !== false && !inProse(ix, labelStart, labelEnd, row)) {
        const labelRect = spanRect(ix, labelStart, labelEnd);
        for (const [i, below] of textBelow(ix, labelRect).entries()) {
          let span = below;
          // A directly labelled value must begin the cell below (stacked forms, table headers).
          const re = rule.adjacent
            ? new RegExp(`^[\\s.:"'‚|]*(?:${VALUE_SOURCE[spec.kind]})`, valueRe.flags)
            : valueRe;
          let vm = re.exec(ix.text.slice(span.start, span.end));
          if (!vm && rule.adjacent && spec.kind === 'date') {
            // A reference line (DIN 5008) prints small labels with the values beneath; a date
            // may share its segment with the one under the label to its left ("Frau Brandl,
            // Tel. 0681 2894 17. Juli 2021" under "Auskunft erteilt | Datum"): it then begins
            // at the first word under the label itself.
            const under = valueUnder(ix, span, labelRect, re);
            if (under > span.start) {
              const sub = ix.text.slice(under, span.end);
              const um = re.exec(sub);
              if (um) {
                vm = um;
                span = { start: under, end: span.end };
              }
            }
          }
          if (vm) {
            const lead = rule.adjacent ? vm[0].length - vm[0].replace(/^[\s.:"'‚|]*/, '').length : 0;
            vm[0] = vm[0].slice(lead);
            const s = span.start + vm.index + lead;
            found = candidate(ix, spec.kind, s, s + vm[0].length, w * (i === 0 ? 0.85 : 0.75), rule.negate);
            if (found) break;
          }
        }
      }
      if (
        !found &&
        rule.adjacent &&
        rest.trim() === '' &&
        labelStart - row.start > 20 &&
        // not a column header (the label opens its cell): what follows it in reading order is
        // the next row's first cell, under another header
        !opensCell(ix, labelStart, row) &&
        (spec.kind === 'date' || spec.kind === 'money' || spec.kind === 'percent' || spec.kind === 'year')
      ) {
        // Running text wrapped right after the label ("… zahlbar bis" / "20.11.2018."): the value
        // opens the next row. Only for a label that ends a longer line of prose, and only for
        // figures and dates (an identifier's label at a line's end may stand over an address).
        const am = adjacentValue(ix.flat.slice(labelEnd, labelEnd + 60), spec.kind, valueRe.flags, ocr);
        if (am) {
          const s = labelEnd + am.start;
          found = candidate(ix, spec.kind, s, s + am.length, w * 0.88, rule.negate);
        }
      }
      if (!found && !rule.adjacent && rest.trim().length < 4) {
        // Running text wrapped after the label: continue on the next row.
        const vm = valueRe.exec(ix.flat.slice(labelEnd, labelEnd + (rule.near ?? 90)));
        if (vm) {
          const s = labelEnd + vm.index;
          found = candidate(ix, spec.kind, s, s + vm[0].length, w * 0.88, rule.negate);
        }
      }
      if (found) out.push(found);
    }
  }
  for (const p of spec.patterns ?? []) {
    const re = new RegExp(p.re.source, `${p.re.flags.replace(/[gd]/g, '')}gd`);
    for (const m of ix.flat.matchAll(re)) {
      const g = m.indices?.groups?.v;
      if (!g) continue;
      const c = candidate(ix, spec.kind, g[0], g[1], p.w ?? 0.95, p.negate);
      if (c) out.push(c);
    }
  }
  return out;
}

/** The label is the first text of its cell (a header or a form label, not words of prose). */
function opensCell(ix: PageIndex, start: number, row: { start: number }): boolean {
  const cellStart = Math.max(row.start, ix.text.lastIndexOf('\t', start - 1) + 1);
  return ix.text.slice(cellStart, start).trim() === '';
}

/**
 * Start of a word inside a span where a value begins that lies (partly) under the label; the
 * span's start when none does.
 */
function valueUnder(
  ix: PageIndex,
  span: { start: number; end: number },
  labelRect: Rect,
  re: RegExp,
): number {
  for (let i = span.start + 1; i < span.end; i++) {
    if (ix.text[i - 1] !== ' ' || ix.charWord[i] === -1) continue;
    const m = re.exec(ix.text.slice(i, span.end));
    if (!m) continue;
    const r = spanRect(ix, i, i + m[0].length);
    if (r[0] + r[2] > labelRect[0] && r[0] < labelRect[0] + labelRect[2]) return i;
  }
  return span.start;
}

/**
 * A label inside a sentence ("… werden hiermit Zinsen festgesetzt."): words on both sides of it in
 * its own cell (the text between tabs). What stands below such a word belongs to the next line of
 * the paragraph, not to a column under a header.
 */
function inProse(ix: PageIndex, start: number, end: number, row: { start: number; end: number }): boolean {
  const cellStart = Math.max(row.start, ix.text.lastIndexOf('\t', start - 1) + 1);
  const tab = ix.text.indexOf('\t', end);
  const cellEnd = tab < 0 || tab > row.end ? row.end : tab;
  const before = ix.text.slice(cellStart, start);
  const after = ix.text.slice(end, cellEnd);
  return /\p{L}{2,}\s+$/u.test(before) && /^\s+\p{Ll}{3,}/u.test(after);
}

/** Adds closeness-to-hint to the scores (hints come from earlier notices of the same sender). */
export function applyHint(cands: Candidate[], hint: FieldHint | undefined): void {
  if (!hint) return;
  const [hx, hy, hw, hh] = hint.rect;
  for (const c of cands) {
    if (c.page !== hint.page) continue;
    const cx = c.rect[0] + c.rect[2] / 2;
    const cy = c.rect[1] + c.rect[3] / 2;
    const dx = Math.max(0, Math.abs(cx - (hx + hw / 2)) - hw / 2);
    const dy = Math.max(0, Math.abs(cy - (hy + hh / 2)) - hh / 2);
    c.score += 0.3 * Math.exp(-Math.hypot(dx, dy) / 40);
  }
}

/** Best candidate: highest score, then earliest (page, position). Equal values reinforce each other. */
export function best(cands: Candidate[]): Candidate | null {
  if (cands.length === 0) return null;
  const support = new Map<string, number>();
  for (const c of cands) support.set(String(c.value), (support.get(String(c.value)) ?? 0) + 1);
  const sorted = [...cands].sort(
    (a, b) =>
      b.score +
        0.02 * Math.min(3, support.get(String(b.value)) ?? 0) -
        (a.score + 0.02 * Math.min(3, support.get(String(a.value)) ?? 0)) ||
      a.page - b.page ||
      a.pos - b.pos,
  );
  return sorted[0] ?? null;
}
