import {
  type PlayerEvent,
  STREAM_CONTROL,
  sessionEndedSchema,
  streamTicketSchema,
} from '@app/contract/events';
import { PAYMENT_MSG } from '@app/contract/payment-rules';
import type { QueryClient } from '@tanstack/react-query';
import { apiData, endingOwnSession, showAuthFailed } from '@/shared/api/client';
import { isPublicQueryKey, queryKeys } from '@/shared/api/query-client';
import { gameListKey } from '@/shared/games/get-game-list';
import { navigateTo } from '@/shared/navigation/navigator';
import { PATH } from '@/shared/routes/paths';
import { messageNumKey } from '@/shared/session/get-message-num';
import { getToken } from '@/shared/session/session-store';
import { signOut } from '@/shared/session/sign-out';
import { toast } from '@/shared/ui/feedback';
import { venueBalancesKey } from '@/shared/wallet/recover-all';
import { setStreamLive } from './stream-state';

const RETRY_MS = { first: 1_000, max: 30_000 };
const EVENT_TYPES: readonly PlayerEvent['type'][] = ['balance', 'message', 'venue'];

/** What an event changes in the cache, and the spec's word for it where it has one. */
function apply(queryClient: QueryClient, event: PlayerEvent): void {
  if (event.type === 'balance') {
    for (const queryKey of [queryKeys.balance, queryKeys.user, venueBalancesKey])
      void queryClient.invalidateQueries({ queryKey });
    if (event.reason === 'deposit' && event.outcome === 'approved') toast.success(PAYMENT_MSG.paid);
  } else if (event.type === 'message') {
    void queryClient.invalidateQueries({ queryKey: messageNumKey });
  } else {
    void queryClient.invalidateQueries({ queryKey: gameListKey });
    void queryClient.invalidateQueries({ queryKey: venueBalancesKey });
  }
}

/**
 * The stream's session ended. By the player's own act on it (a logoff, a password change, a
 * time-out or exclusion) it is no 认证失败: on the page that acted, the answer signs out with its own
 * words; another page holding the same session (a second tab) just goes to login. Ended any other
 * way (from another device, by an operator, frozen), it is the spec's 认证失败 at once.
 */
function sessionEnded(data: string): void {
  const parsed = sessionEndedSchema.safeParse(JSON.parse(data));
  if (parsed.success && parsed.data.reason === 'own') {
    if (getToken() === null || endingOwnSession()) return;
    signOut();
    navigateTo(PATH.login, { replace: true });
  } else showAuthFailed();
}

/**
 * The logged-in player's event stream (GET /api/events): a ticket from POST /api/events/ticket
 * (EventSource sends no Authorization header, and the session token must not travel in a URL),
 * then an EventSource. On a drop it reconnects with a new ticket and the last event's id, so the
 * server replays what was missed or says to refetch; polling runs meanwhile. A session ended on
 * the server signs the player out (sessionEnded). Answers the stop.
 */
export function openPlayerStream(queryClient: QueryClient): () => void {
  let source: EventSource | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let lastId = '';
  let retryMs = RETRY_MS.first;

  const down = () => {
    source?.close();
    source = undefined;
    setStreamLive(false);
  };
  const retry = () => {
    down();
    if (stopped) return;
    timer = setTimeout(connect, retryMs);
    retryMs = Math.min(retryMs * 2, RETRY_MS.max);
  };
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    down();
  };

  async function connect() {
    let ticket: string;
    try {
      ({ ticket } = await apiData('/api/events/ticket', streamTicketSchema, { toastError: false }));
    } catch {
      return retry(); // a 401 has signed the player out already (the client's 认证失败 flow)
    }
    if (stopped) return;
    const query = new URLSearchParams({ ticket, ...(lastId ? { last_event_id: lastId } : {}) });
    const opened = new EventSource(`/api/events?${query}`);
    source = opened;
    opened.onopen = () => {
      retryMs = RETRY_MS.first;
      setStreamLive(true);
    };
    opened.onerror = () => {
      if (source === opened) retry();
    };
    for (const type of EVENT_TYPES) {
      opened.addEventListener(type, (message) => {
        if (message.lastEventId) lastId = message.lastEventId;
        apply(queryClient, JSON.parse(message.data) as PlayerEvent);
      });
    }
    opened.addEventListener(STREAM_CONTROL.refetch, () => {
      void queryClient.invalidateQueries({ predicate: (q) => !isPublicQueryKey(q.queryKey) });
    });
    opened.addEventListener(STREAM_CONTROL.sessionEnded, (message) => {
      stop();
      sessionEnded(message.data);
    });
  }

  void connect();
  return stop;
}
