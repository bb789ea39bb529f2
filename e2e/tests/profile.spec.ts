import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { ACCOUNT_MSG, ACCOUNT_SERVER_MSG } from '@app/contract/account-rules';
import { MSG } from '@app/contract/messages';
import { expect, test } from '@playwright/test';
import { fundedPlayer, loginViaUi, openAs, snap, toast } from './support';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A real PNG: `size` x `size` pixels, a gold disc on dark, 8-bit RGB. */
function writePng(file: string, size = 48) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const inside = (x - size / 2) ** 2 + (y - size / 2) ** 2 < (size / 2.5) ** 2;
      row.set(inside ? [224, 184, 109] : [25, 25, 34], 1 + x * 3);
    }
    rows.push(row);
  }
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  fs.writeFileSync(file, png);
}

test('uploads a PNG avatar on /mine and sees it there after a reload', async ({ page, request }) => {
  const { token } = await fundedPlayer(request, 0);
  await openAs(page, token, '/mine');
  const avatar = page.getByTestId('avatar');
  await expect(avatar.getByRole('img')).toHaveCount(0);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-avatar-'));
  const file = path.join(dir, 'avatar.png');
  writePng(file);
  await page.getByLabel('更换头像').setInputFiles(file);
  await expect(toast(page, ACCOUNT_SERVER_MSG.uploaded)).toBeVisible();

  const picture = avatar.getByRole('img', { name: '头像' });
  await expect(picture).toHaveAttribute('src', /^\/uploads\/avatars\/[0-9a-f]{32}\.png$/);
  // The phone (2x) takes the AVIF square made for 128 px; the original is 48 px and never enlarged.
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.currentSrc))
    .toMatch(/\/uploads\/avatars\/[0-9a-f]{32}-128\.avif$/);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth > 0)).toBe(true);
  await snap(page, 'profile-mine-avatar');

  await page.reload();
  await expect(page.getByTestId('avatar').getByRole('img', { name: '头像' })).toHaveAttribute(
    'src',
    /^\/uploads\/avatars\/[0-9a-f]{32}\.png$/,
  );
});

test('edits the mobile and birthday on /userInfo and sees them after a reload', async ({ page, request }) => {
  const { token, name } = await fundedPlayer(request, 0);
  await openAs(page, token, '/userInfo');
  await expect(page.getByTestId('profile-username')).toHaveText(name);
  await expect(page.getByTestId('profile-realname')).toHaveText('钱多多');

  await page.getByLabel('手机号').fill('1391234567');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, ACCOUNT_MSG.mobile)).toBeVisible();
  await page.getByLabel('手机号').fill('13912345678');

  // The picker opens on 1990-01-01; a tap on a year of the wheel turns it there.
  await page.getByRole('button', { name: '生日' }).click();
  const year1988 = page.locator('.adm-picker-view-column-item').filter({ hasText: /^1988年$/ });
  await expect(year1988).toBeVisible();
  await page.waitForTimeout(300);
  await year1988.tap();
  await expect(year1988).toHaveAttribute('data-selected', 'true');
  await snap(page, 'profile-birthday-picker');
  await page.locator('.adm-picker-header-button').filter({ hasText: '确定' }).click();
  await expect(page.getByRole('button', { name: '生日' })).toHaveText('1988-01-01');

  await page.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, ACCOUNT_MSG.saved)).toBeVisible();
  await snap(page, 'profile-user-info-saved');

  await page.reload();
  await expect(page.getByLabel('手机号')).toHaveValue('13912345678');
  await expect(page.getByRole('button', { name: '生日' })).toHaveText('1988-01-01');
});

test('changes the login password, lands on /login and logs in with the new one', async ({
  page,
  request,
}) => {
  const { token, name } = await fundedPlayer(request, 0);
  await openAs(page, token, '/userCent');
  await page.locator('.adm-list-item').filter({ hasText: '登录密码' }).click();
  await expect(page).toHaveURL(/#\/password\?type=1$/);

  await page.getByLabel('旧密码').fill('secret123');
  await page.getByLabel('新密码').fill('secret123');
  await page.getByLabel('确认密码').fill('secret123');
  await page.getByRole('button', { name: '确认修改' }).click();
  await expect(toast(page, ACCOUNT_MSG.sameAsOld)).toBeVisible();

  await page.getByLabel('新密码').fill('better456');
  await page.getByLabel('确认密码').fill('better456');
  await snap(page, 'profile-password');
  await page.getByRole('button', { name: '确认修改' }).click();
  await expect(toast(page, ACCOUNT_MSG.changed)).toBeVisible();
  await expect(page).toHaveURL(/#\/login/);
  expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull();
  // The old session is over on the server too.
  const old = await request.post('/api/user', { headers: { authorization: `Bearer ${token}` } });
  expect(((await old.json()) as { code: number }).code).toBe(401);

  await loginViaUi(page, name, 'secret123');
  await expect(toast(page, '账号或密码错误')).toBeVisible();
  await loginViaUi(page, name, 'better456');
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByTestId('user-box').getByTestId('username')).toHaveText(name);
});

test('a visitor on a registration link gets an account, sees its initial passwords and logs in with them', async ({
  page,
}) => {
  await page.goto('/#/?callback=1&pid=1');
  const box = page.getByTestId('initial-passwords');
  await expect(box).toBeVisible();
  await expect(toast(page, ACCOUNT_SERVER_MSG.linkRegistered)).toBeVisible();
  const username = (await box.getByTestId('initial-username').textContent()) ?? '';
  const password = (await box.getByTestId('initial-password').textContent()) ?? '';
  const payPassword = (await box.getByTestId('initial-pay-password').textContent()) ?? '';
  expect(username).toMatch(/^[a-zA-Z0-9]{6,10}$/);
  expect(password.length).toBeGreaterThanOrEqual(6);
  expect(payPassword.length).toBeGreaterThanOrEqual(6);
  await snap(page, 'profile-link-registration');

  await page.getByRole('button', { name: '稍后修改' }).click();
  await expect(box).toBeHidden();
  await expect(page.getByTestId('user-box').getByTestId('username')).toHaveText(username);

  // Only once per visit: coming back to the link does not register again.
  await page.reload();
  await expect(page.getByTestId('user-box').getByTestId('username')).toHaveText(username);
  await expect(page.getByTestId('initial-passwords')).toHaveCount(0);

  await page.goto('/#/mine');
  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page.getByText(MSG.logoutConfirm)).toBeVisible();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/#\/login/);

  await loginViaUi(page, username, password);
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByTestId('user-box').getByTestId('username')).toHaveText(username);
  // Nothing more registers for the logged-in player.
  await expect(page.getByTestId('initial-passwords')).toHaveCount(0);
});
