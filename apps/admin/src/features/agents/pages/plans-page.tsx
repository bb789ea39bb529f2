import { EXAMPLE_RULES } from '@app/contract/agents';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Form, Input, Tag } from 'antd';
import { useState } from 'react';
import { useCan } from '@/shared/session/session';
import { LabelledTable } from '@/shared/ui/labelled-table';
import { type ReasonAction, ReasonActionModal } from '@/shared/ui/reason-action';
import { fetchPlans, type Plan, savePlan } from '../api';
import { RulesFields, type RulesValues } from '../components/rules-fields';
import { rulesText } from '../lib/rules-text';

type Version = Plan['versions'][number];
type PlanValues = RulesValues & { name?: string; is_default?: boolean };

const newPlan: ReasonAction<PlanValues> = {
  label: '新建佣金方案',
  description: '新方案为第1版；版本一经保存不再修改，调整规则请新建版本。',
  fields: (
    <>
      <Form.Item
        name="name"
        label="方案名称"
        rules={[{ required: true, max: 32, message: '请填写方案名称（1-32字）' }]}
      >
        <Input maxLength={32} style={{ width: 240 }} />
      </Form.Item>
      <Form.Item name="is_default" valuePropName="checked">
        <Checkbox>设为默认方案（新代理使用）</Checkbox>
      </Form.Item>
      <RulesFields />
    </>
  ),
  initialValues: { name: '', is_default: false, rules: EXAMPLE_RULES },
  run: ({ reason, name, is_default, rules }) =>
    savePlan({ plan: { name: name ?? '', is_default: is_default ?? false, rules, note: reason } }),
};

/** A plan's next version, starting from its latest rules. */
const newVersion = (plan: Plan): ReasonAction<PlanValues> => ({
  label: `新建「${plan.name}」第${(plan.versions.at(-1)?.version ?? 0) + 1}版`,
  description: '新版本从下一个结算月起生效；已出的账单仍按当时的版本计算。',
  fields: <RulesFields />,
  initialValues: { rules: plan.versions.at(-1)?.rules ?? EXAMPLE_RULES },
  run: ({ reason, rules }) => savePlan({ id: plan.id, version: { rules, note: reason } }),
});

/**
 * 佣金方案 (代理管理): the plans with every version (immutable; a statement keeps the version it was
 * computed with); 运营 creates a plan or a plan's next version.
 */
export function PlansPage() {
  const can = useCan();
  const plans = useQuery({ queryKey: ['agent-plans'], queryFn: fetchPlans });
  const [action, setAction] = useState<ReasonAction<PlanValues>>();
  return (
    <Card
      title="佣金方案"
      extra={
        can('agents.plans') && (
          <Button type="primary" onClick={() => setAction(newPlan)}>
            新建方案
          </Button>
        )
      }
    >
      {plans.isError && <Alert type="error" title="佣金方案加载失败" />}
      <LabelledTable<Plan>
        label="佣金方案"
        loading={plans.isPending}
        rowKey="id"
        pagination={false}
        dataSource={plans.data ?? []}
        expandable={{
          expandedRowRender: (plan) => (
            <LabelledTable<Version>
              label="方案版本"
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={[...plan.versions].reverse()}
              columns={[
                { key: 'version', dataIndex: 'version', title: '版本', render: (v: number) => `第${v}版` },
                { key: 'rules', title: '规则', render: (_: unknown, v) => rulesText(v.rules) },
                { key: 'note', dataIndex: 'note', title: '说明' },
                { key: 'created_by', dataIndex: 'created_by', title: '创建人' },
                { key: 'created_at', dataIndex: 'created_at', title: '创建时间' },
              ]}
            />
          ),
        }}
        columns={[
          { key: 'id', dataIndex: 'id', title: '编号' },
          {
            key: 'name',
            title: '方案',
            render: (_: unknown, p) => (
              <>
                {p.name} {p.is_default && <Tag color="gold">默认</Tag>}
              </>
            ),
          },
          {
            key: 'version',
            title: '当前版本',
            render: (_: unknown, p) => `第${p.versions.at(-1)?.version ?? 0}版`,
          },
          { key: 'agents', dataIndex: 'agents', title: '代理数' },
          {
            key: 'actions',
            title: '操作',
            render: (_: unknown, p) =>
              can('agents.plans') && (
                <Button size="small" onClick={() => setAction(newVersion(p))}>
                  新建版本
                </Button>
              ),
          },
        ]}
      />
      <ReasonActionModal action={action} onClose={() => setAction(undefined)} />
    </Card>
  );
}
