import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '@/test/fake-api';
import { currentPath, renderApp } from '@/test/render-app';

describe('/kefu', () => {
  it('shows the customer service page in a frame, in the shell', async () => {
    stubApi({ '/api/getservicerurl': ok({ url: 'https://support.example/chat' }) });
    renderApp('/kefu');
    const frame = await screen.findByTitle('在线客服');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('https://support.example/chat');
    expect(screen.getByRole('navigation', { name: '底部导航' })).toBeTruthy();
  });

  it('shows a page of this app as that page', async () => {
    stubApi({
      '/api/getservicerurl': ok({ url: '/#/boutBallBetInfo?type=4' }),
      '/api/article': ok({ title: '联系我们', content: '<p>7×24 小时在线</p>' }),
    });
    const { router } = renderApp('/kefu');
    await waitFor(() => expect(currentPath(router)).toBe('/boutBallBetInfo?type=4'));
    expect((await screen.findByTestId('article-content')).textContent).toBe('7×24 小时在线');
  });
});
