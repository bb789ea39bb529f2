import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { E2E } from '../playwright.config';

export const DEMO = { name: 'demo888', password: 'demo888' };

let counter = 0;
export const newUsername = () => `e2e${Date.now().toString(36)}${(counter++).toString(36)}`.slice(0, 16);

/** Saves a named screenshot as a test artefact (e2e/artifacts/screens). */
export async function snap(page: Page, name: string) {
  await page.screenshot({ path: `artifacts/screens/${name}.png`, fullPage: true });
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

/** Switches the site in or out of maintenance through the operator API of the running server. */
export async function setSiteState(request: APIRequestContext, state: 0 | 1, repairTips?: string) {
  const res = await request.post('/admin/api/settings/site', {
    headers: { authorization: `Bearer ${E2E.adminToken}` },
    data: { site_state: state, ...(repairTips ? { repair_tips: repairTips } : {}) },
  });
  expect(res.status()).toBe(200);
}
