import { MSG } from '@app/contract/messages';
import { PROTECTION_MSG } from '@app/contract/protection';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { E2E, PHONE } from '../playwright.config';
import { bindUsdt, fundedPlayer, loginViaUi, openAs, snap, toast } from './support';

/** A fresh login through the API (another device), answering its token. */
async function loginApi(request: APIRequestContext, name: string, userAgent: string): Promise<string> {
  const captcha = (await (await request.get('/api/captcha')).json()) as { data: { captcha_key: string } };
  const res = await request.post('/api/login_pc', {
    headers: { 'user-agent': userAgent },
    data: { name, password: 'secret123', code: E2E.captcha, captcha_key: captcha.data.captcha_key },
  });
  return ((await res.json()) as { data: { api_token: string } }).data.api_token;
}

const limitRow = (page: Page, kind: string, period: string) => page.getByTestId(`limit-${kind}-${period}`);

test('sets a daily deposit limit of 500 and is refused a deposit of 600 with what remains', async ({
  page,
  request,
}) => {
  const { token } = await fundedPlayer(request, 0);
  await bindUsdt(request, token);
  await openAs(page, token, '/mine');
  await page.getByText('负责任博彩', { exact: true }).click();
  await expect(page.getByTestId('protection-page')).toBeVisible();
  await expect(limitRow(page, 'deposit', 'day')).toContainText('未设置');
  await snap(page, 'protection');

  await limitRow(page, 'deposit', 'day').getByText('24小时').click();
  const sheet = page.getByRole('dialog', { name: '24小时充值限额' });
  await sheet.locator('#limit-amount').fill('500');
  await snap(page, 'protection-limit-sheet');
  await sheet.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, PROTECTION_MSG.limitSet)).toBeVisible();
  await expect(limitRow(page, 'deposit', 'day')).toContainText('$ 500.00');
  await expect(limitRow(page, 'deposit', 'day')).toContainText('已用 $ 0.00 · 剩余 $ 500.00');
  await expect(limitRow(page, 'deposit', 'day')).not.toContainText('元');
  await snap(page, 'protection-limit-set');

  await page.goto('/#/recharge');
  await page.getByRole('radiogroup', { name: '充值方式' }).getByText('银行卡', { exact: true }).click();
  await page.locator('#deposit-amount').fill('600');
  await page.getByPlaceholder('请输入存款人姓名').fill('钱多多');
  await page.locator('#depositor-bank').click();
  await page.getByRole('dialog', { name: '选择存款银行' }).getByRole('button', { name: '招商银行' }).click();
  await page.getByRole('button', { name: '立即充值' }).click();
  // 600 can never pass under a limit of 500: it is told so, not when the quota frees.
  await expect(toast(page, PROTECTION_MSG.depositAboveLimit('24小时', '$ 500.00'))).toBeVisible();
  await snap(page, 'protection-deposit-refused');

  // With 300 of it used, another 300 is told what remains and from when, the date on one line.
  const order = await request.post('/api/recharge', {
    headers: { authorization: `Bearer ${token}` },
    data: { paytype: 'card', amount: 300, bank_owner: '钱多多', bank: '招商银行' },
  });
  expect(((await order.json()) as { code: number }).code).toBe(200);
  await page.locator('#deposit-amount').fill('300');
  await page.getByRole('button', { name: '立即充值' }).click();
  const over = toast(page, '已超出24小时充值限额，当前剩余可充值$ 200.00，');
  await expect(over).toBeVisible();
  const dateLines = await over.evaluate((box) => {
    const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.search(/\d{4}-\d\d-\d\d/) ?? -1;
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + 19);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    }
    return 0;
  });
  expect(dateLines).toBe(1);
  await snap(page, 'protection-deposit-over-limit');
});

