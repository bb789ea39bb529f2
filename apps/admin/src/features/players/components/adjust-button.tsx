import { ADJUSTMENT_DIRECTIONS } from '@app/contract/admin/money';
import type { PlayerProfile } from '@app/contract/admin/players';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, InputNumber, Radio } from 'antd';
import { useState } from 'react';
import { reviewSettingsQuery } from '@/shared/api/review-settings';
import { useCan } from '@/shared/session/session';
import { usd } from '@/shared/ui/format';
import { type ReasonAction, ReasonActionModal } from '@/shared/ui/reason-action';
import { adjustBalance } from '../api/player-money';

interface Values {
  direction: 'credit' | 'debit';
  amount: number;
  turnover_multiple: number;
}

/** 人工调账: a credit or debit of the central wallet with its reason; four-eyes above the threshold. */
export function AdjustButton({ player }: { player: PlayerProfile }) {
  const can = useCan();
  const [active, setActive] = useState<ReasonAction<Values>>();
  const settings = useQuery({ ...reviewSettingsQuery, enabled: can('adjustments.request') });
  if (!can('adjustments.request')) return null;
  const threshold = settings.data?.four_eyes_threshold;
  const open = () =>
    setActive({
      label: '人工调账',
      description: `调整玩家 ${player.username} 的中心钱包（当前 ${usd(player.balance)}）。${
        threshold === undefined ? '' : `超过 ${usd(threshold)} 需另一名操作员复核后入账。`
      }`,
      initialValues: { direction: 'credit', turnover_multiple: 1 },
      fields: (
        <>
          <Form.Item name="direction" label="类型" rules={[{ required: true }]}>
            <Radio.Group
              optionType="button"
              options={(['credit', 'debit'] as const).map((value) => ({
                value,
                label: ADJUSTMENT_DIRECTIONS[value],
              }))}
            />
          </Form.Item>
          <Form.Item name="amount" label="金额" rules={[{ required: true, message: '请输入金额' }]}>
            <InputNumber min={0.01} max={1_000_000_000} precision={2} prefix="$" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item
            name="turnover_multiple"
            label="打码倍数（加款时，提款前须完成 金额×倍数 的有效投注）"
            rules={[{ required: true, message: '请输入打码倍数' }]}
          >
            <InputNumber min={0} max={50} precision={2} addonAfter="倍" style={{ width: 200 }} />
          </Form.Item>
        </>
      ),
      run: (values) => adjustBalance(player.id, values),
    });
  return (
    <>
      <Button onClick={open}>人工调账</Button>
      <ReasonActionModal action={active} onClose={() => setActive(undefined)} />
    </>
  );
}
