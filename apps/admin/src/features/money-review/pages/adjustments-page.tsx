import { ADJUSTMENT_COLUMNS } from '@app/contract/admin/money';
import type { Row } from '@app/contract/admin/players';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Form, InputNumber, Segmented, Space, Typography } from 'antd';
import { useState } from 'react';
import { reviewSettingsQuery } from '@/shared/api/review-settings';
import { useCan, useSession } from '@/shared/session/session';
import { DataTable } from '@/shared/ui/data-table';
import { usd } from '@/shared/ui/format';
import { type ReasonAction, ReasonActionModal } from '@/shared/ui/reason-action';
import { decideAdjustment, fetchAdjustments, saveReviewSettings } from '../api';

const STATES = [
  { value: 'pending', label: '待复核' },
  { value: 'applied', label: '已入账' },
  { value: 'rejected', label: '已拒绝' },
  { value: '', label: '全部' },
];

/** The four-eyes amount, and (superadmin) its change, itself a confirmed and audited action. */
function FourEyesSetting() {
  const can = useCan();
  const { data } = useQuery(reviewSettingsQuery);
  const [editing, setEditing] = useState<ReasonAction<{ threshold?: number }>>();
  if (!data) return null;
  return (
    <>
      <Descriptions
        size="small"
        items={[
          {
            key: 'threshold',
            label: '双人复核金额',
            children: (
              <Space>
                {usd(data.four_eyes_threshold)}（超过此金额的取款通过与人工调账需另一名操作员复核）
                {can('settings.review') && (
                  <Button
                    size="small"
                    onClick={() =>
                      setEditing({
                        label: '修改双人复核金额',
                        description: '修改后立即生效，适用于之后的取款审核与人工调账。',
                        row: { threshold: data.four_eyes_threshold },
                        labels: { threshold: '双人复核金额' },
                        shown: { threshold: (v) => usd(Number(v)) },
                        fields: (
                          <Form.Item
                            name="threshold"
                            label="金额"
                            rules={[{ required: true, message: '请输入金额' }]}
                          >
                            <InputNumber min={0} precision={2} prefix="$" style={{ width: 200 }} />
                          </Form.Item>
                        ),
                        run: ({ threshold, reason }) =>
                          saveReviewSettings(threshold ?? data.four_eyes_threshold, reason),
                      })
                    }
                  >
                    修改
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <ReasonActionModal action={editing} onClose={() => setEditing(undefined)} />
    </>
  );
}

function DecideButtons({ row }: { row: Row }) {
  const me = useSession().data?.operator.username;
  const [active, setActive] = useState<ReasonAction>();
  if (row.pending !== 1) return null;
  if (row.requested_by === me) return <Typography.Text type="secondary">待他人复核</Typography.Text>;
  const id = Number(row.id);
  const what = `${row.direction} ${usd(Math.abs(Number(row.amount)))}（玩家 ${row.username}，申请人 ${row.requested_by}，原因：${row.reason}）`;
  const action = (decision: 'approve' | 'reject'): ReasonAction => ({
    label: decision === 'approve' ? '复核通过' : '复核拒绝',
    description: decision === 'approve' ? `通过后立即入账：${what}` : `拒绝该调账申请：${what}`,
    danger: decision === 'reject',
    run: ({ reason }) => decideAdjustment(id, decision, reason),
  });
  return (
    <>
      <Space size={4}>
        <Button size="small" type="primary" onClick={() => setActive(action('approve'))}>
          通过
        </Button>
        <Button size="small" danger onClick={() => setActive(action('reject'))}>
          拒绝
        </Button>
      </Space>
      <ReasonActionModal action={active} onClose={() => setActive(undefined)} />
    </>
  );
}

/** Manual credits and debits: those waiting for a second operator first, and the history. */
export function AdjustmentsPage() {
  const can = useCan();
  const [state, setState] = useState('pending');
  return (
    <Card title="人工调账">
      <FourEyesSetting />
      <DataTable
        label="人工调账"
        key={state}
        queryKey={['adjustments', state]}
        exportName="人工调账"
        columns={ADJUSTMENT_COLUMNS}
        defaultSort="id"
        toolbar={<Segmented options={STATES} value={state} onChange={(v) => setState(String(v))} />}
        fetchPage={(paging) => fetchAdjustments({ state }, paging)}
        rowKey={(row) => String(row.id)}
        extraColumns={
          can('adjustments.approve')
            ? [
                {
                  key: 'decide',
                  title: '操作',
                  fixed: 'right',
                  render: (_: unknown, row) => <DecideButtons row={row} />,
                },
              ]
            : []
        }
      />
    </Card>
  );
}
