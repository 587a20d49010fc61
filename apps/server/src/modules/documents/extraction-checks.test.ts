import type { DocumentFields } from '@gewst/domain';
import { describe, expect, it } from 'vitest';
import { extractionChecks, keptExtractionChecks } from './checks';

const field = (value: string, source: 'extraction' | 'user' = 'extraction') => ({
  value,
  confidence: 0.5,
  page: 1,
  rect: null,
  source,
});
const interest = {
  code: 'zinsen_passt_nicht' as const,
  message:
    'Zinsen laut Bescheid 1.234,50 € weichen von der Berechnung ab (Bemessungsgrundlage 98.750 € × 15 Monate × 0,5 % = 7.406,00 €).',
  fields: ['zinsen', 'zinsen_von', 'zinsen_bis'],
};

describe('arithmetic checks of the extraction on the document', () => {
  it('shows a contradicted printed interest as an error with the German message of the extraction', () => {
    const fields: DocumentFields = { zinsen: field('1234.50') };
    expect(extractionChecks([interest], fields)).toEqual([
      { code: 'RECHNUNG_ZINSEN', severity: 'error', field: 'zinsen', message: interest.message },
    ]);
  });

  it('leaves Steuer and Abrechnung to runChecks (repeated there from the fields)', () => {
    const steuer = { code: 'steuer_passt_nicht' as const, message: 'x', fields: ['festgesetzte_steuer'] };
    expect(extractionChecks([steuer], {})).toEqual([]);
  });

  it('keeps the check over a later recheck until a user enters one of its fields', () => {
    const shown = extractionChecks([interest], { zinsen: field('1234.50') });
    expect(keptExtractionChecks(shown, { zinsen: field('1234.50') })).toEqual(shown);
    expect(keptExtractionChecks(shown, { zinsen_bis: field('2017-07-10', 'user') })).toEqual([]);
    expect(keptExtractionChecks([{ code: 'FELD_FEHLT', severity: 'warning', message: 'x' }], {})).toEqual([]);
  });
});
