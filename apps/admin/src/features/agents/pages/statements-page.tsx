import { STATEMENT_COLUMNS, STATEMENTS_WAITING, statementQuerySchema } from '@app/contract/admin/agents';
import type { Row } from '@app/contract/admin/players';
import { STATEMENT_STATE_LABEL } from '@app/contract/agents';
import { Card, DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useCan } from '@/shared/session/session';
import { DataTable } from '@/shared/ui/data-table';
import { FilterForm } from '@/shared/ui/filter-form';
import { useListQuery } from '@/shared/ui/list-query';
import { type ReasonAction, ReasonActionModal } from '@/shared/ui/reason-action';
import { RowDrawer } from '@/shared/ui/row-drawer';
import { exportStatements, fetchStatements, type StatementFilters } from '../api';
import { CloseState } from '../components/close-state';
import { type AdjustValues, StatementActions } from '../components/statement-actions';
import { StatementLines } from '../components/statement-lines';

const STATE_OPTIONS = [
  { value: STATEMENTS_WAITING, label: '待处理' },
  ...Object.entries(STATEMENT_STATE_LABEL).map(([value, label]) => ({ value: Number(value), label })),
  { value: -1, label: '全部状态' },
];

/**
 * What the queue shows so that it fits 1440 px with its actions, 状态 included: the figures a
 * decision needs; every column is in the statement's drawer and the CSV. The agent takes what is left.
 */
const TABLE_KEYS = [
  'id',
  'month',
  'agent',
  'net_loss',
  'active_members',
  'share_percent',
  'total',
  'paid',
  'state',
];
const FIT_WIDTHS = {
  id: 70,
  month: 90,
  net_loss: 110,
  active_members: 85,
  share_percent: 105,
  total: 110,
  paid: 110,
  state: 80,
};
/** Room for 通过, 调整 and 扣留. */
const ACTIONS_WIDTH = 170;

interface FormValues {
  state: number;
  agent?: string;
  month?: Dayjs | null;
}

const filtersOf = (v: FormValues): StatementFilters => ({
  state: v.state,
  agent: v.agent?.trim() ?? '',
  month: v.month ? v.month.format('YYYY-MM') : undefined,
});

/**
 * 佣金账单 (代理管理): the monthly statements with their filters (state, month, agent) in the URL,
 * the CSV of the whole filter, a statement's drawer with its lines, and 财务's decisions.
 */
export function StatementsPage() {
  const can = useCan();
  const [{ state, month, agent }, setFilters] = useListQuery(statementQuerySchema);
  const filters: StatementFilters = { state, month, agent };
  const values: FormValues = { state, agent, month: month ? dayjs(`${month}-01`) : null };
  const [open, setOpen] = useState<Row>();
  const [action, setAction] = useState<ReasonAction<AdjustValues>>();
  return (
    <Card title="佣金账单">
      <CloseState />
      <FilterForm
        label="佣金账单筛选条件"
        values={values}
        onSearch={(v: FormValues) => setFilters(filtersOf(v))}
        onReset={() => setFilters({})}
      >
        <Form.Item name="state" label="状态">
          <Select options={STATE_OPTIONS} style={{ width: 110 }} />
        </Form.Item>
        <Form.Item name="month" label="月份">
          <DatePicker picker="month" style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="agent" label="代理">
          <Input placeholder="代理用户名" allowClear style={{ width: 160 }} maxLength={32} />
        </Form.Item>
      </FilterForm>
      <DataTable
        label="佣金账单"
        queryKey={['agent-statements', filters]}
        columns={STATEMENT_COLUMNS}
        shown={TABLE_KEYS}
        fitWidths={FIT_WIDTHS}
        defaultSort="id"
        fetchPage={(paging) => fetchStatements(filters, paging)}
        exportAll={(paging) => exportStatements(filters, paging)}
        rowKey={(row) => String(row.id)}
        onRowClick={setOpen}
        extraColumns={
          can('agents.decide')
            ? [
                {
                  key: 'actions',
                  title: '操作',
                  fixed: 'right',
                  width: ACTIONS_WIDTH,
                  render: (_: unknown, row) => <StatementActions row={row} ask={setAction} />,
                },
              ]
            : []
        }
      />
      <RowDrawer
        title={`佣金账单 #${open?.id ?? ''}`}
        columns={STATEMENT_COLUMNS}
        row={open}
        onClose={() => setOpen(undefined)}
        lead={
          open && (
            <div style={{ marginBottom: 16 }}>
              <StatementActions
                row={open}
                ask={(a) => {
                  setOpen(undefined);
                  setAction(a);
                }}
              />
            </div>
          )
        }
      >
        {open && <StatementLines id={Number(open.id)} />}
      </RowDrawer>
      <ReasonActionModal action={action} onClose={() => setAction(undefined)} />
    </Card>
  );
}
