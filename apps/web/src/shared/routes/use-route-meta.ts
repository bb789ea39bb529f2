import { useMatches } from '@/shared/routes/router/react';
import type { RouteMeta } from './route-meta';

const isRouteMeta = (handle: unknown): handle is RouteMeta =>
  typeof handle === 'object' && handle !== null && typeof (handle as RouteMeta).title === 'string';

/** The meta (route `handle`) of the deepest matched route. */
export function useRouteMeta(): RouteMeta | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (isRouteMeta(handle)) return handle;
  }
  return undefined;
}

export { isRouteMeta };
