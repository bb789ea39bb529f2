import { MSG } from '@app/contract/messages';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, expectToast, ok, stubApi } from '@/test/fake-api';
import { currentPath, logIn, renderApp } from '@/test/render-app';

const conciseGame = (catecode: string, gamecode: string, gamename: string) => ({
  catecode,
  gamecode,
  gamepic: `/games/${gamecode}.svg`,
  gamename,
});

const LISTS: Record<string, ReturnType<typeof conciseGame>[]> = {
  obgdy: [conciseGame('obgdy', 'ob-fortune', '财富之门'), conciseGame('obgdy', 'ob-dragon', '龙之宝藏')],
  fgdz: [conciseGame('fgdz', 'fg-fruit', '水果机')],
  pp: [conciseGame('pp', 'pp-bonanza', 'Sweet Bonanza')],
  ae: [conciseGame('ae', 'ae-lucky', '幸运777')],
};

const tileNames = () => screen.queryAllByTestId('game-tile').map((tile) => tile.textContent);
const stubLists = () => stubApi({ '/api/gamelistBycode': (body) => ok(LISTS[String(body.gamecode)] ?? []) });

describe('/concise', () => {
  it('opens on OB电子 and fetches each tab once, keeping what it fetched', async () => {
    const calls = stubLists();
    const { user } = renderApp('/concise');

    await waitFor(() => expect(tileNames()).toEqual(['财富之门', '龙之宝藏']));
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'OB电子',
      'FG电子',
      'PP电子',
      'AE电子',
    ]);
    expect(screen.getByRole('tab', { name: 'OB电子' }).getAttribute('aria-selected')).toBe('true');

    await user.click(screen.getByRole('tab', { name: 'PP电子' }));
    await waitFor(() => expect(tileNames()).toEqual(['Sweet Bonanza']));
    await user.click(screen.getByRole('tab', { name: 'OB电子' }));
    expect(tileNames()).toEqual(['财富之门', '龙之宝藏']);
    await user.click(screen.getByRole('tab', { name: 'PP电子' }));
    expect(tileNames()).toEqual(['Sweet Bonanza']);

    expect(callsTo(calls, '/api/gamelistBycode').map((c) => c.body)).toEqual([
      { gamecode: 'obgdy' },
      { gamecode: 'pp' },
    ]);
  });

  it('opens on the tab the query type names and keeps the chosen tab in the query', async () => {
    const calls = stubLists();
    const { user, router } = renderApp('/concise?type=ae');

    await waitFor(() => expect(tileNames()).toEqual(['幸运777']));
    expect(screen.getByRole('tab', { name: 'AE电子' }).getAttribute('aria-selected')).toBe('true');
    expect(callsTo(calls, '/api/gamelistBycode').map((c) => c.body)).toEqual([{ gamecode: 'ae' }]);

    await user.click(screen.getByRole('tab', { name: 'FG电子' }));
    await waitFor(() => expect(tileNames()).toEqual(['水果机']));
    expect(currentPath(router)).toBe('/concise?type=fgdz');
  });

  it('asks a visitor to log in when a game is tapped', async () => {
    stubLists();
    const { user, router } = renderApp('/concise?type=pp');
    await user.click(await screen.findByRole('button', { name: 'Sweet Bonanza' }));
    await expectToast(MSG.pleaseLogin);
    expect(currentPath(router)).toBe('/concise?type=pp');
  });

  it('opens a tapped game on the game page for a player', async () => {
    logIn();
    stubLists();
    const { user, router } = renderApp('/concise?type=pp');
    await user.click(await screen.findByRole('button', { name: 'Sweet Bonanza' }));
    await waitFor(() => expect(currentPath(router)).toBe('/gamePage?name=pp&type=4&code=pp-bonanza'));
  });
});
