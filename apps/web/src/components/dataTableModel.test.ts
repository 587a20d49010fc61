import { describe, expect, it } from 'vitest';
import {
  compareSortValues,
  isPaged,
  nextSort,
  pageRows,
  readTableParams,
  sortRows,
  tableLayout,
  writeTableParams,
} from './dataTableModel';

const DEFAULTS = {
  perPage: 25,
  perPageOptions: [25, 50, 100],
  orderBy: 'name',
  orderDirection: 'asc',
  sortable: ['name', 'year'],
} as const;

describe('table parameters in the address', () => {
  it('reads defaults from an empty address and drops invalid or unsortable values', () => {
    expect(readTableParams(new URLSearchParams(), DEFAULTS)).toEqual({
      page: 1,
      per_page: 25,
      orderBy: 'name',
      orderDirection: 'asc',
    });
    const odd = new URLSearchParams('page=0&per_page=33&orderBy=secret&orderDirection=up');
    expect(readTableParams(odd, DEFAULTS)).toEqual({
      page: 1,
      per_page: 25,
      orderBy: 'name',
      orderDirection: 'asc',
    });
    const ok = new URLSearchParams('page=3&per_page=50&orderBy=year&orderDirection=desc');
    expect(readTableParams(ok, DEFAULTS)).toEqual({
      page: 3,
      per_page: 50,
      orderBy: 'year',
      orderDirection: 'desc',
    });
  });

  it('writes only what differs from the defaults, keeps other parameters and round-trips', () => {
    const base = new URLSearchParams('suche=Kiel');
    const written = writeTableParams(
      base,
      { page: 2, per_page: 25, orderBy: 'name', orderDirection: 'desc' },
      DEFAULTS,
    );
    expect(written.toString()).toBe('suche=Kiel&page=2&orderDirection=desc');
    expect(readTableParams(written, DEFAULTS)).toEqual({
      page: 2,
      per_page: 25,
      orderBy: 'name',
      orderDirection: 'desc',
    });
    const back = writeTableParams(
      written,
      { page: 1, per_page: 25, orderBy: 'name', orderDirection: 'asc' },
      DEFAULTS,
    );
    expect(back.toString()).toBe('suche=Kiel');
  });

  it('keeps two tables of one screen apart by prefix', () => {
    const search = writeTableParams(new URLSearchParams(), { page: 2, per_page: 50 }, DEFAULTS, 'rollen_');
    expect(search.toString()).toBe('rollen_page=2&rollen_per_page=50');
    expect(readTableParams(search, DEFAULTS).page).toBe(1);
    expect(readTableParams(search, DEFAULTS, 'rollen_').page).toBe(2);
  });
});

describe('sorting and paging', () => {
  it('flips the direction on the same column and starts ascending on another', () => {
    expect(nextSort({ orderBy: 'name', orderDirection: 'asc' }, 'name')).toEqual({
      orderBy: 'name',
      orderDirection: 'desc',
    });
    expect(nextSort({ orderBy: 'name', orderDirection: 'desc' }, 'year')).toEqual({
      orderBy: 'year',
      orderDirection: 'asc',
    });
  });

  it('sorts German texts with umlauts and numbers by value, empty values last in both directions', () => {
    const rows = ['Zeil', null, 'Ägypten AG', 'Anlage 10', 'Anlage 9', ''];
    expect(sortRows(rows, (r) => r, 'asc')).toEqual([
      'Ägypten AG',
      'Anlage 9',
      'Anlage 10',
      'Zeil',
      null,
      '',
    ]);
    expect(sortRows(rows, (r) => r, 'desc')).toEqual([
      'Zeil',
      'Anlage 10',
      'Anlage 9',
      'Ägypten AG',
      null,
      '',
    ]);
    expect(compareSortValues(2, 10)).toBeLessThan(0);
  });

  it('keeps the order of equal values (stable)', () => {
    const rows = [
      { k: 1, id: 'a' },
      { k: 0, id: 'b' },
      { k: 1, id: 'c' },
    ];
    expect(sortRows(rows, (r) => r.k).map((r) => r.id)).toEqual(['b', 'a', 'c']);
    expect(sortRows(rows, (r) => r.k, 'desc').map((r) => r.id)).toEqual(['a', 'c', 'b']);
  });

  it('pages a client list and shows the last page for a page beyond the end', () => {
    const rows = Array.from({ length: 53 }, (_, i) => i);
    expect(pageRows(rows, 2, 25)).toEqual({
      rows: rows.slice(25, 50),
      meta: { page: 2, per_page: 25, total: 53 },
    });
    expect(pageRows(rows, 9, 25).meta.page).toBe(3);
    expect(pageRows([], 1, 25)).toEqual({ rows: [], meta: { page: 1, per_page: 25, total: 0 } });
  });

  it('tells the API lists ({ data, meta }) from whole lists', () => {
    expect(isPaged({ data: [], meta: { page: 1, per_page: 25, total: 0 } })).toBe(true);
    expect(isPaged([])).toBe(false);
    expect(isPaged(undefined)).toBe(false);
  });
});

describe('table layout', () => {
  it('stays automatic while no column has a width', () => {
    expect(tableLayout([{}, { minWidth: 200 }])).toBeNull();
  });

  it('is fixed once a column has a width; its least width counts flexible columns and checkboxes', () => {
    // 100 + 80 fixed, one flexible column with its own least width, one at the default (120), two checkbox columns
    expect(tableLayout([{ width: 100 }, { width: 80 }, { minWidth: 200 }, {}], 2)).toEqual({
      tableLayout: 'fixed',
      minWidth: 100 + 80 + 200 + 120 + 2 * 48,
    });
  });
});
