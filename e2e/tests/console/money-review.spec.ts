import { MONEY_MSG } from '@app/contract/admin/money';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { fundedPlayer, openAs, operatorHeaders, snap } from '../support';
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

/** A bank-transfer deposit waiting for review: its order number. */
async function bankDeposit(request: APIRequestContext, token: string, amount: number) {
  const data = (await asPlayer(request, token, '/api/recharge', {
    paytype: 'card',
    amount,
    bank_owner: '钱多多',
    bank: '招商银行',
  })) as { deposit_no: string };
  return data.deposit_no;
}

test('finance claims and approves a bank deposit, a claimed order is refused to others, a large withdrawal needs a second approver, and the audit log shows each step', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(600_000);
  const player = await fundedPlayer(request, 7000);
  await asPlayer(request, player.token, '/api/bindcard', {
    bank_owner: '钱多多',
    bank: '中国银行',
    bank_no: '6217000010001234567',
    bank_address: '上海分行',
    pay_pass: 'paypass123',
  });
  const [card] = (await asPlayer(request, player.token, '/api/getcard', { type: 1 })) as { id: number }[];
  await asPlayer(request, player.token, '/api/withdraw', {
    amount: 6000,
    bank: card?.id,
    password: 'paypass123',
  });
  const approved = await bankDeposit(request, player.token, 500);
  const held = await bankDeposit(request, player.token, 300);

  const app = await phone(browser);
  await openAs(app.page, player.token, '/mine');
  await expect(app.page.getByText(/1,?000\.00/).first()).toBeVisible({ timeout: 30_000 });

  // 财务 signs in (password, then the authenticator), claims the deposit and approves it.
  await signInDemo(page, 'caiwu');
  await filterByPlayer(page, '充值审核', player.name);
  await expect(tableRow(page, approved)).toContainText('$500.00');
  await snap(page, 'console-deposit-queue');
  await tableRow(page, approved).getByRole('button', { name: '领取' }).click();
  await expect(tableRow(page, approved)).toContainText('caiwu');
  await tableRow(page, held).getByRole('button', { name: '领取' }).click();
  await expect(tableRow(page, held).getByRole('button', { name: '通过' })).toBeVisible();
  await tableRow(page, approved).getByRole('button', { name: '通过' }).click();
  await act(page, '审核通过', '银行流水已到账');
  await expect(page.getByText('已通过', { exact: true }).first()).toBeVisible();
  await expect(tableRow(page, approved)).toHaveCount(0);
  await snap(page, 'console-deposit-approved');

  // The player's balance grows in the player app.
  await app.page.reload();
  await expect(app.page.getByText(/1,?500\.00/).first()).toBeVisible();
  await snap(app.page, 'console-deposit-player-balance');

  // A second operator cannot decide the order 财务 holds: the console says who holds it, the API refuses.
  const admin = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signIn(admin, 'admin', process.env.E2E_SUPERADMIN_TOTP ?? '');
  await filterByPlayer(admin, '充值审核', player.name);
  await expect(tableRow(admin, held).getByRole('button', { name: 'caiwu 处理中' })).toBeDisabled();
  await snap(admin, 'console-deposit-claimed-by-other');
  const refused = await request.post('/admin/api/review/deposits/decide', {
    headers: operatorHeaders(),
    data: { order_no: held, decision: 'approve', note: '越过领取人审核' },
  });
  expect(await refused.json()).toEqual({ code: 409, message: MONEY_MSG.claimedByOther('caiwu') });

  // The withdrawal of 6,000.00 is above the four-eyes amount: 财务's approval is the first of two.
  await filterByPlayer(page, '取款审核', player.name);
  const withdrawal = tableRow(page, '$6,000.00');
  await expect(withdrawal).toContainText('需双人复核');
  await withdrawal.click();
  const drawer = page.getByRole('dialog').filter({ hasText: '风控信息' });
  await expect(drawer).toContainText('剩余打码量');
  await expect(drawer).toContainText('绑定 中国银行 6217000010001234567');
  await snap(page, 'console-withdrawal-risk');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await withdrawal.getByRole('button', { name: '领取' }).click();
  await withdrawal.getByRole('button', { name: '通过' }).click();
  await act(page, '审核通过', '风控核查无异常');
  await expect(page.getByText(MONEY_MSG.firstApproval).first()).toBeVisible();
  await expect(withdrawal).toContainText('已初审：caiwu');
  await expect(withdrawal).toContainText('待他人复核');
  await snap(page, 'console-withdrawal-first-approval');

  // The superadmin is the second approver; the withdrawal is then paid out.
  await filterByPlayer(admin, '取款审核', player.name);
  const second = tableRow(admin, '$6,000.00');
  await second.getByRole('button', { name: '领取' }).click();
  await second.getByRole('button', { name: '通过' }).click();
  await act(admin, '审核通过', '复核通过');
  await expect(admin.getByText('已通过', { exact: true }).first()).toBeVisible();
  await expect(second).toHaveCount(0);

  // The player's page: the ledger history, and a manual credit above the four-eyes amount waits.
  await admin.getByRole('menu').getByRole('link', { name: '玩家查询' }).click();
  const search = admin.getByRole('form', { name: '玩家查询条件' });
  await search.getByPlaceholder('输入关键词，留空列出全部').fill(player.name);
  await search.getByRole('button', { name: '查询' }).click();
  await tableRow(admin, player.name).click();
  await admin.getByRole('tab', { name: '账本流水' }).click();
  await expect(admin.getByRole('cell', { name: '充值入账' }).first()).toBeVisible();
  await snap(admin, 'console-player-ledger');
  await admin.getByRole('button', { name: '人工调账' }).click();
  await act(admin, '人工调账', '活动奖励补发', async (dialog) => {
    await dialog.getByLabel('金额', { exact: true }).fill('8000');
  });
  await expect(admin.getByText('金额超过双人复核金额，已提交，等待另一名操作员复核')).toBeVisible();
  await openMenu(admin, '人工调账');
  await expect(tableRow(admin, player.name)).toContainText('待他人复核');
  await snap(admin, 'console-adjustments');
  await openMenu(admin, '待结算转账');
  await snap(admin, 'console-pending-transfers');

  // 财务 approves the adjustment the superadmin asked for.
  await openMenu(page, '人工调账');
  await tableRow(page, player.name).getByRole('button', { name: '通过' }).click();
  await act(page, '复核通过', '已核对活动名单');
  await expect(page.getByText('复核通过，已入账')).toBeVisible();

  // The audit log shows each step with its operator and reason.
  await openMenu(admin, '审计日志');
  const filters = admin.getByRole('form', { name: '审计日志筛选' });
  await filters.getByPlaceholder('账号').fill('caiwu');
  await filters.getByRole('button', { name: '查询' }).click();
  for (const step of ['领取审核订单', '审核充值', '初审通过（待复核）', '复核人工调账']) {
    await expect(admin.getByRole('cell', { name: step, exact: true }).first(), step).toBeVisible();
  }
  await expect(tableRow(admin, '审核充值').first()).toContainText('银行流水已到账');
  await snap(admin, 'console-money-audit');
  await filters.getByPlaceholder('账号').fill('admin');
  await filters.getByRole('button', { name: '查询' }).click();
  await expect(admin.getByRole('cell', { name: '审核取款', exact: true }).first()).toBeVisible();
  await expect(admin.getByRole('cell', { name: '人工调账', exact: true }).first()).toBeVisible();
  await admin.close();
  await app.context.close();
});
