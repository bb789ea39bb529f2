import { expect, test } from '@playwright/test';
import { fundedPlayer, operatorHeaders, snap } from '../support';
import { openMenu, signIn } from './console-support';

test('an operator sees the player’s limits, time-out and two-factor on the player page, with nothing to lift, and the card waiting period', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const player = await fundedPlayer(request, 0);
  const as = { authorization: `Bearer ${player.token}` };
  for (const [path, data] of [
    ['/api/protection/limit', { kind: 'deposit', period: 'day', amount: 500 }],
    ['/api/protection/reality-check', { minutes: 30 }],
    ['/api/protection/restrict', { kind: 'timeout', term: '7d', paypassword: 'paypass123' }],
  ] as const) {
    const res = await request.post(path, { headers: as, data });
    expect(((await res.json()) as { code: number }).code, path).toBe(200);
  }
  const found = await request.get('/admin/api/players', {
    headers: operatorHeaders(),
    params: { field: 'username', q: player.name, page: 1, limit: 10 },
  });
  const id = ((await found.json()) as { data: { data: { id: number }[] } }).data.data[0]?.id;
  expect(id).toBeGreaterThan(0);

  await signIn(page, 'admin', process.env.E2E_SUPERADMIN_TOTP ?? '');
  await page.goto(`/admin/players/${id}`);
  const card = page.getByTestId('player-protection');
  await expect(card).toContainText('冷静期');
  await expect(card).toContainText('期限内');
  await expect(card).toContainText('24小时充值限额');
  await expect(card).toContainText('每30分钟');
  await expect(card).toContainText('7天');
  await expect(card.getByRole('button')).toHaveCount(0);
  await card.scrollIntoViewIfNeeded();
  await snap(page, 'console-player-protection');

  // The waiting period of new cards is shown, and offered for change, above the withdrawal queue.
  await openMenu(page, '取款审核');
  await expect(page.getByText('新收款账户等待')).toBeVisible();
  await expect(page.getByText('无（新绑定的银行卡或USDT地址在此时长后方可用于取款）')).toBeVisible();
  await snap(page, 'console-card-wait-setting');
});
