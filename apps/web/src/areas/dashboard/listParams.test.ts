import { documentListQuerySchema } from '@gewst/domain';
import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../store/appStore';
import { type InboxFilters, inboxListParams, nextSort, typeFilter } from './listParams';

const base: InboxFilters = {
  companyId: 3,
  type: null,
  status: '',
  search: '  ',
  due: '',
  dueUntil: '',
  orderBy: 'created_at',
  orderDirection: 'desc',
  page: 0,
  perPage: 25,
};

describe('inbox list parameters', () => {
  it('leaves out empty filters and sends a 1-based page', () => {
    expect(inboxListParams(base)).toEqual({
      company_id: 3,
      page: 1,
      per_page: 25,
      orderBy: 'created_at',
      orderDirection: 'desc',
    });
  });

  it('passes type, status, trimmed search and the due keyword', () => {
    const params = inboxListParams({
      ...base,
      type: 'gewst_bescheid',
      status: 'zu_pruefen',
      search: ' Flensburg ',
      due: 'overdue',
      page: 2,
    });
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
    expect(inboxListParams({ ...base, due: 'until', dueUntil: '2025-12-31' }).dueDate).toBe('2025-12-31');
    expect(inboxListParams({ ...base, due: 'until', dueUntil: '' }).dueDate).toBeUndefined();
  });
});

describe('sorting', () => {
  it('flips the direction on the same column and starts ascending on another', () => {
    expect(nextSort({ orderBy: 'status', orderDirection: 'asc' }, 'status')).toEqual({
      orderBy: 'status',
      orderDirection: 'desc',
    });
    expect(nextSort({ orderBy: 'status', orderDirection: 'desc' }, 'dueDate')).toEqual({
      orderBy: 'dueDate',
      orderDirection: 'asc',
    });
  });
});

describe('dashboard type filter (seed §4)', () => {
  it('choosing the active type chip again switches the filter off', () => {
    const store = createAppStore(null);
    store.setDashboardFilter('zinsbescheid');
    expect(inboxListParams({ ...base, type: typeFilter(store.getState().dashboardFilter) }).type).toBe(
      'zinsbescheid',
    );
    store.setDashboardFilter('zinsbescheid');
    expect(
      inboxListParams({ ...base, type: typeFilter(store.getState().dashboardFilter) }).type,
    ).toBeUndefined();
  });

  it('ignores a filter value that is no document type', () => {
    expect(typeFilter('gewerbesteuerbescheid')).toBeNull();
    expect(typeFilter(null)).toBeNull();
    expect(typeFilter('mahnung')).toBe('mahnung');
  });
});
