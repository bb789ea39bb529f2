import { afterEach, describe, expect, it, vi } from 'vitest';
import { getBanners } from '@/features/home/api/get-banners';
import { getAppInfo } from '@/shared/session/get-app-info';
import { useSession } from '@/shared/session/session-store';
import { apiRequest } from './client';
import { askEarly } from './early-answers';

/** Replaces fetch with one that answers every call with `data` in a code-200 envelope, recording the calls. */
function answerWith(data: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify({ code: 200, message: 'ok', data }), {
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

const preloadedPictures = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')].map((l) =>
    l.getAttribute('href'),
  );

afterEach(() => {
  for (const link of document.head.querySelectorAll('link')) link.remove();
});

describe('early answers of the first screen', () => {
  it("asks home's banners and notices at once, preloads the first picture, and the client takes that answer once", async () => {
    const banners = [
      { src: '/art/banners/1.svg', link: '' },
      { src: '/art/banners/2.svg', link: '/activity' },
    ];
    const calls = answerWith(banners);

    askEarly(document, '#/');
    expect(calls.map((c) => [c.url, c.init.body])).toEqual([
      ['/api/app', '{}'],
      ['/api/bannerList', '{"type":2}'],
      ['/api/homenotice', '{}'],
    ]);
    await vi.waitFor(() => expect(preloadedPictures()).toEqual(['/art/banners/1.svg']));

    expect(await getBanners()).toEqual(banners);
    expect(calls).toHaveLength(3);
    // Taken once: the next time the client asks for itself.
    await getBanners();
    expect(calls).toHaveLength(4);
  });

  it('asks the captcha for /login (whatever the query) and only the app info for other pages', async () => {
    const calls = answerWith({ captcha_key: 'k', img: 'data:image/svg+xml;base64,AA==' });
    askEarly(document, '#/login?type=1');
    askEarly(document, '#/mine');
    expect(calls.map((c) => c.url)).toEqual(['/api/app', '/api/captcha', '/api/app']);
    expect((await apiRequest('/api/captcha', { method: 'GET' })).data).toEqual({
      captcha_key: 'k',
      img: 'data:image/svg+xml;base64,AA==',
    });
    expect(calls).toHaveLength(3);
    // A data: picture is no address to preload.
    expect(preloadedPictures()).toEqual([]);
  });

  it("asks the app info on every route, and the app's start takes that answer", async () => {
    const info = {
      title: '星云娱乐',
      site_state: 1,
      repair_tips: '',
      redpacket_switch: 0,
      index_modal: 0,
      webcontent: '',
      h5_url: '',
      ios_download_qrcode: '',
      ios_download_url: '',
    };
    const calls = answerWith(info);
    askEarly(document, '#/vip');
    expect(calls.map((c) => c.url)).toEqual(['/api/app']);

    expect(await getAppInfo()).toEqual(info);
    expect(calls).toHaveLength(1);
  });

  it('is not used by a call that carries a token', async () => {
    const calls = answerWith([]);
    askEarly(document, '#/');
    useSession.setState({ token: 'abc123' });
    await getBanners();
    expect(calls.map((c) => c.url)).toEqual([
      '/api/app',
      '/api/bannerList',
      '/api/homenotice',
      '/api/bannerList',
    ]);
    expect(new Headers(calls[3]?.init.headers).get('Authorization')).toBe('Bearer abc123');
  });
});
