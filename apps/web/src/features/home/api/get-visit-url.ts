import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DataSchema } from '@/shared/api/client';
import { apiData } from '@/shared/api/client';
import { usePageIdle } from '@/shared/lib/page-idle';

/** The answer's `{ url }`, checked by hand: the shortcut row asks for it on home's first load. */
const urlData: DataSchema<{ url: string }> = {
  safeParse: (value) =>
    typeof (value as { url?: unknown } | null)?.url === 'string'
      ? { success: true, data: value as { url: string } }
      : { success: false, error: { message: 'no url' } },
};

/** GET /api/getVisitUrl: the site's permanent address (the drawer's 永久域名, the RMB platform link). */
export async function getVisitUrl(signal?: AbortSignal): Promise<string> {
  const { url } = await apiData('/api/getVisitUrl', urlData, { method: 'GET', signal });
  return url;
}

export const visitUrlQueryOptions = () =>
  queryOptions({
    queryKey: ['visit-url'] as const,
    queryFn: ({ signal }) => getVisitUrl(signal),
    staleTime: 30 * 60_000,
  });

/**
 * The permanent address, asked once the page is idle (no first screen shows it; a tap on the shortcut
 * or the drawer's copy button needs it ready) or at once by `refetch`.
 */
export const useVisitUrl = () => useQuery({ ...visitUrlQueryOptions(), enabled: usePageIdle() });

/** Spec 7: the permanent address opened with register?pid={pid} when a referral pid is known. */
export function visitUrlWithPid(url: string, pid: string | null): string {
  if (!pid) return url;
  return `${url.replace(/\/+$/, '')}/#/register?pid=${encodeURIComponent(pid)}`;
}
