import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { fundedPlayer, openAs } from './support';

/** What the phone's screen shows (390x844), under e2e/artifacts/screens. */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: fileURLToPath(new URL(`../artifacts/screens/${name}.png`, import.meta.url)) });

/** The page is controlled by the app's worker, which has kept this release's shell. */
async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated');
}

test('the app is installable: a valid manifest and icons, and Chromium reports no installability error', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await request.get(manifestHref ?? '');
  expect(manifest.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const body = (await manifest.json()) as {
    short_name: string;
    display: string;
    start_url: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(body).toMatchObject({ short_name: '星云娱乐', display: 'standalone', start_url: '/' });
  for (const icon of body.icons) {
    const png = await request.get(icon.src);
    expect(png.headers()['content-type'], icon.src).toBe('image/png');
    const bytes = await png.body();
    // A PNG's IHDR: width and height at bytes 16 and 20.
    const size = `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
    expect(size, icon.src).toBe(icon.sizes);
  }
  await controlled(page);
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  // Playwright's browser contexts are off the record, where Chromium installs nothing: that is the
  // context's, not the app's.
  expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
});

test('a second visit paints from the worker’s cache; offline, a start shows 网络连接失败 with a retry; API answers are never kept', async ({
  page,
  context,
  request,
}) => {
  const { token } = await fundedPlayer(request, 0);
  await openAs(page, token, '/');
  await controlled(page);
  await expect(page.getByRole('navigation', { name: '底部导航' })).toBeVisible();

  const fromWorker: string[] = [];
  page.on('response', (r) => {
    if (r.fromServiceWorker()) fromWorker.push(new URL(r.url()).pathname);
  });
  await page.reload();
  await expect(page.getByRole('navigation', { name: '底部导航' })).toBeVisible();
  const entry = await page.locator('script[type="module"]').getAttribute('src');
  expect(fromWorker).toContain(entry);
  expect(fromWorker.some((p) => p.endsWith('.css'))).toBe(true);
  const kept = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys())
      for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
    return urls;
  });
  expect(kept.filter((p) => p.startsWith('/api/') || p.startsWith('/admin'))).toEqual([]);
  expect(fromWorker.filter((p) => p.startsWith('/api/'))).toEqual([]);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: '网络连接失败' })).toBeVisible();
  await shot(page, 'offline-page-390x844');
  await page.getByRole('button', { name: '重试' }).click();
  await expect(page.getByRole('heading', { name: '网络连接失败' })).toBeVisible();
  // Back online, the page tries again by itself.
  await context.setOffline(false);
  await expect(page.getByRole('navigation', { name: '底部导航' })).toBeVisible();
});

test('/app explains how to add the site to the home screen', async ({ page, request }) => {
  const { token } = await fundedPlayer(request, 0);
  await openAs(page, token, '/app');
  const guide = page.getByRole('region', { name: '添加到主屏幕' });
  await expect(guide).toContainText('iPhone');
  await expect(guide).toContainText('安卓手机');
  await guide.scrollIntoViewIfNeeded();
  await shot(page, 'app-install-guide-390x844');
});
