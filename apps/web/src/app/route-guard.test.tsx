import { MSG } from '@app/contract/messages';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSession } from '@/shared/session/session-store';
import { currentPath, logIn, renderApp } from '@/test/render-app';

const appInfo = {
  title: '测试娱乐',
  site_state: 1 as const,
  repair_tips: '',
  redpacket_switch: 1 as const,
  index_modal: 0 as const,
  webcontent: '',
  h5_url: '',
  ios_download_qrcode: '',
  ios_download_url: '',
};

const toastText = () => document.querySelector('.adm-toast-main')?.textContent;

describe('route guard', () => {
  it('sends a logged-out player from a page needing login to /login with the full intended path', async () => {
    const { router } = renderApp('/wallet?type=0');
    await screen.findByRole('form', { name: '登录' });
    expect(currentPath(router)).toBe('/login?redirect=%2Fwallet%3Ftype%3D0');
  });

  it('sends a logged-out player from /mine to login', async () => {
    const { router } = renderApp('/mine');
    await screen.findByRole('form', { name: '登录' });
    expect(currentPath(router)).toBe('/login?redirect=%2Fmine');
  });

  it('lets a logged-in player in', async () => {
    logIn();
    const { router } = renderApp('/mine');
    expect(await screen.findByTestId('mine-page')).toBeTruthy();
    expect(currentPath(router)).toBe('/mine');
  });

  it('asks a logged-out player to log in before the red packet', async () => {
    useSession.setState({ appInfo });
    const { router } = renderApp('/hongbao');
    await screen.findByRole('form', { name: '登录' });
    expect(currentPath(router)).toBe('/login?redirect=%2Fhongbao');
    await waitFor(() => expect(toastText()).toBe(MSG.pleaseLogin));
  });

  it('refuses the red packet with 红包已关闭 while its switch is 0', async () => {
    logIn();
    useSession.setState({ appInfo: { ...appInfo, redpacket_switch: 0 } });
    const { router } = renderApp('/');
    await screen.findByTestId('home-page');
    await router.navigate('/hongbao');
    await waitFor(() => expect(toastText()).toBe(MSG.redPacketClosed));
    expect(currentPath(router)).toBe('/');
  });

  it('sends an unknown path to /', async () => {
    const { router } = renderApp('/no/such/page');
    await screen.findByTestId('home-page');
    expect(currentPath(router)).toBe('/');
  });

  it('opens the open pages without login, each with its title', async () => {
    renderApp('/usdtmore');
    expect(await screen.findByRole('heading', { name: 'TRC20与ERC20的区别' })).toBeTruthy();
  });
});
