import { MSG } from '@app/contract/messages';
import type { AppInfo } from '@app/contract/user';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/shared/session/session-store';
import { callsTo, expectToast, ok, stubApi } from '@/test/fake-api';
import { firstPaintWhenTold } from '@/test/first-paint';
import { currentPath, logIn, renderApp } from '@/test/render-app';
import { WELCOME_SEEN_KEY } from '../components/welcome';

const BANNERS = [
  { src: '/art/banners/1.svg', link: '/activityInfo?id=1' },
  { src: '/art/banners/2.svg', link: '/vip' },
  { src: '/art/banners/3.svg', link: '' },
];
const NOTICES = ['欢迎来到星云娱乐！', '每日 10:00-12:00 红包雨准时开启。'];

const appInfo = (overrides: Partial<AppInfo> = {}): AppInfo => ({
  title: '星云娱乐',
  site_state: 1,
  repair_tips: '',
  redpacket_switch: 0,
  index_modal: 0,
  webcontent: '<p>欢迎光临</p>',
  h5_url: '',
  ios_download_qrcode: '',
  ios_download_url: '',
  ...overrides,
});

function homeServer(extra: Parameters<typeof stubApi>[0] = {}, info = appInfo()) {
  useSession.setState({ appInfo: info });
  return stubApi({
    '/api/app': ok(info),
    '/api/game/list': ok([]),
    '/api/bannerList': ok(BANNERS),
    '/api/homenotice': ok(NOTICES),
    '/api/getVisitUrl': ok({ url: 'https://xingyun.example' }),
    '/api/messageNum': ok({ num: 3 }),
    '/api/user': ok(useSession.getState().userInfo),
    '/api/balance': ok({ balance: 10000 }),
    ...extra,
  });
}

const activeDot = () =>
  [...(screen.getByTestId('banner-dots').children as HTMLCollectionOf<HTMLElement>)].findIndex((dot) =>
    /dotActive/.test(dot.className),
  );

// The parts of home that load on first use, loaded once here so that tests wait for behaviour, not
// for the first transform of a module.
beforeAll(async () => {
  await Promise.all([
    import('../components/home-popups'),
    import('../components/home-drawer'),
    import('../components/welcome-popup'),
  ]);
});

afterEach(() => {
  vi.useRealTimers();
});

/** Popups and the drawer load their code on first use: on a busy machine that can take a while. */
const LAZY = { timeout: 4000 };

