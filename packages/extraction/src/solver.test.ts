import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arithmeticCues } from './classify.js';
import { parseBareRate } from './normalize.js';
import { extractFields, extractFieldsChecked } from './fields.js';
import { fullMonths, solveArrears, solveAssessment, solveMessbescheid, UNLABELLED } from './solver.js';
import { cand, page } from './solver-fixture.js';
import type { DocumentType } from './types.js';

const GEWST = ['messbetrag', 'hebesatz', 'festgesetzte_steuer', 'bisher_festgesetzt', 'abrechnung'];

/** The Zerlegung shares read from a notice as [name, share] pairs. */
const shares = (f: ReturnType<typeof extractFields>) =>
  (f.zerlegungsanteile?.value as { gemeinde: string; anteil: string }[] | undefined)?.map((r) => [
    r.gemeinde,
    r.anteil,
  ]);

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

  it('a settlement whose set-off and difference carry labels the engine does not know', () => {
    // "Soll-Ausgleich" and "Stand Konto" mean nothing to the vocabularies: tax − x = y decides,
    // the earlier amount is the one set off; the prepayments below do not fit.
    const p = page([
      'Gewerbesteuerbescheid 2022',
      'Messbetrag | 1.210,00 €',
      'Hebesatz | 410 v. H.',
      'Gewerbesteuer | 4.961,00 €',
      'Soll-Ausgleich | 3.200,-- €',
      'Stand Konto | 1.761,-- €',
      'Vorauszahlungen ab 2023 je Quartal | 1.240,00 €',
    ]);
    const { fields, checks } = extractFieldsChecked('gewst_bescheid', [p]);
    expect(fields.bisher_festgesetzt?.value).toBe('3200.00');
    expect(fields.abrechnung?.value).toBe('1761.00');
    expect(checks).toEqual([]);
  });

  it('a Vorauszahlungsbescheid whose Messbetrag label is missing: the quarterly amount floor(annual / 4) decides', () => {
    const p = page([
      'Vorauszahlungsbescheid 2024',
      'Grundlage des Finanzamts | 21 019,00 EUR',
      'Hebesatz | 365 v. H.',
      'jährlich | 76 716,00 EUR',
      '1. Vj. 15.02.2024 | 19 179,00 EUR',
      '2. Vj. 15.05.2024 | 19 179,00 EUR',
    ]);
    const f = extractFields('vorauszahlungsbescheid', [p]);
    expect(f.messbetrag?.value).toBe('21019.00');
    expect(f.hebesatz?.value).toBe(365);
  });

  it('a Messbescheid whose labels are merged or misleading: the 3.5 % arithmetic picks the triple', () => {
    // A form's header row runs the labels together; the values stand in one row below.
    const p = page([
      'Gewerbesteuermessbescheid 2021',
      'Gewerbeertrag abgerundet Freibetrag verbleibend Messzahl Messbetrag nach dem Gewerbeertrag',
      '315.164,50 € | 315.100,-- € | 24.500,-- € | 290.600,-- € | 3,5 % | 10.171,-- €',
    ]);
    const { fields, checks } = extractFieldsChecked('messbescheid', [p]);
    expect(fields.gewerbeertrag?.value).toBe('315164.50');
    expect(fields.freibetrag?.value).toBe('24500.00');
    expect(fields.messbetrag?.value).toBe('10171.00');
    expect(fields.messbetrag!.confidence).toBeGreaterThan(0.9);
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

describe('interest, arrears and Zerlegung decided by their arithmetic', () => {
  it('a Mahnung whose labels are misleading: § 240 AO picks the arrears and the surcharge', () => {
    // "Betrag" labels the fee, the arrears carry no known label; 1 % of 1.250 € × 3 months = 37,50 €.
    const p = page(['Mahnung', 'Gewerbesteuer 2022 | 1.284,17 €', 'Zuschlag | 37,50 €', 'Betrag | 12,00 €']);
    const { fields } = extractFieldsChecked('mahnung', [p]);
    expect(fields.rueckstand?.value).toBe('1284.17');
    expect(fields.saeumniszuschlag?.value).toBe('37.50');
  });

  it('solveArrears overrules a label the arithmetic contradicts', () => {
    const s = solveArrears(
      { rueckstand: [cand('12.00', 1), cand('1284.17', 0.6)], saeumniszuschlag: [cand('37.50')] },
      [],
    );
    expect(s.chosen.rueckstand?.value).toBe('1284.17');
    expect(s.confirmed.has('saeumniszuschlag')).toBe(true);
  });

  it('solveArrears: of the monthly surcharge and its multiple, the one the demanded total adds up to', () => {
    // Arrears 2.380,00 €: 1 % of 2.350 € = 23,50 € per month begun; two months = 47,00 €.
    // Demanded: 2.380,00 + 47,00 + 5,00 (Mahngebühr) = 2.432,00 €. The label sits on the
    // rule's own "50 €", which no multiple of the unit is.
    const p = page([
      'Zahlungserinnerung',
      'Offen ist die Gewerbesteuer-Nachzahlung über 2.380,00 €, fällig seit dem 03.03.2025.',
      'Der Säumniszuschlag beträgt je begonnenem Monat 1 % der auf volle 50 € abgerundeten Schuld,',
      'das heißt 23,50 €; bis heute (2 Monate) insgesamt 47,00 €.',
      'Mit 5,00 € Mahngebühren bitten wir um 2.432,00 € innerhalb einer Woche.',
    ]);
    const f = extractFields('mahnung', [p]);
    expect(f.rueckstand?.value).toBe('2380.00');
    expect(f.saeumniszuschlag?.value).toBe('47.00');
  });

  it('an interest period without labels: the legal start of the Zinslauf and the arithmetic decide', () => {
    // EZ 2021: the Zinslauf starts on 1.4.2023; 01.04.2023–05.03.2024 = 11 full months;
    // 0.15 % × 11 × 24.950 € = 411,67 → 411 €.
    const p = page([
      'Zinsbescheid zur Gewerbesteuer 2021',
      'Bescheiddatum | 02.03.2024',
      'Berechnungsgrundlage | 24.950,00 €',
      'Zeitraum | 01.04.2023 | 05.03.2024',
      'Festsetzung | 411,00 €',
      'Fälligkeit | 05.04.2024',
    ]);
    const f = extractFields('zinsbescheid', [p]);
    expect(f.zinsen_von?.value).toBe('2023-04-01');
    expect(f.zinsen_bis?.value).toBe('2024-03-05');
    expect(f.zinsen?.value).toBe('411.00');
    expect(f.faellig_am?.value).toBe('2024-04-05');
  });

  it('counts full months of a Zinslauf', () => {
    expect(fullMonths('2023-04-01', '2024-03-05')).toBe(11);
    expect(fullMonths('2023-04-15', '2024-03-05')).toBe(10);
  });

  it('a Zerlegung table under unknown headers: the share column is the one summing to the total', () => {
    const p = page([
      'Zerlegungsbescheid 2022',
      'Kommune | Lohnsumme | Zuteilung | Quote',
      'Igel | 2.373.000,00 € | 141,72 € | 69,81 %',
      'Kirch Jesar | 1.026.000,00 € | 61,28 € | 30,19 %',
      'zusammen | 3.399.000,00 € | 203,00 €',
    ]);
    const f = extractFields('zerlegungsbescheid', [p]);
    expect(f.zerlegungsanteile?.value).toEqual([
      { gemeinde: 'Igel', ags: expect.any(String), anteil: '141.72' },
      { gemeinde: 'Kirch Jesar', ags: expect.any(String), anteil: '61.28' },
    ]);
  });
});

describe('tables and identifiers read by meaning', () => {
  it('a Zerlegung table with a running number and "Stadt" before the names', () => {
    const p = page([
      'Zerlegungsbescheid 2022',
      'Nr. | Stadt/Gemeinde | Zerlegungsbetrag',
      '1 | Stadt Flensburg | 141,72',
      '2 | Markt Schwaben | 61,28',
    ]);
    expect(shares(extractFields('zerlegungsbescheid', [p]))).toEqual([
      ['Flensburg', '141.72'],
      ['Markt Schwaben', '61.28'],
    ]);
  });

  it('an interest period in a sentence with long and spaced date forms', () => {
    const p = page([
      'Bescheid über Zinsen zur Gewerbesteuer 2021',
      'Datum | 2. März 2024',
      'Die Verzinsung erfolgt für die Zeit vom 1. 04. 2023 bis 5. Mrz. 2024 zum Satz von 0,15 % je Monat.',
      'Zinsen | 411,00 €',
    ]);
    const f = extractFields('zinsbescheid', [p]);
    expect([f.zinsen_von?.value, f.zinsen_bis?.value, f.zinsen?.value]).toEqual([
      '2023-04-01',
      '2024-03-05',
      '411.00',
    ]);
  });

  it('payment references under other names, or only in a sentence', () => {
    const kv = page(['Mahnung', 'Geschäftspartner-Nr. | 4711.0815.001', 'Rückstand | 100,00 €']);
    expect(extractFields('mahnung', [kv]).kassenzeichen?.value).toBe('4711.0815.001');
    const sentence = page([
      'Mahnung',
      'Bitte geben Sie bei Zahlung das Kassenzeichen 12-345678-9 an.',
      'Rückstand | 100,00 €',
    ]);
    expect(extractFields('mahnung', [sentence]).kassenzeichen?.value).toBe('12-345678-9');
  });
});

describe('Zerlegung and interest in other forms (header meaning, blocks, running text, computation lines)', () => {
  it('a table with the AGS first and the share before the wages: the columns by their headers', () => {
    const p = page([
      'Zerlegungsbescheid 2022',
      'Gemeindekennziffer | Kommune | Zerlegungsanteil | Arbeitslöhne',
      '07235051 | Igel | 141,72 € | 2.373.000,00 €',
      '13076070 | Kirch Jesar | 61,28 € | 1.026.000,00 €',
    ]);
    expect(extractFields('zerlegungsbescheid', [p]).zerlegungsanteile?.value).toEqual([
      { gemeinde: 'Igel', ags: '07235051', anteil: '141.72' },
      { gemeinde: 'Kirch Jesar', ags: '13076070', anteil: '61.28' },
    ]);
  });

  it('key–value blocks per municipality and running text: the shares that sum to the Messbetrag', () => {
    const blocks = page([
      'Zerlegungsbescheid 2022',
      '1. Hebeberechtigte Gemeinde',
      'Name: Igel',
      'Arbeitslöhne: 2.373.000,00 €',
      'Anteil am Messbetrag: 141,72 €',
      '2. Gemeinde',
      'Name: Kirch Jesar',
      'Arbeitslöhne: 1.026.000,00 €',
      'Anteil am Messbetrag: 61,28 €',
    ]);
    const text = page([
      'Zerlegungsbescheid 2022',
      'Von dem Steuermessbetrag in Höhe von 203,00 € entfallen auf die Gemeinde Igel ein Anteil',
      'von 141,72 € und auf die Gemeinde Kirch Jesar 61,28 €.',
    ]);
    for (const p of [blocks, text])
      expect(
        (
          extractFields('zerlegungsbescheid', [p]).zerlegungsanteile?.value as {
            gemeinde: string;
            anteil: string;
          }[]
        )?.map((r) => [r.gemeinde, r.anteil]),
      ).toEqual([
        ['Igel', '141.72'],
        ['Kirch Jesar', '61.28'],
      ]);
  });

  it('an interest table under the header cells "von | bis", a reference with a remark in brackets', () => {
    const p = page([
      'Zinsbescheid zur Gewerbesteuer 2021',
      'Kassenzeichen (bitte stets angeben) | 76-863349-9',
      'Datum | 02.03.2024',
      'von | bis | Monate | Zinssatz | zu verzinsen | Zinsbetrag',
      '01.04.2023 | 05.03.2024 | 11 | 0,15 % | 12.300,00 € | 202,00 €',
    ]);
    const f = extractFields('zinsbescheid', [p]);
    expect([f.kassenzeichen?.value, f.zinsen_von?.value, f.zinsen_bis?.value, f.zinsen?.value]).toEqual([
      '76-863349-9',
      '2023-04-01',
      '2024-03-05',
      '202.00',
    ]);
  });

  it('a computation line: the label "Zinsen" stands before the base, the arithmetic picks the result', () => {
    const p = page([
      'Bescheid über Zinsen zur Gewerbesteuer 2021',
      'Datum | 02.03.2024',
      'Zinsbeginn | 01.04.2023 | Zinsende | 05.03.2024',
      'Zinsen: 12.300,00 € x 11 Monate x 0,15 % = 202,00 €',
    ]);
    const f = extractFields('zinsbescheid', [p]);
    expect([f.zinsen_von?.value, f.zinsen_bis?.value, f.zinsen?.value]).toEqual([
      '2023-04-01',
      '2024-03-05',
      '202.00',
    ]);
  });
});

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
        // Not 400: unlabelled, "m | 400 | 4m" is also a quarter m and its year 4m (the test below
        // keeps such pairs out); a notice with Hebesatz 400 needs a label to be read this way.
        fc.integer({ min: 200, max: 900 }).filter((h) => h !== 400),
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

describe('date roles, due clauses, Zerlegung headers and the year (seventh step)', () => {
  // [case, type, lines, field, expected]: each date has competitors another role claims.
  const dateCases: [string, DocumentType, string[], string, string][] = [
    [
      'the notice date is the "Ort, den" line, not the receipt or the notice it changes',
      'gewst_bescheid',
      [
        'Stadt Igel | Kassenzeichen | 76-863349-9',
        'Eingang Ihrer Erklärung | 02.02.2024',
        'Igel, den 14.03.2024',
        'Gewerbesteuerbescheid 2022',
        'Dieser Bescheid ändert den Bescheid vom 12.03.2023.',
      ],
      'bescheid_datum',
      '2024-03-14',
    ],
    [
      'a date "erstellt am" at the end of the letter beats the letter it answers at the top',
      'zerlegungsbescheid',
      [
        'Finanzamt Beuren',
        'Ihr Schreiben vom: 30. September 2024',
        'Zerlegungsbescheid 2023',
        'Dieses Schreiben wurde am 23. Oktober 2024 maschinell erstellt und ist ohne Unterschrift gültig.',
      ],
      'bescheid_datum',
      '2024-10-23',
    ],
    [
      'without any notice-date label the first letterhead date that no other role claims',
      'mahnung',
      ['Stadt Igel', 'Buchungsstand | 28.03.2024', '02.04.2024', 'Mahnung'],
      'bescheid_datum',
      '2024-04-02',
    ],
    [
      'the first unclaimed letterhead date, not a later payment date printed beside it',
      'vorauszahlungsbescheid',
      ['Stadt Igel', '05.03.2024', 'Zahlungstermin 15.05.2024', 'Vorauszahlungsbescheid'],
      'bescheid_datum',
      '2024-03-05',
    ],
    [
      '"Stand:" alone dates the letter; a compound ("Kontostand") is a balance',
      'mahnung',
      ['Stadt Igel', 'Kontostand vom 01.03.2024', 'Stand: 08.03.2024', 'Mahnung'],
      'bescheid_datum',
      '2024-03-08',
    ],
    [
      'a due date in apposition ("fällig, das ist der …"), not the date it has been due since',
      'mahnung',
      [
        'Stadt Igel | Datum | 09.04.2024',
        'Mahnung',
        'Gewerbesteuer 2022, fällig seit 15.02.2023',
        'Säumniszuschläge berechnet bis 20.04.2024',
        'Der Betrag ist einen Monat nach Bekanntgabe dieses Bescheides fällig, das ist der 09.05.2024.',
      ],
      'faellig_am',
      '2024-05-09',
    ],
    [
      'a due date in brackets after "fällig einen Monat nach Bekanntgabe", not the end of the Zinslauf',
      'zinsbescheid',
      [
        'Stadt Igel | Datum | 09.04.2024',
        'Zinsbescheid',
        'Zinslauf endet am 19.04.2024',
        'Fällig einen Monat nach Bekanntgabe (10.05.2024).',
      ],
      'faellig_am',
      '2024-05-10',
    ],
  ];
  it.each(dateCases)('%s', (_case, type, lines, field, expected) => {
    expect(extractFields(type, [page(lines)])[field]?.value).toBe(expected);
  });

  it('share and wage headers in one cell, either order; a unit before the amount stays in its cell', () => {
    const shareFirst = page([
      'Zerlegungsbescheid 2022',
      'Gemeinde/Stadt | Anteil in EUR Zerlegungsmaßstab (Arbeitslöhne)',
      'Igel | 141,72 EUR | 2.373.000,00 EUR',
      'Kirch Jesar | 61,28 EUR | 1.026.000,00 EUR',
    ]);
    const unitFirst = page([
      'Zerlegungsbescheid 2022',
      'hebeberechtigte Gemeinde | Zerlegungsmaßstab (Arbeitslöhne) | zugeteilter Steuermessbetrag',
      'Igel | EUR 2 373 000,00 | EUR 141,72',
      'Kirch Jesar | EUR 1 026 000,00 | EUR 61,28',
    ]);
    for (const p of [shareFirst, unitFirst])
      expect(shares(extractFields('zerlegungsbescheid', [p]))).toEqual([
        ['Igel', '141.72'],
        ['Kirch Jesar', '61.28'],
      ]);
  });

  it('running text across a page break with the next page\'s "Seite 2", glued abbreviations in names', () => {
    const p1 = page([
      'Zerlegungsbescheid 2022',
      'Der Gewerbesteuermessbetrag wird auf die folgenden Gemeinden zerlegt:',
      'Der Steuermessbetrag von 3.402,00 Euro wird wie folgt zerlegt: auf die Gemeinde Tiefenbach ein Betrag',
    ]);
    const p2 = {
      ...page([
        'Seite 2',
        'von 264,91 Euro, die Stadt Lohr a.Main ein Anteil von 753,63 Euro und die Gemeinde Lasel ein Anteil von',
        '2.383,46 Euro.',
      ]),
      page: 2,
    };
    const f = extractFieldsChecked('zerlegungsbescheid', [p1, p2]).fields;
    expect(shares(f)).toEqual([
      ['Tiefenbach', '264.91'],
      ['Lohr a.Main', '753.63'],
      ['Lasel', '2383.46'],
    ]);
    // The sum is printed (the Messbetrag): confirmed, high confidence.
    expect(f.zerlegungsanteile?.confidence).toBeGreaterThan(0.9);
  });

  it('the year after "Gewerbesteuer - Jahr", and a Zinsbescheid\'s year from the start of its Zinslauf', () => {
    const subject = page([
      'Stadt Igel | Datum | 21.02.2022',
      'Bescheid über Zinsen',
      'Betr.: Gewerbesteuer - Jahr 2020',
    ]);
    expect(extractFields('zinsbescheid', [subject]).erhebungszeitraum?.value).toBe(2020);
    const onlyReference = page([
      'Stadt Igel | Unser Zeichen | 21-GewSt 2019/77-1',
      'Datum | 16.07.2020',
      'Zinsbescheid (§ 233a AO)',
      'Verzinsung vom | 01.04.2021',
      'Zinslauf bis | 19.07.2020',
      'Zinsen | 10,00 Euro',
    ]);
    const f = extractFields('zinsbescheid', [onlyReference]);
    expect(f.erhebungszeitraum?.value).toBe(2019);
    expect(f.erhebungszeitraum?.confidence).toBeLessThanOrEqual(0.6);
  });
});
