import type { AppInfo } from '@app/contract/user';
import { describe, expect, it } from 'vitest';
import { checkAccess } from './access';
import { safeRedirect } from './paths';

const appInfo = (redpacket_switch: 0 | 1): AppInfo => ({
  title: 't',
  site_state: 1,
  repair_tips: '',
  redpacket_switch,
  index_modal: 0,
  webcontent: '',
  h5_url: '',
  ios_download_qrcode: '',
  ios_download_url: '',
});

describe('route guard rules', () => {
  it('sends a logged-out player to login with the intended full path', () => {
    expect(checkAccess('/wallet', '?type=0', { token: null, appInfo: null })).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fwallet%3Ftype%3D0',
    });
  });

  it('asks a logged-out player to log in before the red packet and the transfer page', () => {
    for (const path of ['/hongbao', '/transfer']) {
      expect(checkAccess(path, '', { token: null, appInfo: appInfo(1) })).toMatchObject({
        kind: 'redirect',
        message: '请登录！',
      });
    }
  });

  it('refuses the red packet with 红包已关闭 while its switch is 0, logged in or not', () => {
    expect(checkAccess('/hongbao', '', { token: 'x', appInfo: appInfo(0) })).toEqual({
      kind: 'refuse',
      message: '红包已关闭',
    });
    expect(checkAccess('/hongbao', '', { token: null, appInfo: appInfo(0) }).kind).toBe('refuse');
  });

  it('lets anyone open the open pages and a logged-in player open the rest', () => {
    expect(checkAccess('/', '', { token: null, appInfo: null }).kind).toBe('allow');
    expect(checkAccess('/usdtmore', '', { token: null, appInfo: null }).kind).toBe('allow');
    expect(checkAccess('/mine', '', { token: 'x', appInfo: null }).kind).toBe('allow');
  });

  it('opens an order’s page to a visitor holding its link token, and otherwise sends them to login', () => {
    const visitor = { token: null, appInfo: null };
    expect(checkAccess('/payInfo', '?deposit_no=DP1&order_token=abc', visitor)).toEqual({ kind: 'allow' });
    expect(checkAccess('/payInfo', '?deposit_no=DP1', visitor)).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2FpayInfo%3Fdeposit_no%3DDP1',
    });
    expect(checkAccess('/payInfo', '?deposit_no=DP1&order_token=', visitor).kind).toBe('redirect');
    expect(checkAccess('/payInfo', '?deposit_no=DP1', { token: 'x', appInfo: null }).kind).toBe('allow');
  });

  it('honours only in-app redirect targets', () => {
    expect(safeRedirect('/money?x=1')).toBe('/money?x=1');
    expect(safeRedirect('//evil.example')).toBeNull();
    expect(safeRedirect('https://evil.example')).toBeNull();
    expect(safeRedirect(null)).toBeNull();
  });
});
