import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { ALONE, DESKTOP } from '../../playwright.config';
import { fundedPlayer, snap } from '../support';
import { asPlayer, filterByPlayer, signIn, signInDemo, tableRow } from './console-support';

/** Where the screenshots are kept, besides the run's artefacts. */
const SHOTS = process.env.E2E_SHOTS_DIR ?? '';

/** Resolves once the page's console stream is open. */
const streamOpened = (page: Page) =>
  page.waitForResponse((r) => new URL(r.url()).pathname === '/admin/api/events' && r.status() === 200, {
    timeout: 30_000,
  });

test("the console is live: a player's new deposit order is announced with a badge, and a claim shows on another operator's console at once", {
  tag: ALONE,
}, async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  const player = await fundedPlayer(request, 0);

  // 财务 on the dashboard; the superadmin with the deposit queue open on the player's orders.
  const financeStream = streamOpened(page);
  await signInDemo(page, 'caiwu');
  await financeStream;
  const admin = await browser.newPage(DESKTOP);
  const adminStream = streamOpened(admin);
  await signIn(admin, 'admin', process.env.E2E_SUPERADMIN_TOTP ?? '');
  await adminStream;
  await filterByPlayer(admin, '充值审核', player.name);

  const { deposit_no } = (await asPlayer(request, player.token, '/api/recharge', {
    paytype: 'card',
    amount: 260,
    bank_owner: '钱多多',
    bank: '招商银行',
  })) as { deposit_no: string };

  // The notification, with the order and a way to it, and the badge on the queue's menu entry.
  const notice = page.locator('.ant-notification-notice').filter({ hasText: '新充值订单' });
  await expect(notice).toContainText(deposit_no);
  await expect(notice).toContainText('金额 $260.00');
  const menuEntry = page.getByRole('menu').getByRole('link', { name: /充值审核/ });
  await expect(menuEntry.getByTitle('1 笔新订单')).toBeVisible();
  await snap(page, 'console-new-order');
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/console-new-order-1440x900.png` });
  }

  // 财务 follows the notification to the queue (it closes after 8 s): the badge is seen.
  await notice.getByRole('link', { name: '去审核' }).click();
  await expect(menuEntry.getByTitle('1 笔新订单')).toHaveCount(0);

  // The superadmin's open queue shows the new order by itself.
  await expect(tableRow(admin, deposit_no).getByRole('button', { name: '领取' })).toBeVisible();

  // 财务 claims the order: the superadmin's console shows it held by 财务 at once, with no reload.
  await filterByPlayer(page, '充值审核', player.name);
  await tableRow(page, deposit_no).getByRole('button', { name: '领取' }).click();
  await expect(tableRow(page, deposit_no)).toContainText('caiwu');
  await expect(tableRow(admin, deposit_no).getByRole('button', { name: 'caiwu 处理中' })).toBeDisabled({
    timeout: 3_000,
  });
  await snap(admin, 'console-claimed-elsewhere-live');
  await admin.close();
});
