import { CONTENT_SERVER_MSG } from '@app/contract/content-rules';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, expectToast, ok, refuse, stubApi } from '@/test/fake-api';
import { currentPath, logIn, renderApp } from '@/test/render-app';
import { activityDetail } from '../test-fixtures';

const applyButton = () => screen.findByRole('button', { name: /申请/ });

describe('/activityInfo', () => {
  it('shows the banner, title, content and memo', async () => {
    const calls = stubApi({ '/api/activitydeatil': ok(activityDetail()) });
    renderApp('/activityInfo?id=1');

    expect((await screen.findByTestId('activity-title')).textContent).toBe('新人首存 100% 加赠');
    expect(screen.getByTestId('activity-content').innerHTML).toBe(
      '<p>首存即可申请 <b>100%</b> 加赠彩金。</p>',
    );
    expect(screen.getByTestId('activity-memo').textContent).toBe('每位会员仅限申请一次。');
    expect(document.querySelector('img')?.getAttribute('src')).toBe('/art/activities/1.svg');
    expect(callsTo(calls, '/api/activitydeatil')[0]?.body).toEqual({ id: 1 });
  });

  it('sends a visitor to log in, then back to the activity', async () => {
    stubApi({ '/api/activitydeatil': ok(activityDetail()) });
    const { user, router } = renderApp('/activityInfo?id=1');
    const button = await applyButton();
    expect(button.textContent).toBe('登录后申请');

    await user.click(button);
    await waitFor(() =>
      expect(currentPath(router)).toBe(`/login?redirect=${encodeURIComponent('/activityInfo?id=1')}`),
    );
  });

  it('applies once with the server message, then shows 已申请', async () => {
    logIn();
    let applied = 0;
    const calls = stubApi({
      '/api/activitydeatil': () => ok(activityDetail({ applied })),
      '/api/activityApply': () => {
        applied = 1;
        return ok(undefined, CONTENT_SERVER_MSG.activityApplied);
      },
    });
    const { user } = renderApp('/activityInfo?id=1');
    const button = await applyButton();
    expect(button.textContent).toBe('立即申请');

    await user.click(button);
    await expectToast(CONTENT_SERVER_MSG.activityApplied);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '已申请' }).hasAttribute('disabled')).toBe(true),
    );
    expect(callsTo(calls, '/api/activityApply').map((c) => c.body)).toEqual([{ id: 1 }]);
  });

  it('shows the server message when the activity was applied for already (409)', async () => {
    logIn();
    let tries = 0;
    stubApi({
      '/api/activitydeatil': ok(activityDetail()),
      '/api/activityApply': () =>
        ++tries === 1
          ? ok(undefined, CONTENT_SERVER_MSG.activityApplied)
          : refuse(CONTENT_SERVER_MSG.activityTwice, 409),
    });
    const { user } = renderApp('/activityInfo?id=1');

    await user.click(await applyButton());
    await expectToast(CONTENT_SERVER_MSG.activityApplied);
    await user.click(await screen.findByRole('button', { name: '立即申请' }));
    await expectToast(CONTENT_SERVER_MSG.activityTwice);
    expect(tries).toBe(2);
  });

  it('renders an activity carrying script, onerror and javascript: inert', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    stubApi({
      '/api/activitydeatil': ok(
        activityDetail({
          content:
            '<p>正文</p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">点我</a>',
          memo: '<p onclick="alert(4)">说明</p>',
        }),
      ),
    });
    renderApp('/activityInfo?id=1');

    const content = await screen.findByTestId('activity-content');
    expect(content.querySelector('script')).toBeNull();
    expect(content.querySelector('img')?.hasAttribute('onerror')).toBe(false);
    expect(content.querySelector('a')?.getAttribute('href')).toBeNull();
    expect(screen.getByTestId('activity-memo').querySelector('[onclick]')).toBeNull();
    expect(screen.getByText('点我')).toBeTruthy();
    expect(alert).not.toHaveBeenCalled();
    alert.mockRestore();
  });
});
