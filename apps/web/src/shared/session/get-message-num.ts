import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/shared/api/client';
import { schemas } from '@/shared/api/contract';
import { useSession } from './session-store';

export const messageNumKey = ['message-num'] as const;

/** POST /api/messageNum (login): how many in-site messages are unread; kept in the session (spec 3). */
export async function getMessageNum(signal?: AbortSignal): Promise<number> {
  const { num } = await apiData('/api/messageNum', schemas.messageNum, { signal, toastError: false });
  useSession.getState().setMessageNum(num);
  return num;
}

/**
 * The unread count shown on home's drawer button and in the drawer: asked when they show, again
 * whenever the player comes back to the window (focus), and after a message is read (its answer
 * carries the new count). No timer of its own: new messages are rare and the balance poll runs anyway.
 */
export const messageNumQueryOptions = () =>
  queryOptions({
    queryKey: messageNumKey,
    queryFn: ({ signal }) => getMessageNum(signal),
    staleTime: 30_000,
    refetchOnWindowFocus: 'always',
  });

export function useMessageNum(): number {
  const loggedIn = useSession((s) => s.token !== null);
  useQuery({ ...messageNumQueryOptions(), enabled: loggedIn });
  const num = useSession((s) => s.messageNum);
  return loggedIn ? num : 0;
}
