import { ACCOUNT_SERVER_MSG } from '@app/contract/account-rules';
import type { AppInfo } from '@app/contract/user';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '@/shared/api/query-client';
import { registerNavigator } from '@/shared/navigation/navigator';
import { createMemoryRouter } from '@/shared/routes/router/create-router';
import { RouterProvider } from '@/shared/routes/router/react';
import { useSession } from '@/shared/session/session-store';
import { reportWelcomePopup, resetWelcomePopupForTests } from '@/shared/ui/welcome-popup-state';
import { callsTo, expectToast, ok, refuse, stubApi } from '@/test/fake-api';
import { currentPath, logIn, renderApp, testUser } from '@/test/render-app';
import { LinkRegistration } from './link-registration';
import { POPUP_GRACE_MS } from './link-registration-runner';

const appInfo = (index_modal: 0 | 1): AppInfo => ({
  title: '星云娱乐',
  site_state: 1,
  repair_tips: '',
  redpacket_switch: 1,
  index_modal,
  webcontent: '<p>欢迎</p>',
  h5_url: '',
  ios_download_qrcode: '',
  ios_download_url: '',
});

const MADE = {
  api_token: 'link-token',
  username: 'k3x9q2m',
  password: 'Pw7hQ2xk',
  paypassword: 'Zt4mN8vr',
};

function stubLink(indexModal: 0 | 1, register = ok(MADE, ACCOUNT_SERVER_MSG.linkRegistered)) {
  return stubApi({
    '/api/app': ok(appInfo(indexModal)),
    '/api/register/link': register,
    '/api/user': ok({ ...testUser, username: MADE.username }),
  });
}

/** The component as home mounts it, on a route of its own, with /userCent to go to. */
function renderLink(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <LinkRegistration /> },
      { path: '/userCent', element: <p>设置页</p> },
    ],
    { initialEntries: [path] },
  );
  registerNavigator((to, options) => void router.navigate(to, options));
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, view, user: userEvent.setup() };
}

beforeEach(() => resetWelcomePopupForTests());

/** Closes the dialog of initial passwords, so that none is left over for the next test. */
async function dismiss(user: ReturnType<typeof userEvent.setup>) {
  await waitFor(() => user.click(screen.getByRole('button', { name: '稍后修改' })));
  await waitFor(() => expect(screen.queryByTestId('initial-passwords')).toBeNull());
}

describe('registration via link', () => {
  it('registers a visitor with the link parameters, stores the token and shows the initial passwords', async () => {
    const calls = stubLink(0);
    const { router, user } = renderLink('/?callback=1&pid=12&referrer=ad&referrer_node=a.b');

    const box = await screen.findByTestId('initial-passwords');
    expect(callsTo(calls, '/api/register/link')[0]?.body).toEqual({
      pid: '12',
      referrer: 'ad',
      referrer_node: 'a.b',
    });
    expect(within(box).getByTestId('initial-username').textContent).toBe(MADE.username);
    expect(within(box).getByTestId('initial-password').textContent).toBe(MADE.password);
    expect(within(box).getByTestId('initial-pay-password').textContent).toBe(MADE.paypassword);
    expect(screen.getByText('注册成功')).toBeTruthy();
    await expectToast(ACCOUNT_SERVER_MSG.linkRegistered);
    expect(useSession.getState().token).toBe('link-token');
    expect(useSession.getState().userInfo?.username).toBe(MADE.username);
    expect(callsTo(calls, '/api/user')[0]?.headers.get('Authorization')).toBe('Bearer link-token');

    await waitFor(() => user.click(screen.getByRole('button', { name: '立即修改' })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/userCent'));
  });

  it('stays where it is when the player chooses to change the passwords later', async () => {
    stubLink(0);
    const { router, user } = renderLink('/?callback=1');
    await screen.findByTestId('initial-passwords');
    await dismiss(user);
    expect(router.state.location.pathname).toBe('/');
    expect(useSession.getState().token).toBe('link-token');
  });

  it('waits for the welcome popup to close when index_modal is 1', async () => {
    const calls = stubLink(1);
    reportWelcomePopup('open');
    const { user } = renderLink('/?callback=1&pid=7');
    await waitFor(() => expect(callsTo(calls, '/api/app')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, POPUP_GRACE_MS + 200));
    expect(callsTo(calls, '/api/register/link')).toHaveLength(0);

    reportWelcomePopup('closed');
    await screen.findByTestId('initial-passwords');
    expect(callsTo(calls, '/api/register/link')[0]?.body).toEqual({ pid: '7' });
    await dismiss(user);
  });

  it('goes ahead when index_modal is 1 but no welcome popup says it is showing', async () => {
    const calls = stubLink(1);
    const { user } = renderLink('/?callback=1');
    await new Promise((resolve) => setTimeout(resolve, POPUP_GRACE_MS / 2));
    expect(callsTo(calls, '/api/register/link')).toHaveLength(0);
    await waitFor(() => expect(callsTo(calls, '/api/register/link')).toHaveLength(1), {
      timeout: POPUP_GRACE_MS + 2000,
    });
    await screen.findByTestId('initial-passwords');
    await dismiss(user);
  });

  it('does nothing for a logged-in player or without a callback query', async () => {
    const calls = stubLink(0);
    logIn();
    const first = renderLink('/?callback=1');
    await waitFor(() => expect(callsTo(calls, '/api/app').length).toBeLessThanOrEqual(1));
    first.view.unmount();
    useSession.setState({ token: null, userInfo: null });
    renderLink('/?pid=12');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(callsTo(calls, '/api/register/link')).toHaveLength(0);
  });

  it('toasts a refusal as the server words it, stores nothing, and tries only once per visit', async () => {
    const calls = stubLink(0, refuse('操作过于频繁，请稍后再试', 429));
    const first = renderLink('/?callback=1');
    await expectToast('操作过于频繁，请稍后再试');
    expect(useSession.getState().token).toBeNull();
    first.view.unmount();

    renderLink('/?callback=1');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(callsTo(calls, '/api/register/link')).toHaveLength(1);
  });

  it('on home, runs when the welcome popup of index_modal 1 is closed', async () => {
    const calls = stubLink(1);
    useSession.setState({ appInfo: appInfo(1) });
    const { router, user } = renderApp('/?callback=1&pid=12');
    const popup = await screen.findByTestId('welcome-popup');
    await new Promise((resolve) => setTimeout(resolve, POPUP_GRACE_MS + 200));
    expect(callsTo(calls, '/api/register/link')).toHaveLength(0);

    await waitFor(() => user.click(within(popup).getByRole('button', { name: '我知道了' })));
    const box = await screen.findByTestId('initial-passwords');
    expect(callsTo(calls, '/api/register/link')[0]?.body).toEqual({ pid: '12' });
    expect(within(box).getByTestId('initial-password').textContent).toBe(MADE.password);
    await waitFor(() => expect(screen.getByTestId('user-box')).toBeTruthy());

    await waitFor(() => user.click(screen.getByRole('button', { name: '立即修改' })));
    await waitFor(() => expect(currentPath(router)).toBe('/userCent'));
    // Home, its popup and the dialog load their code on first use.
  }, 20_000);
});
