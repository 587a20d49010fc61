import { companiesQuery } from '../api/companies';
import { ApiError } from '../api/errors';
import { defaultInterestPeriodsQuery } from '../api/interest';
import { queryClient } from '../api/queryClient';
import { currentUserQuery } from '../api/users';
import {
  getFreshUser,
  getUserManager,
  signIn,
  signInLoopDetected,
  signInSucceeded,
} from '../auth/userManager';
import { setMonitoringUser } from '../monitoring/sentry';
import { appStore } from '../store/store';

/** Seed §1/§9: token and user are refreshed every 10 seconds. */
export const REFRESH_INTERVAL_MS = 10_000;

export type StartResult = 'ready' | 'redirecting';

/** GET /users → store (abilities are rebuilt there when the permissions change). */
export async function refreshCurrentUser(): Promise<void> {
  const user = await queryClient.fetchQuery({ ...currentUserQuery(), staleTime: 0 });
  signInSucceeded();
  appStore.setUser(user);
  setMonitoringUser(user.username);
}

/** Companies and default interest periods, only for users who may read data. */
export async function loadReadData(): Promise<void> {
  const [companies, periods] = await Promise.allSettled([
    queryClient.fetchQuery(companiesQuery()),
    queryClient.fetchQuery(defaultInterestPeriodsQuery()),
  ]);
  if (companies.status === 'rejected') throw companies.reason;
  appStore.setCompanies(companies.value);
  // Interest periods are needed only by later screens; their failure is reported, not fatal.
  if (periods.status === 'fulfilled') appStore.setDefaultInterestPeriods(periods.value);
}

/**
 * Start-up after the configuration is loaded (seed §1): sign in if needed, refresh the user,
 * load read data when allowed. The caller then starts the periodic refresh and shows the app.
 */
export async function startSession(): Promise<StartResult> {
  const user = await getFreshUser().catch(() => null);
  if (!user) {
    await getUserManager()
      .removeUser()
      .catch(() => undefined);
    await signIn();
    return 'redirecting';
  }
  try {
    await refreshCurrentUser();
  } catch (error) {
    // The API client has started a new sign-in, unless one just ended the same way (loop).
    if (error instanceof ApiError && error.status === 401 && !signInLoopDetected()) return 'redirecting';
    throw error;
  }
  if (appStore.getState().ability.can('readData', 'all')) await loadReadData();
  return 'ready';
}

/** One tick of the periodic refresh: renew the token if < 30 s remain, then refresh the user. */
export async function periodicRefresh(): Promise<void> {
  await getFreshUser();
  await refreshCurrentUser();
}
