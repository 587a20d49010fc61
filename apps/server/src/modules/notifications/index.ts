/** The notifications module's public face for other modules. */
export { notificationReads } from './schema';
