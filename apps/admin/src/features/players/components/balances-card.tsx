import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Statistic, Typography } from 'antd';
import { Money, usd } from '@/shared/ui/format';
import { LabelledTable } from '@/shared/ui/labelled-table';
import { playerBalancesQuery } from '../api/players';

/** The central wallet and every venue's balance, asked of the venues when the card opens and on 刷新. */
export function BalancesCard({ playerId }: { playerId: number }) {
  const query = useQuery(playerBalancesQuery(playerId));
  const venues = query.data?.venues ?? [];
  const venueTotal = venues.reduce((sum, v) => sum + (v.balance ?? 0), 0);
  return (
    <Card
      title="余额（实时）"
      extra={
        <Button
          size="small"
          icon={<ReloadOutlined />}
          loading={query.isFetching}
          onClick={() => void query.refetch()}
        >
          刷新
        </Button>
      }
    >
      <Flex gap={32} style={{ marginBottom: 12 }}>
        <Statistic title="中心钱包" value={query.data ? usd(query.data.central) : '—'} />
        <Statistic title="场馆合计" value={query.data ? usd(venueTotal) : '—'} />
      </Flex>
      <LabelledTable
        label="场馆余额"
        size="small"
        rowKey="code"
        loading={query.isFetching}
        pagination={false}
        scroll={{ y: 240 }}
        dataSource={venues}
        columns={[
          { title: '场馆', dataIndex: 'name' },
          {
            title: '余额',
            dataIndex: 'balance',
            align: 'right',
            render: (balance: number | null, v) =>
              balance === null ? (
                <Typography.Text type="danger">{v.error}</Typography.Text>
              ) : (
                <Money value={balance} />
              ),
          },
        ]}
      />
    </Card>
  );
}
