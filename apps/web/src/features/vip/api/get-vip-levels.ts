import type { VipLevel } from '@app/contract/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/shared/api/client';
import { schemas } from '@/shared/api/contract';
import { useIsLoggedIn } from '@/shared/session/session-store';

export type { VipLevel };

/** POST /api/uservip: the ten levels with their requirements, rebate rates, and the player's progress. */
export const getVipLevels = (signal?: AbortSignal) => apiData('/api/uservip', schemas.vipLevels, { signal });

/** The answer depends on who asks (reached, my_recharge, my_flow). */
export const vipLevelsQueryOptions = (loggedIn: boolean) =>
  queryOptions({
    queryKey: ['vip-levels', loggedIn] as const,
    queryFn: ({ signal }) => getVipLevels(signal),
  });

export function useVipLevels() {
  const loggedIn = useIsLoggedIn();
  return useQuery(vipLevelsQueryOptions(loggedIn));
}
