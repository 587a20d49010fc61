/** The users module's public face for other modules: its tables and user look-ups. */
export { findUserByUsername, namesByUsername, type UserRefRow, userRef, usersById } from './repo';
export { userRoles, users } from './schema';
