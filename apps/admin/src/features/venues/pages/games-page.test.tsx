import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, pageOfRows, renderPage } from '@/test/console';
import { GamesPage } from './games-page';

const game = (id: number, name: string, sort: number, hot: 0 | 1) => ({
  id,
  venue: 'ag',
  venue_name: 'AG视讯',
  game_code: `AG${id}`,
  name,
  category: 'realbet',
  category_name: '真人',
  app_state: 1,
  is_hot: hot,
  is_new: 0,
  sort,
});

// A page's first render with antd is slow on a busy machine; a test here renders, filters and opens a dialog.
describe('the game list', { timeout: 60_000 }, () => {
  it("asks for a bookmarked URL's filter, and a game's settings open with that game's values", async () => {
    const asked = fakeApi({
      '/venues': () => [],
      '/games': () => pageOfRows([game(1, '百家乐', 3, 1), game(2, '龙虎', 8, 0)]),
    });
    renderPage(<GamesPage />, '/platform/games?q=%E9%BE%99&app_state=1');
    expect(await screen.findByText('百家乐')).toBeTruthy();
    const games = asked.find((u) => u.pathname === '/admin/api/games');
    expect(games?.searchParams.get('q')).toBe('龙');
    expect(games?.searchParams.get('app_state')).toBe('1');
    expect((screen.getByPlaceholderText('名称或代码') as HTMLInputElement).value).toBe('龙');

    const row = screen.getByText('龙虎').closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: /设\s*置/ }));
    expect(await screen.findByText(/龙虎（AG2）/)).toBeTruthy();
    expect((screen.getByLabelText('排序（越小越靠前）') as HTMLInputElement).value).toBe('8');
    expect(screen.getByRole('switch', { name: '热门' }).getAttribute('aria-checked')).toBe('false');
  });
});
