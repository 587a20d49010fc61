import type { Company, CurrentUser } from '@gewst/domain';
import { describe, expect, it, vi } from 'vitest';
import { CURRENT_COMPANY_KEY, createAppStore, resolveCurrentCompany, snackbarText } from './appStore';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

function company(id: number, name = `Firma ${id}`): Company {
  return {
    id,
    name,
    main_color: '#1264af',
    legal_form: 'kapitalgesellschaft',
    steuernummer: null,
    finanzamt: null,
    ags_geschaeftsleitung: null,
    chart_of_accounts: 'SKR03',
    created_at: '2025-01-01T00:00:00Z',
    updated_at: '2025-01-01T00:00:00Z',
  };
}

function user(permissions: CurrentUser['permissions']): CurrentUser {
  return { id: 1, username: 'admin', name: null, email: null, roles: [], permissions, company_ids: null };
}

describe('current company', () => {
  it('restores the persisted company from localStorage', () => {
    const store = createAppStore(memoryStorage({ [CURRENT_COMPANY_KEY]: '2' }));
    expect(store.getState().currentCompanyId).toBe(2);
    store.setCompanies([company(1), company(2)]);
    expect(store.getState().currentCompanyId).toBe(2);
  });

  it('selects the first company when none is stored, and persists it', () => {
    const storage = memoryStorage();
    const store = createAppStore(storage);
    store.setCompanies([company(7), company(3)]);
    expect(store.getState().currentCompanyId).toBe(7);
    expect(storage.data.get(CURRENT_COMPANY_KEY)).toBe('7');
  });

  it('replaces a stored company that no longer exists', () => {
    const storage = memoryStorage({ [CURRENT_COMPANY_KEY]: '99' });
    const store = createAppStore(storage);
    store.setCompanies([company(4)]);
    expect(store.getState().currentCompanyId).toBe(4);
    expect(storage.data.get(CURRENT_COMPANY_KEY)).toBe('4');
  });

  it('persists the user choice', () => {
    const storage = memoryStorage();
    const store = createAppStore(storage);
    store.setCompanies([company(1), company(2)]);
    store.setCurrentCompanyId(2);
    expect(storage.data.get(CURRENT_COMPANY_KEY)).toBe('2');
    expect(createAppStore(storage).getState().currentCompanyId).toBe(2);
  });

  it('ignores garbage in storage and works without storage', () => {
    expect(
      createAppStore(memoryStorage({ [CURRENT_COMPANY_KEY]: 'abc' })).getState().currentCompanyId,
    ).toBeNull();
    const store = createAppStore(null);
    store.setCompanies([company(5)]);
    expect(store.getState().currentCompanyId).toBe(5);
  });

  it('resolveCurrentCompany returns null without companies', () => {
    expect(resolveCurrentCompany([], 3)).toBeNull();
  });
});

describe('dashboard filter', () => {
  it('switches off when the same value is chosen again', () => {
    const store = createAppStore(null);
    store.setDashboardFilter('gewerbesteuerbescheid');
    expect(store.getState().dashboardFilter).toBe('gewerbesteuerbescheid');
    store.setDashboardFilter('vorauszahlung');
    expect(store.getState().dashboardFilter).toBe('vorauszahlung');
    store.setDashboardFilter('vorauszahlung');
    expect(store.getState().dashboardFilter).toBeNull();
  });
});

describe('user and abilities', () => {
  it('rebuilds abilities only when the permissions change', () => {
    const store = createAppStore(null);
    const initial = store.getState().ability;
    expect(initial.can('readAllData', 'all')).toBe(false);

    store.setUser(user(['read-data', 'read-all-data']));
    const first = store.getState().ability;
    expect(first).not.toBe(initial);
    expect(first.can('readAllData', 'all')).toBe(true);

    store.setUser(user(['read-all-data', 'read-data']));
    expect(store.getState().ability).toBe(first);

    store.setUser(user([]));
    expect(store.getState().ability.can('readAllData', 'all')).toBe(false);
    expect(store.getState().permissions).toEqual([]);
  });

  it('notifies subscribers and stops after unsubscribe', () => {
    const store = createAppStore(null);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.setDashboardFilter('x');
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.setDashboardFilter('y');
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('snackbar', () => {
  it('defaults to success and joins message lists with "; "', () => {
    const store = createAppStore(null);
    store.showSnackbar('Gespeichert.');
    expect(store.getState().snackbar).toEqual({ show: true, text: 'Gespeichert.', type: 'success' });
    store.showSnackbar(['Name fehlt.', 'AGS muss aus 8 Ziffern bestehen.'], 'error');
    expect(store.getState().snackbar).toEqual({
      show: true,
      text: 'Name fehlt.; AGS muss aus 8 Ziffern bestehen.',
      type: 'error',
    });
    store.hideSnackbar();
    expect(store.getState().snackbar.show).toBe(false);
    expect(store.getState().snackbar.text).toBe('Name fehlt.; AGS muss aus 8 Ziffern bestehen.');
  });

  it('snackbarText leaves single strings alone', () => {
    expect(snackbarText('a; b')).toBe('a; b');
    expect(snackbarText(['a', '', 'b'])).toBe('a; b');
  });
});
