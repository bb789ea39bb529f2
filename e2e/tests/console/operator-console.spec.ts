import { SERVER_MSG } from '@app/contract/messages';
import { expect, type Page, test } from '@playwright/test';
import { fundedPlayer, loginViaUi, openAs, snap, toast } from '../support';
import { act, enrol, openMenu, phone, signIn, signOut, tableRow } from './console-support';

/** Searches the player by username and opens their page. */
async function openPlayer(page: Page, username: string) {
  await openMenu(page, '玩家查询');
  const form = page.getByRole('form', { name: '玩家查询条件' });
  await form.getByPlaceholder('输入关键词，留空列出全部').fill(username);
  await form.getByRole('button', { name: '查询' }).click();
  const row = tableRow(page, username);
  await expect(row).toHaveCount(1);
  await row.click();
  await expect(page.getByRole('heading', { name: username })).toBeVisible();
}

test('support freezes a player, who is logged out of the player app and cannot log in, then unfreezes; the auditor sees every step', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const player = await fundedPlayer(request, 150);
  const app = await phone(browser);
  await openAs(app.page, player.token, '/mine');
  await expect(app.page.getByText('150.00').first()).toBeVisible();

  // 客服 signs in for the first time: password, then the authenticator is enrolled with its first code.
  const shot = (name: string) => snap(page, name);
  await page.goto('/admin/');
  await snap(page, 'console-sign-in');
  const kefuSecret = await enrol(page, 'kefu', shot);
  await snap(page, 'console-home');
  // No money and no operators for support: the menu does not offer them.
  await expect(page.getByRole('menu').getByRole('link', { name: '审计日志' })).toHaveCount(0);
  await expect(page.getByRole('menu').getByRole('link', { name: '操作员' })).toHaveCount(0);

  await openPlayer(page, player.name);
  await expect(page.getByText('$150.00').first()).toBeVisible();
  await expect(page.getByRole('cell', { name: 'PP电子' })).toBeVisible();
  await snap(page, 'console-player');

  await page.getByRole('button', { name: '冻结账号' }).click();
  await act(page, '冻结账号', '疑似盗号，临时冻结');
  await expect(page.getByText('已冻结，该玩家的会话已结束')).toBeVisible();
  await expect(page.locator('.ant-tag').filter({ hasText: '已冻结' }).first()).toBeVisible();
  await snap(page, 'console-player-frozen');

  // The player app's next balance poll is refused: 认证失败, and the login page.
  const authFailed = app.page.getByRole('dialog').filter({ hasText: '认证失败' });
  await expect(authFailed).toBeVisible({ timeout: 15_000 });
  await authFailed.getByRole('button').click();
  await expect(app.page).toHaveURL(/#\/login/);
  await loginViaUi(app.page, player.name, 'secret123');
  await expect(toast(app.page, SERVER_MSG.accountDisabled)).toBeVisible();
  await snap(app.page, 'console-frozen-player-login');

  await page.getByRole('button', { name: '解冻账号' }).click();
  await act(page, '解冻账号', '已核实本人身份');
  await expect(page.locator('.ant-tag').filter({ hasText: '正常' }).first()).toBeVisible();
  await loginViaUi(app.page, player.name, 'secret123');
  await expect(app.page).not.toHaveURL(/#\/login/);

  // The records of the player's page: the login history shows the sessions that ended.
  await page.getByRole('tab', { name: '登录记录' }).click();
  await expect(page.getByRole('cell', { name: '已退出' }).first()).toBeVisible();
  await page.getByRole('cell', { name: '已退出' }).first().click();
  const details = page.getByRole('dialog', { name: '登录记录详情' });
  await expect(details).toBeVisible();
  await snap(page, 'console-player-records-drawer');
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await signOut(page);

  // 审计 reads the log: every step of 客服, with the reasons, before and after.
  await enrol(page, 'shenji');
  await openMenu(page, '审计日志');
  const filters = page.getByRole('form', { name: '审计日志筛选' });
  await filters.getByPlaceholder('账号').fill('kefu');
  await filters.getByRole('button', { name: '查询' }).click();
  for (const step of [
    '绑定两步验证',
    '登录成功',
    '搜索玩家',
    '查看玩家资料',
    '冻结玩家',
    '解冻玩家',
    '查看玩家记录',
    '退出登录',
  ]) {
    await expect(page.getByRole('cell', { name: step, exact: true }).first(), step).toBeVisible();
  }
  const freezeRow = tableRow(page, '冻结玩家').filter({ hasText: '疑似盗号' });
  await freezeRow.click();
  const drawer = page.getByRole('dialog').filter({ hasText: '审计记录' });
  await expect(drawer).toContainText('疑似盗号，临时冻结');
  // The before and after are a table of the changed fields, named in Chinese.
  const changes = drawer.getByRole('region', { name: '变更内容' });
  await expect(changes.getByRole('row').filter({ hasText: '状态' })).toContainText('0');
  await expect(changes).toContainText('结束的会话');
  await snap(page, 'console-audit-drawer');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await snap(page, 'console-audit');

  // The auditor reads the player's page but has none of its actions.
  await openPlayer(page, player.name);
  await expect(page.getByRole('button', { name: '冻结账号' })).toHaveCount(0);
  await signOut(page);

  // A later sign-in of the same operator asks for the code only.
  await signIn(page, 'kefu', kefuSecret);
  await app.context.close();
});

test('the superadmin creates an operator, handing over a one-time password and a QR code, and makes an API key shown once', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const secret = process.env.E2E_SUPERADMIN_TOTP ?? '';
  await signIn(page, 'admin', secret);
  await openMenu(page, '操作员');
  await expect(page.getByRole('cell', { name: 'caiwu' })).toBeVisible();
  await snap(page, 'console-operators');

  const username = `ops${Date.now().toString(36)}`.slice(0, 16);
  await page.getByRole('button', { name: '创建操作员' }).click();
  await act(page, '创建操作员', '新同事入职', async (dialog) => {
    await dialog.getByLabel('账号').fill(username);
    await dialog.getByLabel('姓名').fill('新同事');
  });
  const credentials = page.getByRole('dialog').filter({ hasText: `已创建操作员 ${username}` });
  await expect(credentials).toContainText('一次性密码');
  await expect(credentials.locator('.ant-qrcode')).toBeVisible();
  await snap(page, 'console-operator-created');
  await credentials.getByRole('button', { name: '我已交付' }).click();
  await expect(tableRow(page, username)).toContainText('待首次登录绑定');

  await openMenu(page, '账号安全', '我的账号');
  await page.getByPlaceholder('用途，例如：每日对账脚本').fill('夜间对账');
  await page.getByRole('button', { name: '创建密钥' }).click();
  await page.getByRole('button', { name: '创建', exact: true }).click();
  const keyDialog = page.getByRole('dialog').filter({ hasText: 'API 密钥已创建' });
  await expect(keyDialog.getByTestId('new-api-key')).toContainText(/OPS_API_KEY=xyk_/);
  await snap(page, 'console-api-key');
  await keyDialog.getByRole('button', { name: '我已保存' }).click();
  await expect(page.getByRole('cell', { name: '夜间对账' })).toBeVisible();
  await snap(page, 'console-account');

  await openMenu(page, '审计日志');
  await expect(page.getByRole('cell', { name: '创建操作员', exact: true }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: '创建 API 密钥', exact: true }).first()).toBeVisible();
});
