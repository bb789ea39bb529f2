import { REWARD_SERVER_MSG } from '@app/contract/reward-rules';
import { type APIRequestContext, expect, type Locator, test } from '@playwright/test';
import { ALONE } from '../playwright.config';
import { bearer, fundedPlayer, openAs, operatorHeaders, playSlotRounds, snap, toast } from './support';

// These tests move the server's clock (TEST_CLOCK): one at a time, and the clock goes back to now
// after each, so that the other specs sharing the server see the real time.
test.describe.configure({ mode: 'serial' });

const DAY_MS = 86_400_000;
/** The Beijing calendar day (YYYY-MM-DD) of an instant. */
const beijingDay = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);

/** Every node's clock (each process has its own): whichever node answers, it is the same time. */
async function setClock(request: APIRequestContext, at: string) {
  for (const node of (process.env.E2E_NODES ?? '').split(',')) {
    const res = await request.post(`${node}/admin/api/test-clock`, {
      headers: operatorHeaders(),
      data: { at },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
}
/** Back to the real time, written with its Beijing offset. */
const restoreClock = (request: APIRequestContext) =>
  setClock(request, `${new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`);

test.afterEach(async ({ request }) => {
  await restoreClock(request);
});

/** Waits until a popup has finished opening (its card fully opaque), so that a screenshot shows it whole. */
const opened = (dialog: Locator) =>
  expect
    .poll(() =>
      dialog.evaluate((card) => {
        for (let el: Element | null = card; el; el = el.parentElement) {
          if (getComputedStyle(el).opacity !== '1') return false;
        }
        return true;
      }),
    )
    .toBe(true);

async function balanceOf(request: APIRequestContext, token: string) {
  const res = await request.post('/api/balance', { headers: bearer(token) });
  return ((await res.json()) as { data: { balance: number } }).data.balance;
}

/** "$ 1,234.50" as a number. */
const amountOf = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

test('red packet: a deposit before 10:00 counts, a grab in the window wins a packet, and /welfare lists it', {
  tag: ALONE,
}, async ({ page, request }) => {
  const today = beijingDay(Date.now());
  await setClock(request, `${today}T09:00:00+08:00`);
  const { token } = await fundedPlayer(request, 0);

  // A bank deposit of 200 at 09:00, approved by the operator: inside the counting period.
  const deposit = await request.post('/api/recharge', {
    headers: bearer(token),
    data: { paytype: 'card', amount: 200, bank_owner: '王五', bank: '中国银行' },
  });
  const created = (await deposit.json()) as { code: number; data: { deposit_no: string } };
  expect(created.code).toBe(200);
  const approve = await request.post('/admin/api/deposits/approve', {
    headers: operatorHeaders(),
    data: { order_no: created.data.deposit_no },
  });
  expect(approve.status(), await approve.text()).toBe(200);

  await setClock(request, `${today}T10:30:00+08:00`);
  await openAs(page, token, '/hongbao');
  await expect(page.getByTestId('grab-window')).toHaveText('进行中');
  await expect(page.getByTestId('sendnums')).toHaveText('1');
  await expect(page.getByTestId('acquirednum')).toHaveText('0');
  await expect(page.getByTestId('max-times')).toHaveText('3');
  await expect(page.getByTestId('counted-recharge')).toHaveText('$ 200.00');
  await expect(page.getByTestId('red-packet-rule')).toHaveCount(3);
  await expect(page.getByTestId('red-packet-rule').first()).toContainText('已达标');
  await snap(page, 'rewards-hongbao');

  const before = await balanceOf(request, token);
  await page.getByRole('button', { name: '抢红包' }).click();
  const won = page.getByRole('dialog', { name: '恭喜发财' });
  await expect(won).toBeVisible();
  const amount = amountOf(await won.getByTestId('grab-amount').textContent());
  // The first rule's packet: 1 to 8.
  expect(amount).toBeGreaterThanOrEqual(1);
  expect(amount).toBeLessThanOrEqual(8);
  await opened(won);
  await snap(page, 'rewards-hongbao-won');
  await won.getByRole('button', { name: '我知道了' }).click();
  await expect(won).toBeHidden();
  await expect(page.getByTestId('sendnums')).toHaveText('0');
  await expect(page.getByTestId('acquirednum')).toHaveText('1');
  expect(await balanceOf(request, token)).toBeCloseTo(before + amount, 2);

  // No grab left: the packet reached is grabbed, the higher rules need more; with the way to deposit.
  await page.getByRole('button', { name: '抢红包' }).click();
  const grabbedAll = page.getByRole('dialog', { name: '今日已抢完' });
  await expect(grabbedAll).toContainText(REWARD_SERVER_MSG.reachedGrabbed);
  await expect(grabbedAll.getByRole('button', { name: '立即充值' })).toBeVisible();
  await opened(grabbedAll);
  await snap(page, 'rewards-hongbao-grabbed-all');
  await grabbedAll.getByRole('button', { name: '我知道了' }).click();

  await page.getByRole('button', { name: '红包记录' }).click();
  await expect(page).toHaveURL(/#\/welfare$/);
  const records = page.getByTestId('red-packet-record');
  await expect(records).toHaveCount(1);
  await expect(records.first().getByTestId('red-packet-amount')).toHaveText(`+${amount.toFixed(2)}`);
  await expect(records.first()).toContainText('统计存款 200.00');
  await expect(records.first()).toContainText(`${today} 10:30`);
  await snap(page, 'rewards-welfare');

  // After 12:00 the day's grabs are over.
  await setClock(request, `${today}T12:30:00+08:00`);
  await page.getByRole('button', { name: '去抢红包' }).click();
  await expect(page.getByTestId('grab-window')).toHaveText('已结束');
  await page.getByRole('button', { name: '抢红包' }).click();
  const ended = page.getByRole('dialog', { name: '活动已结束' });
  await expect(ended).toContainText(REWARD_SERVER_MSG.ended);
  await opened(ended);
  await snap(page, 'rewards-hongbao-ended');
});

test('red packet: each refusal says why — not reached, or the window has ended for one who never grabbed', {
  tag: ALONE,
}, async ({ page, request }) => {
  const today = beijingDay(Date.now());
  await setClock(request, `${today}T10:30:00+08:00`);
  const { token } = await fundedPlayer(request, 0);
  await openAs(page, token, '/hongbao');
  await expect(page.getByTestId('sendnums')).toHaveText('0');
  await expect(page.getByTestId('acquirednum')).toHaveText('0');
  await page.getByRole('button', { name: '抢红包' }).click();
  const notEligible = page.getByRole('dialog', { name: '暂未达标' });
  await expect(notEligible).toContainText('您暂未达到领取条件，快去完成吧！');
  await expect(notEligible.getByRole('button', { name: '立即充值' })).toBeVisible();
  await opened(notEligible);
  await snap(page, 'rewards-hongbao-not-eligible');
  await notEligible.getByRole('button', { name: '我知道了' }).click();
  await expect(notEligible).toBeHidden();

  await setClock(request, `${today}T12:30:00+08:00`);
  await page.reload();
  await expect(page.getByTestId('grab-window')).toHaveText('已结束');
  await page.getByRole('button', { name: '抢红包' }).click();
  const ended = page.getByRole('dialog', { name: '活动已结束' });
  await expect(ended).toContainText(REWARD_SERVER_MSG.ended);
  await expect(ended).not.toContainText('抢完');
});

test('rebate: a day of slot bets earns a rebate the next day, claimed into the central wallet', {
  tag: ALONE,
}, async ({ page, request }) => {
  // A day the test clock chooses: the demo venue records its rounds at the clock's time too.
  const day = beijingDay(Date.now() + 2 * DAY_MS);
  await setClock(request, `${day}T13:00:00+08:00`);
  const { token } = await fundedPlayer(request, 500);
  const moved = await request.post('/api/transfer', {
    headers: bearer(token),
    data: { amount: 300, sourcetype: 'userbalance', targettype: 'obgdy' },
  });
  expect(((await moved.json()) as { code: number }).code).toBe(200);

  // Four slot rounds of 50 at the demo venue: 200 of valid bets.
  await playSlotRounds(request, token, 4);

  // The bets reach the platform every few seconds; they are the clock's Beijing day's bets.
  await expect
    .poll(
      async () => {
        const res = await request.post('/api/betrecord', {
          headers: bearer(token),
          data: { date: 1, page: 1, api_type: '' },
        });
        return ((await res.json()) as { data: { total: number } }).data.total;
      },
      { timeout: 20_000 },
    )
    .toBe(4);

  // The next day at 00:10 the day's rebates are computed (the job may have run on its own already).
  await setClock(request, `${beijingDay(Date.parse(`${day}T12:00:00+08:00`) + DAY_MS)}T00:10:00+08:00`);
  const job = await request.post('/admin/api/jobs/run', {
    headers: operatorHeaders(),
    data: { job: 'rebates', day },
  });
  expect(job.status(), await job.text()).toBe(200);

  await openAs(page, token, '/fanshui');
  await expect(page.getByTestId('rebate-claimable')).toHaveText('$ 1.00');
  await expect(page.getByTestId('rebate-claimed')).toHaveText('$ 0.00');
  const record = page.getByTestId('rebate-record');
  await expect(record).toHaveCount(1);
  await expect(record).toContainText('电子游戏');
  await expect(record).toContainText(day);
  await expect(record).toContainText('200.00');
  await expect(record).toContainText('0.5%');
  await expect(record.getByTestId('rebate-state')).toHaveText('未领取');
  await snap(page, 'rewards-fanshui');

  const before = await balanceOf(request, token);
  await page.getByRole('button', { name: '一键领取' }).click();
  await expect(toast(page, REWARD_SERVER_MSG.claimed('1.00'))).toBeVisible();
  await expect(page.getByTestId('rebate-claimable')).toHaveText('$ 0.00');
  await expect(page.getByTestId('rebate-claimed')).toHaveText('$ 1.00');
  await expect(record.getByTestId('rebate-state')).toContainText('领取时间');
  await snap(page, 'rewards-fanshui-claimed');
  expect(await balanceOf(request, token)).toBeCloseTo(before + 1, 2);

  // Nothing left: said before any call.
  await page.getByRole('button', { name: '一键领取' }).click();
  await expect(toast(page, '暂无领取额度！')).toBeVisible();

  await page.goto('/#/money');
  await expect(page.getByTestId('central-balance')).toContainText((before + 1).toFixed(2));
});
