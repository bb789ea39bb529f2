import {
  Component,
  type ComponentType,
  createContext,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
} from 'react';
import type { NavigateOptions, RouteMatch, Router, RouterState } from './create-router';
import type { Location } from './history';

const RouterContext = createContext<Router | null>(null);
const StateContext = createContext<RouterState | null>(null);
/** The matched routes a route element was made for, and its place among them. */
const RouteContext = createContext<{ matches: RouteMatch[]; index: number }>({ matches: [], index: -1 });

function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error('A router hook was used outside <RouterProvider>.');
  return router;
}

function useRouterState(): RouterState {
  const state = useContext(StateContext);
  if (!state) throw new Error('A router hook was used outside <RouterProvider>.');
  return state;
}

/** Shows a route's ErrorBoundary in its place when something below it throws while rendering. */
class RenderErrorBoundary extends Component<
  { fallback: ComponentType; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    const Fallback = this.props.fallback;
    return this.state.failed ? <Fallback /> : this.props.children;
  }
}

/** The element of the route at `index` among `matches` (its outlets render the ones after it). */
function routeElement(matches: RouteMatch[], index: number, error: unknown): ReactNode {
  const match = matches[index];
  if (!match) return null;
  const { Component: Page, element, ErrorBoundary } = match.route;
  if (error && ErrorBoundary) return <ErrorBoundary />;
  const own = Page ? <Page /> : element !== undefined ? element : <Outlet />;
  const shown = (
    <RouteContext.Provider value={{ matches, index }}>
      {error && index === matches.length - 1 ? null : own}
    </RouteContext.Provider>
  );
  return ErrorBoundary ? <RenderErrorBoundary fallback={ErrorBoundary}>{shown}</RenderErrorBoundary> : shown;
}

/** Renders the router's current routes, and the first route's HydrateFallback until they are ready. */
export function RouterProvider({ router }: { router: Router }) {
  const state = useSyncExternalStore(
    router.subscribe,
    () => router.state,
    () => router.state,
  );
  const Fallback = router.routes[0]?.HydrateFallback;
  return (
    <RouterContext.Provider value={router}>
      <StateContext.Provider value={state}>
        {state.initialized ? routeElement(state.matches, 0, state.error) : Fallback ? <Fallback /> : null}
      </StateContext.Provider>
    </RouterContext.Provider>
  );
}

/** The element of the child route matched below the route rendering this. */
export function useOutlet(): ReactNode {
  const { matches, index } = useContext(RouteContext);
  const { error } = useRouterState();
  return routeElement(matches, index + 1, error);
}

export function Outlet() {
  return <>{useOutlet()}</>;
}

export const useLocation = (): Location => useRouterState().location;

/** The matched routes of the current location, outermost first: each with its id and handle. */
export const useMatches = (): { id: string; handle: unknown }[] => useRouterState().matches;

export const useNavigation = (): RouterState['navigation'] => useRouterState().navigation;

export type NavigateFunction = (to: string | number, options?: NavigateOptions) => void;

export function useNavigate(): NavigateFunction {
  const router = useRouter();
  return useCallback((to, options) => void router.navigate(to, options), [router]);
}

/** The current query, and a setter that navigates to the same path with another. */
export function useSearchParams(): [
  URLSearchParams,
  (next: Record<string, string>, options?: NavigateOptions) => void,
] {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: Record<string, string>, options?: NavigateOptions) => {
      const query = new URLSearchParams(next).toString();
      navigate(`${pathname}${query ? `?${query}` : ''}`, options);
    },
    [navigate, pathname],
  );
  return [params, setParams];
}

/** A link within the app: a plain click navigates, a modified one (new tab) follows the address. */
export function Link({ to, children, className }: { to: string; children: ReactNode; className?: string }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a href={`#${to}`} className={className} onClick={onClick}>
      {children}
    </a>
  );
}

/** Navigates to `to` once rendered. */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  // biome-ignore lint/correctness/useExhaustiveDependencies: one navigation per mount, as a redirect
  useEffect(() => {
    navigate(to, { replace, state });
  }, []);
  return null;
}
