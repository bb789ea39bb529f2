import { ACCOUNT_MSG } from '@app/contract/account-rules';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSession } from '@/shared/session/session-store';
import { callsTo, expectToast, ok, refuse, stubApi } from '@/test/fake-api';
import { currentPath, logIn, renderApp } from '@/test/render-app';

const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: '确认修改' }));
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

async function fill(user: UserEvent, values: { old?: string; next?: string; confirm?: string }) {
  for (const [label, value] of [
    ['旧密码', values.old],
    ['新密码', values.next],
    ['确认密码', values.confirm],
  ] as const) {
    await user.clear(field(label));
    if (value) await user.type(field(label), value);
  }
}

describe('/password', () => {
  it('says the rules of spec 5 in their order', async () => {
    logIn();
    const calls = stubApi({});
    const { user } = renderApp('/password?type=1');
    await screen.findByRole('heading', { name: '修改登录密码' }, { timeout: 5000 });

    const steps: [Parameters<typeof fill>[1], string][] = [
      [{}, ACCOUNT_MSG.oldRequired],
      [{ old: 'old123' }, ACCOUNT_MSG.newRequired],
      [{ old: 'old123', next: 'new123' }, ACCOUNT_MSG.confirmRequired],
      [{ old: 'old12', next: 'new12', confirm: 'new12' }, ACCOUNT_MSG.oldLength],
      [{ old: 'old123', next: 'new12', confirm: 'new12' }, ACCOUNT_MSG.newLength],
      [{ old: 'old123', next: 'new123', confirm: 'new124' }, ACCOUNT_MSG.mismatch],
      [{ old: 'same123', next: 'same123', confirm: 'same123' }, ACCOUNT_MSG.sameAsOld],
    ];
    for (const [values, message] of steps) {
      await fill(user, values);
      await submit(user);
      await expectToast(message);
    }
    expect(callsTo(calls, '/api/editPassword')).toHaveLength(0);
    // Seven rounds of typing.
  }, 20_000);

  it('changes the login password, then forgets the session and goes to /login', async () => {
    logIn();
    sessionStorage.setItem('pending-order', 'D1');
    const calls = stubApi({ '/api/editPassword': ok(undefined, ACCOUNT_MSG.changed) });
    const { router, user } = renderApp('/password?type=1');
    await screen.findByRole('heading', { name: '修改登录密码' }, { timeout: 5000 });
    await fill(user, { old: 'secret123', next: 'better456', confirm: 'better456' });
    await submit(user);

    await expectToast(ACCOUNT_MSG.changed);
    expect(callsTo(calls, '/api/editPassword')[0]?.body).toEqual({
      password: 'secret123',
      paypassword: 'better456',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(useSession.getState().token).toBeNull();
    expect(useSession.getState().userInfo).toBeNull();
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    // No logoff call: the server has ended every session already.
    expect(callsTo(calls, '/api/logoff')).toHaveLength(0);
  });

  it('changes the withdrawal password and stays, the form emptied', async () => {
    logIn();
    const calls = stubApi({ '/api/editPayPassword': ok(undefined, ACCOUNT_MSG.changed) });
    const { router, user } = renderApp('/password?type=2');
    await screen.findByRole('heading', { name: '修改取款密码' }, { timeout: 5000 });
    expect(field('新密码').maxLength).toBe(18);
    await fill(user, { old: 'paypass123', next: 'paypass456', confirm: 'paypass456' });
    await submit(user);

    await expectToast(ACCOUNT_MSG.changed);
    expect(callsTo(calls, '/api/editPayPassword')[0]?.body).toEqual({
      password: 'paypass123',
      paypassword: 'paypass456',
    });
    await waitFor(() => expect(field('旧密码').value).toBe(''));
    expect(field('新密码').value).toBe('');
    expect(currentPath(router)).toBe('/password?type=2');
    expect(useSession.getState().token).toBe('test-token');
  });

  it("shows the server's refusal, clears the old password and keeps the session", async () => {
    logIn();
    stubApi({ '/api/editPassword': refuse('旧密码错误，还可尝试4次') });
    const { router, user } = renderApp('/password?type=1');
    await screen.findByRole('heading', { name: '修改登录密码' }, { timeout: 5000 });
    await fill(user, { old: 'wrong123', next: 'better456', confirm: 'better456' });
    await submit(user);

    await expectToast('旧密码错误，还可尝试4次');
    await waitFor(() => expect(field('旧密码').value).toBe(''));
    expect(useSession.getState().token).toBe('test-token');
    expect(currentPath(router)).toBe('/password?type=1');
  });
});
