/**
 * Tenth step (engineer `fields`): the identifiers every notice carries, read by their own
 * structure whatever type the classifier predicts — the IBAN by its country's length and the
 * mod-97 check, the Steuernummer in the formats of the Länder (and the 13-digit ELSTER form),
 * the payment reference by what its label means — and the tax year and the notice's date by
 * their role. Every form below is written for this test only (not the benchmark's pools).
 */
import { describe, expect, it } from 'vitest';
import { extractFields } from './fields.js';
import { isValidIban, parseDate } from './normalize.js';
import { normalizeValue } from './search.js';
import type { DocumentType, Page } from './types.js';
import { pageOf as fixturePage } from './page-fixture.js';

const pageOf = (rows: string[], source: Page['source'] = 'text') =>
  fixturePage(rows, { column: 150, source });
const fields = (type: DocumentType, rows: string[], source: 'text' | 'ocr' = 'text') => {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(extractFields(type, [pageOf(rows, source)]))) out[k] = v.value;
  return out;
};

/** A checksum-valid IBAN of a country and its BBAN (ISO 13616). */
function iban(country: string, bban: string): string {
  const num = (s: string) => [...s].map((ch) => (ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch)).join('');
  let rest = 0;
  for (const d of num(`${bban}${country}00`)) rest = (rest * 10 + Number(d)) % 97;
  return `${country}${String(98 - rest).padStart(2, '0')}${bban}`;
}
const grouped = (s: string) => s.replace(/(.{4})(?=.)/g, '$1 ');

describe('IBAN by its structure', () => {
  const de = iban('DE', '50010517' + '5407324931');
  const at = iban('AT', '19043' + '00234573201');

  it('stops at the length of its country, not at the next word (BIC glued after it)', () => {
    expect(isValidIban(de)).toBe(true);
    // The footer sets IBAN and BIC in one line: the value must not run into "BIC".
    for (const bic of ['BIC HELADEF1XXX', 'BIC: GENODEM1GLS', 'BIC SSKMDEMM', 'BIC-Code DEUTDEFF']) {
      expect(normalizeValue('iban', `${grouped(de)} ${bic}`)).toBe(de);
      expect(normalizeValue('iban', `${de} ${bic}`)).toBe(de);
    }
    expect(normalizeValue('iban', `${grouped(at)} BIC BKAUATWW`)).toBe(at);
    // Many accounts: a longer string that happens to pass mod 97 (about one in 97 per extra
    // character) must not win over the country's length.
    for (let k = 0; k < 300; k++) {
      const acc = iban(
        'DE',
        `${String(10000000 + k * 7919).slice(0, 8)}${String(1000000000 + k * 104729).slice(0, 10)}`,
      );
      expect(normalizeValue('iban', `${grouped(acc)} BIC HELADEF1XXX`)).toBe(acc);
    }
  });

  it('a municipal footer line with IBAN and BIC side by side', () => {
    const f = fields('mahnung', [
      'Stadt Wiesental · Steueramt',
      'Kassenzeichen: 5.7711.004321.9',
      'Zahlungserinnerung',
      'Der Betrag von 1.200,00 € ist noch offen.',
      `Konto der Stadtkasse: Kreissparkasse Wiesental IBAN ${grouped(de)} BIC SOLADES1WIE`,
    ]);
    expect(f.iban).toBe(de);
    expect(f.bic).toBe('SOLADES1WIE');
  });

  it('OCR look-alike letters in the digits of a German IBAN (checksum decides)', () => {
    const ocr = grouped(de).replace(/0/g, 'O').replace(/1/g, 'l');
    expect(normalizeValue('iban', ocr)).toBe(de);
    // A reading that no look-alike repair makes valid is refused.
    expect(normalizeValue('iban', grouped(de).replace(/5407/, '5408'))).toBeNull();
  });
});

