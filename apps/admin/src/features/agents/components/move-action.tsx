import { AGENT_ADMIN_MSG } from '@app/contract/admin/agents';
import { Form, Input, InputNumber } from 'antd';
import type { ReasonAction } from '@/shared/ui/reason-action';
import { fetchAgents, movePlayer } from '../api';

export interface MoveValues {
  user_id?: number | null;
  agent?: string;
}

/** The agent of this username (names match whole, as the agents' filter reads them). */
async function agentNamed(name: string) {
  const found = await fetchAgents({ parent: 0, player: name }, { page: 1, page_size: 5 });
  const agent = found.data[0];
  if (!agent) throw new Error(AGENT_ADMIN_MSG.notAgent);
  return agent;
}

/**
 * 移动玩家: a player (by id; an agent moves with their downline) goes under another agent, with a
 * reason for the audit log. The server refuses a move into the player's own downline, to
 * themselves, or to the agent they already have; its message is shown as it is.
 */
export function moveAction(userId?: number): ReasonAction<MoveValues> {
  return {
    label: '移动玩家',
    description: '玩家（代理连同其下级）改属目标代理，此后的账单按新归属计算，已出的账单不变。',
    fields: (
      <>
        <Form.Item
          name="user_id"
          label="玩家ID"
          extra="玩家详情页可查看玩家ID"
          rules={[{ required: true, message: '请填写玩家ID' }]}
        >
          <InputNumber min={1} precision={0} style={{ width: 200 }} disabled={userId !== undefined} />
        </Form.Item>
        <Form.Item
          name="agent"
          label="目标代理"
          rules={[{ required: true, whitespace: true, message: '请填写目标代理的用户名' }]}
        >
          <Input placeholder="代理用户名" maxLength={32} style={{ width: 200 }} />
        </Form.Item>
      </>
    ),
    initialValues: { user_id: userId ?? null, agent: '' },
    confirm: ({ user_id, agent }) => `玩家 #${user_id} 移至代理 ${agent?.trim()} 名下（代理连同其下级）。`,
    run: async ({ user_id, agent, reason }) => {
      const target = await agentNamed(agent?.trim() ?? '');
      return movePlayer(Number(user_id), target.id, reason);
    },
  };
}
