import type { Line, Rect, Word } from './types.js';

/** Union of rectangles. */
export function unionRect(rects: readonly Rect[]): Rect {
  if (rects.length === 0) return [0, 0, 0, 0];
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  for (const [x, y, w, h] of rects) {
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x + w);
    y1 = Math.max(y1, y + h);
  }
  return roundRect([x0, y0, x1 - x0, y1 - y0]);
}

export function roundRect(r: Rect): Rect {
  const f = (n: number) => Math.round(n * 100) / 100;
  return [f(r[0]), f(r[1]), f(r[2]), f(r[3])];
}

const median = (xs: number[]): number => {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

/**
 * Groups words into lines: words on the same baseline, split where the horizontal gap is
 * large (table columns, two-column layouts). Lines are sorted top to bottom, left to right.
 */
export function buildLines(words: readonly Word[], skew = 0): Line[] {
  // `skew` is the slope (dy/dx) of the text lines, as measured on slightly rotated scans.
  const base = (w: Word) => w.rect[1] + w.rect[3] - skew * (w.rect[0] + w.rect[2] / 2);
  const sorted = [...words].sort((a, b) => base(a) - base(b));
  const rows: Word[][] = [];
  let current: Word[] = [];
  let rowBottom = 0;
  let rowHeight = 0;
  for (const w of sorted) {
    const bottom = base(w);
    const h = w.rect[3];
    if (current.length > 0 && Math.abs(bottom - rowBottom) <= Math.max(2, 0.45 * Math.min(h, rowHeight))) {
      current.push(w);
    } else {
      if (current.length > 0) rows.push(current);
      current = [w];
      rowBottom = bottom;
      rowHeight = h;
    }
  }
  if (current.length > 0) rows.push(current);

  return rows.flatMap(splitRow);
}

/** Splits one row of words into lines (segments) where the horizontal gap is large. */
export function splitRow(row: readonly Word[]): Line[] {
  const sorted = [...row].sort((a, b) => a.rect[0] - b.rect[0]);
  const h = median(sorted.map((w) => w.rect[3]));
  const maxGap = Math.max(6, 1.3 * h);
  const lines: Line[] = [];
  let seg: Word[] = [];
  const flush = () => {
    if (seg.length === 0) return;
    lines.push({
      text: seg.map((w) => w.text).join(' '),
      rect: unionRect(seg.map((w) => w.rect)),
      words: seg,
    });
    seg = [];
  };
  for (const w of sorted) {
    const prev = seg[seg.length - 1];
    if (prev && w.rect[0] - (prev.rect[0] + prev.rect[2]) > maxGap) flush();
    seg.push(w);
  }
  flush();
  return lines;
}

/** Share of `r` that lies inside `box` (by area; by width for zero-height boxes). */
export function overlapRatio(r: Rect, box: Rect): number {
  const ix = Math.max(0, Math.min(r[0] + r[2], box[0] + box[2]) - Math.max(r[0], box[0]));
  const iy = Math.max(0, Math.min(r[1] + r[3], box[1] + box[3]) - Math.max(r[1], box[1]));
  const area = r[2] * r[3];
  return area > 0 ? (ix * iy) / area : 0;
}

/** Horizontal overlap of two rects relative to the narrower one. */
export function xOverlap(a: Rect, b: Rect): number {
  const ix = Math.min(a[0] + a[2], b[0] + b[2]) - Math.max(a[0], b[0]);
  return ix / Math.max(1, Math.min(a[2], b[2]));
}
