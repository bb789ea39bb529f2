import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, stubApi } from '@/test/fake-api';
import { logIn, renderApp, testUser } from '@/test/render-app';
import { vipLevels } from '../test-fixtures';

const levelCards = () => screen.queryAllByTestId('vip-level');

describe('/vip', () => {
  it('shows the ten levels with their requirements and 已达成/未达成, the rebate table and the rules', async () => {
    logIn({ ...testUser, vip: 2, current_vip: 'VIP2' });
    stubApi({ '/api/uservip': ok(vipLevels(2)) });
    renderApp('/vip');

    await waitFor(() => expect(levelCards()).toHaveLength(10));
    expect(levelCards().map((card) => card.getAttribute('aria-label'))).toEqual(
      Array.from({ length: 10 }, (_, i) => `VIP${i + 1}`),
    );
    expect(screen.getAllByTestId('vip-status').map((s) => s.textContent)).toEqual([
      '已达成',
      '已达成',
      ...Array(8).fill('未达成'),
    ]);
    const vip3 = levelCards()[2];
    if (!vip3) throw new Error('no VIP3');
    expect(within(vip3).getByText('累计存款').nextSibling?.textContent).toContain('$ 5,000.00');
    expect(within(vip3).getByText('累计流水').nextSibling?.textContent).toContain('$ 50,000.00');
    expect(within(vip3).getByText('我的进度 $ 1,500.00')).toBeTruthy();

    // The carousel starts at the player's level.
    const chips = screen.getByRole('tablist', { name: 'VIP等级' });
    expect(within(chips).getByRole('tab', { name: 'VIP2' }).getAttribute('aria-selected')).toBe('true');

    const rows = screen.getAllByTestId('vip-rebate-row');
    expect(rows).toHaveLength(10);
    const header = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(header).toEqual(['等级', '真人', '体育', '电竞', '棋牌', '电子', '彩票']);
    expect([...(rows[1]?.querySelectorAll('td') ?? [])].map((td) => td.textContent)).toEqual([
      '0.45%',
      '0.45%',
      '0.45%',
      '0.45%',
      '0.55%',
      '0.35%',
    ]);
    expect(rows[1]?.className).toMatch(/rowActive/);

    expect(
      screen.getByText('晋级：累计存款与累计流水同时达到该等级要求，即于次日24:00前晋级。'),
    ).toBeTruthy();
    expect(screen.getByText('每天最多晋升一级，不可跨级晋升。')).toBeTruthy();
    expect(screen.getByText('保级：晋级后90天内需完成该等级的保级流水，未完成将降低一级。')).toBeTruthy();
  });

  it('a level chip moves the carousel and the highlighted rebate row', async () => {
    stubApi({ '/api/uservip': ok(vipLevels(0)) });
    const { user } = renderApp('/vip');
    await waitFor(() => expect(levelCards()).toHaveLength(10));
    expect(screen.queryByText(/我的进度/)).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'VIP7' }));
    expect(screen.getByRole('tab', { name: 'VIP7' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getAllByTestId('vip-rebate-row')[6]?.className).toMatch(/rowActive/);
  });
});
