import {
  APPLICATION_COLUMNS,
  APPLICATION_KINDS,
  type ApplicationKind,
  applicationQuerySchema,
} from '@app/contract/admin/applications';
import type { Row } from '@app/contract/admin/players';
import { Card, DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { DataTable } from '@/shared/ui/data-table';
import { FilterForm } from '@/shared/ui/filter-form';
import { useListQuery } from '@/shared/ui/list-query';
import { type ReasonAction, ReasonActionModal } from '@/shared/ui/reason-action';
import { RowDrawer } from '@/shared/ui/row-drawer';
import { type ApplicationFilters, fetchApplications } from '../api';
import { ApplicationActions, type BonusValues } from '../components/application-actions';

const STATE_OPTIONS = [
  { value: 1, label: '待审核' },
  { value: 2, label: '已通过' },
  { value: 3, label: '已拒绝' },
  { value: 0, label: '全部状态' },
];

interface FormValues {
  state: number;
  player?: string;
  days?: [Dayjs, Dayjs] | null;
}

const filtersOf = (v: FormValues): ApplicationFilters => ({
  state: v.state,
  player: v.player?.trim() ?? '',
  from: v.days?.[0].format('YYYY-MM-DD'),
  to: v.days?.[1].format('YYYY-MM-DD'),
});

/**
 * An application queue (activities or agents): filters, the paged list, the application's drawer,
 * and its decisions (with a note, an activity's optional bonus, and a confirmation).
 */
export function ApplicationsPage({ kind }: { kind: ApplicationKind }) {
  const [{ state, player, from, to }, setFilters] = useListQuery(applicationQuerySchema);
  const filters: ApplicationFilters = { state, player, from, to };
  const values: FormValues = { state, player, days: from && to ? [dayjs(from), dayjs(to)] : null };
  const [open, setOpen] = useState<Row>();
  const [action, setAction] = useState<ReasonAction<BonusValues>>();
  const columns = APPLICATION_COLUMNS[kind];
  const name = APPLICATION_KINDS[kind];
  return (
    <Card title={name}>
      <FilterForm
        label={`${name}筛选条件`}
        values={values}
        onSearch={(v: FormValues) => setFilters(filtersOf(v))}
        onReset={() => setFilters({})}
      >
        <Form.Item name="state" label="状态">
          <Select options={STATE_OPTIONS} style={{ width: 110 }} />
        </Form.Item>
        <Form.Item name="player" label="玩家">
          <Input placeholder="用户名" allowClear style={{ width: 160 }} maxLength={32} />
        </Form.Item>
        <Form.Item name="days" label="申请日期">
          <DatePicker.RangePicker style={{ width: 240 }} />
        </Form.Item>
      </FilterForm>
      <DataTable
        label={name}
        queryKey={['applications', kind, filters]}
        exportName={name}
        columns={columns}
        defaultSort="created_at"
        fetchPage={(paging) => fetchApplications(kind, filters, paging)}
        rowKey={(row) => String(row.id)}
        onRowClick={setOpen}
        extraColumns={[
          {
            key: 'actions',
            title: '操作',
            fixed: 'right',
            render: (_: unknown, row) => <ApplicationActions kind={kind} row={row} ask={setAction} />,
          },
        ]}
      />
      <RowDrawer
        title={`${name} #${open?.id ?? ''}`}
        columns={columns}
        row={open}
        onClose={() => setOpen(undefined)}
      >
        {open && (
          <div style={{ marginTop: 16 }}>
            <ApplicationActions
              kind={kind}
              row={open}
              ask={(a) => {
                setOpen(undefined);
                setAction(a);
              }}
            />
          </div>
        )}
      </RowDrawer>
      <ReasonActionModal action={action} onClose={() => setAction(undefined)} />
    </Card>
  );
}

export const ActivityApplicationsPage = () => <ApplicationsPage kind="activities" />;
export const AgentApplicationsPage = () => <ApplicationsPage kind="agents" />;
