import type { ComponentType, ReactNode } from 'react';
import {
  createHashHistory,
  createMemoryHistory,
  type History,
  type HistoryAction,
  type Location,
  parsePath,
} from './history';

/** What a loader throws (or returns) to send the navigation elsewhere. */
export class Redirect {
  constructor(readonly to: string) {}
}

export const redirect = (to: string) => new Redirect(to);

/** Runs before a route shows, on every navigation to it: returns, or throws a redirect. */
export type Loader = (args: { url: URL }) => unknown;

/** A route of the app: a path (or the index of its parent), what it renders, and its children. */
export interface RouteObject {
  id?: string;
  /** An absolute path ("/mine"), matched without regard to case and a trailing slash; '*' matches any. */
  path?: string;
  index?: boolean;
  Component?: ComponentType;
  element?: ReactNode;
  /** Code loaded on the first visit; the page shown before stays until it is in. */
  lazy?: () => Promise<{ Component: ComponentType }>;
  loader?: Loader;
  /** Anything the app attaches to the route (its meta): useMatches() gives it back. */
  handle?: unknown;
  /** Shown while the first route loads. */
  HydrateFallback?: ComponentType;
  /** Shown in place of the route when its code fails to load or it throws while rendering. */
  ErrorBoundary?: ComponentType;
  children?: RouteObject[];
}

export interface RouteMatch {
  id: string;
  route: RouteObject;
  handle: unknown;
}

export interface RouterState {
  /** False until the first route has run its loaders and loaded its code. */
  initialized: boolean;
  location: Location;
  historyAction: HistoryAction;
  matches: RouteMatch[];
  /** 'loading' while the next route's code loads (the current page stays). */
  navigation: { state: 'idle' | 'loading' };
  /** Why the routes could not show (their code failed to load); the ErrorBoundary shows instead. */
  error: unknown;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface Router {
  readonly routes: RouteObject[];
  readonly state: RouterState;
  /** Goes to "/path?query", or moves in the history by a number of entries (-1: back). */
  navigate(to: string | number, options?: NavigateOptions): Promise<void>;
  subscribe(listener: () => void): () => void;
  /** Stops following the history (a test's router, once the test is done). */
  dispose(): void;
}

/** Where a navigation goes: the history gives the entry its key once the navigation is done. */
type Target = Omit<Location, 'key'>;

/** The most redirects one navigation follows (a loop of guards ends at the last). */
const MAX_REDIRECTS = 10;

const normalize = (pathname: string) => (pathname.replace(/\/+$/, '') || '/').toLowerCase();

/** Every chain of routes from a root to a route that can show, with the path it answers. */
function branchesOf(
  routes: RouteObject[],
  parents: RouteMatch[] = [],
  prefix = '',
): { path: string; matches: RouteMatch[] }[] {
  return routes.flatMap((route, i) => {
    const id = route.id ?? `${prefix}${i}`;
    const matches = [...parents, { id, route, handle: route.handle }];
    const own = route.index ? [{ path: '/', matches }] : route.path ? [{ path: route.path, matches }] : [];
    return [...own, ...branchesOf(route.children ?? [], matches, `${id}-`)];
  });
}

function createRouter(routes: RouteObject[], history: History): Router {
  const branches = branchesOf(routes);
  const exact = new Map(branches.filter((b) => b.path !== '*').map((b) => [normalize(b.path), b.matches]));
  const fallback = branches.find((b) => b.path === '*')?.matches ?? [];
  const loaded = new Map<RouteObject, ComponentType>();
  const listeners = new Set<() => void>();
  const popWaiters: (() => void)[] = [];
  let latest = 0;

  let state: RouterState = {
    initialized: false,
    location: history.location,
    historyAction: 'POP',
    matches: [],
    navigation: { state: 'idle' },
    error: null,
  };
  const update = (next: Partial<RouterState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };

  /** The loaded code of each route (lazy ones become routes with their Component). */
  const withCode = (matches: RouteMatch[]): RouteMatch[] =>
    matches.map((m) => {
      const Component = loaded.get(m.route);
      return Component ? { ...m, route: { ...m.route, Component } } : m;
    });

  /** Whether `to` is where the app is now (path and query). */
  const isCurrent = (to: Target) =>
    to.pathname === state.location.pathname && to.search === state.location.search;

  async function go(action: HistoryAction, to: Target, redirects = 0): Promise<void> {
    const id = ++latest;
    const matches = exact.get(normalize(to.pathname)) ?? fallback;
    let error: unknown = null;
    try {
      const url = new URL(`${to.pathname}${to.search}`, 'http://app.invalid');
      for (const match of matches) {
        const answer = match.route.loader?.({ url });
        if (answer instanceof Redirect) throw answer;
      }
    } catch (thrown) {
      if (thrown instanceof Redirect && redirects < MAX_REDIRECTS) {
        // The entry the browser already moved to (back, forward, the address opened) is replaced.
        // A push to where the app already is would only add a second entry of it.
        const next = { ...parsePath(thrown.to), state: null };
        return go(action === 'PUSH' && !isCurrent(next) ? 'PUSH' : 'REPLACE', next, redirects + 1);
      }
      error = thrown;
    }
    const pending = error ? [] : matches.filter((m) => m.route.lazy && !loaded.has(m.route));
    if (pending.length > 0) {
      if (state.initialized) update({ navigation: { state: 'loading' } });
      try {
        await Promise.all(
          pending.map(async (m) => {
            const code = await m.route.lazy?.();
            if (code) loaded.set(m.route, code.Component);
          }),
        );
      } catch (failed) {
        error = failed;
      }
    }
    // A later navigation has started meanwhile: it decides where the app goes.
    if (id !== latest) return;
    const path = `${to.pathname}${to.search}`;
    if (action === 'PUSH') history.push(path, to.state);
    if (action === 'REPLACE') history.replace(path, to.state);
    update({
      initialized: true,
      location: history.location,
      historyAction: action,
      matches: withCode(matches),
      navigation: { state: 'idle' },
      error,
    });
  }

  const pop = () =>
    go('POP', history.location).finally(() => {
      for (const resolve of popWaiters.splice(0)) resolve();
    });

  const unlisten = history.listen(() => void pop());
  void go('POP', history.location);

  return {
    routes,
    get state() {
      return state;
    },
    navigate(to, options = {}) {
      if (typeof to === 'number') {
        const popped = new Promise<void>((resolve) => popWaiters.push(resolve));
        history.go(to);
        return popped;
      }
      const target = { ...parsePath(to), state: options.state ?? null };
      return go(options.replace || isCurrent(target) ? 'REPLACE' : 'PUSH', target);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      unlisten();
      listeners.clear();
    },
  };
}

/** The app's router: the path in the address's hash (spec 2). */
export const createHashRouter = (routes: RouteObject[]) => createRouter(routes, createHashHistory());

/** The routes in memory, starting at the last of `initialEntries`: for tests. */
export const createMemoryRouter = (routes: RouteObject[], options: { initialEntries?: string[] } = {}) =>
  createRouter(routes, createMemoryHistory(options.initialEntries));
