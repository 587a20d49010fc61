/**
 * Coordinates between the API and the pdf.js viewer. The API speaks PDF points with the
 * origin at the page's top-left ([x, y, width, height]); PDF user space has its origin at
 * the bottom-left of the page's view box; the viewer draws in CSS pixels of the page's
 * viewport (scale and rotation applied). Pure functions, so they are unit-tested.
 */

/** [x, y, width, height] in PDF points, origin top-left (the API's rectangle). */
export type PdfRect = [number, number, number, number];

/** A box in CSS pixels relative to the page element of the viewer. */
export interface ViewBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** What these functions need of pdf.js's PageViewport. */
export interface ViewportLike {
  /** [x0, y0, x1, y1] of the page in user space. */
  readonly viewBox: ArrayLike<number>;
  convertToViewportRectangle(rect: number[]): number[];
  convertToPdfPoint(x: number, y: number): number[];
}

const round2 = (n: number) => Math.round(n * 100) / 100 || 0; // never -0

function viewBoxOf(viewport: ViewportLike): { x0: number; y1: number } {
  return { x0: viewport.viewBox[0] ?? 0, y1: viewport.viewBox[3] ?? 0 };
}

/** API rectangle → CSS pixel box on the page (for highlighting a field's source). */
export function pdfRectToViewBox(viewport: ViewportLike, rect: PdfRect): ViewBox {
  const [x, y, w, h] = rect;
  const { x0, y1 } = viewBoxOf(viewport);
  const user = [x0 + x, y1 - y - h, x0 + x + w, y1 - y];
  const [a = 0, b = 0, c = 0, d = 0] = viewport.convertToViewportRectangle(user);
  return { left: Math.min(a, c), top: Math.min(b, d), width: Math.abs(c - a), height: Math.abs(d - b) };
}

/** CSS pixel box drawn on the page → API rectangle (points, top-left origin, 2 decimals). */
export function viewBoxToPdfRect(viewport: ViewportLike, box: ViewBox): PdfRect {
  const [ax = 0, ay = 0] = viewport.convertToPdfPoint(box.left, box.top);
  const [bx = 0, by = 0] = viewport.convertToPdfPoint(box.left + box.width, box.top + box.height);
  const { x0, y1 } = viewBoxOf(viewport);
  const left = Math.min(ax, bx);
  const top = Math.max(ay, by);
  return [round2(left - x0), round2(y1 - top), round2(Math.abs(bx - ax)), round2(Math.abs(by - ay))];
}

/** The box spanned by two pointer positions (any drag direction), clamped to the page. */
export function boxFromDrag(
  start: { x: number; y: number },
  end: { x: number; y: number },
  page: { width: number; height: number },
): ViewBox {
  const clampX = (v: number) => Math.min(Math.max(v, 0), page.width);
  const clampY = (v: number) => Math.min(Math.max(v, 0), page.height);
  const x1 = clampX(start.x);
  const x2 = clampX(end.x);
  const y1 = clampY(start.y);
  const y2 = clampY(end.y);
  return {
    left: Math.min(x1, x2),
    top: Math.min(y1, y2),
    width: Math.abs(x2 - x1),
    height: Math.abs(y2 - y1),
  };
}

/** A drag smaller than this (CSS pixels) is a click, not a rectangle. */
export const MIN_PICK_SIZE_PX = 4;
