import { describe, expect, it } from 'vitest';
import { extractFields } from './fields.js';
import { correctLabelWord, correctLabelWords, editDistance, maxEdits } from './fuzzy.js';
import { cleanForOcr, otsuThreshold, removeRules } from './preprocess.js';
import { adjacentValue, normalizeBic, ocrBic } from './search.js';
import { indexPage } from './textindex.js';
import type { Page, Word } from './types.js';

const word = (text: string, x: number, y = 100, w = text.length * 5, conf = 0.9): Word => ({
  text,
  rect: [x, y, w, 8],
  confidence: conf,
});
/** An OCR page from rows of words (each row: [text, x] pairs). */
function ocrPage(rows: [string, number][][]): Page {
  const lines = rows.map((row, i) => {
    const words = row.map(([t, x]) => word(t, x, 100 + i * 14));
    return {
      text: words.map((w) => w.text).join(' '),
      rect: [words[0]!.rect[0], 100 + i * 14, 300, 8] as [number, number, number, number],
      words,
    };
  });
  return { page: 1, width: 595, height: 842, words: lines.flatMap((l) => l.words), lines, source: 'ocr' };
}

describe('fuzzy label words', () => {
  it('edit distance with transpositions, stopping above the bound', () => {
    expect(editDistance('steuerhummer', 'steuernummer')).toBe(1);
    expect(editDistance('hebestaz', 'hebesatz')).toBe(1);
    expect(editDistance('abc', 'xyz', 1)).toBe(2);
    expect(maxEdits(4)).toBe(0);
    expect(maxEdits(8)).toBe(1);
    expect(maxEdits(12)).toBe(2);
  });

  it('maps misread labels back, keeping case', () => {
    expect(correctLabelWord('Steuerhummer')).toBe('Steuernummer');
    expect(correctLabelWord('Säumniszuschlage')).toBe('Säumniszuschläge');
    expect(correctLabelWord('KASSENZEICHFN')).toBe('KASSENZEICHEN');
    expect(correctLabelWord('Gewerbesteuerrnessbetrag')).toBe('Gewerbesteuermessbetrag');
    expect(correctLabelWord('Hebesalz')).toBe('Hebesatz');
  });

  it('leaves correct, short and unrelated words alone', () => {
    expect(correctLabelWord('Steuernummer')).toBeNull();
    expect(correctLabelWord('Datun')).toBe('Datum');
    expect(correctLabelWord('BIG')).toBeNull(); // too short to correct
    expect(correctLabelWord('Handwerk')).toBeNull();
    expect(correctLabelWord('Steuerberater')).toBeNull();
  });

  it('joins a label split by OCR and keeps punctuation', () => {
    const ws = correctLabelWords([word('Gewerbe', 10), word('steuermessbetrag:', 47), word('5.197,00', 200)]);
    expect(ws.map((w) => w.text)).toEqual(['Gewerbesteuermessbetrag:', '5.197,00']);
    expect(ws[0]!.rect[0]).toBe(10);
    // Two real words are not joined.
    const two = [word('Bitte', 10), word('zahlen', 40)];
    expect(correctLabelWords(two)).toBe(two);
  });

  it('finds a value behind a misread label on an OCR page only', () => {
    // (A Steuernummer is found by its shape alone, so a field without a shape of its own is used.)
    const rows: [string, number][][] = [
      [
        ['Kassenzeichcn', 300],
        ['6.0101.1234', 380],
      ],
    ];
    expect(extractFields('mahnung', [ocrPage(rows)]).kassenzeichen?.value).toBe('6.0101.1234');
    const text = { ...ocrPage(rows), source: 'text' as const };
    expect(extractFields('mahnung', [text]).kassenzeichen).toBeUndefined();
    expect(indexPage(ocrPage(rows)).text).toBe('Kassenzeichen 6.0101.1234');
  });
});

describe('junk tokens between label and value', () => {
  it('skips up to two short tokens on OCR pages, with a cost', () => {
    expect(adjacentValue('  BE  A SSKMDEK1', 'bic', 'u', true)).toMatchObject({ skipped: 2 });
    expect(adjacentValue(' 7  DE71:5807 8756 1669 9714 46', 'iban', 'u', true)).toMatchObject({ skipped: 1 });
    expect(adjacentValue(' “35/132/51372', 'steuernummer', 'u', true)).toMatchObject({ skipped: 0 });
  });

  it('does not skip on text pages, nor more than two tokens, nor long words', () => {
    expect(adjacentValue('  BE  A SSKMDEK1', 'bic', 'u', false)).toBeNull();
    expect(adjacentValue(' a b c SSKMDEK1', 'bic', 'u', true)).toBeNull();
    expect(adjacentValue(' Sparkasse SSKMDEK1', 'bic', 'u', true)).toBeNull();
  });

  it('reads a BIC behind dust on an OCR page', () => {
    const page = ocrPage([
      [
        ['BIC', 60],
        ['BE', 150],
        ['A', 170],
        ['SSKMDEK1', 240],
      ],
    ]);
    expect(extractFields('mahnung', [page]).bic?.value).toBe('SSKMDEK1');
  });
});

