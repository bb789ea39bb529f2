import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { E2E } from '../playwright.config';

export const DEMO = { name: 'demo888', password: 'demo888' };

let counter = 0;
export const newUsername = () => `e2e${Date.now().toString(36)}${(counter++).toString(36)}`.slice(0, 16);

/** Saves a named screenshot as a test artefact under e2e/artifacts/screens, wherever Playwright started. */
export async function snap(page: Page, name: string) {
  const path = fileURLToPath(new URL(`../artifacts/screens/${name}.png`, import.meta.url));
  await page.screenshot({ path, fullPage: true });
}

/** The toast antd-mobile shows, by its exact text. */
export const toast = (page: Page, text: string) => page.locator('.adm-toast-main').filter({ hasText: text });

export async function fillRegister(
  page: Page,
  fields: {
    name: string;
    password?: string;
    confirm?: string;
    realname?: string;
    pay?: string;
    code?: string;
  },
) {
  const form = page.getByRole('form', { name: '注册' });
  await form.getByPlaceholder('请输入用户名').fill(fields.name);
  await form.getByPlaceholder('请输入密码').fill(fields.password ?? 'secret123');
  await form.getByPlaceholder('请再次输入密码').fill(fields.confirm ?? fields.password ?? 'secret123');
  await form.getByPlaceholder('请输入真实姓名').fill(fields.realname ?? '李四');
  await form.getByPlaceholder('请输入支付密码').fill(fields.pay ?? 'paypass123');
  await form.getByPlaceholder('请输入验证码').fill(fields.code ?? E2E.captcha);
  return form;
}

export async function loginViaUi(page: Page, name: string, password: string) {
  const form = page.getByRole('form', { name: '登录' });
  await expect(form).toBeVisible();
  await form.getByPlaceholder('请输入用户名').fill(name);
  await form.getByPlaceholder('请输入密码').fill(password);
  await form.getByPlaceholder('请输入验证码').fill(E2E.captcha);
  await form.getByRole('button', { name: '登录' }).click();
}

/**
 * Headers of a call to the operator API: the API key global-setup made for the demo superadmin,
 * as a script (`npm run ops`) would send it.
 */
export function operatorHeaders(which: 'first' | 'second' = 'first'): { authorization: string } {
  const name = which === 'first' ? 'E2E_OPERATOR_KEY' : 'E2E_SECOND_OPERATOR_KEY';
  const key = process.env[name];
  if (!key) throw new Error(`${name} is not set: global-setup makes it`);
  return { authorization: `Bearer ${key}` };
}

/** Switches the site in or out of maintenance through the operator API of the running server. */
export async function setSiteState(request: APIRequestContext, state: 0 | 1, repairTips?: string) {
  const res = await request.post('/admin/api/settings/site', {
    headers: operatorHeaders(),
    data: { site_state: state, ...(repairTips ? { repair_tips: repairTips } : {}) },
  });
  expect(res.status()).toBe(200);
}

/**
 * Registers a player through the API and credits the central wallet as an operator's script does:
 * finds the player, asks for a manual credit (keyed), and, when it is above the four-eyes threshold
 * and waits, has the second operator approve it.
 */
export async function fundedPlayer(
  request: APIRequestContext,
  amount: number,
): Promise<{ name: string; token: string }> {
  const name = newUsername();
  const captcha = (await (await request.get('/api/captcha')).json()) as { data: { captcha_key: string } };
  const reg = await request.post('/api/register', {
    data: {
      name,
      password: 'secret123',
      confirmPass: 'secret123',
      realname: '钱多多',
      paypassword: 'paypass123',
      code: E2E.captcha,
      captcha_key: captcha.data.captcha_key,
    },
  });
  const token = ((await reg.json()) as { data: { api_token: string } }).data.api_token;
  if (amount > 0) {
    const found = await request.get('/admin/api/players', {
      headers: operatorHeaders(),
      params: { field: 'username', q: name },
    });
    const rows = ((await found.json()) as { data: { data: { id: number; username: string }[] } }).data.data;
    const id = rows.find((row) => row.username === name)?.id;
    const credit = await request.post(`/admin/api/players/${id}/adjustments`, {
      headers: operatorHeaders(),
      data: { direction: 'credit', amount, turnover_multiple: 0, reason: '测试加款', key: `e2e-${name}` },
    });
    expect(credit.status()).toBe(200);
    const asked = ((await credit.json()) as { data: { id: number; state: string } }).data;
    if (asked.state === 'pending') {
      const approved = await request.post(`/admin/api/adjustments/${asked.id}/decide`, {
        headers: operatorHeaders('second'),
        data: { decision: 'approve', note: '测试复核' },
      });
      expect(approved.status()).toBe(200);
    }
  }
  return { name, token };
}

/** Opens the app as a logged-in player, as a stored session from an earlier login would. */
export async function openAs(page: Page, token: string, path: string) {
  // Stored before any of the app's scripts run, and only once: a logout in the test stays a logout.
  await page.addInitScript((t) => {
    if (sessionStorage.getItem('e2e-session-seeded')) return;
    sessionStorage.setItem('e2e-session-seeded', '1');
    localStorage.setItem(
      'session',
      JSON.stringify({ state: { token: t, userInfo: null, appInfo: null, messageNum: 0 }, version: 0 }),
    );
  }, token);
  await page.goto(`/#${path}`);
}

export const TRC20_ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

export async function bindUsdt(request: APIRequestContext, token: string) {
  const res = await request.post('/api/bindcard', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      bank: 'USDT',
      bank_owner: 'TRC20',
      bank_no: TRC20_ADDRESS,
      bank_address: '',
      pay_pass: 'paypass123',
    },
  });
  expect(res.status()).toBe(200);
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Launches the demo venue's slot 财神到 for the player and plays `rounds` rounds of 50 there (with
 * `untilDown`, stops at the first round that leaves the player down). Answers the rounds played and
 * the player's result over them (payouts less stakes).
 */
export async function playSlotRounds(
  request: APIRequestContext,
  token: string,
  rounds: number,
  { untilDown = false } = {},
): Promise<{ played: number; result: number }> {
  const list = (await (await request.get('/api/game/list')).json()) as {
    data: { platform_name: string; game_code: string; name: string }[];
  };
  const slot = list.data.find((g) => g.platform_name === 'obgdy' && g.name === '财神到');
  expect(slot).toBeDefined();
  const launch = await request.post('/api/getGameUrl', {
    headers: bearer(token),
    data: { plat_name: 'obgdy', game_type: 0, game_code: slot?.game_code, is_mobile_url: 1 },
  });
  const { url } = ((await launch.json()) as { data: { url: string } }).data;
  const { pathname, search } = new URL(url, 'http://venue.invalid');
  expect((await request.get(`${pathname}${search}`)).status()).toBe(200);
  let result = 0;
  let played = 0;
  while (played < rounds && !(untilDown && result < 0)) {
    const play = await request.post('/venue/demo/api/play', { data: { stake: 50 } });
    expect(play.status(), await play.text()).toBe(200);
    const { data } = (await play.json()) as { data: { stake: number; payout: number } };
    result += data.payout - data.stake;
    played++;
  }
  return { played, result };
}
