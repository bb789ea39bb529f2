import type { UserInfo } from '@app/contract/user';
import { vipLevelOf } from '@app/contract/vip';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/shared/api/client';
import { schemas } from '@/shared/api/contract';
import { queryKeys } from '@/shared/api/query-client';
import { useSession } from './session-store';

/**
 * Fetches the player's info from `path` (/api/user or /api/refreshusermoney, which answer the same
 * shape) and stores it (spec 3: cached locally).
 */
export async function fetchUserInto(path: string, signal?: AbortSignal): Promise<UserInfo> {
  const user = await apiData(path, schemas.userInfo, { signal });
  useSession.getState().setUserInfo(user);
  return user;
}

/** POST /api/user: the player's info. */
export const getUser = (signal?: AbortSignal) => fetchUserInto('/api/user', signal);

export const userQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.user, queryFn: ({ signal }) => getUser(signal) });

/** The player's info: the stored copy at once, refreshed from the server while logged in. */
export function useUserInfo(): UserInfo | null {
  const loggedIn = useSession((s) => s.token !== null);
  useQuery({ ...userQueryOptions(), enabled: loggedIn });
  return useSession((s) => s.userInfo);
}

/** The player's VIP level, parsed from current_vip (spec 3). */
export const useVipLevel = () => useSession((s) => (s.userInfo ? vipLevelOf(s.userInfo) : 0));