describe('home: banners, notices, shortcuts', () => {
  it("shows the banners and the notices with the page's first render, not one render after it", async () => {
    homeServer();
    renderApp('/');

    let withThePage: { banners: number; notices: string | null } | undefined;
    await waitFor(() => {
      screen.getByTestId('home-page');
      withThePage ??= {
        banners: screen.queryAllByTestId('banner').length,
        notices: screen.getByTestId('notice-bar').textContent,
      };
    }, LAZY);
    expect(withThePage?.banners).toBe(3);
    expect(withThePage?.notices).toContain(NOTICES[0]);
  });

  it('asks the game list and the permanent address only once the first screen is shown', async () => {
    const paint = firstPaintWhenTold();
    const calls = homeServer();
    renderApp('/');

    await waitFor(() => expect(screen.getAllByTestId('banner')).toHaveLength(3), LAZY);
    expect(callsTo(calls, '/api/game/list')).toHaveLength(0);
    expect(callsTo(calls, '/api/getVisitUrl')).toHaveLength(0);
    paint();
    await waitFor(() => expect(callsTo(calls, '/api/game/list')).toHaveLength(1));
    await waitFor(() => expect(callsTo(calls, '/api/getVisitUrl')).toHaveLength(1));
  });

  it('does not hold the page for a banner answer that is slow to come', async () => {
    homeServer();
    const answer = globalThis.fetch;
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) =>
      url === '/api/bannerList' ? new Promise<never>(() => {}) : answer(url, init),
    );
    renderApp('/');

    await screen.findByTestId('home-page', {}, LAZY);
    expect(screen.queryAllByTestId('banner')).toHaveLength(0);
  });

  it('shows the banners and moves them every 3000 ms; a tap follows the banner link', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const calls = homeServer();
    const { user, router } = renderApp('/');

    await waitFor(() => expect(screen.getAllByTestId('banner')).toHaveLength(3), LAZY);
    expect(callsTo(calls, '/api/bannerList')[0]?.body).toEqual({ type: 2 });
    expect(screen.getAllByTestId('banner')[0]?.querySelector('img')?.getAttribute('src')).toBe(
      '/art/banners/1.svg',
    );
    expect(activeDot()).toBe(0);
    act(() => vi.advanceTimersByTime(2999));
    expect(activeDot()).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(activeDot()).toBe(1);
    act(() => vi.advanceTimersByTime(3000));
    expect(activeDot()).toBe(2);

    const first = screen.getAllByTestId('banner')[0];
    if (first) await user.click(first);
    await waitFor(() => expect(currentPath(router)).toBe('/activityInfo?id=1'));
  });

  it('scrolls the notices; a tap shows them in a popup with a button to /message', async () => {
    logIn();
    homeServer({
      '/api/noticeList': ok({ data: [], current_page: 1, last_page: 1, total: 0 }),
    });
    const { user, router } = renderApp('/');

    const bar = await screen.findByTestId('notice-bar');
    await waitFor(() => expect(bar.textContent).toContain('欢迎来到星云娱乐！'));
    await user.click(bar);
    const popup = await screen.findByRole('dialog', { name: '平台公告' }, LAZY);
    expect(
      within(popup)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(NOTICES);
    await user.click(within(popup).getByRole('button', { name: '查看全部消息' }));
    await waitFor(() => expect(currentPath(router)).toBe('/message?type=1'));
  });

  it('shows the jackpot counter in 13 characters', async () => {
    homeServer();
    renderApp('/');
    const value = await screen.findByTestId('jackpot-value');
    expect(value.textContent).toMatch(/^60,\d{3},\d{3}\.\d{2}$/);
    expect(screen.getByRole('region', { name: '彩池奖金' })).toBeTruthy();
  });

  it('shortcuts: the RMB platform opens the permanent address, with register?pid when home came with one', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const calls = homeServer();
    const { user } = renderApp('/?pid=8888');
    const shortcuts = await screen.findByRole('navigation', { name: '快捷入口' });
    await waitFor(() => expect(callsTo(calls, '/api/getVisitUrl')).toHaveLength(1));
    expect(callsTo(calls, '/api/getVisitUrl')[0]?.query.toString()).toBe('');

    await user.click(within(shortcuts).getByRole('button', { name: '人民币平台' }));
    expect(open).toHaveBeenCalledWith('https://xingyun.example/#/register?pid=8888', '_blank', 'noopener');
    open.mockRestore();
  });

  it('shortcuts: 更多 shows ten pages and opens one', async () => {
    homeServer();
    const { user, router } = renderApp('/');
    const shortcuts = await screen.findByRole('navigation', { name: '快捷入口' });
    await user.click(within(shortcuts).getByRole('button', { name: '更多' }));
    const menu = await screen.findByRole('dialog', { name: '更多功能' }, LAZY);
    expect(
      within(menu)
        .getAllByRole('button')
        .map((b) => b.textContent)
        .filter((text) => text !== '关闭'),
    ).toEqual([
      '充值',
      '取款',
      '转账',
      '交易记录',
      '投注记录',
      '红包',
      '返水中心',
      '电子游戏',
      '搜索',
      '帮助中心',
    ]);
    await user.click(within(menu).getByRole('button', { name: '电子游戏' }));
    await waitFor(() => expect(currentPath(router)).toBe('/concise'));
  });

  it.each([
    ['客服', '/kefu'],
    ['VIP', '/vip'],
  ])('shortcuts: %s opens %s', async (name, path) => {
    homeServer({ '/api/uservip': ok([]), '/api/getservicerurl': ok({ url: 'https://support.example' }) });
    const { user, router } = renderApp('/');
    const shortcuts = await screen.findByRole('navigation', { name: '快捷入口' });
    await user.click(within(shortcuts).getByRole('button', { name }));
    await waitFor(() => expect(currentPath(router)).toBe(path));
  });
});