describe('Steuernummer in the formats of the Länder', () => {
  it.each([
    ['Steuernummer: 21/815/08150', '21/815/08150'], // Hamburg, Niedersachsen, 2/3/5
    ['St.-Nr. 181/815/08155', '181/815/08155'], // Bayern, 3/3/5
    ['Steuer-Nr.: 133/8150/8159', '133/8150/8159'], // Nordrhein-Westfalen, 3/4/4
    ['Steuernummer 93815/08152', '93815/08152'], // Baden-Württemberg, 5/5
    ['StNr. 22/815/0815/4', '22/815/0815/4'], // Rheinland-Pfalz, 2/3/4/1
    ['Steuernummer: 013 815 08153', '01381508153'], // Hessen, spaced
    ['Steuernummer 29 815 08158', '2981508158'], // Schleswig-Holstein, spaced
    ['Steuernummer (bundeseinheitlich): 2613081508153', '2613081508153'], // ELSTER 13 digits
  ])('%s', (line, expected) => {
    const f = fields('messbescheid', [
      'Finanzamt Talheim',
      line,
      'Bescheid für 2023 über den Gewerbesteuermessbetrag',
      'Gewerbeertrag 60.000,00 € Freibetrag 24.500,00 € Steuermessbetrag 1.242,00 €',
    ]);
    expect(f.steuernummer).toBe(expected);
  });

  it('an unlabelled 5/5 number with a slash is taken, a bare 13-digit number is not', () => {
    expect(
      fields('zerlegungsbescheid', ['Finanzamt Talheim', '93815/08152', 'Zerlegungsbescheid für 2023'])
        .steuernummer,
    ).toBe('93815/08152');
    expect(
      fields('zerlegungsbescheid', ['Finanzamt Talheim', '2613081508153', 'Zerlegungsbescheid für 2023'])
        .steuernummer,
    ).toBeUndefined();
  });
});

describe('identifiers do not depend on the predicted type', () => {
  const de = iban('DE', '37040044' + '0532013000');
  const rows = [
    'Gemeinde Ahlbach · Kämmerei',
    'Buchungszeichen: 61.100.4711.3 | Datum: 04.11.2024',
    'Steuernummer: 44/123/56789',
    'Gewerbesteuer 2023',
    `IBAN ${grouped(de)} BIC COBADEFFXXX`,
  ];
  it.each(['gewst_bescheid', 'vorauszahlungsbescheid', 'zinsbescheid', 'mahnung'] as const)(
    'predicted %s',
    (type) => {
      const f = fields(type, rows);
      expect(f.kassenzeichen).toBe('61.100.4711.3');
      expect(f.steuernummer).toBe('44/123/56789');
      expect(f.iban).toBe(de);
      expect(f.bic).toBe('COBADEFFXXX');
      expect(f.bescheid_datum).toBe('2024-11-04');
      expect(f.erhebungszeitraum).toBe(2023);
    },
  );
  it('a type without them emits none', () => {
    const f = fields('sonstiges', rows);
    expect(f.kassenzeichen).toBeUndefined();
    expect(f.iban).toBeUndefined();
    expect(f.erhebungszeitraum).toBe(2023);
  });
  it('a SEPA mandate reference is not the payment reference', () => {
    const f = fields('mahnung', [
      'Gemeinde Ahlbach · Kämmerei',
      'Mandatsreferenz: M-4711-0815',
      'Ihre Gewerbesteuer 2023 ist rückständig.',
    ]);
    expect(f.kassenzeichen).toBeUndefined();
  });
});

