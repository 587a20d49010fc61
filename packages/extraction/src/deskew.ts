/**
 * Skew and orientation of a scanned page, before OCR. Mail-room scans arrive skewed by a few
 * degrees (a sheet fed at an angle) and now and then upside down (a sheet fed the wrong way
 * round). Tesseract reads a few tenths of a degree well, but at 2–4° its lines drift across the
 * rows the engine builds from word boxes, and a page turned 180° reads as garbage.
 *
 * - Skew: the projection profile of the ink. Text lines are horizontal bands; sheared by the
 *   right angle, the row sums of the ink are sharpest (highest sum of squares). The image is
 *   reduced to ink cells of about 1/100 inch first, so a page costs a few milliseconds.
 * - Orientation: a profile cannot tell 0° from 180°. Only when the first reading looks bad
 *   (low word confidence, few word-like words) is the page read again turned 180°, and the
 *   turned reading is kept when it is clearly better — normal pages cost nothing extra.
 */
import { luma, otsuThreshold } from './preprocess.js';
import type { Page } from './types.js';

/**
 * Skews at or below this (degrees) are left alone. Up to about a degree tesseract reads the lines
 * and the engine follows their slope (`Page.skew`), while turning the image resamples a scan that
 * was already resampled once, which blurs thin print: on the benchmark's gentle scans (±1°)
 * straightening from 0.4° read 290 fields of 312 against 293 untouched (dev4 seed 1; the asterisk-
 * padded amounts of a table lost their digits). Beyond it the lines drift across the rows.
 */
export const DESKEW_MIN_ANGLE = 1.2;
/** The skew search covers ± this many degrees. */
export const DESKEW_MAX_ANGLE = 6;

export interface SkewEstimate {
  /**
   * Rotation of the content in degrees, clockwise positive on the image (y down), as
   * `ctx.rotate(angle)` would have produced it from a straight page; straighten with `-angle`.
   */
  angle: number;
  /** Profile sharpness at `angle` relative to the unrotated image (1 = no better than 0°). */
  gain: number;
  /** Ink cells the estimate is based on. */
  cells: number;
}

/**
 * Estimates the skew of an RGBA (or grey R = G = B) page image by projection profiles over
 * candidate angles: a coarse search over ±`maxAngle` in 0.25° steps (on every 4th ink cell),
 * then 0.05° steps around the best on all cells, then a parabola through the best three.
 */
