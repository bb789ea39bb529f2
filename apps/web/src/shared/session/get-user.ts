import type { UserInfo } from '@app/contract/user';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/shared/api/client';
import { loadVipLevelOf, schemas } from '@/shared/api/contract';
import { queryKeys } from '@/shared/api/query-client';
import { useSession } from './session-store';

/**
 * Fetches the player's info from `path` (/api/user or /api/refreshusermoney, which answer the same
 * shape) and stores it with its VIP level (spec 3: cached locally).
 */
export async function fetchUserInto(path: string, signal?: AbortSignal): Promise<UserInfo> {
  const [user, vipLevelOf] = await Promise.all([
    apiData(path, schemas.userInfo, { signal }),
    loadVipLevelOf(),
  ]);
  useSession.getState().setUserInfo(user, vipLevelOf(user));
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

/** The player's VIP level (parsed from current_vip by the contract's vipLevelOf when the user loads). */
export const useVipLevel = () => useSession((s) => s.vipLevel);
