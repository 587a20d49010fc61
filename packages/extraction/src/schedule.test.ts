import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractFields } from './fields.js';
import { findVorauszahlungen } from './schedule.js';
import { indexPage } from './textindex.js';
import { pageOf as fixturePage } from './page-fixture.js';

/** Rows of text; " | " starts a new cell 150 pt further right (a table column). */
function indexOf(rows: string[]) {
  return [indexPage(pageOf(rows))];
}
const pageOf = (rows: string[]) => fixturePage(rows, { left: 50, column: 150, width: 595, confidence: 1 });
const q = (jahr: number, quartal: number, betrag: string) => ({
  jahr,
  quartal,
  betrag,
  faellig_am: `${jahr}-${['02', '05', '08', '11'][quartal - 1]}-15`,
});
const at = (jahr: number, quartal: number, betrag: string, faellig_am: string) => ({
  jahr,
  quartal,
  betrag,
  faellig_am,
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

/**
 * Engineer `vz` (tenth step), written before the change in forms of no pool: a row of due dates
 * or quarter heads over rows of amounts is read by column (a dash is an empty quarter, a total
 * column belongs to no quarter, old / new / difference rows give the new one); a due date printed
 * anywhere for the quarter beats the statutory 15th; a letter that says a due day on a weekend
 * moves to the next working day has its statutory dates moved (DOMAIN.md § 3).
 */
describe('prepayment schedule: heads over rows, and the due day', () => {
  it('reads a year × quarter grid with a dash for a quarter not set and a total column', () => {
    expect(
      read([
        'Ihre Vorauszahlungen',
        'Kalenderjahr | 15.2. | 15.5. | 15.8. | 15.11. | gesamt',
        '2024 | - | 2.040,00 | 2.040,00 | 2.040,00 | 6.120,00',
      ]),
    ).toEqual([q(2024, 2, '2040.00'), q(2024, 3, '2040.00'), q(2024, 4, '2040.00')]);
  });

  it('reads a full grid over two years whose row has more cells than heads (a total)', () => {
    expect(
      read([
        'Vorauszahlungen',
        'Jahr | 15.02. | 15.05. | 15.08. | 15.11. | Summe',
        '2026 | 610,00 | 610,00 | 610,00 | 610,00 | 2.440,00',
        '2027 | 700,00 | 700,00 | 700,00 | 700,00 | 2.800,00',
      ]),
    ).toEqual([
      q(2026, 1, '610.00'),
      q(2026, 2, '610.00'),
      q(2026, 3, '610.00'),
      q(2026, 4, '610.00'),
      q(2027, 1, '700.00'),
      q(2027, 2, '700.00'),
      q(2027, 3, '700.00'),
      q(2027, 4, '700.00'),
    ]);
  });

  it('takes the new row of a row of due dates over old, new and difference rows', () => {
    expect(
      read([
        'Anpassung der Vorauszahlungen',
        ' | 15.08.2025 | 17.11.2025',
        'alter Betrag | 4.000,00 | 4.000,00',
        'geänderter Betrag | 3.125,00 | 3.125,00',
        'Minderung | 875,00 | 875,00',
      ]),
    ).toEqual([at(2025, 3, '3125.00', '2025-08-15'), at(2025, 4, '3125.00', '2025-11-17')]);
  });

  it('takes the row a difference leads to when no row says which is new', () => {
    expect(
      read([
        'Vorauszahlungen',
        ' | 15.05.2026 | 17.08.2026 | 16.11.2026',
        ' | 1.500,00 | 1.500,00 | 1.500,00',
        ' | 1.800,00 | 1.800,00 | 1.800,00',
        ' | 300,00 | 300,00 | 300,00',
      ]),
    ).toEqual([
      at(2026, 2, '1800.00', '2026-05-15'),
      at(2026, 3, '1800.00', '2026-08-17'),
      at(2026, 4, '1800.00', '2026-11-16'),
    ]);
  });

  it('takes the printed due dates of a list beside the sentence that sets the amount', () => {
    expect(
      read([
        'Vorauszahlungen ab dem 2. Quartal 2026',
        'Die Vorauszahlungen werden vierteljährlich auf je 1.230,00 EUR festgesetzt; fällig am 15.05.2026,',
        '17.08.2026 und 16.11.2026.',
      ]),
    ).toEqual([
      at(2026, 2, '1230.00', '2026-05-15'),
      at(2026, 3, '1230.00', '2026-08-17'),
      at(2026, 4, '1230.00', '2026-11-16'),
    ]);
  });

  it('moves a statutory due day on a weekend when the letter says so, not otherwise', () => {
    const rows = ['Vorauszahlungen 2025', 'III/2025 | 990,00 €', 'IV/2025 | 990,00 €'];
    expect(read(rows)).toEqual([q(2025, 3, '990.00'), q(2025, 4, '990.00')]);
    expect(
      read([
        ...rows,
        'Ist der Fälligkeitstag ein Samstag, Sonntag oder Feiertag, verschiebt er sich auf den nächsten Werktag.',
      ]),
    ).toEqual([at(2025, 3, '990.00', '2025-08-15'), at(2025, 4, '990.00', '2025-11-17')]);
  });

  it('does not read dates in running text over two lines as a grid', () => {
    expect(
      read([
        'Vorauszahlungen: zum 15.02.2027 845,00 €, zum 15.05.2027 845,00 €,',
        'zum 16.08.2027 845,00 € und zum 15.11.2027 845,00 €.',
      ]),
    ).toEqual([
      q(2027, 1, '845.00'),
      q(2027, 2, '845.00'),
      at(2027, 3, '845.00', '2027-08-16'),
      q(2027, 4, '845.00'),
    ]);
  });

  it('property: any grid of floor(annual / 4) under due-date heads reads back its instalments', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2019, max: 2030 }),
        fc.integer({ min: 20_000, max: 4_000_000 }),
        fc.integer({ min: 1, max: 4 }),
        (year, annual, first) => {
          const quarter = Math.floor(annual / 4);
          const cell = `${quarter.toLocaleString('de-DE')},00`;
          const heads = ['15.02.', '15.05.', '15.08.', '15.11.'];
          const cells = [1, 2, 3, 4].map((k) => (k < first ? '-' : cell));
          const total = `${(quarter * (5 - first)).toLocaleString('de-DE')},00`;
          const got = read([
            'Festsetzung der Vorauszahlungen',
            `Jahr | ${heads.join(' | ')} | Summe`,
            `${year} | ${cells.join(' | ')} | ${total}`,
          ]);
          expect(got).toEqual([1, 2, 3, 4].filter((k) => k >= first).map((k) => q(year, k, `${quarter}.00`)));
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('prepayment schedule: named by its instalments, beside other levies, limited by its dates', () => {
  it('reads a schedule headed only by its quarterly amounts ("Quartalsraten")', () => {
    expect(
      read(
        [
          'Quartalsraten ab 2026',
          'Termin | Betrag',
          '16.2.2026 | 3.210,00',
          '15.5.2026 | 3.210,00',
          '17.8.2026 | 3.210,00',
          '16.11.2026 | 3.210,00',
        ],
        '3210.00',
      ),
    ).toEqual([
      at(2026, 1, '3210.00', '2026-02-16'),
      q(2026, 2, '3210.00'),
      at(2026, 3, '3210.00', '2026-08-17'),
      at(2026, 4, '3210.00', '2026-11-16'),
    ]);
  });

  it('reads the abbreviation "VZ" of a marginal heading as the schedule', () => {
    expect(
      read([
        'Steuer | 41.000,00 €',
        'VZ | III. Quartal 2025 | 10.250,00 €',
        ' | IV. Quartal 2025 | 10.250,00 €',
      ]),
    ).toEqual([q(2025, 3, '10250.00'), q(2025, 4, '10250.00')]);
  });

  it('takes the column of the trade tax, not the land tax beside it or the sum, without an expectation', () => {
    expect(
      read([
        'Vorauszahlungen ab 2025 einschließlich Grundsteuer',
        'Termin | Grundsteuer B | Gewerbesteuer | Summe',
        '15.8.2025 | 212,40 | 4.100,00 | 4.312,40',
        '17.11.2025 | 212,40 | 4.100,00 | 4.312,40',
      ]),
    ).toEqual([q(2025, 3, '4100.00'), at(2025, 4, '4100.00', '2025-11-17')]);
  });

  it('sets only the quarters whose due dates the next sentence prints', () => {
    const rows = [
      'Die Gewerbesteuer-Vorauszahlungen für 2027 setzen wir auf vierteljährlich je 2.345,00 € fest.',
      'Zahlen Sie bitte am 16. August 2027 und am 15. November 2027.',
    ];
    expect(read(rows)).toEqual([at(2027, 3, '2345.00', '2027-08-16'), q(2027, 4, '2345.00')]);
    expect(read([rows[0]!, 'Zahlen Sie bitte am Montag, 15. November 2027.'])).toEqual([
      q(2027, 4, '2345.00'),
    ]);
    // Without printed dates every quarter from the start on; another payment's date limits nothing.
    expect(read([rows[0]!])).toEqual([1, 2, 3, 4].map((k) => q(2027, k, '2345.00')));
    expect(
      read([rows[0]!, 'Die Abschlusszahlung für 2025 überweisen Sie bitte bis zum 17. Mai 2027.']),
    ).toEqual([1, 2, 3, 4].map((k) => q(2027, k, '2345.00')));
  });
});

describe('prepayment schedule broken by the page', () => {
  it('carries a table on with the rows at the top of the next page', () => {
    const head = 'Termin | Quartal | alt | neu';
    const first = indexPage(
      pageOf([
        'Geänderte Vorauszahlungen ab 2026',
        head,
        '16.02.2026 | I/2026 | 700,00 | 910,00',
        '15.05.2026 | II/2026 | 700,00 | 910,00',
        'Bankverbindung: Kreissparkasse',
      ]),
    );
    const second = indexPage({
      ...pageOf(['Blatt 2', head, '17.08.2026 | III/2026 | 700,00 | 910,00']),
      page: 2,
    });
    expect(findVorauszahlungen([first, second])?.value).toEqual([
      at(2026, 1, '910.00', '2026-02-16'),
      q(2026, 2, '910.00'),
      at(2026, 3, '910.00', '2026-08-17'),
    ]);
    // A later year's table on the next page is another schedule.
    const other = indexPage({
      ...pageOf(['Blatt 2', head, '17.08.2027 | III/2027 | 700,00 | 910,00']),
      page: 2,
    });
    expect(findVorauszahlungen([first, other])?.value).toEqual([
      at(2026, 1, '910.00', '2026-02-16'),
      q(2026, 2, '910.00'),
    ]);
  });
});

describe('prepayment schedule set to nothing', () => {
  const rows = [
    'Vorauszahlungen zur Gewerbesteuer ab 2024',
    'Messbetrag für die Vorauszahlungen: 0,00 €, Hebesatz: 380 %',
    'Wir setzen die Vorauszahlungen für den 15.02.2024, 15.05.2024, 15.08.2024 und 15.11.2024 auf jeweils 0,00 € fest.',
  ];
  it('reads instalments of 0,00 € when the Messbetrag is 0, never otherwise', () => {
    const got = extractFields('vorauszahlungsbescheid', [pageOf(rows)]).vorauszahlungen?.value;
    expect(got).toEqual([1, 2, 3, 4].map((k) => q(2024, k, '0.00')));
    expect(read(rows)).toBeUndefined();
  });
});

describe('prepayment schedule named by no word', () => {
  it('reads a table of its own shape: rows pairing quarters with amounts', () => {
    expect(
      read([
        'Fälligkeiten 2026',
        'Termin | Zeitraum | Betrag',
        '16.02.2026 | I/2026 | 1.480,00 €',
        '15.05.2026 | II/2026 | 1.480,00 €',
      ]),
    ).toEqual([at(2026, 1, '1480.00', '2026-02-16'), q(2026, 2, '1480.00')]);
    // One dated amount (a settlement due in a quarter month) is no schedule.
    expect(read(['Nachzahlung | fällig 15.05.2026 | 1.480,00 €'])).toBeUndefined();
  });
});
