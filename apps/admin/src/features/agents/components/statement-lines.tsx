import { useQuery } from '@tanstack/react-query';
import { Alert, Typography } from 'antd';
import { Money } from '@/shared/ui/format';
import { LabelledTable } from '@/shared/ui/labelled-table';
import { fetchStatement } from '../api';

const money = (value: number) => <Money value={value} />;

/** A statement's lines (one per direct player) and its sub-agent overrides, under its drawer. */
export function StatementLines({ id }: { id: number }) {
  const query = useQuery({ queryKey: ['agent-statements', 'one', id], queryFn: () => fetchStatement(id) });
  if (query.isError) return <Alert type="error" title="账单明细加载失败" />;
  const s = query.data;
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        会员明细{s ? `（${s.plan} 第${s.plan_version}版）` : ''}
      </Typography.Title>
      <LabelledTable
        label="会员明细"
        size="small"
        loading={query.isPending}
        rowKey="user_id"
        pagination={false}
        scroll={{ x: 900 }}
        dataSource={s?.lines ?? []}
        columns={[
          { key: 'username', dataIndex: 'username', title: '会员' },
          { key: 'deposits', dataIndex: 'deposits', title: '充值', render: money },
          { key: 'withdrawals', dataIndex: 'withdrawals', title: '取款', render: money },
          { key: 'stakes', dataIndex: 'stakes', title: '投注', render: money },
          { key: 'valid_stakes', dataIndex: 'valid_stakes', title: '有效投注', render: money },
          { key: 'payouts', dataIndex: 'payouts', title: '派彩', render: money },
          { key: 'bonuses', dataIndex: 'bonuses', title: '优惠', render: money },
          { key: 'fee', dataIndex: 'fee', title: '平台费', render: money },
          { key: 'net', dataIndex: 'net', title: '净输赢', render: money },
          {
            key: 'active',
            dataIndex: 'active',
            title: '有效会员',
            render: (v: boolean) => (v ? '是' : '否'),
          },
        ]}
      />
      {s && s.override_lines.length > 0 && (
        <>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            下级代理分成
          </Typography.Title>
          <LabelledTable
            label="下级代理分成"
            size="small"
            rowKey="agent_id"
            pagination={false}
            dataSource={s.override_lines}
            columns={[
              { key: 'username', dataIndex: 'username', title: '下级代理' },
              { key: 'level', dataIndex: 'level', title: '层级' },
              { key: 'commission', dataIndex: 'commission', title: '其佣金', render: money },
              { key: 'share_percent', dataIndex: 'share_percent', title: '分成(%)' },
              { key: 'amount', dataIndex: 'amount', title: '分成金额', render: money },
            ]}
          />
        </>
      )}
    </>
  );
}
