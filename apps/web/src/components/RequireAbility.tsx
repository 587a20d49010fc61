import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { type AbilityName, canAny } from '../abilities/ability';
import { addressOf } from '../auth/returnTo';
import { useAbility } from '../store/store';

export interface NoAccessState {
  required: AbilityName[];
  from: string;
}

/** Route guard (seed §6): access with ANY of the listed abilities, otherwise /no-access. */
export function RequireAbility({ anyOf, children }: { anyOf: readonly AbilityName[]; children: ReactNode }) {
  const ability = useAbility();
  const location = useLocation();
  if (canAny(ability, anyOf)) return children;
  const state: NoAccessState = { required: [...anyOf], from: addressOf(location) };
  return <Navigate to="/no-access" replace state={state} />;
}
