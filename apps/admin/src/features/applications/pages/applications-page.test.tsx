import { pageOf } from '@app/contract/admin/fields';
import { rowSchema } from '@app/contract/admin/players';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, pageOfRows, renderPage, shapedBy } from '@/test/console';
import { ActivityApplicationsPage } from './applications-page';

const applications = shapedBy(
  pageOf(rowSchema),
  pageOfRows([
    {
      id: 5,
      username: 'player12',
      activity: '首充加赠',
      bonus: 0,
      state: 1,
      created_at: '2026-03-01 10:00:00',
      reviewed_at: '',
      reviewed_by: '',
      note: '',
    },
  ]),
);

// A page's first render with antd is slow on a busy machine; the test renders once, filters and decides.
// Buttons are found by their text: a query by role walks antd's whole tree each time.
describe('the activity applications', { timeout: 60_000 }, () => {
  it('lists the queue, filters by player in the request and the URL, and asks a reason before rejecting', async () => {
    const decided: unknown[] = [];
    const asked = fakeApi({
      '/applications/activities': () => applications,
      '/applications/activities/5/decide': (_url, body) => decided.push(body),
    });
    const router = renderPage(<ActivityApplicationsPage />, '/operations/activity-applications');
    expect(await screen.findByText('首充加赠')).toBeTruthy();
    expect(
      asked.find((u) => u.pathname === '/admin/api/applications/activities')?.searchParams.get('state'),
    ).toBe('1');

    fireEvent.change(screen.getByPlaceholderText('用户名'), { target: { value: ' player12 ' } });
    fireEvent.click(screen.getByText(/查\s*询/));
    await waitFor(() => expect(router.state.location.search).toBe('?state=1&player=player12'));
    await waitFor(() =>
      expect(
        asked
          .filter((u) => u.pathname === '/admin/api/applications/activities')
          .at(-1)
          ?.searchParams.get('player'),
      ).toBe('player12'),
    );

    const row = (await screen.findByText('首充加赠')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByText(/拒\s*绝/));
    expect(await screen.findByText(/player12 申请「首充加赠」：拒绝后/)).toBeTruthy();
    fireEvent.click(screen.getByText('下一步'));
    expect(await screen.findByText('请填写操作原因（2-200字）')).toBeTruthy();
    expect(decided).toEqual([]);

    fireEvent.change(screen.getByLabelText('操作原因'), { target: { value: '不符合活动条件' } });
    fireEvent.click(screen.getByText('下一步'));
    fireEvent.click(await screen.findByText('确认拒绝活动申请'));
    await waitFor(() => expect(decided).toEqual([{ decision: 'reject', note: '不符合活动条件' }]));
  });
});
