import { ABILITY_BY_PERMISSION, PERMISSIONS } from '@gewst/domain';
import { describe, expect, it } from 'vitest';
import { ABILITY_NAMES, buildAbility, canAny, permissionForAbility, samePermissions } from './ability';

describe('buildAbility', () => {
  it('uses the same vocabulary as the domain package', () => {
    expect([...ABILITY_NAMES].sort()).toEqual(Object.values(ABILITY_BY_PERMISSION).sort());
    for (const permission of PERMISSIONS) {
      const ability = ABILITY_BY_PERMISSION[permission];
      expect(permissionForAbility(ability as (typeof ABILITY_NAMES)[number])).toBe(permission);
    }
  });

  it('grants exactly the abilities of the permission list', () => {
    const ability = buildAbility(['change-masterdata', 'create-delete-companies']);
    expect(ability.can('changeMasterdata', 'all')).toBe(true);
    expect(ability.can('createDeleteCompanies', 'all')).toBe(true);
    expect(ability.can('changeCompanies', 'all')).toBe(false);
    expect(ability.can('readAllData', 'all')).toBe(false);
  });

  it('treats read-all-data as the stronger form of read-data', () => {
    expect(buildAbility(['read-all-data']).can('readData', 'all')).toBe(true);
    const readOnly = buildAbility(['read-data']);
    expect(readOnly.can('readData', 'all')).toBe(true);
    expect(readOnly.can('readAllData', 'all')).toBe(false);
  });

  it('ignores unknown permission names and grants nothing for an empty list', () => {
    const ability = buildAbility(['delete-everything']);
    for (const name of ABILITY_NAMES) expect(ability.can(name, 'all')).toBe(false);
  });
});

describe('canAny (route guards)', () => {
  const ability = buildAbility(['change-masterdata']);
  it('allows open routes', () => {
    expect(canAny(ability, undefined)).toBe(true);
    expect(canAny(ability, [])).toBe(true);
  });
  it('allows when any listed ability is held', () => {
    expect(canAny(ability, ['changePermissionsOfUser', 'changeMasterdata'])).toBe(true);
  });
  it('refuses when none is held', () => {
    expect(canAny(ability, ['closeBiSessionsGenerateReports'])).toBe(false);
  });
});

describe('samePermissions', () => {
  it('compares as sets', () => {
    expect(samePermissions(['a', 'b'], ['b', 'a'])).toBe(true);
    expect(samePermissions(['a'], ['a', 'b'])).toBe(false);
    expect(samePermissions(['a', 'c'], ['a', 'b'])).toBe(false);
  });
});
