import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { generate } from 'otplib';
import { E2E } from './playwright.config';

const base = `http://127.0.0.1:${E2E.port}/admin/api`;

/** The session cookie a console answer sets. */
const cookieOf = (res: Response) => /xy_op=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1] ?? '';

async function post(path: string, body: object, session?: { cookie: string; csrf: string }) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(session ? { cookie: `xy_op=${session.cookie}`, 'x-csrf-token': session.csrf } : {}),
    },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as { code: number; message: string; data: Record<string, unknown> };
  if (envelope.code !== 200) throw new Error(`${path}: ${envelope.message}`);
  return { res, data: envelope.data };
}

/**
 * The API key the specs call the operator API with: the demo superadmin signs in (enrolling the
 * secret the console shows at the first sign-in) and makes one, as an operator would for a script.
 */
async function operatorKey(): Promise<string> {
  const first = await post('/auth/sign-in', { username: E2E.superadmin, password: E2E.operatorPassword });
  const secret = (first.data.enrolment as { secret: string }).secret;
  const pending = { cookie: cookieOf(first.res), csrf: String(first.data.csrf_token) };
  const second = await post('/auth/totp', { code: await generate({ secret }) }, pending);
  // The console specs sign in as the superadmin too, with a later code of the same secret.
  process.env.E2E_SUPERADMIN_TOTP = secret;
  process.env.E2E_SUPERADMIN_TOTP_STEP = String(Math.floor(Date.now() / 30_000));
  const active = { cookie: cookieOf(second.res), csrf: String(second.data.csrf_token) };
  const created = await post('/me/api-keys', { label: '浏览器测试' }, active);
  return String(created.data.key);
}

/**
 * The tests run against the built app and console: build them when missing or stale (npm test has
 * just built them); the server (started first by Playwright) serves the console as soon as it exists.
 */
export default async function globalSetup() {
  execFileSync(process.execPath, [path.resolve(import.meta.dirname, '../scripts/web-build.mjs')], {
    stdio: 'inherit',
  });
  const key = await operatorKey();
  process.env.E2E_OPERATOR_KEY = key;
  // Cards bound in a spec receive withdrawals at once (the default waits 24 hours after binding).
  const wait = await fetch(`${base}/settings/card-wait`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ hours: 0, reason: '浏览器测试：绑定后立即可取款' }),
  });
  if (!wait.ok) throw new Error(`card-wait: ${wait.status}`);
}
