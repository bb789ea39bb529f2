import { OPERATOR_MSG, sessionStateSchema } from '@app/contract/admin/auth';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PATH } from '@/shared/routes/table';
import { fakeApi, renderRoutes, sessionOf, shapedBy } from '@/test/console';
import { SignInPage } from './sign-in-page';

const active = shapedBy(sessionStateSchema, sessionOf('finance'));
const awaitingCode = shapedBy(sessionStateSchema, { ...active, stage: 'totp', permissions: [] });

// A page's first render with antd is slow on a busy machine; the test goes through both steps in one render.
describe('the sign-in', { timeout: 60_000 }, () => {
  it('asks for the account before sending, then the code, then opens the console', async () => {
    const sent: Record<string, unknown> = {};
    const asked = fakeApi({
      '/auth/me': () => Response.json({ code: 401, message: '请先登录' }, { status: 401 }),
      '/auth/sign-in': (_url, body) => {
        sent.password = body;
        return awaitingCode;
      },
      '/auth/totp': (_url, body) => {
        sent.code = body;
        return active;
      },
    });
    const router = renderRoutes(
      [
        { path: PATH.signIn, element: <SignInPage /> },
        { path: PATH.home, element: <p>工作台首页</p> },
      ],
      PATH.signIn,
    );

    fireEvent.click(await screen.findByRole('button', { name: '下一步' }));
    expect(await screen.findByText(OPERATOR_MSG.usernameRequired)).toBeTruthy();
    expect(screen.getByText(OPERATOR_MSG.passwordRequired)).toBeTruthy();
    expect(asked.some((u) => u.pathname === '/admin/api/auth/sign-in')).toBe(false);

    fireEvent.change(screen.getByPlaceholderText('请输入账号'), { target: { value: 'tester' } });
    fireEvent.change(screen.getByPlaceholderText('请输入密码'), { target: { value: 'correct horse' } });
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    const codeForm = await screen.findByRole('form', { name: '动态验证码' });
    expect(sent.password).toEqual({ username: 'tester', password: 'correct horse' });
    expect(screen.getByText('测试员（tester）')).toBeTruthy();

    within(codeForm)
      .getAllByRole('textbox')
      .forEach((digit, i) => {
        fireEvent.input(digit, { target: { value: String(i + 1) } });
      });
    fireEvent.click(within(codeForm).getByRole('button', { name: /登\s*录/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(PATH.home));
    expect(sent.code).toEqual({ code: '123456' });
    expect(await screen.findByText('工作台首页')).toBeTruthy();
  });
});
