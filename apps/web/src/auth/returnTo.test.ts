import { describe, expect, it } from 'vitest';
import { addressOf, safeReturnTo } from './returnTo';

describe('safeReturnTo', () => {
  it('returns the stored path with search and hash', () => {
    expect(safeReturnTo({ returnTo: '/zahlungsdaten/12/2024?tab=zinsen#oben' })).toBe(
      '/zahlungsdaten/12/2024?tab=zinsen#oben',
    );
  });
  it('refuses other origins, the callback itself and garbage', () => {
    expect(safeReturnTo({ returnTo: 'https://evil.example/' })).toBe('/');
    expect(safeReturnTo({ returnTo: '//evil.example/' })).toBe('/');
    expect(safeReturnTo({ returnTo: '/auth/callback?code=1' })).toBe('/');
    expect(safeReturnTo(undefined)).toBe('/');
    expect(safeReturnTo({ returnTo: 42 })).toBe('/');
  });
});

describe('addressOf', () => {
  it('joins path, search and hash', () => {
    expect(addressOf({ pathname: '/admin/logs', search: '?page=2', hash: '#x' })).toBe(
      '/admin/logs?page=2#x',
    );
  });
});
