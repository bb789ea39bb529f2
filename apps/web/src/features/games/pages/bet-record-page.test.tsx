import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, ok, stubApi } from '@/test/fake-api';
import { currentPath, logIn, renderApp } from '@/test/render-app';

const bet = (n: number, status = 1, winLoss = 0) => ({
  bet_id: `B${String(n).padStart(6, '0')}`,
  bet_amount: 10,
  win_loss: winLoss,
  Code: 'obgdy001',
  status,
  created_at: '2026-01-01 12:00:00',
  platform_name: 'OB电子',
  game_name: '财神到',
});

/** `lastPage` pages of 2 bets each. */
const pagedServer = (lastPage: number) =>
  stubApi({
    '/api/betrecord': (body) => {
      const page = Number(body.page);
      return ok({
        data: [bet(page * 10 + 1), bet(page * 10 + 2)],
        current_page: page,
        last_page: lastPage,
        total: lastPage * 2,
      });
    },
  });

const rows = () => screen.queryAllByTestId('bet-record');
const pagesAsked = (calls: ReturnType<typeof stubApi>) =>
  callsTo(calls, '/api/betrecord').map((c) => c.body.page);

describe('/betRecord', () => {
  it('sends a visitor to log in first', async () => {
    const { router } = renderApp('/betRecord');
    await waitFor(() => expect(currentPath(router)).toBe('/login?redirect=%2FbetRecord'));
  });

  it('shows each bet with its status in words and its win or loss', async () => {
    logIn();
    stubApi({
      '/api/betrecord': ok({
        data: [bet(1, 0, 0), bet(2, 1, 12.5), bet(3, 2, 0), bet(4, 1, -10)],
        current_page: 1,
        last_page: 1,
        total: 4,
      }),
    });
    renderApp('/betRecord');

    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(screen.getByRole('heading', { name: '投注记录' })).toBeTruthy();
    expect(screen.getAllByTestId('bet-status').map((s) => s.textContent)).toEqual([
      '无效注单',
      '已结算',
      '未结算',
      '已结算',
    ]);
    const winLoss = screen.getAllByTestId('bet-win-loss');
    expect(winLoss.map((w) => w.textContent)).toEqual(['0.00', '+12.50', '0.00', '-10.00']);
    expect(winLoss[1]?.className).toContain('win');
    expect(winLoss[3]?.className).toContain('loss');
    expect(rows()[1]?.textContent).toContain('财神到');
    expect(rows()[1]?.textContent).toContain('OB电子');
    expect(rows()[1]?.textContent).toContain('B000002');
  });

  it('asks for every platform over the last 30 days, then another date filter from page 1', async () => {
    logIn();
    const calls = pagedServer(1);
    const { user } = renderApp('/betRecord');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(callsTo(calls, '/api/betrecord')[0]?.body).toEqual({ date: 4, page: 1, api_type: '' });
    expect(screen.getByRole('button', { name: '近30日' }).getAttribute('aria-pressed')).toBe('true');

    await user.click(screen.getByRole('button', { name: '今日' }));
    await waitFor(() => expect(callsTo(calls, '/api/betrecord')).toHaveLength(2));
    expect(callsTo(calls, '/api/betrecord')[1]?.body).toEqual({ date: 1, page: 1, api_type: '' });
  });

  it('loads page by page as the end of the list comes into view and stops at last_page', async () => {
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
    renderApp('/betRecord');

    await waitFor(() => expect(rows()).toHaveLength(6));
    await screen.findByText('没有更多了');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(pagesAsked(calls)).toEqual([1, 2, 3]);
  });
});
