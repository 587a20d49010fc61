/**
 * The settlement, Messbescheid, interest and arrears figures in forms the engine was not tuned
 * to (ninth step, engineer `settle`): invented layouts — old/new/difference columns, one row of a
 * whole computation under a header line, numbered computation lines, key–value, running text —
 * and notices whose labels are missing or misleading, where only the tax arithmetic decides.
 */
import { describe, expect, it } from 'vitest';
import { grid, page, read } from './solver-fixture.js';

describe('settlement in forms nobody tuned to', () => {
  it('old / new / difference columns: the new column is the tax, the old one what was assessed before', () => {
    const p = grid(
      [
        ['Gewerbesteuer 2021 — Änderungsbescheid'],
        ['', 'bisher', 'neu', 'Änderung'],
        ['Steuermessbetrag', '500,00 €', '532,00 €', '32,00 €'],
        ['Hebesatz', '380 %', '380 %', ''],
        ['Gewerbesteuer', '1.900,00 €', '2.021,60 €', '121,60 €'],
      ],
      [60, 220, 320, 420],
    );
    const { v, checks } = read('gewst_bescheid', p);
    expect(v.messbetrag).toBe('532.00');
    expect(v.festgesetzte_steuer).toBe('2021.60');
    expect(v.bisher_festgesetzt).toBe('1900.00');
    expect(v.abrechnung).toBe('121.60');
    expect(checks).toEqual([]);
  });

  it('old / new columns with a refund in a "weniger" column', () => {
    const p = grid(
      [
        ['Bescheid über Gewerbesteuer 2022'],
        ['Besteuerungsgrundlagen', 'alt', 'neu', 'mehr', 'weniger'],
        ['Messbetrag', '1.250,00', '1.000,00', '', '250,00'],
        ['Hebesatz v. H.', '400', '400', '', ''],
        ['Gewerbesteuer', '5.000,00', '4.000,00', '', '1.000,00'],
      ],
      [60, 220, 300, 380, 440],
    );
    const { v } = read('gewst_bescheid', p);
    expect(v.festgesetzte_steuer).toBe('4000.00');
    expect(v.bisher_festgesetzt).toBe('5000.00');
    expect(v.abrechnung).toBe('-1000.00');
  });

  it('a whole computation in one row under a header line, the refund unsigned under "Erstattung"', () => {
    const p = grid(
      [
        ['Gewerbesteuerbescheid für 2020'],
        ['Messbetrag', 'Hebesatz', 'Jahressteuer', 'Vorauszahlungen', 'Erstattung'],
        ['3.411,00', '435 v. H.', '14.837,85', '16.000,00', '1.162,15'],
      ],
      [60, 150, 240, 330, 440],
    );
    const { v, checks } = read('gewst_bescheid', p);
    expect(v.festgesetzte_steuer).toBe('14837.85');
    expect(v.bisher_festgesetzt).toBe('16000.00');
    expect(v.abrechnung).toBe('-1162.15');
    expect(checks).toEqual([]);
  });

  it('numbered computation lines with an unknown set-off wording and a refund', () => {
    const p = page([
      'Festsetzung der Gewerbesteuer 2019',
      '1. | Steuermessbetrag | 2.184,00 EUR',
      '2. | Hebesatz der Gemeinde | 470 v. H.',
      '3. | Steuer (Zeile 1 x Zeile 2) | 10.264,80 EUR',
      '4. | abzüglich bereits entrichteter Beträge | 11.200,00 EUR',
      '5. | verbleibt (Zeile 3 ./. Zeile 4) | 935,20 EUR',
      'Den Betrag aus Zeile 5 haben Sie zu viel gezahlt; er wird Ihnen erstattet.',
    ]);
    const { v } = read('gewst_bescheid', p);
    expect(v.festgesetzte_steuer).toBe('10264.80');
    expect(v.bisher_festgesetzt).toBe('11200.00');
    expect(v.abrechnung).toBe('-935.20');
  });

  it('running text: "zu viel gezahlt", amounts with EUR before and whole euros', () => {
    const p = page([
      'Gewerbesteuer 2018',
      'Der Steuermessbetrag beträgt EUR 532,00, der Hebesatz 380 vom Hundert. Die Gewerbesteuer',
      'wird auf EUR 2.021,60 festgesetzt. Vorausgezahlt wurden EUR 2.400,-. Sie haben damit',
      'EUR 378,40 zu viel gezahlt; der Betrag wird erstattet.',
    ]);
    const { v } = read('gewst_bescheid', p);
    expect(v.festgesetzte_steuer).toBe('2021.60');
    expect(v.bisher_festgesetzt).toBe('2400.00');
    expect(v.abrechnung).toBe('-378.40');
  });

  it('first assessment: nothing assessed before ("—"), the difference is the whole tax', () => {
    const p = page([
      'Gewerbesteuerbescheid 2023',
      'Messbetrag | 800,00 €',
      'Hebesatz | 450 %',
      'Gewerbesteuer | 3.600,00 €',
      'bisher festgesetzt | —',
      'Nachzahlung | 3.600,00 €',
    ]);
    const { v } = read('gewst_bescheid', p);
    expect(v.bisher_festgesetzt).toBe('0.00');
    expect(v.abrechnung).toBe('3600.00');
  });

  it('misleading labels: "Abrechnung" heads the tax, the arithmetic decides', () => {
    const p = page([
      'Gewerbesteuerbescheid 2021',
      'Steuermessbetrag | 1.000,00 €',
      'Hebesatz | 400 %',
      'Abrechnung | 4.000,00 €',
      'Soll bisher | 3.000,00 €',
      'Ihr Kontostand | 1.000,00 €',
    ]);
    const { v } = read('gewst_bescheid', p);
    expect(v.festgesetzte_steuer).toBe('4000.00');
    expect(v.bisher_festgesetzt).toBe('3000.00');
    expect(v.abrechnung).toBe('1000.00');
  });

  it('a contradicting difference gets a low confidence and a check', () => {
    const p = page([
      'Gewerbesteuerbescheid 2021',
      'Steuermessbetrag | 800,00 €',
      'Hebesatz | 500 %',
      'Gewerbesteuer | 4.000,00 €',
      'bisher festgesetzt | 3.000,00 €',
      'Nachzahlung | 1.100,00 €',
    ]);
    const { fields, checks } = read('gewst_bescheid', p);
    expect(checks.map((c) => c.code)).toContain('abrechnung_passt_nicht');
    expect(fields.abrechnung!.confidence).toBeLessThan(0.6);
  });
});

