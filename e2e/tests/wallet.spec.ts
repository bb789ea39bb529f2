import { WALLET_MSG } from '@app/contract/wallet-rules';
import { expect, type Page, test } from '@playwright/test';
import { bindUsdt, fundedPlayer, openAs, snap, TRC20_ADDRESS, toast } from './support';

const central = (page: Page) => page.getByTestId('central-balance');
const venueTile = (page: Page, name: string) =>
  page.getByTestId('venue-grid').getByRole('listitem').filter({ hasText: name });

test('binds a USDT address and sees it in card management, masked to its last 4', async ({
  page,
  request,
}) => {
  const { token } = await fundedPlayer(request, 0);
  await openAs(page, token, '/addUsdtCard');
  await page.getByPlaceholder('请输入或粘贴USDT地址').fill(TRC20_ADDRESS);
  await page.getByPlaceholder('请输入6-18位支付密码').fill('paypass123');
  await snap(page, 'add-usdt-card');
  await page.getByRole('button', { name: '确认绑定' }).click();
  await expect(toast(page, WALLET_MSG.bound)).toBeVisible();
  await expect(page).toHaveURL(/#\/wallet/);
  const tile = page.getByTestId('card-tile').first();
  await expect(tile).toContainText('TRC20');
  await expect(tile).toContainText(`**** ${TRC20_ADDRESS.slice(-4)}`);
  await expect(page.getByText(TRC20_ADDRESS)).toHaveCount(0);
  await snap(page, 'wallet-cards');
});

test('transfers 100 into a venue, sees both balances change, then recovers all', async ({
  page,
  request,
}) => {
  const { token } = await fundedPlayer(request, 500);
  await openAs(page, token, '/transfer');
  await expect(central(page)).toContainText('500.00');
  await page.getByPlaceholder('请输入转账金额').fill('100');
  await page.getByRole('button', { name: '立即转账' }).click();
  await expect(toast(page, '转账成功')).toBeVisible();
  await expect(central(page)).toContainText('400.00');
  await expect(venueTile(page, 'OB电子')).toContainText('100.00');
  await expect(page.getByTestId('game-balance')).toContainText('100.00');
  await snap(page, 'transfer-after');

  await page.getByRole('button', { name: '一键回收' }).first().click();
  await expect(toast(page, '回收成功')).toBeVisible();
  await expect(central(page)).toContainText('500.00');
  await expect(venueTile(page, 'OB电子')).toContainText('0.00');
});

test('the transfer form refuses an empty amount, then venue to venue', async ({ page, request }) => {
  const { token } = await fundedPlayer(request, 50);
  await openAs(page, token, '/transfer');
  await page.getByRole('button', { name: '立即转账' }).click();
  await expect(toast(page, WALLET_MSG.transferAmount)).toBeVisible();

  await page.getByPlaceholder('请输入转账金额').fill('10');
  await page.locator('#transfer-source').click();
  await page
    .getByRole('dialog', { name: '选择转出钱包' })
    .getByRole('button', { name: /PP电子/ })
    .click();
  await page.locator('#transfer-target').click();
  await page
    .getByRole('dialog', { name: '选择转入钱包' })
    .getByRole('button', { name: /AE电子/ })
    .click();
  await page.getByRole('button', { name: '立即转账' }).click();
  await expect(toast(page, WALLET_MSG.venueToVenue)).toBeVisible();
});

test('the withdrawal form says each rule in order, on both tabs', async ({ page, request }) => {
  const { token } = await fundedPlayer(request, 300);
  await bindUsdt(request, token);
  await openAs(page, token, '/withdrawal');
  const submit = page.getByRole('button', { name: '立即取款' });

  await submit.click();
  await expect(toast(page, WALLET_MSG.withdrawUsdt)).toBeVisible();
  await page
    .getByRole('tab', { name: '银行卡取款' })
    .or(page.getByText('银行卡取款', { exact: true }))
    .first()
    .click();
  await submit.click();
  await expect(toast(page, WALLET_MSG.withdrawCard)).toBeVisible();

  await page.getByText('USDT取款', { exact: true }).first().click();
  await page.locator('#withdraw-card').click();
  await page
    .getByRole('dialog', { name: '选择USDT地址' })
    .getByRole('button')
    .filter({ hasText: 'TRC20' })
    .first()
    .click();
  await expect(page.getByTestId('withdraw-fee')).toContainText('1.00 USDT');
  await page.locator('#withdraw-amount').fill('99');
  await submit.click();
  await expect(toast(page, WALLET_MSG.withdrawMin)).toBeVisible();
  await page.locator('#withdraw-amount').fill('100');
  await submit.click();
  await expect(toast(page, WALLET_MSG.withdrawPassword)).toBeVisible();
});

test('withdraws 100 to a USDT address and lands on the records page', async ({ page, request }) => {
  const { token } = await fundedPlayer(request, 300);
  await bindUsdt(request, token);
  await openAs(page, token, '/withdrawal');
  await expect(central(page)).toContainText('300.00');
  await page.locator('#withdraw-card').click();
  await page
    .getByRole('dialog', { name: '选择USDT地址' })
    .getByRole('button')
    .filter({ hasText: 'TRC20' })
    .first()
    .click();
  await page.locator('#withdraw-amount').fill('100');
  await page.locator('#withdraw-password').fill('paypass123');
  await snap(page, 'withdrawal-filled');
  await page.getByRole('button', { name: '立即取款' }).click();
  await expect(toast(page, WALLET_MSG.submitted)).toBeVisible();
  await expect(page).toHaveURL(/#\/transRecord/, { timeout: 5_000 });
  const balance = await request.post('/api/balance', { headers: { authorization: `Bearer ${token}` } });
  expect(((await balance.json()) as { data: { balance: number } }).data.balance).toBe(200);
});
