import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { generate } from 'otplib';
import { startPlatform } from './platform';
import { E2E, SERVER_ENV } from './playwright.config';

/** The operator API of one node, called directly (no certificate to trust). */
let base = '';

/** The session cookie a console answer sets. */
const cookieOf = (res: Response) => /xy_op=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1] ?? '';

async function post(path: string, body: object, session?: { cookie: string; csrf: string }) {
  const send = () =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(session ? { cookie: `xy_op=${session.cookie}`, 'x-csrf-token': session.csrf } : {}),
      },
      body: JSON.stringify(body),
    });
  let res = await send();
  // A node just started on a busy machine may shed load (503) and says when to come back.
  for (let attempt = 1; res.status === 503 && attempt < 5; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, Number(res.headers.get('retry-after') ?? 2) * 1_000));
    res = await send();
  }
  const envelope = (await res.json()) as { code: number; message: string; data: Record<string, unknown> };
  if (envelope.code !== 200) throw new Error(`${path}: ${envelope.message}`);
  return { res, data: envelope.data };
}

type Session = { cookie: string; csrf: string };
const sessionOf = (answer: { res: Response; data: Record<string, unknown> }): Session => ({
  cookie: cookieOf(answer.res),
  csrf: String(answer.data.csrf_token),
});

/**
 * An operator's API key, as an operator makes one for a script: signs in with the password, gives
 * the authenticator's code (enrolling `secret`, or the secret the console shows at the first
 * sign-in), sets a password of the operator's own when the first sign-in asks for it, and makes
 * the key. Answers the key and the TOTP secret.
 */
async function apiKeyOf(username: string, password: string, secret?: string) {
  const first = await post('/auth/sign-in', { username, password });
  const totp = secret ?? (first.data.enrolment as { secret: string }).secret;
  let active = await post('/auth/totp', { code: await generate({ secret: totp }) }, sessionOf(first));
  if (active.data.stage === 'password')
    active = await post('/auth/password', { password: `${password}Own1` }, sessionOf(active));
  const created = await post('/me/api-keys', { label: '浏览器测试' }, sessionOf(active));
  return { key: String(created.data.key), secret: totp, session: sessionOf(active) };
}

/**
 * The API keys the specs call the operator API with. The demo superadmin makes the first one (and
 * the console specs sign in as the superadmin too, with a later code of the same secret); it
 * creates a second operator, of the finance role, whose key approves what needs four eyes: a
 * manual credit above the threshold waits for an operator other than the one who asked.
 */
async function operatorKeys(): Promise<{ first: string; second: string }> {
  const admin = await apiKeyOf(E2E.superadmin, E2E.operatorPassword);
  process.env.E2E_SUPERADMIN_TOTP = admin.secret;
  process.env.E2E_SUPERADMIN_TOTP_STEP = String(Math.floor(Date.now() / 30_000));
  const created = await post(
    '/operators',
    {
      username: `e2e.second.${Date.now()}`,
      display_name: '复核员',
      role: 'finance',
      reason: '浏览器测试复核',
    },
    admin.session,
  );
  const second = await apiKeyOf(
    String(created.data.username),
    String(created.data.password),
    String(created.data.totp_secret),
  );
  return { first: admin.key, second: second.key };
}

/**
 * Builds the app and the console when missing or stale (npm test has just built them), starts the
 * platform (platform.ts), makes the operators' keys, and answers the platform's teardown.
 */
export default async function globalSetup() {
  execFileSync(process.execPath, [path.resolve(import.meta.dirname, '../scripts/web-build.mjs')], {
    stdio: 'inherit',
  });
  const platform = await startPlatform(E2E.port, SERVER_ENV);
  try {
    process.env.E2E_NODES = platform.nodes.join(',');
    base = `${platform.nodes[0]}/admin/api`;
    const keys = await operatorKeys();
    process.env.E2E_OPERATOR_KEY = keys.first;
    process.env.E2E_SECOND_OPERATOR_KEY = keys.second;
    // Cards bound in a spec receive withdrawals at once (the default waits 24 hours after binding).
    const wait = await fetch(`${base}/settings/card-wait`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${keys.first}` },
      body: JSON.stringify({ hours: 0, reason: '浏览器测试：绑定后立即可取款' }),
    });
    if (!wait.ok) throw new Error(`card-wait: ${wait.status}`);
  } catch (error) {
    await platform.stop();
    throw error;
  }
  return platform.stop;
}
