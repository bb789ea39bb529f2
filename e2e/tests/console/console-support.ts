import { closeSync, mkdirSync, openSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { demoTotpSecret } from '../../../apps/server/src/modules/operators/totp';
import { E2E, PHONE } from '../../playwright.config';
import { operatorHeaders } from '../support';

const STEP_MS = 30_000;
/**
 * The TOTP steps already used, a file per secret and step (the server accepts a code once), in the
 * run's own folder: the workers running beside each other, and one Playwright starts after a
 * failed test, each claim a step no other has used.
 */
const STEPS_DIR = path.join(process.env.E2E_DATA_DIR ?? os.tmpdir(), 'totp-steps');

/** Claims `step` of `secret` for this worker: false when it was used already (global-setup used one of the superadmin's). */
function claim(secret: string, step: number): boolean {
  if (
    secret === process.env.E2E_SUPERADMIN_TOTP &&
    step <= Number(process.env.E2E_SUPERADMIN_TOTP_STEP ?? -1)
  )
    return false;
  mkdirSync(STEPS_DIR, { recursive: true });
  try {
    // 'wx': created only if no worker has, atomically.
    closeSync(openSync(path.join(STEPS_DIR, `${secret}-${step}`), 'wx'));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** The authenticator's code of a step no one has used yet: the current one, or the next. */
export async function freshCode(page: Page, secret: string): Promise<string> {
  let step = Math.floor(Date.now() / STEP_MS);
  while (!claim(secret, step)) {
    await page.waitForTimeout((step + 1) * STEP_MS - Date.now() + 500);
    step = Math.floor(Date.now() / STEP_MS);
  }
  return generate({ secret, epoch: (step * STEP_MS) / 1000 });
}

export async function typeCode(page: Page, code: string) {
  await page.locator('.ant-otp input').first().click();
  await page.keyboard.type(code);
}

/** The password step of the console's sign-in. */
export async function enterPassword(page: Page, username: string, password = E2E.operatorPassword) {
  const form = page.getByRole('form', { name: '登录' });
  await form.getByPlaceholder('请输入账号').fill(username);
  await form.getByPlaceholder('请输入密码').fill(password);
  await form.getByRole('button', { name: '下一步' }).click();
}

/**
 * A first sign-in: the password, then the enrolment screen's secret (as an operator would type it
 * into an authenticator app) and its first code. Answers the secret for later sign-ins.
 */
export async function enrol(
  page: Page,
  username: string,
  shot?: (name: string) => Promise<void>,
): Promise<string> {
  await page.goto('/admin/');
  await enterPassword(page, username);
  return completeEnrolment(page, shot);
}

/** The enrolment screen after the password: its secret, typed into an authenticator, and its first code. */
async function completeEnrolment(page: Page, shot?: (name: string) => Promise<void>): Promise<string> {
  await expect(page.getByText('首次登录：请绑定身份验证器')).toBeVisible();
  await expect(
    page.getByRole('img', { name: '两步验证二维码' }).or(page.locator('.ant-qrcode canvas')),
  ).toBeVisible();
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replaceAll(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await typeCode(page, await freshCode(page, secret));
  await shot?.('console-enrol');
  await page.getByRole('button', { name: '绑定并继续' }).click();
  await expect(page.getByText(/^您好，/)).toBeVisible();
  return secret;
}

/**
 * A demo operator's sign-in whoever signed in first: the enrolment at the first sign-in of the run,
 * the printed secret's code after it (so that specs sharing a demo operator run in any order).
 */
export async function signInDemo(page: Page, username: string): Promise<void> {
  await page.goto('/admin/');
  await enterPassword(page, username);
  const enrolment = page.getByText('首次登录：请绑定身份验证器');
  const codeStep = page.getByRole('form', { name: '动态验证码' });
  await expect(enrolment.or(codeStep).first()).toBeVisible();
  if (await enrolment.isVisible()) {
    await completeEnrolment(page);
    return;
  }
  const secret = demoTotpSecret(username);
  await typeCode(page, await freshCode(page, secret));
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByText(/^您好，/)).toBeVisible();
}

/** A later sign-in: password and the authenticator's code only. */
export async function signIn(page: Page, username: string, secret: string) {
  await page.goto('/admin/');
  await enterPassword(page, username);
  await expect(page.getByRole('form', { name: '动态验证码' })).toBeVisible();
  await expect(page.getByText('首次登录：请绑定身份验证器')).toHaveCount(0);
  await typeCode(page, await freshCode(page, secret));
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByText(/^您好，/)).toBeVisible();
}

/**
 * Signs out from the operator menu. The menu opens and closes with an animation, and a click that
 * lands on its item as it closes does nothing (seen once in a full run): the sign-out is tried again
 * until the sign-in form shows.
 */
export async function signOut(page: Page) {
  const signInForm = page.getByRole('form', { name: '登录' });
  await expect(async () => {
    if (await signInForm.isVisible()) return;
    await page.getByRole('button', { name: '当前操作员' }).click({ timeout: 3_000 });
    await page.getByRole('menuitem', { name: '退出登录' }).click({ timeout: 3_000 });
    await expect(signInForm).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}

/** Opens a console page from the left menu; its heading shows once its code has loaded. */
export async function openMenu(page: Page, label: string, heading = label) {
  await page.getByRole('menu').getByRole('link', { name: label }).click();
  await expect(page.locator('.ant-card-head-title').filter({ hasText: heading }).first()).toBeVisible({
    timeout: 20_000,
  });
}

/**
 * Runs an action of the console: its dialog with the reason, then the confirmation. `fill` sets
 * the action's own fields.
 */
export async function act(
  page: Page,
  label: string,
  reason: string,
  fill?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>,
) {
  const dialog = page.getByRole('dialog', { name: label, exact: true });
  await expect(dialog).toBeVisible();
  await fill?.(dialog);
  await dialog.getByLabel('操作原因').fill(reason);
  await dialog.getByRole('button', { name: '下一步' }).click();
  const confirm = page.getByRole('dialog', { name: `确认${label}？` });
  await expect(confirm).toContainText(reason);
  await confirm.getByRole('button', { name: `确认${label}` }).click();
  await expect(dialog).toHaveCount(0);
}

/** The player app on a phone, beside the console. */
export async function phone(browser: Browser) {
  const context = await browser.newContext({
    ...PHONE,
    baseURL: E2E.origin,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  return { context, page: await context.newPage() };
}

/** A row of the page's data table (not of a description list) holding `text`. */
export const tableRow = (page: Page, text: string) =>
  page.locator('tr.ant-table-row').filter({ hasText: text });

/** The player's own calls, as the player app makes them: answers the envelope's data. */
export async function asPlayer(request: APIRequestContext, token: string, path: string, data: object) {
  const res = await request.post(path, { headers: { authorization: `Bearer ${token}` }, data });
  const envelope = (await res.json()) as { code: number; message: string; data: unknown };
  expect(envelope.code, `${path}: ${envelope.message}`).toBe(200);
  return envelope.data;
}

/** Opens a console list from the menu, filtered to one player. */
export async function filterByPlayer(page: Page, label: string, player: string) {
  await openMenu(page, label);
  const form = page.getByRole('form', { name: `${label}筛选条件` });
  await form.getByPlaceholder('用户名').fill(player);
  await form.getByRole('button', { name: '查询' }).click();
}

/** An operator's call with the run's API key: answers the envelope's data, after checking it answered 200. */
export async function asOperator<T>(request: APIRequestContext, path: string, data?: object): Promise<T> {
  const headers = operatorHeaders();
  const res = data ? await request.post(path, { headers, data }) : await request.get(path, { headers });
  const envelope = (await res.json()) as { code: number; message: string; data: T };
  expect(envelope.code, `${path}: ${envelope.message}`).toBe(200);
  return envelope.data;
}

/** Sets the server's test clock (TEST_CLOCK) on every node, as an operator with the run's API key. */
export async function setTestClock(request: APIRequestContext, at: string) {
  for (const node of (process.env.E2E_NODES ?? '').split(',')) {
    const res = await request.post(`${node}/admin/api/test-clock`, {
      headers: operatorHeaders(),
      data: { at },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
}
