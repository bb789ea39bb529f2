import { closeStateSchema, statementRowSchema, statementSchema } from '@app/contract/admin/agents';
import { pageOf } from '@app/contract/admin/fields';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, pageOfRows, renderPage, shapedBy } from '@/test/console';
import { StatementsPage } from './statements-page';

const row = {
  id: 31,
  agent_id: 9,
  agent: 'agent01',
  month: '2026-03',
  net_loss: 20_000,
  active_members: 2,
  tier: 0,
  share_percent: 10,
  carry_in: 0,
  carry_out: 0,
  commission: 2000,
  overrides: 0,
  cpa: 0,
  total: 2000,
  paid: 0,
  state: 0,
  state_label: '待审核',
  decided_at: '',
  note: '',
};
const statements = shapedBy(pageOf(statementRowSchema), pageOfRows([row]));
const statement = shapedBy(statementSchema, {
  ...row,
  plan: '标准方案',
  plan_version: 1,
  lines: [
    {
      user_id: 11,
      username: 'player11',
      deposits: 5000,
      withdrawals: 0,
      stakes: 30_000,
      valid_stakes: 30_000,
      payouts: 10_000,
      bonuses: 0,
      fee: 0,
      net: 20_000,
      active: true,
      cpa: false,
    },
  ],
  override_lines: [],
});
const close = shapedBy(closeStateSchema, {
  next_month: '2026-04',
  months: [
    {
      month: '2026-03',
      statements: 1,
      started_at: '2026-04-01 00:10:00',
      finished_at: '2026-04-01 00:10:02',
      waiting: 1,
      paid: 0,
    },
  ],
});

// Buttons are found by their text: a query by role walks antd's whole tree each time.
describe('佣金账单', { timeout: 60_000 }, () => {
  it("lists the statements with the filter in the URL, shows a statement's lines, and adjusts one with a reason", async () => {
    const decided: unknown[] = [];
    const asked = fakeApi(
      {
        '/agent-statements': () => statements,
        '/agent-statements/31': () => statement,
        '/agent-statements/31/decide': (_url, body) => decided.push(body),
        '/agent-close': () => close,
      },
      'finance',
    );
    const router = renderPage(<StatementsPage />, '/agents/statements');
    expect(await screen.findByText('agent01')).toBeTruthy();
    expect(
      await screen.findByText(
        '上次月结：2026-03 已于 2026-04-01 00:10:02 结算，1 份账单（待处理 1 份，已发放 $0.00）。下次月结：2026-04（每月1日零点后由每日任务自动结算上月）',
      ),
    ).toBeTruthy();

    fireEvent.change(screen.getByPlaceholderText('代理用户名'), { target: { value: 'agent01' } });
    fireEvent.click(screen.getByText(/查\s*询/));
    await waitFor(() => expect(router.state.location.search).toContain('agent=agent01'));
    await waitFor(() =>
      expect(
        asked
          .filter((u) => u.pathname === '/admin/api/agent-statements')
          .at(-1)
          ?.searchParams.get('agent'),
      ).toBe('agent01'),
    );

    fireEvent.click(await screen.findByText('agent01'));
    expect(await screen.findByText('player11')).toBeTruthy();
    expect(screen.getByText(/标准方案 第1版/)).toBeTruthy();
    const drawer = document.querySelector('.ant-drawer') as HTMLElement;
    fireEvent.click(within(drawer).getByText(/调\s*整/));
    expect(await screen.findByText(/agent01 2026-03 月佣金 .*按调整后的金额发放/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('发放金额'), { target: { value: '1500' } });
    fireEvent.change(screen.getByLabelText('操作原因'), { target: { value: '扣除违规会员' } });
    fireEvent.click(screen.getByText('下一步'));
    fireEvent.click(await screen.findByText('确认调整佣金账单'));
    await waitFor(() =>
      expect(decided).toEqual([{ decision: 'adjust', amount: 1500, note: '扣除违规会员' }]),
    );
  });
});
