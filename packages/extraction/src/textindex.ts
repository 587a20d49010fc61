import { correctLabelWords } from './fuzzy.js';
import { overlapRatio, unionRect, xOverlap } from './layout.js';
import type { Line, Page, Rect, Word } from './types.js';

/** OCR junk: short letter-only tokens read with very low confidence (dust, dotted leaders). */
const isJunk = (w: Word) => w.confidence < 0.3 && /^\p{L}{1,4}$/u.test(w.text);

/**
 * OCR reads a digit of a printed number as a look-alike letter now and then ("l5.O8.2O25",
 * "2.43O,00"): a token of digits, look-alikes and the separators of dates and amounts, with at
 * least three real digits and a separator, is a number — O/o → 0, l/I/| → 1. Not words, not
 * "I/2025" (a slash is no separator here), not a token of letters only.
 */
const NUMERAL = /^([(]?)([\dOoIl|]{1,4}(?:[.,][\dOoIl|]{1,4})+[.,]?(?:--?|–)?)([€):;,]*)$/u;
/** A year of this century read with look-alike letters ("2O22", "2O1l"), as a token of its own. */
const YEAR_LOOKALIKE = /^([(]?)(2[0Oo][\dOoIl|]{2})([.,:;)]?)$/u;
/**
 * Protective fill before an amount ("****9.792,60" on continuous forms), OCR reading some of its
 * asterisks as "#", "+" or "x": at least one asterisk, then only fill characters, then the digits.
 */
