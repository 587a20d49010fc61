import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  cappedStampSize,
  isStampImageType,
  STAMP_IMAGE_TYPES,
  STAMP_MAX_PAGE_RATIO,
  UNDO_HISTORY_STEPS,
} from './editorLimits';

const pdfjsSource = readFileSync(createRequire(import.meta.url).resolve('pdfjs-dist/build/pdf.mjs'), 'utf8');

describe('seed limits of the annotation editor', () => {
  it('accepts exactly the seed image types for stamps', () => {
    expect(STAMP_IMAGE_TYPES).toEqual([
      'image/apng',
      'image/avif',
      'image/bmp',
      'image/gif',
      'image/jpeg',
      'image/png',
      'image/svg+xml',
      'image/webp',
      'image/x-icon',
    ]);
    expect(isStampImageType('image/png')).toBe(true);
    expect(isStampImageType('image/tiff')).toBe(false);
    expect(isStampImageType('application/pdf')).toBe(false);
  });

  it('caps a new stamp at 75 % of the page, keeping its aspect ratio', () => {
    const page = { width: 595, height: 842 };
    expect(cappedStampSize({ width: 100, height: 50 }, page)).toEqual({ width: 100, height: 50 });
    const big = cappedStampSize({ width: 2000, height: 1000 }, page);
    expect(big.width).toBeCloseTo(0.75 * 595);
    expect(big.height).toBeCloseTo(0.75 * 595 * 0.5);
    const tall = cappedStampSize({ width: 300, height: 3000 }, page);
    expect(tall.height).toBeCloseTo(0.75 * 842);
    expect(tall.width / tall.height).toBeCloseTo(0.1);
  });

  // pdf.js enforces these itself; these checks fail when an upgrade changes them.
  it('pdf.js accepts the same stamp types', () => {
    const list = /const SupportedImageMimeTypes = (\[[^\]]*\]);/.exec(pdfjsSource)?.[1];
    expect(list && JSON.parse(list)).toEqual([...STAMP_IMAGE_TYPES]);
  });

  it('pdf.js caps new stamps at the same ratio', () => {
    expect(pdfjsSource).toContain(`const MAX_RATIO = ${STAMP_MAX_PAGE_RATIO};`);
  });

  it('pdf.js keeps 128 undo steps (its CommandManager default, used without argument)', () => {
    expect(pdfjsSource).toContain(`constructor(maxSize = ${UNDO_HISTORY_STEPS})`);
    expect(pdfjsSource).toContain('#commandManager = new CommandManager();');
  });
});
