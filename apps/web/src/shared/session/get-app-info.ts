import type { AppInfo } from '@app/contract/user';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/shared/api/client';
import { schemas } from '@/shared/api/contract';
import { queryKeys } from '@/shared/api/query-client';
import { useSession } from './session-store';

/** POST /api/app: title, maintenance flag and tips, red-packet switch, welcome popup (spec 3). */
export async function getAppInfo(signal?: AbortSignal): Promise<AppInfo> {
  const appInfo = await apiData('/api/app', schemas.appInfo, { signal });
  useSession.getState().setAppInfo(appInfo);
  return appInfo;
}

export const appInfoQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.appInfo,
    queryFn: ({ signal }) => getAppInfo(signal),
    staleTime: 5 * 60_000,
  });

/** Loads the app info at start; the last one known (persisted in the store) shows meanwhile. */
export function useAppInfo(): AppInfo | null {
  useQuery(appInfoQueryOptions());
  return useSession((s) => s.appInfo);
}
