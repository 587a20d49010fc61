import { describe, expect, it } from 'vitest';
import {
  adminDocumentsParamsFromSearch,
  adminDocumentsParamsToSearch,
  formatFileSize,
  pageAfterRemoval,
  uploadResultText,
} from './adminDocuments';

describe('admin documents: view and page in the address', () => {
  it('reads defaults from an empty address', () => {
    expect(adminDocumentsParamsFromSearch(new URLSearchParams())).toEqual({
      view: 'uploads',
      page: 1,
      per_page: 25,
    });
  });

  it('reads valid values and drops invalid ones', () => {
    expect(
      adminDocumentsParamsFromSearch(new URLSearchParams('ansicht=geloescht&page=3&per_page=1000')),
    ).toEqual({ view: 'deleted', page: 3, per_page: 200 });
    expect(adminDocumentsParamsFromSearch(new URLSearchParams('ansicht=x&page=-1&per_page=abc'))).toEqual({
      view: 'uploads',
      page: 1,
      per_page: 25,
    });
  });

  it('round-trips and keeps defaults out of the address', () => {
    expect(adminDocumentsParamsToSearch({ view: 'uploads', page: 1, per_page: 25 })).toEqual({});
    const params = { view: 'deleted' as const, page: 2, per_page: 50 };
    const search = adminDocumentsParamsToSearch(params);
    expect(search).toEqual({ ansicht: 'geloescht', page: '2', per_page: '50' });
    expect(adminDocumentsParamsFromSearch(new URLSearchParams(search))).toEqual(params);
  });
});

describe('upload results', () => {
  it('names the result with its reason', () => {
    expect(uploadResultText({ status: 'stored', reason: null })).toBe('gespeichert');
    expect(uploadResultText({ status: 'refused', reason: 'Die Datei ist keine PDF-Datei.' })).toBe(
      'abgelehnt – Die Datei ist keine PDF-Datei.',
    );
    expect(uploadResultText({ status: 'duplicate', reason: '  ' })).toBe('Duplikat');
  });

  it('formats file sizes the German way', () => {
    expect(formatFileSize(0)).toBe('0 Byte');
    expect(formatFileSize(512)).toBe('512 Byte');
    expect(formatFileSize(1536)).toBe('1,5 KB');
    expect(formatFileSize(200 * 1024)).toBe('200 KB');
    expect(formatFileSize(50 * 1024 * 1024)).toBe('50 MB');
    expect(formatFileSize(3.25 * 1024 ** 3)).toBe('3,3 GB');
    expect(formatFileSize(-1)).toBe('–');
  });
});

describe('page after a row left the list', () => {
  it('goes back one page only when the last row of a later page left', () => {
    expect(pageAfterRemoval(1, 1)).toBe(1);
    expect(pageAfterRemoval(3, 1)).toBe(2);
    expect(pageAfterRemoval(3, 5)).toBe(3);
  });
});
