import { PAYMENT_MSG } from '@app/contract/payment-rules';
import { WALLET_SERVER_MSG } from '@app/contract/wallet-rules';
import { expect, test } from '@playwright/test';
import { ALONE } from '../../playwright.config';
import { fundedPlayer, openAs, operatorHeaders, snap, toast } from '../support';
import {
  act,
  asPlayer,
  filterByPlayer,
  openMenu,
  phone,
  signIn,
  signInDemo,
  tableRow,
} from './console-support';

test('运营 approves an agent application and the player’s 我的 shows the agent login entry', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const player = await fundedPlayer(request, 0);
  await asPlayer(request, player.token, '/api/applyagentdo', {
    mobile: '13812345678',
    apply_info: '有推广资源',
  });
  const app = await phone(browser);
  await openAs(app.page, player.token, '/mine');
  await expect(app.page.getByText('合营计划').first()).toBeVisible({ timeout: 30_000 });
  await expect(app.page.getByText('代理登录')).toHaveCount(0);

  await signInDemo(page, 'yunying');
  await filterByPlayer(page, '代理申请', player.name);
  await expect(tableRow(page, player.name)).toContainText('有推广资源');
  await tableRow(page, player.name).click();
  await expect(page.getByRole('dialog').filter({ hasText: '13812345678' })).toBeVisible();
  await snap(page, 'console-agent-application-drawer');
  await page.keyboard.press('Escape');
  await tableRow(page, player.name).getByRole('button', { name: '通过' }).click();
  await snap(page, 'console-agent-application-approve');
  await act(page, '通过代理申请', '推广资源已核实');
  await expect(page.getByText('已通过', { exact: true }).first()).toBeVisible();
  await expect(tableRow(page, player.name)).toHaveCount(0);
  await snap(page, 'console-agent-applications');

  await app.page.reload();
  await expect(app.page.getByText('代理登录').first()).toBeVisible({ timeout: 30_000 });
  await expect(app.page.getByText('合营计划')).toHaveCount(0);
  await snap(app.page, 'console-agent-approved-mine');

  // The activity queue, for the screenshot of its page.
  await asPlayer(request, player.token, '/api/activityApply', { id: 1 });
  await filterByPlayer(page, '活动申请', player.name);
  await tableRow(page, player.name).getByRole('button', { name: '通过' }).click();
  await snap(page, 'console-activity-application-approve');
  await act(page, '通过活动申请', '符合活动条件', async (dialog) => {
    await dialog.getByLabel('彩金（可选）').fill('18.8');
  });
  await openAs(app.page, player.token, '/activityRecord');
  await expect(app.page.getByTestId('application-state').first()).toHaveText('已通过');
  await snap(app.page, 'console-activity-approved-record');
  await app.context.close();
});

