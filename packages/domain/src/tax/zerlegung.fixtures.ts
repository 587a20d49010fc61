import { expect } from 'vitest';
import { DomainValidationError } from './errors';
import { computeZerlegung } from './zerlegung';
import type { ZerlegungInput, ZerlegungZeileInput } from './zerlegung-input';

// Shared fixtures of the Zerlegung tests.
export const KOBLENZ = '07111000';
export const TRIER = '07211000';
export const A = '09162000';
export const B = '09564000';
export const C = '05315000';

export const base = (zeilen: ZerlegungZeileInput[], over: Partial<ZerlegungInput> = {}): ZerlegungInput => ({
  year: 2024,
  messbetrag: '1000.00',
  schluessel: 'arbeitslohn',
  rechtsform: 'kapitalgesellschaft',
  zeilen,
  ...over,
});
export const anteile = (input: ZerlegungInput) => computeZerlegung(input).zeilen.map((z) => z.anteil);

export function errorsOf(fn: () => unknown): Record<string, string[]> {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(DomainValidationError);
    return (e as DomainValidationError).errors;
  }
  throw new Error('expected a DomainValidationError');
}
