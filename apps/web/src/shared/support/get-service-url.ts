import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiData } from '@/shared/api/client';
import { schemas } from '@/shared/api/contract';
import { useAppNavigate } from '@/shared/navigation/use-app-navigate';

/** POST /api/getservicerurl: the customer service page's address (spec 7). */
export async function getServiceUrl(signal?: AbortSignal): Promise<string> {
  const { url } = await apiData('/api/getservicerurl', schemas.url, { signal });
  return url;
}

export const serviceUrlQueryOptions = () =>
  queryOptions({
    queryKey: ['service-url'] as const,
    queryFn: ({ signal }) => getServiceUrl(signal),
    staleTime: 10 * 60_000,
  });

/** An address of this app ("/#/path" or "#/path") as its in-app route, else null. */
export function inAppRoute(url: string): string | null {
  const match = /^(?:\/)?#(\/.*)$/.exec(url);
  return match?.[1] ?? null;
}

/**
 * The human support link (spec 2: withdrawal, payInfo, mine). The address is fetched when the page
 * shows, so a tap opens it at once (a window opened after an await is blocked by mobile browsers).
 * An address inside this app is navigated to; any other opens in a new window.
 */
export function useOpenSupport() {
  const { data: url, refetch } = useQuery(serviceUrlQueryOptions());
  const go = useAppNavigate();
  return useCallback(async () => {
    const target = url ?? (await refetch()).data;
    if (!target) return;
    const route = inAppRoute(target);
    if (route) go(route);
    else {
      const opened = window.open(target, '_blank');
      if (opened) opened.opener = null;
      else window.location.assign(target);
    }
  }, [url, refetch, go]);
}
