import type { UserInfo } from '@app/contract/user';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '@/app/app';
import { createTestRouter } from '@/app/router';
import { useSession } from '@/shared/session/session-store';

export const testUser: UserInfo = {
  username: 'player01',
  realname: '张三',
  avatar: '',
  balance: 10000,
  gameblance: 0,
  vip: 1,
  current_vip: 'VIP1',
  paysum: 0,
  joinday: 3,
  isagent: 0,
  mobile: '',
  email: '',
  birthday: '',
  transferstatus: 0,
  withdrawcashfee: 0,
  withdrawfeeusdttrc: 0,
};

/** Stores a session as a login would. */
export function logIn(user: UserInfo = testUser) {
  useSession.setState({ token: 'test-token', userInfo: user });
}

/** Renders the whole app (providers, guards, shell) at `path` in a memory router. */
export function renderApp(path = '/') {
  const router = createTestRouter(path);
  const view = render(<App router={router} />);
  return { router, view, user: userEvent.setup() };
}

/** Where the router is now, as "/path?query". */
export const currentPath = (router: ReturnType<typeof createTestRouter>) =>
  `${router.state.location.pathname}${router.state.location.search}`;
