import { createMongoAbility, type MongoAbility } from '@casl/ability';
import { ABILITY_BY_PERMISSION, isPermission, type Permission } from '@gewst/domain';

/** The seed's ability vocabulary (camelCase). Kept in step with ABILITY_BY_PERMISSION by a unit test. */
export const ABILITY_NAMES = [
  'readData',
  'readAllData',
  'addPaymentData',
  'closeBiSessionsGenerateReports',
  'approveBiSessions',
  'changeMasterdata',
  'changeCustomizingData',
  'changePermissionsOfUser',
  'createDeleteCompanies',
  'changeCompanies',
] as const;

export type AbilityName = (typeof ABILITY_NAMES)[number];
export type AppAbility = MongoAbility<[AbilityName, 'all']>;

const PERMISSION_BY_ABILITY = Object.fromEntries(
  Object.entries(ABILITY_BY_PERMISSION).map(([permission, ability]) => [ability, permission]),
) as Record<AbilityName, Permission>;

export function permissionForAbility(ability: AbilityName): Permission {
  return PERMISSION_BY_ABILITY[ability];
}

/**
 * Abilities come only from the permission list the server returns for the signed-in user
 * (GET /users) — never from a local copy of the role rules. "read all data" is the stronger
 * form of "read data" (seed §6), so it grants readData as well.
 */
export function buildAbility(permissions: readonly string[]): AppAbility {
  const names = new Set<AbilityName>();
  for (const permission of permissions) {
    if (!isPermission(permission)) continue;
    names.add(ABILITY_BY_PERMISSION[permission] as AbilityName);
  }
  if (names.has('readAllData')) names.add('readData');
  return createMongoAbility<[AbilityName, 'all']>([...names].map((action) => ({ action, subject: 'all' })));
}

/** Route guard rule (seed §6): access if the user has ANY of the listed abilities; none listed = open. */
export function canAny(ability: AppAbility, required: readonly AbilityName[] | undefined): boolean {
  if (!required || required.length === 0) return true;
  return required.some((name) => ability.can(name, 'all'));
}

export function samePermissions(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((p) => set.has(p));
}