describe('Messbescheid in tax-office forms', () => {
  it('whole euros without a unit under a column header "EUR", the derivation in lines', () => {
    const p = grid(
      [
        ['Bescheid für 2021 über den Gewerbesteuermessbetrag'],
        ['Ermittlung', '', 'EUR'],
        ['Gewinn aus Gewerbebetrieb', '', '61.113'],
        ['Hinzurechnungen', '', '7.137'],
        ['Gewerbeertrag', '', '68.250'],
        ['abgerundet', '', '68.200'],
        ['abzüglich Freibetrag', '', '24.500'],
        ['verbleibender Betrag', '', '43.700'],
        ['Steuermessbetrag (3,5 %)', '', '1.529'],
      ],
      [60, 250, 400],
    );
    const { v, checks } = read('messbescheid', p);
    expect(v.gewerbeertrag).toBe('68250.00');
    expect(v.freibetrag).toBe('24500.00');
    expect(v.messbetrag).toBe('1529.00');
    expect(checks).toEqual([]);
  });

  it('EUR before whole euros, a corporation without Freibetrag', () => {
    const p = page([
      'Gewerbesteuermessbescheid 2020',
      'Gewerbeertrag: EUR 13.865',
      'Freibetrag: EUR 0',
      'Messbetrag: EUR 483',
    ]);
    const { v } = read('messbescheid', p);
    expect(v.gewerbeertrag).toBe('13865.00');
    expect(v.freibetrag).toBe('0.00');
    expect(v.messbetrag).toBe('483.00');
  });

  it('misleading labels: "Ertrag" stands before the rounded amount, the arithmetic picks the unrounded one', () => {
    const p = page([
      'Messbescheid 2022',
      'Gewinn | 68.250,37 €',
      'Ertrag (gerundet) | 68.200,00 €',
      'Abzug nach § 11 | 24.500,00 €',
      'Betrag nach Messzahl | 1.529,00 €',
    ]);
    const { v } = read('messbescheid', p);
    expect(v.gewerbeertrag).toBe('68250.37');
    expect(v.freibetrag).toBe('24500.00');
    expect(v.messbetrag).toBe('1529.00');
  });
});

