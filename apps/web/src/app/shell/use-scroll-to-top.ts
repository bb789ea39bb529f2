import { useLayoutEffect } from 'react';
import { useLocation } from '@/shared/routes/router/react';

/**
 * Spec 2: after each navigation the page scrolls to the top. That holds for a cached route too: it
 * keeps its state (loaded lists, the chosen tab), not where it was scrolled. The browser's own
 * restoring of positions on back and forward is turned off, so that those navigations start at the
 * top as well. A navigation to the same path and query (none: the navigation helper refuses it) keeps
 * the position.
 */
export function useScrollToTop() {
  const { pathname, search } = useLocation();

  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the position resets whenever the view (path and query) changes
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
}
