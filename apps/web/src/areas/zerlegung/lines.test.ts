import { computeZerlegung } from '@gewst/domain';
import { describe, expect, it } from 'vitest';
import {
  decimal,
  emptyLine,
  type LineDraft,
  mergeImport,
  previewInput,
  saveInput,
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
});