describe('the tax year by its role', () => {
  it('a year at the end of a sentence ("… ab 2019.")', () => {
    const f = fields('sonstiges', [
      'Gemeinde Ahlbach · Kämmerei | Datum: 02.03.2020',
      'wir haben Ihr Lastschriftmandat für die Gewerbesteuer ab 2019. Die Beträge',
      'buchen wir zu den Fälligkeiten ab.',
    ]);
    expect(f.erhebungszeitraum).toBe(2019);
  });

  it('the year column of an arrears table ("Zeitraum" / "Jahr" header, year below)', () => {
    for (const head of ['Zeitraum', 'Jahr']) {
      const f = fields('mahnung', [
        'Gemeinde Ahlbach · Kämmerei | Datum: 14.08.25',
        `${head} | Steuerart | Betrag | Zuschlag`,
        '2023 | Gewerbesteuer | 12.000,00 € | 120,00 €',
        'Bitte zahlen Sie bis zum 20.09.25.',
      ]);
      expect(f.erhebungszeitraum).toBe(2023);
    }
  });

  it('a letter naming no year: the year of a prepayment it names as due', () => {
    const f = fields('sonstiges', [
      'Gemeinde Ahlbach · Kämmerei | Datum: 11.09.2021',
      'Neue Bankverbindung',
      'Bitte überweisen Sie die nächste Vorauszahlung von 2.500,00 €, fällig am 15.11.2020, auf das neue Konto.',
    ]);
    expect(f.erhebungszeitraum).toBe(2020);
  });

  it('a letter naming no year: the start of a calendar year it acts from', () => {
    const f = fields('sonstiges', [
      'Gemeinde Ahlbach · Kämmerei | Datum: 30. November 2021',
      'Ab dem 1. Januar 2022 gilt für Ihre Vorauszahlungen (15.02., 15.05., 15.08., 15.11.) ein neues Konto.',
    ]);
    expect(f.erhebungszeitraum).toBe(2022);
  });

  it('amounts behind protective asterisks, the fill partly read as "#"/"+", commas for points', () => {
    const rows = [
      'STADT WIESENAU STEUERAMT',
      'GEWERBESTEUERBESCHEID 2022',
      'STEUERMESSBETRAG | **#*2,140,00',
      'HEBESATZ | 400',
      'FESTGESETZTE GEWERBESTEUER | *+*#*8 560,00',
    ];
    const f = fields('gewst_bescheid', rows, 'ocr');
    expect(f.messbetrag).toBe('2140.00');
    expect(f.festgesetzte_steuer).toBe('8560.00');
  });

  it('an IBAN with one look-alike digit (8 read as 0) is repaired under the checksum on scans only', () => {
    const right = 'DE89370400440532013000';
    // The scan read the 8 of the check digits as 0.
    const scanned = 'DE09370400440532013000';
    expect(isValidIban(scanned)).toBe(false);
    const rows = ['Gemeinde Wiesenau · Kasse', 'Bankverbindung Kreissparkasse ' + scanned + ' BIC KSKWDE61'];
    expect(fields('gewst_bescheid', rows, 'ocr').iban).toBe(right);
    // A text layer is what was printed: no repair.
    expect(fields('gewst_bescheid', rows, 'text').iban).toBeUndefined();
    expect(normalizeValue('iban', scanned)).toBeNull();
  });
});

describe('dates in more forms and roles', () => {
  it.each([
    ['15. Febr. 2024', '2024-02-15'],
    ['3. Sept. 2023', '2023-09-03'],
    ['01. Jän. 2025', '2025-01-01'],
  ])('%s', (s, v) => expect(parseDate(s)).toBe(v));

  it('a due date behind leader dots is not the notice date', () => {
    const f = fields('sonstiges', [
      'Gemeinde Ahlbach · Kämmerei',
      'ZAHLUNGSERINNERUNG',
      'Betrag .............: 2.000,00 €',
      'Fälligkeit .........: 15.02.21',
    ]);
    expect(f.bescheid_datum).toBeUndefined();
  });
});

describe('the due date by its role', () => {
  const head = ['Gemeinde Ahlbach · Kämmerei | Kassenzeichen: 61.100.4711.3', 'Ahlbach, den 12.03.2024'];

  it('the end of an interest period is no due date; a request wrapped onto the next line is', () => {
    const f = fields('zinsbescheid', [
      ...head,
      'Zinsen zur Gewerbesteuer 2021',
      'Zu verzinsen ist die Zeit vom 01.04.2023 bis zum 15.03.2024, das sind 11 volle Monate. Wir setzen',
      'für Sie Zinsen in Höhe von 412,00 € fest, zu zahlen bis',
      '16.04.2024 auf eines unserer Konten.',
    ]);
    expect(f.faellig_am).toBe('2024-04-16');
  });

  it('a refund: the day it is paid out, not a date of the interest period', () => {
    const f = fields('zinsbescheid', [
      ...head,
      'Erstattungszinsen zur Gewerbesteuer 2021',
      'Beginn der Verzinsung: 01.05.2024',
      'Ende der Verzinsung: 10.03.2024',
      'Zinsbetrag: 25,00 €',
      'Der Betrag wird Ihnen am 02.04.2024 auf das bekannte Konto ausgezahlt.',
    ]);
    expect(f.faellig_am).toBe('2024-04-02');
  });
});

