import { MSG } from '@app/contract/messages';
import { expect, test } from '@playwright/test';
import { bearer, DEMO, fillRegister, fundedPlayer, loginViaUi, newUsername, snap, toast } from './support';

test('registers and lands on home logged in with a balance', async ({ page }) => {
  const name = newUsername();
  await page.goto('/#/login?type=1');
  const form = await fillRegister(page, { name });
  await snap(page, 'register-form');
  await form.getByRole('button', { name: '注册' }).click();

  await expect(page).toHaveURL(/#\/$/);
  const box = page.getByTestId('user-box');
  await expect(box.getByTestId('username')).toHaveText(name);
  await expect(box).toContainText('0.00');
  expect(await page.evaluate(() => localStorage.length)).toBeGreaterThan(0);
  await snap(page, 'home-after-register');
});

test('shows each register rule in spec order, the terms first', async ({ page }) => {
  await page.goto('/#/login?type=1');
  const form = await fillRegister(page, { name: 'abc' });
  await form.getByTestId('register-terms').click();
  await form.getByRole('button', { name: '注册' }).click();
  await expect(toast(page, MSG.termsUnchecked)).toBeVisible();

  await form.getByTestId('register-terms').click();
  await form.getByRole('button', { name: '注册' }).click();
  await expect(toast(page, MSG.registerName.trim())).toBeVisible();

  await fillRegister(page, { name: newUsername(), confirm: 'different1' });
  await form.getByRole('button', { name: '注册' }).click();
  await expect(toast(page, MSG.registerConfirm)).toBeVisible();
});

test('a wrong captcha is refused and the image refreshes', async ({ page }) => {
  await page.goto('/#/login?type=2');
  const form = page.getByRole('form', { name: '登录' });
  const image = form.getByRole('img', { name: '验证码' });
  await expect(image).toHaveAttribute('src', /^data:image/);
  const before = await image.getAttribute('src');
  await form.getByPlaceholder('请输入用户名').fill(DEMO.name);
  await form.getByPlaceholder('请输入密码').fill(DEMO.password);
  await form.getByPlaceholder('请输入验证码').fill('0000');
  await form.getByRole('button', { name: '登录' }).click();
  await expect(toast(page, MSG.captchaWrong)).toBeVisible();
  await expect(image).not.toHaveAttribute('src', before ?? '');
});

test('the demo player logs in and sees 10,000.00; logout asks, clears and goes to login', async ({
  page,
}) => {
  await page.goto('/#/login?type=2');
  await loginViaUi(page, DEMO.name, DEMO.password);
  await expect(page.getByTestId('user-box')).toContainText('10,000.00');
  await snap(page, 'home-demo');

  await page.goto('/#/mine');
  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page.getByText(MSG.logoutConfirm)).toBeVisible();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/#\/login/);
  expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull();
  await expect(page.getByTestId('user-box')).toHaveCount(0);
});

test('a session revoked elsewhere ends with the 认证失败 dialog and the login page', async ({
  page,
  request,
}) => {
  // The registration's session is the player's other device; the page logs in as a second one.
  const player = await fundedPlayer(request, 0);
  await page.goto('/#/login?type=2');
  await loginViaUi(page, player.name, 'secret123');
  await expect(page.getByTestId('user-box')).toBeVisible();
  const ended = await request.post('/api/security/sessions/end-others', { headers: bearer(player.token) });
  expect(ended.status()).toBe(200);

  // The event stream says the session ended elsewhere (or, while it is down, the next balance poll
  // meets the revoked session).
  await expect(page.getByText(MSG.authFailedTitle)).toBeVisible({ timeout: 15_000 });
  await snap(page, 'auth-failed-dialog');
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/#\/login/);
  // Storage was cleared; the one thing that may be written again is the public game-list cache, when
  // a list fetched before the 401 lands after it. Nothing of the player's is left.
  const left = await page.evaluate(() => Object.keys(localStorage));
  expect(left.filter((key) => key !== 'game-list')).toEqual([]);
});
