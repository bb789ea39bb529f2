import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

export interface FirstLoad {
  js: { raw: number; gzip: number; files: number };
  css: { raw: number; gzip: number; files: number };
  loadMs: number;
}

/** The JS and CSS Chromium fetches to show the home route, at phone size, with an empty cache. */
export async function homeFirstLoad(base: string): Promise<FirstLoad> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const totals = { js: { raw: 0, gzip: 0, files: 0 }, css: { raw: 0, gzip: 0, files: 0 } };
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      const kind = type === 'script' ? 'js' : type === 'stylesheet' ? 'css' : undefined;
      if (!kind) return;
      pending.push(
        response.body().then((bytes) => {
          totals[kind].raw += bytes.length;
          totals[kind].gzip += gzipSync(bytes).length;
          totals[kind].files += 1;
        }),
      );
    });
    const started = performance.now();
    await page.goto(`${base}/#/`, { waitUntil: 'networkidle' });
    const loadMs = performance.now() - started;
    await Promise.all(pending);
    return { ...totals, loadMs };
  } finally {
    await browser.close();
  }
}
