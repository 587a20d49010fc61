import { describe, expect, it } from 'vitest';
import { euroTick } from './chartFormat';

describe('euroTick', () => {
  it('groups every figure below a million the German way and names the unit', () => {
    expect(euroTick(0)).toBe('0 €');
    expect(euroTick(5500)).toBe('5.500 €');
    expect(euroTick(16500)).toBe('16.500 €');
    expect(euroTick(280000)).toBe('280.000 €');
    expect(euroTick(-7500)).toBe('-7.500 €');
  });

  it('shortens millions', () => {
    expect(euroTick(1_250_000).replace(/\u00a0/g, ' ')).toBe('1,3 Mio. €');
  });
});
