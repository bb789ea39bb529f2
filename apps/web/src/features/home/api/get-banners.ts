import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/shared/api/client';
import { type Banner, schemas } from '@/shared/api/contract';

export type { Banner };

/** POST /api/bannerList {type: 2}: home's banners, each a same-origin picture and an in-app path or ''. */
export const getBanners = (signal?: AbortSignal) =>
  apiData('/api/bannerList', schemas.banners, { body: { type: 2 }, signal });

export const bannersQueryOptions = () =>
  queryOptions({
    queryKey: ['banners'] as const,
    queryFn: ({ signal }) => getBanners(signal),
    staleTime: 5 * 60_000,
  });

export const useBanners = () => useQuery(bannersQueryOptions());
