import { DownloadOutlined } from '@ant-design/icons';
import { REPORT_COLUMNS, type ReportQuery, reportRow } from '@app/contract/admin/reports';
import { beijingDay } from '@app/contract/time';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Flex, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { useCan } from '@/shared/session/session';
import { notify } from '@/shared/ui/feedback';
import { cellOf } from '@/shared/ui/format';
import { LabelledTable } from '@/shared/ui/labelled-table';
import { exportReport, reportQuery } from '../api';
import { CommissionReport } from '../components/commission-report';
import { BreakdownTables, FigureCards } from '../components/figures';

const TrendChart = lazy(() => import('../components/trend-chart').then((m) => ({ default: m.TrendChart })));

const DAY_MS = 86_400_000;
const daysAgo = (n: number) => beijingDay(new Date(Date.now() - n * DAY_MS));
const PRESETS: { label: string; range: () => ReportQuery }[] = [
  { label: '今天', range: () => ({ from: daysAgo(0), to: daysAgo(0) }) },
  { label: '昨天', range: () => ({ from: daysAgo(1), to: daysAgo(1) }) },
  { label: '近7天', range: () => ({ from: daysAgo(6), to: daysAgo(0) }) },
  { label: '近30天', range: () => ({ from: daysAgo(29), to: daysAgo(0) }) },
];

/** 报表: a range of Beijing days (today unless chosen), its totals, breakdowns, a row a day and the CSV. */
export function ReportsPage() {
  const can = useCan();
  const [range, setRange] = useState<ReportQuery>(() => ({ from: daysAgo(0), to: daysAgo(0) }));
  const query = useQuery(reportQuery(range));
  const [exporting, setExporting] = useState(false);
  const rows = [...(query.data?.days ?? [])]
    .reverse()
    .map((d) => reportRow(d.day, d))
    .concat(query.data ? [reportRow('合计', query.data.total)] : []);
  return (
    <Flex vertical gap={16}>
      <Card
        title="报表"
        extra={
          can('reports.export') && (
            <Button
              icon={<DownloadOutlined />}
              loading={exporting}
              onClick={() => {
                setExporting(true);
                exportReport(range)
                  .catch((e: Error) => notify.error(e.message))
                  .finally(() => setExporting(false));
              }}
            >
              导出 CSV
            </Button>
          )
        }
      >
        <Flex gap={8} wrap align="center" style={{ marginBottom: 16 }}>
          <DatePicker.RangePicker
            allowClear={false}
            value={[dayjs(range.from), dayjs(range.to)]}
            onChange={(v) => {
              if (v?.[0] && v[1])
                setRange({ from: v[0].format('YYYY-MM-DD'), to: v[1].format('YYYY-MM-DD') });
            }}
          />
          {PRESETS.map((p) => (
            <Button key={p.label} onClick={() => setRange(p.range())}>
              {p.label}
            </Button>
          ))}
          <Typography.Text type="secondary">按北京时间自然日统计，数据来自账本与注单记录</Typography.Text>
        </Flex>
        {query.error && <Alert type="error" showIcon title={query.error.message} />}
        {query.isPending && <Spin />}
        {query.data && <FigureCards figures={query.data.total} />}
      </Card>
      {query.data && <BreakdownTables figures={query.data.total} />}
      {query.data && query.data.days.length > 1 && (
        <Card size="small" title="每日趋势">
          <Suspense fallback={<Spin />}>
            <TrendChart days={query.data.days} />
          </Suspense>
        </Card>
      )}
      {query.data && (
        <Card size="small" title="每日明细">
          <LabelledTable
            label="每日明细"
            size="small"
            rowKey="day"
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={rows}
            columns={REPORT_COLUMNS.map((c) => ({
              key: c.key,
              title: c.title,
              dataIndex: c.key,
              align: c.kind === 'money' ? ('right' as const) : undefined,
              render: (v: string | number) => cellOf(c, v, true),
            }))}
          />
        </Card>
      )}
      <CommissionReport />
    </Flex>
  );
}
