import { Form, Select, Typography } from 'antd';
import type { ReasonAction } from '@/shared/ui/reason-action';
import type { Plan } from '../api';
import { type AgentRow, setAgentPlan } from '../api';
import { rulesText } from '../lib/rules-text';

export interface PlanValues {
  plan_id: number | null;
}

const nameOf = (plans: readonly Plan[], id: unknown) => {
  const plan = plans.find((p) => p.id === id);
  if (!plan) return '默认方案';
  return `${plan.name}（第${plan.versions.at(-1)?.version ?? 0}版）`;
};

/** The plan chosen, and the rules of its latest version under it. */
function PlanField({ plans }: { plans: readonly Plan[] }) {
  const form = Form.useFormInstance<PlanValues>();
  const planId = Form.useWatch('plan_id', form);
  const chosen = plans.find((p) => p.id === planId);
  const latest = chosen?.versions.at(-1);
  return (
    <>
      <Form.Item name="plan_id" label="佣金方案" rules={[{ required: true, message: '请选择佣金方案' }]}>
        <Select
          placeholder="默认方案"
          style={{ width: 280 }}
          options={plans.map((p) => ({ value: p.id, label: `${p.name}${p.is_default ? '（默认）' : ''}` }))}
        />
      </Form.Item>
      {latest && (
        <Typography.Paragraph type="secondary" style={{ marginTop: -12 }}>
          第{latest.version}版：{rulesText(latest.rules)}
        </Typography.Paragraph>
      )}
    </>
  );
}

/**
 * 设置方案: opens with the agent's plan, sends only a change, and lists it before and after with the
 * reason. The plan in force at a month's close settles that month: months already closed keep theirs.
 */
export function planAction(agent: AgentRow, plans: readonly Plan[]): ReasonAction<PlanValues> {
  return {
    label: '设置佣金方案',
    description: `代理 ${agent.username} 当前方案：${agent.plan}。新方案用于尚未结算的月份（含本月），已出的账单不变。`,
    fields: <PlanField plans={plans} />,
    row: { plan_id: agent.plan_id },
    labels: { plan_id: '佣金方案' },
    shown: { plan_id: (id) => nameOf(plans, id) },
    run: ({ plan_id, reason }) => setAgentPlan(agent.id, Number(plan_id), reason),
  };
}
