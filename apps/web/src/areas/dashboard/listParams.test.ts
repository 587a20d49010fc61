import { documentListQuerySchema } from '@gewst/domain';
import { describe, expect, it } from 'vitest';
import { readTableParams, writeTableParams } from '../../components/dataTableModel';
import {
  INBOX_TABLE,
  type InboxFilters,
  inboxListParams,
  isCompleteDay,
  readInboxFilters,
  typeFilter,
  writeInboxFilter,
} from './listParams';

const none: InboxFilters = { type: null, status: '', search: '  ', due: '', dueUntil: '' };
const firstPage = readTableParams(new URLSearchParams(), INBOX_TABLE);

describe('inbox list parameters', () => {
  it('leaves out empty filters and sends the newest first by default', () => {
    expect(inboxListParams(3, none, firstPage)).toEqual({
      company_id: 3,
      page: 1,
      per_page: 25,
      orderBy: 'created_at',
      orderDirection: 'desc',
    });
  });

  it('passes type, status, trimmed search and the due keyword', () => {
    const params = inboxListParams(
      3,
      { ...none, type: 'gewst_bescheid', status: 'zu_pruefen', search: ' Flensburg ', due: 'overdue' },
      { ...firstPage, page: 3 },
    );
    expect(params).toMatchObject({
      type: 'gewst_bescheid',
      status: 'zu_pruefen',
      search: 'Flensburg',
      dueDate: 'overdue',
      page: 3,
    });
    // what we send is what the server accepts
    expect(documentListQuerySchema.safeParse(params).success).toBe(true);
  });

  it('sends "due until" only with a complete date', () => {
    expect(inboxListParams(3, { ...none, due: 'until', dueUntil: '2025-12-31' }, firstPage).dueDate).toBe(
      '2025-12-31',
    );
    expect(inboxListParams(3, { ...none, due: 'until', dueUntil: '' }, firstPage).dueDate).toBeUndefined();
  });
});

describe('inbox state in the address (back and reload keep it)', () => {
  it('reads every filter, the page and the sort back from the address it wrote', () => {
    let search = new URLSearchParams();
    search = writeInboxFilter(search, 'type', 'zinsbescheid');
    search = writeInboxFilter(search, 'status', 'zu_pruefen');
    search = writeInboxFilter(search, 'search', 'Flensburg');
    search = writeInboxFilter(search, 'due', 'until');
    search = writeInboxFilter(search, 'dueUntil', '2025-12-31');
    search = writeTableParams(
      search,
      { page: 2, per_page: 50, orderBy: 'filename', orderDirection: 'asc' },
      INBOX_TABLE,
    );
    // a reload starts from the address alone
    const reloaded = new URLSearchParams(`?${search.toString()}`);
    expect(readInboxFilters(reloaded)).toEqual({
      type: 'zinsbescheid',
      status: 'zu_pruefen',
      search: 'Flensburg',
      due: 'until',
      dueUntil: '2025-12-31',
    });
    expect(readTableParams(reloaded, INBOX_TABLE)).toEqual({
      page: 2,
      per_page: 50,
      orderBy: 'filename',
      orderDirection: 'asc',
    });
  });

  it('a changed filter goes back to page 1; another due filter drops the day', () => {
    const search = new URLSearchParams('page=3&faellig=until&bis=2025-12-31');
    const next = writeInboxFilter(search, 'due', 'overdue');
    expect(next.get('page')).toBeNull();
    expect(next.get('bis')).toBeNull();
    expect(readInboxFilters(next).due).toBe('overdue');
    expect(writeInboxFilter(next, 'due', null).get('faellig')).toBeNull();
  });

  it('ignores values that are no filter and sort fields the server refuses', () => {
    const search = new URLSearchParams('typ=x&status=y&faellig=z&bis=31.12.2025&orderBy=deleted_at');
    expect(readInboxFilters(search)).toEqual({ type: null, status: '', search: '', due: '', dueUntil: '' });
    expect(readTableParams(search, INBOX_TABLE).orderBy).toBe('created_at');
  });
});

describe('dashboard type filter (seed §4)', () => {
  it('ignores a filter value that is no document type', () => {
    expect(typeFilter('gewerbesteuerbescheid')).toBeNull();
    expect(typeFilter(null)).toBeNull();
    expect(typeFilter('mahnung')).toBe('mahnung');
  });
});

describe('"fällig bis" while it is typed', () => {
  it('goes into the address only as a complete day', () => {
    for (const partial of ['0002-03-05', '0020-03-05', '0203-03-05', '', 'x'])
      expect(isCompleteDay(partial)).toBe(false);
    expect(isCompleteDay('2031-03-05')).toBe(true);
  });
});
