import type { AppInfo } from '@app/contract/user';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/shared/session/session-store';
import { ok, stubApi } from '@/test/fake-api';
import { logIn, renderApp } from '@/test/render-app';

const appInfo = (overrides: Partial<AppInfo> = {}): AppInfo => ({
  title: '星云娱乐',
  site_state: 1,
  repair_tips: '',
  redpacket_switch: 1,
  index_modal: 0,
  webcontent: '',
  h5_url: '',
  ios_download_qrcode: '/art/app-qr.svg',
  ios_download_url: '',
  ...overrides,
});

afterEach(() => {
  vi.useRealTimers();
});

describe('/app', () => {
  it('shows the title, the QR code, the download button and the network note', async () => {
    logIn();
    const info = appInfo({ ios_download_url: 'https://download.example/app.ipa' });
    useSession.setState({ appInfo: info });
    stubApi({ '/api/app': ok(info) });
    renderApp('/app');

    expect(await screen.findByRole('heading', { name: '星云娱乐APP下载' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'APP下载二维码' }).getAttribute('src')).toBe('/art/app-qr.svg');
    expect(screen.getByText(/建议在Wi-Fi环境下下载/)).toBeTruthy();
    const guide = screen.getByRole('region', { name: '添加到主屏幕' });
    expect(guide.textContent).toContain('选择“添加到主屏幕”，再点击“添加”');
    expect(guide.textContent).toContain('安卓手机');

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => {
      screen.getByRole('button', { name: '立即下载' }).click();
    });
    const frame = document.querySelector<HTMLIFrameElement>('[data-testid="download-frame"]');
    expect(frame?.getAttribute('src')).toBe('https://download.example/app.ipa');
    act(() => vi.advanceTimersByTime(1999));
    expect(document.querySelector('[data-testid="download-frame"]')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(document.querySelector('[data-testid="download-frame"]')).toBeNull();
  });

  it('with no download address shows no download button but says so', async () => {
    logIn();
    useSession.setState({ appInfo: appInfo() });
    stubApi({ '/api/app': ok(appInfo()) });
    renderApp('/app');
    expect(await screen.findByText('APP下载暂未开放，敬请期待')).toBeTruthy();
    expect(screen.getByText('扫描二维码，在手机浏览器中打开本站')).toBeTruthy();
    // Nothing to download, but the site itself can still be added to the home screen.
    expect(screen.getByRole('heading', { name: '添加到主屏幕' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '立即下载' })).toBeNull();
  });

  it('without an install link opens the H5 address', async () => {
    logIn();
    const info = appInfo({ h5_url: 'https://h5.example/' });
    useSession.setState({ appInfo: info });
    stubApi({ '/api/app': ok(info) });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { user } = renderApp('/app');
    await user.click(await screen.findByRole('button', { name: '立即下载' }));
    expect(assign).toHaveBeenCalledWith('https://h5.example/');
    expect(screen.queryByText('APP下载暂未开放，敬请期待')).toBeNull();
    expect(screen.getByText('扫描二维码下载APP')).toBeTruthy();
  });
});
