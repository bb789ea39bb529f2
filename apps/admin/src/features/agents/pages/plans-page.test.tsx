import { planSchema } from '@app/contract/admin/agents';
import { EXAMPLE_RULES } from '@app/contract/agents';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderPage, shapedBy } from '@/test/console';
import { PlansPage } from './plans-page';

const plans = [
  shapedBy(planSchema, {
    id: 3,
    name: '标准方案',
    is_default: true,
    agents: 4,
    versions: [
      {
        id: 5,
        version: 1,
        rules: EXAMPLE_RULES,
        note: '初版',
        created_by: 'yunying',
        created_at: '2026-03-01 10:00:00',
      },
    ],
  }),
];

// Buttons are found by their text: a query by role walks antd's whole tree each time.
describe('佣金方案', { timeout: 60_000 }, () => {
  it('lists the plans and makes a new version from the latest rules, with a reason', async () => {
    const saved: unknown[] = [];
    fakeApi(
      {
        '/agent-plans': () => plans,
        '/agent-plans/3/versions': (_url, body) => saved.push(body),
      },
      'operations',
    );
    renderPage(<PlansPage />, '/agents/plans');
    expect(await screen.findByText('标准方案')).toBeTruthy();
    expect(screen.getByText('第1版')).toBeTruthy();

    fireEvent.click(screen.getByText('新建版本'));
    expect(await screen.findByText(/新版本从下一个结算月起生效/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('平台费'), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('操作原因'), { target: { value: '下调平台费' } });
    fireEvent.click(screen.getByText('下一步'));
    fireEvent.click(await screen.findByText('确认新建「标准方案」第2版'));
    await waitFor(() =>
      expect(saved).toEqual([{ rules: { ...EXAMPLE_RULES, fee_percent: 5 }, note: '下调平台费' }]),
    );
  });

  it('offers no new plan or version to a role that only reads', async () => {
    fakeApi({ '/agent-plans': () => plans }, 'auditor');
    renderPage(<PlansPage />, '/agents/plans');
    expect(await screen.findByText('标准方案')).toBeTruthy();
    expect(screen.queryByText('新建版本')).toBeNull();
    expect(screen.queryByText('新建方案')).toBeNull();
  });
});
