import type { QueryParams } from './url';

/** Query keys of the one data layer: ['<area>', '<kind>', params?]. */
export const queryKeys = {
  companies: {
    all: ['companies'] as const,
    list: () => ['companies', 'list'] as const,
  },
  users: {
    all: ['users'] as const,
    current: () => ['users', 'current'] as const,
    list: () => ['users', 'list'] as const,
  },
  roles: {
    all: ['roles'] as const,
    list: () => ['roles', 'list'] as const,
  },
  permissions: {
    list: () => ['permissions', 'list'] as const,
  },
  logs: {
    all: ['logs'] as const,
    list: (params: QueryParams) => ['logs', 'list', params] as const,
  },
  defaultInterestPeriods: {
    all: ['default-interest-periods'] as const,
    list: () => ['default-interest-periods', 'list'] as const,
  },
};
