import { WAITING_STATES } from '@app/contract/admin/agents';
import type { Row } from '@app/contract/admin/players';
import { Button, Form, InputNumber, Space } from 'antd';
import type { MouseEvent } from 'react';
import { useCan } from '@/shared/session/session';
import { usd } from '@/shared/ui/format';
import type { ReasonAction } from '@/shared/ui/reason-action';
import { decideStatement } from '../api';

export interface AdjustValues {
  amount?: number | null;
}

/** Who and which month, as the confirmation says it. */
const subject = (row: Row) => `代理 ${row.agent} ${row.month} 月佣金 ${usd(Number(row.total))}`;

/**
 * A statement's decisions (财务): 通过 pays the total, 调整 pays the amount given, 扣留 pays nothing;
 * each with a reason and a confirmation. Above the four-eyes threshold the first approval waits for
 * a second operator (the server says so); a decision already taken makes this one refused.
 */
export function StatementActions(props: { row: Row; ask: (action: ReasonAction<AdjustValues>) => void }) {
  const { row, ask } = props;
  const can = useCan();
  if (!can('agents.decide') || !WAITING_STATES.includes(Number(row.state))) return null;
  const id = Number(row.id);
  const approve: ReasonAction<AdjustValues> = {
    label: '通过佣金账单',
    description: `${subject(row)}：通过后佣金经账本计入代理中心钱包（超过双人复核金额时需另一位操作员复核）。`,
    run: ({ reason }) => decideStatement(id, { decision: 'approve', note: reason }),
  };
  const adjust: ReasonAction<AdjustValues> = {
    label: '调整佣金账单',
    description: `${subject(row)}：按调整后的金额发放，原因写入审计日志。`,
    fields: (
      <Form.Item name="amount" label="发放金额" rules={[{ required: true, message: '请填写发放金额' }]}>
        <InputNumber min={0} max={100_000_000} precision={2} prefix="$" style={{ width: 200 }} />
      </Form.Item>
    ),
    initialValues: { amount: Number(row.total) },
    run: ({ reason, amount }) =>
      decideStatement(id, { decision: 'adjust', amount: amount ?? 0, note: reason }),
  };
  const withhold: ReasonAction<AdjustValues> = {
    label: '扣留佣金账单',
    description: `${subject(row)}：扣留后不发放佣金。`,
    danger: true,
    run: ({ reason }) => decideStatement(id, { decision: 'withhold', note: reason }),
  };
  const clicked = (action: ReasonAction<AdjustValues>) => (event: MouseEvent) => {
    event.stopPropagation();
    ask(action);
  };
  return (
    <Space size={4}>
      <Button size="small" type="primary" onClick={clicked(approve)}>
        通过
      </Button>
      <Button size="small" onClick={clicked(adjust)}>
        调整
      </Button>
      <Button size="small" danger onClick={clicked(withhold)}>
        扣留
      </Button>
    </Space>
  );
}
