import { MSG } from '@app/contract/messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { GAME_LIST_STORAGE_KEY } from '@/shared/games/get-game-list';
import { expectToast, ok, stubApi } from '@/test/fake-api';
import { GAMES, game } from '@/test/game-fixtures';
import { currentPath, logIn, renderApp } from '@/test/render-app';

const categories = () => screen.getByRole('tablist', { name: '游戏分类' });
const tileNames = () => screen.queryAllByTestId('game-tile').map((tile) => tile.textContent);

describe('home games', () => {
  it('lists the seven categories, hot first, and filters the hot tabs and each category', async () => {
    stubApi({ '/api/game/list': ok(GAMES) });
    const { user } = renderApp('/');

    await waitFor(() => expect(tileNames()).toEqual(['财神到', '百家乐', '捕鱼王']));
    expect(
      within(categories())
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['热门', '电子', '真人', '电竞', '棋牌', '彩票', '体育']);
    const hotTabs = screen.getByRole('tablist', { name: '热门' });
    expect(
      within(hotTabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['热门', '推荐', '捕鱼']);

    await user.click(within(hotTabs).getByRole('tab', { name: '推荐' }));
    expect(tileNames()).toEqual(['水果派对', '龙虎斗']);
    await user.click(within(hotTabs).getByRole('tab', { name: '捕鱼' }));
    expect(tileNames()).toEqual(['捕鱼王', 'Fishing Joy']);

    const expected: Record<string, string[]> = {
      电子: ['财神到', '水果派对'],
      真人: ['百家乐', '龙虎斗'],
      电竞: ['英雄联盟'],
      棋牌: ['斗地主'],
      彩票: ['时时彩'],
      体育: ['足球'],
    };
    for (const [name, games] of Object.entries(expected)) {
      await user.click(within(categories()).getByRole('tab', { name }));
      expect(within(categories()).getByRole('tab', { name }).getAttribute('aria-selected')).toBe('true');
      expect(tileNames()).toEqual(games);
      expect(screen.queryByRole('tablist', { name: '热门' })).toBeNull();
    }
  });

  it('shows the list kept from the last visit at once and keeps it when the server says it is unchanged', async () => {
    localStorage.setItem(GAME_LIST_STORAGE_KEY, JSON.stringify({ etag: '"v1"', games: GAMES }));
    const asked: (string | null)[] = [];
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        if (!url.startsWith('/api/game/list')) throw new TypeError('Failed to fetch');
        asked.push(new Headers(init.headers).get('If-None-Match'));
        await answered;
        return new Response(null, { status: 304, headers: { ETag: '"v1"' } });
      }),
    );
    renderApp('/');

    // Before the server has answered.
    await waitFor(() => expect(tileNames()).toEqual(['财神到', '百家乐', '捕鱼王']));
    await waitFor(() => expect(asked).toEqual(['"v1"']));
    answer();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(tileNames()).toEqual(['财神到', '百家乐', '捕鱼王']);
    expect(JSON.parse(localStorage.getItem(GAME_LIST_STORAGE_KEY) ?? '{}').etag).toBe('"v1"');
  });

  it('replaces the kept list with a changed one and keeps the new one with its ETag', async () => {
    localStorage.setItem(GAME_LIST_STORAGE_KEY, JSON.stringify({ etag: '"v1"', games: GAMES }));
    const fresh = [game({ name: '新游戏', game_code: 'fresh', is_hot: 1 })];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (!url.startsWith('/api/game/list')) throw new TypeError('Failed to fetch');
        return new Response(JSON.stringify({ code: 200, message: 'ok', data: fresh }), {
          status: 200,
          headers: { 'Content-Type': 'application/json', ETag: '"v2"' },
        });
      }),
    );
    renderApp('/');

    await waitFor(() => expect(tileNames()).toEqual(['新游戏']));
    expect(JSON.parse(localStorage.getItem(GAME_LIST_STORAGE_KEY) ?? '{}')).toEqual({
      etag: '"v2"',
      games: fresh,
    });
  });

  it('loads a picture when it comes within 1.3 screens, tries it twice, then shows a placeholder', async () => {
    const observers: FakeObserver[] = [];
    class FakeObserver {
      targets: Element[] = [];
      constructor(
        readonly callback: IntersectionObserverCallback,
        readonly options: IntersectionObserverInit = {},
      ) {
        observers.push(this);
      }
      observe(target: Element) {
        this.targets.push(target);
      }
      disconnect() {
        this.targets = [];
      }
      unobserve() {}
      comeNear() {
        const entries = this.targets.map((target) => ({ isIntersecting: true, target }));
        this.callback(entries as IntersectionObserverEntry[], this as unknown as IntersectionObserver);
      }
    }
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    stubApi({ '/api/game/list': ok([game({ name: '财神到', game_code: 'caishen', is_hot: 1 })]) });
    renderApp('/');

    const tile = await screen.findByTestId('game-tile');
    expect(tile.querySelector('img')).toBeNull();
    const observer = observers.find((o) => o.targets.some((t) => tile.contains(t)));
    expect(observer?.options.rootMargin).toBe('130% 0px');

    observer?.comeNear();
    const first = await waitFor(() => {
      const img = tile.querySelector('img');
      expect(img?.getAttribute('src')).toBe('/games/caishen.svg');
      return img as HTMLImageElement;
    });
    fireEvent.error(first);
    const second = tile.querySelector('img');
    expect(second).not.toBe(first);
    expect(second?.getAttribute('src')).toBe('/games/caishen.svg');
    expect(within(tile).queryByTestId('image-placeholder')).toBeNull();

    fireEvent.error(second as HTMLImageElement);
    expect(tile.querySelector('img')).toBeNull();
    expect(within(tile).getByTestId('image-placeholder')).toBeTruthy();
    expect(tile.textContent).toBe('财神到');
  });

  it('asks a visitor to log in when a game is tapped', async () => {
    stubApi({ '/api/game/list': ok(GAMES) });
    const { user, router } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: '百家乐' }));
    await expectToast(MSG.pleaseLogin);
    expect(currentPath(router)).toBe('/');
  });

  it('opens a tapped game on the game page with its platform, type and code', async () => {
    logIn();
    stubApi({ '/api/game/list': ok(GAMES) });
    const { user, router } = renderApp('/');
    await user.click(await screen.findByRole('tab', { name: '真人' }));
    await user.click(await screen.findByRole('button', { name: '百家乐' }));
    await waitFor(() => expect(currentPath(router)).toBe('/gamePage?name=ag&type=0&code=baccarat'));
  });
});