describe('the issuing municipality, whatever the type', () => {
  const letter = (head: string[]) => [
    ...head,
    'Firma Beispiel GmbH',
    'Am Anger 4',
    '99999 Irgendwo',
    'Änderung Ihrer Bankverbindung für die Gewerbesteuer 2023',
  ];
  it.each([
    [
      ['Bürgermeisteramt Gondelsheim', 'Steueramt', 'Bürgermeisteramt Gondelsheim · 75053 Gondelsheim'],
      'Gondelsheim',
    ],
    [['Ortsgemeinde Kerzenheim', 'über die Verbandsgemeindeverwaltung', '67304 Kerzenheim'], 'Kerzenheim'],
    [['Stadtkasse Ratingen', 'Minoritenstraße 2-6 · 40878 Ratingen'], 'Ratingen'],
    [['Der Oberbürgermeister', 'Stadtkasse', 'Rathaus · 47798 Krefeld'], 'Krefeld'],
  ])('%s', (head, name) => {
    for (const type of ['mahnung', 'sonstiges'] as const)
      expect(fields(type, letter(head)).gemeinde).toBe(name);
    expect(fields('sonstiges', letter(head)).ags).toBeUndefined();
  });
  it('a tax office letter of no canonical type names no municipality', () => {
    expect(
      fields('sonstiges', ['Finanzamt Krefeld', 'Grenzstraße 100 · 47799 Krefeld', ...letter([])]).gemeinde,
    ).toBeUndefined();
  });
});

describe('the payment reference as printed', () => {
  it.each([
    ['Kassenzeichen: GewSt-2023-0815', 'GewSt-2023-0815'],
    ['Buchungszeichen 0815 4711 2233', '0815 4711 2233'],
    ['Personenkonto-Nr.: 12 345 678', '12 345 678'],
    ['Az.: 21.30.05-Gw', '21.30.05-Gw'],
  ])('%s', (line, expected) => {
    const f = fields('mahnung', ['Gemeinde Ahlbach · Kämmerei', line, 'Mahnung', 'Rückstand: 1.200,00 €']);
    expect(f.kassenzeichen).toBe(expected);
  });
  it('digit groups do not run into a date beside them', () => {
    const f = fields('mahnung', [
      'Gemeinde Ahlbach · Kämmerei',
      'Kassenzeichen 4711 15.02.2024',
      'Rückstand: 1.200,00 €',
    ]);
    expect(f.kassenzeichen).not.toBe('4711 15');
  });
});

describe('more labels by meaning', () => {
  const head = ['Stadt Ratingen · Steueramt', 'Minoritenstraße 2-6 · 40878 Ratingen', 'Datum 04.03.2024'];
  it('the year as "Erhebungsjahr" and as a whole calendar year\'s period', () => {
    expect(fields('gewst_bescheid', [...head, 'Erhebungsjahr 2022']).erhebungszeitraum).toBe(2022);
    expect(
      fields('gewst_bescheid', [...head, 'Veranlagungszeitraum: 01.01.2022 - 31.12.2022']).erhebungszeitraum,
    ).toBe(2022);
  });
  it('"Fällig:" alone labels the due date', () => {
    expect(fields('zinsbescheid', [...head, 'Zinsbescheid 2021', 'Fällig: 05.04.2024']).faellig_am).toBe(
      '2024-04-05',
    );
  });
  it('"Finanzadresse" is a payment reference', () => {
    expect(fields('mahnung', [...head, 'Finanzadresse: 4711.0815.22', 'Mahnung']).kassenzeichen).toBe(
      '4711.0815.22',
    );
  });
});

