import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSession } from '@/shared/session/session-store';
import { logIn, renderApp } from '@/test/render-app';

const appInfo = {
  title: '测试娱乐',
  site_state: 1 as const,
  repair_tips: '系统升级中，预计 2 小时后恢复',
  redpacket_switch: 1 as const,
  index_modal: 0 as const,
  webcontent: '',
  h5_url: '',
  ios_download_qrcode: '',
  ios_download_url: '',
};

describe('shell header', () => {
  it('shows the site title with 登录 and 注册 to a visitor', async () => {
    useSession.setState({ appInfo });
    renderApp('/');
    const header = await screen.findByRole('banner');
    expect(within(header).getByText('测试娱乐')).toBeTruthy();
    expect(within(header).getByRole('button', { name: '登录' })).toBeTruthy();
    expect(within(header).getByRole('button', { name: '注册' })).toBeTruthy();
  });

  it('shows the balance with its refresh and 一键回收 to a player', async () => {
    logIn();
    renderApp('/');
    const header = await screen.findByRole('banner');
    expect(await within(header).findByText('$ 10,000.00')).toBeTruthy();
    expect(within(header).getByRole('button', { name: '刷新余额' })).toBeTruthy();
    expect(within(header).getByRole('button', { name: '一键回收' })).toBeTruthy();
  });

  it('is hidden on /mine', async () => {
    logIn();
    renderApp('/mine');
    await screen.findByTestId('mine-page');
    expect(screen.queryByRole('banner')).toBeNull();
  });
});

describe('maintenance', () => {
  it('shows only the repair tips while the site is off', async () => {
    useSession.setState({ appInfo: { ...appInfo, site_state: 0 } });
    renderApp('/');
    expect((await screen.findByTestId('maintenance')).textContent).toContain(appInfo.repair_tips);
    expect(screen.queryByTestId('home-page')).toBeNull();
  });
});