const FILL = /^[*#+x×]*\*[*#+x×]*(?=\d)/u;
/** Thousands grouped by commas, as OCR reads the points of "4.538,00" ("4,538,00"). */
const COMMA_GROUPED = /^(\d{1,3}(?:,\d{3})+)(,\d{2}(?!\d))/u;
export function correctNumeral(raw: string): string {
  const filled = raw.replace(FILL, '');
  const text = filled.replace(
    COMMA_GROUPED,
    (_, int: string, dec: string) => `${int.replaceAll(',', '.')}${dec}`,
  );
  if (text !== raw) return text;
  const y = YEAR_LOOKALIKE.exec(text);
  if (y && /[OoIl|]/u.test(y[2]!) && (y[2]!.match(/\d/gu)?.length ?? 0) >= 2)
    return `${y[1]}${y[2]!.replace(/[Oo]/gu, '0').replace(/[Il|]/gu, '1')}${y[3]}`;
  const m = NUMERAL.exec(text);
  if (!m || !/[OoIl|]/u.test(m[2]!) || (m[2]!.match(/\d/gu)?.length ?? 0) < 3) return text;
  return `${m[1]}${m[2]!.replace(/[Oo]/gu, '0').replace(/[Il|]/gu, '1')}${m[3]}`;
}
function correctNumerals(words: readonly Word[]): Word[] {
  let changed = false;
  const out = words.map((w) => {
    const text = correctNumeral(w.text);
    if (text === w.text) return w;
    changed = true;
    return { ...w, text, confidence: w.confidence * 0.9 };
  });
  return changed ? out : (words as Word[]);
}

function correctLine(line: Line): Line {
  const kept = line.words.some(isJunk) ? line.words.filter((w) => !isJunk(w)) : line.words;
  const words = correctNumerals(correctLabelWords(kept));
  return words === line.words ? line : { ...line, words, text: words.map((w) => w.text).join(' ') };
}

/**
 * A page as searchable text: rows separated by "\n", segments of a row (columns) by "\t",
 * words by " ". Every character maps back to its word, so a regex match has a rectangle.
 */
export interface PageIndex {
  page: Page;
  text: string;
  /** Same as text with "\n" and "\t" replaced by " " (for running text across lines). */
  flat: string;
  /** Word index per character, -1 for separators. */
  charWord: Int32Array;
  words: Word[];
  /** Row number per word. */
  wordRow: number[];
  rows: { start: number; end: number; rect: Rect; lines: Line[] }[];
}

export function indexPage(page: Page): PageIndex {
  // Group lines (segments) into rows by vertical overlap of their boxes.
  // On a rotated scan, compare heights after removing the slope.
  const skew = page.skew ?? 0;
  const y = (l: Line) => l.rect[1] - skew * (l.rect[0] + l.rect[2] / 2);
  // OCR: map misread label words back to the label ("Steuerhummer" → "Steuernummer").
  const pageLines =
    page.source === 'ocr' ? page.lines.map(correctLine).filter((l) => l.words.length > 0) : page.lines;
  const sorted = [...pageLines].sort((a, b) => y(a) + a.rect[3] / 2 - (y(b) + b.rect[3] / 2));
  const rowsOfLines: Line[][] = [];
  for (const line of sorted) {
    const last = rowsOfLines[rowsOfLines.length - 1];
    const ref = last?.[0];
    const mid = y(line) + line.rect[3] / 2;
    if (last && ref && mid > y(ref) && mid < y(ref) + ref.rect[3]) last.push(line);
    else rowsOfLines.push([line]);
  }
  let text = '';
  const charWord: number[] = [];
  const words: Word[] = [];
  const wordRow: number[] = [];
  const rows: PageIndex['rows'] = [];
  rowsOfLines.forEach((lines, r) => {
    if (r > 0) {
      text += '\n';
      charWord.push(-1);
    }
    const start = text.length;
    lines.sort((a, b) => a.rect[0] - b.rect[0]);
    lines.forEach((line, li) => {
      if (li > 0) {
        text += '\t';
        charWord.push(-1);
      }
      line.words.forEach((w, wi) => {
        if (wi > 0) {
          text += ' ';
          charWord.push(-1);
        }
        const idx = words.length;
        words.push(w);
        wordRow.push(r);
        text += w.text;
        for (let i = 0; i < w.text.length; i++) charWord.push(idx);
      });
    });
    rows.push({ start, end: text.length, rect: unionRect(lines.map((l) => l.rect)), lines });
  });
  return {
    page,
    text,
    flat: text.replace(/[\n\t]/g, ' '),
    charWord: Int32Array.from(charWord),
    words,
    wordRow,
    rows,
  };
}

/** Words covering the character span [start, end). */
export function wordsInSpan(ix: PageIndex, start: number, end: number): Word[] {
  const seen = new Set<number>();
  const out: Word[] = [];
  for (let i = start; i < end; i++) {
    const w = ix.charWord[i] ?? -1;
    if (w >= 0 && !seen.has(w)) {
      seen.add(w);
      const word = ix.words[w];
      if (word) out.push(word);
    }
  }
  return out;
}

export function spanRect(ix: PageIndex, start: number, end: number): Rect {
  return unionRect(wordsInSpan(ix, start, end).map((w) => w.rect));
}

export function spanConfidence(ix: PageIndex, start: number, end: number): number {
  const ws = wordsInSpan(ix, start, end);
  return ws.length ? Math.min(...ws.map((w) => w.confidence)) : 0;
}

export function rowOf(ix: PageIndex, charPos: number): number {
  let lo = 0;
  let hi = ix.rows.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((ix.rows[mid]?.start ?? 0) <= charPos) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * Text of the rows just below `rect` whose words overlap it horizontally: the value under a
 * table header or a stacked form label. Returns pieces with their character offsets.
 */
export function textBelow(ix: PageIndex, rect: Rect, maxRows = 2): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  const bottom = rect[1] + rect[3];
  const lineH = Math.max(6, rect[3]);
  for (const row of ix.rows) {
    if (out.length >= maxRows) break;
    // OCR boxes of a header word may reach into the next row (umlauts, descenders): allow 30 % overlap.
    if (
      row.rect[1] < bottom - Math.max(1, 0.3 * lineH) ||
      row.rect[1] > bottom + lineH * 3.2 * Math.max(1, out.length + 1)
    )
      continue;
    // The overlapping words of this row, as one contiguous character span.
    let s = -1;
    let e = -1;
    for (let i = row.start; i < row.end; i++) {
      const w = ix.words[ix.charWord[i] ?? -1];
      if (w && xOverlap(w.rect, rect) > 0) {
        if (s < 0) s = i;
        e = i + 1;
      }
    }
    if (s >= 0) {
      // Extend to whole words of the same segment (a right-aligned amount spills over).
      while (s > row.start && ix.text[s - 1] !== '\t' && ix.text[s - 1] !== '\n') s--;
      while (e < row.end && ix.text[e] !== '\t') e++;
      out.push({ start: s, end: e });
    }
  }
  return out;
}

/** Text of the words whose boxes lie mostly inside the rectangle (PDF points, top-left origin). */
export function textInRect(
  pages: readonly Page[],
  page: number,
  x: number,
  y: number,
  width: number,
  height: number,
) {
  const p = pages.find((pg) => pg.page === page);
  if (!p) return '';
  const box: Rect = [x, y, width, height];
  // Segments on the same row go on one line, separated by a space.
  const rows: { y: number; text: string }[] = [];
  for (const line of p.lines) {
    const ws = line.words.filter((w) => overlapRatio(w.rect, box) >= 0.5);
    if (!ws.length) continue;
    const mid = line.rect[1] + line.rect[3] / 2;
    const row = rows.find((r) => Math.abs(r.y - mid) < line.rect[3] / 2);
    const t = ws.map((w) => w.text).join(' ');
    if (row) row.text += ` ${t}`;
    else rows.push({ y: mid, text: t });
  }
  return rows.map((r) => r.text).join('\n');
}
