import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Empty, List, Skeleton, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { playerPath } from '@/shared/routes/table';
import { Money, usd } from '@/shared/ui/format';
import { withdrawalRiskQuery } from '../api';

/** Account age below which a withdrawal is worth a second look. */
const NEW_ACCOUNT_DAYS = 7;

/** A withdrawal's risk context: what the reviewer reads before paying it out. */
export function RiskPanel({ orderNo }: { orderNo: string }) {
  const { data, error } = useQuery(withdrawalRiskQuery(orderNo));
  if (error) return <Alert type="error" showIcon title={error.message} />;
  if (!data) return <Skeleton active />;
  const month = data.last_30_days;
  return (
    <Card size="small" title="风控信息" style={{ marginBottom: 16 }}>
      {data.four_eyes.required && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={`金额超过 ${usd(data.four_eyes.threshold)}，需两名不同操作员先后审核通过`}
          description={
            data.four_eyes.first_approved_by ? `已初审：${data.four_eyes.first_approved_by}` : '尚无初审'
          }
        />
      )}
      <Descriptions
        column={2}
        size="small"
        bordered
        items={[
          {
            key: 'player',
            label: '玩家',
            children: <Link to={playerPath(data.player_id)}>{data.username}</Link>,
          },
          {
            key: 'turnover',
            label: '剩余打码量',
            children: (
              <Typography.Text type={data.turnover_required > 0 ? 'danger' : undefined}>
                <Money value={data.turnover_required} />
              </Typography.Text>
            ),
          },
          {
            key: 'age',
            label: '账户年龄',
            children: (
              <>
                {data.account_age_days} 天{' '}
                {data.account_age_days < NEW_ACCOUNT_DAYS && <Tag color="orange">新账户</Tag>}
              </>
            ),
          },
          { key: 'registered', label: '注册时间', children: data.registered_at },
          {
            key: 'deposits',
            label: '近30天存款',
            children: (
              <>
                <Money value={month.deposits} />（{month.deposit_count} 笔）
              </>
            ),
          },
          {
            key: 'withdrawals',
            label: '近30天取款',
            children: (
              <>
                <Money value={month.withdrawals} />（{month.withdrawal_count} 笔）
              </>
            ),
          },
          {
            key: 'games',
            label: '近30天游戏输赢',
            span: 2,
            children: (
              <>
                <Money value={month.game_result} />（{month.bet_count} 注）
              </>
            ),
          },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        近30天账户变更
      </Typography.Title>
      {data.recent_changes.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="无密码或银行卡变更" />
      ) : (
        <List
          size="small"
          bordered
          dataSource={data.recent_changes}
          renderItem={(c) => (
            <List.Item>
              <Typography.Text type="secondary">{c.at}</Typography.Text> {c.what}
            </List.Item>
          )}
        />
      )}
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        关联玩家（同卡或同IP）
      </Typography.Title>
      {data.shared_with.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="未发现关联玩家" />
      ) : (
        <List
          size="small"
          bordered
          dataSource={data.shared_with}
          renderItem={(s) => (
            <List.Item>
              <Link to={playerPath(s.player_id)}>{s.username}</Link>
              <Tag color="red">{s.via}</Tag>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
