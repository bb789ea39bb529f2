import { MSG, SERVER_MSG } from '@app/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  body,
  CAPTCHA,
  captchaKey,
  createTestApp,
  post,
  registerPlayer,
  registration,
  type TestApp,
  targets,
  uniqueName,
} from './harness';

describe.each(targets)('auth on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(() => t.close());

  const register = async (fields: object) =>
    post(t.app, '/api/register', { ...fields, captcha_key: await captchaKey(t.app) });
  const login = async (fields: object) =>
    post(t.app, '/api/login_pc', { ...fields, captcha_key: await captchaKey(t.app) });

  it('issues a captcha as a key and an image that does not spell the answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/captcha' });
    const data = body(res).data as { captcha_key: string; img: string };
    expect(res.statusCode).toBe(200);
    expect(data.captcha_key).toMatch(/^[0-9a-f-]{36}$/);
    expect(data.img).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(data.img.split(',')[1] ?? '', 'base64').toString();
    expect(svg).toContain('<path');
    expect(svg).not.toContain(CAPTCHA);
    expect(svg).not.toContain('<text');
  });

  it('registers a player who is then logged in with a zero balance', async () => {
    const name = uniqueName();
    const res = await register(registration(name));
    expect(res.statusCode).toBe(200);
    const env = body(res);
    expect(env).toMatchObject({ code: 200, message: SERVER_MSG.registered });
    const token = (env.data as { api_token: string }).api_token;
    expect(token.length).toBeGreaterThanOrEqual(43);

    const user = body(await post(t.app, '/api/user', {}, token));
    expect(user.data).toMatchObject({ username: name, realname: '张三', balance: 0, vip: 1, isagent: 0 });
  });

  const ruleCases: [string, Record<string, string>, string][] = [
    ['name missing', { name: '' }, MSG.registerName],
    ['name under 6', { name: 'abc12' }, MSG.registerName],
    ['name over 32', { name: 'a'.repeat(33) }, MSG.registerName],
    ['password under 6', { password: '12345', confirmPass: '12345' }, MSG.registerPassword],
    ['confirm differs', { confirmPass: 'other123' }, MSG.registerConfirm],
    ['real name missing', { realname: '' }, MSG.registerRealname],
    ['real name under 2', { realname: '张' }, MSG.registerRealname],
    ['pay password under 6', { paypassword: '12345' }, MSG.registerPayPassword],
    ['captcha missing', { code: '' }, MSG.captchaMissing],
    ['captcha wrong', { code: 'ZZZZ' }, MSG.captchaWrong],
    // Two rules broken at once: the earlier one in spec order wins.
    ['password and real name', { password: '1', confirmPass: '1', realname: '' }, MSG.registerPassword],
  ];
  it.each(ruleCases)('refuses registration when %s', async (_case, override, message) => {
    const name = uniqueName();
    const res = await register({ ...registration(name), ...override });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({ code: 400, message });
  });

  it('refuses a username that exists, whatever its case', async () => {
    const { name } = await registerPlayer(t.app);
    const res = await register(registration(name.toUpperCase()));
    expect(res.statusCode).toBe(409);
    expect(body(res).message).toBe(SERVER_MSG.usernameTaken);
  });

  it('accepts a captcha key once: a second attempt with the same key is refused', async () => {
    const key = await captchaKey(t.app);
    const first = await post(t.app, '/api/login_pc', {
      name: 'nobody1',
      password: 'whatever1',
      code: CAPTCHA,
      captcha_key: key,
    });
    expect(body(first).message).toBe(SERVER_MSG.wrongCredentials);
    const again = await post(t.app, '/api/login_pc', {
      name: 'nobody1',
      password: 'whatever1',
      code: CAPTCHA,
      captcha_key: key,
    });
    expect(body(again)).toEqual({ code: 400, message: MSG.captchaWrong });
  });

  it('compares the captcha without regard to case', async () => {
    const { name } = await registerPlayer(t.app);
    const res = await login({ name, password: 'secret123', code: CAPTCHA.toLowerCase() });
    expect(body(res).code).toBe(200);
  });

  it('logs in with the right password and answers a working token', async () => {
    const { name } = await registerPlayer(t.app);
    const res = await login({ name, password: 'secret123', code: CAPTCHA });
    expect(body(res)).toMatchObject({ code: 200, message: SERVER_MSG.loggedIn });
    const token = (body(res).data as { api_token: string }).api_token;
    expect(body(await post(t.app, '/api/balance', {}, token))).toEqual({
      code: 200,
      message: SERVER_MSG.ok,
      data: { balance: 0 },
    });
  });

  it.each([
    ['name missing', { name: '', password: 'secret123', code: CAPTCHA }, MSG.loginMissing],
    ['password missing', { name: 'someone', password: '', code: CAPTCHA }, MSG.loginMissing],
    ['captcha missing', { name: 'someone', password: 'secret123', code: '' }, MSG.captchaMissing],
    ['captcha wrong', { name: 'someone', password: 'secret123', code: 'QQQQ' }, MSG.captchaWrong],
  ])('refuses login when %s', async (_case, fields, message) => {
    const res = await login(fields);
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(message);
  });

  it('refuses a wrong password, and locks the account after five failures', async () => {
    const { name } = await registerPlayer(t.app);
    for (let i = 0; i < 5; i++) {
      const res = await login({ name, password: 'wrong-password', code: CAPTCHA });
      expect(res.statusCode).toBe(422);
      expect(body(res).message).toBe(SERVER_MSG.wrongCredentials);
    }
    const locked = await login({ name, password: 'secret123', code: CAPTCHA });
    expect(locked.statusCode).toBe(429);
    expect(body(locked).message).toBe(SERVER_MSG.accountLocked);
  });

  it('answers an unknown user exactly like a wrong password', async () => {
    const res = await login({ name: 'ghost-player', password: 'secret123', code: CAPTCHA });
    expect(res.statusCode).toBe(422);
    expect(body(res).message).toBe(SERVER_MSG.wrongCredentials);
  });

  it('revokes the token on logoff', async () => {
    const { token } = await registerPlayer(t.app);
    expect(body(await post(t.app, '/api/logoff', {}, token))).toEqual({
      code: 200,
      message: SERVER_MSG.loggedOut,
    });
    const after = await post(t.app, '/api/balance', {}, token);
    expect(after.statusCode).toBe(401);
    expect(body(after)).toEqual({ code: 401, message: SERVER_MSG.sessionExpired });
  });

  it.each(['/api/user', '/api/balance', '/api/refreshusermoney', '/api/logoff', '/api/transall'])(
    'answers 401 on %s without a token, or with an unknown one',
    async (url) => {
      const none = await post(t.app, url);
      expect(none.statusCode).toBe(401);
      expect(body(none)).toEqual({ code: 401, message: SERVER_MSG.notLoggedIn });
      const forged = await post(t.app, url, {}, 'forged-token-value');
      expect(body(forged).code).toBe(401);
    },
  );
});
