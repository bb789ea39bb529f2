import { MSG } from '@app/contract/messages';
import { expect, test } from '@playwright/test';
import { ALONE, CHROMIUM_ARGS } from '../playwright.config';
import { DEMO, fundedPlayer, loginViaUi, openAs, setSiteState, snap, toast } from './support';

test('a guarded route sends to login with the full path and returns after login', async ({ page }) => {
  await page.goto('/#/betRecord?date=2');
  await expect(page).toHaveURL(/#\/login\?redirect=%2FbetRecord%3Fdate%3D2/);
  await loginViaUi(page, DEMO.name, DEMO.password);
  await expect(page).toHaveURL(/#\/betRecord\?date=2$/);
});

test('the tab bar sends a visitor to login for deposits and to register for withdrawals', async ({
  page,
}) => {
  await page.goto('/#/');
  await page
    .getByRole('tab', { name: '充值' })
    .or(page.getByText('充值', { exact: true }))
    .first()
    .click();
  await expect(page).toHaveURL(/#\/login/);
  await page.goto('/#/');
  await page.getByText('取款', { exact: true }).first().click();
  await expect(page).toHaveURL(/#\/login\?type=1/);
});

test('tapping the tab of the current page says 已在当前页面！', async ({ page }) => {
  await page.goto('/#/');
  await page.getByText('首页', { exact: true }).first().click();
  await expect(toast(page, MSG.alreadyHere)).toBeVisible();
});

test('every navigation starts at the top; a cached route keeps its state', async ({ page, request }) => {
  const { token } = await fundedPlayer(request, 0);
  await openAs(page, token, '/mine');
  const mine = page.getByTestId('mine-page');
  await expect(mine).toBeVisible();
  await mine.evaluate((el) => el.setAttribute('data-visit-marker', 'first-visit'));
  await page.evaluate(() => window.scrollTo(0, 341));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(341);

  await page.getByText('首页', { exact: true }).first().click();
  await expect(page.getByTestId('home-page')).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.evaluate(() => window.scrollTo(0, 200));

  await page.getByText('我的', { exact: true }).last().click();
  await expect(page.getByTestId('mine-page')).toHaveAttribute('data-visit-marker', 'first-visit');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  // Back to the home page, also cached, and back again: the top each time.
  await page.evaluate(() => window.scrollTo(0, 341));
  await page.goBack();
  await expect(page.getByTestId('home-page')).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('unknown paths go home', async ({ page }) => {
  await page.goto('/#/no/such/page');
  await expect(page).toHaveURL(/#\/$/);
});

test('maintenance shows the repair tips instead of the app', { tag: ALONE }, async ({ page, request }) => {
  const tips = '系统升级维护中，预计今晚22:00恢复';
  await setSiteState(request, 0, tips);
  try {
    await page.goto('/#/');
    await expect(page.getByText(tips)).toBeVisible();
    await expect(page.getByTestId('home-page')).toHaveCount(0);
    await snap(page, 'maintenance');
  } finally {
    await setSiteState(request, 1);
  }
  await page.reload();
  await expect(page.getByTestId('home-page')).toBeVisible();
});

test('a desktop browser sees the app inside a centred phone-width frame', async ({ playwright, baseURL }) => {
  const browser = await playwright.chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage({
      viewport: { width: 1280, height: 800 },
      userAgent:
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
    });
    await page.goto(`${baseURL}/#/`);
    const frame = page.locator('iframe');
    await expect(frame).toHaveCount(1);
    const box = await frame.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(480);
    expect(Math.abs((box?.x ?? 0) + (box?.width ?? 0) / 2 - 640)).toBeLessThan(2);
    await expect(page.frameLocator('iframe').getByTestId('home-page')).toBeVisible();
    await snap(page, 'desktop-frame');

    // Crossing the 768 px breakpoint reloads the page.
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 1;
    });
    await page.setViewportSize({ width: 700, height: 800 });
    // While the reload is under way the old page's context is gone: ask again until the new one answers.
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { marker?: number }).marker).catch(() => 'reloading'),
      )
      .toBeUndefined();
  } finally {
    await browser.close();
  }
});
