/**
 * Zerlegung (apportionment) read in forms invented for these tests, none of them from the
 * benchmark's pools: other column orders, no place header, names without "Gemeinde"/"Stadt",
 * stacked key–value blocks across a page break, percentages only, namesakes, a letterhead town.
 * The shares are always the same apportionment: MB 10.041,00 € by wages 95.000 / 451.000 /
 * 3.393.000 € → 242,17 / 1.149,65 / 8.649,18 € (largest remainder).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractFields } from './fields.js';
import { buildLines } from './layout.js';
import type { Page, Word } from './types.js';
import { largestRemainderExact } from './zerlegung.js';

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

describe('Zerlegung: names as printed by other vendors, shares as quotas', () => {
  it('names in capitals with prefixes, hyphenated: the reference spelling and its AGS', () => {
    expect(
      read([
        ...LETTER,
        'HEBEBERECHTIGTE GEMEINDE | ZERLEGUNGSANTEIL EUR',
        'STADT KÖLN | 242,17',
        'GEMEINDE OBERHAUSEN-RHEINHAUSEN | 1.149,65',
        'MARKT INDERSDORF | 8.649,18',
        'SUMME | 10.041,00',
      ]),
    ).toEqual([
      { gemeinde: 'Köln', ags: '05315000', anteil: '242.17' },
      { gemeinde: 'Oberhausen-Rheinhausen', ags: '08215107', anteil: '1149.65' },
      { gemeinde: 'Markt Indersdorf', ags: '09174131', anteil: '8649.18' },
    ]);
  });

  it('a name broken over two lines and suffixes in another spelling', () => {
    expect(
      read([
        ...LETTER,
        'Vom Steuermessbetrag 2023 in Höhe von 10.041,00 EUR erhalten die Große Kreisstadt Neuburg',
        'a. d. Donau 242,17 EUR, die Gemeinde Oberhausen-',
        'Rheinhausen 1.149,65 EUR und die Stadt Halle/Saale 8.649,18 EUR.',
      ]),
    ).toEqual([
      { gemeinde: 'Neuburg a.d.Donau', ags: '09185149', anteil: '242.17' },
      { gemeinde: 'Oberhausen-Rheinhausen', ags: '08215107', anteil: '1149.65' },
      { gemeinde: 'Halle (Saale)', ags: '15002000', anteil: '8649.18' },
    ]);
  });

  it('namesakes whose AGS follows in brackets with a colon, or on the next line of a block', () => {
    expect(
      read([
        ...LETTER,
        'Der Steuermessbetrag von 1.281,00 EUR wird wie folgt zerlegt:',
        '1. Gemeinde Kalkofen (AGS 07333036): 57,7463 % = EUR 739,73',
        '2. Gemeinde Oberreichenbach (AGS 08235055): 42,2537 % = EUR 541,27',
      ]),
    ).toEqual([
      { gemeinde: 'Kalkofen', ags: '07333036', anteil: '739.73' },
      { gemeinde: 'Oberreichenbach', ags: '08235055', anteil: '541.27' },
    ]);
    expect(
      read([
        ...LETTER,
        'Der Gewerbesteuermessbetrag 2022 von 4.500,00 wird zerlegt.',
        '1. hebeberechtigte Gemeinde',
        'Gemeinde | Gemeinde Rosengarten',
        'Amtlicher Gemeindeschlüssel | 08127100',
        'Arbeitslöhne | 300.000,00',
        'Zerlegungsanteil | 3.375,00',
        '2. hebeberechtigte Gemeinde',
        'Gemeinde | Stadt Trier',
        'Amtlicher Gemeindeschlüssel | 07211000',
        'Arbeitslöhne | 100.000,00',
        'Zerlegungsanteil | 1.125,00',
      ]),
    ).toEqual([
      { gemeinde: 'Rosengarten', ags: '08127100', anteil: '3375.00' },
      { gemeinde: 'Trier', ags: '07211000', anteil: '1125.00' },
    ]);
  });

  it('quotas as fractions: the Messbetrag by the fractions, to the cent by the largest remainder', () => {
    expect(
      read([
        ...LETTER,
        'Gewerbesteuermessbetrag 2023: 1.001,00 EUR',
        'Gemeinde | Zerlegungsquote',
        'Ahaus | 1/3',
        'Hohenbucko | 1/3',
        'Herxheim am Berg | 1/3',
      ]),
    ).toEqual([
      { gemeinde: 'Ahaus', ags: '05554004', anteil: '333.67' },
      { gemeinde: 'Hohenbucko', ags: '12062237', anteil: '333.67' },
      { gemeinde: 'Herxheim am Berg', ags: '07332026', anteil: '333.66' },
    ]);
  });

  it('quotas as decimals, and percentages in a "v. H." column without a sign', () => {
    const expected = [
      { gemeinde: 'Koblenz', ags: '07111000', anteil: '1687.50' },
      { gemeinde: 'Trier', ags: '07211000', anteil: '2812.50' },
    ];
    expect(
      read([
        ...LETTER,
        'Steuermessbetrag 4.500,00 €',
        'Gemeinde | Anteil',
        'Koblenz | 0,375',
        'Trier | 0,625',
      ]),
    ).toEqual(expected);
    expect(
      read([
        ...LETTER,
        'Steuermessbetrag 4.500,00 €',
        'Gemeinde | Anteil in v.H.',
        'Koblenz | 37,50',
        'Trier | 62,50',
      ]),
    ).toEqual(expected);
  });

  it('wages only: the shares are the Messbetrag in proportion to the wages (§ 29 GewStG)', () => {
    // DOMAIN.md, worked example 3.
    expect(
      read([
        ...LETTER,
        'Der Steuermessbetrag von 4.500,00 € wird nach den Arbeitslöhnen zerlegt.',
        'Gemeinde | Arbeitslöhne',
        'Stadt Koblenz | 300.000,00 €',
        'Stadt Trier | 100.000,00 €',
      ]),
    ).toEqual([
      { gemeinde: 'Koblenz', ags: '07111000', anteil: '3375.00' },
      { gemeinde: 'Trier', ags: '07211000', anteil: '1125.00' },
    ]);
  });
});

// The money rule of the apportionment (DOMAIN.md § 2): shares of the Messbetrag by the largest
// remainder sum to the Messbetrag exactly, no cent lost or doubled, each within a cent of its exact
// value, larger weights never get less; and end to end, from a notice printing only wages or fractions.
const total = fc.bigInt({ min: 0n, max: 10n ** 12n });
const weights = fc.array(fc.bigInt({ min: 0n, max: 10n ** 12n }), { minLength: 1, maxLength: 12 });

describe('largest remainder (property)', () => {
  it('sums to the total, each share within a cent of exact, order kept', () => {
    fc.assert(
      fc.property(total, weights, (t, w) => {
        const shares = largestRemainderExact(t, w);
        const sum = w.reduce((s, x) => s + x, 0n);
        expect(shares).toHaveLength(w.length);
        if (sum === 0n) {
          expect(shares.every((x) => x === 0n)).toBe(true);
          return;
        }
        expect(shares.reduce((s, x) => s + x, 0n)).toBe(t);
        shares.forEach((x, i) => {
          // floor(t·w/Σ) ≤ share ≤ floor + 1
          const floor = (t * w[i]!) / sum;
          expect(x === floor || x === floor + 1n).toBe(true);
          if (w[i] === 0n) expect(x).toBe(0n);
        });
        for (let i = 0; i < w.length; i++)
          for (let j = 0; j < w.length; j++) if (w[i]! > w[j]!) expect(shares[i]! >= shares[j]!).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

const de = (cents: bigint) => {
  const e = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${e},${(cents % 100n).toString().padStart(2, '0')}`;
};
const PLACES = ['Ahaus', 'Hohenbucko', 'Koblenz', 'Trier'];
const shares = (lines: string[]) => read(lines)?.map((z) => BigInt(z.anteil.replace('.', '')));

describe('apportionment read from a notice (property)', () => {
  it('wages only or fractions only: the shares sum to the printed Messbetrag', () => {
    fc.assert(
      fc.property(
        // Wages in full 1.000 €; the Messbetrag below their sum (3.5 % of a profit, wages far more).
        fc
          .array(fc.integer({ min: 1, max: 5000 }), { minLength: 2, maxLength: 4 })
          .chain((ws) =>
            fc.tuple(
              fc.bigInt({ min: 100n, max: BigInt(ws.reduce((s, x) => s + x, 0)) * 100_000n - 1n }),
              fc.constant(ws),
            ),
          ),
        fc.boolean(),
        ([mb, ws], asFractions) => {
          const n = ws.length;
          const den = ws.reduce((s, x) => s + x, 0);
          const rows = ws.map((w, i) =>
            asFractions ? `${PLACES[i]} | ${w}/${den}` : `Stadt ${PLACES[i]} | ${de(BigInt(w) * 100_000n)} €`,
          );
          const got = shares([
            'Finanzamt Borken',
            'Zerlegungsbescheid für 2023',
            `Der Steuermessbetrag von ${de(mb)} € wird nach den Arbeitslöhnen zerlegt.`,
            asFractions ? 'Gemeinde | Quote' : 'Gemeinde | Arbeitslöhne',
            ...rows,
          ]);
          expect(got).toHaveLength(n);
          expect(got!.reduce((s, x) => s + x, 0n)).toBe(mb);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('Zerlegung on scans: the shares from the wages when the share column does not read', () => {
  const INTRO = 'Der Steuermessbetrag von 10.041,00 € wird nach den Arbeitslöhnen zerlegt.';

  it('a garbled share cell (check-protection fill): its share is the Messbetrag by the wages', () => {
    expect(
      read([
        ...LETTER,
        INTRO,
        'Kennz. | Gemeinde | Anteil EUR | Lohnsumme EUR',
        '07332026 | Herxheim am Berg | ®A™#x | 95.000,00',
        '05554004 | Ahaus | ***1.149,65 | 451.000,00',
        '12062237 | Hohenbucko | **8.649,18 | 3.393.000,00',
        'Gesamt | | 10.041,00 | 3.939.000,00',
      ]),
    ).toEqual(EXPECTED);
  });

  it('OCR reads a place name out of the garbled cell of another row: still one row', () => {
    expect(
      read([
        ...LETTER,
        INTRO,
        'Gemeinde | AGS | Arbeitslöhne | Zerlegungsanteil',
        'Herxheim am Berg | 07332026 | 95.000,00 EUR | 242,17 EUR',
        'Ahaus | 05554004 | 451.000,00 EUR | Werne. 49,65',
        'Hohenbucko | 12062237 | 3.393.000,00 EUR | 8.649,18 EUR',
        'zusammen | | 3.939.000,00 EUR | 10.041,00 EUR',
      ]),
    ).toEqual(EXPECTED);
  });

  it('a wage misread too: the wages miss their printed total, nothing is computed from them', () => {
    const value = read([
      ...LETTER,
      INTRO,
      'Gemeinde | AGS | Arbeitslöhne | Zerlegungsanteil',
      'Herxheim am Berg | 07332026 | 95.000,00 EUR | ####',
      'Ahaus | 05554004 | 451.000,00 EUR | 1.149,65 EUR',
      'Hohenbucko | 12062237 | 3.893.000,00 EUR | 8.649,18 EUR',
      'zusammen | | 3.939.000,00 EUR | 10.041,00 EUR',
    ]);
    expect(value?.some((z) => z.gemeinde === 'Herxheim am Berg' && z.anteil === '242.17')).not.toBe(true);
  });

  it('no Messbetrag in the text, only the totals row; one share read, one garbled', () => {
    expect(
      read([
        ...LETTER,
        'Der Steuermessbetrag wird nach den Arbeitslöhnen (§ 29 GewStG) zerlegt.',
        'Gemeinde | Arbeitslohn | Anteil',
        'Herxheim am Berg | 95 000,-- | 242,17',
        'Ahaus | 451 000,-- | 1 149,65',
        'Hohenbucko | 3 393 000,-- | 864918',
        'insgesamt | 3 939 000,-- | 10 041,--',
      ]),
    ).toEqual(EXPECTED);
  });
});
