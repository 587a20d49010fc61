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

export interface CleanStats {
  threshold: number;
  /** Ink components removed as specks. */
  specks: number;
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
): CleanStats {
  const n = width * height;
  const grey = new Uint8Array(n);
  const hist = new Uint32Array(256);
  for (let i = 0; i < n; i++) {
    const o = i * 4;
    const v = Math.round(
      0.299 * (rgba[o] ?? 255) + 0.587 * (rgba[o + 1] ?? 255) + 0.114 * (rgba[o + 2] ?? 255),
    );
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
  return { threshold, specks };
}
