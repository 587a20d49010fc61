import { describe, expect, it } from 'vitest';
import {
  DESKEW_MIN_ANGLE,
  estimateSkew,
  looksUnread,
  prefersTurned,
  readability,
  shouldDeskew,
} from './deskew.js';
import { canvasModule } from './pdf.js';
import type { Word } from './types.js';

/**
 * A synthetic page at 200 dpi (A4, 1654 × 2339 px): a letterhead, an address block, running
 * text of "words" (black boxes of varying length with gaps), a table with ruled columns and a
 * right-aligned figure column — drawn straight and then turned by `angle` degrees about the
 * centre (clockwise on screen, as a sheet fed at an angle).
 */
function page(angle: number, seed = 1, kind: 'letter' | 'table' | 'sparse' = 'letter') {
  const { createCanvas } = canvasModule();
  const W = 1654;
  const H = 2339;
  let s = seed;
  const rnd = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  const src = createCanvas(W, H);
  const c = src.getContext('2d');
  c.fillStyle = '#fff';
  c.fillRect(0, 0, W, H);
  c.fillStyle = '#000';
  // A line of "words": x-height boxes with the odd ascender, 9–12 pt at 200 dpi.
  const line = (x0: number, y: number, x1: number, size = 26) => {
    let x = x0;
    while (x < x1) {
      const w = Math.min(x1 - x, 30 + rnd() * 140);
      c.fillRect(x, y, w, size * 0.55);
      if (rnd() < 0.5) c.fillRect(x + 3, y - size * 0.25, 5, size * 0.25);
      x += w + 14 + rnd() * 10;
    }
  };
  if (kind === 'sparse') {
    // A covering letter: a letterhead and three short lines.
    line(180, 200, 900, 40);
    for (let i = 0; i < 3; i++) line(180, 700 + i * 50, 700 + rnd() * 500);
  } else {
    line(180, 180, 1000, 44);
    for (let i = 0; i < 5; i++) line(180, 420 + i * 42, 620 + rnd() * 200);
    for (let i = 0; i < 4; i++) line(1050, 420 + i * 42, 1450);
    let y = 760;
    for (let i = 0; i < (kind === 'table' ? 4 : 18); i++, y += 46)
      line(180, y, 1470 - (i % 5 === 4 ? 500 : 0));
    if (kind === 'table') {
      // Ruled table: horizontal and vertical rules, a label and a right-aligned figure per row.
      c.fillRect(170, y, 1320, 3);
      for (let i = 0; i < 14; i++, y += 52) {
        line(190, y + 16, 520 + rnd() * 300);
        line(1250 + rnd() * 80, y + 16, 1470);
        c.fillRect(170, y + 50, 1320, 2);
      }
      c.fillRect(170, y - 14 * 52, 3, 14 * 52);
      c.fillRect(1220, y - 14 * 52, 3, 14 * 52);
      c.fillRect(1488, y - 14 * 52, 3, 14 * 52);
    }
  }
  const dst = createCanvas(W, H);
  const ctx = dst.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, W, H);
  ctx.translate(W / 2, H / 2);
  ctx.rotate((angle * Math.PI) / 180);
  ctx.translate(-W / 2, -H / 2);
  ctx.drawImage(src, 0, 0);
  return { data: ctx.getImageData(0, 0, W, H).data, W, H };
}

/** The angle modulo 180, in (−90, 90]: a profile cannot tell a page from the page upside down. */
const mod180 = (a: number) => ((((a + 90) % 180) + 180) % 180) - 90;

