import { createBrowserRouter } from 'react-router';
import { routes } from './routes';

/** History mode with base / (seed §2). */
export const router = createBrowserRouter(routes, { basename: '/' });
