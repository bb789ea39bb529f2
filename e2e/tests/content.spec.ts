import { CONTENT_MSG, CONTENT_SERVER_MSG } from '@app/contract/content-rules';
import { MSG } from '@app/contract/messages';
import { expect, type FrameLocator, type Page, test } from '@playwright/test';
import { ALONE, E2E } from '../playwright.config';
import { fundedPlayer, openAs, operatorHeaders, snap, toast } from './support';

const JACKPOT_FORMAT = /^60,\d{3},\d{3}\.\d{2}$/;

const jackpot = (page: Page) => page.getByTestId('jackpot-value').textContent();
const activeBanner = (page: Page) =>
  page
    .getByTestId('banner-dots')
    .evaluate((dots) => [...dots.children].findIndex((dot) => /dotActive/.test(dot.className)));

test.describe('home', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('banners move, the jackpot advances in 13 characters, the notice popup leads to /message', async ({
    page,
    request,
  }) => {
    const { token } = await fundedPlayer(request, 0);
    await openAs(page, token, '/');
    await expect(page.getByTestId('banner')).toHaveCount(3);
    await expect(page.getByTestId('banner').first().locator('img')).toHaveJSProperty('complete', true);

    // The carousel moves on its own every 3000 ms.
    const firstBanner = await activeBanner(page);
    await expect.poll(() => activeBanner(page), { timeout: 7000 }).not.toBe(firstBanner);
    const strip = page.getByTestId('banner-strip');
    await expect.poll(() => strip.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);

    // The jackpot: 60,xxx,xxx.xx, always 13 characters, and it grows.
    const before = (await jackpot(page)) ?? '';
    expect(before).toMatch(JACKPOT_FORMAT);
    expect(before).toHaveLength(13);
    await page.waitForTimeout(1500);
    const after = (await jackpot(page)) ?? '';
    expect(after).toMatch(JACKPOT_FORMAT);
    expect(Number(after.replace(/,/g, ''))).toBeGreaterThan(Number(before.replace(/,/g, '')));
    await snap(page, 'home');

    await page.getByTestId('notice-bar').click();
    const popup = page.getByRole('dialog', { name: '平台公告' });
    await expect(popup.getByRole('listitem').first()).toContainText('欢迎来到星云娱乐');
    await popup.getByRole('button', { name: '查看全部消息' }).click();
    await expect(page).toHaveURL(/#\/message\?type=1$/);
    await expect(page.getByTestId('message-item').first()).toBeVisible();
  });

  test('the drawer copies the permanent domain: 复制成功！', async ({ page }) => {
    await page.goto('/#/');
    await page.getByTestId('drawer-button').click();
    const drawer = page.getByTestId('home-drawer');
    await expect(drawer.getByTestId('permanent-domain')).toHaveText(E2E.origin);
    await drawer.getByRole('button', { name: '复制' }).click();
    await expect(toast(page, MSG.copied)).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(E2E.origin);
    await snap(page, 'home-drawer');
  });
});

