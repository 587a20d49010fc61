import { describe, expect, it } from 'vitest';
import { formatCents, formatDate, formatDateTime, formatMoney } from './format';

describe('formatDate', () => {
  it('formats calendar dates as DD.MM.YYYY without time-zone drift', () => {
    expect(formatDate('2025-12-31')).toBe('31.12.2025');
    expect(formatDate('2024-01-01')).toBe('01.01.2024');
  });
  it('formats Date objects by their local calendar day', () => {
    expect(formatDate(new Date(2025, 11, 31, 23, 59))).toBe('31.12.2025');
  });
  it('returns an empty string for missing values and the input for garbage', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('kein Datum')).toBe('kein Datum');
  });
});

describe('formatDateTime', () => {
  it('shows date and time in German order', () => {
    const local = new Date(2025, 11, 31, 14, 3);
    expect(formatDateTime(local)).toBe('31.12.2025, 14:03');
  });
});

describe('formatMoney', () => {
  it('formats euros with German separators', () => {
    expect(formatMoney('1234.56')).toBe('1.234,56\u00a0€');
    expect(formatMoney('1234.5')).toBe('1.234,50\u00a0€');
    expect(formatMoney('0')).toBe('0,00\u00a0€');
    expect(formatMoney('1234.56', { symbol: false })).toBe('1.234,56');
    expect(formatMoney('kein Betrag')).toBe('kein Betrag');
    expect(formatMoney(null)).toBe('');
  });
});

describe('formatCents', () => {
  it('formats integer cents exactly', () => {
    expect(formatCents(123456)).toBe('1.234,56\u00a0€');
    expect(formatCents(5)).toBe('0,05\u00a0€');
    expect(formatCents(-100000)).toBe('-1.000,00\u00a0€');
    expect(formatCents(123456789012345678n)).toBe('1.234.567.890.123.456,78\u00a0€');
  });
  it('matches Intl for ordinary amounts', () => {
    expect(formatCents(123456)).toBe(
      new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(1234.56),
    );
  });
});
