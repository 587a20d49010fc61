/**
 * Engineer `dates` (issue 9): dates and years chosen by the role their context gives them — the
 * label above in a reference line, the sentence around them, the law's arithmetic (the Zinslauf
 * ends on the Bekanntgabe, after the letter's date) and elimination (a date another role claims
 * is not the notice's). Letters written for this test only, not the benchmark's pools.
 */
import { describe, expect, it } from 'vitest';
import { extractFields } from './fields.js';
import type { DocumentType } from './types.js';
import { pageOf as fixturePage } from './page-fixture.js';

/**
 * Rows of text; " | " starts a new cell 130 pt further right. A row given as [x, text][] places
 * each cell at its own x (a reference line whose values crowd into each other).
 */
const pageOf = (rows: (string | [number, string][])[]) => fixturePage(rows, { column: 130 });
const fields = (type: DocumentType, rows: (string | [number, string][])[]) =>
  extractFields(type, [pageOf(rows)]);

describe('the tax year by its role', () => {
  it('a Messbescheid: not the first year the Messbetrag applies to prepayments ("ab dem Erhebungszeitraum …")', () => {
    const f = fields('messbescheid', [
      'Finanzamt Obertal',
      'Datum: 04.05.2024',
      'Festsetzung des Steuermessbetrags für das Jahr 2022',
      'Der Steuermessbetrag beträgt 2.310,00 €.',
      'Für die Vorauszahlungen gilt dieser Messbetrag ab dem Erhebungszeitraum 2025.',
    ]);
    expect(f.erhebungszeitraum?.value).toBe(2022);
  });

  it('a reminder row naming the tax in an abbreviated compound ("Gew.St.-Abschlusszahlung 2020")', () => {
    const f = fields('mahnung', [
      'Stadtkasse Obertal',
      'Datum: 12.09.2022',
      'Zahlungserinnerung',
      'Forderung | offen seit | Betrag',
      'Gew.St.-Abschlusszahlung 2020 | 14.06.2022 | 4.120,00 €',
      'Rückstand 4.120,00 €',
      'Säumniszuschläge 82,00 €',
    ]);
    expect(f.erhebungszeitraum?.value).toBe(2020);
  });
});

describe('the notice date by its role', () => {
  it('a reference line: the value beneath "Datum" shares its segment with the phone number to its left', () => {
    const f = fields('sonstiges', [
      'Gemeinde Obertal · Steueramt',
      [
        [40, 'Ihr Schreiben vom'],
        [200, 'Unser Zeichen'],
        [330, 'Sachbearbeitung'],
        [500, 'Datum'],
      ],
      [
        [40, '3. März 2023'],
        [200, 'ST-4471'],
        [330, 'Herr Adler, Ruf 0712 4471'],
        [455, '28. März 2023'],
      ],
      'Ihre Anfrage zur Gewerbesteuer',
      'Wir bestätigen den Eingang Ihres Schreibens.',
    ]);
    expect(f.bescheid_datum?.value).toBe('2023-03-28');
  });

  it('an amended notice: "(Bescheid vom …)" of the earlier assessment, named as such above, is not its date', () => {
    const f = fields('sonstiges', [
      'Gemeinde Obertal · Steueramt',
      [
        [40, 'Unser Zeichen'],
        [330, 'Auskunft'],
        [500, 'Datum'],
      ],
      [
        [40, 'ST-4471'],
        [330, 'Herr Adler, Ruf 0712 4471'],
        [455, '9. Oktober 2023'],
      ],
      'Geänderte Festsetzung der Gewerbesteuer 2021',
      'Dieser Bescheid ersetzt den Bescheid vom 2. Februar 2023, weil der Messbetrag geändert wurde.',
      'Frühere Festsetzung (Bescheid vom 2. Februar 2023)',
      'Steuer | 1.000,00 €',
    ]);
    expect(f.bescheid_datum?.value).toBe('2023-10-09');
  });
});

describe('the notice date in running header text', () => {
  it('"Bescheid vom:" split by the line break, after "Ihre Nachricht vom:" on the same line', () => {
    const f = fields('vorauszahlungsbescheid', [
      'Gemeinde Obertal · Steueramt',
      'Zeichen: ST-881 · Bearbeiter: Herr Adler · Ihre Nachricht vom: 2. Mai 2024 · Bescheid',
      'vom: 21. Mai 2024',
      'Vorauszahlungen zur Gewerbesteuer 2024',
    ]);
    expect(f.bescheid_datum?.value).toBe('2024-05-21');
  });

  it('a weekday before an earlier notice\'s date does not hide its role ("mit Bescheid vom Freitag, …")', () => {
    const f = fields('zinsbescheid', [
      'Gemeinde Obertal · Steueramt',
      'Zinsen zur Gewerbesteuer 2019',
      'Die Gewerbesteuer wurde mit Bescheid vom Freitag, 6. September 2024 geändert.',
      'Obertal, Dienstag, 10. September 2024',
    ]);
    expect(f.bescheid_datum?.value).toBe('2024-09-10');
  });
});

