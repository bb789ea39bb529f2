import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

export interface WireBytes {
  /** Bytes received per resource type (Document, Script, Stylesheet, Image, Fetch...), as Chromium counts them. */
  byType: Record<string, { bytes: number; requests: number }>;
  total: number;
}

/**
 * What a phone downloads to show `url` with an empty cache: every response's encodedDataLength from
 * the DevTools protocol (the bytes that crossed the network, headers included, compressed as sent),
 * until the network has been idle for half a second.
 */
export async function wireBytes(url: string): Promise<WireBytes> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      userAgent:
        'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36',
      locale: 'zh-CN',
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const types = new Map<string, string>();
    const result: WireBytes = { byType: {}, total: 0 };
    cdp.on('Network.responseReceived', (event) => types.set(event.requestId, event.type));
    cdp.on('Network.loadingFinished', (event) => {
      const type = types.get(event.requestId) ?? 'Other';
      const entry = result.byType[type] ?? { bytes: 0, requests: 0 };
      result.byType[type] = entry;
      entry.bytes += event.encodedDataLength;
      entry.requests += 1;
      result.total += event.encodedDataLength;
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    return result;
  } finally {
    await browser.close();
  }
}