describe('OCR rows', () => {
  it('drops low-confidence short junk tokens from the searchable text', () => {
    const page = ocrPage([
      [
        ['BIC', 60],
        ['RN', 140],
        ['ee', 160],
        ['SSKMDEFFXXX', 270],
      ],
    ]);
    for (const w of page.lines[0]!.words.slice(1, 3)) w.confidence = 0.05;
    expect(indexPage(page).text).toBe('BIC SSKMDEFFXXX');
    expect(extractFields('mahnung', [page]).bic?.value).toBe('SSKMDEFFXXX');
  });

  it('finds a value that OCR put on a neighbouring row (taller label box)', () => {
    const label: Word = { text: 'Steuernummer', rect: [351, 106, 52, 14], confidence: 0.7 };
    const other: Word = { text: 'Hoffmann', rect: [65, 108.5, 40, 7.7], confidence: 0.9 };
    const value: Word = { text: '287/886/15564', rect: [433, 104, 53, 6], confidence: 0.9 };
    const line = (w: Word) => ({ text: w.text, rect: w.rect, words: [w] });
    const page: Page = {
      page: 1,
      width: 595,
      height: 842,
      words: [label, other, value],
      lines: [line(value), line(other), line(label)],
      source: 'ocr',
    };
    expect(indexPage(page).text.split('\n')).toHaveLength(2);
    expect(extractFields('messbescheid', [page]).steuernummer?.value).toBe('287/886/15564');
  });
});

describe('plausibility of OCR values', () => {
  it('BIC: 8 or 11 characters, a spurious stroke dropped, location "I" read as 1 on OCR', () => {
    expect(normalizeBic('DEUTDEFF')).toBe('DEUTDEFF');
    expect(normalizeBic('SPKR DE FF XXX')).toBe('SPKRDEFFXXX');
    expect(normalizeBic('DEUTDEMI1')).toBe('DEUTDEM1');
    expect(normalizeBic('DEUTDEFFX')).toBeNull();
    expect(ocrBic('DEUTDEMI')).toBe('DEUTDEM1');
    expect(ocrBic('COBADEFFXXX')).toBe('COBADEFFXXX');
  });
});

describe('image clean-up before OCR', () => {
  it('Otsu splits a two-level histogram between the levels', () => {
    const hist = new Array(256).fill(0);
    hist[30] = 100;
    hist[240] = 900;
    const t = otsuThreshold(hist);
    expect(t).toBeGreaterThanOrEqual(30);
    expect(t).toBeLessThan(240);
  });

  it('removes isolated specks, keeps strokes, whitens the paper', () => {
    const W = 40;
    const H = 20;
    const px = new Uint8ClampedArray(W * H * 4).fill(235);
    const set = (x: number, y: number, v: number) => px.fill(v, (y * W + x) * 4, (y * W + x) * 4 + 3);
    set(3, 3, 20); // a 1-pixel speck
    for (let x = 10; x < 30; x++) for (let y = 8; y < 11; y++) set(x, y, 20); // a stroke
    const stats = cleanForOcr(px, W, H, 6);
    expect(stats.specks).toBe(1);
    expect(px[(3 * W + 3) * 4]).toBe(255);
    expect(px[(9 * W + 15) * 4]).toBeLessThan(40);
    expect(px[(15 * W + 35) * 4]).toBe(255);
  });

  it('removes a table rule on a rotated scan, keeps the stems standing on it and a line of text', () => {
    // 200 dpi, 1400 px wide; the rule falls one pixel row every 60 px (about 1°), 2 px thick.
    const W = 1400;
    const H = 120;
    const grey = new Uint8Array(W * H).fill(240);
    const ink = (x: number, y: number) => (grey[y * W + x] = 30);
    const ruleY = (x: number) => 40 + Math.floor(x / 60);
    for (let x = 50; x < 1350; x++) for (let t = 0; t < 2; t++) ink(x, ruleY(x) + t);
    // A letter's stem through the rule, 3 px wide and 25 px tall.
    for (let x = 700; x < 703; x++) for (let y = ruleY(700) - 20; y < ruleY(700) + 5; y++) ink(x, y);
    // A line of text above: letters 14 px wide with 3 px between them, words apart.
    for (let x = 60; x < 1300; x++) if (x % 17 < 14 && x % 170 < 150) for (let y = 8; y < 22; y++) ink(x, y);
    const removed = removeRules(grey, W, H, 128, 200);
    expect(removed).toBeGreaterThan(2 * 1200);
    for (const x of [60, 400, 1000, 1340]) expect(grey[ruleY(x) * W + x]).toBe(255);
    expect(grey[(ruleY(700) - 10) * W + 701]).toBe(30);
    expect(grey[ruleY(700) * W + 701]).toBe(30);
    expect(grey[15 * W + 62]).toBe(30);
    // Text alone is never taken for a rule.
    const text = new Uint8Array(W * 30).fill(240);
    for (let x = 60; x < 1300; x++)
      if (x % 17 < 14 && x % 170 < 150) for (let y = 8; y < 22; y++) text[y * W + x] = 30;
    expect(removeRules(text, W, 30, 128, 200)).toBe(0);
  });
});