describe('the end of the Zinslauf', () => {
  const head = ['Gemeinde Obertal · Steueramt', 'Datum: 05.03.2024', 'Zinsen zur Gewerbesteuer 2017'];

  it('a sentence with weekdays: "… beginnt am Montag, 1. April 2019 und endet mit Bekanntgabe … am Freitag, 8. März 2024"', () => {
    const f = fields('zinsbescheid', [
      ...head,
      'Mit Bescheid vom 04.03.2024 wurde die Gewerbesteuer 2017 geändert; nachzuzahlen sind 10.000,00 €.',
      'Die Verzinsung beginnt am Montag, 1. April 2019 und endet mit Bekanntgabe dieses Bescheids',
      'am Freitag, 8. März 2024. Für 59 volle Monate ergeben sich Zinsen von 885,00 €.',
    ]);
    expect([f.zinsen_von?.value, f.zinsen_bis?.value, f.zinsen?.value]).toEqual([
      '2019-04-01',
      '2024-03-08',
      '885.00',
    ]);
  });

  it('a table whose start column is headed "Beginn" (next to "bis")', () => {
    const f = fields('zinsbescheid', [
      ...head,
      'Nachzuzahlen sind 10.000,00 €; der Betrag wird nach § 233a AO verzinst.',
      'Beginn | bis | Monate | Grundlage | Zinsen',
      '03.06.2019 | 08.03.2024 | 57 | 10.000,00 € | 855,00 €',
    ]);
    expect([f.zinsen_von?.value, f.zinsen_bis?.value]).toEqual(['2019-06-03', '2024-03-08']);
  });

  it('a form row "Zinslauf Ende (Bekanntgabe)" with an ISO date', () => {
    const f = fields('zinsbescheid', [
      ...head,
      'Mit Bescheid vom 2024-03-04 wurde die Gewerbesteuer 2017 geändert.',
      'Zinslauf Beginn | 2019-04-01',
      'Zinslauf Ende (Bekanntgabe) | 2024-03-08',
      'Bemessungsgrundlage | 10.000,00',
      'Zinsen | 885,00',
    ]);
    expect(f.zinsen_bis?.value).toBe('2024-03-08');
  });

  it("no end printed: the Bekanntgabe computed from the letter date, not the changed assessment's date before it", () => {
    const f = fields('zinsbescheid', [
      ...head,
      'Mit Bescheid vom 04.03.2024 wurde die Gewerbesteuer 2017 geändert; nachzuzahlen sind 10.000,00 €.',
      'Verzinst wird ab dem 01.04.2019 bis zur Bekanntgabe dieses Bescheids: 59 volle Monate.',
      'Zinsen 885,00 €',
    ]);
    // 05.03.2024 + 3 days (before 2025) = Friday 08.03.2024
    expect(f.zinsen_bis?.value).toBe('2024-03-08');
  });
});

describe('the due date of an assessment', () => {
  it('"Fälligkeit der Nachzahlung: …" (the label names what is due)', () => {
    const f = fields('gewst_bescheid', [
      'Gemeinde Obertal · Steueramt',
      'Obertal, 02.02.2024',
      'Gewerbesteuerbescheid 2022',
      'Gewerbesteuer 2022 | 4.000,00 €',
      'bisher festgesetzt | 1.000,00 €',
      'Nachzahlung | 3.000,00 €',
      'Fälligkeit der Nachzahlung: 07.03.2024',
      'Die Vorauszahlungen sind am 15.02.2024, 15.05.2024, 15.08.2024 und 15.11.2024 fällig.',
    ]);
    expect(f.faellig_am?.value).toBe('2024-03-07');
  });
});

describe('the due date of a reminder', () => {
  it('"BIS ZUM 2023-05-10" in capitals with ISO dates, not the end of a surcharge month in the table', () => {
    const f = fields('mahnung', [
      'STADTKASSE OBERTAL',
      'DATUM 2023-04-28',
      'MAHNUNG GEWERBESTEUER 2021',
      'ABGABE | FAELLIG SEIT | BETRAG',
      'GEWERBESTEUER 2021 | 2023-03-10 | 2.000,00',
      'MONAT | VON | BIS | ZUSCHLAG',
      '1. | 2023-03-11 | 2023-04-10 | 20,00',
      '2. | 2023-04-11 | 2023-05-10 | 20,00',
      '3. | 2023-05-11 | 2023-06-10 | 20,00',
      'RUECKSTAND 2.000,00',
      'SAEUMNISZUSCHLAG 60,00',
      'BITTE UEBERWEISEN SIE DEN GESAMTBETRAG BIS ZUM 2023-05-12.',
    ]);
    expect(f.faellig_am?.value).toBe('2023-05-12');
  });
});
