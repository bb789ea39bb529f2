import { ACCOUNT_MSG, ACCOUNT_SERVER_MSG, AVATAR_MAX_BYTES } from '@app/contract/account-rules';
import { SERVER_MSG } from '@app/contract/messages';
import { WALLET_SERVER_MSG } from '@app/contract/wallet-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  body,
  CAPTCHA,
  captchaKey,
  createTestApp,
  fundedPlayer,
  post,
  type TestApp,
  targets,
} from './harness';
import { GIF_1x1, multipart, PNG_1x1, pngDeclaring } from './uploads';

describe.each(targets)('account on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(() => t.close());

  const upload = (token: string, file: Buffer, filename = 'me.png', type = 'image/png') => {
    const { payload, headers } = multipart(file, filename, type);
    return t.app.inject({
      method: 'POST',
      url: '/api/uploadimg',
      payload,
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
  };
  const login = async (name: string, password: string) =>
    body(
      await post(t.app, '/api/login_pc', {
        name,
        password,
        code: CAPTCHA,
        captcha_key: await captchaKey(t.app),
      }),
    );

  describe('avatar upload', () => {
    it('takes a real PNG and a real GIF, served with their type from the bytes and nosniff', async () => {
      const p = await fundedPlayer(t, 0n);
      const png = body(await upload(p.token, PNG_1x1)) as { message: string; data: { avatar: string } };
      expect(png.message).toBe(ACCOUNT_SERVER_MSG.uploaded);
      expect(png.data.avatar).toMatch(/^\/uploads\/avatars\/[0-9a-f]{32}\.png$/);
      const served = await t.app.inject({ method: 'GET', url: png.data.avatar });
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(PNG_1x1)).toBe(true);

      // A GIF declared as a PNG is stored and served as what it is.
      const gif = body(await upload(p.token, GIF_1x1, 'me.png', 'image/png')) as { data: { avatar: string } };
      expect(gif.data.avatar).toMatch(/\.gif$/);
      expect((await t.app.inject({ method: 'GET', url: gif.data.avatar })).headers['content-type']).toBe(
        'image/gif',
      );
      expect((body(await post(t.app, '/api/user', {}, p.token)).data as { avatar: string }).avatar).toBe(
        gif.data.avatar,
      );
      // The replaced avatar is gone.
      expect((await t.app.inject({ method: 'GET', url: png.data.avatar })).statusCode).toBe(404);
    });

    it('refuses a script named .png, an oversized file, a huge declared size and a missing file, changing nothing', async () => {
      const p = await fundedPlayer(t, 0n);
      const script = Buffer.from('<script>alert(document.cookie)</script>');
      expect(body(await upload(p.token, script, 'evil.png', 'image/png'))).toEqual({
        code: 400,
        message: ACCOUNT_SERVER_MSG.uploadType,
      });
      const big = Buffer.concat([PNG_1x1, Buffer.alloc(AVATAR_MAX_BYTES)]);
      expect(body(await upload(p.token, big))).toEqual({ code: 400, message: ACCOUNT_SERVER_MSG.uploadSize });
      expect(body(await upload(p.token, pngDeclaring(100_000, 100_000)))).toEqual({
        code: 400,
        message: ACCOUNT_SERVER_MSG.uploadDimensions,
      });
      expect(body(await upload(p.token, pngDeclaring(2048, 2049)))).toEqual({
        code: 400,
        message: ACCOUNT_SERVER_MSG.uploadDimensions,
      });
      const none = await t.app.inject({
        method: 'POST',
        url: '/api/uploadimg',
        payload: {},
        headers: { authorization: `Bearer ${p.token}` },
      });
      expect(body(none)).toEqual({ code: 400, message: ACCOUNT_SERVER_MSG.uploadMissing });
      expect((body(await post(t.app, '/api/user', {}, p.token)).data as { avatar: string }).avatar).toBe('');
      expect((await upload('nope', PNG_1x1)).statusCode).toBe(401);
    });
  });

  describe('profile', () => {
    it('saves mobile, email and birthday, with the spec’s messages, and never the names', async () => {
      const p = await fundedPlayer(t, 0n);
      const save = (payload: object) => post(t.app, '/api/updateuserinfo', payload, p.token);
      expect(body(await save({ mobile: '1381234567' }))).toEqual({ code: 400, message: ACCOUNT_MSG.mobile });
      expect(body(await save({ email: 'me@' }))).toEqual({ code: 400, message: ACCOUNT_MSG.email });
      expect(body(await save({ birthday: '1990/01/02' }))).toEqual({
        code: 400,
        message: ACCOUNT_MSG.birthday,
      });
      expect(body(await save({ birthday: '1990-02-30' }))).toEqual({
        code: 400,
        message: ACCOUNT_MSG.birthday,
      });
      expect(body(await save({ birthday: '1979-12-31' }))).toEqual({
        code: 400,
        message: ACCOUNT_MSG.birthday,
      });
      expect(
        body(
          await save({
            mobile: '13812345678',
            email: 'me@example.com',
            birthday: '1990-01-02',
            username: 'hacker',
            realname: '李四',
          }),
        ),
      ).toEqual({
        code: 200,
        message: ACCOUNT_MSG.saved,
      });
      expect(body(await post(t.app, '/api/user', {}, p.token)).data).toMatchObject({
        username: p.name,
        realname: '张三',
        mobile: '13812345678',
        email: 'me@example.com',
        birthday: '1990-01-02',
        joinday: 1,
      });
    });
  });

  describe('passwords', () => {
    it('check the spec’s messages in order', async () => {
      const p = await fundedPlayer(t, 0n);
      const change = (payload: object) => post(t.app, '/api/editPassword', payload, p.token);
      expect(body(await change({ paypassword: 'newpass1' })).message).toBe(ACCOUNT_MSG.oldRequired);
      expect(body(await change({ password: 'secret123' })).message).toBe(ACCOUNT_MSG.newRequired);
      expect(body(await change({ password: 'short', paypassword: 'newpass1' })).message).toBe(
        ACCOUNT_MSG.oldLength,
      );
      expect(body(await change({ password: 'secret123', paypassword: 'short' })).message).toBe(
        ACCOUNT_MSG.newLength,
      );
      expect(body(await change({ password: 'secret123', paypassword: 'secret123' })).message).toBe(
        ACCOUNT_MSG.sameAsOld,
      );
    });

    it('a login password change ends every session, and the new password logs in', async () => {
      const p = await fundedPlayer(t, 0n);
      const second = (await login(p.name, 'secret123')).data as { api_token: string };
      const wrong = await post(
        t.app,
        '/api/editPassword',
        { password: 'wrongpass', paypassword: 'newpass12' },
        p.token,
      );
      expect(body(wrong)).toEqual({ code: 422, message: ACCOUNT_SERVER_MSG.oldWrong(4) });
      const done = await post(
        t.app,
        '/api/editPassword',
        { password: 'secret123', paypassword: 'newpass12' },
        p.token,
      );
      expect(body(done)).toEqual({ code: 200, message: ACCOUNT_MSG.changed });
      expect((await post(t.app, '/api/balance', {}, p.token)).statusCode).toBe(401);
      expect((await post(t.app, '/api/balance', {}, second.api_token)).statusCode).toBe(401);
      expect((await login(p.name, 'secret123')).message).toBe(SERVER_MSG.wrongCredentials);
      expect((await login(p.name, 'newpass12')).code).toBe(200);
    });

    it('a pay password change checks the old one with the pay-password limit', async () => {
      const p = await fundedPlayer(t, 0n);
      const change = (payload: object) => post(t.app, '/api/editPayPassword', payload, p.token);
      expect(body(await change({ password: 'wrongpay1', paypassword: 'newpay123' }))).toEqual({
        code: 422,
        message: WALLET_SERVER_MSG.payPasswordWrong(4),
      });
      expect(body(await change({ password: 'paypass123', paypassword: 'x'.repeat(19) }))).toEqual({
        code: 400,
        message: ACCOUNT_SERVER_MSG.payPasswordTooLong,
      });
      expect(body(await change({ password: 'paypass123', paypassword: 'newpay123' }))).toEqual({
        code: 200,
        message: ACCOUNT_MSG.changed,
      });
      // The session stays; the new pay password binds a card.
      const bind = await post(
        t.app,
        '/api/bindcard',
        {
          bank: 'USDT',
          bank_owner: 'TRC20',
          bank_no: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
          pay_pass: 'newpay123',
        },
        p.token,
      );
      expect(body(bind).code).toBe(200);
    });
  });

  describe('link registration', () => {
    it('makes a player with a random 6-10 character name and random initial passwords that work, different each time', async () => {
      const referrer = await fundedPlayer(t, 0n);
      const made = await Promise.all(
        [1, 2].map(() => post(t.app, '/api/register/link', { pid: referrer.userId })),
      );
      const [a, b] = made.map(
        (m) => body(m).data as { api_token: string; username: string; password: string; paypassword: string },
      );
      if (!a || !b) throw new Error('not registered');
      expect(a.username).toMatch(/^[a-z0-9]{6,10}$/);
      expect(a.username).not.toBe(b.username);
      expect(a.password).not.toBe(b.password);
      expect(a.paypassword).not.toBe(b.paypassword);
      expect(a.password.length).toBeGreaterThanOrEqual(6);
      expect((await post(t.app, '/api/balance', {}, a.api_token)).statusCode).toBe(200);
      expect((await login(a.username, a.password)).code).toBe(200);
      expect((await login(b.username, a.password)).code).toBe(422);
      const change = await post(
        t.app,
        '/api/editPayPassword',
        { password: a.paypassword, paypassword: 'mypay1234' },
        a.api_token,
      );
      expect(body(change).code).toBe(200);
    });
  });
});
