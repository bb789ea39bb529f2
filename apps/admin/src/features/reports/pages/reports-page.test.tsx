import { commissionReportSchema } from '@app/contract/admin/agents';
import { reportSchema } from '@app/contract/admin/reports';
import { beijingDay } from '@app/contract/time';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage, shapedBy } from '@/test/console';
import { ReportsPage } from './reports-page';

const figures = {
  deposits: { count: 3, amount: 1500 },
  deposit_channels: [{ channel: 'bank', name: '银行卡', count: 3, amount: 1500 }],
  withdrawals: { count: 1, amount: 400, fees: 2 },
  net_deposits: 1100,
  bets: { count: 20, stake: 900, valid: 850 },
  game_results: [{ venue: 'ag', name: 'AG视讯', result: 120 }],
  game_result: 120,
  bonuses: { red_packets: 10, rebates: 5, activity_bonuses: 0, manual_credits: 0, total: 15 },
  registrations: 4,
  first_depositors: 2,
  active_players: 9,
};

/** The report of one day, as GET /reports answers (one day: no trend chart to draw). */
const reportOf = (url: URL) => {
  const day = url.searchParams.get('from') ?? '';
  return shapedBy(reportSchema, { from: day, to: day, days: [{ ...figures, day }], total: figures });
};

// A page's first render with antd is slow on a busy machine; the test renders once and changes the range once.
describe('the reports', { timeout: 60_000 }, () => {
  // Noon in Beijing: "today" and "yesterday" cannot change under the test, whenever it runs.
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-06-15T04:00:00Z') }));
  afterEach(() => vi.useRealTimers());
  it("shows today's figures by default and asks for the range a preset chooses", async () => {
    const asked = fakeApi({ '/reports': reportOf });
    renderPage(<ReportsPage />, '/reports');
    const today = beijingDay(new Date());
    expect(await screen.findByText('合计')).toBeTruthy();
    expect(screen.getByText('AG视讯')).toBeTruthy();
    const first = asked.find((u) => u.pathname === '/admin/api/reports');
    expect(Object.fromEntries(first?.searchParams ?? [])).toEqual({ from: today, to: today });

    fireEvent.click(screen.getByText(/昨\s*天/));
    const yesterday = beijingDay(new Date(Date.now() - 86_400_000));
    await waitFor(() =>
      expect(Object.fromEntries(asked.at(-1)?.searchParams ?? [])).toEqual({
        from: yesterday,
        to: yesterday,
      }),
    );
    expect(await screen.findByText(yesterday)).toBeTruthy();
  });

  it('shows the commission paid in each of the last twelve months, with their total', async () => {
    const asked = fakeApi({
      '/reports': reportOf,
      '/reports/commission': () =>
        shapedBy(commissionReportSchema, [
          { month: '2026-04', payouts: 2, amount: 30.1 },
          { month: '2026-05', payouts: 1, amount: 19.2 },
        ]),
    });
    renderPage(<ReportsPage />, '/reports');
    expect(await screen.findByText('2026-05')).toBeTruthy();
    const asking = asked.find((u) => u.pathname === '/admin/api/reports/commission');
    expect(Object.fromEntries(asking?.searchParams ?? [])).toEqual({ from: '2025-07', to: '2026-06' });
    const total = screen.getAllByText('合计').at(-1)?.closest('tr');
    expect(total?.textContent).toBe('合计3$49.30');
  });
});
