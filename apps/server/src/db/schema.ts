/**
 * The schema index: every table, gathered from the module that owns it, for the
 * connection (db/client.ts). Code imports a table from its module's public index.
 */
export * from '../idp/schema';
export * from '../modules/audit/schema';
export * from '../modules/bookings/schema';
export * from '../modules/companies/schema';
export * from '../modules/documents/schema';
export * from '../modules/export/schema';
export * from '../modules/imports/schema';
export * from '../modules/interest/schema';
export * from '../modules/master-data/schema';
export * from '../modules/municipalities/schema';
export * from '../modules/notifications/schema';
export * from '../modules/payments/schema';
export * from '../modules/reports/schema';
export * from '../modules/roles/schema';
export * from '../modules/settings/schema';
export * from '../modules/users/schema';
export * from '../modules/zerlegung/schema';
