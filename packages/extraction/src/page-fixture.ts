/**
 * Test pages built from rows of text (shared by the wording tests: identifiers, notice dates,
 * date roles, interest wordings, schedules, regex safety). A row is a string whose " | " starts a
 * new cell `column` pt further right (a table column), or a list of [x, text] cells at fixed
 * positions; words are 5 pt per character with a 4 pt gap, rows 15 pt apart.
 */
import { buildLines } from './layout.js';
import type { Page, Word } from './types.js';

export interface PageOptions {
  /** x of the first cell (default 40). */
  left?: number;
  /** distance between cells (default 110). */
  column?: number;
  /** page width (default 842). */
  width?: number;
  confidence?: number;
  source?: Page['source'];
}

export function pageOf(
  rows: readonly (string | readonly [number, string][])[],
  opts: PageOptions = {},
): Page {
  const { left = 40, column = 110, width = 842, confidence = 0.95, source = 'text' } = opts;
  const words: Word[] = [];
  for (const [r, row] of rows.entries()) {
    const cells =
      typeof row === 'string' ? row.split(' | ').map((c, i) => [left + i * column, c] as const) : row;
    for (const [x0, cell] of cells) {
      let x = x0;
      for (const t of cell.split(' ').filter(Boolean)) {
        words.push({ text: t, rect: [x, 50 + r * 15, t.length * 5, 10], confidence });
        x += t.length * 5 + 4;
      }
    }
  }
  return { page: 1, width, height: 842, words, lines: buildLines(words), source };
}
