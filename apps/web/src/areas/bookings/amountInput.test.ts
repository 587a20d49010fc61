import { describe, expect, it } from 'vitest';
import { parseAmountInput } from './amountInput';

describe('parseAmountInput', () => {
  it('reads German and technical amounts exactly', () => {
    expect(parseAmountInput('12.000,50')).toBe('12000.50');
    expect(parseAmountInput('12000,5')).toBe('12000.50');
    expect(parseAmountInput('12000.50')).toBe('12000.50');
    expect(parseAmountInput(' 1.234 € ')).toBe('1234.00');
    expect(parseAmountInput('007')).toBe('7.00');
  });
  it('refuses what is no amount', () => {
    for (const bad of ['', 'abc', '-5', '1,234,5', '12.5.3', '1,234'.replace(',', ',,')])
      expect(parseAmountInput(bad)).toBeNull();
  });
});
