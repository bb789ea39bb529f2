import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, ok, refuse, stubApi } from '@/test/fake-api';
import { logIn, renderApp, testUser } from '@/test/render-app';

const record = (n: number, state = 1, pay_kind?: 'usdt' | 'bank' | 'online') => ({
  out_trade_no: `T${String(n).padStart(6, '0')}`,
  amount: 100 + n,
  pay_way: 'USDT',
  state,
  created_at: '2026-01-01 12:00:00',
  ...(pay_kind ? { pay_kind } : {}),
});

/** `lastPage` pages of 2 records each. */
const pagedServer = (lastPage: number) =>
  stubApi({
    '/api/gettransrecord': (body) => {
      const page = Number(body.page);
      return ok({
        data: [record(page * 10 + 1), record(page * 10 + 2)],
        current_page: page,
        last_page: lastPage,
        total: lastPage * 2,
      });
    },
  });

const rows = () => screen.queryAllByTestId('trans-record');
/** Each record's state, as the words on its badge. */
const states = () => rows().map((r) => r.querySelector('[data-testid="trans-state"]')?.textContent);
const pagesAsked = (calls: ReturnType<typeof stubApi>) =>
  callsTo(calls, '/api/gettransrecord').map((c) => c.body.page);

describe('/transRecord', () => {
  it('loads deposits of the last 30 days page by page and stops at last_page', async () => {
    logIn();
    const calls = pagedServer(2);
    const { user } = renderApp('/transRecord');

    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(callsTo(calls, '/api/gettransrecord')[0]?.body).toEqual({ date: 4, type: 1, page: 1 });
    expect(screen.getByText('共 4 条')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(screen.getByText('没有更多了')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull();
    expect(pagesAsked(calls)).toEqual([1, 2]);
  });

  it('loads the next page when the end of the list scrolls into view, up to last_page', async () => {
    // Every observed end of list is in view at once, as on a tall screen.
    class InViewObserver {
      constructor(private readonly report: IntersectionObserverCallback) {}
      observe(target: Element) {
        queueMicrotask(() =>
          this.report(
            [{ isIntersecting: true, target } as IntersectionObserverEntry],
            this as unknown as IntersectionObserver,
          ),
        );
      }
      disconnect() {}
    }
    vi.stubGlobal('IntersectionObserver', InViewObserver);
    logIn();
    const calls = pagedServer(3);
    renderApp('/transRecord');

    await waitFor(() => expect(rows()).toHaveLength(6));
    await screen.findByText('没有更多了');
    expect(pagesAsked(calls)).toEqual([1, 2, 3]);
  });

  it('shows deposit and withdrawal states in words', async () => {
    logIn();
    stubApi({
      '/api/gettransrecord': ok({
        data: [record(1, 0), record(2, 1), record(3, 2), record(4, 3)],
        current_page: 1,
        last_page: 1,
        total: 4,
      }),
    });
    const { user } = renderApp('/transRecord');
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(states()).toEqual(['未定义', '待审核', '已通过', '已拒绝']);
    expect(within(rows()[0] as HTMLElement).getByText('+101.00')).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: '取款' }));
    await waitFor(() => expect(within(rows()[0] as HTMLElement).queryByText('-101.00')).toBeTruthy());
    expect(states()).toEqual(['未定义', '待审核', '已通过', '已拒绝']);
  });

  it('shows a cancelled or expired online deposit as 失败 and an unpaid one as 待支付, never 待审核', async () => {
    logIn();
    stubApi({
      '/api/gettransrecord': ok({
        data: [
          { ...record(1, 3, 'online'), pay_way: '支付宝' },
          { ...record(2, 1, 'online'), pay_way: '支付宝' },
          { ...record(3, 2, 'online'), pay_way: '微信' },
          { ...record(4, 1, 'bank'), pay_way: '银行卡' },
          { ...record(5, 3, 'usdt'), pay_way: 'USDT' },
        ],
        current_page: 1,
        last_page: 1,
        total: 5,
      }),
    });
    renderApp('/transRecord');
    await waitFor(() => expect(rows()).toHaveLength(5));
    // 待审核 only for what an operator decides; a refusal of the review stays 已拒绝.
    expect(states()).toEqual(['失败', '待支付', '已到账', '待审核', '已拒绝']);
  });

  it('shows transfer states in words on the 转入 and 转出 tabs', async () => {
    logIn();
    const calls = stubApi({
      '/api/gettransrecord': ok({
        data: [record(1, 0), record(2, 1), record(3, 2), record(4, 3)],
        current_page: 1,
        last_page: 1,
        total: 4,
      }),
    });
    const { user } = renderApp('/transRecord');
    await waitFor(() => expect(rows()).toHaveLength(4));

    await user.click(screen.getByRole('tab', { name: '转入' }));
    await waitFor(() => expect(screen.getByText('待结算')).toBeTruthy());
    expect(states()).toEqual(['失败', '成功', '待结算', '未定义']);
    expect(callsTo(calls, '/api/gettransrecord').at(-1)?.body).toEqual({ date: 4, type: 3, page: 1 });

    await user.click(screen.getByRole('tab', { name: '转出' }));
    await waitFor(() => expect(callsTo(calls, '/api/gettransrecord').at(-1)?.body.type).toBe(4));
    await waitFor(() => expect(screen.getByText('待结算')).toBeTruthy());
  });

  it("shows an agent's paid commissions on the 代理佣金 tab, a tab other players do not have", async () => {
    logIn({ ...testUser, isagent: 1 });
    const calls = stubApi({
      '/api/gettransrecord': ok({
        data: [{ ...record(1, 4), out_trade_no: 'AC7', pay_way: '2026-04 代理佣金' }],
        current_page: 1,
        last_page: 1,
        total: 1,
      }),
    });
    const { user, view } = renderApp('/transRecord');
    await waitFor(() => expect(rows()).toHaveLength(1));

    await user.click(screen.getByRole('tab', { name: '代理佣金' }));
    await waitFor(() =>
      expect(callsTo(calls, '/api/gettransrecord').at(-1)?.body).toEqual({ date: 4, type: 5, page: 1 }),
    );
    await waitFor(() => expect(states()).toEqual(['已发放']));
    const row = rows()[0] as HTMLElement;
    expect(within(row).getByText('+101.00')).toBeTruthy();
    expect(within(row).getByText('2026-04 代理佣金')).toBeTruthy();
    view.unmount();

    logIn({ ...testUser, isagent: 0 });
    renderApp('/transRecord');
    await waitFor(() => expect(screen.getByRole('tab', { name: '转出' })).toBeTruthy());
    expect(screen.queryByRole('tab', { name: '代理佣金' })).toBeNull();
  });

  it('asks again from page 1 with the chosen date filter', async () => {
    logIn();
    const calls = pagedServer(1);
    const { user } = renderApp('/transRecord');
    await waitFor(() => expect(rows()).toHaveLength(2));
    const filter = screen.getByRole('group', { name: '时间筛选' });
    expect(within(filter).getByRole('button', { name: '近30日' }).getAttribute('aria-pressed')).toBe('true');

    await user.click(within(filter).getByRole('button', { name: '今日' }));
    await waitFor(() =>
      expect(callsTo(calls, '/api/gettransrecord').at(-1)?.body).toEqual({ date: 1, type: 1, page: 1 }),
    );
    expect(within(filter).getByRole('button', { name: '今日' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('says 暂无记录 when there are none', async () => {
    logIn();
    stubApi({ '/api/gettransrecord': ok({ data: [], current_page: 1, last_page: 1, total: 0 }) });
    renderApp('/transRecord');
    expect(await screen.findByText('暂无记录')).toBeTruthy();
    expect(screen.queryByText('没有更多了')).toBeNull();
  });

  it('offers to load again after a failure', async () => {
    logIn();
    let fail = true;
    stubApi({
      '/api/gettransrecord': () =>
        fail
          ? refuse('服务器繁忙，请稍后再试', 500)
          : ok({ data: [record(1)], current_page: 1, last_page: 1, total: 1 }),
    });
    const { user } = renderApp('/transRecord');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('记录加载失败');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: '重新加载' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });
});
