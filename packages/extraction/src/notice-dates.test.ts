/**
 * Ninth step (engineer `prepay`): the prepayment schedule, the due date and the notice date in
 * forms written for this test only (not the benchmark's pools): every case is decided by what
 * the value is for (its row or column header, the words on its line, its sentence) and by the
 * arithmetic of § 19 GewStG (quarters of floor(annual / 4) on 15 Feb/May/Aug/Nov), not by one
 * layout's labels.
 */
import { describe, expect, it } from 'vitest';
import { extractFields } from './fields.js';
import { findVorauszahlungen } from './schedule.js';
import { indexPage } from './textindex.js';
import type { DocumentType, Page } from './types.js';
import { pageOf as fixturePage } from './page-fixture.js';

const pageOf = (rows: string[], source: Page['source'] = 'text') =>
  fixturePage(rows, { column: 130, source });
const q = (jahr: number, quartal: number, betrag: string, faellig?: string) => ({
  jahr,
  quartal,
  betrag,
  faellig_am: faellig ?? `${jahr}-${['02', '05', '08', '11'][quartal - 1]}-15`,
});
const year = (jahr: number, betrag: string, from = 1) =>
  [1, 2, 3, 4].filter((k) => k >= from).map((k) => q(jahr, k, betrag));
const schedule = (rows: string[], expected: string | null = null, source: 'text' | 'ocr' = 'text') =>
  findVorauszahlungen([indexPage(pageOf(rows, source))], expected)?.value;
const field = (type: DocumentType, rows: string[], name: string, source: 'text' | 'ocr' = 'text') =>
  extractFields(type, [pageOf(rows, source)])[name]?.value;

describe('prepayment schedules in forms the engine was not written for', () => {
  it('running text: one amount "je … am 15.02., 15.05., 15.08. und 15.11.2025"', () => {
    expect(
      schedule([
        'Festsetzung der Vorauszahlungen',
        'Die Vorauszahlungen für 2025 betragen je 1.234,00 € am 15.02., 15.05., 15.08. und 15.11.2025.',
      ]),
    ).toEqual(year(2025, '1234.00'));
  });

  it('a year × quarter matrix over two years (every year the notice sets)', () => {
    expect(
      schedule([
        'Festgesetzte Vorauszahlungen',
        'Jahr | I. Quartal | II. Quartal | III. Quartal | IV. Quartal',
        '2025 | 1.500,00 | 1.500,00 | 1.500,00 | 1.500,00',
        '2026 | 1.500,00 | 1.500,00 | 1.500,00 | 1.500,00',
      ]),
    ).toEqual([...year(2025, '1500.00'), ...year(2026, '1500.00')]);
  });

  it('a transposed Fälligkeit/Betrag table with due dates moved past the weekend', () => {
    expect(
      schedule([
        'Vorauszahlungen 2026',
        'Fälligkeit | 16.02.2026 | 15.05.2026 | 17.08.2026 | 16.11.2026',
        'Betrag | 812,00 € | 812,00 € | 812,00 € | 812,00 €',
      ]),
    ).toEqual([
      q(2026, 1, '812.00', '2026-02-16'),
      q(2026, 2, '812.00'),
      q(2026, 3, '812.00', '2026-08-17'),
      q(2026, 4, '812.00', '2026-11-16'),
    ]);
  });

  it('old and new side by side under inflected headers ("bisheriges Soll | künftiges Soll")', () => {
    expect(
      schedule([
        'Vorauszahlungen',
        'Fälligkeit | bisheriges Soll | künftiges Soll',
        '15.08.2025 | 900,00 € | 1.120,00 €',
        '15.11.2025 | 900,00 € | 1.120,00 €',
      ]),
    ).toEqual(year(2025, '1120.00', 3));
  });

  it('old, new and difference without headers: the new one is what the difference leads to', () => {
    expect(
      schedule([
        'Vorauszahlungen',
        '15.08.2025 | 1.300,00 | 1.050,00 | -250,00',
        '15.11.2025 | 1.300,00 | 1.050,00 | -250,00',
      ]),
    ).toEqual(year(2025, '1050.00', 3));
  });

  it('a change in words: "bisher … künftig vierteljährlich …", the Nachzahlung is no instalment', () => {
    expect(
      schedule([
        'Die Vorauszahlungen für 2025 werden wie folgt geändert: bisher vierteljährlich 1.000,00 €,',
        'künftig vierteljährlich 1.250,00 €. Für die bereits fälligen Termine ergibt sich eine',
        'Nachzahlung von 500,00 €, fällig am 20.06.2025.',
      ]),
    ).toEqual(year(2025, '1250.00'));
  });

  it('"ab dem 01.07.2025 … je Quartal": the quarters due from that day', () => {
    expect(schedule(['Ab dem 01.07.2025 betragen die Vorauszahlungen je Quartal 640,00 €.'])).toEqual(
      year(2025, '640.00', 3),
    );
  });

  it('a "Vierteljahresbetrag ab III/2025" line', () => {
    expect(
      schedule(['Gewerbesteuer-Vorauszahlungen', 'Vierteljahresbetrag ab III/2025: 1.111,00 €']),
    ).toEqual(year(2025, '1111.00', 3));
  });

  it('OCR noise in dates and amounts (O for 0, l for 1)', () => {
    expect(
      schedule(['Vorauszahlungen', 'l5.O8.2025 | 2.43O,00 €', '15.11.2O25 | 2.430,00 €'], null, 'ocr'),
    ).toEqual(year(2025, '2430.00', 3));
  });
});