describe('estimateSkew (projection profiles)', () => {
  it.each([
    [-3.5, 'letter'],
    [-2.2, 'table'],
    [-0.7, 'letter'],
    [0, 'letter'],
    [1.3, 'table'],
    [3.3, 'letter'],
    [5.2, 'letter'],
    [2.6, 'sparse'],
  ] as const)('finds a page turned by %f° (%s) within 0.3°', (angle, kind) => {
    const { data, W, H } = page(angle, 7, kind);
    const est = estimateSkew(data, W, H);
    expect(Math.abs(est.angle - angle)).toBeLessThanOrEqual(0.3);
  });

  it('finds the skew of a page that is also upside down (180° + 2.4°) modulo 180', () => {
    const { data, W, H } = page(182.4, 3, 'table');
    const est = estimateSkew(data, W, H);
    expect(Math.abs(est.angle - mod180(182.4))).toBeLessThanOrEqual(0.3);
  });

  it('leaves a straight page and a blank page alone', () => {
    const straight = page(0, 11, 'table');
    const est = estimateSkew(straight.data, straight.W, straight.H);
    expect(shouldDeskew(est)).toBe(false);
    const blank = new Uint8ClampedArray(800 * 1100 * 4).fill(255);
    const none = estimateSkew(blank, 800, 1100);
    expect(none.angle).toBe(0);
    expect(shouldDeskew(none)).toBe(false);
  });

  it('straightens only beyond the threshold', () => {
    const small = page(DESKEW_MIN_ANGLE / 2, 5);
    expect(shouldDeskew(estimateSkew(small.data, small.W, small.H))).toBe(false);
    const big = page(-2.8, 5);
    expect(shouldDeskew(estimateSkew(big.data, big.W, big.H))).toBe(true);
  });
});

const words = (items: [string, number][]): Word[] =>
  items.map(([text, confidence], i) => ({ text, confidence, rect: [10 + i * 40, 10, 35, 10] }));

describe('upside-down decision (readability of a reading)', () => {
  // A Zinsbescheid read the right way up: confident German words, figures and dates.
  const upright = words([
    ['Stadtverwaltung', 0.93],
    ['Kämmerei', 0.91],
    ['Bescheid', 0.95],
    ['über', 0.9],
    ['Nachzahlungszinsen', 0.88],
    ['zur', 0.94],
    ['Gewerbesteuer', 0.92],
    ['2023', 0.96],
    ['festgesetzte', 0.89],
    ['Zinsen', 0.93],
    ['1.234,50', 0.9],
    ['EUR', 0.95],
    ['fällig', 0.9],
    ['am', 0.97],
    ['15.03.2025', 0.92],
    ['§', 0.6],
  ]);
  // The same page fed upside down: tesseract reads letter salad at low confidence.
  const salad = words([
    ['ɹǝpo', 0.21],
    ["0S'ttZ'l", 0.33],
    ['uǝsuıZ', 0.28],
    ['ǝʇzʇǝs', 0.3],
    ['EZOZ', 0.41],
    ['lǝnǝʇs', 0.25],
    ['qɹǝʍǝ9', 0.22],
    ['ɹnz', 0.5],
    ["SZOZ'E0'SL", 0.35],
    ['pıɐɥ', 0.3],
    ['Illlnn', 0.38],
    ['wɐ', 0.45],
  ]);

  it('reads a normal page once: confident, word-like words', () => {
    const r = readability({ words: upright });
    expect(r.confidence).toBeGreaterThan(0.85);
    expect(r.wordlike).toBeGreaterThan(0.9);
    expect(looksUnread(r)).toBe(false);
  });

  it('tries the turn on letter salad and keeps the turned reading', () => {
    const first = readability({ words: salad });
    expect(looksUnread(first)).toBe(true);
    expect(prefersTurned(first, readability({ words: upright }))).toBe(true);
  });

  it('keeps the first reading when the turn is no better (a poor page, not an upside-down one)', () => {
    const poor = words([
      ['Steuerbescheid', 0.55],
      ['Messbetrag', 0.5],
      ['Hebesatz', 0.52],
      ['v.', 0.4],
      ['H.', 0.4],
      ['Gewerbesteuer', 0.58],
      ['Betrag', 0.5],
      ['Vorauszahlung', 0.49],
      ['Kassenzeichen', 0.55],
    ]);
    const first = readability({ words: poor });
    expect(looksUnread(first)).toBe(true);
    expect(prefersTurned(first, readability({ words: salad }))).toBe(false);
    // Marginally better is not enough to turn the page.
    const slightly = poor.map((w) => ({ ...w, confidence: w.confidence + 0.05 }));
    expect(prefersTurned(first, readability({ words: slightly }))).toBe(false);
  });

  it('a page with hardly any words is not turned on noise', () => {
    const few = words([
      ['Anlage', 0.9],
      ['2', 0.9],
    ]);
    expect(prefersTurned(readability({ words: salad }), readability({ words: few }))).toBe(false);
  });
});
