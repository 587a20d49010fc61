import type { Company, CurrentUser, Permission } from '@gewst/domain';
import { type AppAbility, buildAbility, samePermissions } from '../abilities/ability';
import type { DefaultInterestPeriodEntry } from '@gewst/domain';

export type SnackbarType = 'success' | 'info' | 'warning' | 'error';

export interface SnackbarState {
  show: boolean;
  text: string;
  type: SnackbarType;
}

/** Client state (seed §3). Server data here is mirrored from the query cache, never fetched here. */
export interface AppState {
  currentCompanyId: number | null;
  dashboardFilter: string | null;
  user: CurrentUser | null;
  permissions: Permission[];
  ability: AppAbility;
  companies: Company[];
  defaultInterestPeriods: DefaultInterestPeriodEntry[];
  snackbar: SnackbarState;
}

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const CURRENT_COMPANY_KEY = 'currentCompanyId';

/** A list of messages is joined with '; ' (seed §2). */
export function snackbarText(message: string | readonly string[]): string {
  return typeof message === 'string' ? message : message.filter((m) => m !== '').join('; ');
}

/** The stored company if it still exists, otherwise the first one (seed §4), or none. */
export function resolveCurrentCompany(companies: readonly Company[], wanted: number | null): number | null {
  if (wanted != null && companies.some((c) => c.id === wanted)) return wanted;
  return companies[0]?.id ?? null;
}

function readStoredCompanyId(storage: KeyValueStorage | null): number | null {
  try {
    const raw = storage?.getItem(CURRENT_COMPANY_KEY);
    const id = raw == null ? Number.NaN : Number(raw);
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

export function createAppStore(storage: KeyValueStorage | null) {
  let state: AppState = {
    currentCompanyId: readStoredCompanyId(storage),
    dashboardFilter: null,
    user: null,
    permissions: [],
    ability: buildAbility([]),
    companies: [],
    defaultInterestPeriods: [],
    snackbar: { show: false, text: '', type: 'success' },
  };
  const listeners = new Set<() => void>();

  function setState(patch: Partial<AppState>): void {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  }

  function persistCompany(id: number | null): void {
    try {
      if (id == null) storage?.removeItem(CURRENT_COMPANY_KEY);
      else storage?.setItem(CURRENT_COMPANY_KEY, String(id));
    } catch {
      // Storage may be unavailable (private mode); the choice then lasts for this tab only.
    }
  }

  return {
    getState: (): AppState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    setCurrentCompanyId(id: number | null): void {
      persistCompany(id);
      setState({ currentCompanyId: id });
    },

    /** Choosing the active filter again switches it off (seed §4). */
    setDashboardFilter(value: string | null): void {
      setState({ dashboardFilter: value === state.dashboardFilter ? null : value });
    },

    /** Takes the user from GET /users; abilities are rebuilt only when the permissions change. */
    setUser(user: CurrentUser | null): void {
      const permissions = user?.permissions ?? [];
      if (samePermissions(permissions, state.permissions)) {
        setState({ user });
      } else {
        setState({ user, permissions: [...permissions], ability: buildAbility(permissions) });
      }
    },

    /** Companies loaded; keeps the current company valid (first company when none or gone). */
    setCompanies(companies: Company[]): void {
      if (companies.length === 0) {
        setState({ companies });
        return;
      }
      const currentCompanyId = resolveCurrentCompany(companies, state.currentCompanyId);
      if (currentCompanyId !== state.currentCompanyId) persistCompany(currentCompanyId);
      setState({ companies, currentCompanyId });
    },

    setDefaultInterestPeriods(defaultInterestPeriods: DefaultInterestPeriodEntry[]): void {
      setState({ defaultInterestPeriods });
    },

    showSnackbar(message: string | readonly string[], type: SnackbarType = 'success'): void {
      setState({ snackbar: { show: true, text: snackbarText(message), type } });
    },

    hideSnackbar(): void {
      setState({ snackbar: { ...state.snackbar, show: false } });
    },
  };
}

export type AppStore = ReturnType<typeof createAppStore>;
