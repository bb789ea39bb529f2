import { PAYMENT_MSG } from '@app/contract/payment-rules';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { bindUsdt, fundedPlayer, openAs, operatorHeaders, snap, toast } from './support';

const ALIPAY_AMOUNTS = [100, 200, 300, 500, 800, 1000, 2000, 3000];

/** Chooses a deposit channel by its name, as a player taps its tile. */
const chooseChannel = (page: Page, name: string) =>
  page.getByRole('radiogroup', { name: '充值方式' }).getByText(name, { exact: true }).click();
const amountField = (page: Page) => page.locator('#deposit-amount');
const submit = (page: Page, name = '立即充值') => page.getByRole('button', { name }).click();

/** The pending deposits the operator sees for one player, through the operator API. */
async function pendingDepositsOf(request: APIRequestContext, username: string) {
  const res = await request.get('/admin/api/deposits?state=1', {
    headers: operatorHeaders(),
  });
  expect(res.status()).toBe(200);
  const { data } = (await res.json()) as { data: { order_no: string; username: string }[] };
  return data.filter((d) => d.username === username);
}

async function balanceOf(request: APIRequestContext, token: string) {
  const res = await request.post('/api/balance', { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: { balance: number } }).data.balance;
}

test('deposits 200 through the sandbox checkout, sees the balance rise and the record', async ({
  page,
  request,
}) => {
  const { token } = await fundedPlayer(request, 0);
  await bindUsdt(request, token);
  await openAs(page, token, '/recharge');

  await chooseChannel(page, '支付宝');
  const amounts = page.getByRole('radiogroup', { name: '选择金额' });
  await expect(amounts.getByRole('radio')).toHaveCount(ALIPAY_AMOUNTS.length);
  await amounts.getByText('200', { exact: true }).click();
  await snap(page, 'recharge-alipay');
  await submit(page, '前往支付');

  await expect(page).toHaveURL(/\/pay\/checkout\//);
  await snap(page, 'sandbox-checkout');
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page.getByRole('status')).toHaveText('支付成功');
  await page.getByRole('link', { name: '返回商户' }).click();

  await expect(page).toHaveURL(/#\/recharge/);
  await expect(toast(page, PAYMENT_MSG.paid)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('pendingDeposit'))).toBeNull();
  expect(await balanceOf(request, token)).toBe(200);

  await page.goto('/#/money');
  await expect(page.getByTestId('central-balance')).toContainText('200.00');
  await page.goto('/#/transRecord');
  const record = page.getByTestId('trans-record').first();
  await expect(record).toContainText('支付宝');
  await expect(record).toContainText('+200.00');
  await expect(record.getByTestId('trans-state')).toHaveText('已到账');
  await snap(page, 'trans-record');
});

test('says 充值失败 when the payer cancels at the checkout, and lists the order as 失败', async ({
  page,
  request,
}) => {
  const { token } = await fundedPlayer(request, 0);
  await bindUsdt(request, token);
  await openAs(page, token, '/recharge');
  await chooseChannel(page, '微信');
  await amountField(page).fill('300');
  await submit(page, '前往支付');

  await page.getByRole('button', { name: '取消支付' }).click();
  await expect(page.getByRole('status')).toHaveText('支付已取消');
  await page.getByRole('link', { name: '返回商户' }).click();
  await expect(toast(page, PAYMENT_MSG.failed)).toBeVisible();
  expect(await balanceOf(request, token)).toBe(0);

  // Cancelled at the gateway: failed, not waiting for a review nobody will make.
  await page.goto('/#/transRecord');
  const record = page.getByTestId('trans-record').first();
  await expect(record).toContainText('微信');
  await expect(record.getByTestId('trans-state')).toHaveText('失败');
  await snap(page, 'trans-record-cancelled');
});

test('a bank deposit waits for review, and the balance rises once the operator approves it', async ({
  page,
  request,
}) => {
  const { name, token } = await fundedPlayer(request, 0);
  await bindUsdt(request, token);
  await openAs(page, token, '/recharge');
  await chooseChannel(page, '银行卡');

  const account = page.getByRole('region', { name: '收款账户' });
  await expect(account.getByTestId('receiving-number')).not.toBeEmpty();
  await amountField(page).fill('300');
  await page.getByPlaceholder('请输入存款人姓名').fill('钱多多');
  await page.locator('#depositor-bank').click();
  await page.getByRole('dialog', { name: '选择存款银行' }).getByRole('button', { name: '招商银行' }).click();
  await snap(page, 'recharge-bank');
  await submit(page);

  await expect(toast(page, PAYMENT_MSG.submitted)).toBeVisible();
  await expect(amountField(page)).toHaveValue('');
  const [pending] = await pendingDepositsOf(request, name);
  expect(pending).toBeDefined();
  expect(await balanceOf(request, token)).toBe(0);

  const approve = await request.post('/admin/api/deposits/approve', {
    headers: operatorHeaders(),
    data: { order_no: pending?.order_no },
  });
  expect(approve.status()).toBe(200);

  await page.goto('/#/money');
  await expect(page.getByTestId('central-balance')).toContainText('300.00');
  await page.goto('/#/transRecord');
  await expect(page.getByTestId('trans-record').first().getByTestId('trans-state')).toHaveText('已通过');
});

