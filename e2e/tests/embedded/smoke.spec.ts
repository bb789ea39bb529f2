import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { waitFor } from '../../../apps/server/test/wait';
import { E2E, SERVER_ENV } from '../../playwright.config';
import { bindUsdt, fillRegister, newUsername, toast } from '../support';

/**
 * The embedded path, whatever the other journeys run against: `npm start` (scripts/start.mjs on
 * the project's Node) on PGlite in a fresh folder, and a player who registers, deposits through the
 * payment sandbox and moves money into a venue.
 */
const port = E2E.port + 10;
const origin = `http://127.0.0.1:${port}`;
const root = path.resolve(import.meta.dirname, '../../..');
let server: ChildProcess | undefined;
let dataDir = '';

test.use({ baseURL: origin });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-embedded-'));
  const { DATABASE_URL: _postgres, ...env } = process.env;
  server = spawn(path.join(root, 'node_modules/node/bin/node'), ['scripts/start.mjs'], {
    cwd: root,
    env: { ...env, ...SERVER_ENV, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor('npm start on PGlite', 200_000, async () => (await fetch(`${origin}/readyz`)).ok);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('on the embedded database: registers, deposits 200 through the sandbox, transfers 100 into a venue', async ({
  page,
  request,
}) => {
  await page.goto('/#/login?type=1');
  const form = await fillRegister(page, { name: newUsername() });
  await form.getByRole('button', { name: '注册' }).click();
  await expect(page).toHaveURL(/#\/$/);
  const token = await page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('session') ?? '{}') as { state?: { token?: string } }).state?.token,
  );
  await bindUsdt(request, token ?? '');

  await page.goto('/#/recharge');
  await page.getByRole('radiogroup', { name: '充值方式' }).getByText('支付宝', { exact: true }).click();
  await page.getByRole('radiogroup', { name: '选择金额' }).getByText('200', { exact: true }).click();
  await page.getByRole('button', { name: '前往支付' }).click();
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page.getByRole('status')).toHaveText('支付成功');
  await page.getByRole('link', { name: '返回商户' }).click();
  await expect(page).toHaveURL(/#\/recharge/);

  await page.goto('/#/transfer');
  await expect(page.getByTestId('central-balance')).toContainText('200.00');
  await page.getByPlaceholder('请输入转账金额').fill('100');
  await page.getByRole('button', { name: '立即转账' }).click();
  await expect(toast(page, '转账成功')).toBeVisible();
  await expect(page.getByTestId('central-balance')).toContainText('100.00');
});
