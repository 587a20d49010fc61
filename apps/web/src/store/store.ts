import { useSyncExternalStore } from 'react';
import type { AbilityName } from '../abilities/ability';
import { type AppState, createAppStore, type KeyValueStorage } from './appStore';

function browserStorage(): KeyValueStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The app's one client-state store. */
export const appStore = createAppStore(browserStorage());

/** Subscribes to a slice; the selector must return a stable value (no new objects). */
export function useAppState<T>(selector: (state: AppState) => T): T {
  return useSyncExternalStore(appStore.subscribe, () => selector(appStore.getState()));
}

export function useAbility() {
  return useAppState((s) => s.ability);
}

export function useCan(name: AbilityName): boolean {
  return useAppState((s) => s.ability.can(name, 'all'));
}

export function useCurrentCompany() {
  const companies = useAppState((s) => s.companies);
  const id = useAppState((s) => s.currentCompanyId);
  return companies.find((c) => c.id === id) ?? null;
}
