import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { companiesQuery } from '../api/companies';
import { defaultInterestPeriodsQuery } from '../api/interest';
import { currentUserQuery } from '../api/users';
import { appStore, useAbility, useAppState } from '../store/store';
import { BASE_ABILITY, NO_ACCESS_PATH } from './guards';
import { periodicRefresh, REFRESH_INTERVAL_MS } from './session';

/**
 * Keeps the store in step with the query cache and watches the abilities: a user who can no
 * longer read all data, or whose company access is an empty list, is sent to /no-access
 * (within one refresh of losing the role).
 */
export function SessionEffects() {
  const ability = useAbility();
  const canRead = ability.can('readData', 'all');
  // A user limited to an empty list of companies has nothing to work on (company-scoped access).
  const noCompany = useAppState((s) => s.user?.company_ids?.length === 0);
  const canReadAll = ability.can(BASE_ABILITY, 'all') && !noCompany;
  const { pathname } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    if (!canReadAll && pathname !== NO_ACCESS_PATH) navigate(NO_ACCESS_PATH, { replace: true });
  }, [canReadAll, pathname, navigate]);

  useEffect(() => {
    const timer = window.setInterval(() => {
      periodicRefresh().catch(() => undefined); // reported and logged by the API client
    }, REFRESH_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, []);

  // Mirrors cache updates (e.g. after role or company changes) into the store.
  const me = useQuery({ ...currentUserQuery(), staleTime: REFRESH_INTERVAL_MS });
  const companies = useQuery({ ...companiesQuery(), enabled: canRead });
  const periods = useQuery({ ...defaultInterestPeriodsQuery(), enabled: canRead });

  useEffect(() => {
    if (me.data) appStore.setUser(me.data);
  }, [me.data]);
  useEffect(() => {
    appStore.setCompanies(canRead && companies.data ? companies.data : []);
  }, [canRead, companies.data]);
  useEffect(() => {
    appStore.setDefaultInterestPeriods(canRead && periods.data ? periods.data : []);
  }, [canRead, periods.data]);

  return null;
}
