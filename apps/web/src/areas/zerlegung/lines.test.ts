import { computeZerlegung, DomainValidationError } from '@gewst/domain';
import { describe, expect, it } from 'vitest';
import {
  decimal,
  draftFromDetail,
  emptyLine,
  keyFieldProblem,
  keyFields,
  type LineDraft,
  mergeImport,
  previewInput,
  saveInput,
  shareSumCheck,
  type ZerlegungDraft,
} from './lines';

const line = (patch: Partial<LineDraft>): LineDraft => ({ ...emptyLine(), ...patch });

const draft: ZerlegungDraft = {
  company_id: 3,
  year: '2024',
  messbetrag: '4.500,00',
  schluessel: 'arbeitslohn',
  bemerkung: ' ',
  zeilen: [
    line({
      name: 'Koblenz',
      ags: '07111000',
      geschaeftsleitung: true,
      arbeitsloehne: '300.000',
      hebesatz: '410',
    }),
    line({ name: '', ags: ' 07211000 ', arbeitsloehne: '100000,00', hebesatz: '' }),
  ],
};

describe('Zerlegung form lines', () => {
  it('reads German and plain decimals', () => {
    expect(decimal('1.234,56 €')).toBe('1234.56');
    expect(decimal('1234.56')).toBe('1234.56');
    expect(decimal('12,5')).toBe('12.5');
    expect(decimal('300.000')).toBe('300000');
    expect(decimal('2.500.000')).toBe('2500000');
  });

  it('builds the preview input the domain rule accepts (textbook example 3)', () => {
    const result = computeZerlegung(previewInput(draft, 'kapitalgesellschaft'));
    expect(result.zeilen.map((z) => [z.anteil, z.steuer])).toEqual([
      ['3375.00', '13837.50'],
      ['1125.00', null],
    ]);
  });

  it('builds the save body with names, trimmed AGS and no empty note', () => {
    expect(saveInput(draft)).toEqual({
      company_id: 3,
      year: 2024,
      messbetrag: '4500.00',
      schluessel: 'arbeitslohn',
      bemerkung: null,
      zeilen: [
        { ags: '07111000', geschaeftsleitung: true, hebesatz: 410, arbeitsloehne: '300000', name: 'Koblenz' },
        { ags: '07211000', geschaeftsleitung: false, hebesatz: null, arbeitsloehne: '100000.00', name: null },
      ],
    });
  });

  it('merges imported wages: same AGS replaced, new AGS appended, empty starter line dropped', () => {
    const lines = [
      line({ ags: '07111000', geschaeftsleitung: true, arbeitsloehne: '1' }),
      line({ ags: '07111000', arbeitsloehne: '2' }),
      line({}),
    ];
    const merged = mergeImport(lines, {
      art: 'gemeinde',
      fehler: [],
      zeilen: [
        { ags: '07111000', name: null, geschaeftsleitung: false, arbeitsloehne: '500.00', arbeitnehmer: 0 },
        { ags: '05315000', name: 'Köln', geschaeftsleitung: false, arbeitsloehne: '70.00', arbeitnehmer: 0 },
      ],
    });
    expect(merged.map((l) => [l.ags, l.arbeitsloehne, l.geschaeftsleitung, l.name])).toEqual([
      ['07111000', '500.00', true, ''],
      ['07111000', '0', false, ''],
      ['05315000', '70.00', false, 'Köln'],
    ]);
  });

  describe('key inputs by key and year', () => {
    it('shows the columns the key of the EZ needs', () => {
      expect(keyFields('arbeitslohn', 2024)).toEqual(['arbeitsloehne']);
      expect(keyFields('manuell', 2024)).toEqual(['manueller_anteil']);
      expect(keyFields('wind_solar', 2009)).toEqual(['arbeitsloehne', 'sachanlagevermoegen']);
      expect(keyFields('wind_solar', 2020)).toEqual(['arbeitsloehne', 'sachanlagevermoegen']);
      for (const year of [2021, 2022, 2023]) {
        expect(keyFields('wind_solar', year)).toEqual([
          'arbeitsloehne',
          'installierte_leistung_kw',
          'solar_neuanlagen_kw',
          'solar_altanlagen_kw',
        ]);
      }
      expect(keyFields('wind_solar', 2024)).toEqual(['arbeitsloehne', 'installierte_leistung_kw']);
      expect(keyFields('speicher', 2025)).toEqual(['arbeitsloehne', 'installierte_leistung_kw']);
      // a year still being typed: the current rule
      expect(keyFields('wind_solar', Number(''))).toEqual(['arbeitsloehne', 'installierte_leistung_kw']);
    });

    // Every line carries every value; only those of the chosen key and year are sent.
    const full = (patch: Partial<LineDraft>) =>
      line({
        arbeitsloehne: '100.000',
        sachanlagevermoegen: '2.500.000,50',
        installierte_leistung_kw: '1.500,5',
        solar_neuanlagen_kw: '750',
        solar_altanlagen_kw: '250,25 kW',
        manueller_anteil: '33,3',
        hebesatz: '400',
        ...patch,
      });
    const keyDraft = (schluessel: ZerlegungDraft['schluessel'], year: string): ZerlegungDraft => ({
      ...draft,
      schluessel,
      year,
      zeilen: [full({ ags: '07111000', geschaeftsleitung: true }), full({ ags: '07211000' })],
    });
    const sent = (d: ZerlegungDraft) =>
      saveInput(d).zeilen.map(({ ags: _a, geschaeftsleitung: _g, hebesatz: _h, name: _n, ...rest }) => rest);

    it('arbeitslohn sends the wages only', () => {
      expect(sent(keyDraft('arbeitslohn', '2024'))[0]).toEqual({ arbeitsloehne: '100000' });
    });

    it('wind/solar up to 2020 sends wages and Sachanlagevermögen', () => {
      expect(sent(keyDraft('wind_solar', '2020'))[0]).toEqual({
        arbeitsloehne: '100000',
        sachanlagevermoegen: '2500000.50',
      });
    });

    it('wind/solar in the transition years 2021–2023 also sends new and old solar plants', () => {
      expect(sent(keyDraft('wind_solar', '2022'))[0]).toEqual({
        arbeitsloehne: '100000',
        installierte_leistung_kw: '1500.5',
        solar_neuanlagen_kw: '750',
        solar_altanlagen_kw: '250.25',
      });
    });

    it('wind/solar from 2024 and storage from 2025 send wages and installed power', () => {
      const expected = { arbeitsloehne: '100000', installierte_leistung_kw: '1500.5' };
      expect(sent(keyDraft('wind_solar', '2024'))[0]).toEqual(expected);
      expect(sent(keyDraft('speicher', '2025'))[0]).toEqual(expected);
    });

    it('manuell sends the agreed ratio only', () => {
      expect(sent(keyDraft('manuell', '2024'))[0]).toEqual({ manueller_anteil: '33.3' });
    });

    it('leaves empty inputs out, so the rule reports them', () => {
      const d = keyDraft('speicher', '2025');
      d.zeilen[1] = { ...d.zeilen[1]!, installierte_leistung_kw: ' ' };
      expect(sent(d)[1]).toEqual({ arbeitsloehne: '100000' });
    });

    it('feeds the live preview: the solar transition splits old plants by wages', () => {
      const d: ZerlegungDraft = {
        ...draft,
        messbetrag: '1000',
        schluessel: 'wind_solar',
        year: '2022',
        zeilen: [
          line({
            ags: '07111000',
            geschaeftsleitung: true,
            arbeitsloehne: '100.000',
            solar_neuanlagen_kw: '100',
          }),
          line({ ags: '07211000', arbeitsloehne: '100.000', solar_altanlagen_kw: '100' }),
        ],
      };
      const result = computeZerlegung(previewInput(d, 'kapitalgesellschaft'));
      // half new plants (1/10 wages + 9/10 kW → 95 % / 5 %), half old plants (wages 50/50)
      expect(result.zeilen.map((z) => z.anteil)).toEqual(['725.00', '275.00']);
      expect(result.hinweise.join(' ')).toMatch(/Übergangsregel/);
      // from 2024 the split inputs are not part of the key: installed power is needed
      const later = previewInput({ ...d, year: '2024' }, 'kapitalgesellschaft');
      expect(later.zeilen.some((z) => 'solar_neuanlagen_kw' in z || 'solar_altanlagen_kw' in z)).toBe(false);
      expect(() => computeZerlegung(later)).toThrow(DomainValidationError);
    });

    it('checks German number input at the field', () => {
      expect(keyFieldProblem('installierte_leistung_kw', '1.500,5')).toBeNull();
      expect(keyFieldProblem('solar_altanlagen_kw', '0,125 kW')).toBeNull();
      expect(keyFieldProblem('manueller_anteil', '')).toBeNull();
      expect(keyFieldProblem('sachanlagevermoegen', '2.500.000,50')).toBeNull();
      expect(keyFieldProblem('sachanlagevermoegen', '12,345')).toMatch(/zwei Nachkommastellen/);
      expect(keyFieldProblem('solar_neuanlagen_kw', 'abc')).toBe('Bitte eine Zahl angeben, z. B. 1.500,5.');
      expect(keyFieldProblem('arbeitsloehne', '-5')).toBe('Der Wert darf nicht negativ sein.');
    });

    it('keeps per-employee wages of a stored version until a sum is typed', () => {
      const arbeitnehmer = [{ lohn: '60000.00' }, { lohn: '20000.00', auszubildend: true }];
      const stored = draftFromDetail({
        company_id: 3,
        year: 2022,
        result: { messbetrag: '1000.00', schluessel: 'wind_solar' },
        zeilen: [
          {
            ags: '07111000',
            name: 'Park',
            geschaeftsleitung: true,
            hebesatz: null,
            arbeitnehmer,
            installierte_leistung_kw: '3000',
            solar_altanlagen_kw: '12.5',
          },
        ],
      } as unknown as Parameters<typeof draftFromDetail>[0]);
      expect(stored.zeilen[0]).toMatchObject({
        arbeitsloehne: '',
        installierte_leistung_kw: '3000',
        solar_altanlagen_kw: '12.5',
        solar_neuanlagen_kw: '',
      });
      expect(sent(stored)).toEqual([
        { arbeitnehmer, installierte_leistung_kw: '3000', solar_altanlagen_kw: '12.5' },
      ]);
      const typed = {
        ...stored,
        zeilen: [{ ...stored.zeilen[0]!, arbeitsloehne: '50.000', arbeitnehmer: undefined }],
      };
      expect(sent(typed)).toEqual([
        { arbeitsloehne: '50000', installierte_leistung_kw: '3000', solar_altanlagen_kw: '12.5' },
      ]);
    });
  });
});

describe('sum of the shares against the Messbetrag', () => {
  it('matches to the cent, or names the difference (above positive, below negative)', () => {
    expect(shareSumCheck('10000.00', '10000')).toEqual({ matches: true });
    expect(shareSumCheck('99.99', '100.00')).toEqual({ matches: false, difference: '-0.01' });
    expect(shareSumCheck('1000.02', '1000.00')).toEqual({ matches: false, difference: '0.02' });
  });
});
