import { describe, expect, it } from 'vitest';
import { formatJson, logsParamsFromSearch, logsParamsToSearch } from './logFilters';

describe('logs filters in the address', () => {
  it('reads defaults from an empty address', () => {
    expect(logsParamsFromSearch(new URLSearchParams())).toEqual({
      page: 1,
      per_page: 25,
      user_id: undefined,
      entity: undefined,
      from: undefined,
      to: undefined,
    });
  });

  it('reads valid values and drops invalid ones', () => {
    const params = logsParamsFromSearch(
      new URLSearchParams(
        'page=3&per_page=1000&user_id=7&entity=%20company%20&from=2025-01-01&to=31.12.2025',
      ),
    );
    expect(params).toEqual({
      page: 3,
      per_page: 200,
      user_id: 7,
      entity: 'company',
      from: '2025-01-01',
      to: undefined,
    });
    expect(logsParamsFromSearch(new URLSearchParams('page=-1&user_id=abc')).page).toBe(1);
  });

  it('round-trips and keeps defaults out of the address', () => {
    const params = { page: 2, per_page: 25, user_id: 4, entity: 'role', from: undefined, to: '2025-12-31' };
    const search = logsParamsToSearch(params);
    expect(search).toEqual({ page: '2', user_id: '4', entity: 'role', to: '2025-12-31' });
    expect(logsParamsFromSearch(new URLSearchParams(search))).toEqual(params);
  });
});

describe('formatJson', () => {
  it('pretty-prints values and returns null for missing ones', () => {
    expect(formatJson({ name: 'A' })).toBe('{\n  "name": "A"\n}');
    expect(formatJson(null)).toBeNull();
    expect(formatJson(undefined)).toBeNull();
  });
});
