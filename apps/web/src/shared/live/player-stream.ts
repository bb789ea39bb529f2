import { type PlayerEvent, STREAM_CONTROL, streamTicketSchema } from '@app/contract/events';
import { PAYMENT_MSG } from '@app/contract/payment-rules';
import type { QueryClient } from '@tanstack/react-query';
import { apiData, showAuthFailed } from '@/shared/api/client';
import { isPublicQueryKey, queryKeys } from '@/shared/api/query-client';
import { gameListKey } from '@/shared/games/get-game-list';
import { messageNumKey } from '@/shared/session/get-message-num';
import { getToken } from '@/shared/session/session-store';
import { toast } from '@/shared/ui/feedback';
import { venueBalancesKey } from '@/shared/wallet/recover-all';
import { setStreamLive } from './stream-state';

const RETRY_MS = { first: 1_000, max: 30_000 };
/**
 * The player's own time-out, exclusion or password change ends this session too, and the answer to
 * that call, still on its way, signs out with its own words: 认证失败 is only for a session that is
 * still signed in once that answer has had time to arrive (ended elsewhere, or frozen).
 */
const OWN_ENDING_GRACE_MS = 1_500;
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
 * The logged-in player's event stream (GET /api/events): a ticket from POST /api/events/ticket
 * (EventSource sends no Authorization header, and the session token must not travel in a URL),
 * then an EventSource. On a drop it reconnects with a new ticket and the last event's id, so the
 * server replays what was missed or says to refetch; polling runs meanwhile. A session ended on
 * the server (logoff elsewhere, a password change, a freeze) shows 认证失败 (after
 * OWN_ENDING_GRACE_MS). Answers the stop.
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
    opened.addEventListener(STREAM_CONTROL.sessionEnded, () => {
      stop();
      const token = getToken();
      setTimeout(() => {
        if (token && getToken() === token) showAuthFailed();
      }, OWN_ENDING_GRACE_MS);
    });
  }

  void connect();
  return stop;
}
