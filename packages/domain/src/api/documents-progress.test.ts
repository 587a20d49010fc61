import { describe, expect, it } from 'vitest';
import { processingProgressText } from './documents';

describe('processing progress line', () => {
  it('says where processing is, in German', () => {
    const p = { page: null, pages: null, queue_position: null };
    expect(processingProgressText({ ...p, stage: 'queued', queue_position: 3 })).toBe(
      'In Warteschlange (Position 3)',
    );
    expect(processingProgressText({ ...p, stage: 'queued' })).toBe('In Warteschlange');
    expect(processingProgressText({ ...p, stage: 'reading' })).toBe('Text wird gelesen');
    expect(processingProgressText({ ...p, stage: 'ocr', page: 2, pages: 5 })).toBe(
      'Texterkennung Seite 2 von 5',
    );
    expect(processingProgressText({ ...p, stage: 'extraction' })).toBe('Felder werden ausgelesen');
  });
});