describe('the due date by what the sentence asks for', () => {
  const head = ['Stadt Igel | Datum: 10.03.2025', 'Bescheid über Gewerbesteuer 2023'];
  it('"… wird am … fällig" (the date before the due word)', () => {
    expect(
      field(
        'zinsbescheid',
        [...head, 'Zinsen 120,00 €', 'Der Betrag von 120,00 € wird am 14.04.2025 fällig.'],
        'faellig_am',
      ),
    ).toBe('2025-04-14');
  });

  it('"ist am … zu begleichen"', () => {
    expect(
      field(
        'zinsbescheid',
        [...head, 'Zinsen 120,00 €', 'Der Restbetrag ist am 22.04.2025 zu begleichen.'],
        'faellig_am',
      ),
    ).toBe('2025-04-22');
  });

  it('"innerhalb eines Monats nach Bekanntgabe" without a date: Bekanntgabe (DOMAIN.md § 3) + one month', () => {
    // Posted 10.03.2025 (a Monday): Bekanntgabe on the 4th day after (from 2025), 14.03.2025, a
    // Friday; one month after it: 14.04.2025.
    expect(
      field(
        'zinsbescheid',
        [
          ...head,
          'Zinsen 120,00 €',
          'Der Betrag ist innerhalb eines Monats nach Bekanntgabe dieses Bescheides zu zahlen.',
        ],
        'faellig_am',
      ),
    ).toBe('2025-04-14');
  });

  it('never a date on or before the notice date (a prepayment that was due)', () => {
    expect(
      field(
        'zinsbescheid',
        [
          ...head,
          'Die Vorauszahlung war am 15.02.2025 fällig.',
          'Zinsen 120,00 €',
          'Bitte überweisen Sie den Betrag bis 11.04.2025.',
        ],
        'faellig_am',
      ),
    ).toBe('2025-04-11');
  });
});

describe('the notice date by its role in the letter', () => {
  it('the place line beats "Mit Bescheid vom …" in running text about an earlier notice', () => {
    expect(
      field(
        'vorauszahlungsbescheid',
        [
          'Stadt Igel, Steueramt | Neustadt, 03.04.2025',
          'Vorauszahlungsbescheid 2025',
          'Mit Bescheid vom 12.01.2024 hatten wir die Vorauszahlungen festgesetzt.',
        ],
        'bescheid_datum',
      ),
    ).toBe('2025-04-03');
  });

  it('an unlabelled letterhead date, not the period range printed above it', () => {
    expect(
      field(
        'gewst_bescheid',
        ['Stadt Igel', 'Veranlagung 2023: 01.01.2023 – 31.12.2023', '03.04.2025', 'Gewerbesteuerbescheid'],
        'bescheid_datum',
      ),
    ).toBe('2025-04-03');
  });

  it('not a date of a ledger column under "Datum | Art | Betrag"', () => {
    expect(
      field(
        'sonstiges',
        [
          'Stadt Igel',
          'Kontoübersicht (Stand 22.10.2024)',
          'Datum | Art | Betrag',
          '15.02.2024 | Vorauszahlung I | 1.000,00',
          '15.05.2024 | Vorauszahlung II | 1.000,00',
        ],
        'bescheid_datum',
      ),
    ).toBe('2024-10-22');
  });

  it('an OCR-read "Datum" with O for 0', () => {
    expect(field('mahnung', ['Stadt Igel | Datum: O3.04.2O25', 'Mahnung'], 'bescheid_datum', 'ocr')).toBe(
      '2025-04-03',
    );
  });

  it('"Ausgestellt am" at the foot of the letter', () => {
    expect(
      field(
        'zinsbescheid',
        [
          'Stadt Igel',
          'Ihre Erklärung vom 02.02.2025',
          'Zinsbescheid',
          'Dieser Bescheid wurde am 05.03.2025 ausgestellt.',
        ],
        'bescheid_datum',
      ),
    ).toBe('2025-03-05');
  });
});
