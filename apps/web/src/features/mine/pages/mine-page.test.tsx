import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSession } from '@/shared/session/session-store';
import { currentPath, logIn, renderApp } from '@/test/render-app';

describe('/mine logout', () => {
  it('asks 确定退出？, then clears all storage and goes to /login even though the call fails', async () => {
    logIn();
    sessionStorage.setItem('pending-order', 'D1');
    const { router, user } = renderApp('/mine');
    await screen.findByTestId('mine-page');

    await user.click(screen.getByRole('button', { name: '退出登录' }));
    expect(await screen.findByText('确定退出？')).toBeTruthy();
    // The dialog's buttons take clicks once its opening animation is over.
    await waitFor(() => user.click(screen.getByRole('button', { name: '确定' })));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(useSession.getState().token).toBeNull();
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });

  it('stays logged in when the player cancels', async () => {
    logIn();
    const { router, user } = renderApp('/mine');
    await screen.findByTestId('mine-page');

    await user.click(screen.getByRole('button', { name: '退出登录' }));
    await waitFor(() => user.click(screen.getByRole('button', { name: '取消' })));

    await waitFor(() => expect(screen.queryByText('确定退出？')).toBeNull());
    expect(useSession.getState().token).toBe('test-token');
    expect(currentPath(router)).toBe('/mine');
  });
});
