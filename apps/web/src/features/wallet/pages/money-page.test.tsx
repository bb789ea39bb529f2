import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '@/test/fake-api';
import { currentPath, logIn, renderApp } from '@/test/render-app';

describe('/money', () => {
  it('shows the central and game wallets and leads to deposit, transfer, withdrawal and cards', async () => {
    logIn();
    stubApi({
      '/api/balancelist': ok([
        { name: 'OB电子', platname: 'obgdy', balance: 20 },
        { name: 'FG电子', platname: 'fgdz', balance: 5.25 },
      ]),
    });
    const { user, router } = renderApp('/money');
    expect((await screen.findByTestId('central-balance')).textContent).toBe('$ 10,000.00');
    await waitFor(() => expect(screen.getByTestId('game-balance').textContent).toBe('$ 25.25'));

    const shortcuts = screen.getByRole('navigation', { name: '我的钱包' });
    expect(
      within(shortcuts)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['充值', '转账', '取款', '卡片管理']);
    await user.click(within(shortcuts).getByRole('button', { name: '卡片管理' }));
    await waitFor(() => expect(currentPath(router)).toBe('/wallet?type=1'));
  });
});
