import type { DocumentFields } from '@gewst/domain';
import { describe, expect, it } from 'vitest';
import { mainAmount } from './presenter';

const field = (value: DocumentFields[string]['value']) => ({
  value,
  confidence: 1,
  page: null,
  rect: null,
  source: 'user' as const,
});

describe("the inbox's main amount names the field it comes from", () => {
  it('a Gewerbesteuerbescheid: the printed Abrechnung before the festgesetzte Steuer', () => {
    const fields = { festgesetzte_steuer: field('92939.00'), abrechnung: field('46435.00') };
    expect(mainAmount('gewst_bescheid', fields)).toEqual({ amount: '46435.00', field: 'abrechnung' });
    expect(mainAmount('gewst_bescheid', { festgesetzte_steuer: field('92939.00') })).toEqual({
      amount: '92939.00',
      field: 'festgesetzte_steuer',
    });
  });

  it('a Vorauszahlungsbescheid: the first prepayment; a Zerlegungsbescheid and no type: none', () => {
    const list = [{ jahr: 2024, quartal: 1, betrag: '1200.00', faellig_am: '2024-02-15' }];
    expect(mainAmount('vorauszahlungsbescheid', { vorauszahlungen: field(list) })).toEqual({
      amount: '1200.00',
      field: 'vorauszahlungen',
    });
    expect(mainAmount('zerlegungsbescheid', {})).toEqual({ amount: null, field: null });
    expect(mainAmount(null, { zinsen: field('10.00') })).toEqual({ amount: null, field: null });
  });
});
