import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentPath, logIn, renderApp } from '@/test/render-app';

describe('/userCent', () => {
  it('links to the profile, card management and both passwords', async () => {
    const cases: [string, string][] = [
      ['个人资料', '/userInfo'],
      ['卡片管理', '/wallet?type=1'],
      ['登录密码', '/password?type=1'],
      ['取款密码', '/password?type=2'],
    ];
    for (const [title, path] of cases) {
      logIn();
      const { router, user, view } = renderApp('/userCent');
      await user.click(await screen.findByText(title));
      await waitFor(() => expect(currentPath(router)).toBe(path));
      view.unmount();
    }
  });
});
