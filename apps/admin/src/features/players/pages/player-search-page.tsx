import {
  PLAYER_COLUMNS,
  PLAYER_SEARCH_FIELDS,
  type PlayerSearchField,
  playerSearchQuerySchema,
} from '@app/contract/admin/players';
import { Card, Form, Input, Select } from 'antd';
import { Link, useNavigate } from 'react-router';
import { playerPath } from '@/shared/routes/table';
import { DataTable } from '@/shared/ui/data-table';
import { FilterForm } from '@/shared/ui/filter-form';
import { useListQuery } from '@/shared/ui/list-query';
import { exportPlayers, type SearchFilters, searchPlayers } from '../api/players';

const FIELD_OPTIONS = (Object.keys(PLAYER_SEARCH_FIELDS) as PlayerSearchField[]).map((value) => ({
  value,
  label: PLAYER_SEARCH_FIELDS[value],
}));
const STATUS_OPTIONS = [
  { value: 'all', label: '全部状态' },
  { value: 'active', label: '正常' },
  { value: 'frozen', label: '已冻结' },
];

/** Players by username, real name, mobile, card number or address, registration or login address. */
export function PlayerSearchPage() {
  const [query, setFilters] = useListQuery(playerSearchQuerySchema);
  const filters: SearchFilters = { field: query.field, q: query.q, status: query.status };
  const navigate = useNavigate();
  return (
    <Card title="玩家查询">
      <FilterForm
        label="玩家查询条件"
        values={filters}
        onSearch={(values: SearchFilters) => setFilters({ ...values, q: values.q?.trim() ?? '' })}
        onReset={() => setFilters({})}
      >
        <Form.Item name="field" label="查询字段">
          <Select options={FIELD_OPTIONS} style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="q">
          <Input
            placeholder="输入关键词，留空列出全部"
            aria-label="关键词"
            allowClear
            style={{ width: 260 }}
            maxLength={64}
          />
        </Form.Item>
        <Form.Item name="status">
          <Select options={STATUS_OPTIONS} aria-label="账号状态" style={{ width: 120 }} />
        </Form.Item>
      </FilterForm>
      <DataTable
        label="玩家列表"
        queryKey={['players', filters]}
        columns={PLAYER_COLUMNS}
        defaultSort="id"
        fetchPage={(paging) => searchPlayers(filters, paging)}
        exportAll={(paging) => exportPlayers(filters, paging)}
        rowKey={(row) => String(row.id)}
        onRowClick={(row) => navigate(playerPath(String(row.id)))}
        extraColumns={[
          {
            key: 'open',
            title: '操作',
            fixed: 'right',
            render: (_: unknown, row) => (
              <Link to={playerPath(String(row.id))} onClick={(e) => e.stopPropagation()}>
                查看
              </Link>
            ),
          },
        ]}
      />
    </Card>
  );
}
