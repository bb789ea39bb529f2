import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '@/test/fake-api';
import { currentPath, renderApp } from '@/test/render-app';

const SPONSORS = [
  {
    type: 1,
    title: '星云竞技战队',
    subtitle: '官方合作电竞战队',
    image: '/art/sponsors/1.svg',
    url: '/sponsor/1',
  },
  {
    type: 2,
    title: '城市足球联赛',
    subtitle: '年度官方赞助商',
    image: '/art/sponsors/2.svg',
    url: '/sponsor/2',
  },
];

describe('sponsors', () => {
  it('/zhanzhu shows the two sponsor cards; a tap shows that sponsor page in a frame', async () => {
    stubApi({ '/api/sponsors': ok(SPONSORS) });
    const { user, router } = renderApp('/zhanzhu');

    await waitFor(() => expect(screen.getAllByTestId('sponsor-card')).toHaveLength(2));
    const cards = screen.getAllByTestId('sponsor-card');
    expect(cards[0]?.textContent).toContain('星云竞技战队');
    expect(cards[0]?.textContent).toContain('官方合作电竞战队');
    expect(cards[1]?.querySelector('img')?.getAttribute('src')).toBe('/art/sponsors/2.svg');

    if (cards[1]) await user.click(cards[1]);
    await waitFor(() => expect(currentPath(router)).toBe('/zhanzhuye?type=2'));
    const frame = await screen.findByTitle('城市足球联赛');
    expect(frame.getAttribute('src')).toBe('/sponsor/2');
    // A sponsor page runs no scripts of its own.
    expect(frame.getAttribute('sandbox')?.split(' ')).not.toContain('allow-scripts');
    expect(screen.getByRole('heading', { name: '城市足球联赛' })).toBeTruthy();
  });
});
