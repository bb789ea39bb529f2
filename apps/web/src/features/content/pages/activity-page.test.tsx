import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSession } from '@/shared/session/session-store';
import { callsTo, ok, stubApi } from '@/test/fake-api';
import { currentPath, logIn, renderApp } from '@/test/render-app';
import { ACTIVITIES, ACTIVITY_TYPES } from '../test-fixtures';

const titles = () => screen.queryAllByTestId('activity-card').map((card) => card.textContent);

function activityServer() {
  return stubApi({
    '/api/activitytype': ok(ACTIVITY_TYPES),
    '/api/activitylist': (body) =>
      ok({ data: body.type === undefined ? ACTIVITIES : ACTIVITIES.filter((a) => a.type === body.type) }),
  });
}

describe('/activity', () => {
  it("shows the cards and the type tabs with the page's first render", async () => {
    activityServer();
    renderApp('/activity');

    let withThePage: { cards: number; typeTab: boolean } | undefined;
    await waitFor(() => {
      screen.getByTestId('activity-page');
      withThePage ??= { cards: titles().length, typeTab: screen.queryByText('日常活动') !== null };
    });
    expect(withThePage).toEqual({ cards: 4, typeTab: true });
  });

  it('shows 全部 and the server types; under 全部 综合 lists everything, 棋牌 and 捕鱼 their own', async () => {
    activityServer();
    const { user } = renderApp('/activity');

    await waitFor(() => expect(titles()).toHaveLength(4));
    expect(screen.getByRole('heading', { name: '优惠活动' })).toBeTruthy();
    for (const name of ['全部', '新人专享', '日常活动']) expect(screen.getByText(name)).toBeTruthy();
    const side = screen.getByRole('tablist', { name: '活动分类' });
    expect(
      within(side)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['综合', '棋牌', '捕鱼']);
    expect(within(side).getByRole('tab', { name: '综合' }).getAttribute('aria-selected')).toBe('true');

    await user.click(within(side).getByRole('tab', { name: '棋牌' }));
    expect(titles()).toEqual(['棋牌天天乐']);
    await user.click(within(side).getByRole('tab', { name: '捕鱼' }));
    expect(titles()).toEqual(['捕鱼王者挑战']);
    await user.click(within(side).getByRole('tab', { name: '综合' }));
    expect(titles()).toHaveLength(4);
  });

  it('a type tab lists that type from the server, without the left list', async () => {
    const calls = activityServer();
    const { user } = renderApp('/activity');
    await waitFor(() => expect(titles()).toHaveLength(4));

    await user.click(screen.getByText('日常活动'));
    await waitFor(() => expect(titles()).toEqual(['棋牌天天乐', '电子游戏周周返', '捕鱼王者挑战']));
    expect(screen.queryByRole('tablist', { name: '活动分类' })).toBeNull();
    expect(callsTo(calls, '/api/activitylist').map((c) => c.body)).toEqual([{}, { type: 2 }]);
  });

  it('shows each banner from its same-origin path and opens the detail on a tap', async () => {
    activityServer();
    const { user, router } = renderApp('/activity');
    await waitFor(() => expect(titles()).toHaveLength(4));

    const card = screen.getAllByTestId('activity-card')[1];
    expect(card?.querySelector('img')?.getAttribute('src')).toBe('/art/activities/2.svg');
    if (card) await user.click(card);
    await waitFor(() => expect(currentPath(router)).toBe('/activityInfo?id=2'));
  });

  it('领取记录 goes to the red packet', async () => {
    logIn();
    useSession.setState({
      appInfo: {
        title: '星云娱乐',
        site_state: 1,
        repair_tips: '',
        redpacket_switch: 1,
        index_modal: 0,
        webcontent: '',
        h5_url: '',
        ios_download_qrcode: '',
        ios_download_url: '',
      },
    });
    activityServer();
    const { user, router } = renderApp('/activity');
    await user.click(await screen.findByRole('button', { name: '领取记录' }));
    await waitFor(() => expect(currentPath(router)).toBe('/hongbao'));
  });
});
