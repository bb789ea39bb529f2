import { MSG, SERVER_MSG } from '@app/contract/messages';
import type { TwoFactorEnrolment, TwoFactorState } from '@app/contract/protection';
import { RECOVERY_CODE_COUNT, TWO_FACTOR_MSG } from '@app/contract/two-factor-rules';
import { WALLET_MSG } from '@app/contract/wallet-rules';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { recoveryCodes } from '../src/db/schema/protection';
import {
  body,
  CAPTCHA,
  createTestApp,
  logInRequest,
  playerWithBoundCard,
  post,
  type TestApp,
  targets,
  violations,
} from './harness';

const STEP = 30_000;

describe.each(targets)('two-factor (谷歌验证器) on %s', (target) => {
  let t: TestApp;
  let offset = 0;
  const clock = { now: () => new Date(Date.now() + offset) };
  /** Moves the test clock to the next 30-second step, so that a new code exists. */
  const nextStep = () => {
    offset += STEP;
  };
  const codeOf = (secret: string) => generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });
  beforeAll(async () => {
    t = await createTestApp(target, { clock });
  });
  afterAll(() => t.close());
  afterEach(async () => {
    expect(await violations(t.ctx)).toEqual([]);
  });

  const state = async (token: string) =>
    body(await post(t.app, '/api/security/two-factor', {}, token)).data as TwoFactorState;
  const login = async (name: string, totp_code?: string) =>
    body(await logInRequest(t.app, name, totp_code === undefined ? {} : { totp_code }));
  const messageTitles = async (token: string) =>
    (
      body(await post(t.app, '/api/noticeList', { type: 2, page: 1 }, token)).data as {
        data: { title: string }[];
      }
    ).data.map((m) => m.title);

  /** A player with a bound bank card and 500 yuan who turned two-factor on. */
  async function enrolled() {
    const p = await playerWithBoundCard(t, 50_000n);
    const enrolment = body(await post(t.app, '/api/security/two-factor/enrol', {}, p.token))
      .data as TwoFactorEnrolment;
    const confirmed = body(
      await post(
        t.app,
        '/api/security/two-factor/confirm',
        { code: await codeOf(enrolment.secret) },
        p.token,
      ),
    );
    expect(confirmed.message).toBe(TWO_FACTOR_MSG.enabled);
    nextStep();
    const codes = (confirmed.data as { recovery_codes: string[] }).recovery_codes;
    return { ...p, secret: enrolment.secret, codes };
  }

  it('enrols with a QR code drawn here and a first code; ten recovery codes are answered once and kept hashed', async () => {
    const p = await playerWithBoundCard(t, 0n);
    expect(await state(p.token)).toEqual({ enabled: false, recovery_left: 0 });
    const first = await post(t.app, '/api/security/two-factor/enrol', {}, p.token);
    const enrolment = body(first).data as TwoFactorEnrolment;
    expect(enrolment.uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(enrolment.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(enrolment.qr.split(',')[1] ?? '', 'base64').toString()).toContain('<svg');
    // A wrong first code: nothing is turned on, the try is counted.
    const wrong = body(await post(t.app, '/api/security/two-factor/confirm', { code: '000000' }, p.token));
    expect(wrong).toEqual({ code: 422, message: TWO_FACTOR_MSG.wrong(4) });
    expect((await state(p.token)).enabled).toBe(false);

    const ok = body(
      await post(
        t.app,
        '/api/security/two-factor/confirm',
        { code: await codeOf(enrolment.secret) },
        p.token,
      ),
    );
    const codes = (ok.data as { recovery_codes: string[] }).recovery_codes;
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    expect(await state(p.token)).toEqual({ enabled: true, recovery_left: RECOVERY_CODE_COUNT });
    const stored = await t.ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, p.userId));
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    for (const row of stored) expect(codes.map((c) => c.replaceAll('-', ''))).not.toContain(row.codeHash);
    // Once on, a new enrolment is refused and the codes are never answered again.
    const again = body(await post(t.app, '/api/security/two-factor/enrol', {}, p.token));
    expect(again).toEqual({ code: 409, message: TWO_FACTOR_MSG.alreadyOn });
    expect(await messageTitles(p.token)).toContain('【账户安全】谷歌验证器已绑定');
  });

  it('asks a login for a code after the password; a code works once, a recovery code works once', async () => {
    const p = await enrolled();
    expect(await login(p.name)).toEqual({
      code: 422,
      message: TWO_FACTOR_MSG.required,
      data: { totp_required: true, captcha_key: expect.any(String) },
    });
    expect(await login(p.name, '123456')).toMatchObject({ code: 422, message: TWO_FACTOR_MSG.wrong(4) });
    const code = await codeOf(p.secret);
    const first = await login(p.name, code);
    expect(first).toMatchObject({ code: 200, message: SERVER_MSG.loggedIn });
    // The same code again (a replay) is refused.
    expect((await login(p.name, code)).code).toBe(422);
    // A recovery code, written in lower case without dashes, once.
    const recovery = (p.codes[0] ?? '').replaceAll('-', '').toLowerCase();
    expect((await login(p.name, recovery)).code).toBe(200);
    expect(await state(p.token)).toEqual({ enabled: true, recovery_left: RECOVERY_CODE_COUNT - 1 });
    expect((await login(p.name, recovery)).code).toBe(422);
    // A right password with a wrong code is in the login history.
    const history = body(await post(t.app, '/api/security/logins', {}, p.token)).data as { result: string }[];
    expect(history.map((h) => h.result)).toContain('验证码错误');
  });

  it('asks for the code in the same step: no failure counted, the captcha answered stands once under a new key', async () => {
    const p = await enrolled();
    const step = await login(p.name);
    const key = (step.data as { captcha_key: string }).captcha_key;
    const again = (fields: object) =>
      post(t.app, '/api/login_pc', { name: p.name, password: 'secret123', code: CAPTCHA, ...fields });
    expect(body(await again({ captcha_key: key, totp_code: await codeOf(p.secret) }))).toMatchObject({
      code: 200,
      message: SERVER_MSG.loggedIn,
    });
    // The key served that one attempt.
    nextStep();
    expect(body(await again({ captcha_key: key, totp_code: await codeOf(p.secret) }))).toMatchObject({
      code: 400,
      message: MSG.captchaWrong,
    });
    // Asking for the code is not a failure: nothing but the login itself is in the history.
    const history = body(await post(t.app, '/api/security/logins', {}, p.token)).data as { result: string }[];
    expect(history.map((h) => h.result)).toEqual(['登录成功']);
    // A wrong password is told so, never that a code is wanted.
    expect(body(await logInRequest(t.app, p.name, { password: 'wrong-one' }))).toEqual({
      code: 422,
      message: SERVER_MSG.wrongCredentials,
    });
  });

  it('asks a withdrawal, a card binding and both password changes for a code', async () => {
    const p = await enrolled();
    const withdraw = (totp_code?: string) =>
      post(
        t.app,
        '/api/withdraw',
        { amount: 100, bank: p.cardId, password: 'paypass123', totp_code },
        p.token,
      );
    expect(body(await withdraw())).toEqual({ code: 422, message: TWO_FACTOR_MSG.required });
    expect(await t.ctx.ledger.balance({ central: p.userId })).toBe(50_000n);
    expect(body(await withdraw(await codeOf(p.secret)))).toEqual({
      code: 200,
      message: WALLET_MSG.submitted,
    });
    nextStep();

    const card = {
      bank: 'USDT',
      bank_owner: 'TRC20',
      bank_no: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
      bank_address: '',
      pay_pass: 'paypass123',
    };
    expect(body(await post(t.app, '/api/bindcard', card, p.token)).message).toBe(TWO_FACTOR_MSG.required);
    const bound = await post(t.app, '/api/bindcard', { ...card, totp_code: await codeOf(p.secret) }, p.token);
    expect(body(bound)).toEqual({ code: 200, message: WALLET_MSG.bound });
    nextStep();

    const payChange = { password: 'paypass123', paypassword: 'paypass456' };
    expect(body(await post(t.app, '/api/editPayPassword', payChange, p.token)).message).toBe(
      TWO_FACTOR_MSG.required,
    );
    const changed = await post(
      t.app,
      '/api/editPayPassword',
      { ...payChange, totp_code: await codeOf(p.secret) },
      p.token,
    );
    expect(body(changed).code).toBe(200);
    nextStep();

    const loginChange = { password: 'secret123', paypassword: 'secret456' };
    expect(body(await post(t.app, '/api/editPassword', loginChange, p.token)).message).toBe(
      TWO_FACTOR_MSG.required,
    );
    const recovery = p.codes[1] ?? '';
    expect(
      body(await post(t.app, '/api/editPassword', { ...loginChange, totp_code: recovery }, p.token)).code,
    ).toBe(200);
  });

  it('counts wrong codes atomically: of 20 at once, five are checked, then checks lock even for the right code', async () => {
    const p = await enrolled();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(t.app, '/api/security/two-factor/disable', { code: '000000' }, p.token).then(body),
      ),
    );
    const wrongs = answers.filter((a) => a.code === 422);
    expect(wrongs).toHaveLength(4);
    expect(answers.filter((a) => a.code === 429)).toHaveLength(16);
    for (const a of answers.filter((x) => x.code === 429)) expect(a.message).toBe(TWO_FACTOR_MSG.locked);
    const right = body(
      await post(t.app, '/api/security/two-factor/disable', { code: await codeOf(p.secret) }, p.token),
    );
    expect(right).toEqual({ code: 429, message: TWO_FACTOR_MSG.locked });
    expect((await state(p.token)).enabled).toBe(true);
    // After 30 minutes the lock is over.
    offset += 30 * 60_000;
    const later = body(
      await post(t.app, '/api/security/two-factor/disable', { code: await codeOf(p.secret) }, p.token),
    );
    expect(later).toEqual({ code: 200, message: TWO_FACTOR_MSG.disabled });
  });

  it('turns off only with a code; then the login asks for none and the recovery codes are gone', async () => {
    const p = await enrolled();
    const missing = await post(t.app, '/api/security/two-factor/disable', {}, p.token);
    expect(body(missing)).toEqual({ code: 422, message: TWO_FACTOR_MSG.required });
    const off = await post(t.app, '/api/security/two-factor/disable', { code: p.codes[2] }, p.token);
    expect(body(off)).toEqual({ code: 200, message: TWO_FACTOR_MSG.disabled });
    expect(await state(p.token)).toEqual({ enabled: false, recovery_left: 0 });
    expect(await t.ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, p.userId))).toEqual([]);
    expect((await login(p.name)).code).toBe(200);
    expect(await messageTitles(p.token)).toContain('【账户安全】谷歌验证器已解绑');
    const twice = body(await post(t.app, '/api/security/two-factor/disable', { code: '123456' }, p.token));
    expect(twice).toEqual({ code: 409, message: TWO_FACTOR_MSG.notOn });
  });

  it('a new enrolment before the first code replaces the secret: the old one’s codes no longer turn it on', async () => {
    const p = await playerWithBoundCard(t, 0n);
    const enrol = async () =>
      (body(await post(t.app, '/api/security/two-factor/enrol', {}, p.token)).data as TwoFactorEnrolment)
        .secret;
    const first = await enrol();
    const second = await enrol();
    expect(second).not.toBe(first);
    const stale = body(
      await post(t.app, '/api/security/two-factor/confirm', { code: await codeOf(first) }, p.token),
    );
    expect(stale.code).toBe(422);
    const fresh = body(
      await post(t.app, '/api/security/two-factor/confirm', { code: await codeOf(second) }, p.token),
    );
    expect(fresh.code).toBe(200);
  });

  it('refuses a first code before an enrolment, and a code in the wrong shape', async () => {
    const p = await playerWithBoundCard(t, 0n);
    const early = body(await post(t.app, '/api/security/two-factor/confirm', { code: '123456' }, p.token));
    expect(early).toEqual({ code: 422, message: TWO_FACTOR_MSG.noEnrolment });
    await post(t.app, '/api/security/two-factor/enrol', {}, p.token);
    const empty = body(await post(t.app, '/api/security/two-factor/confirm', { code: '' }, p.token));
    expect(empty).toEqual({ code: 422, message: TWO_FACTOR_MSG.required });
    const letters = body(
      await post(t.app, '/api/security/two-factor/confirm', { code: 'ABCD-EFGH' }, p.token),
    );
    expect(letters).toEqual({ code: 422, message: TWO_FACTOR_MSG.required });
    expect((await state(p.token)).enabled).toBe(false);
  });
});
