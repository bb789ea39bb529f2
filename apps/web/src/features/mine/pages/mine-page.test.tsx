import { ACCOUNT_SERVER_MSG } from '@app/contract/account-rules';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSession } from '@/shared/session/session-store';
import { callsTo, expectToast, ok, refuse, stubApi } from '@/test/fake-api';
import { currentPath, logIn, renderApp, testUser } from '@/test/render-app';

/** A PNG file as the picker gives it (the bytes are the server's to check). */
const png = (name = 'me.png', size = 64) => new File([new Uint8Array(size)], name, { type: 'image/png' });
const avatarInput = () => screen.getByLabelText('更换头像') as HTMLInputElement;

describe('/mine', () => {
  it('shows the avatar, name, VIP icon, days since joining, balance, and every link of the hub', async () => {
    logIn({ ...testUser, current_vip: 'VIP3', joinday: 12 });
    stubApi({ '/api/balance': ok({ balance: 88.5 }) });
    renderApp('/mine');
    const page = await screen.findByTestId('mine-page');

    expect(within(page).getByTestId('username').textContent).toBe('player01');
    expect(within(page).getByTestId('vip-badge').textContent).toBe('VIP3');
    expect(within(page).getByTestId('joinday').textContent).toBe('加入12天');
    await waitFor(() => expect(within(page).getByTestId('balance').textContent).toBe('$ 88.50'));
    expect(avatarInput().accept).toBe('image/png,image/gif');
    expect(within(page).getByRole('button', { name: '刷新余额' })).toBeTruthy();
    expect(within(page).getByRole('button', { name: '在线客服' })).toBeTruthy();

    const shortcuts = within(within(page).getByRole('navigation', { name: '我的钱包' }));
    expect(shortcuts.getAllByRole('button').map((b) => b.textContent)).toEqual([
      '充值',
      '转账',
      '取款',
      '卡片管理',
    ]);
    for (const title of [
      '我的钱包',
      '交易记录',
      '投注记录',
      '活动记录',
      '红包记录',
      'VIP特权',
      '优惠活动',
      '返水中心',
      '消息',
      '设置',
      '个人资料',
      '合营计划',
      'APP下载',
      '帮助中心',
    ]) {
      expect(within(page).getByText(title)).toBeTruthy();
    }
    expect(within(page).queryByText('代理登录')).toBeNull();
  });

  it('shows the agent login instead of the partner programme to an agent, and opens it', async () => {
    logIn({ ...testUser, isagent: 1 });
    const { router, user } = renderApp('/mine');
    const page = await screen.findByTestId('mine-page');
    expect(within(page).queryByText('合营计划')).toBeNull();
    await user.click(within(page).getByText('代理登录'));
    await waitFor(() => expect(currentPath(router)).toBe('/gamePage?dailiD=1'));
  });

  it('opens the pages of its links and shortcuts', async () => {
    logIn();
    const { router, user } = renderApp('/mine');
    const page = await screen.findByTestId('mine-page');
    await user.click(within(page).getByRole('button', { name: '取款' }));
    await waitFor(() => expect(currentPath(router)).toBe('/withdrawal'));
    router.navigate(-1);
    await user.click(await screen.findByText('设置'));
    await waitFor(() => expect(currentPath(router)).toBe('/userCent'));
  });
});

describe('/mine avatar', () => {
  it('uploads the chosen picture as the field file, says 上传成功 and shows the new avatar', async () => {
    logIn();
    let uploaded = false;
    const calls = stubApi({
      '/api/uploadimg': () => {
        uploaded = true;
        return ok({ avatar: '/uploads/avatars/0123456789abcdef0123456789abcdef.png' }, '上传成功');
      },
      '/api/user': () =>
        ok({
          ...testUser,
          avatar: uploaded ? '/uploads/avatars/0123456789abcdef0123456789abcdef.png' : '',
        }),
    });
    const { user } = renderApp('/mine');
    await screen.findByTestId('mine-page');
    expect(within(screen.getByTestId('avatar')).queryByRole('img')).toBeNull();

    const file = png();
    await user.upload(avatarInput(), file);

    await expectToast('上传成功');
    const sent = callsTo(calls, '/api/uploadimg')[0];
    const sentFile = sent?.form?.get('file') as File;
    expect([sentFile.name, sentFile.type, sentFile.size]).toEqual([file.name, 'image/png', file.size]);
    expect(sent?.headers.get('Authorization')).toBe('Bearer test-token');
    await waitFor(() =>
      expect(
        within(screen.getByTestId('avatar')).getByRole('img', { name: '头像' }).getAttribute('src'),
      ).toBe('/uploads/avatars/0123456789abcdef0123456789abcdef.png'),
    );
    expect(useSession.getState().userInfo?.avatar).toBe(
      '/uploads/avatars/0123456789abcdef0123456789abcdef.png',
    );
    // Shown 64 px square: the phone takes the AVIF (or WebP) copy of its density.
    const id = '0123456789abcdef0123456789abcdef';
    const sources = [...screen.getByTestId('avatar').querySelectorAll('picture > source')].map((s) => [
      s.getAttribute('type'),
      s.getAttribute('srcset'),
      s.getAttribute('sizes'),
    ]);
    expect(sources).toEqual(
      (['avif', 'webp'] as const).map((f) => [
        `image/${f}`,
        `/uploads/avatars/${id}-64.${f} 64w, /uploads/avatars/${id}-128.${f} 128w, /uploads/avatars/${id}-192.${f} 192w`,
        '64px',
      ]),
    );
  });

  it("toasts the server's refusal and keeps the old avatar", async () => {
    logIn({ ...testUser, avatar: '/uploads/avatars/ffffffffffffffffffffffffffffffff.png' });
    const calls = stubApi({
      '/api/uploadimg': refuse(ACCOUNT_SERVER_MSG.uploadType),
      '/api/user': ok({ ...testUser, avatar: '/uploads/avatars/ffffffffffffffffffffffffffffffff.png' }),
    });
    const { user } = renderApp('/mine');
    await screen.findByTestId('mine-page');
    await waitFor(() => expect(callsTo(calls, '/api/user')).toHaveLength(1));

    await user.upload(avatarInput(), png('fake.png'));

    await expectToast(ACCOUNT_SERVER_MSG.uploadType);
    expect(callsTo(calls, '/api/uploadimg')).toHaveLength(1);
    // No reload of the player after a refusal.
    expect(callsTo(calls, '/api/user')).toHaveLength(1);
    expect(screen.getByRole('img', { name: '头像' }).getAttribute('src')).toBe(
      '/uploads/avatars/ffffffffffffffffffffffffffffffff.png',
    );
  });

  it('refuses a picture over 2 MB without sending it', async () => {
    logIn();
    const calls = stubApi({});
    const { user } = renderApp('/mine');
    await screen.findByTestId('mine-page');
    await user.upload(avatarInput(), png('big.png', 2 * 1024 * 1024 + 1));
    await expectToast(ACCOUNT_SERVER_MSG.uploadSize);
    expect(callsTo(calls, '/api/uploadimg')).toHaveLength(0);
  });
});

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
