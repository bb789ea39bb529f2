import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/shared/api/client';
import { schemas } from '@/shared/api/contract';

/** POST /api/sponsors: the two sponsor cards (title, subtitle, picture, the page shown on /zhanzhuye). */
export const getSponsors = (signal?: AbortSignal) => apiData('/api/sponsors', schemas.sponsors, { signal });

export const sponsorsQueryOptions = () =>
  queryOptions({
    queryKey: ['sponsors'] as const,
    queryFn: ({ signal }) => getSponsors(signal),
    staleTime: 10 * 60_000,
  });

export const useSponsors = () => useQuery(sponsorsQueryOptions());
