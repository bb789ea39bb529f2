import { OPERATOR_MSG } from '@app/contract/admin/auth';
import type { NewOperator } from '@app/contract/admin/operators';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { auditLog } from '../src/db/schema/operators';
import { ConsoleClient, codeAt, ManualClock } from './console';
import { body, createTestApp, PRODUCTION_SECRETS, type TestApp, targets, uniqueName } from './harness';

const ADMIN_TOKEN = 'bootstrap-token-for-sign-in-tests-0123';
const STEP_MS = 30_000;

async function bootstrapOperator(t: TestApp, role = 'superadmin'): Promise<NewOperator> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/admin/api/bootstrap/operators',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    payload: { username: uniqueName('op').slice(0, 20), display_name: '测试操作员', role },
  });
  if (res.statusCode !== 200) throw new Error(body(res).message);
  return body(res).data as NewOperator;
}

const auditRows = (t: TestApp, operatorId: number, action: string) =>
  t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.operatorId, operatorId), eq(auditLog.action, action)));

describe.each(targets)('operator sign-in on %s', (target) => {
  let t: TestApp;
  const clock = new ManualClock();
  beforeAll(async () => {
    t = await createTestApp(target, { clock, env: { ADMIN_TOKEN } });
  });
  afterAll(() => t.close());

  /** A fully signed-in console of a new operator; the clock moves one TOTP step on afterwards. */
  async function signedIn(role = 'superadmin') {
    const op = await bootstrapOperator(t, role);
    const client = new ConsoleClient(t.app);
    await client.signIn(op.username, op.password, op.totp_secret, clock);
    clock.advance(STEP_MS);
    return { op, client, password: 'NewPassword2026' };
  }

  it('creates operators with the bootstrap token, which can do nothing else', async () => {
    const op = await bootstrapOperator(t, 'support');
    expect(op.password).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(op.otpauth_uri).toMatch(/^otpauth:\/\/totp\//);
    expect(op.otpauth_uri).toContain(`secret=${op.totp_secret}`);
    const asBootstrap = { authorization: `Bearer ${ADMIN_TOKEN}` };
    expect((await t.app.inject({ url: '/admin/api/operators', headers: asBootstrap })).statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/admin/api/bootstrap/operators',
      headers: { authorization: 'Bearer not-the-bootstrap-token-at-all' },
      payload: { username: 'nobody01', display_name: 'x', role: 'superadmin' },
    });
    expect(wrong.statusCode).toBe(401);
    const [created] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(op.id)));
    expect(created).toMatchObject({ action: 'operators.create', via: 'bootstrap', operatorId: null });
  });

  it('signs in the first time with the password, enrols the authenticator with its first code, then sets a password', async () => {
    const op = await bootstrapOperator(t);
    const client = new ConsoleClient(t.app);
    const first = await client.post('/admin/api/auth/sign-in', {
      username: op.username,
      password: op.password,
    });
    expect(first.statusCode).toBe(200);
    expect(body(first).data).toMatchObject({ stage: 'enrol', enrolment: { secret: op.totp_secret } });
    const cookie = first.headers['set-cookie']?.toString() ?? '';
    expect(cookie).toMatch(/^xy_op=[\w-]{43}; Path=\/admin; HttpOnly; SameSite=Strict$/);

    // Half signed in: nothing but the next step.
    expect((await client.get('/admin/api/operators')).statusCode).toBe(401);
    const pendingCookie = client.cookie;

    const wrongCode = await client.post('/admin/api/auth/totp', { code: '000000' });
    expect(body(wrongCode)).toEqual({ code: 422, message: OPERATOR_MSG.wrongCode });
    const badFormat = await client.post('/admin/api/auth/totp', { code: '12ab' });
    expect(body(badFormat)).toEqual({ code: 400, message: OPERATOR_MSG.codeFormat });

    const second = await client.post('/admin/api/auth/totp', { code: await codeAt(op.totp_secret, clock) });
    expect(body(second).data).toMatchObject({ stage: 'password', permissions: [] });
    expect((await client.get('/admin/api/operators')).statusCode).toBe(401);

    const weak = await client.post('/admin/api/auth/password', { password: 'onlyletters' });
    expect(body(weak)).toEqual({ code: 400, message: OPERATOR_MSG.passwordRule });
    const same = await client.post('/admin/api/auth/password', { password: op.password });
    expect(body(same)).toEqual({ code: 400, message: OPERATOR_MSG.passwordSame });
    const third = await client.post('/admin/api/auth/password', { password: 'MyOwnPassword1' });
    expect(body(third).data).toMatchObject({ stage: 'active', operator: { username: op.username } });
    expect((body(third).data as { permissions: string[] }).permissions).toContain('operators.create');
    expect((await client.get('/admin/api/operators')).statusCode).toBe(200);

    // The token of the sign-in stages is worth nothing once signed in.
    const stale = await t.app.inject({ url: '/admin/api/auth/me', headers: { cookie: pendingCookie ?? '' } });
    expect(stale.statusCode).toBe(401);

    for (const action of ['auth.totp-enrolled', 'auth.password-changed', 'auth.sign-in']) {
      expect(await auditRows(t, op.id, action)).toHaveLength(1);
    }
    expect(await auditRows(t, op.id, 'auth.sign-in-failed')).toHaveLength(1);

    // The one-time password is gone; the new one signs in with a code only.
    clock.advance(STEP_MS);
    const again = new ConsoleClient(t.app);
    const refused = await again.post('/admin/api/auth/sign-in', {
      username: op.username,
      password: op.password,
    });
    expect(body(refused)).toEqual({ code: 422, message: OPERATOR_MSG.wrongCredentials });
    const next = await again.post('/admin/api/auth/sign-in', {
      username: op.username,
      password: 'MyOwnPassword1',
    });
    expect(body(next).data).toMatchObject({ stage: 'totp' });
    expect(body(next).data).not.toHaveProperty('enrolment');
  });

  it('accepts a code once', async () => {
    const { op, password } = await signedIn();
    const code = await codeAt(op.totp_secret, clock);
    const first = new ConsoleClient(t.app);
    await first.post('/admin/api/auth/sign-in', { username: op.username, password });
    expect((await first.post('/admin/api/auth/totp', { code })).statusCode).toBe(200);
    const second = new ConsoleClient(t.app);
    await second.post('/admin/api/auth/sign-in', { username: op.username, password });
    expect(body(await second.post('/admin/api/auth/totp', { code }))).toEqual({
      code: 422,
      message: OPERATOR_MSG.wrongCode,
    });
    clock.advance(STEP_MS);
    expect(
      (await second.post('/admin/api/auth/totp', { code: await codeAt(op.totp_secret, clock) })).statusCode,
    ).toBe(200);
  });

  it('locks the account for 15 minutes after five failed passwords or codes in a row', async () => {
    const { op, password } = await signedIn();
    const client = new ConsoleClient(t.app);
    for (let i = 0; i < 3; i++) {
      const wrong = await client.post('/admin/api/auth/sign-in', {
        username: op.username,
        password: 'WrongPass123',
      });
      expect(body(wrong).message).toBe(OPERATOR_MSG.wrongCredentials);
    }
    // The right password gives its attempt back; the wrong codes after it do not.
    await client.post('/admin/api/auth/sign-in', { username: op.username, password });
    expect((await client.post('/admin/api/auth/totp', { code: '111111' })).statusCode).toBe(422);
    expect((await client.post('/admin/api/auth/totp', { code: '222222' })).statusCode).toBe(422);
    // The lock ended the sessions, this one in its sign-in stage too.
    expect(
      body(await client.post('/admin/api/auth/totp', { code: await codeAt(op.totp_secret, clock) })),
    ).toEqual({
      code: 401,
      message: OPERATOR_MSG.sessionExpired,
    });
    const locked = await client.post('/admin/api/auth/sign-in', { username: op.username, password });
    expect(body(locked)).toEqual({ code: 429, message: OPERATOR_MSG.locked });
    expect(await auditRows(t, op.id, 'auth.locked')).toHaveLength(1);

    clock.advance(15 * 60_000 + 1000);
    await client.signIn(op.username, password, op.totp_secret, clock);
    expect(client.state?.stage).toBe('active');
    clock.advance(STEP_MS);
  });

  it('checks at most five passwords of twenty concurrent wrong sign-ins', async () => {
    const { op, password } = await signedIn();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        new ConsoleClient(t.app).post('/admin/api/auth/sign-in', {
          username: op.username,
          password: 'Guess123456',
        }),
      ),
    );
    const codes = answers.map((a) => body(a).code);
    expect(codes.filter((c) => c === 422)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(15);
    expect(await auditRows(t, op.id, 'auth.sign-in-failed')).toHaveLength(5);
    const right = await new ConsoleClient(t.app).post('/admin/api/auth/sign-in', {
      username: op.username,
      password,
    });
    expect(body(right).code).toBe(429);
  });

  it('refuses a change without the session CSRF token, and reads without it', async () => {
    const { client } = await signedIn();
    const csrf = client.csrf ?? '';
    client.csrf = undefined;
    const none = await client.post('/admin/api/me/api-keys', { label: '脚本' });
    expect(body(none)).toEqual({ code: 403, message: OPERATOR_MSG.csrf });
    const forged = await client.request(
      'POST',
      '/admin/api/me/api-keys',
      { label: '脚本' },
      { 'x-csrf-token': 'x'.repeat(43) },
    );
    expect(body(forged)).toEqual({ code: 403, message: OPERATOR_MSG.csrf });
    expect((await client.get('/admin/api/me/api-keys')).statusCode).toBe(200);
    expect(body(await client.get('/admin/api/me/api-keys')).data).toEqual([]);
    client.csrf = csrf;
    expect((await client.post('/admin/api/me/api-keys', { label: '脚本' })).statusCode).toBe(200);
  });

  it('ends a session idle for 30 minutes; use keeps it alive', async () => {
    const { client } = await signedIn();
    clock.advance(29 * 60_000);
    expect((await client.get('/admin/api/auth/me')).statusCode).toBe(200);
    clock.advance(29 * 60_000);
    expect((await client.get('/admin/api/auth/me')).statusCode).toBe(200);
    clock.advance(31 * 60_000);
    expect(body(await client.get('/admin/api/auth/me'))).toEqual({
      code: 401,
      message: OPERATOR_MSG.sessionExpired,
    });
  });

  it('signs out one session, or every session of the operator', async () => {
    const { op, client: a, password } = await signedIn();
    const b = new ConsoleClient(t.app);
    await b.signIn(op.username, password, op.totp_secret, clock);
    clock.advance(STEP_MS);
    const c = new ConsoleClient(t.app);
    await c.signIn(op.username, password, op.totp_secret, clock);
    clock.advance(STEP_MS);

    const sessions = body(await a.get('/admin/api/me/sessions')).data as { current: boolean }[];
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);

    const out = await c.post('/admin/api/auth/sign-out');
    expect(out.statusCode).toBe(200);
    expect(out.headers['set-cookie']?.toString()).toContain('Max-Age=0');
    expect(
      (await t.app.inject({ url: '/admin/api/auth/me', headers: { cookie: c.cookie ?? 'xy_op=gone' } }))
        .statusCode,
    ).toBe(401);
    expect((await a.get('/admin/api/auth/me')).statusCode).toBe(200);

    expect((await a.post('/admin/api/auth/sign-out-everywhere')).statusCode).toBe(200);
    expect((await a.get('/admin/api/auth/me')).statusCode).toBe(401);
    expect((await b.get('/admin/api/auth/me')).statusCode).toBe(401);
  });

  it('lets scripts act with an API key, once shown, until it is revoked', async () => {
    const { client } = await signedIn('support');
    const created = body(await client.post('/admin/api/me/api-keys', { label: '客服脚本' })).data as {
      id: number;
      key: string;
    };
    expect(created.key).toMatch(/^xyk_[\w-]{43}$/);
    const asKey = { authorization: `Bearer ${created.key}` };
    const search = await t.app.inject({ url: '/admin/api/players?q=none', headers: asKey });
    expect(search.statusCode).toBe(200);
    // The key carries the support role: no money, no operators; and it cannot manage keys.
    expect((await t.app.inject({ url: '/admin/api/deposits', headers: asKey })).statusCode).toBe(403);
    expect(body(await t.app.inject({ url: '/admin/api/me/api-keys', headers: asKey }))).toEqual({
      code: 403,
      message: OPERATOR_MSG.apiKeyNotAllowed,
    });
    const listed = body(await client.get('/admin/api/me/api-keys')).data as {
      prefix: string;
      last_used_at: string;
    }[];
    expect(listed[0]?.prefix).toBe(created.key.slice(0, 10));
    expect(listed[0]?.last_used_at).not.toBe('');
    expect(JSON.stringify(listed)).not.toContain(created.key);

    expect((await client.post(`/admin/api/me/api-keys/${created.id}/revoke`)).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/admin/api/players', headers: asKey })).statusCode).toBe(401);
    expect((await client.post(`/admin/api/me/api-keys/${created.id}/revoke`)).statusCode).toBe(404);
  });
});