export function estimateSkew(
  rgba: Uint8ClampedArray,
  width: number,
  height: number,
  maxAngle = DESKEW_MAX_ANGLE,
): SkewEstimate {
  // Ink cells of k × k pixels (about 100 dpi for a 200 dpi A4 render).
  const k = Math.max(1, Math.floor(Math.min(width, height) / 800));
  const hist = new Uint32Array(256);
  for (let y = 0; y < height; y += 2) {
    for (let x = 0; x < width; x += 2) {
      const o = (y * width + x) * 4;
      const v = luma(rgba, o);
      hist[v] = (hist[v] ?? 0) + 1;
    }
  }
  // Otsu on a page of print; never call light grey paper texture ink.
  const threshold = Math.min(otsuThreshold(hist), 160);
  const cw = Math.ceil(width / k);
  const ch = Math.ceil(height / k);
  const ink = new Uint8Array(cw * ch);
  for (let y = 0; y < height; y++) {
    const row = Math.floor(y / k) * cw;
    for (let x = 0; x < width; x++) {
      if ((rgba[(y * width + x) * 4] ?? 255) <= threshold) ink[row + Math.floor(x / k)] = 1;
    }
  }
  const xs: number[] = [];
  const ys: number[] = [];
  for (let cy = 0; cy < ch; cy++) {
    for (let cx = 0; cx < cw; cx++) {
      if (ink[cy * cw + cx]) {
        // Centred coordinates keep the sheared rows inside a small histogram.
        xs.push(cx - cw / 2);
        ys.push(cy - ch / 2);
      }
    }
  }
  const cells = xs.length;
  if (cells < 50) return { angle: 0, gain: 1, cells };
  const span = Math.ceil(Math.hypot(cw, ch)) + 2;
  const rows = new Float64Array(span);
  // `every`: the coarse search looks at every 4th ink cell only (it just has to land near the peak).
  const score = (deg: number, every = 1): number => {
    const t = (deg * Math.PI) / 180;
    const sin = Math.sin(t);
    const cos = Math.cos(t);
    rows.fill(0);
    const half = span / 2;
    for (let i = 0; i < cells; i += every) {
      // Row of the cell once the page is turned back by `deg`.
      const yr = (ys[i] ?? 0) * cos - (xs[i] ?? 0) * sin + half;
      const r0 = Math.floor(yr);
      const f = yr - r0;
      rows[r0] = (rows[r0] ?? 0) + 1 - f;
      rows[r0 + 1] = (rows[r0 + 1] ?? 0) + f;
    }
    let s = 0;
    for (let i = 0; i < span; i++) s += (rows[i] ?? 0) ** 2;
    return s;
  };
  let coarse = 0;
  let coarseScore = score(0, 4);
  for (let a = -maxAngle; a <= maxAngle + 1e-9; a += 0.25) {
    const s = score(a, 4);
    if (s > coarseScore) {
      coarseScore = s;
      coarse = a;
    }
  }
  const base = score(0);
  let best = 0;
  let bestScore = base;
  for (let a = coarse - 0.25; a <= coarse + 0.25 + 1e-9; a += 0.05) {
    const s = score(a);
    if (s > bestScore) {
      bestScore = s;
      best = a;
    }
  }
  // A parabola through the best fine step and its neighbours.
  const lo = score(best - 0.05);
  const hi = score(best + 0.05);
  const denom = lo - 2 * bestScore + hi;
  let angle = best;
  if (denom < 0) angle += (0.05 * (lo - hi)) / (2 * denom);
  return { angle: Math.round(angle * 100) / 100, gain: base > 0 ? bestScore / base : 1, cells };
}

/** Whether a skew estimate is worth straightening the image for. */
export function shouldDeskew(est: SkewEstimate): boolean {
  return Math.abs(est.angle) > DESKEW_MIN_ANGLE && est.gain > 1.01;
}

/** A word-like German token: letters only, a vowel, capitalised, lower case or all capitals. */
const WORDLIKE = /^(?:[A-ZÄÖÜ]?[a-zäöüß]{2,}|[A-ZÄÖÜ]{3,})$/u;
const VOWEL = /[aeiouäöüyAEIOUÄÖÜY]/u;

export interface Readability {
  /** Mean confidence (0–1) of the words with at least two letters or digits. */
  confidence: number;
  /** Share of the letter words (three letters or more) that look like German words. */
  wordlike: number;
  /** Words counted for `confidence`. */
  words: number;
}

/** How well a page was read: tesseract's confidence and how word-like its words are. */
export function readability(page: Pick<Page, 'words'>): Readability {
  let conf = 0;
  let n = 0;
  let letters = 0;
  let good = 0;
  for (const w of page.words) {
    const core = w.text.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    if ((core.match(/[\p{L}\p{N}]/gu)?.length ?? 0) < 2) continue;
    conf += w.confidence;
    n++;
    if (/^\p{L}{3,}$/u.test(core)) {
      letters++;
      if (WORDLIKE.test(core) && VOWEL.test(core)) good++;
    }
  }
  return { confidence: n ? conf / n : 0, wordlike: letters ? good / letters : 0, words: n };
}

/** One figure for comparing two readings of the same page (higher is better). */
const quality = (r: Readability) => r.confidence + r.wordlike;

/**
 * Whether a reading looks so bad that the page may be upside down: a page of print read
 * the right way up gives confident, word-like words (mean confidence ≈ 0.85, most letter
 * words German-looking); turned 180° it gives low confidence and letter salad.
 */
export function looksUnread(r: Readability): boolean {
  return r.words < 8 || r.confidence < 0.62 || r.wordlike < 0.55;
}

/** Whether the reading of the page turned 180° is clearly better than the first one. */
export function prefersTurned(first: Readability, turned: Readability): boolean {
  return turned.words >= 8 && quality(turned) > quality(first) + 0.15 && turned.confidence > first.confidence;
}
