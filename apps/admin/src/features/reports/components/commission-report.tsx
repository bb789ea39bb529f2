import { COMMISSION_REPORT_COLUMNS } from '@app/contract/admin/agents';
import { beijingDay } from '@app/contract/time';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, DatePicker, Flex, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useCan } from '@/shared/session/session';
import { ExportButton } from '@/shared/ui/export-button';
import { saveCsv } from '@/shared/ui/export-pages';
import { cellOf } from '@/shared/ui/format';
import { LabelledTable } from '@/shared/ui/labelled-table';
import { commissionReportQuery, type MonthRange } from '../api';

/** The last twelve Beijing months, this one included. */
const lastYear = (): MonthRange => {
  const now = dayjs(beijingDay(new Date()));
  return { from: now.subtract(11, 'month').format('YYYY-MM'), to: now.format('YYYY-MM') };
};

/** 每月佣金: the agents' commission paid per Beijing month (from the ledger), a total, and its CSV. */
export function CommissionReport() {
  const can = useCan();
  const [range, setRange] = useState(lastYear);
  const query = useQuery(commissionReportQuery(range));
  const months = [...(query.data ?? [])].reverse();
  const total = {
    month: '合计',
    payouts: months.reduce((n, m) => n + m.payouts, 0),
    amount: months.reduce((n, m) => n + Math.round(m.amount * 100), 0) / 100,
  };
  const rows = [...months, ...(months.length > 0 ? [total] : [])];
  return (
    <Card
      size="small"
      title="每月佣金"
      extra={
        <Flex gap={8} align="center">
          <DatePicker.RangePicker
            picker="month"
            allowClear={false}
            aria-label="佣金月份"
            value={[dayjs(`${range.from}-01`), dayjs(`${range.to}-01`)]}
            onChange={(v) => {
              if (v?.[0] && v[1]) setRange({ from: v[0].format('YYYY-MM'), to: v[1].format('YYYY-MM') });
            }}
          />
          {can('reports.export') && (
            <ExportButton
              run={() => saveCsv(`每月佣金-${range.from}至${range.to}`, COMMISSION_REPORT_COLUMNS, rows)}
            />
          )}
        </Flex>
      }
    >
      {query.isError && <Alert type="error" showIcon title={query.error.message} />}
      <LabelledTable
        label="每月佣金"
        size="small"
        rowKey="month"
        pagination={false}
        loading={query.isPending}
        dataSource={rows}
        locale={{ emptyText: '所选月份没有发放佣金' }}
        columns={COMMISSION_REPORT_COLUMNS.map((c) => ({
          key: c.key,
          title: c.title,
          dataIndex: c.key,
          align: c.kind === 'money' ? ('right' as const) : undefined,
          render: (v: string | number) => cellOf(c, v, true),
        }))}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        按北京时间自然月统计已审核发放的代理佣金，数据来自账本
      </Typography.Paragraph>
    </Card>
  );
}
