/**
 * Shared set-up of the solver tests (solver*.test.ts): candidates, text pages built from lines or
 * from cells at fixed columns, and the fields and checks read from one page.
 */
import { buildLines } from './layout.js';
import { extractFieldsChecked } from './fields.js';
import type { Candidate } from './search.js';
import type { DocumentType, Page, Word } from './types.js';

/** A candidate value at reading position `pos` (one 12 pt row per position). */
export const cand = (value: string | number, score = 1, pos = 0): Candidate => ({
  value,
  score,
  confidence: 1,
  page: 1,
  rect: [0, pos * 12, 50, 10],
  pos,
});

const textPage = (words: Word[]): Page => ({
  page: 1,
  width: 595,
  height: 842,
  words,
  lines: buildLines(words),
  source: 'text',
});

/** A text page from lines of text (one word box per word, 14 pt rows; "|" is a column gap). */
export function page(lines: string[]): Page {
  const words: Word[] = [];
  lines.forEach((line, row) => {
    let x = 60;
    for (const t of line.split(/ +/)) {
      if (t === '|') {
        x += 120;
        continue;
      }
      if (t === '') continue;
      words.push({ text: t, rect: [x, 60 + row * 14, t.length * 5, 10], confidence: 1 });
      x += t.length * 5 + 4;
    }
  });
  return textPage(words);
}

/** A page whose columns stand at fixed x positions (cells of a table, left-aligned). */
export function grid(rows: string[][], xs: number[]): Page {
  const words: Word[] = [];
  rows.forEach((cells, row) => {
    cells.forEach((cell, i) => {
      let x = xs[i] ?? 60 + i * 100;
      for (const t of cell.split(/ +/)) {
        if (!t) continue;
        words.push({ text: t, rect: [x, 60 + row * 14, t.length * 5, 10], confidence: 1 });
        x += t.length * 5 + 4;
      }
    });
  });
  return textPage(words);
}

/** Fields (values and as read) and the arithmetic checks of one page read as `type`. */
export const read = (type: DocumentType, p: Page) => {
  const { fields, checks } = extractFieldsChecked(type, [p]);
  const v = Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, f?.value]));
  return { v, fields, checks };
};

/** Cents as a German amount: 123450n → "1.234,50". */
export const de = (c: bigint): string => {
  const neg = c < 0n;
  const a = neg ? -c : c;
  const euros = String(a / 100n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${neg ? '-' : ''}${euros},${String(a % 100n).padStart(2, '0')}`;
};
/** Cents as a canonical field value: 123450n → "1234.50". */
export const canon = (c: bigint): string => {
  const neg = c < 0n;
  const a = neg ? -c : c;
  return `${neg ? '-' : ''}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
};
