import { isValidElement, type ReactElement, type ReactNode, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AbilityName } from '../abilities/ability';
import { RequireAbility } from '../components/RequireAbility';
import { routes, WithParams } from './routes';

const LAZY = Symbol.for('react.lazy');
const PARAMS = { id: '7', year: '2024', type: 'bescheid' };

interface Leaf {
  path: string;
  /** Guards from the outside in; each is "any of" (seed §6). */
  guards: AbilityName[][];
  screen: ReactElement<Record<string, unknown>> | null;
}

type Props = Record<string, unknown>;

/** Peels guards, param adapters and Suspense off a route element down to the screen. */
function unwrap(node: ReactNode, outer: AbilityName[][]): Omit<Leaf, 'path'> {
  const guards = [...outer];
  let current: ReactNode = node;
  while (isValidElement<Props>(current)) {
    if (current.type === RequireAbility) {
      guards.push([...(current.props.anyOf as AbilityName[])]);
      current = current.props.children as ReactNode;
    } else if (current.type === WithParams) {
      current = (current.props.render as (p: typeof PARAMS) => ReactNode)(PARAMS);
    } else if (current.type === Suspense) {
      current = current.props.children as ReactNode;
    } else {
      break;
    }
  }
  return { guards, screen: isValidElement<Props>(current) ? current : null };
}

function leaves(list: RouteObject[], base: string, outer: AbilityName[][]): Leaf[] {
  return list.flatMap((route) => {
    const path = route.index
      ? base
      : route.path?.startsWith('/')
        ? route.path
        : `${base.replace(/\/$/, '')}/${route.path ?? ''}`;
    const { guards, screen } = unwrap(route.element, outer);
    return route.children ? leaves(route.children, path, guards) : [{ path, guards, screen }];
  });
}

const all = leaves(routes, '', []);
const byPath = new Map(all.map((leaf) => [leaf.path, leaf]));

const REPORTS: AbilityName[] = ['closeBiSessionsGenerateReports'];
const ADMIN: AbilityName[] = ['changePermissionsOfUser'];
const SERVICE: AbilityName[] = ['changePermissionsOfUser', 'changeMasterdata'];
const CUSTOMIZING: AbilityName[] = ['changeCustomizingData'];

/** Seed §2 routes with the guards of seed §6 (Admin guards the whole section). */
const SEED_ROUTES: Record<string, AbilityName[][]> = {
  '/': [],
  '/dokumente/:id': [],
  '/zahlungsdaten': [],
  '/zahlungsdaten/:id/:year': [],
  '/stammdaten': [],
  '/stammdaten/neu': [['changeMasterdata']],
  '/stammdaten/:id': [],
  '/reporting': [REPORTS],
  '/service/importe': [SERVICE],
  '/service/zahlungsjahre': [SERVICE],
  '/service/stammdaten': [SERVICE],
  '/service/stand-der-bearbeitung/:year?/:type?': [SERVICE],
  '/service/version': [SERVICE],
  '/service/hebesatzkonflikte': [SERVICE],
  '/admin/benutzer': [ADMIN],
  '/admin/firmen': [ADMIN],
  '/admin/einstellungen': [ADMIN],
  '/admin/dokumente': [ADMIN],
  '/admin/logs': [ADMIN],
  '/admin/backup': [ADMIN, ADMIN],
  '/admin/zinssatz': [ADMIN, CUSTOMIZING],
  '/admin/zins-zeitraeume': [ADMIN, CUSTOMIZING],
  '/buchungen': [REPORTS],
  '/buchungen/:id': [REPORTS],
  '/archiv': [],
  '/gewst-zerlegung': [REPORTS],
  '/gewst-zerlegung/neu': [REPORTS],
  '/gewst-zerlegung/:id': [REPORTS],
  '/no-access': [],
  '/*': [],
};

describe('routes (seed §2 and §6)', () => {
  it.each(Object.entries(SEED_ROUTES))('%s exists with the seed guards', (path, guards) => {
    const leaf = byPath.get(path);
    expect(leaf, `Route ${path} fehlt`).toBeDefined();
    expect(leaf?.guards).toEqual(guards);
  });

  it('loads every screen on demand', () => {
    const eager = all
      .filter((leaf) => leaf.screen?.type !== Navigate)
      .filter((leaf) => (leaf.screen?.type as { $$typeof?: symbol } | undefined)?.$$typeof !== LAZY)
      .map((leaf) => leaf.path);
    expect(eager).toEqual([]);
  });

  it('redirects /admin to the user roles and has no routes beyond the seed', () => {
    const admin = byPath.get('/admin');
    expect(admin?.screen?.type).toBe(Navigate);
    expect(admin?.screen?.props.to).toBe('/admin/benutzer');
    expect(admin?.guards).toEqual([ADMIN]);
    const extra = all.map((l) => l.path).filter((p) => !(p in SEED_ROUTES));
    // the sign-in callback and the service start page are ours; everything else is the seed's
    expect(extra.sort()).toEqual(['/admin', '/auth/callback', '/service']);
    expect(byPath.get('/service')?.guards).toEqual([SERVICE]);
  });

  it('passes route params to the screens as props', () => {
    expect(byPath.get('/dokumente/:id')?.screen?.props).toMatchObject({ id: '7' });
    expect(byPath.get('/zahlungsdaten/:id/:year')?.screen?.props).toMatchObject({ id: '7', year: '2024' });
    expect(byPath.get('/stammdaten/neu')?.screen?.props).toMatchObject({ create: true });
    expect(byPath.get('/service/stand-der-bearbeitung/:year?/:type?')?.screen?.props).toMatchObject({
      year: '2024',
      type: 'bescheid',
    });
  });
});
