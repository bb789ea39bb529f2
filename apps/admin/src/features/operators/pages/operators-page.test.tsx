import { operatorRowSchema } from '@app/contract/admin/operators';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderPage, shapedBy } from '@/test/console';
import { OperatorsPage } from './operators-page';

const operator = (id: number, username: string, display_name: string, role: 'support' | 'finance') =>
  shapedBy(operatorRowSchema, {
    id,
    username,
    display_name,
    role,
    status: 1,
    totp_enrolled: true,
    locked: false,
    must_change_password: false,
    last_sign_in_at: '2026-03-01 09:00:00',
    last_sign_in_ip: '10.0.0.8',
    created_at: '2026-01-01 10:00:00',
  });

/** Opens a row's 管理 menu and chooses `item`. */
async function manage(name: string, item: string) {
  const row = screen.getByText(name).closest('tr') as HTMLElement;
  fireEvent.mouseEnter(within(row).getByText(/管\s*理/));
  fireEvent.click(await screen.findByText(item, { selector: '.ant-dropdown-menu-title-content' }));
}

// A page's first render with antd is slow on a busy machine; a test here renders once and opens two dialogs,
// and finds buttons by their text (a query by role walks antd's whole tree each time).
describe('the operators', { timeout: 60_000 }, () => {
  it("lists the operators; a role opens as its own row's and, unchanged, sends nothing; 停用 asks a reason first", async () => {
    const posted: string[] = [];
    const asked = fakeApi({
      '/operators': () => [
        operator(2, 'kefu01', '客服小王', 'support'),
        operator(3, 'caiwu01', '财务小李', 'finance'),
      ],
      '/api-keys': () => [],
      '/operators/3/role': (url) => posted.push(url.pathname),
      '/operators/3/disable': (url) => posted.push(url.pathname),
    });
    renderPage(<OperatorsPage />, '/operators');
    expect(await screen.findByText('客服小王')).toBeTruthy();
    expect(screen.getByText('caiwu01')).toBeTruthy();
    expect(asked.some((u) => u.pathname === '/admin/api/operators')).toBe(true);

    await manage('财务小李', '修改角色');
    const role = await screen.findByLabelText('新角色');
    expect(role.closest('.ant-select')?.textContent).toContain('财务');
    fireEvent.change(screen.getByLabelText('操作原因'), { target: { value: '岗位调整' } });
    fireEvent.click(screen.getByText('下一步'));
    expect(await screen.findByText('没有修改任何内容，无需保存')).toBeTruthy();
    fireEvent.click(screen.getByText(/取\s*消/));
    await waitFor(() => expect(screen.queryByLabelText('新角色')).toBeNull());

    await manage('财务小李', '停用');
    fireEvent.click(await screen.findByText('下一步'));
    expect(await screen.findByText('请填写操作原因（2-200字）')).toBeTruthy();
    expect(posted).toEqual([]);
    fireEvent.change(screen.getByLabelText('操作原因'), { target: { value: '离职' } });
    fireEvent.click(screen.getByText('下一步'));
    fireEvent.click(await screen.findByText('确认停用'));
    await waitFor(() => expect(posted).toEqual(['/admin/api/operators/3/disable']));
  });
});
