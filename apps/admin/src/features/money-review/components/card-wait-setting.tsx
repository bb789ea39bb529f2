import { cardWaitSchema } from '@app/contract/protection';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Form, InputNumber, Space } from 'antd';
import { useState } from 'react';
import { api } from '@/shared/api/client';
import { queryClient } from '@/shared/api/query-client';
import { useCan } from '@/shared/session/session';
import { type ReasonAction, ReasonActionModal } from '@/shared/ui/reason-action';

const cardWaitQuery = queryOptions({
  queryKey: ['settings', 'card-wait'],
  queryFn: () => api(cardWaitSchema, '/settings/card-wait'),
});

async function saveCardWait(hours: number, reason: string): Promise<string> {
  await api(cardWaitSchema, '/settings/card-wait', { method: 'POST', body: { hours, reason } });
  await queryClient.invalidateQueries({ queryKey: cardWaitQuery.queryKey });
  return '已保存';
}

/**
 * How long a newly bound card or USDT address waits before it receives a withdrawal, and
 * (superadmin) its change, a confirmed and audited action.
 */
export function CardWaitSetting() {
  const can = useCan();
  const { data } = useQuery(cardWaitQuery);
  const [editing, setEditing] = useState<ReasonAction<{ hours?: number }>>();
  if (!data) return null;
  const edit = () =>
    setEditing({
      label: '修改新绑定收款账户的取款等待时长',
      description: '修改后立即生效，按每个收款账户的绑定时间计算。',
      row: { hours: data.hours },
      labels: { hours: '等待时长' },
      shown: { hours: (v) => `${v} 小时` },
      fields: (
        <Form.Item name="hours" label="等待时长" rules={[{ required: true, message: '请输入等待时长' }]}>
          <InputNumber min={0} max={720} precision={0} suffix="小时" style={{ width: 200 }} />
        </Form.Item>
      ),
      run: ({ hours, reason }) => saveCardWait(hours ?? data.hours, reason),
    });
  return (
    <>
      <Descriptions
        size="small"
        style={{ marginBottom: 12 }}
        items={[
          {
            key: 'card-wait',
            label: '新收款账户等待',
            children: (
              <Space>
                {data.hours > 0 ? `${data.hours}小时` : '无'}
                （新绑定的银行卡或USDT地址在此时长后方可用于取款）
                {can('settings.site') && (
                  <Button size="small" onClick={edit}>
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
