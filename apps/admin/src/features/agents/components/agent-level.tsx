import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Space } from 'antd';
import { useState } from 'react';
import { useCan } from '@/shared/session/session';
import { Time } from '@/shared/ui/format';
import { LabelledTable } from '@/shared/ui/labelled-table';
import { type AgentRow, fetchAgents } from '../api';

export interface AgentLevelProps {
  /** The agent whose sub-agents these are (0: agents under no agent). */
  parent: number;
  /** Agents named so instead of a level (the filter). */
  player?: string;
  onSetPlan: (agent: AgentRow) => void;
  onMove: (agent: AgentRow) => void;
}

const PAGE_SIZE = 20;

/**
 * One level of the agents' tree, paged: an agent with sub-agents expands into the level below it,
 * read when it is opened.
 */
export function AgentLevel(props: AgentLevelProps) {
  const { parent, player = '', onSetPlan, onMove } = props;
  const can = useCan();
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: ['agents', parent, player, page],
    queryFn: () => fetchAgents({ parent, player }, { page, page_size: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const acts = can('agents.plans') || can('agents.move');
  return (
    <>
      {query.isError && <Alert type="error" showIcon title={query.error.message} />}
      <LabelledTable<AgentRow>
        label={parent === 0 ? '代理列表' : '下级代理'}
        size={parent === 0 ? 'middle' : 'small'}
        rowKey="id"
        loading={query.isFetching}
        dataSource={query.data?.data ?? []}
        expandable={{
          rowExpandable: (agent) => agent.sub_agents > 0,
          expandedRowRender: (agent) => <AgentLevel {...props} parent={agent.id} player="" />,
        }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: query.data?.total ?? 0,
          hideOnSinglePage: parent !== 0,
          showTotal: (total) => `共 ${total} 个代理`,
          onChange: setPage,
        }}
        columns={[
          { key: 'id', dataIndex: 'id', title: '编号', width: 90 },
          { key: 'username', dataIndex: 'username', title: '代理' },
          {
            key: 'depth',
            dataIndex: 'depth',
            title: '层级',
            width: 90,
            render: (depth: number) => `${depth + 1}级`,
          },
          { key: 'members', dataIndex: 'members', title: '直属会员', width: 100 },
          { key: 'sub_agents', dataIndex: 'sub_agents', title: '下级代理', width: 100 },
          { key: 'plan', dataIndex: 'plan', title: '佣金方案' },
          {
            key: 'registered_at',
            dataIndex: 'registered_at',
            title: '注册时间',
            width: 180,
            render: (v: string) => <Time value={v} />,
          },
          ...(acts
            ? [
                {
                  key: 'actions',
                  title: '操作',
                  width: 190,
                  render: (_: unknown, agent: AgentRow) => (
                    <Space size={4}>
                      {can('agents.plans') && (
                        <Button size="small" onClick={() => onSetPlan(agent)}>
                          设置方案
                        </Button>
                      )}
                      {can('agents.move') && (
                        <Button size="small" onClick={() => onMove(agent)}>
                          移动
                        </Button>
                      )}
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
    </>
  );
}
