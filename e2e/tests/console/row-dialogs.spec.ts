import * as fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { ALONE } from '../../playwright.config';
import { operatorHeaders, snap } from '../support';
import { act, openMenu, signInDemo } from './console-support';

/** Issue 27 points 1 and 2: each dialog edits its own row; every list exports; content changes are reasoned. */

async function nothingChanged(page: Page, label: string) {
  const dialog = page.getByRole('dialog', { name: label, exact: true });
  await dialog.getByLabel('操作原因').fill('只是看看');
  await dialog.getByRole('button', { name: '下一步' }).click();
  await expect(dialog.getByText('没有修改任何内容，无需保存')).toBeVisible();
  await expect(page.getByRole('dialog', { name: `确认${label}？` })).toHaveCount(0);
}

async function auditReasons(request: Parameters<Parameters<typeof test>[2]>[0]['request'], action: string) {
  const res = await request.get('/admin/api/audit', {
    headers: operatorHeaders(),
    params: { action, page_size: 20 },
  });
  const rows = ((await res.json()).data.data ?? []) as { reason: string; target_id: string }[];
  return rows.map((r) => r.reason);
}

test('a channel’s and a game’s dialog opened after another row’s shows its own values; no change sends nothing', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInDemo(page, 'admin');
  await openMenu(page, '支付配置', '支付渠道');
  const rows = page.locator('tr.ant-table-row');
  const first = rows.nth(0);
  const second = rows.nth(1);
  await first.getByRole('button', { name: '修改' }).click();
  const dialog = page.getByRole('dialog', { name: '修改支付渠道', exact: true });
  const firstSort = await dialog.getByLabel('排序（越小越靠前）').inputValue();
  await dialog.getByRole('button', { name: /取\s?消/ }).click();
  await expect(dialog).toHaveCount(0);
  await second.getByRole('button', { name: '修改' }).click();
  const secondSort = ((await second.locator('td').nth(3).textContent()) ?? '').trim();
  await expect(dialog.getByLabel('排序（越小越靠前）')).toHaveValue(secondSort);
  expect(secondSort).not.toBe(firstSort);
  await snap(page, 'console-channel-own-values');
  await nothingChanged(page, '修改支付渠道');
  await snap(page, 'console-channel-nothing-changed');
  await dialog.getByRole('button', { name: /取\s?消/ }).click();

  await openMenu(page, '游戏管理');
  const games = page.locator('tr.ant-table-row');
  await expect(games.first()).toBeVisible();
  await games.nth(0).getByRole('button', { name: '设置' }).click();
  const game = page.getByRole('dialog', { name: '修改游戏设置', exact: true });
  await game.getByLabel('排序（越小越靠前）').fill('7');
  await game.getByRole('button', { name: /取\s?消/ }).click();
  await games.nth(1).getByRole('button', { name: '设置' }).click();
  await expect(game.getByLabel('排序（越小越靠前）')).not.toHaveValue('7');
  await nothingChanged(page, '修改游戏设置');
  // A change shows before and after, and only it is saved.
  const before = await game.getByLabel('排序（越小越靠前）').inputValue();
  await game.getByLabel('排序（越小越靠前）').fill(String(Number(before) + 1));
  await game.getByRole('button', { name: '下一步' }).click();
  const confirm = page.getByRole('dialog', { name: '确认修改游戏设置？' });
  const changes = confirm.getByRole('table', { name: '将要修改' });
  await expect(changes.locator('tbody tr')).toHaveCount(1);
  await expect(changes).toContainText(`排序${before}${Number(before) + 1}`);
  await snap(page, 'console-game-change-confirm');
  await confirm.getByRole('button', { name: '再想想' }).click();
  await game.getByRole('button', { name: /取\s?消/ }).click();
});

/** The CSV a list's 导出 CSV saves: its file name, its header and its lines. */
async function exported(page: Page, name: string) {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出 CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^${name}-\\d{4}-\\d\\d-\\d\\d\\.csv$`));
  const [header = '', ...lines] = fs
    .readFileSync((await file.path()) ?? '', 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  return { header, lines };
}

test('every list exports CSV: review queues, adjustments, pending transfers, games, applications, content', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInDemo(page, 'admin');
  const lists: [string, string, string][] = [
    ['充值审核', '充值审核', '订单号'],
    ['取款审核', '取款审核', '订单号'],
    ['人工调账', '人工调账', ''],
    ['待结算转账', '待结算转账', ''],
    ['游戏管理', '游戏管理', ''],
    ['活动申请', '活动申请', ''],
  ];
  for (const [menu, heading, column] of lists) {
    await openMenu(page, menu, heading);
    const { header, lines } = await exported(page, heading);
    if (column) expect(header).toContain(column);
    if (menu === '游戏管理') expect(lines.length).toBeGreaterThan(1);
  }

  // Each content list: its own columns, a line per row the list shows.
  await openMenu(page, '内容管理');
  const content: [string, string][] = [
    ['轮播图', '编号,标题,副标题,图片,跳转,状态,排序'],
    ['滚动公告', '编号,公告内容,状态,排序'],
    ['公告', '编号,标题,状态,发布时间'],
    ['活动', '编号,标题,活动类型,图片,状态,排序,创建时间'],
    ['活动类型', '编号,类型名称,排序'],
    ['帮助与条款', '文章,标题'],
    ['赞助', '编号,类型,标题,副标题,图片'],
  ];
  for (const [tab, columns] of content) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    const rows = page.getByRole('tabpanel').locator('tr.ant-table-row');
    await expect(page.getByRole('tabpanel').locator('.ant-table')).toBeVisible();
    const { header, lines } = await exported(page, tab);
    expect(header, tab).toBe(columns);
    expect(lines.length, tab).toBe(await rows.count());
  }
  await snap(page, 'console-content-export');
});

test('publishing and sending a message ask for a confirmation and a reason, which the audit row carries', {
  tag: ALONE,
}, async ({ page, request }) => {
  test.setTimeout(180_000);
  await signInDemo(page, 'admin');
  await openMenu(page, '内容管理');
  await page.getByRole('tab', { name: '滚动公告' }).click();
  const notice = page.getByRole('tabpanel', { name: '滚动公告' }).locator('tr.ant-table-row').first();
  const switchOf = notice.getByRole('switch');
  const was = await switchOf.getAttribute('aria-checked');
  await switchOf.click();
  const label = was === 'true' ? '下架滚动公告' : '发布滚动公告';
  await snap(page, 'console-content-publish-reason');
  await act(page, label, '节后调整公告');
  await expect(switchOf).toHaveAttribute('aria-checked', was === 'true' ? 'false' : 'true');
  expect(await auditReasons(request, 'content.publish')).toContain('节后调整公告');
  await switchOf.click();
  await act(page, was === 'true' ? '发布滚动公告' : '下架滚动公告', '恢复原状态');

  await openMenu(page, '站内信', '发送站内信');
  const form = page.locator('form').first();
  await form.getByLabel('玩家用户名').fill('demo888');
  await form.getByLabel('标题').fill('维护通知');
  await form.getByLabel('内容（HTML）').fill('<p>今晚维护</p>');
  await form.getByRole('button', { name: /发\s?送/ }).click();
  await act(page, '发送站内信', '系统维护提前告知');
  expect(await auditReasons(request, 'messages.send')).toContain('系统维护提前告知');
  await snap(page, 'console-message-sent');
});
