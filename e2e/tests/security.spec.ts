import { TWO_FACTOR_MSG } from '@app/contract/two-factor-rules';
import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import { ALONE, E2E } from '../playwright.config';
import { bearer, bindUsdt, fundedPlayer, loginViaUi, openAs, operatorHeaders, snap, toast } from './support';

test('binds 谷歌验证器 on 账户安全 with a QR code and a first code, then logs in with a code', async ({
  page,
  request,
}) => {
  const { name, token } = await fundedPlayer(request, 0);
  await openAs(page, token, '/security');
  const section = page.getByTestId('two-factor');
  await expect(section).toContainText('未开启');
  await section.getByRole('button', { name: '绑定' }).click();
  const sheet = page.getByRole('dialog', { name: '绑定谷歌验证器' });
  const qr = sheet.getByRole('img', { name: '绑定谷歌验证器' });
  await expect(qr).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
  await expect
    .poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  const secret = ((await sheet.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await snap(page, 'security-two-factor-enrol');
  await sheet.locator('#totp-first-code').fill(await generate({ secret }));
  await sheet.getByRole('button', { name: '确认绑定' }).click();
  await expect(toast(page, TWO_FACTOR_MSG.enabled)).toBeVisible();
  const codes = page
    .getByRole('dialog', { name: '请保存恢复码' })
    .getByTestId('recovery-codes')
    .locator('li');
  await expect(codes).toHaveCount(10);
  await snap(page, 'security-two-factor-recovery-codes');
  await page.getByRole('button', { name: '复制全部恢复码' }).click();
  await expect(toast(page, '复制成功！')).toBeVisible();
  await page.getByRole('button', { name: '我已保存' }).click();
  await expect(section).toContainText('已开启');
  await expect(section).toContainText('剩余恢复码 10 个');
  await snap(page, 'security-two-factor-on');

  // Logged out, the login asks for the code in the same step, after the password: no refusal shown,
  // the captcha kept as typed.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/#/login');
  await loginViaUi(page, name, 'secret123');
  const form = page.getByRole('form', { name: '登录' });
  const code = form.getByPlaceholder('请输入谷歌验证码或恢复码');
  await expect(code).toBeFocused();
  await expect(form.getByRole('status')).toHaveText(TWO_FACTOR_MSG.required);
  await expect(form.getByPlaceholder('请输入验证码')).toHaveValue(E2E.captcha);
  await expect(toast(page, TWO_FACTOR_MSG.required)).toHaveCount(0);
  await snap(page, 'security-two-factor-login');
  // The enrolment spent this step's code: the next step's, which the server accepts as drift.
  await code.fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await snap(page, 'security-two-factor-login-code');
  await form.getByRole('button', { name: '登录' }).click();
  await expect(page).not.toHaveURL(/#\/login/);
  await page.goto('/#/security');
  await page.reload();
  await expect(page.getByTestId('logins')).toContainText('登录成功');
  await snap(page, 'security-two-factor-logged-in');
});

test('the reality check reminds on the demo venue’s game page with the time logged in and the net result', async ({
  page,
  request,
}) => {
  const { token } = await fundedPlayer(request, 100);
  const set = await request.post('/api/protection/reality-check', {
    headers: bearer(token),
    data: { minutes: 15 },
  });
  expect(((await set.json()) as { code: number }).code).toBe(200);
  const launch = await request.post('/api/getGameUrl', {
    headers: bearer(token),
    data: { plat_name: 'obgdy', game_type: 0, game_code: 'obgdy001', is_mobile_url: 1 },
  });
  const { url } = ((await launch.json()) as { data: { url: string } }).data;
  const { pathname, search } = new URL(url, 'http://venue.invalid');
  await page.clock.install();
  await page.goto(`${pathname}${search}`);
  // The page has asked the venue for its state (and so scheduled the reminder) once it says the balance is 0.
  await expect(page.getByText('场馆余额为 0，请先返回转入')).toBeVisible();
  await page.clock.fastForward('15:30');
  const reminder = page.getByRole('dialog', { name: '游戏时长提醒' });
  await expect(reminder).toContainText('本次登录时长');
  await expect(reminder).toContainText('本次登录输赢：$ 0.00');
  await snap(page, 'reality-check-game-page');
  await reminder.getByRole('button', { name: '继续游戏' }).click();
  await expect(reminder).toHaveCount(0);
});

test('a newly bound address shows in the withdrawal picker when it becomes usable, and is refused before', {
  tag: ALONE,
}, async ({ page, request }) => {
  const setWait = async (hours: number) => {
    const res = await request.post('/admin/api/settings/card-wait', {
      headers: operatorHeaders(),
      data: { hours, reason: '浏览器测试：新收款账户等待' },
    });
    expect(res.status()).toBe(200);
  };
  await setWait(24);
  try {
    const { token } = await fundedPlayer(request, 300);
    await bindUsdt(request, token);
    await openAs(page, token, '/withdrawal');
    await page.locator('#withdraw-card').click();
    const sheet = page.getByRole('dialog', { name: '选择USDT地址' });
    await expect(sheet.getByTestId('card-waiting')).toContainText(
      /^新绑定，\d{4}-\d\d-\d\d \d\d:\d\d:\d\d后可用于取款$/,
    );
    await snap(page, 'withdrawal-picker-waiting');
    await sheet.getByRole('button').filter({ hasText: 'TRC20' }).first().click();
    await page.locator('#withdraw-amount').fill('100');
    await page.locator('#withdraw-password').fill('paypass123');
    await page.getByRole('button', { name: '立即取款' }).click();
    await expect(toast(page, '该收款账户为新绑定')).toBeVisible();
    await snap(page, 'withdrawal-refused-waiting');
  } finally {
    await setWait(0);
  }
});
