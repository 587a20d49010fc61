/**
 * Permission names are stable machine names (PRODUCT.md). The server is the guard;
 * the web app derives CASL abilities from the list the server returns.
 */
export const PERMISSIONS = [
  'read-data',
  'read-all-data',
  'add-payment-data',
  'close-bi-sessions-generate-reports',
  'approve-bi-sessions',
  'change-masterdata',
  'change-customizing-data',
  'change-permissions-of-user',
  'create-delete-companies',
  'change-companies',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/** German labels for the admin screens. */
export const PERMISSION_LABELS: Record<Permission, string> = {
  'read-data': 'Daten lesen',
  'read-all-data': 'Alle Daten lesen',
  'add-payment-data': 'Zahlungsdaten erfassen',
  'close-bi-sessions-generate-reports': 'Buchungssitzungen abschließen und Berichte erzeugen',
  'approve-bi-sessions': 'Buchungssitzungen freigeben (Vier-Augen-Prinzip)',
  'change-masterdata': 'Stammdaten ändern',
  'change-customizing-data': 'Customizing-Daten ändern (Zinssätze, Zahlungsjahre, Hebesätze)',
  'change-permissions-of-user': 'Benutzerrechte ändern',
  'create-delete-companies': 'Firmen anlegen und löschen',
  'change-companies': 'Firmen ändern',
};

/** The seed's ability vocabulary (camelCase), used by route guards in the web app. */
export const ABILITY_BY_PERMISSION: Record<Permission, string> = {
  'read-data': 'readData',
  'read-all-data': 'readAllData',
  'add-payment-data': 'addPaymentData',
  'close-bi-sessions-generate-reports': 'closeBiSessionsGenerateReports',
  'approve-bi-sessions': 'approveBiSessions',
  'change-masterdata': 'changeMasterdata',
  'change-customizing-data': 'changeCustomizingData',
  'change-permissions-of-user': 'changePermissionsOfUser',
  'create-delete-companies': 'createDeleteCompanies',
  'change-companies': 'changeCompanies',
};

export type Ability = (typeof ABILITY_BY_PERMISSION)[Permission];

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}

/** De-duplicated union of the permissions of all roles, in catalogue order. */
export function unionPermissions(
  roles: ReadonlyArray<{ permissions: ReadonlyArray<{ name: string }> }>,
): Permission[] {
  const names = new Set<string>();
  for (const role of roles) for (const p of role.permissions) names.add(p.name);
  return PERMISSIONS.filter((p) => names.has(p));
}

/** Roles seeded on a new installation (PRODUCT.md / issue 2). */
export const SEEDED_ROLES: ReadonlyArray<{
  name: string;
  description: string;
  permissions: readonly Permission[];
}> = [
  {
    name: 'Administration',
    description: 'Benutzer, Firmen, Einstellungen – alle Rechte',
    permissions: PERMISSIONS,
  },
  {
    name: 'Sachbearbeitung',
    description: 'Hochladen, Prüfen, Zahlungsdaten, Stammdaten',
    permissions: ['read-data', 'read-all-data', 'add-payment-data', 'change-masterdata'],
  },
  {
    name: 'Freigabe',
    description: 'Buchungssitzungen freigeben, Berichte, Zerlegung',
    permissions: ['read-data', 'read-all-data', 'close-bi-sessions-generate-reports', 'approve-bi-sessions'],
  },
  { name: 'Lesen', description: 'Nur lesen (z. B. Prüfer)', permissions: ['read-data', 'read-all-data'] },
];