describe('ADMIN_ALLOWED_IPS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { ADMIN_ALLOWED_IPS: '10.0.0.0/8, 192.168.1.7, fd00::/8' } });
  });
  afterAll(() => t.close());

  const signIn = (remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/admin/api/auth/sign-in',
      remoteAddress,
      payload: { username: 'nobody', password: 'whatever1234' },
    });

  it('refuses the console API from any other address, before anything else', async () => {
    expect(body(await signIn('127.0.0.1'))).toEqual({ code: 403, message: OPERATOR_MSG.ipRefused });
    expect(body(await signIn('192.168.1.8')).code).toBe(403);
    expect(body(await signIn('::ffff:172.16.0.1')).code).toBe(403);
    const key = await t.app.inject({
      url: '/admin/api/players',
      remoteAddress: '127.0.0.1',
      headers: { authorization: 'Bearer xyk_anything' },
    });
    expect(key.statusCode).toBe(403);
  });

  it('lets the listed addresses and ranges through to the sign-in', async () => {
    for (const address of ['10.20.30.40', '192.168.1.7', '::ffff:10.0.0.1', 'fd12::1']) {
      expect(body(await signIn(address))).toEqual({ code: 422, message: OPERATOR_MSG.wrongCredentials });
    }
  });

  it('leaves the player API alone', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/app', remoteAddress: '127.0.0.1' })).statusCode,
    ).toBe(200);
  });

  it('stops the start on a malformed entry, and production refuses demo data', () => {
    expect(() => loadConfig({ ADMIN_ALLOWED_IPS: '10.0.0.0/33' })).toThrow(/ADMIN_ALLOWED_IPS/);
    expect(() => loadConfig({ ADMIN_ALLOWED_IPS: 'office' })).toThrow(/ADMIN_ALLOWED_IPS/);
    expect(() => loadConfig({ NODE_ENV: 'production', SEED_DEMO: '1', ...PRODUCTION_SECRETS })).toThrow(
      /SEED_DEMO/,
    );
    const production = {
      NODE_ENV: 'production',
      ...PRODUCTION_SECRETS,
      DATABASE_URL: 'postgres://db.internal/platform',
    };
    expect(loadConfig(production).seedDemo).toBe(false);
  });
});
