import { SERVER_MSG } from '@app/contract/messages';
import { userInfoSchema } from '@app/contract/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, post, registerPlayer, type TestApp, targets } from './harness';

describe.each(targets)('player and site calls on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target, { demo: true });
  });
  afterAll(() => t.close());

  it('answers every UserInfo field of spec section 3 and nothing secret', async () => {
    const { name, token } = await registerPlayer(t.app);
    for (const url of ['/api/user', '/api/refreshusermoney']) {
      const res = await post(t.app, url, {}, token);
      const env = body(res);
      expect(env.code).toBe(200);
      const info = userInfoSchema.strict().parse(env.data);
      expect(info).toMatchObject({
        username: name,
        current_vip: 'VIP1',
        joinday: 1,
        gameblance: 0,
        paysum: 0,
        transferstatus: 0,
        withdrawcashfee: 5,
        withdrawfeeusdttrc: 1,
      });
    }
  });

  it('shows the demo player its seeded 10000.00', async () => {
    const key = body(await t.app.inject({ method: 'GET', url: '/api/captcha' })).data as {
      captcha_key: string;
    };
    const login = await post(t.app, '/api/login_pc', {
      name: 'demo888',
      password: 'demo888',
      code: 'A7K9',
      captcha_key: key.captcha_key,
    });
    const token = (body(login).data as { api_token: string }).api_token;
    expect(body(await post(t.app, '/api/balance', {}, token)).data).toEqual({ balance: 10000 });
    expect(body(await post(t.app, '/api/user', {}, token)).data).toMatchObject({
      balance: 10000,
      username: 'demo888',
    });
  });

  it('answers the app info of spec section 3', async () => {
    const env = body(await post(t.app, '/api/app'));
    expect(env.data).toEqual({
      title: '星云娱乐',
      site_state: 1,
      repair_tips: expect.any(String),
      redpacket_switch: 1,
      index_modal: 0,
      webcontent: expect.stringContaining('欢迎来到星云娱乐'),
      h5_url: '',
      ios_download_qrcode: '/art/app-qr.svg',
      ios_download_url: '',
    });
  });

  it('answers the visit address from the request when none is configured, and the service address', async () => {
    const visit = body(
      await t.app.inject({ method: 'GET', url: '/api/getVisitUrl', headers: { host: 'play.example.test' } }),
    );
    expect(visit.data).toEqual({ url: 'http://play.example.test' });
    const service = body(await post(t.app, '/api/getservicerurl'));
    expect((service.data as { url: string }).url).toBeTruthy();
  });

  it('has nothing to recover for a player without venue balances', async () => {
    const { token } = await registerPlayer(t.app);
    expect(body(await post(t.app, '/api/transall', {}, token))).toEqual({
      code: 200,
      message: SERVER_MSG.recoverNothing,
    });
  });

  it('reads an empty JSON body as an empty object, as the original clients send it', async () => {
    const { token } = await registerPlayer(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/balance',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '',
    });
    expect(body(res).code).toBe(200);
  });

  it('refuses a malformed JSON body with a Chinese message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login_pc',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({ code: 400, message: SERVER_MSG.badInput });
  });

  it('names the field when a value has the wrong type', async () => {
    const res = await post(t.app, '/api/register', { name: 12345678 });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe(`${SERVER_MSG.badInput}：name`);
  });
});