test('the superadmin puts a venue into maintenance and a player’s transfer into it is refused with its message', {
  tag: ALONE,
}, async ({ page, browser, request }) => {
  test.setTimeout(300_000);
  const player = await fundedPlayer(request, 200);
  await signIn(page, 'admin', process.env.E2E_SUPERADMIN_TOTP ?? '');
  await openMenu(page, '场馆管理');
  const pp = tableRow(page, 'PP电子');
  await expect(pp).toContainText('开放');
  await pp.getByRole('button', { name: '开始维护' }).click();
  await snap(page, 'console-venue-maintenance-confirm');
  try {
    await act(page, '开始维护', '场馆例行维护');
    await expect(pp).toContainText('维护中');
    await snap(page, 'console-venues');

    const app = await phone(browser);
    await openAs(app.page, player.token, '/transfer');
    await app.page.getByPlaceholder('请输入转账金额').fill('50');
    await app.page.locator('#transfer-target').click();
    await app.page
      .getByRole('dialog', { name: '选择转入钱包' })
      .getByRole('button', { name: /PP电子/ })
      .click();
    await app.page.getByRole('button', { name: '立即转账' }).click();
    await expect(toast(app.page, WALLET_SERVER_MSG.venueMaintenance('PP电子'))).toBeVisible();
    await snap(app.page, 'console-venue-maintenance-transfer-refused');
    await app.context.close();

    // The games page, for its screenshot and its edit dialog.
    await openMenu(page, '游戏管理');
    const form = page.getByRole('form', { name: '游戏筛选条件' });
    await form.getByPlaceholder('名称或代码').fill('pp001');
    await form.getByRole('button', { name: '查询' }).click();
    await expect(page.locator('tr.ant-table-row')).toHaveCount(1);
    await snap(page, 'console-games');
    await tableRow(page, 'pp001').getByRole('button', { name: '设置' }).click();
    await snap(page, 'console-game-edit');
    await page.getByRole('dialog', { name: '修改游戏设置' }).getByRole('button', { name: '取消' }).click();
  } finally {
    const res = await request.post('/admin/api/venues/pp/status', {
      headers: operatorHeaders(),
      data: { maintenance: false, reason: '维护结束' },
    });
    expect(res.status()).toBe(200);
  }
});

test('the superadmin changes a deposit channel’s range and /recharge says the new range', {
  tag: ALONE,
}, async ({ page, browser, request }) => {
  test.setTimeout(300_000);
  const player = await fundedPlayer(request, 0);
  await signIn(page, 'admin', process.env.E2E_SUPERADMIN_TOTP ?? '');
  await openMenu(page, '支付配置', '支付渠道');
  const usdt = page.locator('tr.ant-table-row').filter({ hasText: 'USDT' }).first();
  await expect(usdt).toContainText('$100.00 - $10,000.00');
  await snap(page, 'console-payments');
  await usdt.getByRole('button', { name: '修改' }).click();
  try {
    await act(page, '修改支付渠道', '调整USDT充值范围', async (dialog) => {
      await dialog.getByLabel('最低金额').fill('50');
      await dialog.getByLabel('最高金额').fill('500');
      await snap(page, 'console-payment-channel-edit');
    });
    await expect(usdt).toContainText('$50.00 - $500.00');

    const app = await phone(browser);
    await openAs(app.page, player.token, '/recharge');
    await app.page.locator('#deposit-amount').fill('600');
    await app.page.getByRole('button', { name: '立即充值' }).click();
    await expect(toast(app.page, PAYMENT_MSG.amountRange(50, 500))).toBeVisible();
    await snap(app.page, 'console-payment-range-recharge');
    await app.context.close();

    // The other configuration pages, for their screenshots.
    await page.getByRole('button', { name: '新增收款账户' }).click();
    await snap(page, 'console-receiving-account-new');
    await page.getByRole('dialog', { name: '新增收款账户' }).getByRole('button', { name: '取消' }).click();
    await openMenu(page, '红包配置');
    await snap(page, 'console-red-packets');
    await openMenu(page, 'VIP等级');
    await snap(page, 'console-vip');
    await page.locator('tr.ant-table-row').first().getByRole('button', { name: '修改' }).click();
    await snap(page, 'console-vip-edit');
    await page.getByRole('dialog', { name: '修改VIP等级' }).getByRole('button', { name: '取消' }).click();
    await openMenu(page, '站点设置');
    await page.getByRole('form', { name: '站点设置' }).getByLabel('客服地址').fill('javascript:alert(1)');
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('客服地址只能是 http:// 或 https:// 开头的地址，或本站路径')).toBeVisible();
    await snap(page, 'console-site');
  } finally {
    const res = await request.post('/admin/api/config/channels/usdt', {
      headers: operatorHeaders(),
      data: {
        enabled: true,
        sort: 1,
        amount_rule: { type: 'range', min: 100, max: 10000 },
        reason: '恢复默认',
      },
    });
    expect(res.status()).toBe(200);
  }
});
