/** Where the app is: a path, its query, and the state the navigation that came here carried. */
export interface Location {
  pathname: string;
  search: string;
  state: unknown;
  /** A key of this history entry; 'default' for the entry the app was opened at. */
  key: string;
}

export type HistoryAction = 'POP' | 'PUSH' | 'REPLACE';

/** The entries a router moves through: the page's hash (the app) or a list in memory (tests). */
export interface History {
  readonly location: Location;
  push(path: string, state: unknown): void;
  replace(path: string, state: unknown): void;
  go(delta: number): void;
  /** Called when the entry changes by go() or the browser's back and forward buttons. */
  listen(onPop: () => void): () => void;
}

/** Splits "/path?query" into its path and its query ('' or "?..."). */
export function parsePath(path: string): { pathname: string; search: string } {
  const at = path.indexOf('?');
  const pathname = at < 0 ? path : path.slice(0, at);
  const search = at < 0 ? '' : path.slice(at);
  return {
    pathname: pathname.startsWith('/') ? pathname : `/${pathname}`,
    search: search === '?' ? '' : search,
  };
}

const newKey = () => Math.random().toString(36).slice(2, 10);

interface EntryState {
  usr: unknown;
  key: string;
}

const isEntryState = (value: unknown): value is EntryState =>
  typeof value === 'object' && value !== null && typeof (value as EntryState).key === 'string';

/** The app's history: the path lives in the address's hash (#/path?query, spec 2). */
export function createHashHistory(win: Window = window): History {
  const read = (): Location => {
    const { pathname, search } = parsePath(win.location.hash.replace(/^#/, '') || '/');
    const entry = win.history.state;
    return isEntryState(entry)
      ? { pathname, search, state: entry.usr, key: entry.key }
      : { pathname, search, state: null, key: 'default' };
  };
  const write = (method: 'pushState' | 'replaceState', path: string, state: unknown) => {
    const entry: EntryState = { usr: state ?? null, key: newKey() };
    win.history[method](entry, '', `#${path}`);
  };
  return {
    get location() {
      return read();
    },
    push: (path, state) => write('pushState', path, state),
    replace: (path, state) => write('replaceState', path, state),
    go: (delta) => win.history.go(delta),
    listen(onPop) {
      win.addEventListener('popstate', onPop);
      return () => win.removeEventListener('popstate', onPop);
    },
  };
}

/** A history in memory, starting at `initialEntries` (the last one current): for tests. */
export function createMemoryHistory(initialEntries: string[] = ['/']): History {
  const entries: Location[] = initialEntries.map((path, i) => ({
    ...parsePath(path),
    state: null,
    key: i === 0 ? 'default' : newKey(),
  }));
  let index = entries.length - 1;
  const listeners = new Set<() => void>();
  const at = (path: string, state: unknown): Location => ({
    ...parsePath(path),
    state: state ?? null,
    key: newKey(),
  });
  return {
    get location() {
      return entries[index] as Location;
    },
    push(path, state) {
      entries.splice(index + 1, entries.length, at(path, state));
      index = entries.length - 1;
    },
    replace(path, state) {
      entries[index] = at(path, state);
    },
    go(delta) {
      index = Math.min(Math.max(index + delta, 0), entries.length - 1);
      for (const listener of listeners) listener();
    },
    listen(onPop) {
      listeners.add(onPop);
      return () => {
        listeners.delete(onPop);
      };
    },
  };
}
