/** The settings module's public face: other modules use this, never its tables. */
export { settingsRoutes } from './routes';
export { createSettings, runOnce, type SettingScopeRef, type SettingsAccess, settings } from './service';
