import { APPLICATION_KINDS, type ApplicationKind } from '@app/contract/admin/applications';
import type { Row } from '@app/contract/admin/players';
import { Button, Form, InputNumber, Space } from 'antd';
import type { MouseEvent } from 'react';
import { useCan } from '@/shared/session/session';
import type { ReasonAction } from '@/shared/ui/reason-action';
import { decideApplication } from '../api';

const PENDING = 1;

export interface BonusValues {
  bonus?: number | null;
  turnover_multiple?: number | null;
}

/** The bonus of an approved activity application and its turnover multiple (打码倍数). */
const bonusFields = (
  <>
    <Form.Item name="bonus" label="彩金（可选）" extra="通过后计入玩家中心钱包，经账本记账，不会重复发放">
      <InputNumber min={0} max={1_000_000} precision={2} prefix="$" style={{ width: 200 }} />
    </Form.Item>
    <Form.Item name="turnover_multiple" label="流水倍数" extra="玩家取款前需完成 彩金 × 倍数 的有效投注">
      <InputNumber min={0} max={50} precision={2} style={{ width: 200 }} />
    </Form.Item>
  </>
);

/** Who applied for what, as the confirmation says it. */
const subject = (kind: ApplicationKind, row: Row) =>
  kind === 'activities'
    ? `${row.username} 申请「${row.activity}」`
    : `${row.username}（${row.mobile}）申请成为代理`;

/**
 * A pending application's decisions: 通过 (an activity's with an optional bonus) and 拒绝, each
 * with a note and a confirmation. Another operator's decision first makes this one refused.
 */
export function ApplicationActions(props: {
  kind: ApplicationKind;
  row: Row;
  ask: (action: ReasonAction<BonusValues>) => void;
}) {
  const { kind, row, ask } = props;
  const can = useCan();
  if (!can('applications.review') || row.state !== PENDING) return null;
  const id = Number(row.id);
  const name = APPLICATION_KINDS[kind];

  const approve: ReasonAction<BonusValues> = {
    label: `通过${name}`,
    description:
      kind === 'activities'
        ? `${subject(kind, row)}：通过后玩家在活动记录中看到“已通过”，并收到站内信。`
        : `${subject(kind, row)}：通过后玩家成为代理，“我的”页面出现代理登录入口，并收到站内信。`,
    fields: kind === 'activities' ? bonusFields : undefined,
    initialValues: kind === 'activities' ? { bonus: 0, turnover_multiple: 1 } : undefined,
    run: ({ reason, bonus, turnover_multiple }) =>
      decideApplication(kind, id, {
        decision: 'approve',
        note: reason,
        ...(kind === 'activities' ? { bonus: bonus ?? 0, turnover_multiple: turnover_multiple ?? 0 } : {}),
      }),
  };
  const reject: ReasonAction<BonusValues> = {
    label: `拒绝${name}`,
    description: `${subject(kind, row)}：拒绝后玩家收到站内信，原因即备注。`,
    danger: true,
    run: ({ reason }) => decideApplication(kind, id, { decision: 'reject', note: reason }),
  };
  // A click on a button is not a click on its row (which opens the application's drawer).
  const clicked = (action: ReasonAction<BonusValues>) => (event: MouseEvent) => {
    event.stopPropagation();
    ask(action);
  };
  return (
    <Space size={4}>
      <Button size="small" type="primary" onClick={clicked(approve)}>
        通过
      </Button>
      <Button size="small" danger onClick={clicked(reject)}>
        拒绝
      </Button>
    </Space>
  );
}