test('applies for an activity once and sees it in /activityRecord', async ({ page, request }) => {
  const { token } = await fundedPlayer(request, 0);
  await openAs(page, token, '/activity');
  await expect(page.getByTestId('activity-card').first()).toBeVisible();
  await expect(page.getByTestId('activity-card').first().locator('img')).toHaveJSProperty('complete', true);
  await snap(page, 'activity');

  await page.getByTestId('activity-card').filter({ hasText: '新人首存 100% 加赠' }).click();
  await expect(page).toHaveURL(/#\/activityInfo\?id=1$/);
  await expect(page.getByTestId('activity-content')).toContainText('100%');
  await page.getByRole('button', { name: '立即申请' }).click();
  await expect(toast(page, CONTENT_SERVER_MSG.activityApplied)).toBeVisible();
  await expect(page.getByRole('button', { name: '已申请' })).toBeDisabled();

  // The server holds one application per activity.
  const again = await request.post('/api/activityApply', {
    headers: { authorization: `Bearer ${token}` },
    data: { id: 1 },
  });
  expect(again.status()).toBe(409);
  expect((await again.json()).message).toBe(CONTENT_SERVER_MSG.activityTwice);

  await page.goto('/#/activityRecord');
  const record = page.getByTestId('activity-application').first();
  await expect(record).toContainText('新人首存 100% 加赠');
  await expect(record.getByTestId('application-state')).toHaveText('待审核');
});

/** In an art SVG opened as a document: how far right its text reaches, and where its coins begin. */
const textAndCoins = (page: Page) =>
  page.evaluate(() => {
    const texts = [...document.querySelectorAll('text')].map((t) => t.getBBox());
    const coins = [...document.querySelectorAll('circle')].filter((c) => c.r.baseVal.value === 26);
    return {
      lines: texts.length,
      textRight: Math.max(...texts.map((b) => b.x + b.width)),
      coinsLeft: Math.min(...coins.map((c) => c.cx.baseVal.value - c.r.baseVal.value)),
    };
  });

/** Each activity banner on the page is shown whole: its box has the art's own 5:2 shape. */
async function expectWholeBanners(root: Page | FrameLocator) {
  const banners = root.getByTestId('activity-card').locator('img');
  await expect(banners).toHaveCount(4);
  for (const img of await banners.all()) {
    await expect(img).toHaveJSProperty('complete', true);
    const box = await img.boundingBox();
    expect((box?.width ?? 0) / (box?.height ?? 1)).toBeCloseTo(2.5, 1);
  }
}

test('banner art: titles never run into the coins, at 320 and 390 px and in the desktop frame', async ({
  page,
  browser,
}) => {
  // The art is one picture scaled whole: text that clears the coins in it clears them at any width.
  for (const art of [1, 2, 3, 4].map((id) => `/art/activities/${id}.svg`).concat('/art/banners/1.svg')) {
    await page.goto(art);
    const { lines, textRight, coinsLeft } = await textAndCoins(page);
    expect(lines, art).toBe(2);
    expect(textRight, art).toBeLessThan(coinsLeft - 12);
  }

  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/#/activity');
    await expectWholeBanners(page);
    await snap(page, `activity-banners-${width}`);
    await page.goto('/#/activityInfo?id=1');
    await expect(page.getByTestId('activity-title')).toHaveText('新人首存 100% 加赠');
    await snap(page, `activity-info-${width}`);
  }

  const desktop = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    isMobile: false,
    hasTouch: false,
    userAgent:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  });
  try {
    const framed = await desktop.newPage();
    await framed.goto('/#/activity');
    // The frame loads the whole app a second time: give it the time a first load takes.
    const app = framed.frameLocator('iframe');
    await expect(app.getByTestId('activity-card')).toHaveCount(4, { timeout: 30_000 });
    await expectWholeBanners(app);
    await snap(framed, 'activity-banners-desktop');
  } finally {
    await desktop.close();
  }
});

test('/vip shows the ten levels, their rebates and the rules', async ({ page, request }) => {
  const { token } = await fundedPlayer(request, 0);
  await openAs(page, token, '/vip');
  await expect(page.getByTestId('vip-level')).toHaveCount(10);
  await expect(page.getByTestId('vip-status').first()).toHaveText('已达成');
  await expect(page.getByTestId('vip-status').nth(1)).toHaveText('未达成');
  await expect(page.getByTestId('vip-rebate-row')).toHaveCount(10);
  await page.getByRole('tab', { name: 'VIP5' }).click();
  await expect(page.getByTestId('vip-rebate-row').nth(4)).toHaveClass(/rowActive/);
  await expect(page.getByText('每天最多晋升一级，不可跨级晋升。')).toBeVisible();
  await snap(page, 'vip');
});

test('/app without a download address says so instead of offering a dead 立即下载', async ({
  page,
  request,
}) => {
  const { token } = await fundedPlayer(request, 0);
  await openAs(page, token, '/app');
  await expect(page.getByRole('heading', { name: '星云娱乐APP下载' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'APP下载二维码' })).toHaveJSProperty('complete', true);
  await expect(page.getByTestId('app-unavailable')).toHaveText('APP下载暂未开放，敬请期待');
  await expect(page.getByText('扫描二维码，在手机浏览器中打开本站')).toBeVisible();
  await expect(page.getByRole('button', { name: '立即下载' })).toHaveCount(0);
  await snap(page, 'app-download');
});

