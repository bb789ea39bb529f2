import { MSG } from '@app/contract/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentPath, logIn, renderApp } from '@/test/render-app';

const toastText = () => document.querySelector('.adm-toast-main')?.textContent;
const tab = (name: string) =>
  within(screen.getByRole('navigation', { name: '底部导航' })).getByRole('button', { name });

describe('tab bar', () => {
  it('says 已在当前页面！ and stays when the current page is chosen again', async () => {
    const { router, user } = renderApp('/');
    await screen.findByTestId('home-page');
    await user.click(tab('首页'));
    await waitFor(() => expect(toastText()).toBe(MSG.alreadyHere));
    expect(currentPath(router)).toBe('/');
  });

  it('goes to promotions', async () => {
    const { router, user } = renderApp('/');
    await screen.findByTestId('home-page');
    await user.click(tab('优惠'));
    await screen.findByRole('heading', { name: '优惠活动' });
    expect(currentPath(router)).toBe('/activity');
  });

  it('sends a logged-out player from 取款 to the register tab', async () => {
    const { router, user } = renderApp('/');
    await screen.findByTestId('home-page');
    await user.click(tab('取款'));
    await screen.findByRole('form', { name: '注册' });
    expect(currentPath(router)).toBe('/login?type=1');
  });

  it('sends a logged-out player from 充值 to login, coming back to the deposit page after', async () => {
    const { router, user } = renderApp('/');
    await screen.findByTestId('home-page');
    await user.click(tab('充值'));
    await screen.findByRole('form', { name: '登录' });
    expect(currentPath(router)).toBe('/login?redirect=%2Frecharge');
  });

  it('takes a logged-in player to 我的 with their name, VIP level and balance', async () => {
    logIn();
    const { router, user } = renderApp('/');
    await screen.findByTestId('home-page');
    await user.click(tab('我的'));
    const page = await screen.findByTestId('mine-page');
    expect(currentPath(router)).toBe('/mine');
    expect(page.textContent).toContain('player01');
    expect(page.textContent).toContain('VIP1');
    expect(page.textContent).toContain('$ 10,000.00');
  });
});
