import { describe, expect, it } from 'vitest';
import { joinUrl, resolveApiBase, toQueryString } from './url';

describe('resolveApiBase', () => {
  it('defaults to /api and trims a trailing slash', () => {
    expect(resolveApiBase(undefined)).toBe('/api');
    expect(resolveApiBase('  ')).toBe('/api');
    expect(resolveApiBase('https://gewst.example/api/')).toBe('https://gewst.example/api');
  });
});

describe('joinUrl', () => {
  it('accepts paths with and without a leading slash', () => {
    expect(joinUrl('/api', '/companies')).toBe('/api/companies');
    expect(joinUrl('/api', 'companies/1/masterdata/export')).toBe('/api/companies/1/masterdata/export');
  });
});

describe('toQueryString', () => {
  it('serialises GET data, leaving out empty values', () => {
    expect(toQueryString({ page: 2, per_page: 25, entity: '', user_id: undefined, from: null })).toBe(
      '?page=2&per_page=25',
    );
    expect(toQueryString({ search: 'Köln & Bonn', archived: false })).toBe(
      '?search=K%C3%B6ln+%26+Bonn&archived=false',
    );
    expect(toQueryString({ ids: [1, 2] })).toBe('?ids=1&ids=2');
    expect(toQueryString(undefined)).toBe('');
    expect(toQueryString({})).toBe('');
  });
});