test('the help centre opens an article', async ({ page }) => {
  await page.goto('/#/boutBallBet');
  await page.getByRole('button', { name: /常见问题/ }).click();
  await expect(page).toHaveURL(/#\/boutBallBetInfo\?type=1$/);
  await expect(page.getByRole('heading', { name: '常见问题' })).toBeVisible();
  await expect(page.getByTestId('article-content')).toContainText('登录后点击底部“充值”');
  await snap(page, 'help-faq');
});

test('the help articles name the app’s own buttons: each “tab - entry” they quote leads there', async ({
  page,
  request,
}) => {
  const { token } = await fundedPlayer(request, 0);
  await openAs(page, token, '/');
  const tabBar = page.getByRole('navigation', { name: '底部导航' });
  await expect(tabBar).toBeVisible();
  const followed: string[] = [];
  for (let type = 1; type <= 8; type++) {
    const res = await request.post('/api/article', { data: { type } });
    const { content } = ((await res.json()) as { data: { content: string } }).data;
    for (const [, quoted = ''] of content.matchAll(/“([^”]+)”/g)) {
      const [tab = '', ...entries] = quoted.split(' - ');
      await page.goto('/#/');
      await tabBar.getByText(tab, { exact: true }).click();
      for (const entry of entries) await expect(page.getByText(entry, { exact: true }).first()).toBeVisible();
      followed.push(quoted);
    }
  }
  // The FAQ's 充值 and 取款, and the agent article's 我的 - 合营计划.
  expect(followed).toEqual(['充值', '取款', '我的 - 合营计划']);
});

test('the agent application says the rules, then sends', async ({ page, request }) => {
  const { token } = await fundedPlayer(request, 0);
  await openAs(page, token, '/applyagent');
  const submit = page.getByRole('button', { name: '提交申请' });
  await submit.click();
  await expect(toast(page, CONTENT_MSG.mobile)).toBeVisible();
  await page.getByPlaceholder('请输入手机号').fill('13800138000');
  await submit.click();
  await expect(toast(page, CONTENT_MSG.reason)).toBeVisible();
  await page.getByPlaceholder('请简单介绍您的推广渠道与资源').fill('我有稳定的推广渠道');
  await submit.click();
  await expect(toast(page, CONTENT_SERVER_MSG.agentApplied)).toBeVisible();
  await expect(page.getByPlaceholder('请输入手机号')).toHaveValue('');
});

test('an activity carrying script, onerror and a javascript: link renders inert', { tag: ALONE }, async ({
  page,
  request,
}) => {
  const created = await request.post('/admin/api/content/activities', {
    headers: operatorHeaders(),
    data: {
      type_id: 1,
      title: '安全测试活动',
      content:
        '<p id="xss-body">正文</p><script>window.__xss = 1; alert(1)</script>' +
        '<img src="/no-such.png" onerror="window.__xss = 2; alert(2)">' +
        '<a id="xss-link" href="javascript:window.__xss = 3; alert(3)">点我领取</a>',
      memo: '<p onclick="alert(4)">说明</p><svg><script>alert(5)</script></svg>',
      reason: '安全测试',
    },
  });
  expect(created.status()).toBe(200);
  const { id } = ((await created.json()) as { data: { id: string } }).data;

  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(`/#/activityInfo?id=${id}`);
  const content = page.getByTestId('activity-content');
  await expect(content).toContainText('正文');
  await expect(content.locator('script')).toHaveCount(0);
  await expect(content.locator('[onerror]')).toHaveCount(0);
  await expect(page.getByTestId('activity-memo').locator('[onclick], script')).toHaveCount(0);
  const link = content.getByText('点我领取');
  if ((await link.count()) > 0) {
    expect((await link.getAttribute('href')) ?? '').not.toMatch(/^\s*javascript:/i);
    await link.click();
  }
  await page.waitForTimeout(500);
  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  expect(await page.locator('script:not([src])').count()).toBe(0);
});
