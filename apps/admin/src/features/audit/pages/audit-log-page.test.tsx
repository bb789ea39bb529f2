import type { AuditRow } from '@app/contract/admin/audit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, pageOfRows, renderPage } from '@/test/console';
import { AuditLogPage } from './audit-log-page';

const disabled: AuditRow = {
  id: 41,
  at: '2026-03-01 10:00:00',
  operator: 'admin',
  role: '超级管理员',
  action: 'operators.disable',
  action_label: '停用操作员',
  target_type: 'operator',
  target_id: '7',
  target_label: '#7',
  reason: '离职',
  ip: '10.0.0.1',
  via: 'session',
  before: { status: 1 },
  after: { status: 0, sessions_ended: 2 },
};

// A page's first render with antd is slow on a busy machine; a test here renders, filters and opens a dialog.
describe('the audit log', { timeout: 60_000 }, () => {
  it('lists the rows the server answers, and filters by operator in the request and the URL', async () => {
    const asked = fakeApi({ '/audit': () => pageOfRows([disabled]) });
    const router = renderPage(<AuditLogPage />, '/audit');
    expect(await screen.findByText('停用操作员')).toBeTruthy();
    expect(screen.getByText('离职')).toBeTruthy();

    fireEvent.change(screen.getByPlaceholderText('账号'), { target: { value: ' admin ' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?operator=admin'));
    await waitFor(() =>
      expect(
        asked
          .filter((u) => u.pathname === '/admin/api/audit')
          .at(-1)
          ?.searchParams.get('operator'),
      ).toBe('admin'),
    );
  });

  it('opens filtered as a bookmarked URL says, and shows a row with its values in Chinese', async () => {
    const asked = fakeApi({ '/audit': () => pageOfRows([disabled]) });
    renderPage(<AuditLogPage />, '/audit?target_type=operator&page=2');
    await screen.findByText('停用操作员');
    const audit = asked.find((u) => u.pathname === '/admin/api/audit');
    expect(audit?.searchParams.get('target_type')).toBe('operator');
    expect(audit?.searchParams.get('page')).toBe('2');
    expect(screen.getByLabelText('审计日志筛选').textContent).toContain('操作员');

    fireEvent.click(screen.getByText('停用操作员'));
    const changes = await screen.findByRole('region', { name: '变更内容' });
    const status = within(changes).getByText('状态').closest('tr');
    expect(status?.textContent).toBe('状态启用（1）停用（0）');
  });
});
