import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, ok, stubApi } from '@/test/fake-api';
import { currentPath, renderApp } from '@/test/render-app';

const TITLES = [
  '常见问题',
  '隐私政策',
  '免责声明',
  '联系我们',
  '代理加盟',
  '存取款帮助',
  '关于我们',
  '责任博彩',
];

function articleServer() {
  return stubApi({
    '/api/article': (body) =>
      body.scope === 'abouts'
        ? ok({ title: body.type === 6 ? '隐私政策' : '条款与规则', content: `<p>规则${body.type}</p>` })
        : ok({
            title: TITLES[Number(body.type) - 1],
            content: `<h3>问${body.type}</h3><p>答${body.type}</p>`,
          }),
  });
}

describe('help centre and articles', () => {
  it('/boutBallBet lists the articles 1-8 by their titles and opens one', async () => {
    const calls = articleServer();
    const { user, router } = renderApp('/boutBallBet');

    const list = await screen.findByRole('list', { name: '帮助中心' });
    await waitFor(() =>
      expect([...list.querySelectorAll('button')].map((b) => b.textContent?.slice(2))).toEqual(TITLES),
    );
    expect(callsTo(calls, '/api/article').map((c) => c.body.type)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);

    await user.click(screen.getByRole('button', { name: /免责声明/ }));
    await waitFor(() => expect(currentPath(router)).toBe('/boutBallBetInfo?type=3'));
    expect((await screen.findByTestId('article-content')).innerHTML).toBe('<h3>问3</h3><p>答3</p>');
    expect(screen.getByRole('heading', { name: '免责声明' })).toBeTruthy();
  });

  it('/boutBallBetInfo?type=7 is 关于我们', async () => {
    const calls = articleServer();
    renderApp('/boutBallBetInfo?type=7');
    expect((await screen.findByTestId('article-content')).textContent).toBe('问7答7');
    expect(screen.getByRole('heading', { name: '关于我们' })).toBeTruthy();
    expect(callsTo(calls, '/api/article')[0]?.body).toEqual({ type: 7, scope: 'help' });
  });

  it('/abouts?type=5 and 6 are the rules and the privacy policy, with a back arrow', async () => {
    const calls = articleServer();
    const { router } = renderApp('/abouts?type=6');
    expect((await screen.findByTestId('article-content')).textContent).toBe('规则6');
    expect(screen.getByRole('heading', { name: '隐私政策' })).toBeTruthy();
    expect(document.querySelector('.adm-nav-bar-back')).not.toBeNull();

    await router.navigate('/abouts?type=5');
    await waitFor(() => expect(screen.getByTestId('article-content').textContent).toBe('规则5'));
    expect(screen.getByRole('heading', { name: '条款与规则' })).toBeTruthy();
    expect(callsTo(calls, '/api/article').map((c) => c.body)).toEqual([
      { type: 6, scope: 'abouts' },
      { type: 5, scope: 'abouts' },
    ]);
  });
});
