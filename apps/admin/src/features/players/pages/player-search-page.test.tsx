import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, pageOfRows, renderPage } from '@/test/console';
import { PlayerSearchPage } from './player-search-page';

const player = {
  id: 12,
  username: 'player12',
  realname: '李四',
  mobile: '138****0000',
  vip: 2,
  is_agent: 0,
  status: 1,
  balance: 120.5,
  created_at: '2026-03-01 10:00:00',
  last_login_at: '2026-03-02 10:00:00',
};

// A page's first render with antd is slow on a busy machine; a test here renders, filters and opens a dialog.
describe('the player search', { timeout: 60_000 }, () => {
  it('lists the players the server answers; a search goes into the request and the URL, 重置 clears both', async () => {
    const asked = fakeApi({ '/players': () => pageOfRows([player]) });
    const router = renderPage(<PlayerSearchPage />, '/players');
    expect(await screen.findByText('李四')).toBeTruthy();

    fireEvent.change(screen.getByPlaceholderText('输入关键词，留空列出全部'), {
      target: { value: 'player1' },
    });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(router.state.location.search).toContain('q=player1'));
    await waitFor(() => expect(asked.at(-1)?.searchParams.get('q')).toBe('player1'));

    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect((screen.getByPlaceholderText('输入关键词，留空列出全部') as HTMLInputElement).value).toBe('');
  });
});
