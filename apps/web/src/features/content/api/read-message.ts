import type { Page } from '@app/contract/paging';
import type { InfiniteData } from '@tanstack/react-query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/shared/api/client';
import { schemas } from '@/shared/api/contract';
import { messageNumKey } from '@/shared/session/get-message-num';
import { useSession } from '@/shared/session/session-store';
import { type Notice, noticesKeyOf } from './get-notices';

/** POST /api/readMessage (login): marks an in-site message read; answers the unread count left. */
export async function readMessage(id: number): Promise<number> {
  const { num } = await apiData('/api/readMessage', schemas.messageNum, { body: { id }, toastError: false });
  return num;
}

/** Marks a message read: the list shows it read at once, and the unread count is the server's answer. */
export function useReadMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: readMessage,
    onMutate: (id) => {
      queryClient.setQueriesData<InfiniteData<Page<Notice>>>({ queryKey: noticesKeyOf(2) }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                data: page.data.map((notice) => (notice.id === id ? { ...notice, is_read: 1 } : notice)),
              })),
            }
          : data,
      );
    },
    onSuccess: (num) => {
      useSession.getState().setMessageNum(num);
      queryClient.setQueryData(messageNumKey, num);
    },
  });
}
