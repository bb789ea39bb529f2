import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/client';
import { queryKeys } from '@/shared/api/query-client';
import { getUser } from '@/shared/session/get-user';

/** POST /api/uptransferstatus: 自动免转 on (1) or off (0); answers 操作成功！. */
export async function updateTransferStatus(transferstatus: 0 | 1): Promise<string> {
  const { message } = await apiRequest('/api/uptransferstatus', { body: { transferstatus }, loading: true });
  return message;
}

/** Switches, then reloads the user info, whose transferstatus the page shows. */
export function useUpdateTransferStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTransferStatus,
    onSuccess: async () => {
      const user = await getUser().catch(() => undefined);
      if (user) queryClient.setQueryData(queryKeys.user, user);
    },
  });
}
