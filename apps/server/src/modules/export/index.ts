/** The export module's public face: its routes and its runtime (job type on the shared queue). */
export { exportRoutes } from './routes';
export { type ExportRuntime, startExport } from './runtime';
export { exportDeliveries, exportFiles, exportJobs, exportReports } from './schema';
