import type { VenueRow } from '@app/contract/admin/venues';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useCan } from '@/shared/session/session';
import { LabelledTable } from '@/shared/ui/labelled-table';
import { type ReasonAction, ReasonActionModal } from '@/shared/ui/reason-action';
import { setVenueStatus, venuesQuery } from '../api';

function stateTag(v: VenueRow) {
  if (!v.enabled) return <Tag>已关闭</Tag>;
  if (v.maintenance) return <Tag color="orange">维护中</Tag>;
  return <Tag color="green">开放</Tag>;
}

/**
 * The venues: each open, in maintenance (still listed to players, no transfer or game launch) or
 * closed (hidden from players). Each change asks for a reason and a confirmation.
 */
export function VenuesPage() {
  const can = useCan();
  const { data, isPending } = useQuery(venuesQuery);
  const [action, setAction] = useState<ReasonAction>();
  const change = (v: VenueRow, label: string, description: string, next: object, danger = false) =>
    setAction({ label, description, danger, run: ({ reason }) => setVenueStatus(v.code, next, reason) });

  const columns: TableColumnsType<VenueRow> = [
    { key: 'code', dataIndex: 'code', title: '代码' },
    { key: 'name', dataIndex: 'name', title: '场馆' },
    { key: 'category', dataIndex: 'category', title: '分类' },
    { key: 'sort', dataIndex: 'sort', title: '排序' },
    {
      key: 'games',
      title: '游戏（显示/全部）',
      render: (_: unknown, v) => `${v.shown_games} / ${v.games}`,
    },
    { key: 'state', title: '状态', render: (_: unknown, v) => stateTag(v) },
  ];
  if (can('venues.manage')) {
    columns.push({
      key: 'actions',
      title: '操作',
      render: (_: unknown, v) => (
        <Space size={4}>
          {v.enabled && !v.maintenance && (
            <Button
              size="small"
              onClick={() =>
                change(
                  v,
                  '开始维护',
                  `${v.name}进入维护：玩家仍能看到该场馆，但转账和进入游戏将被拒绝（“${v.name}维护中，暂停转账和进入游戏”）。`,
                  { maintenance: true },
                  true,
                )
              }
            >
              开始维护
            </Button>
          )}
          {v.maintenance && (
            <Button
              size="small"
              type="primary"
              onClick={() =>
                change(v, '结束维护', `${v.name}结束维护，恢复转账和进入游戏。`, { maintenance: false })
              }
            >
              结束维护
            </Button>
          )}
          {v.enabled ? (
            <Button
              size="small"
              danger
              onClick={() =>
                change(
                  v,
                  '关闭场馆',
                  `关闭${v.name}：玩家端不再显示该场馆及其游戏。`,
                  { enabled: false },
                  true,
                )
              }
            >
              关闭
            </Button>
          ) : (
            <Button
              size="small"
              type="primary"
              ghost
              onClick={() =>
                change(v, '开放场馆', `开放${v.name}：玩家端重新显示该场馆及其游戏。`, { enabled: true })
              }
            >
              开放
            </Button>
          )}
        </Space>
      ),
    });
  }

  return (
    <Card title="场馆管理">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="场馆状态的修改立即通知所有服务进程；维护中的场馆仍在玩家端显示，但转账与进入游戏会被拒绝。"
      />
      <LabelledTable<VenueRow>
        label="场馆管理"
        rowKey="code"
        size="middle"
        loading={isPending}
        columns={columns}
        dataSource={data ?? []}
        pagination={false}
      />
      <ReasonActionModal action={action} onClose={() => setAction(undefined)} />
    </Card>
  );
}
