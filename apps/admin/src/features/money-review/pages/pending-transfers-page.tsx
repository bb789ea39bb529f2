import { PENDING_TRANSFER_COLUMNS } from '@app/contract/admin/money';
import type { Row } from '@app/contract/admin/players';
import { Alert, Button, Card } from 'antd';
import { useState } from 'react';
import { useCan } from '@/shared/session/session';
import { DataTable } from '@/shared/ui/data-table';
import { confirmDialog, notify } from '@/shared/ui/feedback';
import { usd } from '@/shared/ui/format';
import { fetchPendingTransfers, settleTransfer } from '../api';

/** Asks the venue about one transfer, after a confirmation, and says what it answered. */
function SettleButton({ row }: { row: Row }) {
  const [busy, setBusy] = useState(false);
  const orderNo = String(row.order_no);
  const ask = () =>
    confirmDialog({
      title: '立即向场馆查询并结算？',
      content: `转账 ${orderNo}（${row.username}，${row.venue}，${row.direction} ${usd(Number(row.amount))}）：场馆已收到则按成功结算，未收到则作废并退回。`,
      okText: '查询并结算',
      cancelText: '取消',
      onOk: async () => {
        setBusy(true);
        try {
          notify.success(await settleTransfer(orderNo));
        } catch (error) {
          notify.error((error as Error).message);
        } finally {
          setBusy(false);
        }
      },
    });
  return (
    <Button size="small" type="primary" ghost loading={busy} onClick={ask}>
      查询场馆并结算
    </Button>
  );
}

/** Venue transfers whose answer has not come: how long each has waited, and "ask the venue now". */
export function PendingTransfersPage() {
  const can = useCan();
  return (
    <Card title="待结算转账">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="场馆未应答的转账，资金暂存于在途账户。对账任务每30秒自动处理超过32秒的转账；也可在此立即查询场馆并结算。"
      />
      <DataTable
        label="待结算转账"
        queryKey={['transfers', 'pending']}
        exportName="待结算转账"
        columns={PENDING_TRANSFER_COLUMNS}
        defaultSort="created_at"
        fetchPage={fetchPendingTransfers}
        rowKey={(row) => String(row.order_no)}
        extraColumns={
          can('transfers.settle')
            ? [
                {
                  key: 'settle',
                  title: '操作',
                  fixed: 'right',
                  render: (_: unknown, row) => <SettleButton row={row} />,
                },
              ]
            : []
        }
      />
    </Card>
  );
}
