/** The notifications module's public face for other modules. */
export { notificationRoutes } from './routes';
export { notificationReads } from './schema';
