import { registerNavigator } from '@/shared/navigation/navigator';
import { createHashRouter, createMemoryRouter } from '@/shared/routes/router/create-router';
import { routes } from './routes';

export type AppRouter = ReturnType<typeof createHashRouter>;

function connect(router: AppRouter): AppRouter {
  registerNavigator((to, options) => {
    void router.navigate(to, options);
  });
  return router;
}

/** The app's router: hash mode (spec 2). */
export const createAppRouter = () => connect(createHashRouter(routes));

/** The same routes in memory, starting at `path`: for tests. */
export const createTestRouter = (path = '/') =>
  connect(createMemoryRouter(routes, { initialEntries: [path] }));
