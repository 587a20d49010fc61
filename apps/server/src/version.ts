/** Kept in step with package.json by the release process. */
export const APP_VERSION = '0.1.0';
