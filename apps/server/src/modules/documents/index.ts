/** The documents module's public face for other modules. */
export { documents } from './schema';
