import { AGENT_ADMIN_MSG, agentRowSchema, planSchema } from '@app/contract/admin/agents';
import { pageOf } from '@app/contract/admin/fields';
import { EXAMPLE_RULES } from '@app/contract/agents';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, pageOfRows, renderPage, shapedBy } from '@/test/console';
import { AgentsPage } from './agents-page';

const agent = (
  id: number,
  username: string,
  more: Partial<{ parent_id: number; depth: number; sub_agents: number }>,
) => ({
  id,
  username,
  parent_id: null,
  depth: 0,
  members: 3,
  sub_agents: 0,
  plan_id: 3,
  plan: '标准方案',
  registered_at: '2026-03-01 10:00:00',
  ...more,
});
const top = shapedBy(pageOf(agentRowSchema), pageOfRows([agent(9, 'agent09', { sub_agents: 1 })]));
const below = shapedBy(
  pageOf(agentRowSchema),
  pageOfRows([agent(12, 'agent12', { parent_id: 9, depth: 1 })]),
);
const version = (id: number) => ({
  id,
  version: 1,
  rules: EXAMPLE_RULES,
  note: '初版',
  created_by: 'yunying',
  created_at: '2026-03-01 10:00:00',
});
const plans = shapedBy(planSchema.array(), [
  { id: 3, name: '标准方案', is_default: true, agents: 4, versions: [version(5)] },
  { id: 4, name: '高级方案', is_default: false, agents: 0, versions: [version(6)] },
]);

/** The agents' levels as the server answers them: under no agent, under agent09, or agent09 by name. */
const agentsAnswer = (url: URL) => {
  if (url.searchParams.get('player') === 'agent09') return top;
  return url.searchParams.get('parent') === '9' ? below : top;
};

// Buttons are found by their text: a query by role walks antd's whole tree each time.
describe('代理列表', { timeout: 60_000 }, () => {
  it("expands an agent into its sub-agents and changes an agent's plan, sending only a change with its reason", async () => {
    const sent: unknown[] = [];
    fakeApi(
      {
        '/agents': agentsAnswer,
        '/agent-plans': () => plans,
        '/agents/9/plan': (_url, body) => sent.push(body),
      },
      'operations',
    );
    renderPage(<AgentsPage />, '/agents/tree');
    expect(await screen.findByText('agent09')).toBeTruthy();
    fireEvent.click(document.querySelector('.ant-table-row-expand-icon') as HTMLElement);
    expect(await screen.findByText('agent12')).toBeTruthy();
    expect(screen.getByText('2级')).toBeTruthy();

    const row = screen.getByText('agent09').closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByText('设置方案'));
    expect(await screen.findByText(/代理 agent09 当前方案：标准方案/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('操作原因'), { target: { value: '升级方案' } });
    fireEvent.click(screen.getByText('下一步'));
    expect(await screen.findByText('没有修改任何内容，无需保存')).toBeTruthy();

    fireEvent.mouseDown(screen.getByLabelText('佣金方案'));
    fireEvent.click(await screen.findByText('高级方案'));
    fireEvent.click(screen.getByText('下一步'));
    expect(await screen.findByText('确认设置佣金方案')).toBeTruthy();
    const changes = document.querySelector('table[aria-label="将要修改"]');
    expect(changes?.textContent).toBe('项目修改前修改后佣金方案标准方案（第1版）高级方案（第1版）');
    fireEvent.click(screen.getByText('确认设置佣金方案'));
    await waitFor(() => expect(sent).toEqual([{ plan_id: 4, reason: '升级方案' }]));
  });

  it("moves a player to the agent named, and shows the server's refusal", async () => {
    const asked = fakeApi(
      {
        '/agents': agentsAnswer,
        '/agent-plans': () => plans,
        '/agent-members/12/move': () =>
          Response.json({ code: 409, message: AGENT_ADMIN_MSG.inDownline }, { status: 409 }),
      },
      'operations',
    );
    renderPage(<AgentsPage />, '/agents/tree');
    fireEvent.click(await screen.findByText('移动玩家'));
    fireEvent.change(await screen.findByLabelText('玩家ID'), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('目标代理'), { target: { value: 'agent09' } });
    fireEvent.change(screen.getByLabelText('操作原因'), { target: { value: '代理合并' } });
    fireEvent.click(screen.getByText('下一步'));
    expect(await screen.findByText('玩家 #12 移至代理 agent09 名下（代理连同其下级）。')).toBeTruthy();
    fireEvent.click(screen.getByText('确认移动玩家'));
    expect(await screen.findByText(AGENT_ADMIN_MSG.inDownline)).toBeTruthy();
    const move = asked.find((u) => u.pathname === '/admin/api/agent-members/12/move');
    expect(move).toBeTruthy();
  });

  it('offers no plan or move to a role that only reads', async () => {
    fakeApi({ '/agents': agentsAnswer, '/agent-plans': () => plans }, 'auditor');
    renderPage(<AgentsPage />, '/agents/tree');
    expect(await screen.findByText('agent09')).toBeTruthy();
    expect(screen.queryByText('设置方案')).toBeNull();
    expect(screen.queryByText('移动玩家')).toBeNull();
  });
});
