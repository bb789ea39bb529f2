import {
  AUDIT_COLUMNS,
  type AuditRow,
  auditQuerySchema,
  TARGET_TYPES,
  targetTypeLabel,
  viaLabel,
} from '@app/contract/admin/audit';
import { auditChanges } from '@app/contract/admin/labels';
import type { ColumnSpec, Row } from '@app/contract/admin/players';
import { AUDIT_ACTIONS, auditActionLabel } from '@app/contract/admin/roles';
import { Card, DatePicker, Descriptions, Drawer, Flex, Form, Input, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useRef, useState } from 'react';
import { shownValue } from '@/shared/ui/changes';
import { DataTable } from '@/shared/ui/data-table';
import { FilterForm } from '@/shared/ui/filter-form';
import { LabelledTable } from '@/shared/ui/labelled-table';
import { useListQuery } from '@/shared/ui/list-query';
import { type AuditFilters, exportAudit, searchAudit } from '../api';

const ACTION_OPTIONS = AUDIT_ACTIONS.map((a) => ({ value: a, label: `${auditActionLabel(a)}（${a}）` }));
const TARGET_OPTIONS = Object.entries(TARGET_TYPES).map(([value, label]) => ({ value, label }));

/** The table's columns: the changes themselves are read in the row's drawer. */
const TABLE_COLUMNS: ColumnSpec[] = AUDIT_COLUMNS.filter(
  (c) => c.key !== 'before' && c.key !== 'after' && c.key !== 'target_label',
);

interface FormValues {
  operator?: string;
  action?: string;
  target_type?: string;
  target_id?: string;
  days?: [Dayjs, Dayjs] | null;
}

/** A row as the table shows it: labels for the target type and the way the operator acted. */
const tableRow = (r: AuditRow): Row => ({
  id: r.id,
  at: r.at,
  operator: r.operator,
  role: r.role,
  action_label: r.action_label,
  target_type: targetTypeLabel(r.target_type),
  target_id: r.target_label,
  reason: r.reason,
  ip: r.ip,
  via: viaLabel(r.via),
});

/** The fields an audit row changed, by their Chinese names, before and after side by side. */
function ChangesTable({ row }: { row: AuditRow }) {
  const changes = auditChanges(row.before, row.after, row.target_type);
  if (changes.length === 0) return <Typography.Text type="secondary">无字段变更</Typography.Text>;
  return (
    <LabelledTable
      label="字段变更"
      size="small"
      bordered
      pagination={false}
      rowKey="field"
      dataSource={changes}
      columns={[
        { key: 'field', dataIndex: 'field', title: '字段', width: '30%' },
        { key: 'before', title: '变更前', render: (_: unknown, c) => shownValue(c.before) },
        { key: 'after', title: '变更后', render: (_: unknown, c) => shownValue(c.after) },
      ]}
    />
  );
}

/** Every operator action and view of player data: searchable by operator, action, target and day; exportable. */
export function AuditLogPage() {
  const [query, setFilters] = useListQuery(auditQuerySchema);
  const { operator, action, target_type, target_id, from, to } = query;
  const filters: AuditFilters = { operator, action, target_type, target_id, from, to };
  const [open, setOpen] = useState<AuditRow>();
  const shown = useRef(new Map<number, AuditRow>());

  const apply = (v: FormValues) =>
    setFilters({
      operator: v.operator?.trim(),
      action: v.action,
      target_type: v.target_type,
      target_id: v.target_id?.trim(),
      from: v.days?.[0].format('YYYY-MM-DD'),
      to: v.days?.[1].format('YYYY-MM-DD'),
    });
  const values: FormValues = {
    operator,
    action: action || undefined,
    target_type: target_type || undefined,
    target_id,
    days: from && to ? [dayjs(from), dayjs(to)] : null,
  };

  return (
    <Card title="审计日志">
      <FilterForm label="审计日志筛选" values={values} onSearch={apply} onReset={() => setFilters({})}>
        <Form.Item name="operator" label="操作员">
          <Input placeholder="账号" allowClear style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="action" label="操作">
          <Select
            options={ACTION_OPTIONS}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="全部操作"
            style={{ width: 260 }}
          />
        </Form.Item>
        <Form.Item name="target_type" label="对象">
          <Select options={TARGET_OPTIONS} allowClear placeholder="全部类型" style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="target_id">
          <Input placeholder="对象编号" allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="days" label="日期">
          <DatePicker.RangePicker allowClear />
        </Form.Item>
      </FilterForm>
      <DataTable
        label="审计日志"
        queryKey={['audit', filters]}
        columns={TABLE_COLUMNS}
        defaultSort="id"
        fetchPage={async (paging) => {
          const page = await searchAudit(filters, paging);
          shown.current = new Map(page.data.map((r) => [r.id, r]));
          return { ...page, data: page.data.map(tableRow) };
        }}
        exportAll={(paging) => exportAudit(filters, paging)}
        rowKey={(row) => String(row.id)}
        onRowClick={(row) => setOpen(shown.current.get(Number(row.id)))}
      />
      <Drawer
        title={`审计记录 #${open?.id ?? ''}`}
        open={open !== undefined}
        onClose={() => setOpen(undefined)}
        size="large"
      >
        {open && (
          <Descriptions
            column={1}
            bordered
            size="small"
            items={[
              { key: 'at', label: '时间（北京）', children: open.at },
              { key: 'operator', label: '操作员', children: `${open.operator}（${open.role}）` },
              { key: 'action', label: '操作', children: `${open.action_label}（${open.action}）` },
              {
                key: 'target',
                label: '对象',
                children:
                  open.target_label === open.target_id
                    ? `${targetTypeLabel(open.target_type)} ${open.target_id}`
                    : `${targetTypeLabel(open.target_type)} ${open.target_label}（${open.target_id}）`,
              },
              { key: 'reason', label: '原因', children: open.reason || '—' },
              { key: 'ip', label: 'IP', children: open.ip },
              { key: 'via', label: '方式', children: viaLabel(open.via) },
            ]}
          />
        )}
        {open && (
          <Flex vertical gap={8} style={{ marginTop: 16 }} component="section" aria-label="变更内容">
            <Typography.Text strong>变更内容</Typography.Text>
            <ChangesTable row={open} />
          </Flex>
        )}
      </Drawer>
    </Card>
  );
}
