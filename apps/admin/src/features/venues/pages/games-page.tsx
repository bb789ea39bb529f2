import type { Row } from '@app/contract/admin/players';
import { GAME_CATEGORY_OPTIONS, GAME_COLUMNS, gameQuerySchema } from '@app/contract/admin/venues';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Select, Switch } from 'antd';
import { type MouseEvent, useState } from 'react';
import { useCan } from '@/shared/session/session';
import { DataTable } from '@/shared/ui/data-table';
import { FilterForm } from '@/shared/ui/filter-form';
import { useListQuery } from '@/shared/ui/list-query';
import { type ReasonAction, ReasonActionModal } from '@/shared/ui/reason-action';
import { RowDrawer } from '@/shared/ui/row-drawer';
import { SortField } from '@/shared/ui/sort-field';
import { changeGame, fetchGames, type GameFilters, venuesQuery } from '../api';

const SHOWN_OPTIONS = [
  { value: '1', label: '显示中' },
  { value: '0', label: '已隐藏' },
];

interface GameForm {
  app_state: boolean;
  is_hot: boolean;
  is_new: boolean;
  sort: number;
  category: string;
}

const flagOf = (on: boolean | undefined) => (on === undefined ? undefined : on ? 1 : 0);
const GAME_FIELD_LABELS = {
  app_state: '在玩家端显示',
  is_hot: '热门',
  is_new: '新游戏',
  sort: '排序',
  category: '分类',
};

/** The fields of a game's settings, in the edit dialog. */
const gameFields = (
  <>
    <Form.Item name="app_state" label="在玩家端显示" valuePropName="checked">
      <Switch checkedChildren="显示" unCheckedChildren="隐藏" />
    </Form.Item>
    <Form.Item name="is_hot" label="热门" valuePropName="checked">
      <Switch />
    </Form.Item>
    <Form.Item name="is_new" label="新游戏" valuePropName="checked">
      <Switch />
    </Form.Item>
    <SortField />
    <Form.Item name="category" label="分类" rules={[{ required: true, message: '请选择分类' }]}>
      <Select options={GAME_CATEGORY_OPTIONS} style={{ width: 200 }} />
    </Form.Item>
  </>
);

/**
 * The game catalogue: filters by venue, category, name and state; each game's settings (shown,
 * hot, new, order, category) edited with a reason and a confirmation. The player app's game list
 * and its ETag follow on every server process.
 */
export function GamesPage() {
  const can = useCan();
  const venues = useQuery(venuesQuery).data ?? [];
  const [{ venue, category, q, app_state }, setFilters] = useListQuery(gameQuerySchema);
  const filters: GameFilters = { venue, category, q, app_state };
  const values = {
    venue: venue || undefined,
    category: category || undefined,
    q,
    app_state: app_state || undefined,
  };
  const [open, setOpen] = useState<Row>();
  const [action, setAction] = useState<ReasonAction<GameForm>>();

  const edit = (row: Row) => (event: MouseEvent) => {
    event.stopPropagation();
    setAction({
      label: '修改游戏设置',
      description: `${row.venue_name} · ${row.name}（${row.game_code}）：保存后玩家端游戏列表立即更新。`,
      fields: gameFields,
      labels: GAME_FIELD_LABELS,
      row: {
        app_state: row.app_state === 1,
        is_hot: row.is_hot === 1,
        is_new: row.is_new === 1,
        sort: Number(row.sort),
        category: String(row.category),
      },
      run: ({ reason }, changed = {}) =>
        changeGame(
          Number(row.id),
          {
            app_state: flagOf(changed.app_state),
            is_hot: flagOf(changed.is_hot),
            is_new: flagOf(changed.is_new),
            sort: changed.sort,
            category: changed.category,
          },
          reason,
        ),
    });
  };

  return (
    <Card title="游戏管理">
      <FilterForm
        label="游戏筛选条件"
        values={values}
        onSearch={(v: Partial<GameFilters>) => setFilters({ ...v, q: v.q?.trim() })}
        onReset={() => setFilters({})}
      >
        <Form.Item name="venue" label="场馆">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 150 }}
            options={venues.map((v) => ({ value: v.code, label: v.name }))}
          />
        </Form.Item>
        <Form.Item name="category" label="分类">
          <Select allowClear placeholder="全部" style={{ width: 130 }} options={GAME_CATEGORY_OPTIONS} />
        </Form.Item>
        <Form.Item name="app_state" label="显示">
          <Select allowClear placeholder="全部" style={{ width: 110 }} options={SHOWN_OPTIONS} />
        </Form.Item>
        <Form.Item name="q" label="游戏">
          <Input placeholder="名称或代码" allowClear style={{ width: 160 }} maxLength={32} />
        </Form.Item>
      </FilterForm>
      <DataTable
        label="游戏管理"
        queryKey={['games', filters]}
        exportName="游戏管理"
        columns={GAME_COLUMNS}
        fetchPage={(paging) => fetchGames(filters, paging)}
        rowKey={(row) => String(row.id)}
        onRowClick={setOpen}
        extraColumns={
          can('games.manage')
            ? [
                {
                  key: 'actions',
                  title: '操作',
                  fixed: 'right',
                  render: (_: unknown, row) => (
                    <Button size="small" type="primary" ghost onClick={edit(row)}>
                      设置
                    </Button>
                  ),
                },
              ]
            : []
        }
      />
      <RowDrawer
        title={`游戏 ${open?.name ?? ''}`}
        columns={GAME_COLUMNS}
        row={open}
        onClose={() => setOpen(undefined)}
      />
      <ReasonActionModal action={action} onClose={() => setAction(undefined)} />
    </Card>
  );
}
