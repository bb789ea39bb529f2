import {
  LIMIT_KIND_LABEL,
  type Limit,
  PERIOD_LABEL,
  RESTRICTION_LABEL,
  type RestrictionRecord,
  type RestrictionTerm,
  TERM_LABEL,
} from '@app/contract/protection';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Empty, Flex, Tag, Typography } from 'antd';
import { Money } from '@/shared/ui/format';
import { LabelledTable } from '@/shared/ui/labelled-table';
import { playerProtectionQuery } from '../api/players';

const PHASE_LABEL = { active: '期限内', ended: '已期满，待玩家申请恢复', returning: '已申请恢复' } as const;

/**
 * The player's responsible-gambling settings as they bind now and every time-out and exclusion ever
 * taken. Read-only: only the player sets these, and nobody shortens or lifts a restriction.
 */
export function ProtectionCard({ playerId }: { playerId: number }) {
  const query = useQuery(playerProtectionQuery(playerId));
  const data = query.data;
  const set = (data?.limits ?? []).filter((l) => l.amount !== null || l.pending !== null);
  const current = data?.restriction;
  return (
    <Card title="负责任博彩与账户安全（只读）" loading={query.isPending} data-testid="player-protection">
      {data && (
        <Flex vertical gap={16}>
          <Descriptions size="small" column={3} bordered>
            <Descriptions.Item label="当前限制">
              {current ? (
                <Flex gap={6} wrap>
                  <Tag color="red">{RESTRICTION_LABEL[current.kind]}</Tag>
                  <span>
                    {PHASE_LABEL[current.phase]}，至{current.ends_at}
                    {current.opens_at ? `，${current.opens_at}恢复` : ''}
                  </span>
                </Flex>
              ) : (
                '无'
              )}
            </Descriptions.Item>
            <Descriptions.Item label="游戏时长提醒">
              {data.reality_check > 0 ? `每${data.reality_check}分钟` : '关闭'}
            </Descriptions.Item>
            <Descriptions.Item label="谷歌验证器">
              {data.two_factor ? <Tag color="green">已开启</Tag> : <Tag>未开启</Tag>}
            </Descriptions.Item>
          </Descriptions>
          <LabelledTable<Limit>
            label="玩家限额"
            size="small"
            rowKey={(l) => `${l.kind}-${l.period}`}
            pagination={false}
            dataSource={set}
            locale={{ emptyText: <Empty description="未设置限额" image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
            columns={[
              { title: '限额', render: (_, l) => `${PERIOD_LABEL[l.period]}${LIMIT_KIND_LABEL[l.kind]}` },
              {
                title: '金额',
                align: 'right',
                render: (_, l) => (l.amount === null ? '不限' : <Money value={l.amount} />),
              },
              { title: '已用', align: 'right', render: (_, l) => <Money value={l.used} /> },
              {
                title: '待生效调整',
                render: (_, l) =>
                  l.pending ? (
                    <Typography.Text type="warning">
                      {l.pending.amount === null ? '取消限额' : `调整为 ${l.pending.amount.toFixed(2)}`}（
                      {l.pending.confirm_from}后经玩家确认）
                    </Typography.Text>
                  ) : (
                    '—'
                  ),
              },
            ]}
          />
          <LabelledTable<RestrictionRecord>
            label="冷静期与自我禁止记录"
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={data.restrictions}
            locale={{
              emptyText: (
                <Empty description="从未设置冷静期或自我禁止" image={Empty.PRESENTED_IMAGE_SIMPLE} />
              ),
            }}
            columns={[
              {
                title: '类型',
                render: (_, r) => (
                  <Tag color={r.kind === 'exclusion' ? 'red' : 'orange'}>{RESTRICTION_LABEL[r.kind]}</Tag>
                ),
              },
              { title: '期限', render: (_, r) => TERM_LABEL[r.term as RestrictionTerm] ?? r.term },
              { title: '开始', dataIndex: 'starts_at' },
              { title: '结束', dataIndex: 'ends_at' },
              { title: '申请恢复', render: (_, r) => r.return_requested_at ?? '—' },
            ]}
          />
        </Flex>
      )}
    </Card>
  );
}