describe('home: drawer, welcome popup, red packet', () => {
  it('the drawer shows the unread count, copies the permanent domain and links to its pages', async () => {
    logIn();
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    homeServer({ '/api/article': ok({ title: '关于我们', content: '<p>关于</p>' }) });
    const { user, router } = renderApp('/');

    const button = await screen.findByTestId('drawer-button');
    await waitFor(() => expect(within(button).getByTestId('unread-badge').textContent).toBe('3'));
    await user.click(button);
    const drawer = await screen.findByTestId('home-drawer', {}, LAZY);
    expect(within(drawer).getByText('3条未读')).toBeTruthy();
    expect(within(drawer).getByText('player01')).toBeTruthy();
    await waitFor(() =>
      expect(within(drawer).getByTestId('permanent-domain').textContent).toBe('https://xingyun.example'),
    );

    await user.click(within(drawer).getByRole('button', { name: '复制' }));
    await expectToast(MSG.copied);
    expect(execCommand).toHaveBeenCalledWith('copy');

    await user.click(within(drawer).getByRole('button', { name: '关于我们' }));
    await waitFor(() => expect(currentPath(router)).toBe('/boutBallBetInfo?type=7'));
  });

  it.each([
    ['意见反馈', '/kefu'],
    ['消息中心', '/message?type=2'],
  ])('the drawer: %s opens %s', async (name, path) => {
    logIn();
    homeServer({
      '/api/getservicerurl': ok({ url: 'https://support.example' }),
      '/api/noticeList': ok({ data: [], current_page: 1, last_page: 1, total: 0 }),
    });
    const { user, router } = renderApp('/');
    await user.click(await screen.findByTestId('drawer-button'));
    await user.click(
      within(await screen.findByTestId('home-drawer', {}, LAZY)).getByRole('button', {
        name: new RegExp(name),
      }),
    );
    await waitFor(() => expect(currentPath(router)).toBe(path));
  });

  it('the drawer: logout asks first', async () => {
    logIn();
    homeServer();
    const { user } = renderApp('/');
    await user.click(await screen.findByTestId('drawer-button'));
    await user.click(
      within(await screen.findByTestId('home-drawer', {}, LAZY)).getByRole('button', { name: '退出登录' }),
    );
    expect(await screen.findByText(MSG.logoutConfirm)).toBeTruthy();
  });

  it('a visitor sees no count and 登录/注册 in the drawer', async () => {
    homeServer();
    const { user, router } = renderApp('/');
    const button = await screen.findByTestId('drawer-button');
    expect(within(button).queryByTestId('unread-badge')).toBeNull();
    await user.click(button);
    const drawer = await screen.findByTestId('home-drawer', {}, LAZY);
    expect(within(drawer).queryByRole('button', { name: '退出登录' })).toBeNull();
    await user.click(within(drawer).getByRole('button', { name: '登录/注册' }));
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
  });

  it('the menu button is on home only', async () => {
    homeServer({ '/api/sponsors': ok([]) });
    const { router } = renderApp('/');
    await screen.findByTestId('drawer-button');
    await router.navigate('/zhanzhu');
    await waitFor(() => expect(screen.queryByTestId('drawer-button')).toBeNull());
  });

  it('shows the welcome popup once per visit when index_modal is 1, its HTML sanitised', async () => {
    homeServer(
      {},
      appInfo({ index_modal: 1, webcontent: '<p>欢迎光临</p><img src="x" onerror="alert(1)">' }),
    );
    const { user, view } = renderApp('/');
    const popup = await screen.findByTestId('welcome-popup', {}, LAZY);
    expect(within(popup).getByTestId('welcome-content').textContent).toBe('欢迎光临');
    expect(popup.querySelector('[onerror]')).toBeNull();
    await user.click(within(popup).getByRole('button', { name: '我知道了' }));
    expect(sessionStorage.getItem(WELCOME_SEEN_KEY)).toBe('1');

    view.unmount();
    renderApp('/');
    await screen.findByTestId('jackpot-value');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('welcome-popup')).toBeNull();
  });

  it('no welcome popup while index_modal is 0', async () => {
    homeServer();
    renderApp('/');
    await screen.findByTestId('jackpot-value');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('welcome-popup')).toBeNull();
  });

  it('the floating red packet shows while redpacket_switch is 1 and opens /hongbao', async () => {
    logIn();
    homeServer({}, appInfo({ redpacket_switch: 1 }));
    const { user, router } = renderApp('/');
    await user.click(await screen.findByTestId('red-packet-float'));
    await waitFor(() => expect(currentPath(router)).toBe('/hongbao'));
  });

  it('no red packet while redpacket_switch is 0', async () => {
    homeServer();
    renderApp('/');
    await screen.findByTestId('jackpot-value');
    expect(screen.queryByTestId('red-packet-float')).toBeNull();
  });
});
