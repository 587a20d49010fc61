/**
 * Image clean-up before OCR: scanned notices carry dust and pixel noise that tesseract reads as
 * junk words ("Se", "A", "SC") between a label and its value. We find the ink with Otsu's
 * threshold, remove specks far smaller than a full stop, and stretch the contrast so grey print
 * on grey paper becomes dark print on white.
 */

/** Otsu's threshold of a grey histogram (0–255): grey levels ≤ threshold are ink. */
export function otsuThreshold(hist: ArrayLike<number>): number {
  let total = 0;
  let sum = 0;
  for (let t = 0; t < 256; t++) {
    total += hist[t] ?? 0;
    sum += t * (hist[t] ?? 0);
  }
  let sumB = 0;
  let wB = 0;
  let best = -1;
  let threshold = 127;
  for (let t = 0; t < 256; t++) {
    wB += hist[t] ?? 0;
    if (!wB) continue;
    const wF = total - wB;
    if (!wF) break;
    sumB += t * (hist[t] ?? 0);
    const between = wB * wF * (sumB / wB - (sum - sumB) / wF) ** 2;
    if (between > best) {
      best = between;
      threshold = t;
    }
  }
  return threshold;
}

/** Grey level (0–255, Rec. 601 luma) of the RGBA pixel at byte offset `o`. */
export const luma = (rgba: ArrayLike<number>, o: number): number =>
  Math.round(0.299 * (rgba[o] ?? 255) + 0.587 * (rgba[o + 1] ?? 255) + 0.114 * (rgba[o + 2] ?? 255));

export interface CleanStats {
  threshold: number;
  /** Ink components removed as specks. */
  specks: number;
  /** Pixels of horizontal rules removed. */
  rules: number;
}

/**
 * Cleans an RGBA image in place for OCR (the result is grey, R = G = B):
 * - ink components (8-connected, at or below the Otsu threshold) of at most `maxSpeck` pixels
 *   are painted paper-white; `maxSpeck` should be well under the area of a full stop
 *   (about 12 px at 300 dpi for 9 pt print);
 * - grey levels are stretched so the paper is white and the ink keeps its contrast.
 */
export function cleanForOcr(
  rgba: Uint8ClampedArray,
  width: number,
  height: number,
  maxSpeck = 6,
  dpi = 300,
): CleanStats {
  const n = width * height;
  const grey = new Uint8Array(n);
  const hist = new Uint32Array(256);
  for (let i = 0; i < n; i++) {
    const o = i * 4;
    const v = luma(rgba, o);
    grey[i] = v;
    hist[v] = (hist[v] ?? 0) + 1;
  }
  const threshold = otsuThreshold(hist);
  // Paper level: the median of the light pixels.
  let light = 0;
  for (let t = threshold + 1; t < 256; t++) light += hist[t] ?? 0;
  let paper = 255;
  for (let t = threshold + 1, seen = 0; t < 256; t++) {
    seen += hist[t] ?? 0;
    if (seen * 2 >= light) {
      paper = t;
      break;
    }
  }
  // Label ink components with an explicit stack; paint the small ones white.
  const seen = new Uint8Array(n);
  const stack = new Int32Array(n);
  const members = new Int32Array(Math.max(1, maxSpeck + 1));
  let specks = 0;
  for (let i = 0; i < n; i++) {
    if (seen[i] || (grey[i] ?? 255) > threshold) continue;
    let sp = 0;
    let area = 0;
    stack[sp++] = i;
    seen[i] = 1;
    while (sp > 0) {
      const p = stack[--sp] ?? 0;
      if (area <= maxSpeck) members[area] = p;
      area++;
      const x = p % width;
      const y0 = p - x;
      for (let dy = -width; dy <= width; dy += width) {
        const row = y0 + dy;
        if (row < 0 || row >= n) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= width) continue;
          const q = row + xx;
          if (!seen[q] && (grey[q] ?? 255) <= threshold) {
            seen[q] = 1;
            stack[sp++] = q;
          }
        }
      }
    }
    if (area <= maxSpeck) {
      specks++;
      for (let k = 0; k < area; k++) grey[members[k] ?? 0] = 255;
    }
  }
  // Rules count as print down to halfway between the ink threshold and the paper (faint grey rules).
  const rules = removeRules(grey, width, height, Math.round((threshold + paper) / 2), dpi);
  // Contrast: map the paper level to white, keep black black.
  const scale = paper > 0 ? 255 / paper : 1;
  for (let i = 0; i < n; i++) {
    const v = Math.min(255, Math.round((grey[i] ?? 255) * scale));
    const o = i * 4;
    rgba[o] = v;
    rgba[o + 1] = v;
    rgba[o + 2] = v;
    rgba[o + 3] = 255;
  }
  return { threshold, specks, rules };
}

