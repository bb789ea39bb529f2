import { expect, type Page, test } from '@playwright/test';
import { fundedPlayer, openAs, operatorHeaders, toast } from './support';

/** Counts the balance calls the page sends from now on, and when the last two were sent. */
function balanceCalls(page: Page) {
  const seen = { count: 0, at: [] as number[] };
  page.on('request', (r) => {
    if (new URL(r.url()).pathname !== '/api/balance') return;
    seen.count++;
    seen.at = [...seen.at.slice(-1), Date.now()];
  });
  return seen;
}

/** Keeps the page's EventSources in `window.streams`, so that a test can break their connection. */
const keepStreams = (page: Page) =>
  page.addInitScript(() => {
    const streams: EventSource[] = [];
    (window as unknown as { streams: EventSource[] }).streams = streams;
    window.EventSource = class extends EventSource {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        streams.push(this);
      }
    };
  });

const streamOpened = (page: Page) =>
  page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events' && r.status() === 200, {
    timeout: 30_000,
  });

test('an idle player on home polls the balance only while the event stream is down', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { token } = await fundedPlayer(request, 50);
  // The stream cannot open: the spec's 4.3 s balance poll is the fallback.
  await page.route('**/api/events/ticket', (route) => route.abort());
  const calls = balanceCalls(page);
  await keepStreams(page);
  await openAs(page, token, '/');
  await page.waitForTimeout(10_000);
  expect(calls.count).toBeGreaterThanOrEqual(2);

  // The stream opens (the app retries): the poll stops.
  const opened = streamOpened(page);
  await page.unroute('**/api/events/ticket');
  await opened;
  await page.waitForTimeout(1_000);
  calls.count = 0;
  await page.waitForTimeout(10_000);
  expect(calls.count).toBe(0);

  // The live stream drops and the server cannot be reached again for a while: the poll comes back
  // at the spec's 4.3 s. (Emulating offline leaves an open stream open: the page's EventSource is
  // closed and told of the error, as the browser does when the connection breaks.)
  await page.route('**/api/events**', (route) => route.abort());
  await page.evaluate(() => {
    for (const source of (window as unknown as { streams: EventSource[] }).streams) {
      source.close();
      source.dispatchEvent(new Event('error'));
    }
  });
  calls.count = 0;
  // Two polls, the spec's 4.3 s apart (a busy machine's timers slip by a second or so).
  await expect.poll(() => calls.count, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
  const [first = 0, second = 0] = calls.at;
  expect(second - first).toBeGreaterThan(3_500);
  expect(second - first).toBeLessThan(6_500);

  // The stream is back (the app's next retry): the poll stops again.
  const reopened = streamOpened(page);
  await page.unroute('**/api/events**');
  await reopened;
  await page.waitForTimeout(1_000);
  calls.count = 0;
  await page.waitForTimeout(10_000);
  expect(calls.count).toBe(0);
});

test("an operator approves a deposit: the player's open app shows 充值成功 and the new balance", async ({
  page,
  request,
}) => {
  const { token } = await fundedPlayer(request, 0);
  const opened = streamOpened(page);
  await openAs(page, token, '/money');
  await opened;
  await expect(page.getByTestId('central-balance')).toContainText('0.00');
  const order = await request.post('/api/recharge', {
    headers: { authorization: `Bearer ${token}` },
    data: { paytype: 'card', amount: 300, bank_owner: '王五', bank: '中国银行' },
  });
  const { deposit_no } = ((await order.json()) as { data: { deposit_no: string } }).data;
  const approved = await request.post('/admin/api/deposits/approve', {
    headers: operatorHeaders(),
    data: { order_no: deposit_no },
  });
  expect(approved.status()).toBe(200);
  await expect(toast(page, '充值成功')).toBeVisible({ timeout: 5_000 });
  await expect(page.getByTestId('central-balance')).toContainText('300.00');
  await page.screenshot({ path: '/work/shots/s33/pushed-deposit-toast-390x844.png' });
});
