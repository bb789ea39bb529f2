import { describe, expect, it } from 'vitest';
import { isMobileUserAgent, shouldRenderDesktopFrame } from './desktop-frame';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

const fakeWindow = (userAgent: string, framed: boolean): Window => {
  const win: Record<string, unknown> = { navigator: { userAgent } };
  win.self = win;
  win.top = framed ? {} : win;
  return win as unknown as Window;
};

describe('desktop frame', () => {
  it('recognises the mobile user agents of spec 1', () => {
    expect(isMobileUserAgent(IPHONE)).toBe(true);
    expect(isMobileUserAgent(ANDROID)).toBe(true);
    expect(isMobileUserAgent('Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X)')).toBe(true);
    expect(isMobileUserAgent('Mozilla/5.0 (compatible; MSIE 10.0; Windows Phone 8.0)')).toBe(true);
    expect(isMobileUserAgent(DESKTOP)).toBe(false);
  });

  it('wraps a desktop browser in a frame, but not the frame itself nor a phone', () => {
    expect(shouldRenderDesktopFrame(fakeWindow(DESKTOP, false))).toBe(true);
    expect(shouldRenderDesktopFrame(fakeWindow(DESKTOP, true))).toBe(false);
    expect(shouldRenderDesktopFrame(fakeWindow(IPHONE, false))).toBe(false);
  });
});
