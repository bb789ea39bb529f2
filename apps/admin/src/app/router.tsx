import { createBrowserRouter } from 'react-router';
import { ROUTES } from '@/shared/routes/table';
import { PAGES } from './pages';
import { consoleRoutes } from './routes';

export const router = createBrowserRouter(consoleRoutes(ROUTES, PAGES), { basename: '/admin' });
