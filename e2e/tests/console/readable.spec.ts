import { expect, test } from '@playwright/test';
import { ALONE } from '../../playwright.config';
import { fundedPlayer, operatorHeaders, snap } from '../support';
import { asPlayer, openMenu, signInDemo, tableRow } from './console-support';

/** Issue 27 point 3: what an operator reads is Chinese, and the withdrawal queue fits 1440 px. */

test('the audit log names targets and fields in Chinese and shows a change as a table of the changed fields', {
  tag: ALONE,
}, async ({ page, request }) => {
  test.setTimeout(180_000);
  const headers = operatorHeaders();
  const games = await request.get('/admin/api/games', { headers, params: { page_size: 10 } });
  const [game] = (await games.json()).data.data as { id: number; name: string; sort: number }[];
  if (!game) throw new Error('the demo has no game');
  const changed = await request.post(`/admin/api/games/${game.id}`, {
    headers,
    data: { sort: game.sort + 1, reason: '调整游戏顺序' },
  });
  expect((await changed.json()).code).toBe(200);
  const vip = (await (await request.get('/admin/api/config/vip', { headers })).json()).data as {
    level: number;
    name: string;
    recharge: number;
    flow: number;
    retention_flow: number;
    rebates: Record<string, number>;
  }[];
  const two = vip.find((v) => v.level === 2);
  if (!two) throw new Error('the demo has no VIP2');
  const { level: _, ...fields } = two;
  const saved = await request.post('/admin/api/config/vip/2', {
    headers,
    data: { ...fields, recharge: two.recharge + 100, reason: '提高 VIP2 门槛' },
  });
  expect((await saved.json()).code).toBe(200);

  await signInDemo(page, 'admin');
  await openMenu(page, '审计日志');
  const gameRow = tableRow(page, '调整游戏顺序');
  // The game by its name, not its key (venue:code).
  await expect(gameRow.getByRole('cell', { name: game.name, exact: true })).toBeVisible();
  const vipRow = tableRow(page, '提高 VIP2 门槛');
  await expect(vipRow.getByRole('cell', { name: 'VIP2', exact: true })).toBeVisible();
  await snap(page, 'console-audit-readable');

  await vipRow.click();
  const changes = page.getByRole('dialog').getByRole('region', { name: '变更内容' });
  const recharge = changes.getByRole('row').filter({ hasText: '充值要求' });
  await expect(recharge).toContainText(String(two.recharge));
  await expect(recharge).toContainText(String(two.recharge + 100));
  // Only the changed field is listed, and no raw JSON or English key.
  await expect(changes.getByRole('row')).toHaveCount(2);
  await expect(changes).not.toContainText('recharge');
  await snap(page, 'console-audit-changes');
});

test('the withdrawal queue shows its key columns and actions at 1440 px without scrolling sideways; the risk context comes first', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const player = await fundedPlayer(request, 800);
  await asPlayer(request, player.token, '/api/bindcard', {
    bank_owner: '钱多多',
    bank: '中国银行',
    bank_no: '6217000010007654321',
    bank_address: '上海分行',
    pay_pass: 'paypass123',
  });
  const [card] = (await asPlayer(request, player.token, '/api/getcard', { type: 1 })) as { id: number }[];
  await asPlayer(request, player.token, '/api/withdraw', {
    amount: 500,
    bank: card?.id,
    password: 'paypass123',
  });

  await signInDemo(page, 'admin');
  await openMenu(page, '取款审核');
  // The card wait dialog opens with the setting's own value; saving it unchanged sends nothing.
  await page.getByRole('button', { name: '修改', exact: true }).first().click();
  const wait = page.getByRole('dialog', { name: '修改新绑定收款账户的取款等待时长', exact: true });
  await expect(wait.getByLabel('等待时长')).toHaveValue('0');
  await wait.getByLabel('操作原因').fill('只是看看');
  await wait.getByRole('button', { name: '下一步' }).click();
  await expect(wait.getByText('没有修改任何内容，无需保存')).toBeVisible();
  await wait.getByRole('button', { name: /取\s?消/ }).click();
  await expect(wait).toHaveCount(0);

  const row = tableRow(page, '$500.00').first();
  const sideways = () =>
    page
      .locator('.ant-table-content, .ant-table-body')
      .first()
      .evaluate((el) => el.scrollWidth - el.clientWidth);
  await expect(row.getByRole('button', { name: '领取' })).toBeInViewport();
  expect(await sideways()).toBeLessThanOrEqual(0);
  await row.getByRole('button', { name: '领取' }).click();
  await expect(row.getByRole('button', { name: '释放' })).toBeInViewport();
  expect(await sideways()).toBeLessThanOrEqual(0);
  await snap(page, 'console-withdrawal-queue-1440');

  await row.click();
  const drawer = page.getByRole('dialog').filter({ hasText: '订单' });
  const risk = drawer.getByText('风控信息');
  const orderNo = drawer.getByText('订单号', { exact: true });
  await expect(risk).toBeVisible();
  const [riskTop, fieldsTop] = await Promise.all([risk.boundingBox(), orderNo.boundingBox()]);
  expect(riskTop?.y ?? Infinity).toBeLessThan(fieldsTop?.y ?? 0);
  await snap(page, 'console-withdrawal-risk-first');
});
