import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/shared/api/client';
import { schemas } from '@/shared/api/contract';

/** POST /api/homenotice: the texts of home's scrolling notice bar. */
export const getHomeNotices = (signal?: AbortSignal) =>
  apiData('/api/homenotice', schemas.homeNotices, { signal });

export const homeNoticesQueryOptions = () =>
  queryOptions({
    queryKey: ['home-notices'] as const,
    queryFn: ({ signal }) => getHomeNotices(signal),
    staleTime: 5 * 60_000,
  });

export const useHomeNotices = () => useQuery(homeNoticesQueryOptions());
