import {
  CHANNEL_KINDS,
  DEPOSIT_QUEUE_COLUMNS,
  REVIEW_QUEUES,
  type ReviewQueue,
  reviewQueueQuerySchema,
  WITHDRAWAL_QUEUE_COLUMNS,
} from '@app/contract/admin/money';
import type { Row } from '@app/contract/admin/players';
import { Card, DatePicker, Form, Input, InputNumber, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { DataTable } from '@/shared/ui/data-table';
import { FilterForm } from '@/shared/ui/filter-form';
import { useListQuery } from '@/shared/ui/list-query';
import { type ReasonAction, ReasonActionModal } from '@/shared/ui/reason-action';
import { RowDrawer } from '@/shared/ui/row-drawer';
import { fetchQueue, type QueueFilters } from '../api';
import { CardWaitSetting } from '../components/card-wait-setting';
import { OrderActions } from '../components/order-actions';
import { RiskPanel } from '../components/risk-panel';

const COLUMNS = { deposits: DEPOSIT_QUEUE_COLUMNS, withdrawals: WITHDRAWAL_QUEUE_COLUMNS };
/**
 * What a queue's table shows so that it fits 1440 px with its actions: the columns a decision
 * needs (who holds a withdrawal shows in its actions). Every column is in the order's drawer and the CSV.
 */
const TABLE_KEYS: Record<ReviewQueue, readonly string[]> = {
  deposits: ['order_no', 'username', 'channel', 'amount', 'state', 'claimed_by', 'depositor', 'created_at'],
  withdrawals: ['order_no', 'username', 'amount', 'to', 'state', 'four_eyes', 'created_at'],
};
/**
 * Each queue fits 1440 px however long a row's account or payer is: 'to' (a deposit's 'depositor')
 * takes what is left, the order number shows whole.
 */
const FIT_WIDTHS: Record<ReviewQueue, Readonly<Record<string, number>>> = {
  deposits: {
    order_no: 230,
    username: 110,
    channel: 80,
    amount: 100,
    state: 70,
    claimed_by: 80,
    created_at: 160,
  },
  withdrawals: { order_no: 245, username: 130, amount: 100, state: 80, four_eyes: 80, created_at: 170 },
};
/** Room for the actions of a claimed order (通过, 拒绝, 释放). */
const ACTIONS_WIDTH = 190;
const STATE_OPTIONS = [
  { value: 1, label: '待审核' },
  { value: 2, label: '已通过' },
  { value: 3, label: '已拒绝' },
  { value: 0, label: '全部状态' },
];
const CHANNELS: Record<ReviewQueue, (keyof typeof CHANNEL_KINDS)[]> = {
  deposits: ['usdt', 'bank', 'online'],
  withdrawals: ['usdt', 'bank'],
};

interface FormValues {
  state: number;
  player?: string;
  channel?: QueueFilters['channel'];
  min_amount?: number | null;
  max_amount?: number | null;
  days?: [Dayjs, Dayjs] | null;
}

function filtersOf(v: FormValues): QueueFilters {
  return {
    state: v.state,
    player: v.player?.trim() ?? '',
    channel: v.channel ?? '',
    min_amount: v.min_amount ?? undefined,
    max_amount: v.max_amount ?? undefined,
    from: v.days?.[0].format('YYYY-MM-DD'),
    to: v.days?.[1].format('YYYY-MM-DD'),
  };
}

const valuesOf = (f: QueueFilters): FormValues => ({
  state: f.state,
  player: f.player,
  channel: f.channel || undefined,
  min_amount: f.min_amount ?? null,
  max_amount: f.max_amount ?? null,
  days: f.from && f.to ? [dayjs(f.from), dayjs(f.to)] : null,
});

/**
 * A money review queue (deposits or withdrawals): filters, the paged list with each order's claim,
 * and the order's drawer (a withdrawal's with its risk context) where it is claimed and decided.
 */
export function ReviewQueuePage({ queue }: { queue: ReviewQueue }) {
  const [query, setFilters] = useListQuery(reviewQueueQuerySchema);
  const { state, player, channel, min_amount, max_amount, from, to } = query;
  const filters: QueueFilters = { state, player, channel, min_amount, max_amount, from, to };
  const [open, setOpen] = useState<Row>();
  const [action, setAction] = useState<ReasonAction>();
  const columns = COLUMNS[queue];
  return (
    <Card title={REVIEW_QUEUES[queue]}>
      {queue === 'withdrawals' && <CardWaitSetting />}
      <FilterForm
        label={`${REVIEW_QUEUES[queue]}筛选条件`}
        values={valuesOf(filters)}
        onSearch={(values: FormValues) => setFilters(filtersOf(values))}
        onReset={() => setFilters({})}
      >
        <Form.Item name="state" label="状态">
          <Select options={STATE_OPTIONS} style={{ width: 110 }} />
        </Form.Item>
        <Form.Item name="player" label="玩家">
          <Input placeholder="用户名" allowClear style={{ width: 140 }} maxLength={32} />
        </Form.Item>
        <Form.Item name="channel" label="类型">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 120 }}
            options={CHANNELS[queue].map((value) => ({ value, label: CHANNEL_KINDS[value] }))}
          />
        </Form.Item>
        <Form.Item label="金额">
          <Form.Item name="min_amount" noStyle>
            <InputNumber min={0} precision={2} prefix="$" placeholder="最低" style={{ width: 110 }} />
          </Form.Item>
          <span style={{ margin: '0 6px' }}>-</span>
          <Form.Item name="max_amount" noStyle>
            <InputNumber min={0} precision={2} prefix="$" placeholder="最高" style={{ width: 110 }} />
          </Form.Item>
        </Form.Item>
        <Form.Item name="days" label="日期">
          <DatePicker.RangePicker style={{ width: 240 }} />
        </Form.Item>
      </FilterForm>
      <DataTable
        label={REVIEW_QUEUES[queue]}
        queryKey={['review', queue, filters]}
        exportName={REVIEW_QUEUES[queue]}
        columns={columns}
        shown={TABLE_KEYS[queue]}
        fitWidths={FIT_WIDTHS[queue]}
        defaultSort="created_at"
        fetchPage={(paging) => fetchQueue(queue, filters, paging)}
        rowKey={(row) => String(row.order_no)}
        onRowClick={setOpen}
        extraColumns={[
          {
            key: 'actions',
            title: '操作',
            fixed: 'right',
            width: ACTIONS_WIDTH,
            render: (_: unknown, row) => <OrderActions queue={queue} row={row} ask={setAction} />,
          },
        ]}
      />
      <RowDrawer
        title={`订单 ${open?.order_no ?? ''}`}
        columns={columns}
        row={open}
        onClose={() => setOpen(undefined)}
        lead={open && queue === 'withdrawals' && <RiskPanel orderNo={String(open.order_no)} />}
      />
      <ReasonActionModal action={action} onClose={() => setAction(undefined)} />
    </Card>
  );
}

export const DepositReviewPage = () => <ReviewQueuePage queue="deposits" />;
export const WithdrawalReviewPage = () => <ReviewQueuePage queue="withdrawals" />;
