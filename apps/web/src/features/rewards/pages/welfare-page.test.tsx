import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, ok, stubApi } from '@/test/fake-api';
import { currentPath, logIn, renderApp } from '@/test/render-app';

const record = (n: number) => ({
  money: 200,
  redpacketmoney: n + 0.5,
  created_at: `2026-01-${String(n).padStart(2, '0')} 10:30:00`,
  usetime: `2026-01-${String(n).padStart(2, '0')} 10:30:00`,
});

/** `lastPage` pages of 2 grabs each. */
const pagedServer = (lastPage: number) =>
  stubApi({
    '/api/redpacket': (body) => {
      const page = Number(body.page);
      return ok({
        data: [record(page * 2 - 1), record(page * 2)],
        current_page: page,
        last_page: lastPage,
        total: lastPage * 2,
      });
    },
  });

const rows = () => screen.queryAllByTestId('red-packet-record');

describe('/welfare', () => {
  it('loads the grabs page by page to last_page, without a date filter', async () => {
    logIn();
    const calls = pagedServer(2);
    const { user } = renderApp('/welfare');

    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(callsTo(calls, '/api/redpacket')[0]?.body).toEqual({ page: 1 });
    expect(screen.queryByRole('group', { name: '时间筛选' })).toBeNull();
    expect(screen.getByText('共 4 条')).toBeTruthy();
    const first = within(rows()[0] as HTMLElement);
    expect(first.getByTestId('red-packet-amount').textContent).toBe('+1.50');
    expect(first.getByText('统计存款 200.00')).toBeTruthy();
    expect(first.getByText('2026-01-01 10:30:00')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(screen.getByText('没有更多了')).toBeTruthy();
    expect(callsTo(calls, '/api/redpacket').map((c) => c.body.page)).toEqual([1, 2]);
  });

  it('says 暂无记录 without grabs, and leads to /hongbao', async () => {
    logIn();
    stubApi({ '/api/redpacket': ok({ data: [], current_page: 1, last_page: 1, total: 0 }) });
    const { user, router } = renderApp('/welfare');
    expect(await screen.findByText('暂无记录')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '去抢红包' }));
    await waitFor(() => expect(currentPath(router)).toBe('/hongbao'));
  });

  it('asks a logged-out player to log in first', async () => {
    const { router } = renderApp('/welfare');
    await screen.findByRole('form', { name: '登录' });
    expect(currentPath(router)).toBe('/login?redirect=%2Fwelfare');
  });
});
