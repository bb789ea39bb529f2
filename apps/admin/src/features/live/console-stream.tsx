import { type OperatorEvent, STREAM_CONTROL } from '@app/contract/events';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { useEffect, useSyncExternalStore } from 'react';
import { type NavigateFunction, useNavigate } from 'react-router';
import { PATH } from '@/shared/routes/table';
import { sessionQuery } from '@/shared/session/session';
import { usd } from '@/shared/ui/format';
import { chime } from './sound';

/** What each area's events refetch: its list, and the dashboard's figures. */
const LISTS: Record<OperatorEvent['area'], readonly (readonly string[])[]> = {
  deposit: [['review', 'deposits'], ['dashboard']],
  withdrawal: [['review', 'withdrawals'], ['dashboard']],
  transfer: [['transfers'], ['dashboard']],
};

/** The menu entry of each area whose badge counts the new orders not yet looked at. */
export const ORDER_PAGES = { deposit: PATH.depositReview, withdrawal: PATH.withdrawalReview } as const;
const WORD = { deposit: '充值', withdrawal: '取款' } as const;

let unseen: Record<string, number> = {};
const listeners = new Set<() => void>();
const changed = (next: Record<string, number>) => {
  unseen = next;
  for (const l of listeners) l();
};

/** New orders per menu path since the operator last opened that page. */
export function useUnseenOrders(): Record<string, number> {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => unseen,
  );
}

/** The page at `path` is open: its new orders are seen. */
export function markSeen(path: string): void {
  if (unseen[path]) changed({ ...unseen, [path]: 0 });
}

function newOrder(
  notification: NotificationInstance,
  navigate: NavigateFunction,
  event: Extract<OperatorEvent, { type: 'order' }>,
) {
  const page = ORDER_PAGES[event.area];
  changed({ ...unseen, [page]: (unseen[page] ?? 0) + 1 });
  chime();
  notification.info({
    key: event.order_no,
    title: `新${WORD[event.area]}订单`,
    description: (
      <>
        <div>{event.order_no}</div>
        金额 {usd(Number(event.amount))}，
        {/* Not a router Link: antd renders notifications outside the router. */}
        <a
          href={page}
          style={{ textDecoration: 'underline' }}
          onClick={(click) => {
            click.preventDefault();
            notification.destroy(event.order_no);
            void navigate(page);
          }}
        >
          去审核
        </a>
      </>
    ),
    placement: 'topRight',
    duration: 8,
  });
}

function apply(queryClient: QueryClient, event: OperatorEvent) {
  for (const queryKey of LISTS[event.area]) void queryClient.invalidateQueries({ queryKey });
}

/**
 * The console's event stream (GET /admin/api/events, the session cookie): the review queues,
 * pending transfers and dashboard refetch when another operator or a player changes them, and a
 * new deposit or withdrawal order raises a notification, a sound and a badge. EventSource
 * reconnects on its own; the server then says to refetch.
 */
export function useConsoleStream(): void {
  const queryClient = useQueryClient();
  const { notification } = App.useApp();
  const navigate = useNavigate();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/admin/api/events');
    const read = (message: MessageEvent<string>) => JSON.parse(message.data) as OperatorEvent;
    source.addEventListener('order', (m) => {
      const event = read(m);
      apply(queryClient, event);
      if (event.type === 'order') newOrder(notification, navigate, event);
    });
    source.addEventListener('changed', (m) => apply(queryClient, read(m)));
    source.addEventListener(STREAM_CONTROL.refetch, () => {
      for (const lists of Object.values(LISTS))
        for (const queryKey of lists) void queryClient.invalidateQueries({ queryKey });
    });
    // The session ended (signed out, disabled, credentials reset): asking for it again is refused,
    // and the console goes back to the sign-in saying why, as after any refused call.
    source.addEventListener(STREAM_CONTROL.sessionEnded, () => {
      source.close();
      void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
    });
    return () => source.close();
  }, [queryClient, notification, navigate]);
}
