import { MSG } from '@app/contract/messages';
import { TWO_FACTOR_MSG } from '@app/contract/two-factor-rules';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, ok, refuse, stubApi } from '@/test/fake-api';
import { currentPath, renderApp, testUser } from '@/test/render-app';

/** The toast shown says exactly `message`. */
const expectToast = (message: string) =>
  waitFor(() => expect(document.querySelector('.adm-toast-main')?.textContent).toBe(message));

const submit = (user: UserEvent, name: '注册' | '登录') => user.click(screen.getByRole('button', { name }));

describe('/login register tab', () => {
  it('checks the terms first, then each register rule in the spec order', async () => {
    const { user } = renderApp('/login?type=1');
    await screen.findByRole('form', { name: '注册' });

    await user.click(screen.getByRole('checkbox'));
    await submit(user, '注册');
    await expectToast(MSG.termsUnchecked);

    await user.click(screen.getByRole('checkbox'));
    await submit(user, '注册');
    await expectToast(MSG.registerName);

    await user.type(screen.getByLabelText('用户名'), 'player01');
    await submit(user, '注册');
    await expectToast(MSG.registerPassword);

    await user.type(screen.getByLabelText('密码'), 'secret1');
    await submit(user, '注册');
    await expectToast(MSG.registerConfirm);

    await user.type(screen.getByLabelText('确认密码'), 'secret1');
    await submit(user, '注册');
    await expectToast(MSG.registerRealname);

    await user.type(screen.getByLabelText('真实姓名'), '张三');
    await submit(user, '注册');
    await expectToast(MSG.registerPayPassword);

    await user.type(screen.getByLabelText('支付密码'), '123456');
    await submit(user, '注册');
    await expectToast(MSG.captchaMissing);
  });

  it('caps every input at 32 characters and the register captcha at 4', async () => {
    renderApp('/login?type=1');
    await screen.findByRole('form', { name: '注册' });
    for (const label of ['用户名', '密码', '确认密码', '真实姓名', '支付密码']) {
      expect(screen.getByLabelText(label).getAttribute('maxlength')).toBe('32');
    }
    expect(screen.getByLabelText('验证码').getAttribute('maxlength')).toBe('4');
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
  });

  it('opens on the register tab for a referral link', async () => {
    renderApp('/login?pid=8848');
    expect(await screen.findByRole('form', { name: '注册' })).toBeTruthy();
  });
});

describe('/login login tab', () => {
  it('is the default tab and asks for name and password, then the captcha', async () => {
    const { user } = renderApp('/login');
    await screen.findByRole('form', { name: '登录' });

    await submit(user, '登录');
    await expectToast(MSG.loginMissing);

    await user.type(screen.getByLabelText('用户名'), 'player01');
    await submit(user, '登录');
    await expectToast(MSG.loginMissing);

    await user.type(screen.getByLabelText('密码'), 'secret1');
    await submit(user, '登录');
    await expectToast(MSG.captchaMissing);
  });

  it('asks for the authenticator code when the server says the account has two-factor on, and sends it', async () => {
    const calls = stubApi({
      '/api/captcha': ok({ captcha_key: 'k1', img: 'data:image/png;base64,' }),
      '/api/login_pc': (body) =>
        body.totp_code ? ok({ api_token: 't1' }, '登录成功') : refuse(TWO_FACTOR_MSG.required),
      '/api/user': ok(testUser),
    });
    const { user } = renderApp('/login');
    await screen.findByRole('form', { name: '登录' });
    expect(screen.queryByLabelText('谷歌验证码')).toBeNull();
    await user.type(screen.getByLabelText('用户名'), 'player01');
    await user.type(screen.getByLabelText('密码'), 'secret1');
    await user.type(screen.getByLabelText('验证码'), '1234');
    await submit(user, '登录');
    await expectToast(TWO_FACTOR_MSG.required);
    await user.type(await screen.findByLabelText('谷歌验证码'), '654321');
    await user.type(screen.getByLabelText('验证码'), '1234');
    await submit(user, '登录');
    await waitFor(() => expect(callsTo(calls, '/api/login_pc')).toHaveLength(2));
    expect(callsTo(calls, '/api/login_pc')[1]?.body).toMatchObject({ name: 'player01', totp_code: '654321' });
  });

  it('asks for the code in the same step: no error toast, the captcha stays as typed and is not asked again', async () => {
    const calls = stubApi({
      '/api/captcha': ok({ captcha_key: 'k1', img: 'data:image/png;base64,' }),
      '/api/login_pc': (body) =>
        body.totp_code
          ? ok({ api_token: 't1' }, '登录成功')
          : {
              code: 422,
              message: TWO_FACTOR_MSG.required,
              data: { totp_required: true, captcha_key: 'step-key' },
            },
      '/api/user': ok(testUser),
    });
    const { router, user } = renderApp('/login');
    await screen.findByRole('form', { name: '登录' });
    await user.type(screen.getByLabelText('用户名'), 'player01');
    await user.type(screen.getByLabelText('密码'), 'secret1');
    await user.type(screen.getByLabelText('验证码'), '1234');
    await submit(user, '登录');
    const code = await screen.findByLabelText('谷歌验证码');
    expect(document.activeElement).toBe(code);
    expect(screen.getByRole('status').textContent).toBe(TWO_FACTOR_MSG.required);
    // No refusal is shown: given time to appear, no toast says it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(document.querySelector('.adm-toast-main')?.textContent ?? '').not.toContain(
      TWO_FACTOR_MSG.required,
    );
    expect(screen.getByLabelText('验证码')).toHaveProperty('value', '1234');
    expect(callsTo(calls, '/api/captcha')).toHaveLength(1);
    await user.type(code, '654321');
    await submit(user, '登录');
    await waitFor(() => expect(currentPath(router)).toBe('/'));
    expect(callsTo(calls, '/api/login_pc')[1]?.body).toMatchObject({
      name: 'player01',
      code: '1234',
      captcha_key: 'step-key',
      totp_code: '654321',
    });
  });

  it('caps the login captcha at 6 characters', async () => {
    renderApp('/login');
    await screen.findByRole('form', { name: '登录' });
    expect(screen.getByLabelText('验证码').getAttribute('maxlength')).toBe('6');
  });
});