test('a USDT order opens its page, whose countdown runs', async ({ page, request }) => {
  const { token } = await fundedPlayer(request, 0);
  await bindUsdt(request, token);
  await openAs(page, token, '/recharge');
  await expect(page.getByRole('radio', { name: 'USDT' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'TRC20' })).toBeChecked();
  await page.getByRole('radiogroup', { name: '钱包协议' }).getByText('ERC20').click();
  await amountField(page).fill('150');
  await submit(page);

  await expect(page).toHaveURL(/#\/payInfo\?deposit_no=/);
  await expect(page.getByTestId('pay-amount')).toHaveText('150.00U');
  const countdown = page.getByTestId('pay-countdown');
  await expect(countdown).toHaveText(/^请在(59:\d\d|60:00)内完成支付$/);
  const first = await countdown.textContent();
  await expect(countdown).not.toHaveText(first ?? '', { timeout: 3_000 });
  await expect(page.getByText(PAYMENT_MSG.autoCredit)).toBeVisible();
  await expect(page.getByTestId('pay-address')).toHaveText(/^0x[0-9a-fA-F]{40}$/);
  const detail = (term: string) =>
    page.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd');
  await expect(detail('钱包协议')).toHaveText('ERC20');
  await expect(detail('支付方式')).toHaveText('USDT');
  const qr = page.getByRole('img', { name: '付款二维码' });
  await expect(qr).toBeVisible();
  // Shown before it has loaded on a busy machine: asked again until it has.
  await expect
    .poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  await snap(page, 'pay-info-usdt');

  await page.getByRole('button', { name: '资金明细' }).click();
  await expect(page).toHaveURL(/#\/transRecord/);
  await expect(page.getByTestId('trans-record').first().getByTestId('trans-state')).toHaveText('待审核');
});

test('a visitor holding the link to their order sees it; one without its token is sent to login', async ({
  page,
  browser,
  request,
}) => {
  const { token } = await fundedPlayer(request, 0);
  await bindUsdt(request, token);
  await openAs(page, token, '/recharge');
  await amountField(page).fill('120');
  await submit(page);
  await expect(page).toHaveURL(/#\/payInfo\?deposit_no=DP\d+&order_token=[\w-]+$/);
  await expect(page.getByTestId('pay-amount')).toHaveText('120.00U');
  const link = new URL(page.url());
  const orderPage = link.hash.slice(1);
  const depositNo = new URLSearchParams(orderPage.split('?')[1]).get('deposit_no') ?? '';

  // Another browser with no session: the link shows the order, its QR code included.
  const visitor = await browser.newPage();
  try {
    await visitor.goto(`/#${orderPage}`);
    await expect(visitor.getByTestId('pay-amount')).toHaveText('120.00U');
    await expect(visitor.getByTestId('pay-address')).toHaveText(/^T\w{33}$/);
    const qr = visitor.getByRole('img', { name: '付款二维码' });
    await expect(qr).toBeVisible();
    // Shown before it has loaded on a busy machine: asked again until it has.
    await expect
      .poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await snap(visitor, 'pay-info-visitor');

    // The deposit number alone: login, with the way back, and no 认证失败 dialog.
    await visitor.goto(`/#/payInfo?deposit_no=${depositNo}`);
    await expect(visitor).toHaveURL(
      `/#/login?redirect=${encodeURIComponent(`/payInfo?deposit_no=${depositNo}`)}`,
    );
    await expect(visitor.getByRole('form', { name: '登录' })).toBeVisible();
    await expect(visitor.getByText('认证失败')).toHaveCount(0);
    await expect(visitor.getByTestId('pay-amount')).toHaveCount(0);

    // A wrong token shows nothing of the order.
    await visitor.goto(`/#/payInfo?deposit_no=${depositNo}&order_token=AAAAAAAAAAAAAAAAAAAAAA`);
    await expect(visitor.getByText('充值信息加载失败')).toBeVisible();
    await expect(visitor.getByTestId('pay-amount')).toHaveCount(0);
  } finally {
    await visitor.close();
  }
});

test('the deposit form says each rule of spec 5, and warns a player without cards', async ({
  page,
  request,
}) => {
  const { token } = await fundedPlayer(request, 0);
  await openAs(page, token, '/recharge');

  const warning = page.getByRole('alert').filter({ hasText: PAYMENT_MSG.noCard });
  await expect(warning).toBeVisible();
  await snap(page, 'recharge-no-card');

  // USDT: the range of getPayRange.
  await submit(page);
  await expect(toast(page, PAYMENT_MSG.amountRange(100, 10000))).toBeVisible();
  await amountField(page).fill('10001');
  await submit(page);
  await expect(toast(page, PAYMENT_MSG.amountRange(100, 10000))).toBeVisible();

  // Bank: the range, then the depositor's name, then the bank.
  await chooseChannel(page, '银行卡');
  await submit(page);
  await expect(toast(page, PAYMENT_MSG.amountRange(100, 10000))).toBeVisible();
  await amountField(page).fill('100');
  await submit(page);
  await expect(toast(page, PAYMENT_MSG.depositorName)).toBeVisible();
  await page.getByPlaceholder('请输入存款人姓名').fill('钱多多');
  await submit(page);
  await expect(toast(page, PAYMENT_MSG.depositorBank)).toBeVisible();

  // Online channels: a range, or a list of fixed amounts.
  await chooseChannel(page, '微信');
  await amountField(page).fill('199');
  await submit(page, '前往支付');
  await expect(toast(page, PAYMENT_MSG.rangeAmount(200, 2000))).toBeVisible();
  await chooseChannel(page, '支付宝');
  await submit(page, '前往支付');
  await expect(toast(page, PAYMENT_MSG.fixedAmount(ALIPAY_AMOUNTS))).toBeVisible();
  await chooseChannel(page, '云闪付');
  await submit(page, '前往支付');
  await expect(toast(page, PAYMENT_MSG.fixedAmount([30, 50]))).toBeVisible();

  await warning.getByRole('button', { name: '前往绑定' }).click();
  await expect(page).toHaveURL(/#\/wallet/);
});
