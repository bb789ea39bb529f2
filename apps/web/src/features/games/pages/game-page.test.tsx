import { MSG } from '@app/contract/messages';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { leaveApp } from '@/shared/navigation/leave-app';
import { useSession } from '@/shared/session/session-store';
import { callsTo, expectToast, ok, refuse, stubApi } from '@/test/fake-api';
import { currentPath, logIn, renderApp, testUser } from '@/test/render-app';

vi.mock('@/shared/navigation/leave-app', () => ({ leaveApp: vi.fn() }));

const LAUNCH = '/gamePage?name=pp&type=4&code=pp-bonanza';

/** The app at `from`, then the game page opened from there (as a tile's tap does). */
async function openFrom(from: string, to = LAUNCH) {
  const app = renderApp(from);
  await screen.findByRole('heading');
  await app.router.navigate(to);
  return app;
}

describe('/gamePage', () => {
  afterEach(() => vi.mocked(leaveApp).mockClear());

  it('says 请登录！ to a visitor and goes back without asking for the game', async () => {
    const calls = stubApi({ '/api/getGameUrl': ok({ url: '/venue/demo/play/x' }) });
    const { router } = await openFrom('/concise');
    await expectToast(MSG.pleaseLogin);
    await waitFor(() => expect(currentPath(router)).toBe('/concise'));
    expect(callsTo(calls, '/api/getGameUrl')).toEqual([]);
    expect(leaveApp).not.toHaveBeenCalled();
  });

  it('asks for the game address with the query and leaves the app for it', async () => {
    logIn();
    const calls = stubApi({ '/api/getGameUrl': ok({ url: '/venue/demo/play/t0k3n' }) });
    renderApp(LAUNCH);
    expect(await screen.findByText('正在进入游戏...')).toBeTruthy();
    await waitFor(() => expect(leaveApp).toHaveBeenCalledWith('/venue/demo/play/t0k3n'));
    expect(callsTo(calls, '/api/getGameUrl').map((c) => c.body)).toEqual([
      { plat_name: 'pp', game_type: '4', game_code: 'pp-bonanza', is_mobile_url: 1 },
    ]);
  });

  it('shows the refusal and goes back to the page it was opened from', async () => {
    logIn();
    stubApi({ '/api/getGameUrl': refuse('该游戏维护中') });
    const { router } = await openFrom('/search');
    await expectToast('该游戏维护中');
    await waitFor(() => expect(currentPath(router)).toBe('/search'));
    expect(leaveApp).not.toHaveBeenCalled();
  });

  it('goes back instead of launching again when the player returns to it from the game', async () => {
    logIn();
    const calls = stubApi({ '/api/getGameUrl': ok({ url: '/venue/demo/play/t0k3n' }) });
    const { router } = await openFrom('/concise');
    await waitFor(() => expect(leaveApp).toHaveBeenCalledTimes(1));

    // The game's page, then the browser's back onto the game page's history entry.
    await router.navigate('/money');
    await screen.findByRole('heading', { name: '我的钱包' });
    await router.navigate(-1);
    await waitFor(() => expect(currentPath(router)).toBe('/concise'));
    expect(callsTo(calls, '/api/getGameUrl')).toHaveLength(1);
    expect(leaveApp).toHaveBeenCalledTimes(1);
  });

  it('opens the agent login page for dailiD=1', async () => {
    logIn({ ...testUser, isagent: 1 });
    stubApi({ '/api/getAgentLoginUrl': ok({ url: 'https://agent.example/login?t=1' }) });
    renderApp('/gamePage?dailiD=1');
    await waitFor(() => expect(leaveApp).toHaveBeenCalledWith('https://agent.example/login?t=1'));
  });

  it('opens the agent centre in the app for dailiD=1 when the address is one of the app', async () => {
    logIn({ ...testUser, isagent: 1 });
    stubApi({ '/api/getAgentLoginUrl': ok({ url: '/#/agent' }) });
    const { router } = renderApp('/gamePage?dailiD=1');
    await waitFor(() => expect(currentPath(router)).toBe('/agent'));
    expect(leaveApp).not.toHaveBeenCalled();
  });

  it('opens customer service for dailiD=2, in the app when its address is one of the app', async () => {
    stubApi({ '/api/getservicerurl': ok({ url: '/#/kefu' }) });
    const { router } = renderApp('/gamePage?dailiD=2');
    await waitFor(() => expect(currentPath(router)).toBe('/kefu'));

    stubApi({ '/api/getservicerurl': ok({ url: 'https://support.example/chat' }) });
    await router.navigate('/gamePage?dailiD=2');
    await waitFor(() => expect(leaveApp).toHaveBeenCalledWith('https://support.example/chat'));
  });

  it('opens the app download link for app=1', async () => {
    useSession.setState({
      appInfo: {
        title: '星云娱乐',
        site_state: 1,
        repair_tips: '',
        redpacket_switch: 1,
        index_modal: 0,
        webcontent: '',
        h5_url: 'https://h5.example/',
        ios_download_qrcode: '',
        ios_download_url: 'https://download.example/app.ipa',
      },
    });
    renderApp('/gamePage?app=1');
    await waitFor(() => expect(leaveApp).toHaveBeenCalledWith('https://download.example/app.ipa'));
  });
});