describe('/register', () => {
  it('forwards a referral link to the register tab of /login with the referral id', async () => {
    const { router } = renderApp('/register?pid=8848');
    await screen.findByRole('form', { name: '注册' });
    expect(currentPath(router)).toBe('/login?pid=8848');
  });

  it("keeps the agent link's referrer and referrer_node through registration, and reports the visit once", async () => {
    const calls = stubApi({
      '/api/captcha': ok({ captcha_key: 'k1', img: 'data:image/png;base64,' }),
      '/api/agent/link-visit': ok(null, 'ok'),
      '/api/register': ok({ api_token: 't1' }, '注册成功'),
      '/api/user': ok(testUser),
    });
    const { router, user, view } = renderApp('/register?pid=8848&referrer=ab12cd&referrer_node=/7/8848/');
    await screen.findByRole('form', { name: '注册' });
    expect(currentPath(router)).toBe('/login?pid=8848&referrer=ab12cd&referrer_node=%2F7%2F8848%2F');
    await waitFor(() => expect(callsTo(calls, '/api/agent/link-visit')).toHaveLength(1));
    expect(callsTo(calls, '/api/agent/link-visit')[0]?.body).toEqual({ pid: '8848', referrer: 'ab12cd' });

    await user.type(screen.getByLabelText('用户名'), 'player01');
    await user.type(screen.getByLabelText('密码'), 'secret1');
    await user.type(screen.getByLabelText('确认密码'), 'secret1');
    await user.type(screen.getByLabelText('真实姓名'), '张三');
    await user.type(screen.getByLabelText('支付密码'), '123456');
    await user.type(screen.getByLabelText('验证码'), '1234');
    await submit(user, '注册');
    await waitFor(() => expect(callsTo(calls, '/api/register')).toHaveLength(1));
    expect(callsTo(calls, '/api/register')[0]?.body).toMatchObject({
      name: 'player01',
      pid: '8848',
      referrer: 'ab12cd',
      referrer_node: '/7/8848/',
    });

    // The same link opened again in this page load (another tab, back and forth) counts no more.
    view.unmount();
    renderApp('/login?pid=8848&referrer=ab12cd');
    await screen.findByRole('form', { name: '注册' });
    renderApp('/login?type=1');
    await screen.findAllByRole('form', { name: '注册' });
    expect(callsTo(calls, '/api/agent/link-visit')).toHaveLength(1);
  });

  it('forwards anything else to the register tab', async () => {
    const { router } = renderApp('/register');
    await screen.findByRole('form', { name: '注册' });
    expect(currentPath(router)).toBe('/login?type=1');
  });
});
