import type { Limit, ProtectionState } from '@app/contract/protection';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectToast, ok, refuse, stubApi } from '@/test/fake-api';
import { logIn, renderApp } from '@/test/render-app';

const limit = (kind: Limit['kind'], period: Limit['period'], over: Partial<Limit> = {}): Limit => ({
  kind,
  period,
  amount: null,
  used: 0,
  remaining: null,
  pending: null,
  ...over,
});

const state = (limits: Limit[]): ProtectionState => ({
  limits: (['deposit', 'loss'] as const).flatMap((kind) =>
    (['day', 'week', 'month'] as const).map(
      (period) => limits.find((l) => l.kind === kind && l.period === period) ?? limit(kind, period),
    ),
  ),
  reality_check: 0,
  restriction: null,
});

describe('/protection', () => {
  it('shows money with $ as the rest of the app does, and a pending raise on one line per date', async () => {
    logIn();
    stubApi({
      '/api/protection/state': ok(
        state([
          limit('deposit', 'day', {
            amount: 500,
            used: 0,
            remaining: 500,
            pending: { amount: 1000, confirm_from: '2026-05-02 12:00:00' },
          }),
          limit('loss', 'week', { amount: 2000, used: 30.5, remaining: 1969.5 }),
        ]),
      ),
      '/api/protection/limit/confirm': refuse('请于2026-05-02 12:00:00后再确认'),
    });
    const { user } = renderApp('/protection');
    const day = await screen.findByTestId('limit-deposit-day');
    expect(day.textContent).toContain('$ 500.00');
    expect(day.textContent).not.toContain('元');
    // The amounts and the date never split from what they belong to.
    expect(day.textContent).toContain('已用 $\u00a00.00 · 剩余 $\u00a0500.00');
    expect(day.textContent).toContain('待生效：$\u00a01,000.00（2026-05-02\u00a012:00:00后可确认）');
    expect(screen.getByTestId('limit-loss-week').textContent).toContain(
      '已用 $\u00a030.50 · 剩余 $\u00a01,969.50',
    );
    await user.click(within(day).getByRole('button', { name: '确认生效' }));
    await expectToast('请于2026-05-02\u00a012:00:00后再确认');
  });
});
