/** The companies module's public face for other modules. */
export { companies } from './schema';
