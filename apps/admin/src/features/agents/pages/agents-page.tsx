import { agentListQuerySchema } from '@app/contract/admin/agents';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useCan } from '@/shared/session/session';
import { FilterForm } from '@/shared/ui/filter-form';
import { useListQuery } from '@/shared/ui/list-query';
import { type ReasonAction, ReasonActionModal } from '@/shared/ui/reason-action';
import { fetchPlans } from '../api';
import { AgentLevel } from '../components/agent-level';
import { type MoveValues, moveAction } from '../components/move-action';
import { type PlanValues, planAction } from '../components/plan-action';

/**
 * 代理列表 (代理管理): the agents' tree one level at a time (an agent expands into its sub-agents),
 * or the agent of a name (the filter, in the URL); 运营 sets an agent's plan and moves a player
 * under another agent, each with a reason for the audit log.
 */
export function AgentsPage() {
  const can = useCan();
  const [{ player }, setFilters] = useListQuery(agentListQuerySchema);
  const plans = useQuery({ queryKey: ['agent-plans'], queryFn: fetchPlans });
  const [planOf, setPlanOf] = useState<ReasonAction<PlanValues>>();
  const [move, setMove] = useState<ReasonAction<MoveValues>>();
  return (
    <Card
      title="代理列表"
      extra={
        can('agents.move') && (
          <Button type="primary" onClick={() => setMove(moveAction())}>
            移动玩家
          </Button>
        )
      }
    >
      <FilterForm
        label="代理列表筛选条件"
        values={{ player }}
        onSearch={(v: { player?: string }) => setFilters({ player: v.player?.trim() })}
        onReset={() => setFilters({})}
      >
        <Form.Item name="player" label="代理">
          <Input placeholder="代理用户名" allowClear style={{ width: 180 }} maxLength={32} />
        </Form.Item>
      </FilterForm>
      <AgentLevel
        parent={0}
        player={player}
        onSetPlan={(agent) => setPlanOf(planAction(agent, plans.data ?? []))}
        onMove={(agent) => setMove(moveAction(agent.id))}
      />
      <ReasonActionModal action={planOf} onClose={() => setPlanOf(undefined)} />
      <ReasonActionModal action={move} onClose={() => setMove(undefined)} />
    </Card>
  );
}
