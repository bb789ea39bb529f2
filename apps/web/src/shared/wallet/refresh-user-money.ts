import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/shared/api/query-client';
import { fetchUserInto } from '@/shared/session/get-user';

/** POST /api/refreshusermoney: the player's info with fresh money, stored locally (spec 7). */
export const refreshUserMoney = () => fetchUserInto('/api/refreshusermoney');

/** The refresh icon beside a balance: refreshes the user's money, then the polled balance. */
export function useRefreshUserMoney() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshUserMoney,
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.user, user);
      return queryClient.invalidateQueries({ queryKey: queryKeys.balance });
    },
  });
}
