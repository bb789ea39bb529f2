import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, pageOfRows, renderPage } from '@/test/console';
import { DepositReviewPage } from './review-queue-page';

const order = {
  order_no: 'D202603010001',
  player_id: 12,
  username: 'player12',
  channel_kind: '银行卡',
  reviewable: 1,
  channel: '银行卡',
  amount: 500,
  state: 1,
  gateway_status: '',
  depositor: '张三 工商银行',
  created_at: '2026-03-01 10:00:00',
  claimed_by: '',
  claimed_until: '',
  decided_by: '',
  note: '',
};

// A page's first render with antd is slow on a busy machine; a test here renders, filters and opens a dialog.
describe('the deposit review queue', { timeout: 60_000 }, () => {
  it('asks for the filtered queue a bookmarked URL holds, and shows its orders', async () => {
    const asked = fakeApi({ '/review/deposits': () => pageOfRows([order]) });
    renderPage(<DepositReviewPage />, '/money/deposits?state=0&channel=bank&player=player12&sort=amount');
    expect(await screen.findByText('D202603010001')).toBeTruthy();
    expect(screen.getByText('张三 工商银行')).toBeTruthy();
    const queue = asked.find((u) => u.pathname === '/admin/api/review/deposits');
    expect(Object.fromEntries(queue?.searchParams ?? [])).toMatchObject({
      state: '0',
      channel: 'bank',
      player: 'player12',
      sort: 'amount',
      page: '1',
    });
    await waitFor(() => expect(screen.getByLabelText('充值审核筛选条件').textContent).toContain('全部状态'));
    expect((screen.getByPlaceholderText('用户名') as HTMLInputElement).value).toBe('player12');
  });
});