/**
 * Horizontal rules (table borders under every row, the line above a footer, form lines) painted
 * paper-white. Tesseract takes a rule that touches or runs close under a text line as part of it
 * and then reads the line as garbage or drops it (a row lost from a ruled Zerlegung table, the bank
 * line under a footer rule). The page is cut into vertical strips half an inch wide: in a strip a
 * rule is a row whose three-row band is inked across (nearly) the whole strip, even on a scan
 * rotated by a degree; rows like that in at least four neighbouring strips, each within three
 * pixel rows of the last, are one rule (text has gaps between letters and words). Of a rule only
 * the pixels of thin vertical runs (at most about 2 pt) go, so a letter standing on it keeps its
 * stems. `ink` is the grey level up to which a pixel counts as print (faint grey rules included).
 * Returns the pixels removed.
 */
export function removeRules(
  grey: Uint8Array,
  width: number,
  height: number,
  ink: number,
  dpi: number,
): number {
  const S = Math.max(8, Math.round(dpi / 2));
  const strips = Math.floor(width / S);
  const maxThick = Math.max(2, Math.round((2 * dpi) / 72));
  if (strips < 4 || height < 3) return 0;
  const dark = (i: number) => (grey[i] ?? 255) <= ink;
  // Per strip, the rows inked across: their band (row above, the row, row below) covers ≥ 95 %.
  const ruled: number[][] = [];
  for (let j = 0; j < strips; j++) {
    const rows: number[] = [];
    for (let y = 1; y < height - 1; y++) {
      let n = 0;
      for (let k = 0; k < S; k++) {
        const i = y * width + j * S + k;
        if (dark(i) || dark(i - width) || dark(i + width)) n++;
      }
      if (n >= 0.95 * S) rows.push(y);
    }
    ruled.push(rows);
  }
  // Chains across neighbouring strips: longest run through each ruled row, forward and back.
  const chain = (order: number[]) => {
    const len = ruled.map((rows) => new Map(rows.map((y) => [y, 0])));
    let prev: number | null = null;
    for (const j of order) {
      for (const y of ruled[j]!) {
        let best = 0;
        if (prev !== null)
          for (const [py, l] of len[prev]!) if (Math.abs(py - y) <= 3) best = Math.max(best, l);
        len[j]!.set(y, best + 1);
      }
      prev = j;
    }
    return len;
  };
  const idx = [...Array(strips).keys()];
  const fwd = chain(idx);
  const bwd = chain([...idx].reverse());
  const onRule = new Uint8Array(width * height);
  let any = false;
  for (let j = 0; j < strips; j++) {
    for (const y of ruled[j]!) {
      if (fwd[j]!.get(y)! + bwd[j]!.get(y)! - 1 < 4) continue;
      any = true;
      // The strip's columns, and half a strip beyond the chain's ends (the rule runs on a little).
      const x0 = j * S - (j === 0 ? 0 : S / 2);
      const x1 = j === strips - 1 ? width : (j + 1) * S + S / 2;
      for (let yy = y - 1; yy <= y + 1; yy++)
        onRule.fill(1, yy * width + Math.max(0, x0), yy * width + Math.min(width, x1));
    }
  }
  if (!any) return 0;
  // Vertical run length of every dark pixel on a rule: thin ones are the rule, long ones stems.
  const paint: number[] = [];
  for (let x = 0; x < width; x++) {
    let y = 0;
    while (y < height) {
      if (!dark(y * width + x)) {
        y++;
        continue;
      }
      let e = y;
      while (e < height && dark(e * width + x)) e++;
      if (e - y <= maxThick) for (let k = y; k < e; k++) if (onRule[k * width + x]) paint.push(k * width + x);
      y = e;
    }
  }
  for (const i of paint) grey[i] = 255;
  return paint.length;
}
