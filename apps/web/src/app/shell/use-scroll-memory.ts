import { useLayoutEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router';
import { isKeptAlive } from './keep-alive-outlet';

/**
 * Spec 2: after each navigation the page scrolls to the top, except that a cached route, revisited,
 * is put back where it was left. Positions are recorded while a cached route is shown.
 */
export function useScrollMemory() {
  const { pathname, search } = useLocation();
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  const cachedKey = leaf && isKeptAlive(leaf.handle) ? leaf.id : null;
  const positions = useRef(new Map<string, number>());
  const previous = useRef<{ pathname: string; search: string } | null>(null);

  useLayoutEffect(() => {
    const saved = cachedKey ? positions.current.get(cachedKey) : undefined;
    // Back on a cached page from elsewhere: restore. The same page with another query: a new view.
    const sameView = previous.current?.pathname === pathname && previous.current.search === search;
    const returning = previous.current?.pathname !== pathname;
    previous.current = { pathname, search };
    if (sameView) return;
    window.scrollTo(0, saved !== undefined && returning ? saved : 0);
    if (!cachedKey) return;
    const record = () => positions.current.set(cachedKey, window.scrollY);
    window.addEventListener('scroll', record, { passive: true });
    return () => window.removeEventListener('scroll', record);
  }, [pathname, search, cachedKey]);
}