describe('OCR', () => {
  it('a year read with look-alike letters ("2O22") as a token of its own', () => {
    const f = fields(
      'mahnung',
      ['Stadt Ratingen · Steueramt', 'Datum: 04.03.2024', 'Mahnung für das Jahr 2O22'],
      'ocr',
    );
    expect(f.erhebungszeitraum).toBe(2022);
  });

  it('amounts behind protective asterisks, the fill partly read as "#"/"+", commas for points', () => {
    const rows = [
      'STADT WIESENAU STEUERAMT',
      'GEWERBESTEUERBESCHEID 2022',
      'STEUERMESSBETRAG | **#*2,140,00',
      'HEBESATZ | 400',
      'FESTGESETZTE GEWERBESTEUER | *+*#*8 560,00',
    ];
    const f = fields('gewst_bescheid', rows, 'ocr');
    expect(f.messbetrag).toBe('2140.00');
    expect(f.festgesetzte_steuer).toBe('8560.00');
  });

  it('an IBAN with one look-alike digit (8 read as 0) is repaired under the checksum on scans only', () => {
    const right = 'DE89370400440532013000';
    // The scan read the 8 of the check digits as 0.
    const scanned = 'DE09370400440532013000';
    expect(isValidIban(scanned)).toBe(false);
    const rows = ['Gemeinde Wiesenau · Kasse', 'Bankverbindung Kreissparkasse ' + scanned + ' BIC KSKWDE61'];
    expect(fields('gewst_bescheid', rows, 'ocr').iban).toBe(right);
    // A text layer is what was printed: no repair.
    expect(fields('gewst_bescheid', rows, 'text').iban).toBeUndefined();
    expect(normalizeValue('iban', scanned)).toBeNull();
  });
});

describe('IBAN on scans: a digit lost or a stroke added inside a group', () => {
  const de = iban('DE', '76050101' + '0012345678');
  const g = grouped(de).split(' ');

  it('a group one digit short, set apart as a cell: the one insertion the checksum accepts', () => {
    // Each group in turn loses its last digit; the rest of the line follows as printed.
    for (let k = 1; k < g.length - 1; k++) {
      const read = [...g.slice(0, k), g[k]!.slice(0, 3), ...g.slice(k + 1)];
      const line = `${read.slice(0, k + 1).join(' ')}\t${read.slice(k + 1).join(' ')} BIC SOLADES1WIE`;
      expect(normalizeValue('iban', line, true)).toBe(de);
    }
    const f = fields(
      'mahnung',
      [
        'Stadt Wiesental · Steueramt',
        'Zahlungserinnerung',
        `Stadtkasse Wiesental IBAN ${g[0]} ${g[1]} ${g[2]!.slice(0, 3)}\t${g.slice(3).join(' ')} - BIC SOLADES1WIE`,
      ],
      'ocr',
    );
    expect(f.iban).toBe(de);
    // Two short groups leave the place open; on a text layer a short IBAN is never completed.
    expect(
      normalizeValue(
        'iban',
        `${g[0]} ${g[1]!.slice(0, 3)} ${g[2]!.slice(0, 3)} ${g.slice(3).join(' ')}`,
        true,
      ),
    ).toBeNull();
    expect(normalizeValue('iban', `${g[0]} ${g[1]} ${g[2]!.slice(0, 3)} ${g.slice(3).join(' ')}`)).toBeNull();
  });

  it('a "!" read between two digits: as a speck or as a 1, whichever the checksum accepts', () => {
    expect(normalizeValue('iban', `${de.slice(0, 9)}!\t${de.slice(9)}`, true)).toBe(de);
    const one = de.indexOf('1', 4);
    expect(normalizeValue('iban', `${de.slice(0, one)}!${de.slice(one + 1)}`, true)).toBe(de);
    expect(normalizeValue('iban', `${de.slice(0, 9)}!${de.slice(9)}`)).toBeNull();
  });
});

describe('the year of a letter that covers several years', () => {
  it.each([
    ['Die Außenprüfung erstreckt sich auf die Gewerbesteuer der Kalenderjahre 2019 bis 2021.', 2021],
    ['Stundung der Gewerbesteuer für die Erhebungszeiträume 2020 – 2022', 2022],
  ])('%s', (line, year) => {
    const f = fields('sonstiges', ['Stadt Wiesental · Steueramt', 'Sehr geehrte Damen und Herren,', line]);
    expect(f.erhebungszeitraum).toBe(year);
  });
});
