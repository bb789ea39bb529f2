export type { Location } from './history';
export {
  Link,
  Navigate,
  Outlet,
  RouterProvider,
  useLocation,
  useMatches,
  useNavigate,
  useNavigation,
  useOutlet,
  useSearchParams,
} from './react';
export {
  createHashRouter,
  createMemoryRouter,
  type Loader,
  type NavigateOptions,
  Redirect,
  type RouteObject,
  type Router,
  redirect,
} from './router';