test('takes a 24-hour time-out, is logged out, logs in and is offered only withdrawal', async ({
  page,
  request,
}) => {
  const { name, token } = await fundedPlayer(request, 300);
  await openAs(page, token, '/protection');
  const timeout = page.getByTestId('restrict-timeout');
  await expect(timeout.getByRole('button', { name: '24小时', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await timeout.getByRole('button', { name: '开始24小时冷静期' }).click();
  const sheet = page.getByRole('dialog', { name: '24小时冷静期' });
  await sheet.locator('#restrict-paypassword').fill('paypass123');
  await snap(page, 'protection-timeout-sheet');
  await sheet.getByRole('button', { name: '开始24小时冷静期' }).click();
  await expect(page).toHaveURL(/#\/login/);
  // Every session ended: the token the page held is refused.
  const old = await request.post('/api/protection/state', { headers: { authorization: `Bearer ${token}` } });
  expect(old.status()).toBe(401);

  await loginViaUi(page, name, 'secret123');
  await expect(page).toHaveURL(/#\/protection/);
  const banner = page.getByTestId('restriction-banner');
  await expect(banner).toContainText('您正处于冷静期，至');
  await expect(page.getByTestId('limits-deposit')).toHaveCount(0);
  await snap(page, 'protection-timeout-login');
  // Withdrawal opens; other pages lead back here.
  await banner.getByRole('button', { name: '去取款' }).click();
  await expect(page).toHaveURL(/#\/withdrawal/);
  await snap(page, 'protection-timeout-withdrawal');
  await page.goto('/#/recharge');
  await expect(page).toHaveURL(/#\/protection/);
});

test('ends another session from the sessions list, whose next call is answered 认证失败', async ({
  page,
  browser,
  request,
}) => {
  const { name, token } = await fundedPlayer(request, 0);
  const other = await loginApi(
    request,
    name,
    'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
  );
  const otherDevice = await browser.newContext({ ...PHONE, baseURL: E2E.origin });
  const otherPage = await otherDevice.newPage();
  await openAs(otherPage, other, '/mine');
  await expect(otherPage.getByTestId('mine-page')).toBeVisible({ timeout: 30_000 });

  await openAs(page, token, '/userCent');
  await page.getByText('登录设备与近30天登录记录').click();
  await expect(page.getByTestId('security-page')).toBeVisible();
  const rows = page.getByTestId('session-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('本机');
  const android = rows.filter({ hasText: 'Chrome · Android' });
  await expect(page.getByTestId('logins')).toContainText('Chrome · Android');
  await snap(page, 'security');
  await android.getByRole('button', { name: '下线' }).click();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(toast(page, PROTECTION_MSG.sessionEnded)).toBeVisible();
  await expect(rows).toHaveCount(1);

  await otherPage.goto('/#/money');
  await expect(otherPage.getByText(MSG.authFailedTitle)).toBeVisible();
  await snap(otherPage, 'security-ended-elsewhere');
  await otherDevice.close();
});

test('the reality check reminds at the chosen interval with the time logged in and the net result', async ({
  page,
  request,
}) => {
  const { token } = await fundedPlayer(request, 100);
  await page.clock.install();
  await openAs(page, token, '/protection');
  // The reminder is scheduled once the app has read the session's login time, after the setting.
  const scheduled = page.waitForResponse((answer) => answer.url().includes('/api/protection/session'));
  await page.getByRole('button', { name: '15分钟', exact: true }).click();
  await expect(toast(page, PROTECTION_MSG.realityCheckSet)).toBeVisible();
  await scheduled;
  await page.goto('/#/');
  await page.clock.fastForward('15:30');
  const reminder = page.locator('.adm-dialog-body');
  await expect(reminder).toContainText('游戏时长提醒');
  await expect(reminder.getByTestId('reality-check')).toContainText('本次登录输赢：$ 0.00');
  await snap(page, 'reality-check');
  await reminder.getByText('查看投注记录').click();
  await expect(page).toHaveURL(/#\/betRecord/);
});

test('the help article on responsible gambling leads to the settings', async ({ page, request }) => {
  const { token } = await fundedPlayer(request, 0);
  await openAs(page, token, '/boutBallBetInfo?type=8');
  await page.getByRole('button', { name: '设置充值限额、冷静期与自我禁止' }).click();
  await expect(page.getByTestId('protection-page')).toBeVisible();
});
