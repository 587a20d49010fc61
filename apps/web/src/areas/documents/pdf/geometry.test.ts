import { describe, expect, it } from 'vitest';
import { boxFromDrag, pdfRectToViewBox, type ViewportLike, viewBoxToPdfRect } from './geometry';

/** The transform of pdf.js's PageViewport (src/display/display_utils.js), enough for these tests. */
function viewport(viewBox: [number, number, number, number], scale: number, rotation: 0 | 90 | 180 | 270) {
  const centerX = (viewBox[2] + viewBox[0]) / 2;
  const centerY = (viewBox[3] + viewBox[1]) / 2;
  const [a, b, c, d] = {
    0: [1, 0, 0, -1],
    90: [0, 1, 1, 0],
    180: [-1, 0, 0, 1],
    270: [0, -1, -1, 0],
  }[rotation] as [number, number, number, number];
  const swap = rotation === 90 || rotation === 270;
  const width = (swap ? viewBox[3] - viewBox[1] : viewBox[2] - viewBox[0]) * scale;
  const height = (swap ? viewBox[2] - viewBox[0] : viewBox[3] - viewBox[1]) * scale;
  const offsetCanvasX = swap
    ? Math.abs(centerY - viewBox[1]) * scale
    : Math.abs(centerX - viewBox[0]) * scale;
  const offsetCanvasY = swap
    ? Math.abs(centerX - viewBox[0]) * scale
    : Math.abs(centerY - viewBox[1]) * scale;
  const t = [
    a * scale,
    b * scale,
    c * scale,
    d * scale,
    offsetCanvasX - a * scale * centerX - c * scale * centerY,
    offsetCanvasY - b * scale * centerX - d * scale * centerY,
  ] as [number, number, number, number, number, number];
  const apply = (x: number, y: number) => [t[0] * x + t[2] * y + t[4], t[1] * x + t[3] * y + t[5]];
  const det = t[0] * t[3] - t[1] * t[2];
  const vp: ViewportLike & { width: number; height: number } = {
    viewBox,
    width,
    height,
    convertToViewportRectangle: (r) => [...apply(r[0] ?? 0, r[1] ?? 0), ...apply(r[2] ?? 0, r[3] ?? 0)],
    convertToPdfPoint: (x, y) => [
      (x * t[3] - y * t[2] + t[2] * t[5] - t[4] * t[3]) / det,
      (-x * t[1] + y * t[0] + t[4] * t[1] - t[5] * t[0]) / det,
    ],
  };
  return vp;
}

const A4: [number, number, number, number] = [0, 0, 595.28, 841.89];

describe('PDF points (top-left) ↔ viewport pixels', () => {
  it('maps a rectangle near the top-left corner at scale 1.5 without flipping it', () => {
    const box = pdfRectToViewBox(viewport(A4, 1.5, 0), [50, 100, 200, 20]);
    expect(box.left).toBeCloseTo(75);
    expect(box.top).toBeCloseTo(150);
    expect(box.width).toBeCloseTo(300);
    expect(box.height).toBeCloseTo(30);
  });

  it('turns a drawn box back into the same rectangle in points', () => {
    const vp = viewport(A4, 1.5, 0);
    expect(viewBoxToPdfRect(vp, { left: 75, top: 150, width: 300, height: 30 })).toEqual([50, 100, 200, 20]);
  });

  it('round-trips on rotated pages and on a view box that does not start at 0,0', () => {
    const shifted: [number, number, number, number] = [10, 20, 622, 812];
    for (const rotation of [0, 90, 180, 270] as const) {
      const vp = viewport(shifted, 1.25, rotation);
      const rect: [number, number, number, number] = [40.5, 300.25, 120, 18.5];
      const back = viewBoxToPdfRect(vp, pdfRectToViewBox(vp, rect));
      for (const [i, v] of back.entries()) expect(v).toBeCloseTo(rect[i] ?? Number.NaN, 2);
    }
  });

  it('measures y from the top of the view box, not from the PDF origin', () => {
    const vp = viewport([0, 100, 600, 900], 1, 0);
    // a box drawn at the very top of the page is y = 0 in API terms
    expect(viewBoxToPdfRect(vp, { left: 0, top: 0, width: 10, height: 10 })).toEqual([0, 0, 10, 10]);
  });
});

describe('boxFromDrag', () => {
  it('normalises any drag direction and clamps to the page', () => {
    expect(boxFromDrag({ x: 50, y: 80 }, { x: 10, y: 20 }, { width: 100, height: 100 })).toEqual({
      left: 10,
      top: 20,
      width: 40,
      height: 60,
    });
    expect(boxFromDrag({ x: 90, y: 90 }, { x: 150, y: -5 }, { width: 100, height: 100 })).toEqual({
      left: 90,
      top: 0,
      width: 10,
      height: 90,
    });
  });
});
