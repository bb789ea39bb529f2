import * as zlib from 'node:zlib';
import { deflateSync } from 'node:zlib';
import type { Report } from '@app/contract/admin/reports';
import { beijingDay } from '@app/contract/time';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { ALONE } from '../../playwright.config';
import { fundedPlayer, openAs, operatorHeaders, snap } from '../support';
import { act, openMenu, phone, signIn, signInDemo, tableRow } from './console-support';

/** A 750x300 PNG: a gold-to-purple gradient, as an operator's banner picture would be. */
function bannerPng(): Buffer {
  const [width, height] = [750, 300];
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = y * (width * 3 + 1) + 1 + x * 3;
      rows[at] = 120 + Math.round((x / width) * 110);
      rows[at + 1] = 60 + Math.round((y / height) * 90);
      rows[at + 2] = 160 - Math.round((x / width) * 100);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function operatorCall(request: APIRequestContext, path: string, data?: object) {
  const res = data
    ? await request.post(`/admin/api/${path}`, { headers: operatorHeaders(), data })
    : await request.get(`/admin/api/${path}`, { headers: operatorHeaders() });
  const envelope = (await res.json()) as { code: number; message: string; data: unknown };
  expect(envelope.code, `${path}: ${envelope.message}`).toBe(200);
  return envelope.data;
}

test('运营 publishes a banner and a scrolling notice, previews an announcement, and a player sees them on home', {
  tag: ALONE,
}, async ({ page, browser, request }) => {
  test.setTimeout(150_000);
  await signInDemo(page, 'yunying');
  await openMenu(page, '内容管理');
  await snap(page, 'console-content-banners');

  await page.getByRole('button', { name: '新建轮播图' }).click();
  const drawer = page.getByRole('dialog');
  /** A form field by its label, with or without the required mark. */
  const field = (label: string) => drawer.getByRole('textbox', { name: new RegExp(`^(\\* )?${label}$`) });
  await field('标题').fill('新春狂欢节');
  await field('跳转地址').fill('/activity');
  await drawer.locator('input[type=file]').setInputFiles({
    name: 'banner.png',
    mimeType: 'image/png',
    buffer: bannerPng(),
  });
  await expect(page.getByText('已上传（750×300）')).toBeVisible();
  await expect(drawer.getByPlaceholder('/media/... 或 https://...')).toHaveValue(
    /^\/media\/[0-9a-f]{32}\.png$/,
  );
  await snap(page, 'console-content-banner-form');
  const image = await drawer.getByPlaceholder('/media/... 或 https://...').inputValue();
  await drawer.getByRole('button', { name: '保存' }).click();
  await act(page, '保存轮播图', '春节活动上线');
  await expect(tableRow(page, '新春狂欢节')).toBeVisible();
  // First in the carousel: moved up to the top.
  const row = tableRow(page, '新春狂欢节');
  while (await row.getByRole('button', { name: '上移' }).isEnabled()) {
    await row.getByRole('button', { name: '上移' }).click();
    await act(page, '调整轮播图顺序', '春节活动置顶');
    await page.waitForTimeout(300);
  }
  await expect(page.locator('tr.ant-table-row').first()).toContainText('新春狂欢节');
  await snap(page, 'console-content-banner-saved');

  await page.getByRole('tab', { name: '滚动公告' }).click();
  await page.getByRole('button', { name: '新建滚动公告' }).click();
  await field('公告内容').fill('新春狂欢节火热进行中，存款即送红包！');
  await drawer.getByRole('button', { name: '保存' }).click();
  await act(page, '保存滚动公告', '春节活动公告');
  await expect(tableRow(page, '新春狂欢节火热进行中')).toBeVisible();

  await page.getByRole('tab', { name: '公告', exact: true }).click();
  await page.getByRole('button', { name: '新建公告' }).click();
  await field('标题').fill('春节期间出款安排');
  await field('内容').fill(
    '<h3>出款时间</h3><p>春节期间<b>照常出款</b>。</p><script>alert(1)</script><ul><li>初一至初七</li></ul>',
  );
  await drawer.getByRole('button', { name: '预览（玩家端效果）' }).click();
  const preview = drawer.getByTestId('player-preview');
  await expect(preview).toContainText('照常出款');
  await expect(preview.locator('script')).toHaveCount(0);
  await snap(page, 'console-content-notice-preview');
  await drawer.getByRole('button', { name: '保存' }).click();
  await act(page, '保存公告', '春节出款安排');
  await expect(tableRow(page, '春节期间出款安排')).toBeVisible();

  await page.getByRole('tab', { name: '欢迎弹窗' }).click();
  await expect(page.getByLabel('弹窗内容（HTML）')).toBeVisible();
  await snap(page, 'console-content-welcome');
  await openMenu(page, '站内信', '发送站内信');
  await snap(page, 'console-messages');

  const player = await fundedPlayer(request, 0);
  const app = await phone(browser);
  await openAs(app.page, player.token, '/');
  await expect(app.page.getByTestId('banner').first().locator('img')).toHaveAttribute('src', image);
  await expect(app.page.getByTestId('notice-bar')).toContainText('新春狂欢节火热进行中');
  await snap(app.page, 'player-home-published-banner');
  await app.page.goto('/#/message');
  await expect(app.page.getByText('春节期间出款安排')).toBeVisible();
  await snap(app.page, 'player-message-announcement');
  await app.context.close();

  // A delete is confirmed with a reason, as the reorder was; the audit rows carry them.
  await openMenu(page, '内容管理');
  await page.getByRole('tab', { name: '公告', exact: true }).click();
  await tableRow(page, '春节期间出款安排').getByRole('button', { name: '删除' }).click();
  await act(page, '删除公告', '春节已结束');
  await expect(tableRow(page, '春节期间出款安排')).toHaveCount(0);
  for (const [action, reason] of [
    ['content.delete', '春节已结束'],
    ['content.edit', '春节活动置顶'],
  ]) {
    const audit = (await operatorCall(request, `audit?action=${action}&page_size=50`)) as {
      data: { reason: string }[];
    };
    expect(audit.data.map((r) => r.reason)).toContain(reason);
  }

  // Put home back as the other specs expect it.
  for (const kind of ['banners', 'home-notices', 'notices']) {
    const rows = (await operatorCall(request, `content/${kind}`)) as {
      id: string;
      title?: string;
      text?: string;
    }[];
    for (const r of rows.filter(
      (x) => (x.title ?? x.text ?? '').includes('新春') || x.title === '春节期间出款安排',
    ))
      await operatorCall(request, `content/${kind}/${r.id}/delete`, { reason: '测试后清理' });
  }
});

test("the superadmin reads today's report and the dashboard after a day of deposits, credits and play", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const player = await fundedPlayer(request, 300);
  const order = (
    (await (
      await request.post('/api/recharge', {
        headers: { authorization: `Bearer ${player.token}` },
        data: { paytype: 'card', amount: 500, bank_owner: '钱多多', bank: '招商银行' },
      })
    ).json()) as { data: { deposit_no: string } }
  ).data.deposit_no;
  await operatorCall(request, 'deposits/approve', { order_no: order });
  // A few rounds at the demo venue's slot, through the player's own calls.
  const auth = { authorization: `Bearer ${player.token}` };
  await request.post('/api/transfer', {
    headers: auth,
    data: { amount: 100, sourcetype: 'userbalance', targettype: 'obgdy' },
  });
  const launch = (await (
    await request.post('/api/getGameUrl', {
      headers: auth,
      data: { plat_name: 'obgdy', game_code: 'obgdy001', game_type: 0, is_mobile_url: 1 },
    })
  ).json()) as { data: { url: string } };
  await request.get(launch.data.url);
  for (let i = 0; i < 5; i++)
    expect((await request.post('/venue/demo/api/play', { data: { stake: 2 } })).ok()).toBe(true);
  const today = beijingDay(new Date());
  const read = async () => (await operatorCall(request, `reports?from=${today}&to=${today}`)) as Report;
  // The bets arrive with the venue's feed (every 2 seconds).
  await expect
    .poll(async () => (await read()).total.bets.count, { timeout: 30_000 })
    .toBeGreaterThanOrEqual(5);
  const report = await read();
  expect(report.total.deposits.amount).toBeGreaterThanOrEqual(500);
  expect(report.total.bonuses.manual_credits).toBeGreaterThanOrEqual(300);

  await signIn(page, 'admin', process.env.E2E_SUPERADMIN_TOTP ?? '');
  await expect(page.getByText(`今日概况（${today}，北京时间）`)).toBeVisible();
  await expect(page.getByRole('img', { name: '近期趋势图' }).locator('canvas')).toBeVisible();
  await snap(page, 'console-dashboard');

  await openMenu(page, '报表');
  // Other specs keep playing and depositing today: the page shows at least what the API said, and
  // its total row agrees with its own figure.
  const figure = async (name: string) => {
    const text =
      (await page
        .locator('.ant-statistic')
        .filter({ hasText: name })
        .locator('.ant-statistic-content')
        .textContent()) ?? '';
    return { text, value: Number(text.replace(/[^\d.]/g, '')) };
  };
  await expect
    .poll(async () => (await figure('充值金额')).value)
    .toBeGreaterThanOrEqual(report.total.deposits.amount);
  await expect(page.locator('tr.ant-table-row').filter({ hasText: '合计' })).toContainText(
    (await figure('充值金额')).text,
  );
  await expect
    .poll(async () => (await figure('注单数')).value)
    .toBeGreaterThanOrEqual(report.total.bets.count);
  await expect(page.getByText('场馆盈亏（投注减派彩）')).toBeVisible();
  await snap(page, 'console-reports-today');
  await page.getByRole('button', { name: '近7天' }).click();
  await expect(page.getByRole('img', { name: '近期趋势图' })).toBeVisible();
  await snap(page, 'console-reports-week');
  const download = page.waitForEvent('download');
  // The page's first CSV is the days' report (the second, 每月佣金's, is below it).
  await page.getByRole('button', { name: '导出 CSV' }).first().click();
  expect((await download).suggestedFilename()).toMatch(/^报表_.*\.csv$/);
});