describe('interest and arrears in other forms', () => {
  it('an interest table under a header line: the amount column by its header, not the base', () => {
    const p = grid(
      [
        ['Zinsbescheid 2016'],
        ['Bescheid vom 28.11.2018'],
        ['Unterschiedsbetrag 10.850,00 € ist nach § 233a AO zu verzinsen.'],
        ['Beginn', 'Ende', 'Monate', 'Satz', 'Basis', 'Zinsen'],
        ['01.04.2018', '01.12.2018', '8', '0,15 %', '10.850,00 €', '130,00 €'],
      ],
      [60, 130, 200, 250, 310, 400],
    );
    const { v } = read('zinsbescheid', p);
    expect(v.zinsen).toBe('130.00');
    expect(v.zinsen_von).toBe('2018-04-01');
    expect(v.zinsen_bis).toBe('2018-12-01');
  });

  it('an interest computation as running text with the rate printed', () => {
    const p = page([
      'Festsetzung von Zinsen zur Gewerbesteuer 2016',
      'Bescheiddatum: 25.07.2018',
      'Der zu verzinsende Betrag von 2.000,00 EUR ist für die Zeit vom 01.04.2018 bis 28.07.2018',
      'zu verzinsen. Für 3 volle Monate zu je 0,5 % ergeben sich 30,00 EUR.',
    ]);
    const { v } = read('zinsbescheid', p);
    expect(v.zinsen).toBe('30.00');
    expect(v.zinsen_von).toBe('2018-04-01');
    expect(v.zinsen_bis).toBe('2018-07-28');
  });

  it('a Mahnung as a table: arrears, surcharge and fee columns under a header line', () => {
    const p = grid(
      [
        ['Mahnung'],
        ['Abgabeart', 'fällig seit', 'offen', 'Zuschläge', 'Gebühr'],
        ['Gewerbesteuer 2022', '15.05.2023', '2.549,99', '75,00', '5,00'],
      ],
      [60, 180, 260, 340, 420],
    );
    const { v, checks } = read('mahnung', p);
    expect(v.rueckstand).toBe('2549.99');
    expect(v.saeumniszuschlag).toBe('75.00');
    expect(checks).toEqual([]);
  });

  it('a Mahnung whose arrears are printed with EUR before whole euros', () => {
    const p = page([
      'Zahlungserinnerung',
      'Für die Gewerbesteuer 2021 ist noch ein Betrag von EUR 1.350 offen.',
      'Säumniszuschläge für 2 angefangene Monate: EUR 27,-',
    ]);
    const { v } = read('mahnung', p);
    expect(v.rueckstand).toBe('1350.00');
    expect(v.saeumniszuschlag).toBe('27.00');
  });
});

describe('interest: the moved Zinslauf starts (Art. 97 § 36 EGAO) and leader dots', () => {
  it('EZ 2020: the Zinslauf starts on 1.10.2022, dotted leaders between label and value', () => {
    // 12.345,00 → base 12.300 €; 01.10.2022–03.03.2023 = 5 full months × 0.15 % = 92,25 → 92 €.
    const p = page([
      'Bescheid über Zinsen zur Gewerbesteuer 2020',
      'Datum: 28.02.2023',
      'Der Unterschiedsbetrag von 12.345,00 EUR ist zu verzinsen.',
      'Beginn . . . . . . . . . . . . . . . . . . . . . . . . . . . . 01.10.2022',
      'Ende . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . 03.03.2023',
      'Zinsen . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . 92,00 EUR',
    ]);
    const { v } = read('zinsbescheid', p);
    expect(v.zinsen).toBe('92.00');
    expect(v.zinsen_von).toBe('2022-10-01');
    expect(v.zinsen_bis).toBe('2023-03-03');
  });
});

describe('Messbescheid with old and new columns', () => {
  it('a changed Messbescheid: both columns obey the 3.5 % arithmetic, the new one is the figure', () => {
    // old: 50.040 → 50.000 − 24.500 = 25.500 × 3.5 % = 892; new: 68.250,37 → 68.200 − 24.500 → 1.529.
    const p = grid(
      [
        ['Geänderter Bescheid über den Gewerbesteuermessbetrag 2021'],
        ['', 'bisher', 'neu'],
        ['Gewerbeertrag', '50.040,00 €', '68.250,37 €'],
        ['Freibetrag', '24.500,00 €', '24.500,00 €'],
        ['Steuermessbetrag', '892,00 €', '1.529,00 €'],
      ],
      [60, 220, 320],
    );
    const { v, checks } = read('messbescheid', p);
    expect(v.gewerbeertrag).toBe('68250.37');
    expect(v.freibetrag).toBe('24500.00');
    expect(v.messbetrag).toBe('1529.00');
    expect(checks).toEqual([]);
  });
});
