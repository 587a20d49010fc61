/** The roles module's public face for other modules. */
export { permissions, rolePermissions, roles } from './schema';
