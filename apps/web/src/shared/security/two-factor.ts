import type { TwoFactorState } from '@app/contract/protection';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { useIsLoggedIn } from '@/shared/session/session-store';

export const twoFactorKey = ['security', 'two-factor'] as const;

/** POST /api/security/two-factor: whether the player turned two-factor (谷歌验证器) on. */
export function useTwoFactorState() {
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: twoFactorKey,
    enabled: loggedIn,
    queryFn: async ({ signal }) =>
      (await apiRequest<TwoFactorState>('/api/security/two-factor', { signal })).data ?? {
        enabled: false,
        recovery_left: 0,
      },
  });
}
