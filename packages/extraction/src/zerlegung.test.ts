/**
 * Zerlegung (apportionment) read in forms invented for these tests, none of them from the
 * benchmark's pools: other column orders, no place header, names without "Gemeinde"/"Stadt",
 * stacked key–value blocks across a page break, percentages only, namesakes, a letterhead town.
 * The shares are always the same apportionment: MB 10.041,00 € by wages 95.000 / 451.000 /
 * 3.393.000 € → 242,17 / 1.149,65 / 8.649,18 € (largest remainder).
 */
import { describe, expect, it } from 'vitest';
import { extractFields } from './fields.js';
import { buildLines } from './layout.js';
import type { Page, Word } from './types.js';

/** Text pages from lines ("|" separates cells: a wide gap), one word box per word, 14 pt rows. */
function pages(...texts: string[][]): Page[] {
  return texts.map((lines, i) => {
    const words: Word[] = [];
    lines.forEach((line, row) => {
      let x = 60;
      for (const t of line.split(/ +/)) {
        if (t === '|') {
          x += 60;
          continue;
        }
        words.push({ text: t, rect: [x, 60 + row * 14, t.length * 5, 10], confidence: 1 });
        x += t.length * 5 + 4;
      }
    });
    return { page: i + 1, width: 595, height: 842, words, lines: buildLines(words), source: 'text' as const };
  });
}

const read = (...texts: string[][]) =>
  extractFields('zerlegungsbescheid', pages(...texts)).zerlegungsanteile?.value as
    { gemeinde: string; ags: string | null; anteil: string }[] | undefined;

const LETTER = [
  'Finanzamt Borken',
  'Finanzamt Borken · Postfach 11 22 · 46325 Borken',
  'Muster Logistik GmbH',
  'Am Hafen 3',
  '24103 Kiel',
  'Zerlegungsbescheid für 2023',
];

const EXPECTED = [
  { gemeinde: 'Herxheim am Berg', ags: '07332026', anteil: '242.17' },
  { gemeinde: 'Ahaus', ags: '05554004', anteil: '1149.65' },
  { gemeinde: 'Hohenbucko', ags: '12062237', anteil: '8649.18' },
];

describe('Zerlegung in forms the engine was not written for', () => {
  it('a table with the name last and the AGS first, no place header, a total row', () => {
    expect(
      read([
        ...LETTER,
        'Der Messbetrag wird wie folgt aufgeteilt:',
        'Kennziffer | Lohnsumme | Betrag | Quote | Bezeichnung',
        '07332026 | 95.000,00 | 242,17 | 2,41 % | Herxheim am Berg',
        '05554004 | 451.000,00 | 1.149,65 | 11,45 % | Ahaus',
        '12062237 | 3.393.000,00 | 8.649,18 | 86,14 % | Hohenbucko',
        'Summe | 3.939.000,00 | 10.041,00 | 100,00 %',
      ]),
    ).toEqual(EXPECTED);
  });

  it('running text without "Gemeinde" before the names, the Messbetrag printed before', () => {
    expect(
      read([
        ...LETTER,
        'Der Gewerbesteuermessbetrag von 10.041,00 EUR wird zerlegt. Hiervon erhält Herxheim am',
        'Berg 242,17 EUR, Ahaus erhält 1.149,65 EUR und Hohenbucko erhält 8.649,18 EUR.',
      ]),
    ).toEqual(EXPECTED);
  });

  it('stacked blocks per municipality (label line, value line) running onto page 2', () => {
    expect(
      read(
        [
          ...LETTER,
          'Aufteilung des Messbetrags',
          'Betriebsstätte',
          'Herxheim am Berg',
          'Lohnsumme',
          '95.000 €',
          'Anteil',
          '242,17 €',
          'Betriebsstätte',
          'Ahaus',
          'Lohnsumme',
          '451.000 €',
          'Anteil',
          '1.149,65 €',
        ],
        [
          'Seite 2',
          'Betriebsstätte',
          'Hohenbucko',
          'Lohnsumme',
          '3.393.000 €',
          'Anteil',
          '8.649,18 €',
          'Rechtsbehelfsbelehrung: Gegen diesen Bescheid ist der Einspruch gegeben.',
        ],
      ),
    ).toEqual(EXPECTED);
  });

  it('two unnamed amount columns and no total anywhere: the shares are the column proportional to the other', () => {
    expect(
      read([
        ...LETTER,
        'Ort | Betrag 1 | Betrag 2',
        'Herxheim am Berg | 242,17 | 95.000,00',
        'Ahaus | 1.149,65 | 451.000,00',
        'Hohenbucko | 8.649,18 | 3.393.000,00',
      ]),
    ).toEqual(EXPECTED);
    expect(
      read([
        ...LETTER,
        'Ort | Betrag 1 | Betrag 2',
        'Herxheim am Berg | 95.000,00 | 242,17',
        'Ahaus | 451.000,00 | 1.149,65',
        'Hohenbucko | 3.393.000,00 | 8.649,18',
      ]),
    ).toEqual(EXPECTED);
  });

  it('percentages only: the shares are the Messbetrag by the percentages (largest remainder)', () => {
    expect(
      read([
        ...LETTER,
        'Steuermessbetrag: 1.000,00 €',
        'Die Zerlegung ergibt folgende Anteile:',
        'Ahaus | 33,33 v. H.',
        'Hohenbucko | 33,33 v. H.',
        'Herxheim am Berg | 33,34 v. H.',
      ]),
    ).toEqual([
      { gemeinde: 'Ahaus', ags: '05554004', anteil: '333.30' },
      { gemeinde: 'Hohenbucko', ags: '12062237', anteil: '333.30' },
      { gemeinde: 'Herxheim am Berg', ags: '07332026', anteil: '333.40' },
    ]);
  });

  it('namesakes: the AGS only when a postcode or the Land decides', () => {
    expect(
      read([
        ...LETTER,
        'Steuermessbetrag insgesamt 10.041,00 €',
        'Betriebsstätte | Land | Anteil',
        '54673 Leimbach | Rheinland-Pfalz | 242,17 €',
        'Wartenberg | Bayern | 1.149,65 €',
        'Wartenberg | | 8.649,18 €',
      ]),
    ).toEqual([
      { gemeinde: 'Leimbach', ags: '07232073', anteil: '242.17' },
      { gemeinde: 'Wartenberg', ags: '09177143', anteil: '1149.65' },
      { gemeinde: 'Wartenberg', ags: null, anteil: '8649.18' },
    ]);
  });
});
