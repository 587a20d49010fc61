/** Makes a "scanned" variant of a text PDF: rasterised, slightly rotated, noisy, no text layer. */
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
      const { jpeg, width, height } = await rasterise(page, opts, r);
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
  const jpeg = await dst.encode('jpeg', 78);
  const view = page.getViewport({ scale: 1 });
  return { jpeg, width: view.width, height: view.height };
}
