import { REVIEW_QUEUES, type ReviewQueue } from '@app/contract/admin/money';
import type { Row } from '@app/contract/admin/players';
import type { Permission } from '@app/contract/admin/roles';
import { Button, Space, Typography } from 'antd';
import { type MouseEvent, useState } from 'react';
import { useCan, useSession } from '@/shared/session/session';
import { notify } from '@/shared/ui/feedback';
import { usd } from '@/shared/ui/format';
import type { ReasonAction } from '@/shared/ui/reason-action';
import { claimOrder, decideOrder, releaseOrder } from '../api';

const REVIEW: Record<ReviewQueue, Permission> = {
  deposits: 'deposits.review',
  withdrawals: 'withdrawals.review',
};
const PENDING = 1;

/**
 * An order's review actions as its state allows: 领取 while nobody holds it, then 通过 and 拒绝
 * (each with a note and a confirmation) and 释放 for its holder.
 */
export function OrderActions(props: { queue: ReviewQueue; row: Row; ask: (action: ReasonAction) => void }) {
  const { queue, row, ask } = props;
  const can = useCan();
  const me = useSession().data?.operator.username;
  const [busy, setBusy] = useState(false);
  if (!can(REVIEW[queue]) || row.state !== PENDING || row.reviewable !== 1) return null;
  const orderNo = String(row.order_no);
  // A four-eyes order's first approver waits for someone else's approval.
  if (row.first_approved_by === me) return <Typography.Text type="secondary">待他人复核</Typography.Text>;
  const mine = row.claimed_by === me;
  const heldByOther = row.claimed_by !== '' && !mine;

  // A click on a button is not a click on its row (which opens the order's drawer).
  const clicked = (then: () => void) => (event: MouseEvent) => {
    event.stopPropagation();
    then();
  };
  const run = async (action: () => Promise<string>) => {
    setBusy(true);
    try {
      notify.success(await action());
    } catch (error) {
      notify.error((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const decision = (kind: 'approve' | 'reject'): ReasonAction => ({
    label: kind === 'approve' ? '审核通过' : '审核拒绝',
    description:
      kind === 'approve'
        ? `${REVIEW_QUEUES[queue]}：通过订单 ${orderNo}（${row.username}，${usd(Number(row.amount))}）。${
            queue === 'deposits' ? '金额将计入玩家中心钱包。' : '款项将付出。'
          }`
        : `${REVIEW_QUEUES[queue]}：拒绝订单 ${orderNo}（${row.username}，${usd(Number(row.amount))}）。${
            queue === 'withdrawals' ? '金额将退回玩家中心钱包。' : ''
          }`,
    danger: kind === 'reject',
    run: ({ reason }) => decideOrder(queue, orderNo, kind, reason),
  });

  return (
    <Space size={4}>
      {!mine && (
        <Button
          size="small"
          type="primary"
          ghost
          disabled={heldByOther}
          loading={busy}
          onClick={clicked(() => run(() => claimOrder(queue, orderNo)))}
        >
          {heldByOther ? `${row.claimed_by} 处理中` : '领取'}
        </Button>
      )}
      {mine && (
        <>
          <Button size="small" type="primary" onClick={clicked(() => ask(decision('approve')))}>
            通过
          </Button>
          <Button size="small" danger onClick={clicked(() => ask(decision('reject')))}>
            拒绝
          </Button>
          <Button
            size="small"
            type="text"
            loading={busy}
            onClick={clicked(() => run(() => releaseOrder(queue, orderNo)))}
          >
            释放
          </Button>
        </>
      )}
    </Space>
  );
}
