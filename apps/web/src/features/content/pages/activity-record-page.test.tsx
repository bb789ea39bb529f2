import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, ok, stubApi } from '@/test/fake-api';
import { logIn, renderApp } from '@/test/render-app';

const application = (id: number, state: number) => ({
  id,
  activity_name: `活动${id}`,
  created_at: '2026-01-03 09:00:00',
  state,
});

const rows = () => screen.queryAllByTestId('activity-application');
const states = () => rows().map((row) => row.querySelector('[data-testid="application-state"]')?.textContent);

describe('/activityRecord', () => {
  it('lists the applications with their states in words, page by page to last_page, without a date filter', async () => {
    logIn();
    const calls = stubApi({
      '/api/activityApplyLog': (body) =>
        body.page === 1
          ? ok({ data: [application(3, 1), application(2, 2)], current_page: 1, last_page: 2, total: 4 })
          : ok({ data: [application(1, 3), application(0, 4)], current_page: 2, last_page: 2, total: 4 }),
    });
    const { user } = renderApp('/activityRecord');

    await waitFor(() => expect(states()).toEqual(['待审核', '已通过']));
    expect(rows()[0]?.textContent).toContain('活动3');
    expect(rows()[0]?.textContent).toContain('2026-01-03 09:00:00');
    expect(screen.queryByRole('group', { name: '时间筛选' })).toBeNull();
    expect(screen.queryByText('近30日')).toBeNull();

    await user.click(screen.getByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(states()).toEqual(['待审核', '已通过', '已拒绝', '未知状态']));
    expect(screen.getByText('没有更多了')).toBeTruthy();
    expect(callsTo(calls, '/api/activityApplyLog').map((c) => c.body)).toEqual([{ page: 1 }, { page: 2 }]);
  });

  it('says when there are none', async () => {
    logIn();
    stubApi({ '/api/activityApplyLog': ok({ data: [], current_page: 1, last_page: 1, total: 0 }) });
    renderApp('/activityRecord');
    expect(await screen.findByText('暂无申请记录')).toBeTruthy();
    expect(screen.queryByText('换个时间范围看看')).toBeNull();
  });
});
