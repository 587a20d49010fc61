import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arithmeticCues } from './classify.js';
import { extractFields } from './fields.js';
import { buildLines } from './layout.js';
import { parseBareRate } from './normalize.js';
import type { Page, Word } from './types.js';

/** A text page from lines of text (one word box per word, 12 pt rows; "|" = a wide column gap). */
function page(lines: string[]): Page {
  const words: Word[] = [];
  lines.forEach((line, row) => {
    let x = 60;
    for (const t of line.split(/ +/)) {
      if (t === '|') {
        x += 120;
        continue;
      }
      words.push({ text: t, rect: [x, 60 + row * 14, t.length * 5, 10], confidence: 1 });
      x += t.length * 5 + 4;
    }
  });
  return { page: 1, width: 595, height: 842, words, lines: buildLines(words), source: 'text' };
}

const de = (cents: number) => {
  const s = (Math.abs(cents) / 100).toFixed(2).split('.');
  return `${(cents < 0 ? '-' : '') + s[0]!.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${s[1]}`;
};

describe('Hebesatz printed without its unit (sixth step)', () => {
  it('parses bare rates and factors, nothing else', () => {
    expect(parseBareRate('490')).toBe(490);
    expect(parseBareRate('4,90')).toBe(490);
    expect(parseBareRate('412,5')).toBe(412.5);
    expect(parseBareRate('12.345')).toBeNull();
    expect(parseBareRate('1.234,00')).toBeNull();
    expect(parseBareRate('22929')).toBeNull();
    expect(parseBareRate('150')).toBeNull();
    expect(parseBareRate('380 %')).toBeNull();
  });

  it('reads a factor under unknown headers when Messbetrag × rate / 100 gives the tax', () => {
    const p = page([
      'Für das Jahr 2019 wird die Gewerbesteuer wie folgt festgesetzt:',
      'Anteil der Gemeinde | Faktor | Betrag',
      'EUR 15 263,00 | 3,80 | EUR 57 999,40',
      'Hierauf sind bereits EUR 59 764,00 festgesetzt. Es sind EUR 1 764,60 zu erstatten.',
    ]);
    const f = extractFields('gewst_bescheid', [p]);
    expect(f.messbetrag?.value).toBe('15263.00');
    expect(f.hebesatz?.value).toBe(380);
    expect(f.festgesetzte_steuer?.value).toBe('57999.40');
    expect(f.bisher_festgesetzt?.value).toBe('59764.00');
    expect(f.abrechnung?.value).toBe('-1764.60');
  });

  it('reads a one-row table with a "Hebesatz (%)" column and the due date in a column', () => {
    const p = page([
      'Bescheiddatum: 03.03.2021',
      'Messbetrag € | Hebesatz (%) | Steuer € | bisher € | Differenz € | fällig am',
      '18.643,00 | 357 | 66.555,51 | 63.720,00 | 2.835,51 | 05.04.2021',
    ]);
    const f = extractFields('gewst_bescheid', [p]);
    expect(f.hebesatz?.value).toBe(357);
    expect(f.festgesetzte_steuer?.value).toBe('66555.51');
    expect(f.abrechnung?.value).toBe('2835.51');
    expect(f.faellig_am?.value).toBe('2021-04-05');
  });

  it('property: any Messbetrag and rate printed as a bare number or factor are read by the arithmetic', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 5_000_000 }),
        fc.integer({ min: 200, max: 900 }),
        fc.boolean(),
        (mbEuro, h, asFactor) => {
          const mb = mbEuro * 100;
          const tax = Math.round((mb * h) / 100);
          const rate = asFactor ? (h / 100).toFixed(2).replace('.', ',') : String(h);
          const p = page([`Grundlage | Satz | Ergebnis`, `${de(mb)} | ${rate} | ${de(tax)}`]);
          const f = extractFields('gewst_bescheid', [p]);
          expect(f.hebesatz?.value).toBe(h);
          expect(f.messbetrag?.value).toBe((mb / 100).toFixed(2));
          expect(f.festgesetzte_steuer?.value).toBe((tax / 100).toFixed(2));
          expect(arithmeticCues(`${de(mb)} ${rate} ${de(tax)}`)).toContain('assessment');
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a quarter and its year (rate 400) are no Messbetrag–tax pair', () => {
    const p = page(['Vorauszahlungen je Quartal 1.000,00 €, im Jahr 4.000,00 €', 'Hebesatz 400']);
    const f = extractFields('gewst_bescheid', [p]);
    expect(f.messbetrag).toBeUndefined();
  });
});
