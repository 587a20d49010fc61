/**
 * Seed §2/§9 limits of the PDF annotation editor. pdf.js applies them itself (its stamp
 * editor caps a new image at 0.75 of the page, its CommandManager keeps 128 undo steps and
 * its file picker accepts exactly these types); editorLimits.test.ts fails if an upgrade of
 * pdfjs-dist changes any of them. Our own stamp picker uses the same list.
 */
export const STAMP_IMAGE_TYPES = [
  'image/apng',
  'image/avif',
  'image/bmp',
  'image/gif',
  'image/jpeg',
  'image/png',
  'image/svg+xml',
  'image/webp',
  'image/x-icon',
] as const;

/** A new stamp is at most 75 % of the page's width and height. */
export const STAMP_MAX_PAGE_RATIO = 0.75;

/** Undo history of the editor. */
export const UNDO_HISTORY_STEPS = 128;

export function isStampImageType(type: string): boolean {
  return (STAMP_IMAGE_TYPES as readonly string[]).includes(type);
}

/** The size pdf.js gives a new stamp: scaled down (keeping its aspect) to fit 75 % of the page. */
export function cappedStampSize(
  image: { width: number; height: number },
  page: { width: number; height: number },
): { width: number; height: number } {
  const maxW = STAMP_MAX_PAGE_RATIO * page.width;
  const maxH = STAMP_MAX_PAGE_RATIO * page.height;
  if (image.width <= maxW && image.height <= maxH) return { ...image };
  const factor = Math.min(maxW / image.width, maxH / image.height);
  return { width: image.width * factor, height: image.height * factor };
}
