import { MSG } from '@app/contract/messages';
import { formatMoney } from '@app/contract/money';
import { expect, type Page, test } from '@playwright/test';
import { fundedPlayer, openAs, snap, toast } from './support';

const tiles = (page: Page) => page.getByTestId('game-tile');
const venueTile = (page: Page, name: string) =>
  page.getByTestId('venue-grid').getByRole('listitem').filter({ hasText: name });
/** "+1.50", "-1.00", "0.00" as numbers. */
const amount = (text: string) => Number(text.replace(/[^\d.+-]/g, ''));
const sum = (texts: string[]) => Math.round(texts.reduce((total, t) => total + amount(t) * 100, 0)) / 100;

test('searches a game, plays five rounds, and sees the bets and the venue balance change by the net result', async ({
  page,
  request,
}) => {
  const { token } = await fundedPlayer(request, 500);
  // Manual transfer mode (transferstatus 0): the venue holds only what is moved into it.
  const moved = await request.post('/api/transfer', {
    headers: { authorization: `Bearer ${token}` },
    data: { amount: 100, sourcetype: 'userbalance', targettype: 'obgdy' },
  });
  expect(((await moved.json()) as { code: number }).code).toBe(200);

  await openAs(page, token, '/search');
  await page.getByPlaceholder('请输入关键词搜索').fill('  财神 ');
  const result = page.getByTestId('search-result');
  await expect(result).toHaveCount(1);
  await expect(result).toHaveText('财神到');
  await expect
    .poll(() => result.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await snap(page, 'games-search');
  await result.click();

  // The demo venue's slot page.
  await expect(page).toHaveURL(/\/venue\/demo\/game$/);
  await expect(page.getByRole('heading', { name: '财神到' })).toBeVisible();
  await expect(page.locator('#balance')).toHaveText('100.00');
  const spin = page.getByRole('button', { name: '旋转' });
  for (let round = 1; round <= 5; round++) {
    await spin.click();
    await expect(page.locator('#history li')).toHaveCount(round);
    await expect(spin).toBeEnabled();
  }
  const net = sum(await page.locator('#history li b').allTextContents());
  await expect(page.locator('#balance')).toHaveText(formatMoney(100 + net).replace(/,/g, ''));
  await snap(page, 'games-slot-five-rounds');

  await page.getByRole('link', { name: /返回/ }).click();
  await expect(page.getByTestId('home-page')).toBeVisible();

  // The venue's bets reach the platform every few seconds.
  await page.goto('/#/betRecord');
  const records = page.getByTestId('bet-record');
  await expect(async () => {
    await page.reload();
    await expect(records).toHaveCount(5, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByTestId('bet-status')).toHaveText(Array(5).fill('已结算'));
  for (const text of await records.allTextContents()) {
    expect(text).toContain('财神到');
    expect(text).toContain('OB电子');
  }
  expect(sum(await page.getByTestId('bet-win-loss').allTextContents())).toBe(net);
  await snap(page, 'games-bet-record');

  await page.goto('/#/money');
  await expect(venueTile(page, 'OB电子')).toContainText(formatMoney(100 + net));
});

test('electronic games: each tab is fetched once and keeps its list, also after leaving the page', async ({
  page,
}) => {
  const asked: string[] = [];
  // Counted by the answers: over HTTP/2 Chromium may report a request twice, an attempt it dropped
  // (no answer) and the one that was answered.
  page.on('response', (r) => {
    if (r.url().endsWith('/api/gamelistBycode'))
      asked.push((JSON.parse(r.request().postData() ?? '{}') as { gamecode: string }).gamecode);
  });
  await page.goto('/#/concise');
  await expect(tiles(page)).toHaveCount(8);
  await expect(tiles(page).first()).toHaveText('财神到');

  await page.getByRole('tab', { name: 'PP电子' }).click();
  await expect(tiles(page).first()).toHaveText('甜蜜盛宴');
  await page.getByRole('tab', { name: 'OB电子' }).click();
  await expect(tiles(page).first()).toHaveText('财神到');
  await page.getByRole('tab', { name: 'PP电子' }).click();
  await expect(tiles(page).first()).toHaveText('甜蜜盛宴');
  await expect(page).toHaveURL(/#\/concise\?type=pp$/);
  await snap(page, 'games-concise');

  // Away to another page of the app and back: the cached page shows the same tab and list.
  await page.goto('/#/search');
  await expect(page.getByPlaceholder('请输入关键词搜索')).toBeVisible();
  await page.goto('/#/concise');
  await expect(page.getByRole('tab', { name: 'PP电子' })).toHaveAttribute('aria-selected', 'true');
  await expect(tiles(page).first()).toHaveText('甜蜜盛宴');
  expect(asked).toEqual(['obgdy', 'pp']);

  // A visitor who taps a game is asked to log in.
  await tiles(page).first().click();
  await expect(toast(page, MSG.pleaseLogin)).toBeVisible();
});

test('home: the category list and hot tabs, and with automatic transfer a game opens with the central balance', async ({
  page,
  request,
}) => {
  const { token } = await fundedPlayer(request, 300);
  const auto = await request.post('/api/uptransferstatus', {
    headers: { authorization: `Bearer ${token}` },
    data: { transferstatus: 1 },
  });
  expect(((await auto.json()) as { code: number }).code).toBe(200);

  await openAs(page, token, '/');
  const categories = page.getByRole('tablist', { name: '游戏分类' });
  await expect(categories.getByRole('tab')).toHaveText([
    '热门',
    '电子',
    '真人',
    '电竞',
    '棋牌',
    '彩票',
    '体育',
  ]);
  await expect(tiles(page).first()).toBeVisible();
  await page.getByRole('tablist', { name: '热门' }).getByRole('tab', { name: '捕鱼' }).click();
  await expect(tiles(page)).toHaveText(['捕鱼达人', '深海捕鱼', '金蟾捕鱼', '李逵劈鱼', '龙王捕鱼']);
  await snap(page, 'games-home-fishing');

  await categories.getByRole('tab', { name: '真人' }).click();
  await expect(tiles(page).first()).toHaveText('经典百家乐');
  await snap(page, 'games-home-live');
  await tiles(page).first().click();

  // The central balance moved into the venue on launch: the table holds it all.
  await expect(page).toHaveURL(/\/venue\/demo\/game$/);
  await expect(page.locator('#balance')).toHaveText('300.00');
  await page.locator('[data-side="banker"]').click();
  await page.getByRole('button', { name: '发牌' }).click();
  await expect(page.locator('#history li')).toHaveCount(1);
  await snap(page, 'games-baccarat');
});
