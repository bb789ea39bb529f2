import { EXAMPLE_RULES } from '@app/contract/agents';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ALONE, E2E } from '../../playwright.config';
import {
  bearer,
  bindUsdt,
  fillRegister,
  fundedPlayer,
  newUsername,
  openAs,
  playSlotRounds,
  snap,
} from '../support';
import {
  act,
  asOperator,
  filterByPlayer,
  openMenu,
  phone,
  setTestClock,
  signInDemo,
  signOut,
  tableRow,
} from './console-support';

// This journey moves the server's shared clock (TEST_CLOCK) into a month of its own, and back to now
// after: it must run alone (tagged ALONE), never beside another spec.
test.describe.configure({ mode: 'serial' });

const DAY_MS = 86_400_000;
const beijing = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString();
/** A CPA of 30 for each new player whose first deposit reaches 100: a commission no luck at the slots changes. */
const CPA = 30;

test.afterEach(async ({ request }) => {
  await setTestClock(request, `${beijing(Date.now()).slice(0, 19)}+08:00`);
});

async function balanceOf(request: APIRequestContext, token: string) {
  const res = await request.post('/api/balance', { headers: bearer(token) });
  return ((await res.json()) as { data: { balance: number } }).data.balance;
}

/** A USDT deposit of `amount`, approved by the operator. */
async function deposit(request: APIRequestContext, token: string, name: string, amount: number) {
  await bindUsdt(request, token);
  const res = await request.post('/api/recharge', {
    headers: { ...bearer(token), 'idempotency-key': `e2e-dep-${name}` },
    data: { paytype: 'usdt', amount, catepay: 'TRC20' },
  });
  const body = (await res.json()) as { code: number; message: string; data: { deposit_no: string } };
  expect(body.code, body.message).toBe(200);
  await asOperator(request, '/admin/api/deposits/approve', { order_no: body.data.deposit_no });
}

/**
 * Moves 200 into the demo venue and plays slot rounds of 50 there until the player is down (the
 * venue's luck is real: about 1 player in 50 is still up after 100 rounds). Answers the rounds and
 * the player's result.
 */
async function playSlots(request: APIRequestContext, token: string) {
  const moved = await request.post('/api/transfer', {
    headers: bearer(token),
    data: { amount: 200, sourcetype: 'userbalance', targettype: 'obgdy' },
  });
  expect(((await moved.json()) as { code: number }).code).toBe(200);
  return playSlotRounds(request, token, 100, { untilDown: true });
}

/** The month's bets of a player, once they have reached the platform. */
const betsOf = async (request: APIRequestContext, token: string) => {
  const res = await request.post('/api/betrecord', {
    headers: bearer(token),
    data: { date: 4, page: 1, api_type: '' },
  });
  return ((await res.json()) as { data: { total: number } }).data.total;
};

/** A fresh login (the month's end is weeks past the session the agent had). */
async function logIn(request: APIRequestContext, name: string): Promise<string> {
  const captcha = (await (await request.get('/api/captcha')).json()) as { data: { captcha_key: string } };
  const res = await request.post('/api/login_pc', {
    data: { name, password: 'secret123', code: E2E.captcha, captcha_key: captcha.data.captcha_key },
  });
  return ((await res.json()) as { data: { api_token: string } }).data.api_token;
}

async function shot(page: Page, name: string) {
  await snap(page, `agents-${name}`);
}

