import { describe, expect, it } from 'vitest';
import { importsParamsFromSearch, importsParamsToSearch } from './importFilters';

describe('Service → Importe filters in the address', () => {
  it('reads known values, drops unknown ones and writes only what is set', () => {
    const params = importsParamsFromSearch(
      new URLSearchParams('page=2&source=import&result=failed&from=2026-01-01&to=kaputt&per_page=x'),
    );
    expect(params).toEqual({
      page: 2,
      per_page: 25,
      source: 'import',
      result: 'failed',
      from: '2026-01-01',
      to: undefined,
    });
    expect(importsParamsToSearch(params)).toEqual({
      page: '2',
      source: 'import',
      result: 'failed',
      from: '2026-01-01',
    });
    expect(importsParamsFromSearch(new URLSearchParams('source=ftp&result=ok'))).toMatchObject({
      source: undefined,
      result: undefined,
    });
  });
});
