import type { Permission } from '@gewst/domain';

/**
 * Response shapes the domain package does not export yet. They belong in
 * packages/domain/src/api; kept here until they move there.
 */

/** GET /api/default_interest_periods (seed §3: year, starts_at, id). */
export interface DefaultInterestPeriod {
  id: number;
  year: number;
  starts_at: string;
}

/** GET /api/permissions */
export interface PermissionInfo {
  id: number;
  name: Permission;
  label: string;
}

/** GET /api/logout */
export interface LogoutResponse {
  end_session_url: string | null;
}
