import type { AbilityName } from '../abilities/ability';

/** Route guards of seed §6: access if the user has ANY listed ability. */
export const GUARDS = {
  reporting: ['closeBiSessionsGenerateReports'],
  bookings: ['closeBiSessionsGenerateReports'],
  zerlegung: ['closeBiSessionsGenerateReports'],
  admin: ['changePermissionsOfUser'],
  adminBackup: ['changePermissionsOfUser'],
  adminCustomizing: ['changeCustomizingData'],
  service: ['changePermissionsOfUser', 'changeMasterdata'],
  /** A new establishment only for those who may change master data (a `leser` gets no empty form). */
  masterDataCreate: ['changeMasterdata'],
} as const satisfies Record<string, readonly AbilityName[]>;

/** Without "read all data" the whole app is closed (seed §4/§6). */
export const BASE_ABILITY: AbilityName = 'readAllData';
export const NO_ACCESS_PATH = '/no-access';
