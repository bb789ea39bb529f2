import { MSG } from '@app/contract/messages';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GAME_LIST_STORAGE_KEY } from '@/shared/games/get-game-list';
import { expectToast, ok, stubApi } from '@/test/fake-api';
import { GAMES } from '@/test/game-fixtures';
import { currentPath, logIn, renderApp } from '@/test/render-app';
import { searchGames } from './search-page';

const resultNames = () => screen.queryAllByTestId('search-result').map((row) => row.textContent);

describe('/search', () => {
  it('finds games by name, trimmed and case-insensitive; an empty keyword shows nothing', () => {
    expect(searchGames(GAMES, '  fishing JOY ').map((g) => g.name)).toEqual(['Fishing Joy']);
    expect(searchGames(GAMES, '捕鱼').map((g) => g.name)).toEqual(['捕鱼王']);
    expect(searchGames(GAMES, '   ')).toEqual([]);
    expect(searchGames(GAMES, '')).toEqual([]);
  });

  it('filters the game list kept on this device as the player types', async () => {
    localStorage.setItem(GAME_LIST_STORAGE_KEY, JSON.stringify({ etag: '"v1"', games: GAMES }));
    stubApi({});
    const { user } = renderApp('/search');
    const box = await screen.findByPlaceholderText('请输入关键词搜索');
    expect(screen.getByRole('heading', { name: '搜索' })).toBeTruthy();
    expect(resultNames()).toEqual([]);

    await user.type(box, '  FISH');
    expect(resultNames()).toEqual(['Fishing Joy']);
    const logo = screen.getByTestId('search-result').querySelector('img');
    expect(logo?.getAttribute('src')).toBe('/games/fishjoy-logo.svg');

    await user.clear(box);
    await user.type(box, '斗');
    expect(resultNames()).toEqual(['龙虎斗', '斗地主']);

    await user.clear(box);
    await user.type(box, '   ');
    expect(resultNames()).toEqual([]);
    expect(screen.queryByText('没有找到相关游戏')).toBeNull();

    await user.type(box, 'xyz');
    expect(screen.getByText('没有找到相关游戏')).toBeTruthy();
  });

  it('loads the game list when none is kept, and asks a visitor to log in when a result is tapped', async () => {
    stubApi({ '/api/game/list': ok(GAMES) });
    const { user, router } = renderApp('/search');
    await user.type(await screen.findByPlaceholderText('请输入关键词搜索'), '百家');
    await waitFor(() => expect(resultNames()).toEqual(['百家乐']));

    await user.click(screen.getByRole('button', { name: '百家乐' }));
    await expectToast(MSG.pleaseLogin);
    expect(currentPath(router)).toBe('/search');
  });

  it('opens a tapped result on the game page for a player', async () => {
    logIn();
    stubApi({ '/api/game/list': ok(GAMES) });
    const { user, router } = renderApp('/search');
    await user.type(await screen.findByPlaceholderText('请输入关键词搜索'), 'fishing');
    await user.click(await screen.findByRole('button', { name: 'Fishing Joy' }));
    await waitFor(() => expect(currentPath(router)).toBe('/gamePage?name=jdb&type=6&code=fishjoy'));
  });
});
