/**
 * Eleventh step (engineer `texts`): the interest period and amount of § 233a AO in forms written
 * for this test only. The period ends with the day the changed assessment takes effect, so a
 * letter names two dates close together (the changed Gewerbesteuerbescheid "vom …" and the end of
 * the Zinslauf); what decides is the role the letter gives each date — a column under "bis" or
 * "Ende" beside a "von"/"vom" column, the second date of a range named after the Zinslauf — not
 * which of the two lies nearer the notice's own date.
 */
import { describe, expect, it } from 'vitest';
import { extractFields } from './fields.js';
import { pageOf } from './page-fixture.js';

const interest = (rows: string[]) => {
  const f = extractFields('zinsbescheid', [pageOf(rows)]);
  return { von: f.zinsen_von?.value, bis: f.zinsen_bis?.value, zinsen: f.zinsen?.value };
};
const head = [
  'Stadt Musterhausen - Steueramt',
  'Datum: 14.03.2024',
  'Festsetzung von Nachzahlungszinsen zur Gewerbesteuer 2021',
];

describe('the end of the Zinslauf by its role, not by its nearness to the notice date', () => {
  it('a "Zinslauf vom | bis" table beats the date of the changed notice in the sentence above', () => {
    expect(
      interest([
        ...head,
        'Mit Bescheid vom 11.03.2024 wurde die Gewerbesteuer 2021 neu festgesetzt.',
        'Zinslauf vom | bis | Betrag | Monate | Zinsen',
        '01.10.2023 | 15.03.2024 | 40.000,00 € | 5 | 300,00 €',
      ]),
    ).toEqual({ von: '2023-10-01', bis: '2024-03-15', zinsen: '300.00' });
  });

  it('a "von | Ende" header pair', () => {
    expect(
      interest([
        ...head,
        'Die Festsetzung vom 11.03.2024 ändert die Gewerbesteuer 2021.',
        'von | Ende | Monate | Bemessungsgrundlage | Zinsbetrag',
        '01.10.2023 | 15.03.2024 | 5 | 40.000,00 | 300,00',
      ]),
    ).toEqual({ von: '2023-10-01', bis: '2024-03-15', zinsen: '300.00' });
  });

  it('a range after the Zinslauf behind leader dots ("ZINSZEITRAUM ...... a - b")', () => {
    expect(
      interest([
        ...head,
        'AENDERUNGSBESCHEID VOM 11.03.2024 ZUR GEWERBESTEUER 2021',
        'BEMESSUNGSGRUNDLAGE ........ 40.000,00',
        'ZINSZEITRAUM ............... 01.10.2023 - 15.03.2024',
        'ZINSEN ..................... 300,00',
      ]),
    ).toMatchObject({ von: '2023-10-01', bis: '2024-03-15' });
  });

  it('spaced leader dots and "bis" between the dates', () => {
    expect(
      interest([
        ...head,
        'Der Gewerbesteuerbescheid vom 11.03.2024 hat die Steuer erhöht.',
        'Verzinsung . . . . . . 01.10.2023 bis 15.03.2024',
        'Zinsen . . . . . . . . 300,00 EUR',
      ]),
    ).toMatchObject({ von: '2023-10-01', bis: '2024-03-15' });
  });
});

describe('the interest amount', () => {
  it('"für 5 Monate zu je 0,15 v. H. aus 40.000 € werden 300,00 € festgesetzt" (abbreviation dots)', () => {
    expect(
      interest([
        ...head,
        'Der Unterschiedsbetrag ist nach § 233a AO zu verzinsen. Für 5 volle Monate zu je 0,15 v. H. aus',
        '40.000,00 € werden 300,00 € festgesetzt.',
      ]).zinsen,
    ).toBe('300.00');
  });

  it('"Zinsen" inside a sentence does not take the figure printed on the next line under it', () => {
    expect(
      interest([
        ...head,
        'Auf den Unterschiedsbetrag werden hiermit Zinsen festgesetzt, die sich wie folgt berechnen:',
        'Die Nachforderung von 2.345,00 € ist nach § 233a AO zu verzinsen.',
        'Zeitraum | Monate | Zinssatz | Zinsbetrag',
        '01.04.2023 - 15.03.2024 | 11 | 0,15 % | 12,00',
      ]).zinsen,
    ).toBe('12.00');
  });
});

describe('long leader lines after an interest word', () => {
  // A Finanzamt print sets every label behind a run of leader dots. Each dot inside the run used to
  // match two alternatives of the gap between the interest word and its period, so a line such as
  // "festgesetzte Zinsen ....(100 dots).... EUR 155,00" backtracked 2^40 ways and never returned.
  const dots = '.'.repeat(120);
  it('reads the period and the interest behind leader dots and returns', () => {
    expect(
      interest([
        ...head,
        `Beginn des Zinslaufs ${dots} 01.04.2018`,
        `Ende des Zinslaufs ${dots} 21.05.2018`,
        `Zinssatz je Monat ${dots} 0,5 vom Hundert`,
        `festgesetzte Zinsen ${dots} EUR 155,00`,
        `Die Zinsen sind fällig am ${dots} 20.06.2018`,
      ]),
    ).toEqual({ von: '2018-04-01', bis: '2018-05-21', zinsen: '155.00' });
  });
});
