import { describe, expect, it } from 'vitest';
import { buildLines } from './layout.js';
import { extractFields, extractFieldsChecked } from './fields.js';
import type { Candidate } from './search.js';
import { solveAssessment, solveMessbescheid, UNLABELLED } from './solver.js';
import type { Page, Word } from './types.js';

const cand = (value: string | number, score = 1, pos = 0): Candidate => ({
  value,
  score,
  confidence: 1,
  page: 1,
  rect: [0, pos * 12, 50, 10],
  pos,
});
const GEWST = ['messbetrag', 'hebesatz', 'festgesetzte_steuer', 'bisher_festgesetzt', 'abrechnung'];

/** A text page from lines of text (one word box per word, 12 pt rows). */
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

describe('consistency solver', () => {
  it('takes the labelled values when the arithmetic agrees and confirms them', () => {
    const s = solveAssessment(
      {
        messbetrag: [cand('532.00')],
        hebesatz: [cand(380)],
        festgesetzte_steuer: [cand('2021.60')],
        bisher_festgesetzt: [cand('1500.00')],
        abrechnung: [cand('521.60')],
      },
      [],
      GEWST,
    );
    expect(s.chosen.festgesetzte_steuer?.value).toBe('2021.60');
    expect([...s.confirmed].sort()).toEqual([...GEWST].sort());
    expect(s.checks).toEqual([]);
  });

  it('overrules a misleading label when the arithmetic decides', () => {
    // "Steuer" labels two amounts; only one is Messbetrag × Hebesatz / 100.
    const s = solveAssessment(
      {
        messbetrag: [cand('2184.00')],
        hebesatz: [cand(470)],
        festgesetzte_steuer: [cand('8000.00', 1), cand('10264.80', 0.8)],
        bisher_festgesetzt: [cand('8000.00')],
        abrechnung: [cand('2264.80')],
      },
      [],
      GEWST,
    );
    expect(s.chosen.festgesetzte_steuer?.value).toBe('10264.80');
    expect(s.checks).toEqual([]);
  });

  it('finds unlabelled figures that the arithmetic determines', () => {
    const amounts = ['2184.00', '10264.80', '8000.00', '2264.80', '50.00'].map((v, i) => cand(v, 0, i));
    const s = solveAssessment({ hebesatz: [cand(470)], messbetrag: [cand('2184.00')] }, amounts, GEWST);
    expect(s.chosen.festgesetzte_steuer?.value).toBe('10264.80');
    expect(s.chosen.festgesetzte_steuer?.score).toBe(UNLABELLED);
  });

  it('reports a contradiction as a check with a German message', () => {
    const s = solveAssessment(
      { messbetrag: [cand('100.00')], hebesatz: [cand(400)], festgesetzte_steuer: [cand('999.00')] },
      [],
      GEWST,
    );
    expect(s.checks.map((c) => c.code)).toEqual(['steuer_passt_nicht']);
    expect(s.checks[0]!.message).toContain('400,00');
  });

  it('checks a Messbescheid: Gewerbeertrag rounded down to 100 €, minus Freibetrag, × 3.5 %', () => {
    const s = solveMessbescheid({ gewerbeertrag: [cand('68250.00')], messbetrag: [cand('1529.00')] }, [
      cand('68200.00', 0),
      cand('24500.00', 0),
      cand('43700.00', 0),
    ]);
    expect(s.chosen.freibetrag?.value).toBe('24500.00');
    expect(s.confirmed.has('messbetrag')).toBe(true);
  });
});

describe('fields read by arithmetic where labels are missing or misleading', () => {
  it('a notice without a label for the tax and the difference', () => {
    const p = page([
      'Gewerbesteuerbescheid 2021',
      'Messbetrag | 532,00 €',
      'Hebesatz | 380 v. H.',
      'Betrag | 2.021,60 €',
      'bisher festgesetzt | 1.500,00 €',
      'Summe | 521,60 €',
    ]);
    const f = extractFields('gewst_bescheid', [p]);
    expect(f.festgesetzte_steuer?.value).toBe('2021.60');
    expect(f.abrechnung?.value).toBe('521.60');
    expect(f.festgesetzte_steuer!.confidence).toBeGreaterThan(0.9);
  });

  it('a refund printed without a sign under a neutral label', () => {
    const p = page([
      'Gewerbesteuerbescheid 2021',
      'Steuermessbetrag | 1.000,00 €',
      'Hebesatz | 400 %',
      'Gewerbesteuer | 4.000,00 €',
      'bisher festgesetzt | 5.000,00 €',
      'Unterschied | -1.000,00 €',
    ]);
    const { fields, checks } = extractFieldsChecked('gewst_bescheid', [p]);
    expect(fields.abrechnung?.value).toBe('-1000.00');
    expect(checks).toEqual([]);
  });

  it('a quarterly schedule with old and new columns takes the new one', () => {
    const p = page([
      'Vorauszahlungsbescheid 2024',
      'Messbetrag | 1.000,00 €',
      'Hebesatz | 400 %',
      'Fälligkeit | bisher | neu',
      '15.02.2024 | 800,00 € | 1.000,00 €',
      '15.05.2024 | 800,00 € | 1.000,00 €',
    ]);
    const f = extractFields('vorauszahlungsbescheid', [p]);
    expect(f.vorauszahlungen?.value).toEqual([
      { jahr: 2024, quartal: 1, betrag: '1000.00', faellig_am: '2024-02-15' },
      { jahr: 2024, quartal: 2, betrag: '1000.00', faellig_am: '2024-05-15' },
    ]);
  });
});

describe('label vocabularies by meaning', () => {
  it('reads old and OCR spellings of a label (Meßbetrag, Saeumniszuschlag)', () => {
    const p = page(['Meßbetrag | 532,00 €', 'Hebesatz | 380 v. H.', 'Gewerbesteuer | 2.021,60 €']);
    expect(extractFields('vorauszahlungsbescheid', [p]).messbetrag?.value).toBe('532.00');
    const m = page(['Rueckstand | 1.000,00 €', 'Saeumniszuschlag | 30,00 €']);
    expect(extractFields('mahnung', [m]).saeumniszuschlag?.value).toBe('30.00');
  });
});