test('the agent programme: an approved agent with a plan, players through the link, the month closed, the statement seen and paid', {
  tag: ALONE,
}, async ({ page, browser, request }) => {
  test.setTimeout(300_000);

  // The agent applies; 运营 approves the application in the console (1440x900), at the real time
  // (the authenticator's codes are of now), and gives them a plan with a CPA.
  const agent = await fundedPlayer(request, 0);
  const applied = await request.post('/api/applyagentdo', {
    headers: bearer(agent.token),
    data: { mobile: '13812345678', apply_info: '有推广资源' },
  });
  expect(((await applied.json()) as { code: number }).code).toBe(200);
  await signInDemo(page, 'yunying');
  await filterByPlayer(page, '代理申请', agent.name);
  await expect(tableRow(page, agent.name)).toContainText('有推广资源');
  await tableRow(page, agent.name).getByRole('button', { name: '通过' }).click();
  await act(page, '通过代理申请', '推广资源已核实');
  await expect(tableRow(page, agent.name)).toHaveCount(0);
  // The confirmation has faded out (the picture shows the queue without the application).
  await expect(page.locator('.ant-modal-wrap:visible')).toHaveCount(0);
  await shot(page, 'console-application-approved');
  await signOut(page);
  const planName = `E2E方案${Date.now().toString(36)}`.slice(0, 32);
  await asOperator(request, '/admin/api/agent-plans', {
    name: planName,
    is_default: false,
    rules: {
      ...EXAMPLE_RULES,
      tiers: [{ min_net_loss: 0, min_active: 0, share_percent: 20 }],
      cpa_amount: CPA,
      cpa_min_first_deposit: 100,
      turnover_multiple: 1,
    },
    note: '端到端测试方案',
  });
  const plans = await asOperator<{ id: number; name: string }[]>(request, '/admin/api/agent-plans');
  const plan = plans.find((p) => p.name === planName);
  const agents = await asOperator<{ data: { id: number; username: string }[] }>(
    request,
    `/admin/api/agents?player=${agent.name}`,
  );
  const agentId = agents.data.find((a) => a.username === agent.name)?.id;
  await asOperator(request, `/admin/api/agents/${agentId}/plan`, {
    plan_id: plan?.id,
    reason: '签约方案',
  });

  // The agent's link (asked while the agent's session is of now).
  const links = await request.get('/api/agent/links', { headers: bearer(agent.token) });
  const [link] = ((await links.json()) as { data: { url: string }[] }).data;
  expect(link?.url).toContain('register?pid=');

  // A month of the test clock's own: the 10th, two months on.
  const now = new Date(beijing(Date.now()));
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 10));
  const monthText = month.toISOString().slice(0, 7);
  await setTestClock(request, `${month.toISOString().slice(0, 10)}T13:00:00+08:00`);

  // A player registers through it in the app, deposits and plays.
  const player = await phone(browser);
  const invited = newUsername();
  const visited = player.page.waitForRequest('**/api/agent/link-visit');
  await player.page.goto(new URL(link?.url ?? '', E2E.origin).hash);
  expect((await visited).postDataJSON()).toMatchObject({ referrer: link?.url.split('referrer=')[1] });
  await (await fillRegister(player.page, { name: invited })).getByRole('button', { name: '注册' }).click();
  await expect(player.page).toHaveURL(/#\/$|#\/\?/);
  const token = await player.page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('session') ?? '{}') as { state?: { token?: string } }).state?.token,
  );
  expect(token).toBeTruthy();
  await player.context.close();
  await deposit(request, token as string, invited, 200);
  const { played, result } = await playSlots(request, token as string);
  await expect.poll(() => betsOf(request, token as string), { timeout: 20_000 }).toBe(played);

  // The month closes after its last day (the job, run as the scheduler would, on the test clock).
  const lastDay = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 0))
    .toISOString()
    .slice(0, 10);
  await setTestClock(
    request,
    `${new Date(Date.parse(`${lastDay}T12:00:00Z`) + DAY_MS).toISOString().slice(0, 10)}T00:10:00+08:00`,
  );
  await asOperator(request, '/admin/api/jobs/run', { job: 'agent-commission', day: lastDay });

  // The agent sees the statement in the agent centre (390x844).
  agent.token = await logIn(request, agent.name);
  const agentPhone = await phone(browser);
  await openAs(agentPhone.page, agent.token, '/mine');
  await agentPhone.page.getByText('代理登录').click();
  await expect(agentPhone.page).toHaveURL(/#\/agent/);
  await expect(agentPhone.page.getByTestId('overview-members')).toHaveText('1');
  await shot(agentPhone.page, 'centre-overview');
  await agentPhone.page.getByRole('tab', { name: '佣金账单' }).click();
  const statement = agentPhone.page.getByTestId('statement').first();
  await expect(statement).toContainText(`${monthText} 月账单`);
  await expect(statement).toContainText('待审核');
  await statement.click();
  const sheet = agentPhone.page.getByRole('dialog', { name: `${monthText} 月账单` });
  await expect(sheet.getByTestId('statement-line')).toHaveCount(1);
  await expect(sheet.getByTestId('statement-line')).toContainText(invited);
  await shot(agentPhone.page, 'centre-statement');
  await sheet.getByRole('button', { name: '关闭' }).click();
  await agentPhone.page.getByRole('tab', { name: '推广' }).click();
  await expect(agentPhone.page.getByTestId('link-counts').first()).toHaveText(/访问 1 · 注册 1/);
  await shot(agentPhone.page, 'centre-promotion');

  // 财务 approves it in the console (1440x900), at the real time again (the authenticator's codes are of now).
  await setTestClock(request, `${beijing(Date.now()).slice(0, 19)}+08:00`);
  const before = await balanceOf(request, agent.token);
  await signInDemo(page, 'caiwu');
  await openMenu(page, '佣金账单');
  // The month's row: the daily job may have closed the month before (the plan was in force, nothing happened).
  const row = tableRow(page, agent.name).filter({ hasText: monthText });
  await expect(row).toContainText('待审核');
  const queue = await asOperator<{ data: { total: number; month: string }[] }>(
    request,
    `/admin/api/agent-statements?agent=${agent.name}`,
  );
  const total = queue.data.find((s) => s.month === monthText)?.total ?? 0;
  // The plan: 20 % of the month's net loss (no fee, no tier threshold) and the CPA. The one player
  // had no bonus, so the net loss is what they lost at the slots; a player still up gives the CPA only.
  expect(total).toBeCloseTo(Math.max(0, -result) * 0.2 + CPA, 2);
  await shot(page, 'console-statements');
  await row.getByRole('button', { name: '通过' }).click();
  await act(page, '通过佣金账单', '核对无误');
  await expect(row).toContainText('已发放');
  await shot(page, 'console-statement-paid');

  // The agent's balance shows the commission.
  expect(await balanceOf(request, agent.token)).toBeCloseTo(before + total, 2);
  await agentPhone.page.goto('/#/money');
  await expect(agentPhone.page.getByTestId('central-balance')).toContainText((before + total).toFixed(2));
  await shot(agentPhone.page, 'agent-balance');
  // 交易记录's 代理佣金 tab: the month's commission, paid.
  await agentPhone.page.goto('/#/transRecord');
  await agentPhone.page.getByRole('tab', { name: '代理佣金' }).click();
  const paid = agentPhone.page.getByTestId('trans-record').first();
  await expect(paid).toContainText(`${monthText} 代理佣金`);
  await expect(paid).toContainText(`+${total.toFixed(2)}`);
  await expect(paid.getByTestId('trans-state')).toHaveText('已发放');
  await shot(agentPhone.page, 'agent-trans-record');
  await agentPhone.context.close();
});
