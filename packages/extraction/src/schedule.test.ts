import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractFields } from './fields.js';
import { buildLines } from './layout.js';
import { findVorauszahlungen } from './schedule.js';
import { indexPage } from './textindex.js';
import type { Page, Word } from './types.js';

/** Rows of text; " | " starts a new cell 150 pt further right (a table column). */
function indexOf(rows: string[]) {
  return [indexPage(pageOf(rows))];
}
function pageOf(rows: string[]): Page {
  const words: Word[] = [];
  for (const [r, row] of rows.entries())
    for (const [c, cell] of row.split(' | ').entries()) {
      let x = 50 + c * 150;
      for (const t of cell.split(' ').filter(Boolean)) {
        words.push({ text: t, rect: [x, 50 + r * 15, t.length * 5, 10], confidence: 1 });
        x += t.length * 5 + 4;
      }
    }
  return { page: 1, width: 595, height: 842, words, lines: buildLines(words), source: 'text' };
}
const q = (jahr: number, quartal: number, betrag: string) => ({
  jahr,
  quartal,
  betrag,
  faellig_am: `${jahr}-${['02', '05', '08', '11'][quartal - 1]}-15`,
});
const read = (rows: string[], expected: string | null = null) =>
  findVorauszahlungen(indexOf(rows), expected)?.value;

describe('prepayment schedule by meaning', () => {
  it('reads quarter labels without dates ("I/2025") at the statutory due dates', () => {
    expect(
      read(['Vorauszahlungen', 'Zeitraum | Betrag', 'III/2025 | 1.250,00 €', 'IV/2025 | 1.250,00 €']),
    ).toEqual([q(2025, 3, '1250.00'), q(2025, 4, '1250.00')]);
  });

  it('takes the year of "1. Quartal" rows from the sentence above', () => {
    expect(
      read([
        'Für das Jahr 2024 werden folgende Vorauszahlungen festgesetzt:',
        'Quartal | Vorauszahlungssoll',
        '1. Quartal | 980,00 €',
        '2. Quartal | 980,00 €',
      ]),
    ).toEqual([q(2024, 1, '980.00'), q(2024, 2, '980.00')]);
  });

  it('reads "zum 15.02." without a year before an amount grouped by spaces (not "15.02.21")', () => {
    expect(
      read(['Vorauszahlungen für 2018:', 'zum 15.08. | 21 078,--', 'zum 15.11. | 21 078,--'], '21078.00'),
    ).toEqual([q(2018, 3, '21078.00'), q(2018, 4, '21078.00')]);
  });

  it('reads month names under a column header carrying the year', () => {
    expect(
      read([
        'Vorauszahlungsplan',
        'Fälligkeitsmonat | Betrag 2023',
        '15. August | 10.258,00',
        '15. November | 10.258,00',
      ]),
    ).toEqual([q(2023, 3, '10258.00'), q(2023, 4, '10258.00')]);
  });

  it('expands "ab dem … vierteljährlich je …" from the nearest start, not the heading year', () => {
    expect(
      read([
        'VORAUSZAHLUNGEN AB 2023',
        'Die Gewerbesteuer-Vorauszahlungen werden ab dem 15.11.2023 vierteljährlich auf je',
        'EUR 3 658,00 festgesetzt.',
      ]),
    ).toEqual([q(2023, 4, '3658.00')]);
  });

  it('splits a yearly total over the quarters still due', () => {
    expect(
      read([
        'Vorauszahlungen',
        'Für 2017 sind ab dem 3. Quartal noch Vorauszahlungen von insgesamt 4.388,00 € zu gleichen Teilen',
        'zu den gesetzlichen Fälligkeitsterminen zu entrichten.',
      ]),
    ).toEqual([q(2017, 3, '2194.00'), q(2017, 4, '2194.00')]);
  });

  it('prefers the quarter the arithmetic confirms over an interest date near an amount', () => {
    expect(
      read(
        [
          'abzgl. festgesetzte Vorauszahlungen | 0,00 €',
          'Zinsen ab | bis',
          '1. April 2018 | 15. August 2017',
          'Für 2017 sind ab dem 4. Quartal noch Vorauszahlungen von insgesamt 2.194,00 € zu entrichten.',
        ],
        '2194.00',
      ),
    ).toEqual([q(2017, 4, '2194.00')]);
  });

  it('property: "ab dem n. Quartal vierteljährlich je X" and "insgesamt X·(5−n)" give X for quarters n…4', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 50, max: 900_000 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 2016, max: 2030 }),
        fc.boolean(),
        (euros, from, year, total) => {
          const fmt = (e: number) => `${String(e).replace(/\B(?=(\d{3})+(?!\d))/g, '.')},00 €`;
          const amount = total ? `insgesamt ${fmt(euros * (5 - from))}` : `je ${fmt(euros)}`;
          const got = read([
            'Vorauszahlungen',
            `Die Vorauszahlungen werden ab dem ${from}. Quartal ${year} vierteljährlich ${amount} festgesetzt.`,
          ]);
          const want = [1, 2, 3, 4].filter((k) => k >= from).map((k) => q(year, k, `${euros}.00`));
          expect(got).toEqual(want);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('property: an instalment under 50 € is never read', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4999 }), (cents) => {
        const amount = `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')} €`;
        expect(
          read(['Vorauszahlungen 2024', `15.02.2024 | ${amount}`, `15.05.2024 | ${amount}`]),
        ).toBeUndefined();
      }),
      { numRuns: 100 },
    );
  });

  it("does not take the prepayments' year for the tax year of a Gewerbesteuerbescheid", () => {
    const rows = [
      'Für das Jahr 2021 wird die Gewerbesteuer wie folgt festgesetzt:',
      'Festsetzung der Vorauszahlungen',
      'Für das Jahr 2023 werden folgende Vorauszahlungen festgesetzt:',
      '1. Quartal | 980,00 €',
    ];
    expect(extractFields('gewst_bescheid', [pageOf(rows)]).erhebungszeitraum?.value).toBe(2021);
    expect(extractFields('vorauszahlungsbescheid', [pageOf(rows.slice(1))]).erhebungszeitraum?.value).toBe(
      2023,
    );
  });
});
