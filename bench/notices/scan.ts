/**
 * Makes a "scanned" variant of a text PDF: rasterised, slightly rotated, noisy, no text layer.
 * Two profiles: `default` (gentle: ±1°, 150–300 dpi, light noise — the recorded figures depend on
 * it byte for byte) and `rough` (what company mail rooms send: every page skewed by its own angle
 * up to ±3.5°, 150–200 dpi, stronger noise and JPEG loss, about one page in eight fed upside down,
 * i.e. turned 180° in the image, not by /Rotate).
 */
import { PDFDocument } from 'pdf-lib';
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { canvasModule, openPdf } from '../../packages/extraction/src/pdf.js';
import type { Rng } from './data.js';

export interface ScanOptions {
  dpi: number;
  /** Rotation in degrees (±1). */
  angle: number;
  /** Noise amplitude in grey levels. */
  noise: number;
  /** Rough profile only: every page draws its own angle up to ±maxAngle and is turned 180° with this share. */
  perPage?: { maxAngle: number; upsideDown: number };
  /** JPEG quality (default 78). */
  quality?: number;
}

export type ScanProfile = 'default' | 'rough';
export const SCAN_PROFILES: readonly ScanProfile[] = ['default', 'rough'];

export function scanOptionsFor(profile: ScanProfile, r: Rng): ScanOptions {
  return profile === 'rough' ? roughScanOptions(r) : scanOptions(r);
}

/** The rough profile: skewed up to ±3.5° per page, 150–200 dpi, noisier, 1 page in 8 upside down. */
export function roughScanOptions(r: Rng): ScanOptions {
  return {
    dpi: [150, 175, 200][Math.floor(r() * 3)] ?? 200,
    angle: 0,
    noise: 10 + r() * 12,
    perPage: { maxAngle: 3.5, upsideDown: 1 / 8 },
    quality: 60 + Math.floor(r() * 15),
  };
}

export function scanOptions(r: Rng): ScanOptions {
  return {
    dpi: [150, 200, 240, 300][Math.floor(r() * 4)] ?? 200,
    angle: (r() * 2 - 1) * 1,
    noise: 4 + r() * 8,
  };
}

export async function scanPdf(pdf: Uint8Array, opts: ScanOptions, r: Rng): Promise<Uint8Array> {
  const src = await openPdf(pdf);
  const out = await PDFDocument.create();
  try {
    for (let i = 1; i <= src.numPages; i++) {
      const page = await src.getPage(i);
      // The rough profile: this page's own skew and orientation (the default draws nothing here).
      const pageOpts = opts.perPage
        ? {
            ...opts,
            angle: (r() * 2 - 1) * opts.perPage.maxAngle + (r() < opts.perPage.upsideDown ? 180 : 0),
          }
        : opts;
      const { jpeg, width, height } = await rasterise(page, pageOpts, r);
      const img = await out.embedJpg(jpeg);
      const p = out.addPage([width, height]);
      p.drawImage(img, { x: 0, y: 0, width, height });
    }
  } finally {
    await src.destroy();
  }
  return out.save();
}

async function rasterise(page: PDFPageProxy, opts: ScanOptions, r: Rng) {
  const vp = page.getViewport({ scale: opts.dpi / 72 });
  const w = Math.ceil(vp.width);
  const h = Math.ceil(vp.height);
  const { createCanvas } = canvasModule();
  const src = createCanvas(w, h);
  const sctx = src.getContext('2d');
  sctx.fillStyle = '#fff';
  sctx.fillRect(0, 0, w, h);
  type RenderParams = Parameters<PDFPageProxy['render']>[0];
  await page.render({ canvas: src, canvasContext: sctx, viewport: vp } as unknown as RenderParams).promise;

  const dst = createCanvas(w, h);
  const ctx = dst.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, w, h);
  ctx.translate(w / 2, h / 2);
  ctx.rotate((opts.angle * Math.PI) / 180);
  ctx.translate(-w / 2, -h / 2);
  ctx.drawImage(src, 0, 0);
  ctx.setTransform(1, 0, 0, 1, 0, 0);

  const img = ctx.getImageData(0, 0, w, h);
  const d = img.data;
  const paper = 235 + Math.floor(r() * 15);
  for (let i = 0; i < d.length; i += 4) {
    const g = 0.299 * (d[i] ?? 0) + 0.587 * (d[i + 1] ?? 0) + 0.114 * (d[i + 2] ?? 0);
    let v = (g / 255) * paper + (r() - 0.5) * 2 * opts.noise;
    if (r() < 0.0008) v = r() * 90; // dust
    const c = Math.max(0, Math.min(255, Math.round(v)));
    d[i] = c;
    d[i + 1] = c;
    d[i + 2] = c;
  }
  ctx.putImageData(img, 0, 0);
  const jpeg = await dst.encode('jpeg', opts.quality ?? 78);
  const view = page.getViewport({ scale: 1 });
  return { jpeg, width: view.width, height: view.height };
}
