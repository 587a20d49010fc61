import { describe, expect, it } from 'vitest';
import { normaliseAmount } from './InterestCalculator';

describe('normaliseAmount', () => {
  it('reads German input with thousands separators and plain decimals', () => {
    expect(normaliseAmount('10.000,50 €')).toBe('10000.50');
    expect(normaliseAmount('10.000')).toBe('10000');
    expect(normaliseAmount('-2.021,60')).toBe('-2021.60');
    expect(normaliseAmount('2021.60')).toBe('2021.60');
  });
});
