import { STATEMENTS_WAITING } from '@app/contract/admin/agents';
import { dashboardSchema } from '@app/contract/admin/reports';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PATH } from '@/shared/routes/table';
import { fakeApi, renderPage, shapedBy } from '@/test/console';
import { HomePage } from './home-page';

const day = (date: string, deposits: number) => ({
  day: date,
  deposits: { count: deposits, amount: deposits * 100 },
  deposit_channels: [],
  withdrawals: { count: 0, amount: 0, fees: 0 },
  net_deposits: deposits * 100,
  bets: { count: 0, stake: 0, valid: 0 },
  game_results: [],
  game_result: 0,
  bonuses: { red_packets: 0, rebates: 0, activity_bonuses: 0, manual_credits: 0, total: 0 },
  registrations: 0,
  first_depositors: 0,
  active_players: 0,
});
const dashboard = shapedBy(dashboardSchema, {
  today: day('2026-03-02', 3),
  yesterday: day('2026-03-01', 1),
  queues: { deposits: 4, withdrawals: 0, adjustments: 0, transfers: 0, commission_statements: 2 },
  ledger_check: { at: '2026-03-02 09:50:00', ok: true, violations: 0, accounts: 120, transfers: 3400 },
  last_30_days: [],
});

// A page's first render with antd is slow on a busy machine; each test renders once.
describe('the home page', { timeout: 60_000 }, () => {
  it('greets the operator and shows the figures, the queues waiting and the last ledger check', async () => {
    fakeApi({ '/dashboard': () => dashboard }, 'finance');
    renderPage(<HomePage />, PATH.home);
    expect(await screen.findByText('您好，测试员')).toBeTruthy();
    expect(await screen.findByText('今日概况（2026-03-02，北京时间）')).toBeTruthy();
    const deposits = screen.getByText('待审核充值').closest('a');
    expect(deposits?.getAttribute('href')).toBe(PATH.depositReview);
    expect(deposits?.textContent).toContain('4');
    const statements = screen.getByText('待审核佣金账单').closest('a');
    expect(statements?.getAttribute('href')).toBe(`${PATH.agentStatements}?state=${STATEMENTS_WAITING}`);
    expect(statements?.textContent).toContain('2');
    expect(screen.getByText('账本平衡')).toBeTruthy();
  });

  it('shows no figures to a role that may not read them', async () => {
    const asked = fakeApi({ '/dashboard': () => dashboard }, 'support');
    renderPage(<HomePage />, PATH.home);
    expect(await screen.findByText('您好，测试员')).toBeTruthy();
    expect(screen.queryByText(/今日概况/)).toBeNull();
    expect(asked.some((u) => u.pathname === '/admin/api/dashboard')).toBe(false);
  });
});
