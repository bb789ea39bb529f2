import type { OperatorEvent } from '@app/contract/events';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROUTES } from '@/shared/routes/table';
import { fakeApi, pageOfRows, renderRoutes, sessionOf } from '@/test/console';
import { PAGES } from './pages';
import { consoleRoutes } from './routes';

/**
 * A stand-in for the browser's EventSource, which jsdom lacks: it records the streams the console
 * opens, and a test delivers frames to them as the server would.
 */
class StreamStandIn extends EventTarget {
  static opened: StreamStandIn[] = [];
  closed = false;

  constructor(readonly url: string) {
    super();
    StreamStandIn.opened.push(this);
  }

  close(): void {
    this.closed = true;
  }

  static deliver(type: string, data: OperatorEvent | object): void {
    const open = StreamStandIn.opened.filter((s) => !s.closed);
    act(() => {
      for (const s of open) s.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
    });
  }
}

const routes = consoleRoutes(ROUTES, PAGES);
const countOf = (asked: URL[], path: string) =>
  asked.filter((u) => u.pathname === `/admin/api${path}`).length;
const menuEntry = (label: string) =>
  within(screen.getByRole('menu')).getByRole('link', { name: new RegExp(label) });

beforeEach(() => {
  StreamStandIn.opened = [];
  localStorage.clear();
});
afterEach(cleanup);

// A page's first render with antd is slow on a busy machine.
describe('the live console', { timeout: 180_000 }, () => {
  it('announces a new order with a notification and a menu badge, and refetches the open queue when another operator changes it; 去审核 opens the queue', async () => {
    vi.stubGlobal('EventSource', StreamStandIn);
    const asked = fakeApi({
      '/review/withdrawals': () => pageOfRows([]),
      '/review/deposits': () => pageOfRows([]),
    });
    renderRoutes(routes, '/money/withdrawals');
    await screen.findByRole('menu');
    await waitFor(() => expect(countOf(asked, '/review/withdrawals')).toBe(1), { timeout: 10_000 });
    expect(StreamStandIn.opened.map((s) => s.url)).toEqual(['/admin/api/events']);

    StreamStandIn.deliver('changed', { type: 'changed', area: 'withdrawal', order_no: 'W2026030100007' });
    await waitFor(() => expect(countOf(asked, '/review/withdrawals')).toBe(2), { timeout: 10_000 });

    StreamStandIn.deliver('order', {
      type: 'order',
      area: 'deposit',
      order_no: 'D2026030100042',
      amount: '150.00',
    });
    expect(await screen.findByText('新充值订单', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('D2026030100042')).toBeTruthy();
    expect(screen.getByText(/金额 \$150\.00/)).toBeTruthy();
    expect(within(menuEntry('充值审核')).getByTitle('1 笔新订单')).toBeTruthy();

    // 去审核 opens the deposit queue, and its badge is cleared.
    fireEvent.click(screen.getByRole('link', { name: '去审核' }));
    // The deposit queue's page loads on demand: slow on a busy machine.
    await waitFor(() => expect(countOf(asked, '/review/deposits')).toBe(1), { timeout: 30_000 });
    await waitFor(() => expect(within(menuEntry('充值审核')).queryByTitle('1 笔新订单')).toBeNull());
  });

  it('remembers the new-order sound switched off in this browser', async () => {
    vi.stubGlobal('EventSource', StreamStandIn);
    fakeApi({});
    renderRoutes(routes, '/');
    const sound = await screen.findByRole('switch', { name: '新订单提示音' });
    expect(sound.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(sound);
    await waitFor(() => expect(sound.getAttribute('aria-checked')).toBe('false'));
    cleanup();

    renderRoutes(routes, '/');
    const again = await screen.findByRole('switch', { name: '新订单提示音' });
    expect(again.getAttribute('aria-checked')).toBe('false');
  });

  it('asks for its session again when the stream says it ended, and closes the stream', async () => {
    vi.stubGlobal('EventSource', StreamStandIn);
    let signedIn = true;
    const asked = fakeApi({
      '/auth/me': () =>
        signedIn ? sessionOf('finance') : Response.json({ code: 401, message: '请先登录' }, { status: 401 }),
    });
    renderRoutes(routes, '/');
    await screen.findByRole('menu');
    const before = countOf(asked, '/auth/me');
    signedIn = false;
    StreamStandIn.deliver('session', {});
    await waitFor(() => expect(countOf(asked, '/auth/me')).toBe(before + 1));
    expect(StreamStandIn.opened.every((s) => s.closed)).toBe(true);
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });
});
